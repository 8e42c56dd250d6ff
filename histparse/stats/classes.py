"""Classes of a hand shown at showdown: 7-low ... Q-low or worse, and paired or worse."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from histparse.cards import Card
from histparse.ranking import HandCategory, category_of_rank, rank_or_none

__all__ = ["ShowdownClass", "class_of_rank", "showdown_class"]


class ShowdownClass(StrEnum):
    """A showdown hand's class, best first. ``PAIRED`` is every hand that is not a no-pair hand
    (pairs, trips, straights, flushes...: all worse than any no-pair hand in 2-7, R-RANK-3)."""

    LOW_7 = "7-low"
    LOW_8 = "8-low"
    LOW_9 = "9-low"
    LOW_T = "T-low"
    LOW_J = "J-low"
    LOW_Q_OR_WORSE = "Q-low or worse"
    PAIRED = "paired or worse"


# Highest card's rank index (2 is 0) of a no-pair hand -> class; Q, K and A share the last one.
_BY_TOP = {
    5: ShowdownClass.LOW_7,
    6: ShowdownClass.LOW_8,
    7: ShowdownClass.LOW_9,
    8: ShowdownClass.LOW_T,
    9: ShowdownClass.LOW_J,
}


def showdown_class(cards: Sequence[Card]) -> ShowdownClass | None:
    """The class of five cards, or None if they are not one valid five-card hand (a site bug such
    as the 10-card ``Dealt to`` line must not stop the statistics)."""
    rank = rank_or_none(cards)
    return None if rank is None else class_of_rank(rank, cards)


def class_of_rank(rank: int, cards: Sequence[Card]) -> ShowdownClass:
    """The class of five valid cards whose rank number (``rank_or_none``) is known already."""
    if category_of_rank(rank) is not HandCategory.NO_PAIR:
        return ShowdownClass.PAIRED
    return _BY_TOP.get(max(c >> 2 for c in cards), ShowdownClass.LOW_Q_OR_WORSE)
