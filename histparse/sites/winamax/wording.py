"""Winamax's words for the neutral vocabulary, as two-way tables read by the reader and the
writer alike (so what is read is exactly what can be written back)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from histparse.events import Position, Section
from histparse.ranking import HandCategory, category_of_rank, describe_rank
from histparse.sites.profile import NEUTRAL_WORDS, Wording

__all__ = [
    "BET_MARKERS",
    "BLINDS_MARKER",
    "MARKERS",
    "MARKER_SECTION",
    "POSITIONS",
    "POSITION_OF",
    "WORDS",
    "describe",
]

SECTIONS: Final[Mapping[Section, str]] = MappingProxyType(
    {
        Section.DEALING_HANDS: "FIRST-BET",
        Section.FIRST_DRAW: "FIRST-DRAW",
        Section.SECOND_DRAW: "SECOND-DRAW",
        Section.THIRD_DRAW: "THIRD-DRAW",
        Section.SHOW_DOWN: "SHOW DOWN",
        Section.SUMMARY: "SUMMARY",
    }
)
MARKERS: Final[Mapping[Section, str]] = MappingProxyType(
    {s: f"*** {text} ***" for s, text in SECTIONS.items()}
)
MARKER_SECTION: Final = MappingProxyType({v: k for k, v in MARKERS.items()})
BLINDS_MARKER: Final = "*** ANTE/BLINDS ***"
# The betting round after draw N opens with BET_MARKERS[N - 1] (no event: the layout keeps it).
BET_MARKERS: Final = ("*** SECOND-BET ***", "*** THIRD-BET ***", "*** FOURTH-BET ***")

POSITIONS: Final[Mapping[Position, str]] = MappingProxyType(
    {
        Position.BUTTON: "button",
        Position.SMALL_BLIND: "small blind",
        Position.BIG_BLIND: "big blind",
    }
)
POSITION_OF: Final = MappingProxyType({f"({v})": k for k, v in POSITIONS.items()})

_RANK_WORDS: Final = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "T": "10"}


def describe(rank: int) -> str:
    """A 2-7 hand as Winamax words it: ``High card : King``. Only high-card hands are in the
    real files; paired and better hands keep the neutral wording (docs/findings.md)."""
    text = describe_rank(rank, prefix="")
    if category_of_rank(rank) is HandCategory.NO_PAIR:
        top = text.partition(",")[0]
        return f"High card : {_RANK_WORDS.get(top, top)}"
    return text


WORDS: Final = Wording(
    sections=SECTIONS,
    markers=MARKERS,
    outcomes=NEUTRAL_WORDS.outcomes,
    positions=POSITIONS,
    statuses=NEUTRAL_WORDS.statuses,
    describe=describe,
)
