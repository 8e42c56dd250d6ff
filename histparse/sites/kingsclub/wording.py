"""Kings Club's words for the neutral vocabulary, shared by the reader and the writer."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from histparse.events import Position, Section
from histparse.ranking import describe_rank
from histparse.sites.profile import NEUTRAL_WORDS, Wording

__all__ = ["BET_MARKERS", "FIRST_ROUND", "MARKERS", "MARKER_SECTION", "WORDS"]

SECTIONS: Final[Mapping[Section, str]] = MappingProxyType(
    {
        Section.DEALING_HANDS: "1ST BETTING ROUND",
        Section.FIRST_DRAW: "1ST DRAW",
        Section.SECOND_DRAW: "2ND DRAW",
        Section.THIRD_DRAW: "3RD DRAW",
        Section.SHOW_DOWN: "SHOW DOWN",  # never printed: Kings Club has no showdown marker
        Section.SUMMARY: "SUMMARY",
    }
)
MARKERS: Final[Mapping[Section, str]] = MappingProxyType(
    {s: f"*** {text} ***" for s, text in SECTIONS.items()}
)
MARKER_SECTION: Final = MappingProxyType(
    {
        MARKERS[s]: s
        for s in (Section.FIRST_DRAW, Section.SECOND_DRAW, Section.THIRD_DRAW, Section.SUMMARY)
    }
)
# Antes, blinds, the deal and the first betting round sit under this line (no event).
FIRST_ROUND: Final = "*** 1ST BETTING ROUND ***"
# The betting round after draw N opens with BET_MARKERS[N - 1] (no event: the layout keeps it).
BET_MARKERS: Final = (
    "*** 2ND BETTING ROUND ***",
    "*** 3RD BETTING ROUND ***",
    "*** 4TH BETTING ROUND ***",
)

WORDS: Final = Wording(
    sections=SECTIONS,
    markers=MARKERS,
    outcomes=NEUTRAL_WORDS.outcomes,
    positions=MappingProxyType(
        {
            Position.BUTTON: "button",
            Position.SMALL_BLIND: "small blind",
            Position.BIG_BLIND: "big blind",
        }
    ),
    statuses=NEUTRAL_WORDS.statuses,
    # Kings Club's shows lines carry no description.
    describe=lambda rank: describe_rank(rank, prefix=""),
)
