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
from histparse.equity.joint import FALLING, exact_bincount

__all__ = ["PAIR_LIMIT", "pair_with_last_draw"]

PAIR_LIMIT: Final = 2_000_000
"""At most this many (path, state) pairs; beyond, ``TooManyDeals`` (the paths are paired)."""
TABLE_LIMIT: Final = 8_000_000
"""At most this many cells in the per-(state, class) table of a two-card last draw."""

_BLOCK: Final = 1 << 18  # pairs evaluated at once


def _supports(
    counts: npt.NDArray[np.int8], width: int
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.int64]]:
    """Each row's ``width`` classes read (ascending) and the counts on them: every row reads
    exactly ``width`` classes."""
    order = np.argsort(counts == 0, axis=1, kind="stable")[:, :width]
    return order, np.take_along_axis(counts, order, axis=1).astype(np.int64)


@dataclass(frozen=True, slots=True)
class _Tables:
    """B's states' outcome counts against A's ranks: ``won[s, i]`` twice the ways B ranks
    better than A's i-th rank plus the ways it ties (B's doubled share), ``total[s]`` all the
    ways; ``first``: the same per (slot, class) of a two-card last draw with that class served
    first, and each state's slot (-1: not a two-card draw)."""

    won: npt.NDArray[np.int64]
    total: npt.NDArray[np.int64]
    first: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]] | None


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
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """B's doubled share and everything, per total size (A's ``size_a`` plus each state's
    ``size_s``, counted from the smallest), of A's rows ``aa`` (reading the classes ``cls``,
    ``x`` of each) against B's states ``ss`` (each serving ``k``)."""
    i, r = index_a[aa][:, None], rank_a[aa][:, None].astype(np.int64)
    h = hand_b[ss][None, :]
    none = len(n)
    g = np.broadcast_to(weight_b[ss][None, :], (len(aa), len(ss)))
    if cls.shape[1]:
        num = np.ones((len(aa), len(ss)), dtype=np.int64)
        den = np.ones((len(aa), len(ss)), dtype=np.int64)
        for j in range(cls.shape[1]):
            c, xc = cls[:, j], x[:, j, None]
            z = counts_t[c][:, ss]
            nc = n[c][:, None]
            num *= FALLING[nc - xc, z]
            den *= FALLING[nc, z]
        g = g // den * num  # W_s prod (n - x)_z / (n)_z: exact (see the docstring)
    won = tables.won[ss[None, :], i]
    total = np.broadcast_to(tables.total[ss][None, :], won.shape)
    # Vandermonde: J of one class (coefficient -x_c) and of two (x_c x_d; C(x_c + 1, 2)).
    # A served hand's doubled share for B: 2 if it ranks better than A's, 1 if equal, else 0.
    for j in range(cls.shape[1]):
        c, xc = cls[:, j, None], x[:, j, None]
        if k == 1:
            won = won - xc * (np.sign(r - ranks[h, c, none]) + 1)
            total = total - xc
        elif k == 2 and tables.first is not None:
            won1, total1, slot = tables.first
            at = slot[ss][None, :] * none + c
            won = won - xc * won1[at, i]
            total = total - xc * total1[at]
            for j2 in range(j, cls.shape[1]):
                d, xd = cls[:, j2, None], x[:, j2, None]
                coef = xc * (xc + 1) if j2 == j else 2 * xc * xd  # times 2!: two cards served
                won = won + coef * (np.sign(r - ranks[h, c, d]) + 1)
                total = total + coef
    value = (weight_a[aa][:, None] * g).ravel()
    m = (size_a[aa][:, None] + size_s[ss][None, :]).ravel()
    return exact_bincount(m, value * won.ravel(), sizes), exact_bincount(
        m, value * total.ravel(), sizes
    )


def _binned(
    rows: npt.NDArray[np.int64], place: npt.NDArray[np.intp], weight: npt.NDArray[np.int64],
    n_rows: int, places: int,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:  # fmt: skip
    """Weights per (row, B's place among A's ranks), as B's doubled share against each of A's
    ranks (twice the weight ranked better plus the weight tied) and the total per row."""
    table = exact_bincount(rows * places + place, weight, n_rows * places).reshape(n_rows, places)
    running = np.cumsum(table, axis=1)
    return 2 * running[:, 0:-1:2] + table[:, 1::2], running[:, -1]


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
    won0, total0 = _binned(
        np.concatenate(parts_rows), np.concatenate(parts_place),
        np.concatenate(parts_weight), n_s, places,
    )  # fmt: skip

    # F_s({c}) of a two-card last draw: class c served first, then any class d.
    two = np.flatnonzero(k_b == 2)
    slot = np.full(n_s, -1, dtype=np.int64)
    slot[two] = np.arange(len(two))
    if len(two):
        h = hand_b[two]
        first_c = np.repeat(np.arange(len(two) * n_classes, dtype=np.int64), n_classes)
        where = place[h, :n_classes, :n_classes].ravel()
        ways = np.repeat(2 * v0[two], n_classes, axis=0).ravel()
        won1, total1 = _binned(first_c, where, ways, len(two) * n_classes, places)

    size_a = counts_a.sum(axis=1, dtype=np.int64)
    size_s = counts_b.sum(axis=1, dtype=np.int64) + k_b
    # A pair's value times A's weight must stay within int64: bounded before the products.
    top = float(weight_a.max()) * float(weight_b.max()) * float(total0.max(initial=1)) * 8
    if top >= 2.0**62:
        raise TooManyDeals("the path counts are too large for exact sums")
    smallest = int(size_a.min()) + int(size_s.min())
    sizes = int(size_a.max()) + int(size_s.max()) - smallest + 1
    won, total = [0] * sizes, [0] * sizes  # B's doubled share, everything: per total size
    width_a = (counts_a > 0).sum(axis=1)
    counts_t = np.ascontiguousarray(counts_b.T)
    tables = _Tables(won0, total0, (won1, total1, slot) if len(two) else None)
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
                block = slice(first, first + step)
                sums = _pair_block(
                    aa, ss, k, cls[block], x[block], index_a, rank_a, weight_a, counts_t,
                    weight_b, hand_b, ranks, tables, n, size_a, size_s - smallest, sizes,
                )  # fmt: skip
                for j, (v, t) in enumerate(zip(*(sum_.tolist() for sum_ in sums), strict=True)):
                    won[j] += v
                    total[j] += t
    # Doubled shares over 2 (N)_m: A's is twice everything less B's (a tie is half each).
    doubled = ([2 * t - w for w, t in zip(won, total, strict=True)], won, [2 * t for t in total])
    share_a, share_b, whole = (
        sum(
            (Fraction(v, 2 * math.perm(n_pool, smallest + j)) for j, v in enumerate(part)),
            Fraction(0),
        )
        for part in doubled
    )
    if whole != 1:  # pragma: no cover - the counts above are wrong
        raise RuntimeError(f"the paired paths' probabilities add up to {whole}, not 1")
    return share_a, share_b
