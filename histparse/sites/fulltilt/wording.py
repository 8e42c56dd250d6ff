"""Full Tilt's words for the neutral vocabulary, as two-way tables read by the lexer and the
writer alike (so what is read is exactly what can be written back)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, TypeVar

from histparse.events import Position, SeatOutcome, Section, StatusKind
from histparse.ranking import describe_rank
from histparse.sites.profile import Wording

__all__ = [
    "ARCHIVE_OUTCOMES",
    "CLIENT_OUTCOMES",
    "MARKERS",
    "MARKER_SECTION",
    "POSITIONS",
    "SECTIONS",
    "STATUSES",
    "STATUS_OF",
    "WORDS",
    "describe",
]

K = TypeVar("K")
V = TypeVar("V")


def _inverse(table: Mapping[K, V]) -> Mapping[V, K]:
    inverse = {v: k for k, v in table.items()}
    assert len(inverse) == len(table), "a wording table must be one-to-one"
    return MappingProxyType(inverse)


SECTIONS: Final[Mapping[Section, str]] = MappingProxyType(
    {
        Section.DEALING_HANDS: "HOLE CARDS",
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
# 2-7 Single Draw's one draw: "*** DRAW *** (Pot: $2.05)" (the FIRST_DRAW section).
SINGLE_DRAW_MARKER: Final = "*** DRAW ***"

# Status lines: the text after the player's name.
STATUSES: Final[Mapping[StatusKind, str]] = MappingProxyType(
    {
        StatusKind.IS_SITTING_OUT: "is sitting out",
        StatusKind.RETURNED: "has returned",
        StatusKind.DISCONNECTED: "has been disconnected",
        StatusKind.RECONNECTED: "has reconnected",
        StatusKind.SITS_DOWN: "sits down",
        StatusKind.STANDS_UP: "stands up",
        StatusKind.REQUESTED_TIME: "has requested TIME",
    }
)
STATUS_OF: Final = _inverse(STATUSES)

POSITIONS: Final[Mapping[Position, str]] = MappingProxyType(
    {
        Position.BUTTON: "button",
        Position.SMALL_BLIND: "small blind",
        Position.BIG_BLIND: "big blind",
    }
)

# Summary outcomes without amounts or cards, by dialect (the archive export words some
# differently: FORMATS-SITES §1.3). ``didn't bet`` forms are read in lines.py.
CLIENT_OUTCOMES: Final[Mapping[SeatOutcome, str]] = MappingProxyType(
    {
        SeatOutcome.FOLDED_BEFORE_DRAW: "folded before the Draw",
        SeatOutcome.FOLDED_AFTER_DRAW: "folded after the Draw",
        SeatOutcome.FOLDED_AFTER_1ST_DRAW: "folded after the 1st Draw",
        SeatOutcome.FOLDED_AFTER_2ND_DRAW: "folded after the 2nd Draw",
        SeatOutcome.FOLDED_AFTER_3RD_DRAW: "folded after the 3rd Draw",
        SeatOutcome.SITTING_OUT: "is sitting out",
    }
)
ARCHIVE_OUTCOMES: Final[Mapping[SeatOutcome, str]] = MappingProxyType(
    {**CLIENT_OUTCOMES, SeatOutcome.FOLDED_BEFORE_DRAW: "folded before the draw"}
)
CLIENT_DIDNT_BET: Final = "folded before the Draw (didn't bet)"
ARCHIVE_DIDNT_BET: Final = "didn't bet (folded)"


def describe(rank: int) -> str:
    """A 2-7 hand as Full Tilt words it: ``7,6,4,3,2``, ``a pair of Sevens`` (no ``Lo:``),
    ``a pair of Twos``, ``a straight, Seven high``. The real files show no two pair or better:
    those keep the PokerStars wording (an assumption, docs/findings.md)."""
    # Full Tilt says "Twos" where PokerStars says "Deuces" ("a pair of Twos": 10-Game, STT).
    text = describe_rank(rank, prefix="").replace("Deuces", "Twos")
    if text.startswith("a straight, "):
        return f"a straight, {text.rpartition(' to ')[2]} high"
    return text


_ALL_OUTCOMES: Final[Mapping[SeatOutcome, str]] = MappingProxyType(
    {
        **CLIENT_OUTCOMES,
        SeatOutcome.SHOWED_WON: "showed and won",
        SeatOutcome.SHOWED_LOST: "showed and lost",
        SeatOutcome.MUCKED: "mucked",
        SeatOutcome.COLLECTED: "collected",
    }
)

WORDS: Final = Wording(
    sections=SECTIONS,
    markers=MARKERS,
    outcomes=_ALL_OUTCOMES,
    positions=POSITIONS,
    statuses=STATUSES,
    describe=describe,
)
"""These tables as the profile's ``Wording``, for the messages that quote Full Tilt."""
