"""Merge's names for the neutral vocabulary: its round ids, for messages and views."""

from __future__ import annotations

from functools import partial
from types import MappingProxyType
from typing import Final

from histparse.events import Section
from histparse.ranking import describe_rank
from histparse.sites.profile import NEUTRAL_WORDS, Wording

__all__ = ["WORDS"]

_ROUNDS: Final = {
    Section.DEALING_HANDS: "PRE_FIRST_DRAW",
    Section.FIRST_DRAW: "FIRST_DRAW",
    Section.SECOND_DRAW: "SECOND_DRAW",
    Section.THIRD_DRAW: "THIRD_DRAW",
    Section.SHOW_DOWN: "SHOWDOWN",
    Section.SUMMARY: "END_OF_GAME",
}

WORDS: Final = Wording(
    sections=MappingProxyType(_ROUNDS),
    markers=MappingProxyType({s: f'<round id="{r}">' for s, r in _ROUNDS.items()}),
    outcomes=NEUTRAL_WORDS.outcomes,
    positions=NEUTRAL_WORDS.positions,
    statuses=NEUTRAL_WORDS.statuses,
    describe=partial(describe_rank, prefix=""),
)
