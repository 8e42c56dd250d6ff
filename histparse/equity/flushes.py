"""Flushes apart: exact heads-up shares by ranks alone, corrected on the paths that hold a flush.

Tracking a suit splits each rank's class in two and multiplies the paths (two two-card draws
with three draws left: 57,000 paths each by ranks, 7.2 million with clubs and diamonds
tracked), yet a 2-7 hand cares about suits only when all five cards share one. Here each
player's process is also played **loose**: as if five cards of one suit were no flush. The
two part at the first moment they act apart (the event ``E``): a draw's decision on a flush
the policy would stand pat on as a low (a flush it would not stand pat on is broken alike:
the policy reads the rank only for that test), or the showdown holding a flush. Up to it they
read the same cards and make the same choices. With ``g`` a share of the pot, ``T`` and
``L`` each player's true and loose outcome on the same stub:

    g(T_A, T_B) = g(L_A, L_B)
                + 1[E_A] (g(T_A, L_B) - g(L_A, L_B))
                + 1[E_B] (g(L_A, T_B) - g(L_A, L_B))
                + 1[E_A] 1[E_B] (g(T_A, T_B) - g(T_A, L_B) - g(L_A, T_B) + g(L_A, L_B))

(the corrections vanish off ``E``). The first term pairs both loose processes by ranks alone:
suits never matter to them. The second pairs A's paths through ``E`` (true and loose, read by
the tracked classes) with B's loose paths by ranks: B's loose weight counts every suit of
each rank it reads alike, so only how many cards of each rank A read matters to it, and A's
paths are summed per rank (the third, the same with the players' roles swapped). The last
pairs both players' paths through ``E`` by the tracked classes. The paths through ``E`` are far
fewer than the tracked paths (9,800 a player in the example): the states that stand pat on a
flush at a decision, plus each other state's last draw served only from the one suit its kept
cards all surely are. Summed per rank they merge further (a million to 29,000 for a two-card
heart flush draw with three draws left).

Every count is an integer; the first term's probabilities add up to exactly 1 and each
correction's to exactly 0 (both checked).
"""

from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeAlias

import numpy as np
import numpy.typing as npt

from histparse.equity.budget import Budget
from histparse.equity.deal import Holding, OverBudget, Situation
from histparse.equity.evaluator import evaluate_ranks
from histparse.equity.joint import check_pairing, pair_sums, shares_of
from histparse.equity.policy import StandPat
from histparse.equity.ranked import (
    _ANY_SUIT,
    _EMPTY,
    _TAG_BITS,
    Classes,
    FlushPossible,
    RankPaths,
    _before_last,
    _by_code_and_rank,
    _discard,
    _fills,
    _final_paths,
    _joined,
    _last_serve,
    _rank_paths_of,
    _serve,
    _shares,
    _spare,
    _start,
    check_served,
    check_shares,
    check_stub,
    held_paths,
    served_bound,
    sure_flushes,
)

__all__ = ["flush_paths", "split_shares"]

_Rows: TypeAlias = tuple[
    npt.NDArray[np.int16], npt.NDArray[np.int8], npt.NDArray[np.int64], npt.NDArray[np.int64]
]  # hands, cards read per class, weights, codes
_Found: TypeAlias = list[
    tuple[npt.NDArray[np.int64], npt.NDArray[np.int16], npt.NDArray[np.int64]]
]  # (codes, ranks, weights) of final rows


def _take(rows: _Rows, which: npt.NDArray[np.bool_]) -> _Rows:
    return rows[0][which], rows[1][which], rows[2][which], rows[3][which]


def _join(a: _Rows, b: _Rows) -> _Rows:
    return (
        np.concatenate([a[0], b[0]]), np.concatenate([a[1], b[1]]),
        np.concatenate([a[2], b[2]]), np.concatenate([a[3], b[3]]),
    )  # fmt: skip


def _decide(rows: _Rows, holding: Holding, classes: Classes, left: int, index: int) -> _Rows:
    """The policy's discards, as ``ranked._states_before_last`` makes them."""
    if not len(rows[0]):
        return rows
    return _discard(rows[0], holding, classes, left, index), rows[1], rows[2], rows[3]


def _split(rows: _Rows) -> tuple[_Rows, _Rows]:
    """(the rows whose full hand is no flush, those whose hand is one), hands sorted."""
    hands = np.sort(rows[0], axis=1)
    sorted_rows = (hands, rows[1], rows[2], rows[3])
    flush = sure_flushes(hands) if len(hands) else np.zeros(0, dtype=np.bool_)
    return _take(sorted_rows, ~flush), _take(sorted_rows, flush)


def _parting(
    rows: _Rows, holding: Holding, classes: Classes, loose: Classes, left: int, index: int
) -> tuple[_Rows, _Rows]:
    """At a decision: (every row decided where the true and the loose process discard
    alike, the rows where they do not, undecided). Holding a flush is not enough to part:
    a flush the policy would not stand pat on as a low is broken the same way by both
    (``keep_mask`` reads the rank only for the stand-pat test), so only those it would are
    paths through ``E``, and the others stay with the rows that may part later."""
    rows, flushed = _split(rows)
    if len(flushed[0]):
        played = _discard(flushed[0], holding, classes, left, index)
        alike = (_discard(flushed[0], holding, loose, left, index) == played).all(axis=1)
        rows, flushed = _join(rows, _take(flushed, alike)), _take(flushed, ~alike)
    return _decide(rows, holding, classes, left, index), flushed


def _served(rows: _Rows, classes: Classes, limit: int) -> _Rows:
    if not len(rows[0]):
        return rows
    return _serve(*rows, classes, limit)


def _final(rows: _Rows, classes: Classes, limit: int) -> list[RankPaths]:
    """The rows' last draw, every multiset, ranked by ``classes``' rule."""
    return [_last_serve(*rows, classes, limit)] if len(rows[0]) else []


def _flush_draws(
    rows: _Rows, classes: Classes
) -> list[tuple[Classes, npt.NDArray[np.intp], npt.NDArray[np.intp]]]:
    """The last draws of the states not parted yet that may make a flush, per suit: the
    suit's classes (its cards, or the rank classes where a single suit is untracked), their
    indexes, and the rows whose kept cards are all surely of that suit."""
    hands = rows[0]
    need = (hands == _EMPTY).sum(axis=1)
    common = np.full(len(hands), _ANY_SUIT, dtype=np.int16)
    for j in range(5):
        common &= np.where(hands[:, j] == _EMPTY, _ANY_SUIT, hands[:, j] & _ANY_SUIT)
    # A rank class of several suits (the untracked ones) could complete a flush of one of
    # them, which ``sure_flushes`` would find unsure in a hand served from it: the caller
    # tracks more.
    suits = classes.suits
    untracked = int(np.bitwise_or.reduce(suits[(suits & (suits - 1)) != 0], initial=0))
    unsure = int(np.bitwise_or.reduce(common[need > 0], initial=0)) & untracked
    if unsure:
        raise FlushPossible("a last draw might make a flush", unsure)
    draws = []
    for s in range(4):
        bit = 1 << s
        sub = np.flatnonzero(classes.suits == bit)
        fits = (need > 0) & ((hands == _EMPTY) | ((hands & _ANY_SUIT) == bit)).all(axis=1)
        chosen = np.flatnonzero(fits)
        if not len(sub) or not len(chosen):
            continue
        suited = Classes(
            classes.count[sub], classes.rank[sub], classes.suits[sub], classes.place[sub]
        )
        draws.append((suited, sub, chosen))
    return draws


def check_flush_draws(rows: _Rows, classes: Classes, limit: int) -> None:
    """``OverBudget`` where the last draws of one suit (``_final_flushes``) could serve more
    than ``limit`` class cards, before any is served."""
    total = sum(
        served_bound(rows[0][chosen], suited.count, rows[1][chosen][:, sub])
        for suited, sub, chosen in _flush_draws(rows, classes)
    )
    if total > limit:
        raise OverBudget(
            f"up to {total} class cards served to one player's flush draws (limit {limit})"
        )


def _final_flushes(rows: _Rows, classes: Classes, limit: int, true: _Found, loose: _Found) -> None:
    """The last draws of the states not parted yet that make a flush: served only from the cards
    of the one suit every kept card surely is; each ranked both ways."""
    hands, counts, weight, code = rows
    for suited, sub, chosen in _flush_draws(rows, classes):
        for source, _, _, set_code, ways, filled in _fills(
            hands[chosen], counts[chosen][:, sub], suited, limit, int(weight[chosen].max())
        ):
            filled = np.sort(filled, axis=1)
            flush = sure_flushes(filled)
            at = chosen[source[flush]]
            full = code[at] + set_code[flush]
            w = weight[at] * ways[flush]
            ranks = filled[flush] >> _TAG_BITS
            true.append(_by_code_and_rank(full, evaluate_ranks(ranks, flush[flush]), w))
            loose.append(_by_code_and_rank(full, evaluate_ranks(ranks, ~flush[flush]), w))


def _as_paths(found: _Found, classes: Classes) -> RankPaths:
    found = [part for part in found if len(part[0])]
    if not found:
        return RankPaths(
            np.zeros((0, len(classes)), dtype=np.int8),
            np.zeros(0, dtype=np.int16),
            np.zeros(0, dtype=np.int64),
        )
    return _rank_paths_of(*_joined(found), classes)


def _stacked(parts: list[RankPaths]) -> RankPaths:
    """The paths of every part, as rows (a path in two parts is two rows: the pairing adds
    them up alike)."""
    return RankPaths(
        np.concatenate([p.counts for p in parts]),
        np.concatenate([p.rank for p in parts]),
        np.concatenate([p.weight for p in parts]),
    )


@dataclass(frozen=True, slots=True)
class _Before:
    """A player's rows before its last draw (or at the end, no draw left to serve): those
    that have not parted yet, and those through ``E`` as played and as the loose process."""

    rows: _Rows
    as_played: _Rows
    as_loose: _Rows
    draw_left: bool


def _before_last_draw(
    holding: Holding, draws_left: int, classes: Classes, budget: Budget
) -> _Before:
    loose = dataclasses.replace(classes, flushes=False)
    rows: _Rows = _start(holding, classes, budget.states)
    none = _take(rows, np.zeros(len(rows[0]), dtype=np.bool_))
    as_played, as_loose = none, none
    for index in range(draws_left):
        left = draws_left - index
        if not (index == 0 and holding.pending):
            if isinstance(holding.policy, StandPat):
                continue  # it never acts: a flush parts the processes at the showdown only
            rows, flushed = _parting(rows, holding, classes, loose, left, index)
            as_played, as_loose = _join(as_played, flushed), _join(as_loose, flushed)
            as_played = _decide(as_played, holding, classes, left, index)
            as_loose = _decide(as_loose, holding, loose, left, index)
        if index == draws_left - 1:
            return _Before(rows, as_played, as_loose, True)
        rows = _served(rows, classes, budget.states)
        as_played = _served(as_played, classes, budget.states)
        as_loose = _served(as_loose, loose, budget.states)
    # No draw served at the end (stand pat, no draw left): the hands as they are.
    rows, flushed = _split(rows)
    return _Before(rows, _join(as_played, flushed), _join(as_loose, flushed), False)


def _through(before: _Before, classes: Classes, budget: Budget) -> tuple[RankPaths, RankPaths]:
    """The paths through ``E`` from the rows before the last draw: as played, loose."""
    loose = dataclasses.replace(classes, flushes=False)
    if not before.draw_left:  # nothing served: the hands as they are
        return (
            held_paths(before.as_played[0], before.as_played[2], before.as_played[3], classes),
            held_paths(before.as_loose[0], before.as_loose[2], before.as_loose[3], loose),
        )
    true: _Found = []
    free: _Found = []
    _final_flushes(before.rows, classes, budget.flushes, true, free)
    # Paths through E are few where splitting pays: their full last draws are held to the
    # limit of a draw before the last (a flush draw's many would not pair).
    return (
        _stacked([*_final(before.as_played, classes, budget.states), _as_paths(true, classes)]),
        _stacked([*_final(before.as_loose, loose, budget.states), _as_paths(free, classes)]),
    )


def flush_paths(
    holding: Holding, draws_left: int, classes: Classes, budget: Budget
) -> tuple[RankPaths, RankPaths]:
    """The holding's paths through ``E`` (its true and loose processes part on a flush), by
    ``classes`` (which must track every suit a flush is possible in): as played, and as the
    loose process plays them from that flush on. ``FlushPossible`` when a flush of an
    untracked suit is possible."""
    return _through(_before_last_draw(holding, draws_left, classes, budget), classes, budget)


def _by_rank(paths: RankPaths, fine: Classes, coarse: Classes) -> RankPaths:
    """Paths read by ``fine`` classes, as cards read per rank (``coarse``'s classes), merged
    per (cards read, rank): the paths through a flush of a drawer of three cards with three
    draws left are a million by suits, some thirty thousand by ranks."""
    code = np.zeros(len(paths.rank), dtype=np.int64)
    place = coarse.place[np.searchsorted(coarse.rank, fine.rank)]
    for c in range(len(fine)):
        code += paths.counts[:, c].astype(np.int64) * place[c]
    return _rank_paths_of(*_by_code_and_rank(code, paths.rank, paths.weight), coarse)


@dataclass(frozen=True, slots=True)
class _Pairing:
    """One pairing of ``split_shares``: A's and B's paths, the unseen cards of each class,
    whether A lists its class sets (``joint.pair_sums``' ``a_lists``), the sign the sums are
    added with, and whether A and B's shares come back exchanged."""

    a: RankPaths
    b: RankPaths
    n: npt.NDArray[np.int64]
    keep_order: bool
    sign: int
    exchanged: bool = False

    def _paired(self, spare: int) -> bool:
        """Whether there is anything to pair; ``TooManyDeals`` where the stub could run out
        (more than ``spare`` cards read by both)."""
        if not len(self.a.rank) or not len(self.b.rank):
            return False
        check_stub(self.a, self.b, spare)
        return True

    def check(self, spare: int, budget: Budget) -> None:
        """``TooManyDeals`` where the pairing would refuse before pairing (``check_pairing``:
        its cells too under a budget that checks first)."""
        a, b = self.a, self.b
        if self._paired(spare):
            check_pairing(
                (a.counts, a.rank, a.weight), (b.counts, b.rank, b.weight), len(self.n), budget,
                a_lists=self.keep_order,
            )  # fmt: skip

    def sums(self, spare: int, budget: Budget) -> list[dict[int, int]]:
        """A's doubled share, B's and everything, per cards read (``joint.pair_sums``), the
        shares in the order of the players."""
        if not self._paired(spare):
            return [{}, {}, {}]
        a, b = self.a, self.b
        won_a, won_b, every = pair_sums(
            a.counts, a.rank, a.weight, b.counts, b.rank, b.weight, self.n, budget,
            a_lists=self.keep_order,
        )  # fmt: skip
        return [won_b, won_a, every] if self.exchanged else [won_a, won_b, every]


def _add(into: list[dict[int, int]], sign: int, sums: list[dict[int, int]]) -> None:
    for store, part in zip(into, sums, strict=True):
        for m, v in part.items():
            store[m] = store.get(m, 0) + sign * v


def split_shares(
    situation: Situation, budget: Budget, tracked: int
) -> tuple[tuple[Fraction, Fraction], tuple[int, int]]:
    """Both players' exact shares (and each one's loose paths or states, as ``ranked._shares``
    counts them), flushes apart; ``tracked``: the suits to track first (a flush was possible
    in the highest; spades too, every card then its own class, which costs little here: only
    the paths through a flush are read so). ``TooManyDeals`` past ``budget``."""
    # The paths through E first: they track suits, so a query past the budget is refused
    # there as soon as it would be without the split.
    while True:
        fine = Classes.of(situation.unseen, tracked)
        try:
            # Both players' draws before the last first: most refusals come there.
            before = [
                _before_last_draw(h, situation.draws_left, fine, budget) for h in situation.holdings
            ]
            for rows in before:  # the full last draws through E of both, bounded first
                if rows.draw_left:
                    check_served(rows.as_played[0], fine.count, budget.states)
                    check_served(rows.as_loose[0], fine.count, budget.states)
                    check_flush_draws(rows.rows, fine, budget.flushes)
            through = [_through(rows, fine, budget) for rows in before]
            break
        except FlushPossible as exc:
            wider = exc.wider(tracked)
            if wider == tracked:  # pragma: no cover - every suit tracked: every flush sure
                raise
            tracked = wider
    spare = _spare(situation)
    signed = ((1, 0), (-1, 1))  # (sign, which: 0 as played, 1 loose)
    # Every pairing's bounds come before the first is made, each group's (both players' paths
    # through E by the tracked classes, then each against the other's loose paths, then the
    # loose processes) before the next group's paths are found: those that need no table
    # under either budget, the cells too under one that checks first (each pairing costs
    # seconds to a minute under the full budget, and the one past it was found after the
    # others: a three-card against a two-card draw with three draws left was refused after
    # 70-95 s).
    pairings = [
        _Pairing(through[0][a], through[1][b], fine.count, False, sign_a * sign_b)
        for (sign_a, a), (sign_b, b) in itertools.product(signed, signed)
    ]
    for pairing in pairings:
        pairing.check(spare, budget)
    coarse = Classes.of(situation.unseen, 0, flushes=False)
    states = [_before_last(h, situation.draws_left, coarse, budget) for h in situation.holdings]
    paths: list[RankPaths | None] = [None, None]

    def final(player: int) -> RankPaths:
        # Served only where a pairing reads them: where the other player has no path through
        # E, the loose pairing may sum this player's last draw instead (a five-card draw's
        # 70 million class cards against a one-card draw with two draws left).
        found = paths[player]
        if found is None:
            found = paths[player] = _final_paths(situation, player, states[player], coarse, budget)
        return found

    for sign, which in signed:
        for player in (0, 1):
            if not len(through[player][which].rank):
                continue
            pairing = _Pairing(_by_rank(through[player][which], fine, coarse), final(1 - player),
                               coarse.count, True, sign, exchanged=player == 1)  # fmt: skip
            pairing.check(spare, budget)
            pairings.append(pairing)
    check_shares(situation, coarse, budget, final, states)
    if budget.check_first:
        budget = dataclasses.replace(budget, check_first=False)  # checked: not counted again
    # The loose pairing first: it is the largest as a rule, and its cells (counted as it
    # goes under the quick budget) were past the limit after seconds of the corrections'
    # pairings (the review's refusals: 0.44 s on average, 0.63 s with the loose one last).
    shares, sizes = _shares(situation, coarse, budget, final, states)
    sums: list[dict[int, int]] = [{}, {}, {}]
    for pairing in pairings:
        _add(sums, pairing.sign, pairing.sums(spare, budget))
    more_a, more_b = shares_of(sums, len(situation.unseen), total=0)
    return (shares[0] + more_a, shares[1] + more_b), sizes
