"""PokerStars' words for the neutral vocabulary, as two-way tables read by the lexer and the
writer alike, so what is read is exactly what can be written back.

A member added to a neutral enum for another site is not in these tables, so PokerStars'
reading never widens by accident.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from types import MappingProxyType
from typing import Final, TypeVar

from histparse.events import Position, SeatOutcome, Section, StatusKind
from histparse.game import Game, LimitType, PostKind
from histparse.numerals import from_roman, ordinal, ordinal_suffix, to_roman
from histparse.ranking import describe_rank
from histparse.sites.profile import Wording

__all__ = [
    "GAMES",
    "GAME_OF",
    "LIMITS",
    "MARKERS",
    "MARKER_SECTION",
    "OUTCOMES",
    "POSITIONS",
    "POSTS",
    "POST_OF",
    "SECTIONS",
    "STATUSES",
    "WORDS",
    "from_roman",
    "ordinal",
    "ordinal_suffix",
    "to_roman",
]

K = TypeVar("K")
V = TypeVar("V")


def _inverse(table: Mapping[K, V]) -> Mapping[V, K]:
    inverse = {v: k for k, v in table.items()}
    assert len(inverse) == len(table), "a wording table must be one-to-one"
    return MappingProxyType(inverse)


# The text between the stars of a marker line.
SECTIONS: Final[Mapping[Section, str]] = MappingProxyType(
    {
        Section.DEALING_HANDS: "DEALING HANDS",
        Section.FIRST_DRAW: "FIRST DRAW",
        Section.SECOND_DRAW: "SECOND DRAW",
        Section.THIRD_DRAW: "THIRD DRAW",
        Section.SHOW_DOWN: "SHOW DOWN",
        Section.SUMMARY: "SUMMARY",
    }
)
MARKERS: Final[Mapping[Section, str]] = MappingProxyType(
    {s: f"*** {text} ***" for s, text in SECTIONS.items()}
)
MARKER_SECTION: Final = _inverse(MARKERS)

# Status lines: the text after the player's name. ``JOINS`` carries the seat.
STATUSES: Final[Mapping[StatusKind, str]] = MappingProxyType(
    {
        StatusKind.JOINS: "joins the table at seat #{seat}",
        StatusKind.LEAVES: "leaves the table",
        StatusKind.TIMED_OUT: "has timed out",
        StatusKind.TIMED_OUT_DISCONNECTED: "has timed out while disconnected",
        StatusKind.IS_SITTING_OUT: "is sitting out",
        StatusKind.SITS_OUT: "sits out",
        StatusKind.RETURNED: "has returned",
        StatusKind.CONNECTED: "is connected",
        StatusKind.DISCONNECTED: "is disconnected",
        StatusKind.REMOVED: "was removed from the table for failing to post",
        StatusKind.ALLOWED_AFTER_BUTTON: "will be allowed to play after the button",
    }
)

# Position tags of a summary seat line, inside parentheses.
POSITIONS: Final[Mapping[Position, str]] = MappingProxyType(
    {
        Position.BUTTON: "button",
        Position.SMALL_BLIND: "small blind",
        Position.BIG_BLIND: "big blind",
    }
)

# How a summary seat line says the hand ended, after the name and tags.
OUTCOMES: Final[Mapping[SeatOutcome, str]] = MappingProxyType(
    {
        SeatOutcome.FOLDED_BEFORE_DRAW: "folded before the Draw",
        SeatOutcome.FOLDED_BEFORE_FLOP: "folded before Flop",
        SeatOutcome.FOLDED_AFTER_DRAW: "folded after the Draw",
        SeatOutcome.FOLDED_AFTER_1ST_DRAW: "folded after the 1st Draw",
        SeatOutcome.FOLDED_AFTER_2ND_DRAW: "folded after the 2nd Draw",
        SeatOutcome.FOLDED_AFTER_3RD_DRAW: "folded after the 3rd Draw",
        SeatOutcome.SHOWED_WON: "showed and won",
        SeatOutcome.SHOWED_LOST: "showed and lost",
        SeatOutcome.MUCKED: "mucked",
        SeatOutcome.COLLECTED: "collected",
    }
)

# The games of the header's game part (only these two are parsed in full; every other header
# is counted as unsupported), and its limit words.
GAMES: Final[Mapping[Game, str]] = MappingProxyType(
    {
        Game.TRIPLE_DRAW_27: "Triple Draw 2-7 Lowball",
        Game.SINGLE_DRAW_27: "Single Draw 2-7 Lowball",
    }
)
GAME_OF: Final = _inverse(GAMES)
LIMITS: Final[Mapping[LimitType, str]] = MappingProxyType(
    {LimitType.NO_LIMIT: "No Limit", LimitType.POT: "Pot Limit", LimitType.FIXED: "Limit"}
)

# "X: posts <words> $1": every post PokerStars prints.
POSTS: Final[Mapping[PostKind, str]] = MappingProxyType(
    {
        PostKind.SMALL_BLIND: "small blind",
        PostKind.BIG_BLIND: "big blind",
        PostKind.ANTE: "the ante",
        PostKind.SMALL_AND_BIG_BLIND: "small & big blinds",
    }
)
POST_OF: Final = _inverse(POSTS)

WORDS: Final = Wording(
    sections=SECTIONS,
    markers=MARKERS,
    outcomes=OUTCOMES,
    positions=POSITIONS,
    statuses=STATUSES,
    # "Lo: 8,6,4,3,2", "Lo: a pair of Kings": PokerStars puts "Lo: " before the 2-7 wording.
    describe=partial(describe_rank, prefix="Lo: "),
)
"""These tables as the profile's ``Wording``, for the messages that quote PokerStars."""
