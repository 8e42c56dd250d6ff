"""Exact probabilities of a fair deal, as the hero sees it: the five dealt cards, the starting
hand classes, and what a draw makes.

Cards are ``histparse.cards.Card`` (rank index 0 for a deuce up to 12 for an ace, ``rank * 4 +
suit``). Every number here is a count of equally likely deals divided by their total, as
``fractions.Fraction`` where it is cheap and ``float`` for the per-draw probabilities that the
tests only sum.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Final

from histparse.cards import Card
from histparse.ranking import HandCategory, category_of_rank, rank_cards

__all__ = [
    "CLASSES",
    "CLASS_COUNTS",
    "CLASS_PROBABILITY",
    "HIGH_RANKS",
    "LOW_RANKS",
    "MADE_TARGETS",
    "hand_class",
    "made",
    "made_probability",
]

LOW_RANKS: Final = frozenset(range(0, 6))
"""Ranks 2 to 7: a "low" card, the cards a 2-7 hand wants."""
HIGH_RANKS: Final = frozenset(range(8, 13))
"""Ranks T to A: a "high" card."""
MADE_TARGETS: Final = (5, 6, 7)
"""The made hands the draw test counts: a 7-low, an 8-low, a 9-low or better (rank index of
the top card)."""

_TOP_NAMES = "23456789TJQKA"

CLASSES: Final[tuple[str, ...]] = (
    "7-low",
    "8-low",
    "9-low",
    "T-low",
    "J-low",
    "Q-low",
    "K-low",
    "A-high",
    "pair",
    "two pair",
    "trips",
    "straight",
    "flush",
    "full house",
    "quads",
    "straight flush",
)
"""Starting-hand classes, best first in 2-7 terms: a no-pair hand by its top card (the ace is
high; 6-low does not exist, 2-3-4-5-6 being a straight), then the made high hands."""

_CATEGORY_CLASS: Final = {
    HandCategory.ONE_PAIR: "pair",
    HandCategory.TWO_PAIR: "two pair",
    HandCategory.THREE_OF_A_KIND: "trips",
    HandCategory.STRAIGHT: "straight",
    HandCategory.FLUSH: "flush",
    HandCategory.FULL_HOUSE: "full house",
    HandCategory.FOUR_OF_A_KIND: "quads",
    HandCategory.STRAIGHT_FLUSH: "straight flush",
}


def hand_class(cards: Sequence[Card]) -> str:
    """The starting-hand class of five distinct cards (one of ``CLASSES``)."""
    c0, c1, c2, c3, c4 = cards
    cat = category_of_rank(rank_cards(c0, c1, c2, c3, c4))
    if cat is HandCategory.NO_PAIR:
        top = max(c0, c1, c2, c3, c4) >> 2
        return f"{_TOP_NAMES[top]}-{'high' if top == 12 else 'low'}"
    return _CATEGORY_CLASS[cat]


def _is_straight(ranks: Collection[int]) -> bool:
    """Five distinct ranks in a row (2-7: the ace is high only, A-2-3-4-5 is no straight)."""
    return len(ranks) == 5 and max(ranks) - min(ranks) == 4


def _class_counts() -> dict[str, int]:
    """How many of the C(52, 5) deals fall in each class, counted by rank pattern."""
    counts = dict.fromkeys(CLASSES, 0)
    for ranks in combinations(range(13), 5):
        # Five distinct ranks: 4**5 suit choices, 4 of them flushes.
        straight = _is_straight(ranks)
        if straight:
            counts["straight"] += 4**5 - 4
            counts["straight flush"] += 4
        else:
            counts["flush"] += 4
            top = ranks[-1]
            counts[f"{_TOP_NAMES[top]}-{'high' if top == 12 else 'low'}"] += 4**5 - 4
    counts["pair"] = 13 * comb(12, 3) * comb(4, 2) * 4**3
    counts["two pair"] = comb(13, 2) * 11 * comb(4, 2) ** 2 * 4
    counts["trips"] = 13 * comb(12, 2) * comb(4, 3) * 4**2
    counts["full house"] = 13 * 12 * comb(4, 3) * comb(4, 2)
    counts["quads"] = 13 * 12 * 4
    # No-pair hands topped by a 2..6 cannot exist outside a straight.
    return {name: counts[name] for name in CLASSES}


CLASS_COUNTS: Final[dict[str, int]] = _class_counts()
"""Deals of five cards in each class: 7-low 4,080, 8-low 14,280, 9-low 34,680, ... (they sum
to C(52, 5) = 2,598,960)."""
CLASS_PROBABILITY: Final[dict[str, Fraction]] = {
    name: Fraction(n, comb(52, 5)) for name, n in CLASS_COUNTS.items()
}


def made(cards: Sequence[Card], target: int) -> bool:
    """Whether five cards are a no-pair, no-straight, no-flush hand topped by rank ``target``
    or lower (``target`` 5: a 7-low or better)."""
    ranks = {c >> 2 for c in cards}
    if len(ranks) != 5 or max(ranks) > target or _is_straight(ranks):
        return False
    return len({c & 3 for c in cards}) > 1


def made_probability(
    kept: Sequence[Card], unseen: Collection[Card], count: int, target: int
) -> float:
    """The chance that drawing ``count`` cards uniformly from ``unseen`` to ``kept`` makes a
    hand topped by ``target`` or better (see ``made``): exact, counted by rank pattern."""
    m = len(unseen)
    if count < 1 or count > m or len(kept) + count != 5:
        return 0.0
    kept_ranks = {c >> 2 for c in kept}
    if len(kept_ranks) != len(kept) or (kept_ranks and max(kept_ranks) > target):
        return 0.0
    per_rank = [0] * 13
    for c in unseen:
        per_rank[c >> 2] += 1
    suits = {c & 3 for c in kept}
    flush_suit = next(iter(suits)) if len(suits) == 1 else None
    unseen_set: Collection[int] = unseen if isinstance(unseen, (set, frozenset)) else set(unseen)
    allowed = [r for r in range(target + 1) if r not in kept_ranks and per_rank[r]]
    ways = 0
    for drawn in combinations(allowed, count):
        ranks = kept_ranks.union(drawn)
        if _is_straight(ranks):
            continue
        w = 1
        for r in drawn:
            w *= per_rank[r]
        if kept:
            if flush_suit is not None:
                flush = 1
                for r in drawn:
                    if r * 4 + flush_suit not in unseen_set:
                        flush = 0
                        break
                w -= flush
        else:  # drawing five: any suit can flush
            for s in range(4):
                flush = 1
                for r in drawn:
                    if r * 4 + s not in unseen_set:
                        flush = 0
                        break
                w -= flush
        ways += w
    return ways / comb(m, count)
