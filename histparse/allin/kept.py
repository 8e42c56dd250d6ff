"""What a player seen only at the showdown kept at the all-in: the posterior weight of each
subset of its shown hand.

The player drew after the all-in, so the cards it held then are unknown; its shown final hand
``H`` holds the ones it kept (a subset ``S`` of the size it must have kept) and the ones it
drew. Every subset of ``H`` equally likely would use the outcome: ``H`` holds the lucky cards
drawn after the all-in, and a subset holding a drawn brick (a king kept to a one-card draw)
is a hand the player would never have kept. The model instead: the player's hand at the
all-in was ``S`` plus ``5 - |S|`` cards ``D`` from the cards unseen then, every such hand
equally likely a priori, and it drew at the next draw by ``DEFAULT_POLICY``. Then

    P(S | H) ∝ #{D : the policy, on S + D with the draws left, draws the number of cards the
                     player drew and keeps every card of S}

(the cards it was served after, ``H - S``, are equally likely whichever ``S`` it kept: the
same number of cards from the same stub). With one draw left that is exactly the posterior;
with more, the later draws' own evidence (that what it kept besides ``S`` was thrown again) is
not weighed. The count is exact up to ``MAX_DISCARD_SETS`` sets ``D`` and estimated from that
many seeded random ones beyond (the same ones for every ``S``).
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from histparse.cards import Card
from histparse.equity import DEFAULT_POLICY, Policy
from histparse.equity.evaluator import evaluate
from histparse.equity.policy import keep_mask

__all__ = ["MAX_DISCARD_SETS", "KeptHands", "kept_hands"]

MAX_DISCARD_SETS: Final = 800
"""Sets ``D`` counted per subset; a sample of this many beyond (a weight's relative error
is then a few percent, which moves an equity far less than its Monte Carlo error)."""


def _discard_sets(unseen: Sequence[Card], size: int, rng: random.Random) -> npt.NDArray[np.int8]:
    """Every ``size``-card set of ``unseen``, or ``MAX_DISCARD_SETS`` random ones (seeded from
    ``rng``), one a row."""
    if math.comb(len(unseen), size) <= MAX_DISCARD_SETS:
        sets = list(itertools.combinations(unseen, size))
        return np.array(sets, dtype=np.int8).reshape(len(sets), size)
    # A random order of the pool per row, its first cards: a uniform set.
    noise = np.random.default_rng(rng.getrandbits(64)).random((MAX_DISCARD_SETS, len(unseen)))
    picks = np.argpartition(noise, size, axis=1)[:, :size]
    return np.array(unseen, dtype=np.int8)[picks]


def _fitting(
    subsets: Sequence[tuple[Card, ...]],
    shown: Sequence[Card],
    later: bool,
    first_draw: int,
    draws_left: int,
    unseen: Sequence[Card],
    rng: random.Random,
    policy: Policy,
) -> list[tuple[npt.NDArray[np.int8], npt.NDArray[np.bool_]]]:
    """Per subset, the hands ``subset + D`` (``D`` from ``unseen``: every set, or a sample of
    ``MAX_DISCARD_SETS``, the same for every subset) on which ``policy`` draws ``first_draw``
    cards and keeps every card of the subset: the hands (sorted) and what the policy keeps."""
    if not subsets:
        return []
    size = 5 - len(subsets[0])
    pool = sorted(unseen)
    if len(pool) < size:
        empty = (np.zeros((0, 5), dtype=np.int8), np.zeros((0, 5), dtype=np.bool_))
        return [empty for _ in subsets]
    discards = _discard_sets(pool, size, rng)
    shown_ranks = {c >> 2 for c in shown}
    may_go = np.array(
        [r in shown_ranks or sum(1 for s in shown_ranks if s < r) >= 4 for r in range(13)]
    )
    n = len(discards)
    found = []
    for subset in subsets:
        kept_part = np.broadcast_to(np.array(subset, dtype=np.int8), (n, len(subset)))
        hands = np.sort(np.concatenate([kept_part, discards], axis=1), axis=1)
        keep = keep_mask(policy, hands, evaluate(hands), draws_left, 0)
        in_subset = np.isin(hands, np.array(subset, dtype=np.int8))
        fits = (keep.sum(axis=1) == 5 - first_draw) & (keep | ~in_subset).all(axis=1)
        if later:
            # A card kept now but not shown was thrown at a later draw: the policy throws a
            # kept card only for four lower ranks or when it pairs.
            thrown_later = keep & ~in_subset
            fits &= (may_go[hands >> 2] | ~thrown_later).all(axis=1)
        found.append((hands[fits], keep[fits]))
    return found


class KeptHands:
    """The player's possible hands at the all-in that keep one subset of its shown hand, each
    equally likely under the model (the module); ``pick`` draws one as (kept at the next draw,
    thrown)."""

    def __init__(self, hands: npt.NDArray[np.int8], keep: npt.NDArray[np.bool_]) -> None:
        self.hands = hands
        self.keep = keep

    def __len__(self) -> int:
        return int(self.hands.shape[0])

    def pick(self, rng: random.Random) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """One of the hands, uniformly, as (kept, thrown)."""
        i = rng.randrange(len(self))
        hand, keep = self.hands[i].tolist(), self.keep[i].tolist()
        kept = tuple(Card(c) for c, k in zip(hand, keep, strict=True) if k)
        return kept, tuple(Card(c) for c, k in zip(hand, keep, strict=True) if not k)


def kept_hands(
    subsets: Sequence[tuple[Card, ...]],
    shown: Sequence[Card],
    draws: Sequence[int],
    draws_left: int,
    unseen: Sequence[Card],
    rng: random.Random,
    policy: Policy = DEFAULT_POLICY,
) -> list[tuple[float, KeptHands]]:
    """Per subset (``subsets``: the candidate kept cards, all of one size, from the shown
    hand), its posterior weight (not normalised) and the player's possible hands at the
    all-in that keep it: every ``subset + D`` (``D`` from ``unseen``) on which ``policy``
    with ``draws_left`` draws left draws ``first_draw`` cards and keeps the whole subset.
    The weight is the share of the sets ``D`` that fit; all 0 when the policy explains none."""
    if not subsets:
        return []
    size = 5 - len(subsets[0])
    n = min(MAX_DISCARD_SETS, math.comb(len(unseen), size)) if len(unseen) >= size else 0
    later = sum(draws) > draws[0]
    found = _fitting(subsets, shown, later, draws[0], draws_left, unseen, rng, policy)
    return [(len(h) / n if n else 0.0, KeptHands(h, k)) for h, k in found]
