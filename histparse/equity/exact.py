"""Exact heads-up equity over any number of draws, from each player's own paths.

While the stub cannot run out, the cards served are a uniformly random sequence without
replacement from the unseen cards, whoever receives them; so player A can be taken to read its
cards from the front of one random permutation and player B from the back. A policy sees only
its own cards, so A's path (the cards it reads, draw after draw, until the draws are over) does
not depend on B's, and the pair of paths ``(a, b)`` has probability
``w_a * w_b / (N)_(m_a + m_b)`` when they share no card, where ``m`` counts the cards a path
reads, ``N`` the unseen cards, ``(N)_k`` the falling factorial and ``w`` the number of orders in
which a path's sets of cards can come (the product of ``k!`` over its draws).

Each player's paths are found once, by dynamic programming over the state that decides the rest
(the hand it holds, sorted, and the set of cards it has read): states reached by different
orders are merged, their weights added. "Share no card" is counted by inclusion-exclusion over
the sets ``T`` of cards both paths read: ``[S_a & S_b empty] = sum over T in S_a & S_b of
(-1)^|T|``, so the pairs are summed per ``T`` with sorted ranks and prefix sums instead of one by
one. Every count is an integer: the equity is an exact fraction.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any, Final, TypeAlias

import numpy as np
import numpy.typing as npt

from histparse.equity.budget import QUICK, Budget
from histparse.equity.deal import OverBudget, Situation, TooManyDeals
from histparse.equity.evaluator import evaluate
from histparse.equity.policy import StandPat, keep_mask

__all__ = ["Paths", "combine", "exact_by_cards", "exact_heads_up", "paths_of"]

_EMPTY: Final = -1
_BLOCK: Final = 1 << 20  # subset rows made at once
_WAITING: Final = 100  # not a card, not empty
_RANK_SPAN: Final = 8192  # rank numbers are 1..7462
# A subset of at most ``_CODE_MOST`` cards is coded as an int, one base-64 digit per card (its
# index + 1, ascending): a dense table of 64**4 entries then finds each subset's id and filters
# the other player's subsets by a lookup, instead of sorting and searching 64-bit masks.
_CODE_BASE: Final = 64
_CODE_MOST: Final = 4


@dataclass(frozen=True, slots=True)
class Paths:
    """One player's distinct outcomes: the set of unseen cards it read (bit i: the i-th unseen
    card), its final hand's rank number, and the number of orders leading there."""

    read: npt.NDArray[np.uint64]
    rank: npt.NDArray[np.int16]
    weight: npt.NDArray[np.int64]

    @property
    def sizes(self) -> npt.NDArray[np.int64]:
        """How many cards each path reads."""
        return _popcount(self.read)


def _popcount(masks: npt.NDArray[np.uint64]) -> npt.NDArray[np.int64]:
    return np.bitwise_count(masks).astype(np.int64)


@cache
def _combinations(n: int, k: int) -> npt.NDArray[np.intp]:
    if k == 0:
        return np.zeros((1, 0), dtype=np.intp)
    return np.array(list(itertools.combinations(range(n), k)), dtype=np.intp)


def merged_rows(
    hands: npt.NDArray[np.integer[Any]],
    second: npt.NDArray[np.integer[Any]],
    weight: npt.NDArray[np.int64],
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.int64]]:
    """Rows of ``hands`` (each sorted, five cards from -1 up) equal in hand and ``second``
    taken once: the index of each kept row and the sum of its equals' weights."""
    key = np.zeros(len(hands), dtype=np.int64)
    for col in range(5):
        key = key * 256 + (hands[:, col].astype(np.int64) + 1)
    order = np.lexsort((key, second))
    key, sorted_second = key[order], second[order]
    new = np.ones(len(order), dtype=np.bool_)
    new[1:] = (key[1:] != key[:-1]) | (sorted_second[1:] != sorted_second[:-1])
    starts = np.flatnonzero(new)
    return order[starts], np.add.reduceat(weight[order], starts)


def _merge(
    hands: npt.NDArray[np.int8], read: npt.NDArray[np.uint64], weight: npt.NDArray[np.int64]
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.uint64], npt.NDArray[np.int64]]:
    """One row per distinct (sorted hand, cards read), weights added."""
    hands = np.sort(hands, axis=1)
    first, summed = merged_rows(hands, read, weight)
    return hands[first], read[first], summed


def _serve(
    hands: npt.NDArray[np.int8],
    read: npt.NDArray[np.uint64],
    weight: npt.NDArray[np.int64],
    pool: npt.NDArray[np.int8],
    limit: int,
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.uint64], npt.NDArray[np.int64]]:
    """Every way of filling each row's empty places from the unseen cards it has not read;
    ``TooManyDeals`` past ``limit`` rows."""
    n_pool = len(pool)
    need = (hands == _EMPTY).sum(axis=1)
    left = n_pool - _popcount(read)
    # The whole draw's paths are counted before any is made (or the unseen cards each row
    # has not read are listed: a five-card draw's 850,000 rows by 42 cards are 290 MiB).
    drawing = need > 0
    groups, sizes = np.unique(need[drawing] * 64 + left[drawing], return_counts=True)
    total = 0
    for code, size in zip(groups.tolist(), sizes.tolist(), strict=True):
        k, avail = divmod(code, 64)
        if avail < k:
            # The player alone needs more cards than there are unseen.
            raise TooManyDeals("the stub could run out (R-DRAW-3)")
        total += size * math.comb(avail, k)
    if total > limit:
        raise OverBudget(f"more than {limit} paths for one player")
    bits = np.uint64(1) << np.arange(n_pool, dtype=np.uint64)
    is_read = (read[:, None] & bits) != 0
    out_h, out_r, out_w = [], [], []
    for k in np.unique(need).tolist():
        rows = np.flatnonzero(need == k)
        if k == 0:
            out_h.append(hands[rows])
            out_r.append(read[rows])
            out_w.append(weight[rows])
            continue
        for avail in np.unique(left[rows]).tolist():
            group = rows[left[rows] == avail]
            combos = _combinations(avail, k)
            free = np.nonzero(~is_read[group])[1].reshape(len(group), avail)
            chosen = free[:, combos]  # (group, combos, k): indexes into the pool
            h = np.repeat(hands[group], len(combos), axis=0)
            slots = h == _EMPTY
            h[slots] = pool[chosen.reshape(-1, k)].reshape(-1)
            new_bits = np.bitwise_or.reduce(bits[chosen], axis=2).reshape(-1)
            out_h.append(h)
            out_r.append(np.repeat(read[group], len(combos)) | new_bits)
            out_w.append(np.repeat(weight[group], len(combos)) * math.factorial(k))
    return _merge(np.concatenate(out_h), np.concatenate(out_r), np.concatenate(out_w))


def paths_of(situation: Situation, player: int, budget: Budget = QUICK) -> Paths:
    """Player ``player``'s distinct outcomes, reading from all the unseen cards as if alone
    (at most ``budget.cards`` rows a draw)."""
    holding = situation.holdings[player]
    pool = np.array(situation.unseen, dtype=np.int8)
    if len(pool) > 64:  # pragma: no cover - at most 52 cards
        raise TooManyDeals("more than 64 unseen cards")
    hands = np.full((1, 5), _EMPTY, dtype=np.int8)
    hands[0, : len(holding.cards)] = np.array(holding.cards, dtype=np.int8)
    read = np.zeros(1, dtype=np.uint64)
    weight = np.ones(1, dtype=np.int64)
    if holding.hidden:
        # The hidden cards are read first, a set of unseen cards like any draw; the places the
        # player draws at the next draw wait behind a placeholder meanwhile.
        hands[0, len(holding.cards) + holding.hidden :] = _WAITING
        hands, read, weight = _serve(hands, read, weight, pool, budget.cards)
        hands[hands == _WAITING] = _EMPTY
    for index in range(situation.draws_left):
        draws_left = situation.draws_left - index
        if not (index == 0 and holding.pending):
            hands = np.sort(hands, axis=1)
            if isinstance(holding.policy, StandPat):
                continue
            keep = keep_mask(holding.policy, hands, evaluate(hands), draws_left, index)
            hands = np.where(keep, hands, np.int8(_EMPTY))
        hands, read, weight = _serve(hands, read, weight, pool, budget.cards)
    ranks = evaluate(hands)
    # One row per (cards read, rank): the hand itself no longer matters.
    order = np.lexsort((ranks, read))
    r, k = read[order], ranks[order]
    new = np.ones(len(order), dtype=np.bool_)
    new[1:] = (r[1:] != r[:-1]) | (k[1:] != k[:-1])
    starts = np.flatnonzero(new)
    return Paths(r[starts], k[starts], np.add.reduceat(weight[order], starts))


_Keys: TypeAlias = npt.NDArray[np.integer[Any]]


@dataclass(frozen=True, slots=True)
class _Subsets:
    """A player's paths once per subset ``T`` of the cards each read (sizes up to a bound)."""

    subset: _Keys  # bit masks, or base-64 codes (``coded``)
    size: npt.NDArray[np.int64]  # the path's number of cards read
    rank: npt.NDArray[np.int16]
    weight: npt.NDArray[np.int64]  # signed with (-1)^|T| when ``signed``


def _subsets(
    paths: Paths,
    most: int,
    n_pool: int,
    *,
    signed: bool,
    only: npt.NDArray[np.uint64] | None = None,
    coded: bool = False,
    table: npt.NDArray[np.int32] | None = None,
    limit: int,
) -> _Subsets:
    """Each path once per subset of its cards of at most ``most`` cards (only the subsets in
    the sorted ``only`` when given: the other player's). ``coded``: the subsets as base-64
    codes (``most`` at most ``_CODE_MOST``), filtered by ``table`` (code -> id, -1: absent)
    when given."""
    sizes = paths.sizes
    bits = np.uint64(1) << np.arange(n_pool, dtype=np.uint64)
    is_set = (paths.read[:, None] & bits) != 0
    parts: list[tuple[_Keys, npt.NDArray[np.int64], npt.NDArray[np.int16],
                      npt.NDArray[np.int64]]] = []  # fmt: skip
    total = 0
    for m in np.unique(sizes).tolist():
        rows = np.flatnonzero(sizes == m)
        where = np.nonzero(is_set[rows])[1].reshape(len(rows), m)
        for t in range(min(most, m) + 1):
            combos = _combinations(m, t)
            # In blocks of rows: the subsets are filtered as they come, never all held at once.
            step = max(1, _BLOCK // len(combos))
            for first in range(0, len(rows), step):
                block = rows[first : first + step]
                if coded:
                    subset = _codes(where[first : first + step], combos, len(block))
                elif t:
                    picked = bits[where[first : first + step][:, combos]]
                    subset = np.bitwise_or.reduce(picked, axis=2).reshape(-1)
                else:
                    subset = np.zeros(len(block), dtype=np.uint64)
                weight = np.repeat(paths.weight[block], len(combos))
                rank = np.repeat(paths.rank[block], len(combos))
                if table is not None:
                    hit = table[subset] >= 0
                    subset, weight, rank = subset[hit], weight[hit], rank[hit]
                elif only is not None:
                    found = np.searchsorted(only, subset)
                    hit = only[np.minimum(found, len(only) - 1)] == subset
                    subset, weight, rank = subset[hit], weight[hit], rank[hit]
                total += len(subset)
                if total > limit:
                    raise OverBudget(f"more than {limit} shared-card terms")
                if signed and t % 2:
                    weight = -weight
                parts.append((subset, np.full(len(subset), m, dtype=np.int64), rank, weight))
    return _Subsets(*(np.concatenate([p[i] for p in parts]) for i in range(4)))


def _codes(
    where: npt.NDArray[np.intp], combos: npt.NDArray[np.intp], rows: int
) -> npt.NDArray[np.int64]:
    """The base-64 code of each row's subsets ``combos`` of its cards ``where`` (ascending)."""
    if combos.shape[1] == 0:
        return np.zeros(rows, dtype=np.int64)
    picked = where[:, combos].astype(np.int64) + 1  # (rows, subsets, t), ascending per row
    code = picked[:, :, 0]
    for j in range(1, combos.shape[1]):
        code = code * _CODE_BASE + picked[:, :, j]
    return code.reshape(-1)


def _starts(sorted_keys: npt.NDArray[np.int64]) -> npt.NDArray[np.intp]:
    """Where each run of equal keys begins in ``sorted_keys``."""
    new = np.ones(len(sorted_keys), dtype=np.bool_)
    new[1:] = sorted_keys[1:] != sorted_keys[:-1]
    return np.flatnonzero(new)


def _exact_sum(values: npt.NDArray[np.int64]) -> int:
    """The exact sum of int64 values (numpy's sum could wrap around)."""
    if float(np.abs(values.astype(np.float64)).sum()) < 2.0**62:
        return int(values.sum())
    return sum(int(v) for v in values.tolist())  # pragma: no cover - very large counts


def _falling(n: int, k: int) -> int:
    return math.perm(n, k)


def combine(
    tid_a: npt.NDArray[np.int64],
    size_a: npt.NDArray[np.int64],
    rank_a: npt.NDArray[np.int16],
    weight_a: npt.NDArray[np.int64],
    tid_b: npt.NDArray[np.int64],
    size_b: npt.NDArray[np.int64],
    rank_b: npt.NDArray[np.int16],
    weight_b: npt.NDArray[np.int64],
    n_pool: int,
) -> tuple[Fraction, Fraction]:
    """Both players' exact shares from the inclusion-exclusion rows: A's and B's rows with
    the same key id (a shared set ``T``) are paired, each pair of sizes ``m_a``, ``m_b`` over
    ``(n_pool)_(m_a + m_b)``; A's weights carry the signs. The probabilities must add up to 1.
    """
    span = np.int64(_RANK_SPAN)
    # B's rows once per (T, size, rank) code, sorted, with the running sum of their weights:
    # ``below`` before each code, ``upto`` through it; and each (T, size) group's bounds.
    code_b = (tid_b * 64 + size_b) * span + rank_b
    order = np.argsort(code_b)
    code_b = code_b[order]
    prefix = np.zeros(len(order) + 1, dtype=np.int64)
    np.cumsum(weight_b[order], out=prefix[1:])
    first = _starts(code_b)
    ucode = code_b[first]
    below = prefix[first]
    upto = prefix[np.append(first[1:], len(code_b))]
    ugroup = ucode // span
    g_first = _starts(ugroup)
    gcode = ugroup[g_first]
    g_below = below[g_first]
    g_upto = upto[np.append(g_first[1:], len(ucode)) - 1]
    # A's lookups in sorted order: numpy's binary search narrows from the previous key, and the
    # memory it touches moves one way (several times as fast as random queries).
    # A's rows merged per (T, rank, size), weights added (fewer lookups).
    code_a = (tid_a * span + rank_a) * 64 + size_a
    by_a = np.argsort(code_a)
    code_a = code_a[by_a]
    first_a = _starts(code_a)
    code_a = code_a[first_a]
    weight_a = np.add.reduceat(weight_a[by_a], first_a)
    size_a = code_a % 64
    rank_a = (code_a // 64) % span
    tid_a = code_a // 64 // span
    doubled_a: dict[int, int] = {}
    doubled_b: dict[int, int] = {}
    doubled_all: dict[int, int] = {}
    last = len(ucode) - 1
    for mb in np.unique(size_b).tolist():
        group = tid_a * 64 + mb
        gi = np.minimum(np.searchsorted(gcode, group), len(gcode) - 1)
        present = gcode[gi] == group
        start = np.where(present, g_below[gi], 0)
        end = np.where(present, g_upto[gi], 0)
        query = group * span + rank_a
        at = np.searchsorted(ucode, query)
        inside = np.minimum(at, last)
        lo = np.where(at <= last, below[inside], prefix[-1])
        hi = np.where(ucode[inside] == query, upto[inside], lo)
        lo = np.where(present, lo, 0)
        hi = np.where(present, hi, 0)
        # Doubled shares: a tie gives each half the pot.
        a_share = weight_a * (2 * (end - hi) + (hi - lo))
        b_share = weight_a * (2 * (lo - start) + (hi - lo))
        everything = weight_a * (2 * (end - start))
        for ma in np.unique(size_a).tolist():
            rows = size_a == ma
            key = ma + mb
            doubled_a[key] = doubled_a.get(key, 0) + _exact_sum(a_share[rows])
            doubled_b[key] = doubled_b.get(key, 0) + _exact_sum(b_share[rows])
            doubled_all[key] = doubled_all.get(key, 0) + _exact_sum(everything[rows])
    share_a = sum((Fraction(v, 2 * _falling(n_pool, k)) for k, v in doubled_a.items()), Fraction(0))
    share_b = sum((Fraction(v, 2 * _falling(n_pool, k)) for k, v in doubled_b.items()), Fraction(0))
    total = sum((Fraction(v, 2 * _falling(n_pool, k)) for k, v in doubled_all.items()), Fraction(0))
    if total != 1:  # pragma: no cover - the counts above are wrong
        raise RuntimeError(f"the exact paths' probabilities add up to {total}, not 1")
    return share_a, share_b


def exact_heads_up(
    situation: Situation, budget: Budget = QUICK
) -> tuple[tuple[Fraction, Fraction], tuple[int, int]]:
    """Both players' exact shares of a pot they both contest, and each one's number of distinct
    paths: by card classes (``ranked.py``: ranks, and suits only where a flush may need them)
    within ``budget`` where that can answer, else by cards; ``TooManyDeals`` when the stub
    could run out or the paths are too many."""
    if len(situation.holdings) != 2:
        raise TooManyDeals("the exact paths method is for two players")
    from histparse.equity.ranked import exact_by_ranks

    try:
        return exact_by_ranks(situation, budget)
    except TooManyDeals as by_classes:
        try:
            return exact_by_cards(situation, budget)
        except TooManyDeals as by_cards:
            # A larger budget may answer where either method stopped at one of its limits.
            over = isinstance(by_classes, OverBudget) or isinstance(by_cards, OverBudget)
            refusal = OverBudget if over else TooManyDeals
            raise refusal(f"by card classes, {by_classes}; by cards, {by_cards}") from None


def exact_by_cards(
    situation: Situation, budget: Budget = QUICK
) -> tuple[tuple[Fraction, Fraction], tuple[int, int]]:
    """``exact_heads_up`` over card sets: each card its own class."""
    if len(situation.holdings) != 2:
        raise TooManyDeals("the exact paths method is for two players")
    n_pool = len(situation.unseen)
    a, b = paths_of(situation, 0, budget), paths_of(situation, 1, budget)
    hidden = sum(h.hidden for h in situation.holdings)
    others = situation.unknowns - hidden  # unseen cards in discards or out of play
    if int(a.sizes.max()) + int(b.sizes.max()) + others > n_pool:
        raise TooManyDeals("the stub could run out (R-DRAW-3)")
    if float(a.weight.max()) * float(b.weight.astype(np.float64).sum()) * 2 > 2.0**62:
        raise TooManyDeals("the path counts are too large for exact sums")
    most = min(int(a.sizes.max()), int(b.sizes.max()))
    # The player with fewer paths lists its subsets; the other's are kept only where they
    # match one (a one-card drawer's few reads bound a two-card drawer's many).
    swap = len(b.rank) < len(a.rank)
    if swap:
        a, b = b, a
    if most <= _CODE_MOST:
        sa = _subsets(a, most, n_pool, signed=True, coded=True, limit=budget.cards)
        # The ids of A's subsets, marked in the table (no sort: the codes are small ints).
        table = np.full(_CODE_BASE**most, -1, dtype=np.int32)
        table[sa.subset] = 0
        found = np.flatnonzero(table == 0)
        table[found] = np.arange(len(found), dtype=np.int32)
        sb = _subsets(b, most, n_pool, signed=False, coded=True, table=table, limit=budget.cards)
        tid_a = table[sa.subset].astype(np.int64)
        tid_b = table[sb.subset].astype(np.int64)
    else:
        sa = _subsets(a, most, n_pool, signed=True, limit=budget.cards)
        sb = _subsets(b, most, n_pool, signed=False, only=np.unique(sa.subset), limit=budget.cards)
        ids = np.unique(np.concatenate([sa.subset, sb.subset]))
        tid_a = np.searchsorted(ids, sa.subset).astype(np.int64)
        tid_b = np.searchsorted(ids, sb.subset).astype(np.int64)
    share_a, share_b = combine(
        tid_a, sa.size, sa.rank, sa.weight, tid_b, sb.size, sb.rank, sb.weight, n_pool
    )
    if swap:
        return (share_b, share_a), (len(b.rank), len(a.rank))
    return (share_a, share_b), (len(a.rank), len(b.rank))


def exact_shares(
    situation: Situation, contenders: Sequence[int] | None = None, budget: Budget = QUICK
) -> tuple[tuple[Fraction, ...], tuple[int, int]]:
    """Each player's exact share of a pot contested by ``contenders`` (both by default)."""
    who = (0, 1) if contenders is None else tuple(sorted(set(contenders)))
    shares, sizes = exact_heads_up(situation, budget)
    if who == (0, 1):
        return shares, sizes
    return tuple(Fraction(int(p in who)) for p in range(2)), sizes
