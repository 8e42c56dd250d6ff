"""Two players' class paths paired exactly, with dense counts instead of sorted joins.

``ranked.py`` gives each player's distinct outcomes by card classes: the cards read of each
class ``x`` (``y`` for the other), the final rank and the weight ``U`` (the card-level paths it
stands for). A pair of paths has probability ``U_a U_b prod_c g_c / (N)_(m_a + m_b)`` with
``g_c = (n_c - x_c)_y_c / (n_c)_y_c``; expanding ``g_c = 1 + D_c / (n_c)_y_c`` over the classes
both read gives a sum over the sets ``T`` of shared classes of ``prod_{c in T} D_c(x_c, y_c) /
(n_c)_y_c``, where ``D(x, y) = (n - x)_y - (n)_y`` is negative: a term over ``|T|`` classes has
sign ``(-1)^|T|``.

A player's final rank matters to the other only as a comparison, so B's rank is kept as its
place among A's distinct ranks (below the i-th, equal to it: ``2p + 1`` places for ``p``
ranks). For each size ``t`` of ``T``, A's paths are listed once per subset of ``t`` classes it
read (a key: the classes and A's counts on them); each of B's paths, per subset of its read
classes that is one of A's, adds ``U_b prod |D| / prod (n_c)_y`` to every A key on the same
classes, at (B's size, B's place), by ``bincount``. A's rows then read the cumulative sums at
their own rank. Every count is an integer (float bincounts are split into 21-bit limbs, each
exact), so the shares are exact fractions, and their total is checked to be exactly 1.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any, Final, TypeAlias

import numpy as np
import numpy.typing as npt

from histparse.equity.budget import Budget
from histparse.equity.deal import OverBudget, TooManyDeals

__all__ = [
    "CHOOSE",
    "FALLING",
    "check_key_rows",
    "check_pairing",
    "exact_bincount",
    "exact_dot",
    "pair_sums",
    "shares_of",
]

_BLOCK: Final = 1 << 19  # B's (path, subset) rows made at once
_LIMB: Final = 21  # bits per limb: a float64 bincount of < 2**32 limbs is exact
_BLOCK_CELLS: Final = 1 << 22  # cells of one block of A's keys paired at once
_DOT_ROWS: Final = 1 << 20  # limb products (each < 2**42) added at once in ``exact_dot``
_DENSE_CODES: Final = 1 << 22  # a table of codes up to this size, else a search
_DENSE_TABLE: Final = 16_000_000  # B's sums in a dense table up to this size, else sorted
_MOST_READ: Final = 4  # cards of one class (a rank's four suits)


def _table(fn: Callable[[int, int], int]) -> npt.NDArray[np.int64]:
    out = np.zeros((53, 6), dtype=np.int64)
    for n in range(53):
        for k in range(6):
            out[n, k] = fn(n, k) if k <= n else 0
    return out


FALLING: Final = _table(math.perm)
"""``FALLING[n, k]``: the falling factorial ``(n)_k`` for ``n`` up to 52, ``k`` up to 5."""
CHOOSE: Final = _table(math.comb)
"""``CHOOSE[n, k]``: the binomial ``C(n, k)`` for ``n`` up to 52, ``k`` up to 5."""


def exact_bincount(
    keys: npt.NDArray[np.intp],
    weights: npt.NDArray[np.int64],
    size: int,
    out: npt.NDArray[np.int64] | None = None,
) -> npt.NDArray[np.int64]:
    """``np.bincount(keys, weights, size)`` exactly for non-negative int64 weights, added to
    ``out`` when given (in place: tables of tens of millions of cells): the float bincount
    rounds beyond 2**53, so large weights are summed a limb at a time, each limb narrow enough
    that all the rows' limbs add up exactly (two limbs for most tables)."""
    if out is None:
        out = np.zeros(size, dtype=np.int64)
    if len(keys) == 0:
        return out
    top = int(weights.max())
    bits = 53 - len(weights).bit_length()
    if top * len(weights) < 2**53:
        bits = max(bits, top.bit_length())  # one limb: the weights themselves
    mask = np.int64((1 << bits) - 1)
    for shift in range(0, max(top.bit_length(), 1), bits):
        # Every sum of a bin is an integer below 2**53: the float total is exact.
        part = np.bincount(keys, ((weights >> shift) & mask).astype(np.float64), size)
        out += part.astype(np.int64) << shift
    return out


@cache
def _combos(s: int, t: int) -> npt.NDArray[np.intp]:
    chosen = list(itertools.combinations(range(s), t))
    return np.array(chosen, dtype=np.intp).reshape(len(chosen), t)


_Groups: TypeAlias = list[tuple[npt.NDArray[np.intp], npt.NDArray[np.int8], npt.NDArray[np.int8]]]


def _supports(
    counts: npt.NDArray[np.int8],
) -> _Groups:
    """Paths grouped by how many classes they read: (rows, the classes read ascending, the
    counts on them). Built a class at a time in int8: a two-card drawer's millions of paths
    would take gigabytes as ``np.nonzero``'s int64 indexes."""
    n_rows, n_classes = counts.shape
    most = int((counts > 0).sum(axis=1).max(initial=0)) if n_rows else 0
    where = np.zeros((n_rows, most), dtype=np.int8)
    read = np.zeros((n_rows, most), dtype=np.int8)
    filled = np.zeros(n_rows, dtype=np.intp)
    for c in range(n_classes):
        column = counts[:, c]
        hit = np.flatnonzero(column)
        place = filled[hit]
        where[hit, place] = c
        read[hit, place] = column[hit]
        filled[hit] += 1
    groups = []
    for s in np.unique(filled).tolist():
        rows = np.flatnonzero(filled == s)
        groups.append((rows, where[rows, :s], read[rows, :s]))
    return groups


def _set_codes(classes: npt.NDArray[np.int8], n_classes: int) -> npt.NDArray[np.int64]:
    """A code per row of ascending class indices (``t`` columns), distinct per set."""
    code = np.zeros(len(classes), dtype=np.int64)
    for j in range(classes.shape[1]):
        code = code * n_classes + classes[:, j]
    return code


@cache
def _count_tuples(t: int, most_sum: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The tuples of ``t`` counts 1..4 adding up to at most ``most_sum`` (rows), and a table
    from a tuple's base-5 code to its row (-1: none)."""
    rows = [c for c in itertools.product(range(1, _MOST_READ + 1), repeat=t) if sum(c) <= most_sum]
    tuples = np.array(rows, dtype=np.int64).reshape(len(rows), t)
    table = np.full(5**t, -1, dtype=np.int64)
    table[_base5(tuples)] = np.arange(len(rows))
    return tuples, table


def _base5(counts: npt.NDArray[np.integer[Any]]) -> npt.NDArray[np.int64]:
    code = np.zeros(len(counts), dtype=np.int64)
    for j in range(counts.shape[1]):
        code = code * 5 + counts[:, j]
    return code


@dataclass(frozen=True, slots=True)
class _Keys:
    """A's paths once per set of ``t`` classes read: the distinct sets (codes, ascending, and
    their classes), the keys (set, counts on it) with their set and counts (the keys of set
    ``s`` are ``set_start[s]`` up to ``set_start[s + 1]``), and A's rows merged per (key,
    size, rank index) with their weights."""

    set_codes: npt.NDArray[np.int64]
    set_classes: npt.NDArray[np.int8]
    set_start: npt.NDArray[np.intp]
    key_set: npt.NDArray[np.int64]
    key_x: npt.NDArray[np.int8]
    row_key: npt.NDArray[np.int64]
    row_size: npt.NDArray[np.int64]
    row_rank: npt.NDArray[np.int64]
    row_weight: npt.NDArray[np.int64]


def _key_codes(groups: _Groups, t: int, n_classes: int) -> tuple[npt.NDArray[Any], ...] | None:
    """A's (path, class set of ``t``) rows: their sets, counts and path, the distinct set
    codes (ascending) with each one's first row, and each row's key code (set, counts)."""
    parts_sets, parts_counts, parts_source = [], [], []
    for rows, where, read in groups:
        if where.shape[1] < t:
            continue
        combos = _combos(where.shape[1], t)
        flat = len(rows) * len(combos)
        parts_sets.append(where[:, combos].reshape(flat, t))
        parts_counts.append(read[:, combos].reshape(flat, t))
        parts_source.append(np.repeat(rows, len(combos)))
    if not parts_sets:
        return None
    sets, counts = np.concatenate(parts_sets), np.concatenate(parts_counts)
    set_codes, first, set_id = np.unique(
        _set_codes(sets, n_classes), return_index=True, return_inverse=True
    )
    full = set_id.reshape(-1).astype(np.int64) * 5**t + _base5(counts)
    return sets, counts, np.concatenate(parts_source), set_codes, first, full


def _keys_of_a(
    groups: _Groups,
    t: int,
    n_classes: int,
    size: npt.NDArray[np.int64],
    rank_index: npt.NDArray[np.int64],
    weight: npt.NDArray[np.int64],
) -> _Keys | None:
    codes = _key_codes(groups, t, n_classes)
    if codes is None:
        return None
    sets, counts, source, set_codes, first, full = codes
    keys, key_first, row_key = np.unique(full, return_index=True, return_inverse=True)
    row_key = row_key.reshape(-1).astype(np.int64)
    # Rows merged per (key, size, rank index): fewer lookups, weights added (int64: A's
    # weights add up to at most (N)_m per size).
    merged = (row_key * 64 + size[source]) * 8192 + rank_index[source]
    order = np.argsort(merged, kind="stable")
    merged = merged[order]
    starts = np.flatnonzero(np.r_[True, merged[1:] != merged[:-1]])
    m = merged[starts]
    key_set = keys // 5**t
    return _Keys(
        set_codes,
        sets[first],
        np.searchsorted(key_set, np.arange(len(set_codes) + 1)),
        key_set,
        counts[key_first],
        m // 8192 // 64,
        (m // 8192) % 64,
        m % 8192,
        np.add.reduceat(weight[source][order], starts),
    )


def _table_of_b(
    groups: _Groups,
    t: int,
    keys: _Keys,
    n_classes: int,
    cell: npt.NDArray[np.int64],
    cells: int,
    weight: npt.NDArray[np.int64],
    tuple_row: npt.NDArray[np.int64],
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """B's weights summed per (A's class set, B's counts on it, B's cell), as the index
    ``(set * tuples + counts) * cells + cell`` of each nonzero entry and its sum. Summed in a
    dense table when it is small enough, else merged by sorting (many classes: three suits
    tracked)."""
    n_tuples = int(tuple_row.max()) + 1
    size = len(keys.set_codes) * n_tuples * cells
    dense = size <= _DENSE_TABLE
    lookup: npt.NDArray[np.int64] | None = None
    if n_classes**t <= _DENSE_CODES:
        lookup = np.full(n_classes**t, -1, dtype=np.int64)
        lookup[keys.set_codes] = np.arange(len(keys.set_codes))
    sums = np.zeros(size if dense else 0, dtype=np.int64)
    held: list[tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]] = []
    held_rows = merged = 0
    for rows, where, read in groups:
        if where.shape[1] < t:
            continue
        combos = _combos(where.shape[1], t)
        step = max(1, _BLOCK // len(combos))
        for start in range(0, len(rows), step):
            block = rows[start : start + step]
            flat = len(block) * len(combos)
            code = _set_codes(where[start : start + step][:, combos].reshape(flat, t), n_classes)
            if lookup is not None:
                sid = lookup[code]
            else:
                found = np.minimum(np.searchsorted(keys.set_codes, code), len(keys.set_codes) - 1)
                sid = np.where(keys.set_codes[found] == code, found, -1)
            hit = np.flatnonzero(sid >= 0)
            counts = read[start : start + step][:, combos].reshape(flat, t)[hit]
            source = block[hit // len(combos)]
            index = (sid[hit] * n_tuples + tuple_row[_base5(counts)]) * cells + cell[source]
            held.append((index, weight[source]))
            held_rows += len(index)
            # A dense table takes the rows held once they are as many as half its cells (a
            # bincount per block would build and convert the whole table each time).
            if dense and held_rows > max(size // 2, _BLOCK * 4):
                _bincounted(held, sums)
                held, held_rows = [], 0
            elif not dense and held_rows > max(_BLOCK * 4, 2 * merged):
                # Merged once the rows held have doubled since the last merge: entries that do
                # not merge are not sorted again for every block (quadratic with tens of
                # millions of them).
                held = [_summed(held)]
                held_rows = merged = len(held[0][0])
    if dense:
        _bincounted(held, sums)
        nonzero = np.flatnonzero(sums)
        return nonzero, sums[nonzero]
    if not held:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    return _summed(held)


def _bincounted(
    parts: list[tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]], sums: npt.NDArray[np.int64]
) -> None:
    """The rows held, added to the dense table ``sums``."""
    if parts:
        index = np.concatenate([p[0] for p in parts])
        exact_bincount(index, np.concatenate([p[1] for p in parts]), len(sums), sums)


def _summed(
    parts: list[tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]],
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """One entry per distinct index, the weights added exactly."""
    index = np.concatenate([p[0] for p in parts])
    weight = np.concatenate([p[1] for p in parts])
    unique, inverse = np.unique(index, return_inverse=True)
    return unique, exact_bincount(inverse.reshape(-1), weight, len(unique))


def _contract(
    index: npt.NDArray[np.int64],
    summed: npt.NDArray[np.int64],
    keys: _Keys,
    key_range: tuple[int, int],
    tuples: npt.NDArray[np.int64],
    n: npt.NDArray[np.int64],
    cells: int,
) -> npt.NDArray[np.int64]:
    """The sums per B cell of A's keys ``key_range`` (``lo``..``hi``, whole class sets; B's
    entries on those sets given): over B's entries on the key's class set, the entry divided
    by ``prod (n_c)_y`` (exact: a path's weight counts the cards of each class in every
    order) times ``prod |D(x, y)| = prod ((n_c)_y - (n_c - x_c)_y)``."""
    lo, hi = key_range
    n_tuples = len(tuples)
    sid = index // cells // n_tuples
    n_on = n[keys.set_classes[sid]]  # (entries, t)
    taken = tuples[(index // cells) % n_tuples]
    value = summed // np.maximum(FALLING[n_on, taken].prod(axis=1), 1)
    # Each entry once per A key on its set (the keys of a set are contiguous).
    many = np.diff(keys.set_start)[sid]
    rep = np.repeat(np.arange(len(sid)), many)
    key = np.repeat(keys.set_start[sid], many) + (
        np.arange(len(rep)) - np.repeat(np.cumsum(many) - many, many)
    )
    on, taken = n_on[rep], taken[rep]
    apart = FALLING[np.maximum(on - keys.key_x[key], 0), taken]
    factor = (FALLING[on, taken] - apart).prod(axis=1)
    cell = (key - lo) * cells + index[rep] % cells
    return exact_bincount(cell, value[rep] * factor, (hi - lo) * cells).reshape(hi - lo, cells)


def _key_blocks(
    keys: _Keys, index: npt.NDArray[np.int64], cells: int, n_tuples: int
) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """A's keys in blocks of whole class sets, each block's table (keys x cells) at most
    ``_BLOCK_CELLS`` where a set allows, with the slice of B's entries (ascending, so by set
    first) on its sets: ((first key, end), (first entry, end)). A table of every key at once
    can take gigabytes (a three-card draw against a two-card draw: 50 million cells, copied
    by the bincount and the running sums)."""
    n_sets, first = len(keys.set_codes), keys.set_start
    sid = index // (cells * n_tuples)
    blocks = []
    start = 0
    while start < n_sets:
        room = int(first[start]) + max(1, _BLOCK_CELLS // cells)
        end = min(max(int(np.searchsorted(first, room, "right")) - 1, start + 1), n_sets)
        e0, e1 = np.searchsorted(sid, [start, end])
        blocks.append(((int(first[start]), int(first[end])), (int(e0), int(e1))))
        start = end
    return blocks


def _reads(counts: npt.NDArray[np.int8]) -> list[tuple[int, int]]:
    """(number of classes read, paths reading that many), for each number read."""
    return list(enumerate(np.bincount((counts > 0).sum(axis=1)).tolist()))


def _set_rows(reads: Iterable[tuple[int, int]], most: int) -> list[int]:
    """The (path, class set) rows at each size of set up to ``most``: a path reading ``s``
    classes is one row per subset of them (``reads``: (s, paths) pairs)."""
    pairs = list(reads)
    return [sum(paths * math.comb(s, t) for s, paths in pairs) for t in range(most + 1)]


def check_key_rows(counts_a: npt.NDArray[np.int8], most_b: int, limit: int) -> None:
    """``TooManyDeals`` where A's (path, class set) rows for some size of set would pass
    ``limit``: known from A's paths and the most cards B can read, before B's are found."""
    _check_key_rows(_reads(counts_a), most_b, limit)


def _check_key_rows(reads_a: list[tuple[int, int]], most: int, limit: int) -> None:
    if max(_set_rows(reads_a, most), default=0) > limit:
        raise OverBudget(f"more than {limit} shared-class rows for the first player")


def shares_of(
    doubled: list[dict[int, int]], n_pool: int, total: int = 1
) -> tuple[Fraction, Fraction]:
    """A's and B's shares from ``pair_sums``' doubled sums over ``n_pool`` unseen cards; their
    probabilities must add up to exactly ``total`` (1 for every deal; a correction, 0)."""
    share_a, share_b, everything = (_fraction(d, n_pool) for d in doubled)
    if everything != total:  # pragma: no cover - the counts above are wrong
        raise RuntimeError(f"the paired paths' probabilities add up to {everything}, not {total}")
    return share_a, share_b


@dataclass(frozen=True, slots=True)
class _Plan:
    """Two players' paths made ready to pair, the budget's bounds checked (``_planned``):
    ``swap`` where B lists the class sets (the players exchanged), the paths grouped by the
    classes they read, each row's size and B's cell (its size and place among A's ranks)."""

    swap: bool
    n_classes: int
    groups_a: _Groups
    groups_b: _Groups
    most: int
    size_a: npt.NDArray[np.int64]
    index_a: npt.NDArray[np.int64]
    sizes_b: npt.NDArray[np.int64]
    cell_b: npt.NDArray[np.int64]
    cells: int
    places: int


_Side: TypeAlias = tuple[npt.NDArray[np.int8], npt.NDArray[np.int16], npt.NDArray[np.int64]]


def _bounded(a: _Side, b: _Side, budget: Budget, a_lists: bool) -> tuple[bool, _Side, _Side, int]:
    """Whether A and B change places (the player with fewer paths lists its class sets), the
    two in that order, and the largest shared class set; ``TooManyDeals`` past a bound that
    needs only how many classes each path reads: a few passes over the counts, so that a
    caller with several pairings checks them all before the first (a four-card draw's
    pairings took seconds each before the last one was refused)."""
    swap = len(b[1]) < len(a[1]) and not a_lists
    if swap:
        a, b = b, a
    counts_a, weight_a, counts_b, weight_b = a[0], a[2], b[0], b[2]
    # Each player's weights, and B's table (each entry at most all of B's weight), are summed
    # in int64 (numpy would wrap around silently); A's rows times B's sums in ``exact_dot``.
    mass = max(float(weight_a.astype(np.float64).sum()), float(weight_b.astype(np.float64).sum()))
    if mass * 4 > 2.0**62:
        raise TooManyDeals("the path counts are too large for exact sums")
    reads_a, reads_b = _reads(counts_a), _reads(counts_b)
    most = max(min(len(reads_a), len(reads_b)) - 1, 0)
    if 5**most > _DENSE_CODES:
        raise TooManyDeals("both players read too many classes")
    _check_key_rows(reads_a, most, budget.keys)
    listed_b = _listed_rows(reads_b, most)
    if listed_b > budget.rows:
        raise OverBudget(f"up to {listed_b} shared-class rows (limit {budget.rows})")
    return swap, a, b, most


def _listed_rows(reads_b: list[tuple[int, int]], most: int) -> int:
    """B's (path, class set) rows at every size of set up to ``most``, bounded before any is
    made (the filter by A's sets only lowers it)."""
    return sum(_set_rows(reads_b, most))


def _planned(a: _Side, b: _Side, n_classes: int, budget: Budget, a_lists: bool) -> _Plan:
    """The pairing's plan; ``TooManyDeals`` where a bound of ``budget`` would be passed, found
    before any table is built (the cells too where the budget checks first: A's keys counted
    at every size of shared class set)."""
    swap, (counts_a, rank_a, _), (counts_b, rank_b, _), most = _bounded(a, b, budget, a_lists)
    ranks = np.unique(rank_a)
    p = len(ranks)
    places = 2 * p + 1
    at = np.searchsorted(ranks, rank_b)
    place_b = 2 * at + (ranks[np.minimum(at, p - 1)] == rank_b)
    size_b = counts_b.sum(axis=1, dtype=np.int64)
    sizes_b = np.unique(size_b)
    cells = len(sizes_b) * places
    groups_a, groups_b = _supports(counts_a), _supports(counts_b)
    # Every size of set's cells, before the first table (``check_first``): a size past the
    # limit was found after the tables of the sizes paired before it, a minute of pairing.
    for t in range(most + 1) if budget.check_first else ():
        codes = _key_codes(groups_a, t, n_classes)
        if codes is not None and len(np.unique(codes[-1])) * cells > budget.cells:
            raise _too_many_cells(budget)
    return _Plan(
        swap,
        n_classes,
        groups_a,
        groups_b,
        most,
        counts_a.sum(axis=1, dtype=np.int64),
        np.searchsorted(ranks, rank_a).astype(np.int64),
        sizes_b,
        np.searchsorted(sizes_b, size_b).astype(np.int64) * places + place_b,
        cells,
        places,
    )


def _too_many_cells(budget: Budget) -> TooManyDeals:
    return OverBudget(f"more than {budget.cells} cells pairing the paths")


def check_pairing(
    a: _Side,
    b: _Side,
    n_classes: int,
    budget: Budget,
    a_lists: bool = False,
) -> None:
    """``TooManyDeals`` where ``pair_sums`` of these paths (counts, ranks, weights) would
    refuse before pairing: a caller with several pairings checks them all first, so that the
    last one's refusal does not come after the others' work. The bounds that need no table
    always; the cells (A's keys counted at every size of set) where ``budget.check_first``."""
    if budget.check_first:
        _planned(a, b, n_classes, budget, a_lists)
    else:
        _bounded(a, b, budget, a_lists)


def pair_sums(
    counts_a: npt.NDArray[np.int8],
    rank_a: npt.NDArray[np.int16],
    weight_a: npt.NDArray[np.int64],
    counts_b: npt.NDArray[np.int8],
    rank_b: npt.NDArray[np.int16],
    weight_b: npt.NDArray[np.int64],
    n: npt.NDArray[np.int64],
    budget: Budget,
    a_lists: bool = False,
) -> list[dict[int, int]]:
    """Two players' class paths (``counts`` per class, final rank, weight ``U``; ``n`` the
    unseen cards of each class) paired exactly: per number of cards both read ``m``, A's
    doubled share, B's and everything, each over ``2 (N)_m`` (``shares_of``);
    the paths need not cover every deal. ``TooManyDeals`` past ``budget`` (before any pairing
    where ``budget.check_first``). The player with fewer paths lists its class sets, A where
    ``a_lists`` (paths that do not pick every card of a class alike must: the other side's
    weights are divided by the ways to pick them)."""
    plan = _planned(
        (counts_a, rank_a, weight_a), (counts_b, rank_b, weight_b), len(n), budget, a_lists
    )
    if plan.swap:
        weight_a, weight_b = weight_b, weight_a
    n_classes, cells, sizes_b, places = plan.n_classes, plan.cells, plan.sizes_b, plan.places
    doubled: list[dict[int, int]] = [{}, {}, {}]  # A's share, B's share, everything
    for t in _largest_first(plan.groups_a, plan.most):
        keys = _keys_of_a(plan.groups_a, t, n_classes, plan.size_a, plan.index_a, weight_a)
        if keys is None:
            continue
        if len(keys.key_set) * cells > budget.cells:
            raise _too_many_cells(budget)
        tuples, tuple_row = _count_tuples(t, int(sizes_b[-1]))
        index, summed = _table_of_b(
            plan.groups_b, t, keys, n_classes, plan.cell_b, cells, weight_b, tuple_row
        )
        for (k0, k1), (e0, e1) in _key_blocks(keys, index, cells, len(tuples)):
            sums = _contract(index[e0:e1], summed[e0:e1], keys, (k0, k1), tuples, n, cells)
            r0, r1 = np.searchsorted(keys.row_key, [k0, k1])
            rows = slice(int(r0), int(r1))
            _accumulate(
                doubled,
                (keys.row_key[rows] - k0, keys.row_rank[rows], keys.row_weight[rows]),
                keys.row_size[rows],
                sums.reshape(-1, len(sizes_b), places),
                sizes_b,
                t % 2,
            )
    return [doubled[1], doubled[0], doubled[2]] if plan.swap else doubled


def _largest_first(groups_a: _Groups, most: int) -> list[int]:
    """The sizes of shared class set, the most (path, set) rows of A's first: each size is
    paired alone and the sums add up in any order, so a pairing past the cells' limit (at
    its larger sizes as a rule) is refused before the work of the others."""
    rows = _set_rows(((w.shape[1], len(r)) for r, w, _ in groups_a), most)
    return sorted(range(most + 1), key=lambda t: -rows[t])


def _accumulate(
    doubled: list[dict[int, int]],
    rows: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]],
    row_size: npt.NDArray[np.int64],
    sums: npt.NDArray[np.int64],
    sizes_b: npt.NDArray[np.int64],
    odd: int,
) -> None:
    """Adds A's rows (key in ``sums``, rank index, weight; and size) against B's sums (per
    key, B's size, B's place) to the doubled shares per number of cards read: a tie gives
    each half the pot; odd sets count negatively."""
    running = np.cumsum(sums, axis=2)
    k, i, w = rows
    sign = -1 if odd else 1
    for si, mb in enumerate(sizes_b.tolist()):
        below = running[k, si, 2 * i]  # B ranked lower: B wins
        tie = sums[k, si, 2 * i + 1]
        total = running[k, si, -1]
        for ma in np.unique(row_size).tolist():
            sel = row_size == ma
            weight = w[sel]
            low, even, every = below[sel], tie[sel], total[sel]
            parts = (2 * (every - low - even) + even, 2 * low + even, 2 * every)
            for store, part in zip(doubled, parts, strict=True):
                store[ma + mb] = store.get(ma + mb, 0) + sign * exact_dot(weight, part)


def _fraction(doubled: dict[int, int], n_pool: int) -> Fraction:
    """Doubled sums per number of cards read ``m`` as one fraction: each over ``2 (N)_m``."""
    return sum((Fraction(v, 2 * math.perm(n_pool, m)) for m, v in doubled.items()), Fraction(0))


def exact_dot(a: npt.NDArray[np.int64], b: npt.NDArray[np.int64]) -> int:
    """``sum(a * b)`` exactly for non-negative int64 arrays, whose products may pass int64
    (both players reading nine cards: weights near 2**40 against sums near 2**50): where they
    could, each is cut into 21-bit limbs, every limb product is below 2**42 and ``_DOT_ROWS`` of
    them add up below 2**62."""
    total = 0
    mask = np.int64((1 << _LIMB) - 1)
    for start in range(0, len(a), _DOT_ROWS):
        x, y = a[start : start + _DOT_ROWS], b[start : start + _DOT_ROWS]
        if float(x.max()) * float(y.max()) * len(x) < 2.0**61:
            total += int(np.dot(x, y))
            continue
        xs = [(x >> shift) & mask for shift in range(0, 63, _LIMB)]
        ys = [(y >> shift) & mask for shift in range(0, 63, _LIMB)]
        for i, xi in enumerate(xs):
            for j, yj in enumerate(ys):
                total += int(np.dot(xi, yj)) << (_LIMB * (i + j))
    return total
