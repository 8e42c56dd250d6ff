"""Starting hands and opening ranges: how good five dealt cards are before the first draw, as
the share of all starting hands at least as good, and how wide a bot plays from each seat.

A triple-draw regular thinks in classes (pat 7s and 8s, one-card draws to a 7 or an 8, smooth
two-card draws to a 7 with a deuce, ...) and opens more of them the fewer players are left to
act. ``start_value`` scores a hand by what it keeps (made hands by their top cards, draws by
the number of cards needed and how low the kept cards are, a deuce being worth most);
``start_share`` turns the score into the share of starting hands that score at least as much
(measured once on a million random deals: the table below), which the ranges are written in.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from typing import Final

from histparse.cards import Card

__all__ = ["OPEN_SHARE", "open_share", "start_share", "start_value"]

_NINE: Final = 7  # rank index of a nine (deuce is 0)

# Made no-pair hands by top card (rank index 5 = seven ... 9 = jack).
_PAT: Final = {5: 0.96, 6: 0.86, 7: 0.66, 8: 0.52, 9: 0.36}
# One-, two- and three-card draws by the top kept card (seven, eight, nine).
_DRAW: Final = {
    1: {5: 0.80, 6: 0.66, 7: 0.44},
    2: {5: 0.52, 6: 0.38, 7: 0.24},
    3: {5: 0.26, 6: 0.18, 7: 0.10},
}

# The share of starting hands scoring at least 1.00, 0.98, 0.96, ... 0.00 (a step of _STEP);
# measured with ``_measure`` on 1,000,000 random deals (seed 1).
_STEP: Final = 0.02
_SHARES: Final = (
    0.0, 0.0, 0.0004, 0.0015, 0.0015, 0.0015, 0.0015, 0.0019,
    0.0035, 0.0253, 0.0352, 0.0352, 0.0352, 0.0352, 0.0352, 0.0352,
    0.0528, 0.0716, 0.0732, 0.0771, 0.0845, 0.0845, 0.1451, 0.1986,
    0.2193, 0.2208, 0.2247, 0.2724, 0.3086, 0.3288, 0.3622, 0.4094,
    0.4098, 0.4114, 0.4153, 0.4926, 0.6341, 0.6859, 0.7668, 0.778,
    0.8111, 0.8332, 0.8332, 0.8443, 0.8774, 0.9105, 0.9105, 0.9105,
    0.9105, 0.9941, 1.0,
)  # fmt: skip


def _made(ranks: list[int], cards: tuple[Card, ...]) -> bool:
    if len(set(ranks)) != 5 or max(ranks) - min(ranks) == 4:
        return False
    return len({c & 3 for c in cards}) > 1


def start_value(cards: tuple[Card, ...]) -> float:
    """A score in [0, 1] of five dealt cards: made hands by their top two cards, draws by the
    cards needed, the top kept card and a deuce among them."""
    ranks = [c >> 2 for c in cards]
    if _made(ranks, cards):
        order = sorted(ranks, reverse=True)
        top = order[0]
        if top in _PAT:
            # A smooth made hand (low second card) beats a rough one of the same top card.
            return _PAT[top] - 0.015 * max(order[1] - 3, 0)
    low = sorted({r for r in ranks if r <= _NINE})
    kept = low[:4]
    need = 5 - len(kept)
    if need > 3:
        return 0.02 if kept else 0.0
    top = kept[-1]
    if top < 5:
        top = 5
    score = _DRAW[need][top]
    if kept[0] == 0:
        score += 0.03  # a deuce: the card every 2-7 low needs
    if need > 1 and len(kept) > 1 and kept[-2] <= 3:
        score += 0.02  # smooth: the second card is a five or lower
    return min(score, 0.99)


def start_share(cards: tuple[Card, ...]) -> float:
    """The share of starting hands at least as good as ``cards`` (0: the best, 1: the worst)."""
    # The grid point at or just below the score: a share a little wide, never narrow.
    k = math.ceil((1.0 - start_value(cards)) / _STEP - 1e-9)
    return _SHARES[min(max(k, 0), len(_SHARES) - 1)]


# The share of hands a regular raises first in, by the players left to act behind (the blinds
# included): 5 is UTG at six-handed, 1 the small blind. Earlier seats of full tables open less.
OPEN_SHARE: Final = {1: 0.4, 2: 0.38, 3: 0.28, 4: 0.22, 5: 0.18}


def open_share(behind: int) -> float:
    """The opening range (a share of starting hands) with ``behind`` players left to act."""
    if behind <= 0:
        return 0.0
    return OPEN_SHARE.get(behind, 0.13)


def _measure(deals: int = 1_000_000, seed: int = 1) -> list[tuple[float, float]]:
    """Recompute ``_SHARES`` (run by hand when ``start_value`` changes)."""
    import random

    from histparse.cards import DECK

    rng = random.Random(seed)
    neg = sorted(-start_value(tuple(rng.sample(DECK, 5))) for _ in range(deals))
    out = []
    for k in range(51):
        s = round(1.0 - 0.02 * k, 2)
        out.append((s, round(bisect_left(neg, -s + 1e-9) / deals, 4)))
    return out
