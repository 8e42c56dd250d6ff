"""One player's final class paths paired with the other's states before its last draw: the
last draw is summed into each pair, never listed as paths.

``joint.py`` pairs two players' final paths. A two-card drawer's last draw turns a few hundred
states into tens of thousands of paths (every class multiset it can be served, merged by cards
read and final rank), and the pairing then costs in proportion to those paths. Here B stays at
its states ``s`` (the kept hand ``h``, the cards read ``z``, the weight ``W``) and its last draw
of ``k`` cards is summed for each pair ``(a, s)``:

    P(a, s, R) = U_a W_s prod_c (n_c - x_c)_(z_c) / (n_c)_(z_c)
                 * k! prod_c C(n_c - x_c - z_c, R_c) / (N)_(m_a + |z| + k)

(the paths' formula of ``joint.py`` with ``y = z + R``). Only the second line depends on the
multiset ``R``, and through A's reads only on the classes A read: with ``v = n - z`` (what the
state leaves) each ``C(v_c - x_c, R_c) = sum_j C(v_c, R_c - j) C(-x_c, j)`` (Vandermonde), so the
sum over ``R`` of the outcomes (B's final rank against A's) is a sum over the multisets ``J`` of
at most ``k`` of A's classes, each ``prod_c C(-x_c, J_c)`` times ``F_s(J)``: the state's own last
draw with ``J`` served first. ``F_s`` of an empty ``J`` is the state's outcome counts (one row per
multiset, binned by A's ranks: states times multisets, not paths), of one class (``k = 2``) a
table per state and class, of ``k`` cards the rank of ``h + J`` alone. Every count is an integer
and the total is checked to be exactly 1. The multisets' ranks are given per kept hand
(``ranks``: ``[h, c, d]``, index ``C`` for no card), read for every state with that hand.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

import numpy as np
import numpy.typing as npt

from histparse.equity.deal import TooManyDeals
from histparse.equity.joint import exact_bincount

__all__ = ["PAIR_LIMIT", "pair_with_last_draw"]

PAIR_LIMIT: Final = 2_000_000
"""At most this many (path, state) pairs; beyond, ``TooManyDeals`` (the paths are paired)."""
TABLE_LIMIT: Final = 8_000_000
"""At most this many cells in the per-(state, class) table of a two-card last draw."""

_BLOCK: Final = 1 << 18  # pairs evaluated at once
_FALLING: Final = np.array(
    [[math.perm(n, j) if j <= n else 0 for j in range(6)] for n in range(53)], dtype=np.int64
)


def _supports(
    counts: npt.NDArray[np.int8], width: int
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.int64]]:
    """Each row's ``width`` classes read (ascending) and the counts on them: every row reads
    exactly ``width`` classes."""
    order = np.argsort(counts == 0, axis=1, kind="stable")[:, :width]
    return order, np.take_along_axis(counts, order, axis=1).astype(np.int64)


@dataclass(frozen=True, slots=True)
class _Tables:
    """B's states' outcome counts against A's ranks (below, tie: per state and A rank; total:
    per state), and for a two-card last draw the same per (slot, class) with class served
    first, the slot of each state (-1: not a two-card draw)."""

    below: npt.NDArray[np.int64]
    tie: npt.NDArray[np.int64]
    total: npt.NDArray[np.int64]
    first: (
        tuple[
            npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64],
            npt.NDArray[np.int64],
        ]
        | None
    )  # fmt: skip


def _pair_block(
    aa: npt.NDArray[np.intp],
    ss: npt.NDArray[np.intp],
    k: int,
    cls: npt.NDArray[np.intp],
    x: npt.NDArray[np.int64],
    index_a: npt.NDArray[np.intp],
    rank_a: npt.NDArray[np.int16],
    weight_a: npt.NDArray[np.int64],
    counts_t: npt.NDArray[np.int8],
    weight_b: npt.NDArray[np.int64],
    hand_b: npt.NDArray[np.intp],
    ranks: npt.NDArray[np.int16],
    tables: _Tables,
    n: npt.NDArray[np.int64],
    size_a: npt.NDArray[np.int64],
    size_s: npt.NDArray[np.int64],
    sizes: int,
) -> list[npt.NDArray[np.int64]]:
    """The doubled shares (A's, B's, everything) per total size of A's rows ``aa`` (reading
    the classes ``cls``, ``x`` of each) against B's states ``ss`` (each serving ``k``)."""
    i, r = index_a[aa][:, None], rank_a[aa][:, None]
    h = hand_b[ss][None, :]
    none = len(n)
    num = np.ones((len(aa), len(ss)), dtype=np.int64)
    den = np.ones((len(aa), len(ss)), dtype=np.int64)
    for j in range(cls.shape[1]):
        c, xc = cls[:, j], x[:, j, None]
        z = counts_t[c][:, ss]
        nc = n[c][:, None]
        num *= _FALLING[nc - xc, z]
        den *= _FALLING[nc, z]
    g = weight_b[ss][None, :] // den * num  # W_s prod (n - x)_z / (n)_z: exact (docstring)
    below = tables.below[ss[None, :], i]
    tie = tables.tie[ss[None, :], i]
    total = np.broadcast_to(tables.total[ss][None, :], below.shape)
    # Vandermonde: J of one class (coefficient -x_c) and of two (x_c x_d; C(x_c + 1, 2)).
    for j in range(cls.shape[1]):
        c, xc = cls[:, j, None], x[:, j, None]
        if k == 1:
            rb = ranks[h, c, none]
            below = below - xc * (rb < r)
            tie = tie - xc * (rb == r)
            total = total - xc
        elif k == 2 and tables.first is not None:
            below1, tie1, total1, slot = tables.first
            at = slot[ss][None, :] * none + c
            below = below - xc * below1[at, i]
            tie = tie - xc * tie1[at, i]
            total = total - xc * total1[at]
            for j2 in range(j, cls.shape[1]):
                d, xd = cls[:, j2, None], x[:, j2, None]
                coef = xc * (xc + 1) if j2 == j else 2 * xc * xd  # times 2!: two cards served
                rb = ranks[h, c, d]
                below = below + coef * (rb < r)
                tie = tie + coef * (rb == r)
                total = total + coef
    value = weight_a[aa][:, None] * g
    m = (size_a[aa][:, None] + size_s[ss][None, :]).ravel()
    parts = (2 * (total - below - tie) + tie, 2 * below + tie, 2 * total)
    return [exact_bincount(m, (value * part).ravel(), sizes) for part in parts]


def _binned(
    rows: npt.NDArray[np.int64], place: npt.NDArray[np.intp], weight: npt.NDArray[np.int64],
    n_rows: int, places: int,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:  # fmt: skip
    """Weights per (row, B's place among A's ranks), as below / tie / total per (row, A rank):
    ``below[r, i]`` is B ranked better than A's i-th rank, ``tie[r, i]`` equal to it."""
    table = exact_bincount(rows * places + place, weight, n_rows * places).reshape(n_rows, places)
    running = np.cumsum(table, axis=1)
    return running[:, 0:-1:2], table[:, 1::2], running[:, -1]


def pair_with_last_draw(
    counts_a: npt.NDArray[np.int8],
    rank_a: npt.NDArray[np.int16],
    weight_a: npt.NDArray[np.int64],
    counts_b: npt.NDArray[np.int8],
    weight_b: npt.NDArray[np.int64],
    hand_b: npt.NDArray[np.intp],
    ranks: npt.NDArray[np.int16],
    k_of_hand: npt.NDArray[np.int64],
    n: npt.NDArray[np.int64],
    n_pool: int,
) -> tuple[Fraction, Fraction]:
    """Both players' exact shares: A's final paths (counts per class, rank, weight ``U``) and
    B's states before its last draw (counts, weight, kept hand index), ``ranks[h, c, d]`` the
    rank of kept hand ``h`` served classes ``c`` and ``d`` (``C``: none; ``k_of_hand[h]`` cards
    to serve, at most 2), ``n`` the unseen cards of each class, ``n_pool`` all of them."""
    n_a, n_s, n_classes = len(rank_a), len(weight_b), len(n)
    if n_a * n_s > PAIR_LIMIT:
        raise TooManyDeals(f"{n_a * n_s} (path, state) pairs (limit {PAIR_LIMIT})")
    k_b = k_of_hand[hand_b]
    if int(k_b.max(initial=0)) > 2:
        raise TooManyDeals("a last draw of three cards or more is paired as paths")
    distinct = np.unique(rank_a)
    p = len(distinct)
    places = 2 * p + 1
    if n_s * n_classes * places > TABLE_LIMIT:
        raise TooManyDeals(f"more than {TABLE_LIMIT} cells of last-draw tables")
    index_a = np.searchsorted(distinct, rank_a)
    at = np.searchsorted(distinct, ranks)
    place = 2 * at + (distinct[np.minimum(at, p - 1)] == ranks)  # B's place per entry
    v0 = n[None, :] - counts_b.astype(np.int64)  # what each state leaves of each class
    none = n_classes  # the index for "no card" in ``ranks``

    # F_s(empty J): each state's last draw, one row per (state, multiset), binned by place.
    parts_rows, parts_place, parts_weight = [], [], []
    for k in (0, 1, 2):
        chosen = np.flatnonzero(k_b == k)
        if not len(chosen):
            continue
        h = hand_b[chosen]
        if k == 0:
            parts_rows.append(chosen)
            parts_place.append(place[h, none, none])
            parts_weight.append(np.ones(len(chosen), dtype=np.int64))
        elif k == 1:
            parts_rows.append(np.repeat(chosen, n_classes))
            parts_place.append(place[h, :n_classes, none].ravel())
            parts_weight.append(v0[chosen].ravel())
        else:
            c, d = np.triu_indices(n_classes)
            vc, vd = v0[chosen][:, c], v0[chosen][:, d]
            ways = np.where(c == d, vc * (vc - 1), 2 * vc * vd)
            parts_rows.append(np.repeat(chosen, len(c)))
            parts_place.append(place[h[:, None], c, d].ravel())
            parts_weight.append(ways.ravel())
    below0, tie0, total0 = _binned(
        np.concatenate(parts_rows), np.concatenate(parts_place),
        np.concatenate(parts_weight), n_s, places,
    )  # fmt: skip

    # F_s({c}) of a two-card last draw: class c served first, then any class d.
    two = np.flatnonzero(k_b == 2)
    slot = np.full(n_s, -1, dtype=np.int64)
    slot[two] = np.arange(len(two))
    if len(two):
        h = hand_b[two]
        rows = np.repeat(np.arange(len(two) * n_classes, dtype=np.int64), n_classes)
        where = place[h, :n_classes, :n_classes].ravel()
        ways = np.repeat(2 * v0[two], n_classes, axis=0).ravel()
        below1, tie1, total1 = _binned(rows, where, ways, len(two) * n_classes, places)

    size_a = counts_a.sum(axis=1, dtype=np.int64)
    size_s = counts_b.sum(axis=1, dtype=np.int64) + k_b
    # A pair's value times A's weight must stay within int64: bounded before the products.
    top = float(weight_a.max()) * float(weight_b.max()) * float(total0.max(initial=1)) * 8
    if top >= 2.0**62:
        raise TooManyDeals("the path counts are too large for exact sums")
    smallest = int(size_a.min()) + int(size_s.min())
    sizes = int(size_a.max()) + int(size_s.max()) - smallest + 1
    doubled = [[0] * sizes for _ in range(3)]
    width_a = (counts_a > 0).sum(axis=1)
    counts_t = np.ascontiguousarray(counts_b.T)
    tables = _Tables(below0, tie0, total0, None)
    if len(two):
        tables = _Tables(below0, tie0, total0, (below1, tie1, total1, slot))
    # Pairs a block at a time, A's rows of one support size against B's states of one k: every
    # operation applies to the whole block.
    for k in np.unique(k_b).tolist():
        ss = np.flatnonzero(k_b == k)
        for w in np.unique(width_a).tolist():
            rows = np.flatnonzero(width_a == w)
            cls, x = _supports(counts_a[rows], w)
            step = max(1, _BLOCK // len(ss))
            for first in range(0, len(rows), step):
                aa = rows[first : first + step]
                part = slice(first, first + step)
                sums = _pair_block(
                    aa, ss, k, cls[part], x[part], index_a, rank_a, weight_a, counts_t,
                    weight_b, hand_b, ranks, tables, n, size_a, size_s - smallest, sizes,
                )  # fmt: skip
                for row in range(3):
                    for j, v in enumerate(sums[row].tolist()):
                        doubled[row][j] += int(v)
    share_a, share_b, whole = (
        sum(
            (Fraction(int(v), 2 * math.perm(n_pool, smallest + j))
             for j, v in enumerate(doubled[row])),
            Fraction(0),
        )
        for row in range(3)
    )  # fmt: skip
    if whole != 1:  # pragma: no cover - the counts above are wrong
        raise RuntimeError(f"the paired paths' probabilities add up to {whole}, not 1")
    return share_a, share_b
