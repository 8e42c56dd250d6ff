"""Exact shares of three players or more at the last draw, by card classes.

At the last draw every player's kept cards are known (a pending draw, or a known hand its
policy breaks or stands pat on), so only the cards served remain: uniformly random disjoint
sets of the unseen cards while the stub cannot run out. A 2-7 hand cares about suits only for
a flush, so the unseen cards are split into classes, one per rank (its cards of the suits no
player can make a flush in) plus the cards of the tracked suits one by one (a suit is tracked
when a drawing player keeps only cards of it, every suit when one keeps none). Each player's
draw is then a multiset of classes with a rank; a tuple of multisets, one a player, stands for
``prod_i prod_c C(n_c - y_ic, x_ic)`` card deals (``y_ic``: the cards of class ``c`` served to
the players before ``i``). Three one-card draws are at most 2,197 tuples of 13 rank classes
(10,648 with a heart flush draw among them: 22 classes) where listing takes 59,280 deals; two
two-card draws and a one-card draw, 107,653 tuples (4 ms) for 25.5 million deals.

The players with the most multisets are summed as arrays, the others looped over. Every count
is an integer, the tuples' deals are checked to add up to every deal, and the shares are
fractions: the enumeration's to the last digit (tests/equity/test_multiway.py).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

import numpy as np
import numpy.typing as npt

from histparse.equity.deal import Situation, TooManyDeals
from histparse.equity.evaluator import evaluate, evaluate_ranks
from histparse.equity.joint import CHOOSE, FALLING
from histparse.equity.policy import StandPat, keep_mask
from histparse.equity.ranked import Classes, FlushPossible, RankPaths, _spare, rank_paths

__all__ = ["MULTIWAY_LIMIT", "QUICK_LIMIT", "last_draw_shares", "multiway_shares", "paths_shares"]

MULTIWAY_LIMIT: Final = 20_000_000
"""Tuples of multisets summed before the method refuses (three-card, three-card and two-card
draws: 18.8 million tuples in 0.9 s)."""

QUICK_LIMIT: Final = 2_000_000
"""Tuples under the quick budget (``auto``, the review): a tenth of a second of multisets, a
few tenths of paths."""

_BLOCK: Final = 4_000_000  # tuples of the two summed players held at once
_MULTISETS: Final = 100_000  # one player's multisets (four cards of 21 classes: 10,626)
_SPLITS: Final = 60  # a tie splits among at most six: every share a multiple of 1/60


@dataclass(frozen=True, slots=True)
class _Draws:
    """One player's possible draws: each multiset's classes and counts (``k`` columns, class
    ``-1`` and count 0 where it takes fewer classes), cards per class, and final rank."""

    classes: npt.NDArray[np.intp]
    counts: npt.NDArray[np.int64]
    per_class: npt.NDArray[np.int64]
    rank: npt.NDArray[np.int16]


def _kept(situation: Situation) -> list[tuple[list[int], int]]:
    """Each player's kept cards at the last draw and how many it draws."""
    out: list[tuple[list[int], int]] = []
    for holding in situation.holdings:
        if holding.hidden:
            raise TooManyDeals("a hidden card: the deals are listed")
        cards = [int(c) for c in holding.cards]
        if holding.pending or isinstance(holding.policy, StandPat):
            out.append((cards, holding.pending))
            continue
        hand = np.sort(np.array(cards, dtype=np.int8))[None, :]
        keep = keep_mask(holding.policy, hand, evaluate(hand), 1, 0)[0]
        out.append(([int(c) for c in hand[0][keep]], int((~keep).sum())))
    return out


def _draws(
    kept: list[int],
    k: int,
    count: npt.NDArray[np.int64],
    rank: npt.NDArray[np.int64],
    suit: npt.NDArray[np.int64],
) -> _Draws:
    """Every multiset of ``k`` classes the classes can serve, ranked with the kept cards."""
    n = len(count)
    if math.comb(n + k - 1, k) > _MULTISETS:
        raise TooManyDeals(f"more than {_MULTISETS} multisets of {k} of {n} classes")
    listed = list(itertools.combinations_with_replacement(range(n), k))
    multisets = np.array(listed, dtype=np.intp).reshape(len(listed), k)
    per_class = np.zeros((len(listed), n), dtype=np.int64)
    np.add.at(per_class, (np.repeat(np.arange(len(listed)), k), multisets.reshape(-1)), 1)
    fits = (per_class <= count).all(axis=1)
    multisets, per_class = multisets[fits], per_class[fits]
    m = len(multisets)
    ranks = np.empty((m, 5), dtype=np.int64)
    ranks[:, : len(kept)] = [c >> 2 for c in kept]
    ranks[:, len(kept) :] = rank[multisets]
    # A flush: every kept card and every card served of one suit (a tracked suit: a class of
    # untracked suits is never one, and a player keeping several suits makes none).
    kept_suits = {c & 3 for c in kept}
    if len(kept_suits) > 1:
        flush = np.zeros(m, dtype=np.bool_)
    else:
        served = suit[multisets]
        first = served[:, 0] if k else np.full(m, next(iter(kept_suits)))
        flush = (served == first[:, None]).all(axis=1) & (first >= 0)
        if kept_suits:
            flush &= first == next(iter(kept_suits))
    # Each multiset as its distinct classes and counts (the deals' formula reads those only):
    # a sorted multiset's first place of each class, with that class's count.
    k_cols = max(k, 1)
    classes = np.full((m, k_cols), -1, dtype=np.intp)
    counts = np.zeros((m, k_cols), dtype=np.int64)
    rows = np.arange(m)
    for j in range(k):
        new = multisets[:, j] != multisets[:, j - 1] if j else np.ones(m, dtype=np.bool_)
        classes[:, j] = np.where(new, multisets[:, j], -1)
        counts[:, j] = np.where(new, per_class[rows, multisets[:, j]], 0)
    return _Draws(classes, counts, per_class, evaluate_ranks(ranks, flush))


def _ways(
    draws: _Draws, before: npt.NDArray[np.int64], count: npt.NDArray[np.int64]
) -> npt.NDArray[np.int64]:
    """``[b, j]``: the card sets of multiset ``j`` once ``before[b]`` were served."""
    out = np.ones((len(before), len(draws.rank)), dtype=np.int64)
    for col in range(draws.classes.shape[1]):
        cls = draws.classes[:, col]
        valid = cls >= 0
        left = count[np.maximum(cls, 0)][None, :] - before[:, np.maximum(cls, 0)]
        np.clip(left, 0, 5, out=left)
        term = CHOOSE[left, np.where(valid, draws.counts[:, col], 0)[None, :]]
        out *= term
    return out


def _two_summed(sizes: Sequence[int]) -> tuple[list[int], int, int]:
    """The players looped over, and the two with the most multisets or paths, summed as
    arrays (``TooManyDeals`` when those two would hold more than ``_BLOCK`` tuples)."""
    order = sorted(range(len(sizes)), key=lambda p: sizes[p])
    outer, (b, c) = order[:-2], order[-2:]
    if sizes[b] * sizes[c] > _BLOCK:
        raise TooManyDeals(f"more than {_BLOCK} tuples of two players at once")
    return outer, b, c


def _winners(
    mask: npt.NDArray[np.bool_],
    fixed: dict[int, np.int16],
    b: int,
    rank_b: npt.NDArray[np.int16],
    c: int,
    rank_c: npt.NDArray[np.int16],
) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.int64]]:
    """``[p, i, j]``: whether player ``p`` wins the tuple of B's ``i``-th and C's ``j``-th (the
    looped players' ranks ``fixed``), among the contenders ``mask``; and each winner's share
    of the tuple in sixtieths."""
    worst = np.int16(np.iinfo(np.int16).max)
    table = np.empty((len(mask), len(rank_b), len(rank_c)), dtype=np.int16)
    for q, rank in fixed.items():
        table[q] = rank if mask[q] else worst
    table[b] = np.where(mask[b], rank_b[:, None], worst)
    table[c] = np.where(mask[c], rank_c[None, :], worst)
    won = table == table.min(axis=0)
    split: npt.NDArray[np.int64] = _SPLITS // won.sum(axis=0)
    return won, split


def last_draw_shares(
    situation: Situation, contenders: Sequence[int], limit: int = MULTIWAY_LIMIT
) -> tuple[tuple[Fraction, ...], int]:
    """Each player's exact share of a pot contested by ``contenders`` at the last draw, and
    the number of deals; ``TooManyDeals`` where the method does not apply (more than one draw
    left, a hidden card, a stub that could run out) or past ``limit`` tuples."""
    if situation.draws_left != 1:
        raise TooManyDeals("the class tuples are for the last draw")
    kept = _kept(situation)
    served = sum(k for _, k in kept)
    if served > len(situation.unseen) - situation.unknowns:
        raise TooManyDeals("the stub could run out (R-DRAW-3)")
    tracked: set[int] = set()
    for cards, k in kept:
        suits = {c & 3 for c in cards}
        if k and len(suits) <= 1:
            tracked |= suits or {0, 1, 2, 3}
    classes = Classes.of(situation.unseen, sum(1 << t for t in tracked))
    count, rank = classes.count, classes.rank
    suit = np.full(len(count), -1, dtype=np.int64)  # a class of several suits: no flush
    for s in range(4):
        suit[classes.suits == 1 << s] = s
    players = [_draws(cards, k, count, rank, suit) for cards, k in kept]
    sizes = [len(p.rank) for p in players]
    if math.prod(sizes) > limit:
        raise TooManyDeals(f"more than {limit} tuples of class multisets")
    outer, b, c = _two_summed(sizes)
    mask = np.zeros(len(players), dtype=np.bool_)
    mask[list(contenders)] = True
    nums = [0] * len(players)
    total = 0
    for chosen in itertools.product(*(range(sizes[p]) for p in outer)):
        before = np.zeros((1, len(count)), dtype=np.int64)
        weight = 1
        ranks: dict[int, np.int16] = {}
        for p, j in zip(outer, chosen, strict=True):
            weight *= int(_ways(players[p], before, count)[0, j])
            if not weight:
                break
            before = before + players[p].per_class[j]
            ranks[p] = players[p].rank[j]
        if not weight:
            continue
        w_b = _ways(players[b], before, count)[0]  # (m_b,)
        after_b = before + players[b].per_class  # (m_b, classes)
        w_c = _ways(players[c], after_b, count)  # (m_b, m_c)
        w = w_b[:, None] * w_c
        won, split = _winners(mask, ranks, b, players[b].rank, c, players[c].rank)
        part = w * split
        for p in range(len(players)):
            if mask[p]:
                nums[p] += weight * int(part[won[p]].sum())
        total += weight * int(w.sum())
    # Served cards are uniformly random disjoint sets of the unseen cards (the unknown ones,
    # not in the stub, are as random): the tuples must stand for every such deal.
    every, left = 1, len(situation.unseen)
    for _, k in kept:
        every *= math.comb(left, k)
        left -= k
    if total != every:  # pragma: no cover - the counts above are wrong
        raise RuntimeError(f"the class tuples stand for {total} deals, not {every}")
    return tuple(Fraction(v, _SPLITS * total) for v in nums), total


# ------------------------------------------------------------------ more draws left: paths


def _mass(paths: RankPaths, n_all: int) -> Fraction:
    """The probability a player's paths carry alone (each ``U / (N)_m``): 1 when every draw
    could be served from the ``n_all`` unseen cards, 0 with no path."""
    return sum(
        (
            Fraction(_exact_sum(paths.weight[paths.sizes == m]), math.perm(n_all, m))
            for m in np.unique(paths.sizes).tolist()
        ),
        Fraction(0),
    )


def _exact_sum(values: npt.NDArray[np.int64]) -> int:
    """The sum of non-negative int64 values as a Python int (numpy's would wrap around)."""
    if not values.size:
        return 0
    most = int(values.max())
    step = max(1, (1 << 62) // max(most, 1))
    flat = values.reshape(-1)
    return sum(int(flat[i : i + step].sum()) for i in range(0, len(flat), step))


def paths_shares(
    situation: Situation,
    contenders: Sequence[int],
    limit: int = MULTIWAY_LIMIT,
    most_tracked: int = 0b0111,
) -> tuple[tuple[Fraction, ...], tuple[int, ...]]:
    """Each player's exact share of a pot contested by ``contenders`` with any number of draws
    left, from every player's class paths (``ranked.rank_paths``, the quick budget's): a tuple
    of paths reading ``x_ic`` cards of class ``c`` stands for ``prod_i U_i prod_c (n_c)_(s_c)
    / prod_i (n_c)_(x_ic)`` card-level tuples (``s_c`` what they read of it together), each of
    probability ``1 / (N)_M`` (``M`` cards read in all): while the stub cannot run out the
    players read disjoint random sequences of the unseen cards. Also each player's paths.
    ``TooManyDeals`` where a flush would need more suits tracked than ``most_tracked`` (a bit
    set: clubs, diamonds, hearts by default; with spades every card is its own class), past
    the paths' budget, where the stub could run out, or past ``limit`` tuples."""
    tracked = 0
    while True:
        classes = Classes.of(situation.unseen, tracked)
        try:
            paths = [rank_paths(situation, p, classes) for p in range(len(situation.holdings))]
            break
        except FlushPossible as exc:
            wider = exc.wider(tracked)
            if wider == tracked or wider & ~most_tracked:
                why = f"a flush possible in more suits than those of {most_tracked:04b}"
                raise TooManyDeals(why) from None
            tracked = wider
    spare = _spare(situation)
    # A draw that needs more cards than there are unseen has no path: a player with none, or
    # whose paths miss some of its probability (on a deck of nine unseen cards, a player
    # breaking trips can need ten), could run the stub out alone.
    n_all = len(situation.unseen)
    if any(_mass(p, n_all) != 1 for p in paths) or sum(int(p.sizes.max()) for p in paths) > spare:
        raise TooManyDeals("the stub could run out (R-DRAW-3)")
    sizes = [len(p.rank) for p in paths]
    if math.prod(sizes) > limit:
        raise TooManyDeals(f"more than {limit} tuples of class paths")
    count = classes.count
    # Each path's weight over its own falling factorials: an integer (the ways to order each
    # draw's classes), small; the tuple's factorials of what all read are multiplied in.
    base: list[npt.NDArray[np.int64]] = []
    for p in paths:
        read = p.counts.astype(np.int64)
        own = np.prod(FALLING[count[None, :], read], axis=1)
        if (p.weight % own).any():  # pragma: no cover - a path's weight counts its orders
            raise RuntimeError("a path's weight is not a multiple of its cards' orders")
        base.append(p.weight // own)
    outer, b, c = _two_summed(sizes)
    mask = np.zeros(len(paths), dtype=np.bool_)
    mask[list(contenders)] = True
    nums: list[dict[int, int]] = [{} for _ in paths]  # per cards read in all, M
    totals: dict[int, int] = {}
    read_b = paths[b].counts.astype(np.int64)
    read_c = paths[c].counts.astype(np.int64)
    size_bc = paths[b].sizes[:, None] + paths[c].sizes[None, :]
    step = max(1, 8_000_000 // max(1, sizes[c] * len(count)))
    for chosen in itertools.product(*(range(sizes[q]) for q in outer)):
        before = np.zeros(len(count), dtype=np.int64)
        weight = 1
        ranks: dict[int, np.int16] = {}
        m_outer = 0
        for q, j in zip(outer, chosen, strict=True):
            weight *= int(base[q][j])
            before = before + paths[q].counts[j]
            ranks[q] = paths[q].rank[j]
            m_outer += int(paths[q].sizes[j])
        if (before > count).any():
            continue
        # A block of B's paths against all of C's at a time: the falling factorials of what
        # the tuple reads of each class, (rows, m_c, classes) int64, bounded to 8 million.
        for lo in range(0, sizes[b], step):
            hi = min(lo + step, sizes[b])
            together = before + read_b[lo:hi, None, :] + read_c[None, :, :]
            np.minimum(together, 5, out=together)
            joint = np.prod(FALLING[count, together], axis=2)
            w = base[b][lo:hi, None] * base[c][None, :] * joint
            won, split = _winners(mask, ranks, b, paths[b].rank[lo:hi], c, paths[c].rank)
            part = w * split
            m_all = size_bc[lo:hi] + m_outer
            for m in np.unique(m_all).tolist():
                at = m_all == m
                totals[m] = totals.get(m, 0) + weight * _exact_sum(w[at])
                for q in range(len(paths)):
                    if mask[q]:
                        got = weight * _exact_sum(part[at & won[q]])
                        nums[q][m] = nums[q].get(m, 0) + got
    if sum(Fraction(v, math.perm(n_all, m)) for m, v in totals.items()) != 1:
        raise RuntimeError("the tuples' probabilities do not add up to 1")  # pragma: no cover
    shares = tuple(
        sum((Fraction(v, _SPLITS * math.perm(n_all, m)) for m, v in num.items()), Fraction(0))
        for num in nums
    )
    return shares, tuple(sizes)


def multiway_shares(
    situation: Situation, contenders: Sequence[int], quick: bool
) -> tuple[tuple[Fraction, ...], int, tuple[int, ...] | None]:
    """Three players or more, exact within the budget: by the last draw's class multisets, or
    with more draws left by the class paths (``None``, or each player's paths), with the
    number of deals or tuples. ``quick`` (``auto``, the review): 2 million tuples, clubs and
    diamonds tracked at most, and the paths only with two draws left and draws of two cards
    at most (a three-card draw's paths with three left take 1.4 s, for tuples past the quick
    limit anyway). ``TooManyDeals`` beyond."""
    if situation.draws_left == 1:
        shares, total = last_draw_shares(
            situation, contenders, QUICK_LIMIT if quick else MULTIWAY_LIMIT
        )
        return shares, total, None
    if quick and (situation.draws_left > 2 or max(h.pending for h in situation.holdings) > 2):
        raise TooManyDeals("three players' paths past the quick budget")
    limit, most = (QUICK_LIMIT, 0b0011) if quick else (MULTIWAY_LIMIT, 0b0111)
    shares, sizes = paths_shares(situation, contenders, limit, most)
    return shares, math.prod(sizes), sizes
