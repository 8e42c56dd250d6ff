"""Exact heads-up equity by card classes: the paths method of ``exact.py`` on ranks, with the
suits tracked only where a flush can happen.

A 2-7 hand cares about suits only for a flush. The unseen cards are split into classes: the
cards of the tracked suits ``S`` one by one, the others by rank (one class per rank: its unseen
cards of the suits not in ``S``). Two cards of one class are as good as each other to both
policies and to the showdown as long as no hand that might be a flush of an untracked suit is
ever held, so a player's path needs only how many cards of each class it read and its final rank
number: paths are far fewer than card sets (a two-card draw with three draws left: thousands of
class multisets where cards give millions of sets).

Probabilities stay exact integers over ``(N)_m``. Served ``k`` cards with ``R_c`` of class
``c`` while ``avail_c`` of its cards are unseen and unread, a path gains ``k! * prod_c
C(avail_c, R_c)`` (the card sets, each in ``k!`` orders), so that its weight ``U`` counts the
card-level paths it stands for. Two paths read disjoint cards in ``prod_c (n_c)_(x_c + y_c)``
of the ways where alone they count ``(n_c)_x_c (n_c)_y_c``, so B's weight given A's ``x`` is
``U_b prod_c (n_c - x_c)_y_c / (n_c)_y_c``. Writing ``(n - x)_y = (n)_y + D(x, y)`` (``D`` is
zero unless both read the class) and expanding the product over the sets ``T`` of classes both
read gives the inclusion-exclusion of ``exact.py`` with class sets in place of card sets: A's
rows per ``(T, x on T)``, B's per ``(T, y on T)`` weighted ``U_b / prod_{c in T} (n_c)_y_c``,
and each matching pair times ``prod_{c in T} D_c(x_c, y_c)``; ``joint.py`` sums them without
listing the pairs.

Each held card carries the set of suits it may be (one for a known card or a tracked one, the
untracked suits for a card of a rank class). When a policy throws one card of a pair, the one
kept is the lower card (``keep_mask``'s order: the lower suit), so its set becomes the suits
the lower of the two may have. A hand of five ranks whose cards all surely have one suit is a
flush; one where a suit is in every card's set but not surely is ambiguous, and the method
tries again tracking every suit up to that one (clubs; clubs and diamonds; clubs, diamonds and
hearts: a card of a tracked suit is never displaced by a pair's lower card of an untracked
suit, so a flush of a tracked suit is then sure or impossible); a spade flush possible makes it
refuse (``FlushPossible``), and the card-level method answers. ``exact_by_ranks`` tracks no
suit at all first; where a flush is possible it puts flushes apart instead (``flushes.py``:
the paths by ranks, corrected on the few through a flush, read with the suits tracked).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Final

import numpy as np
import numpy.typing as npt

from histparse.equity.budget import QUICK, Budget
from histparse.equity.deal import Holding, OverBudget, Situation, TooManyDeals
from histparse.equity.evaluator import evaluate_ranks
from histparse.equity.exact import merged_rows
from histparse.equity.joint import CHOOSE, check_key_rows, check_pairing, pair_sums, shares_of
from histparse.equity.lastdraw import pair_with_last_draw
from histparse.equity.policy import StandPat, keep_mask

__all__ = [
    "Classes",
    "FlushPossible",
    "RankPaths",
    "exact_by_ranks",
    "rank_paths",
]

_EMPTY: Final = -1
_WAITING: Final = 30_000  # a place the hidden cards are not read into
_TAG_BITS: Final = 4  # a held card: rank * 16 + the set of suits it may be (4 bits)
_ANY_SUIT: Final = 15
_MOST_TRACKED: Final = 7  # clubs, diamonds, hearts: with spades too every card is its own class
_BLOCK: Final = 1 << 21  # (rows x multisets x classes) compared at once
_HELD: Final = 1 << 22  # last-draw rows held before they are merged
_WEIGHT_BITS: Final = 42  # path weights below 2**42 before a draw (see _fills)
PAIR_WORK: Final = 6
"""Pairs of (final path, state) worth one (state, multiset) row of a last draw not listed."""


class FlushPossible(TooManyDeals):
    """A hand might be a flush of a suit the classes do not track."""

    def __init__(self, message: str, suits: int) -> None:
        super().__init__(message)
        self.suits = suits

    def wider(self, tracked: int) -> int:
        """``tracked`` with every suit up to the highest a flush was possible in (a lower card
        of a pair can take a place): then its cards, and those that can displace them, are
        known one by one."""
        return tracked | (1 << self.suits.bit_length()) - 1


def _lower_suits() -> npt.NDArray[np.int16]:
    """``[m1, m2]``: the suits the lower of two cards of one rank may have, the first of suit
    set ``m1``, the second of ``m2`` (the lower suit index is the lower card)."""
    out = np.zeros((16, 16), dtype=np.int16)
    for m1, m2 in itertools.product(range(16), repeat=2):
        for s1, s2 in itertools.product(range(4), repeat=2):
            if s1 != s2 and m1 >> s1 & 1 and m2 >> s2 & 1:
                out[m1, m2] |= 1 << min(s1, s2)
    return out


_LOWER: Final = _lower_suits()


@dataclass(frozen=True, slots=True, eq=False)
class Classes:
    """The unseen cards' classes: how many cards each holds, their rank, the suits they may
    be, and each class's place value in a path's code (mixed radix: the digit of a class runs
    0..count, so a code stays below the product of (count + 1), at most 2**52)."""

    count: npt.NDArray[np.int64]
    rank: npt.NDArray[np.int64]
    suits: npt.NDArray[np.int64]
    place: npt.NDArray[np.int64]
    flushes: bool = True
    """False: every hand is ranked, and played, as if five cards of one suit were no flush
    (the loose process of ``flushes.py``: suits then never matter)."""

    @classmethod
    def of(cls, unseen: tuple[int, ...], tracked: int, flushes: bool = True) -> Classes:
        """The classes of ``unseen`` with the suits of the bit set ``tracked`` one by one."""
        count, rank, suits = [], [], []
        for r in range(13):
            n = sum(1 for c in unseen if c >> 2 == r and not tracked >> (c & 3) & 1)
            if n:
                count.append(n)
                rank.append(r)
                suits.append(_ANY_SUIT & ~tracked)
        for c in unseen:
            if tracked >> (c & 3) & 1:
                count.append(1)
                rank.append(c >> 2)
                suits.append(1 << (c & 3))
        counts = np.array(count, dtype=np.int64)
        place = np.cumprod(np.concatenate([[1], counts[:-1] + 1])).astype(np.int64)
        return cls(
            counts, np.array(rank, dtype=np.int64), np.array(suits, dtype=np.int64), place,
            flushes,
        )  # fmt: skip

    def __len__(self) -> int:
        return len(self.count)

    def _key(self) -> tuple[bytes, bytes, bytes, bool]:
        return self.count.tobytes(), self.rank.tobytes(), self.suits.tobytes(), self.flushes

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Classes) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


@cache
def _members(classes: int, k: int) -> npt.NDArray[np.intp]:
    """Every multiset of ``k`` of ``classes`` classes (at most four of one), as its classes in
    ascending order (``k`` columns), in ``combinations_with_replacement``'s order."""
    if k == 0:
        return np.zeros((1, 0), dtype=np.intp)
    flat = itertools.chain.from_iterable(itertools.combinations_with_replacement(range(classes), k))
    members = np.fromiter(flat, dtype=np.intp).reshape(-1, k)
    if k == 5:  # five of one class is no hand (a rank has four cards)
        members = members[members[:, 0] != members[:, 4]]
    return members


@cache
def _multisets(classes: int, k: int) -> npt.NDArray[np.int8]:
    """Every multiset of ``k`` of ``classes`` classes (at most four of one), as counts."""
    members = _members(classes, k)
    at = (np.arange(len(members))[:, None] * classes + members).ravel()
    counts = np.bincount(at, minlength=len(members) * classes)
    return counts.astype(np.int8).reshape(len(members), classes)


def _multiset_count(classes: int, k: int) -> int:
    """``len(_multisets(classes, k))`` without listing them: five of one class is no hand."""
    return math.comb(classes + k - 1, k) - (classes if k == 5 else 0)


@dataclass(frozen=True, slots=True)
class RankPaths:
    """One player's distinct outcomes by classes: the cards read of each class, the final
    hand's rank number, and the weight ``U`` (the card-level paths they stand for)."""

    counts: npt.NDArray[np.int8]
    rank: npt.NDArray[np.int16]
    weight: npt.NDArray[np.int64]

    @property
    def sizes(self) -> npt.NDArray[np.int64]:
        """How many cards each path reads."""
        sizes: npt.NDArray[np.int64] = self.counts.sum(axis=1, dtype=np.int64)
        return sizes


def _ranks_of(hands: npt.NDArray[np.int16], flushes: bool = True) -> npt.NDArray[np.int16]:
    """The rank numbers of full sorted hands; ``FlushPossible`` when one might be a flush of
    a suit not surely every card's. ``flushes=False``: as if no hand were a flush."""
    if not flushes:
        return evaluate_ranks(hands >> _TAG_BITS, np.zeros(len(hands), dtype=np.bool_))
    return evaluate_ranks(hands >> _TAG_BITS, sure_flushes(hands))


def sure_flushes(hands: npt.NDArray[np.int16]) -> npt.NDArray[np.bool_]:
    """Which full sorted hands are flushes: five ranks, every card surely of one suit;
    ``FlushPossible`` when one might be a flush of a suit not surely every card's."""
    ranks = hands >> _TAG_BITS
    suits = hands & _ANY_SUIT
    # Column by column: numpy's reductions along an axis of five are slow.
    distinct = np.ones(len(hands), dtype=np.bool_)
    common = suits[:, 0].copy()
    one = np.ones(len(hands), dtype=np.bool_)
    for j in range(5):
        column = suits[:, j]
        one &= (column & (column - 1)) == 0  # a card of one sure suit
        if j:
            distinct &= ranks[:, j] != ranks[:, j - 1]
            common &= column
    flush = distinct & (common != 0) & one
    unsure = distinct & (common != 0) & ~flush
    if bool(unsure.any()):
        raise FlushPossible("a hand might be a flush", int(np.bitwise_or.reduce(common[unsure])))
    sure: npt.NDArray[np.bool_] = flush
    return sure


def _kept_suits(hands: npt.NDArray[np.int16], keep: npt.NDArray[np.bool_]) -> None:
    """The suits a kept card of a pair may have once the other is thrown: the lower card's
    (in place). A group of one rank is contiguous in a sorted hand, its first card the kept."""
    ranks = hands >> _TAG_BITS
    rows = np.arange(len(hands))
    head = np.zeros(len(hands), dtype=np.intp)
    for j in range(1, 5):
        same = ranks[:, j] == ranks[:, j - 1]
        head = np.where(same, head, j)
        fold = same & ~keep[:, j] & keep[rows, head]
        if fold.any():
            r, h = rows[fold], head[fold]
            merged = _LOWER[hands[r, h] & _ANY_SUIT, hands[r, j] & _ANY_SUIT]
            hands[r, h] = (hands[r, h] & ~_ANY_SUIT) | merged


def _merge(
    hands: npt.NDArray[np.int16],
    counts: npt.NDArray[np.int8],
    weight: npt.NDArray[np.int64],
    code: npt.NDArray[np.int64],
) -> tuple[
    npt.NDArray[np.int16], npt.NDArray[np.int8], npt.NDArray[np.int64], npt.NDArray[np.int64]
]:
    """One row per distinct (sorted hand, cards read per class: ``code``), weights added."""
    hands = np.sort(hands, axis=1)
    first, summed = merged_rows(hands, code, weight)
    return hands[first], counts[first], summed, code[first]


@cache
def _multiset_parts(classes: int, k: int) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.int64]]:
    """Each multiset of ``_multisets(classes, k)`` as its classes (``k`` columns, repeated
    classes padded with the first) and how many of each (0 on the padding)."""
    members = _members(classes, k)
    rows = np.arange(len(members))[:, None]
    new = np.ones(members.shape, dtype=np.bool_)
    new[:, 1:] = members[:, 1:] != members[:, :-1]
    slot = np.cumsum(new, axis=1) - 1  # each member's place among its multiset's classes
    which = np.repeat(members[:, :1], k, axis=1) if k else members.copy()
    which[np.broadcast_to(rows, slot.shape)[new], slot[new]] = members[new]
    many = np.zeros(members.shape, dtype=np.int64)
    np.add.at(many, (np.broadcast_to(rows, slot.shape), slot), 1)
    return which, many


def _fitting_count(capacity: npt.NDArray[np.int64], k: int) -> int:
    """How many multisets of ``k`` classes take at most ``capacity[c]`` cards of class ``c``:
    the coefficient of ``x**k`` in the product of ``1 + x + ... + x**capacity[c]``."""
    poly = [1] + [0] * k
    for cap in capacity.tolist():
        for i in range(k, 0, -1):  # in place, high powers first: each old term read once
            poly[i] += sum(poly[max(0, i - cap) : i])
    return poly[k]


def served_bound(
    hands: npt.NDArray[np.int16],
    capacity: npt.NDArray[np.int64],
    counts: npt.NDArray[np.int8] | None = None,
) -> int:
    """The most class cards serving every class multiset the classes' cards (``capacity``,
    each class's count) allow to the hands' empty places could take. With the cards each row
    read (``counts``) and classes of one card each (a suit's cards), the count is exact per
    row."""
    need = (hands == _EMPTY).sum(axis=1)
    if counts is not None and len(capacity) and int(capacity.max()) <= 1:
        left = (capacity[None, :] - counts).sum(axis=1)
        return int((CHOOSE[left, need] * need).sum())
    sizes = np.bincount(need, minlength=6)
    return sum(int(sizes[k]) * _fitting_count(capacity, k) * k for k in range(1, 6) if sizes[k])


def check_served(
    hands: npt.NDArray[np.int16],
    capacity: npt.NDArray[np.int64],
    limit: int,
    counts: npt.NDArray[np.int8] | None = None,
) -> None:
    """``TooManyDeals`` where serving every class multiset the classes' cards (``capacity``,
    each class's count) allow to the hands' empty places could pass ``limit`` class cards:
    the cost of a draw is in the cards it serves (rows times cards, each gathered, placed and
    ranked), bounded before any row is made (``served_bound``)."""
    at_most = served_bound(hands, capacity, counts)
    if at_most > limit:
        raise OverBudget(f"up to {at_most} class cards served to one player (limit {limit})")


def _fills(
    hands: npt.NDArray[np.int16],
    counts: npt.NDArray[np.int8],
    classes: Classes,
    limit: int,
    weight_max: int,
) -> Iterator[
    tuple[
        npt.NDArray[np.intp],
        npt.NDArray[np.int8],
        npt.NDArray[np.intp],
        npt.NDArray[np.int64],
        npt.NDArray[np.int64],
        npt.NDArray[np.int16],
    ]
]:
    """Every class multiset that can fill each row's empty places, a block at a time: the
    rows served, the multisets of that size (counts per class) and which one each row takes,
    their codes, the number of ways (card
    sets in every order) and the hands filled. ``TooManyDeals`` past ``limit`` rows, before
    any is made when the rows times the multisets of their size already exceed it."""
    need = (hands == _EMPTY).sum(axis=1)
    card = ((classes.rank << _TAG_BITS) | classes.suits).astype(np.int16)
    if float(weight_max) >= 2.0**_WEIGHT_BITS:
        # A draw multiplies a weight by at most 5! * 6**5 < 2**20: int64 stays exact below.
        raise TooManyDeals("the path counts are too large for exact sums")
    check_served(hands, classes.count, limit, counts)
    total = 0
    for k in np.unique(need).tolist():
        rows = np.flatnonzero(need == k)
        if k == 0:
            none = np.zeros((len(rows), len(classes)), dtype=np.int8)
            zero = np.zeros(len(rows), dtype=np.int64)
            yield rows, none, np.zeros(len(rows), dtype=np.intp), zero, zero + 1, hands[rows]
            continue
        sets = _multisets(len(classes), k)
        which, many = _multiset_parts(len(classes), k)
        # A multiset taking more of a class than it holds fits no row (two of a class of one
        # card: most of them where a suit's cards are classes of one).
        fit = (many <= classes.count[which]).all(axis=1)
        if not fit.all():
            sets, which, many = sets[fit], which[fit], many[fit]
        if not len(sets):  # fewer cards than a multiset needs
            continue
        set_code = sets.astype(np.int64) @ classes.place
        # The classes of each multiset in order, k per row: where its counts say.
        members = np.repeat(np.tile(np.arange(len(classes)), len(sets)), sets.ravel())
        served = card[members].reshape(len(sets), k)
        step = max(1, _BLOCK // (len(sets) * k))
        for first in range(0, len(rows), step):
            block = rows[first : first + step]
            avail = classes.count[None, :] - counts[block].astype(np.int64)
            # A multiset fits where each of its (at most k) classes has enough cards left:
            # k gathers per (row, multiset), not one comparison per class.
            left = avail[:, which]  # (rows, multisets, k)
            fits = left[:, :, 0] >= many[None, :, 0]
            for j in range(1, k):
                fits &= left[:, :, j] >= many[None, :, j]
            ri, mi = np.nonzero(fits)
            total += len(ri) * k
            if total > limit:  # pragma: no cover - the bound above holds
                raise OverBudget(f"more than {limit} class cards served to one player")
            chosen, taken = left[ri, mi], many[mi]
            ways = CHOOSE[chosen[:, 0], taken[:, 0]] * math.factorial(k)
            for j in range(1, k):
                ways *= CHOOSE[chosen[:, j], taken[:, j]]
            h = hands[block][ri]
            h[h == _EMPTY] = served[mi].ravel()
            yield block[ri], sets, mi, set_code[mi], ways, h


def _serve(
    hands: npt.NDArray[np.int16],
    counts: npt.NDArray[np.int8],
    weight: npt.NDArray[np.int64],
    code: npt.NDArray[np.int64],
    classes: Classes,
    limit: int,
) -> tuple[
    npt.NDArray[np.int16], npt.NDArray[np.int8], npt.NDArray[np.int64], npt.NDArray[np.int64]
]:
    """Every class multiset that can fill each row's empty places, with its number of ways;
    rows equal in hand and cards read merged. ``code``: each row's ``counts @
    classes.place``, carried along (a multiset adds its own code)."""
    out_h, out_c, out_w, out_k = [], [], [], []
    most = int(weight.max())
    for source, sets, chosen, set_code, ways, filled in _fills(hands, counts, classes, limit, most):
        out_h.append(filled)
        out_c.append(counts[source] + sets[chosen])
        out_w.append(weight[source] * ways)
        out_k.append(code[source] + set_code)
    hands, counts = np.concatenate(out_h), np.concatenate(out_c)
    weight, code = np.concatenate(out_w), np.concatenate(out_k)
    return _merge(hands, counts, weight, code)


def _by_code_and_rank(
    code: npt.NDArray[np.int64], rank: npt.NDArray[np.int16], weight: npt.NDArray[np.int64]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int16], npt.NDArray[np.int64]]:
    """One row per (cards read, final rank), weights added."""
    if len(code) and int(code.max()) < 1 << 49:
        order = np.argsort(code << 13 | rank.astype(np.int64))  # one key: rank < 8192
    else:
        order = np.lexsort((rank, code))  # pragma: no cover - codes of 50 bits or more
    code, rank = code[order], rank[order]
    new = np.ones(len(order), dtype=np.bool_)
    new[1:] = (code[1:] != code[:-1]) | (rank[1:] != rank[:-1])
    starts = np.flatnonzero(new)
    return code[starts], rank[starts], np.add.reduceat(weight[order], starts)


def _last_serve(
    hands: npt.NDArray[np.int16],
    counts: npt.NDArray[np.int8],
    weight: npt.NDArray[np.int64],
    code: npt.NDArray[np.int64],
    classes: Classes,
    limit: int,
) -> RankPaths:
    """The last draw, straight to the paths: each block of filled hands is ranked and merged
    per (cards read, final rank) as it comes, so that neither the hands nor the counts of
    every (state, multiset) are held at once (a two-card draw with three draws left serves
    some ten million at its last draw)."""
    parts: list[tuple[npt.NDArray[np.int64], npt.NDArray[np.int16], npt.NDArray[np.int64]]]
    parts, held, merged = [], 0, 0
    for source, _, _, set_code, ways, filled in _fills(
        hands, counts, classes, limit, int(weight.max())
    ):
        ranks = _ranks_of(np.sort(filled, axis=1), classes.flushes)
        parts.append(_by_code_and_rank(code[source] + set_code, ranks, weight[source] * ways))
        held += len(parts[-1][0])
        # Merged so far when the rows held have doubled since the last merge: the memory stays
        # about the paths' own, and rows that do not merge are not sorted again and again.
        if held > max(_HELD, 2 * merged):
            parts = [_joined(parts)]
            held = merged = len(parts[0][0])
    return _rank_paths_of(*_joined(parts), classes)


def _joined(
    parts: list[tuple[npt.NDArray[np.int64], npt.NDArray[np.int16], npt.NDArray[np.int64]]],
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int16], npt.NDArray[np.int64]]:
    codes, ranks, weights = (np.concatenate([part[i] for part in parts]) for i in range(3))
    return _by_code_and_rank(codes, ranks, weights)


def _rank_paths_of(
    codes: npt.NDArray[np.int64],
    ranks: npt.NDArray[np.int16],
    weights: npt.NDArray[np.int64],
    classes: Classes,
) -> RankPaths:
    """The paths with their counts per class read back from the codes: highest place first,
    in float64 (a code is below 2**52, so each quotient is exact, and faster than int64)."""
    digits = np.empty((len(codes), len(classes)), dtype=np.int8)
    rest = codes.astype(np.float64)
    for c in range(len(classes) - 1, -1, -1):
        digit = np.floor(rest / float(classes.place[c]))
        rest -= digit * float(classes.place[c])
        digits[:, c] = digit
    return RankPaths(digits, ranks, weights)


def rank_paths(situation: Situation, player: int, classes: Classes) -> RankPaths:
    """Player ``player``'s distinct outcomes by classes under the quick budget, reading from
    the unseen cards alone; ``FlushPossible`` when one of its hands might be a flush of an
    untracked suit."""
    return _quick_paths(situation.holdings[player], situation.draws_left, classes)


@dataclass(frozen=True, slots=True, eq=False)
class LastStates:
    """A player's states before its last draw: the kept hands (sorted; ``_EMPTY`` for each
    card to be served), the cards read of each class, the weights and the codes."""

    hands: npt.NDArray[np.int16]
    counts: npt.NDArray[np.int8]
    weight: npt.NDArray[np.int64]
    code: npt.NDArray[np.int64]

    def rows(self, n_classes: int) -> int:
        """The (state, class multiset) rows its last draw would list."""
        need = (self.hands == _EMPTY).sum(axis=1)
        sizes = np.bincount(need, minlength=6)
        return sum(int(sizes[k]) * _multiset_count(n_classes, k) for k in range(6))


@functools.lru_cache(maxsize=64)
def _quick_paths(holding: Holding, draws_left: int, classes: Classes) -> RankPaths:
    """``rank_paths`` of one holding: they depend on nothing else, so that the paths of an
    opponent are found once for every choice of the review's player (the same unseen cards:
    the player's five are seen whatever it keeps). A full budget's paths (hundreds of MiB)
    are not kept (``_final_paths``)."""
    found = _served(_before_last(holding, draws_left, classes, QUICK), classes, QUICK.last)
    for array in (found.counts, found.rank, found.weight):
        array.flags.writeable = False  # shared by the cache
    return found


def _served(before: RankPaths | LastStates, classes: Classes, limit: int) -> RankPaths:
    """The final paths from the states before the last draw (as they are: no draw left)."""
    if isinstance(before, RankPaths):
        return before
    return _last_serve(before.hands, before.counts, before.weight, before.code, classes, limit)


def _before_last(
    holding: Holding, draws_left: int, classes: Classes, budget: Budget
) -> RankPaths | LastStates:
    """The states before the holding's last draw, or its final paths when it serves none
    (standing pat, no draw left); kept under the quick budget, as the paths are."""
    if budget == QUICK:
        return _quick_before_last(holding, draws_left, classes)
    return _states_before_last(holding, draws_left, classes, budget.states)


@functools.lru_cache(maxsize=64)
def _quick_before_last(
    holding: Holding, draws_left: int, classes: Classes
) -> RankPaths | LastStates:
    found = _states_before_last(holding, draws_left, classes, QUICK.states)
    arrays = (
        (found.counts, found.rank, found.weight)
        if isinstance(found, RankPaths)
        else (found.hands, found.counts, found.weight, found.code)
    )
    for array in arrays:
        array.flags.writeable = False  # shared by the cache
    return found


def _start(
    holding: Holding, classes: Classes, limit: int
) -> tuple[
    npt.NDArray[np.int16], npt.NDArray[np.int8], npt.NDArray[np.int64], npt.NDArray[np.int64]
]:
    """The holding's rows before its first draw (hands, cards read, weights, codes): one, or
    one per class multiset its hidden cards may be."""
    hands = np.full((1, 5), _EMPTY, dtype=np.int16)
    known = [(c >> 2) << _TAG_BITS | (1 << (c & 3)) for c in holding.cards]
    hands[0, : len(known)] = known
    counts = np.zeros((1, len(classes)), dtype=np.int8)
    weight = np.ones(1, dtype=np.int64)
    code = np.zeros(1, dtype=np.int64)
    if holding.hidden:
        hands[0, len(known) + holding.hidden :] = _WAITING
        hands, counts, weight, code = _serve(hands, counts, weight, code, classes, limit)
        hands[hands == _WAITING] = _EMPTY
    return hands, counts, weight, code


def _discard(
    hands: npt.NDArray[np.int16], holding: Holding, classes: Classes, left: int, index: int
) -> npt.NDArray[np.int16]:
    """Sorted full hands with the policy's discards made empty at a draw with ``left`` draws
    left (``index`` counts them from 0); a broken pair's kept card takes the lower card's
    suits. The callers' hands are sorted already (served hands are merged sorted)."""
    hands = hands.copy()  # the kept cards' suits are narrowed in place
    rank4 = (hands >> _TAG_BITS).astype(np.int8) * 4  # what keep_mask reads: rank * 4
    keep = keep_mask(holding.policy, rank4, _ranks_of(hands, classes.flushes), left, index)
    _kept_suits(hands, keep)
    return np.where(keep, hands, np.int16(_EMPTY))


def _states_before_last(
    holding: Holding, draws_left: int, classes: Classes, limit: int
) -> RankPaths | LastStates:
    hands, counts, weight, code = _start(holding, classes, limit)
    for index in range(draws_left):
        left = draws_left - index
        if not (index == 0 and holding.pending):
            hands = np.sort(hands, axis=1)
            if isinstance(holding.policy, StandPat):
                continue
            hands = _discard(hands, holding, classes, left, index)
        if index == draws_left - 1:
            return LastStates(np.sort(hands, axis=1), counts, weight, code)
        hands, counts, weight, code = _serve(hands, counts, weight, code, classes, limit)
    # No draw served (stand pat, or no draw left): the hands as they are.
    return held_paths(hands, weight, code, classes)


def held_paths(
    hands: npt.NDArray[np.int16],
    weight: npt.NDArray[np.int64],
    code: npt.NDArray[np.int64],
    classes: Classes,
) -> RankPaths:
    """The paths of full hands with no draw left to serve: ranked by ``classes``' rule and
    merged per (cards read, rank)."""
    ranks = _ranks_of(np.sort(hands, axis=1), classes.flushes)
    return _rank_paths_of(*_by_code_and_rank(code, ranks, weight), classes)


def last_draw_ranks(
    states: LastStates, classes: Classes
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.int16], npt.NDArray[np.int64]]:
    """The states' kept hands, each state's index among them, and each kept hand's rank once
    served classes ``c`` and ``d`` (``[h, c, d]``; index ``len(classes)``: no card) with the
    number of cards it is served (at most 2, else ``TooManyDeals``). A multiset no state of
    the hand can be served (more cards of a class than any of them leaves) gets rank 0: its
    ways are zero, only its place must be one number."""
    # One int64 key per sorted hand (five cards of 12 bits; numpy's unique by rows is slow).
    key = np.zeros(len(states.hands), dtype=np.int64)
    for j in range(5):
        key = key << 12 | (states.hands[:, j].astype(np.int64) & 0xFFF)
    _, first, hand_of = np.unique(key, return_index=True, return_inverse=True)
    kept, hand_of = states.hands[first], hand_of.reshape(-1)
    k_of_hand = (kept == _EMPTY).sum(axis=1).astype(np.int64)
    if int(k_of_hand.max()) > 2:
        raise TooManyDeals("a last draw of three cards or more is paired as paths")
    n_classes = len(classes)
    # The most each kept hand's states leave of each class: a multiset beyond is no hand.
    left = classes.count[None, :] - states.counts.astype(np.int64)
    most = np.zeros((len(kept), n_classes), dtype=np.int64)
    np.maximum.at(most, hand_of, left)
    card = ((classes.rank << _TAG_BITS) | classes.suits).astype(np.int16)
    ranks = np.zeros((len(kept), n_classes + 1, n_classes + 1), dtype=np.int16)
    none = n_classes
    for k in (0, 1, 2):
        which = np.flatnonzero(k_of_hand == k)
        if not len(which):
            continue
        if k == 0:
            pairs_c, pairs_d = np.array([none]), np.array([none])
        elif k == 1:
            pairs_c, pairs_d = np.arange(n_classes), np.full(n_classes, none)
        else:
            pairs_c, pairs_d = np.triu_indices(n_classes)
        h = np.repeat(which, len(pairs_c))
        pc, pd = np.tile(pairs_c, len(which)), np.tile(pairs_d, len(which))
        taken = np.zeros((len(h), n_classes + 1), dtype=np.int64)
        np.add.at(taken, (np.arange(len(h)), pc), 1)
        np.add.at(taken, (np.arange(len(h)), pd), 1)
        fits = (taken[:, :n_classes] <= most[h]).all(axis=1)
        if k == 2:
            # Two classes: some one state must leave a card of each (what the paths' serving
            # ranks, so that a flush is found possible exactly where it would be there).
            both = _both_left(left, hand_of, which, n_classes)
            fits &= (pc == pd) | both[np.searchsorted(which, h), pc, np.minimum(pd, none - 1)]
        h, pc, pd = h[fits], pc[fits], pd[fits]
        hands = kept[h].copy()
        served = np.stack([card[np.minimum(pc, n_classes - 1)],
                           card[np.minimum(pd, n_classes - 1)]], axis=1)  # fmt: skip
        slots = np.argsort(hands != _EMPTY, axis=1, kind="stable")[:, :k]
        np.put_along_axis(hands, slots, served[:, :k], axis=1)
        rank = _ranks_of(np.sort(hands, axis=1), classes.flushes)
        ranks[h, pc, pd] = rank
        ranks[h, pd, pc] = rank
    return hand_of, ranks, k_of_hand


def _both_left(
    left: npt.NDArray[np.int64],
    hand_of: npt.NDArray[np.intp],
    which: npt.NDArray[np.intp],
    n_classes: int,
) -> npt.NDArray[np.bool_]:
    """``[i, c, d]``: whether some state keeping hand ``which[i]`` leaves a card of class
    ``c`` and one of class ``d``."""
    out = np.zeros((len(which), n_classes, n_classes), dtype=np.bool_)
    order = np.argsort(hand_of, kind="stable")
    starts = np.searchsorted(hand_of[order], which)
    ends = np.searchsorted(hand_of[order], which, side="right")
    some = (left[order] > 0).astype(np.float64)
    for i, (a, b) in enumerate(zip(starts.tolist(), ends.tolist(), strict=True)):
        block = some[a:b]
        out[i] = (block.T @ block) > 0
    return out


def _first(before: Sequence[RankPaths | LastStates], classes: Classes) -> tuple[int, list[int]]:
    """Which player's final paths are found first (the one whose last draw lists fewer rows:
    it has the fewer paths as a rule), and each one's last-draw rows."""
    rows = [b.rows(len(classes)) if isinstance(b, LastStates) else 0 for b in before]
    return (0 if rows[0] <= rows[1] else 1), rows


def _shares(
    situation: Situation,
    classes: Classes,
    budget: Budget,
    found: Callable[[int], RankPaths] | None = None,
    before: Sequence[RankPaths | LastStates] | None = None,
) -> tuple[tuple[Fraction, Fraction], tuple[int, int]]:
    """Both players' shares by ``classes`` and each one's paths or states; ``found`` and
    ``before``: each player's final paths (found when asked: a last draw summed into the
    pairing is never served) and both states before their last draw, where the caller has
    them (``flushes.py``)."""
    states = before or [
        _before_last(h, situation.draws_left, classes, budget) for h in situation.holdings
    ]

    def final(player: int) -> RankPaths:
        if found is not None:
            return found(player)
        return _final_paths(situation, player, states[player], classes, budget)

    n_pool = len(situation.unseen)
    spare = _spare(situation)
    first, rows = _first(states, classes)
    a = final(first)
    direct = _with_last_draw(situation, classes, spare, states[1 - first], rows[1 - first], a)
    if direct is not None:
        return direct if first == 0 else (direct[0][::-1], direct[1][::-1])
    # A's rows in the pairing are bounded before B's paths are found: a query past the full
    # budget is refused in seconds, not after a minute of serving.
    check_key_rows(a.counts, _most_read(states[1 - first]), budget.keys)
    b = final(1 - first)
    check_stub(a, b, spare)
    shares = shares_of(
        pair_sums(a.counts, a.rank, a.weight, b.counts, b.rank, b.weight, classes.count, budget),
        n_pool,
    )
    if first == 0:
        return shares, (len(a.rank), len(b.rank))
    return shares[::-1], (len(b.rank), len(a.rank))


def check_shares(
    situation: Situation,
    classes: Classes,
    budget: Budget,
    found: Callable[[int], RankPaths],
    before: Sequence[RankPaths | LastStates],
) -> None:
    """``TooManyDeals`` where ``_shares`` of these paths would refuse in its pairing, checked
    before any pairing (``joint.check_pairing``); nothing where the last draw may be summed
    into the pairing instead, whose bounds are its own."""
    first, rows = _first(before, classes)
    a = found(first)
    if _sums_last_draw(before[1 - first], rows[1 - first], a):
        return
    b = found(1 - first)
    check_stub(a, b, _spare(situation))
    check_pairing((a.counts, a.rank, a.weight), (b.counts, b.rank, b.weight), len(classes), budget)


def check_stub(a: RankPaths, b: RankPaths, spare: int) -> None:
    """``TooManyDeals`` where the two players' longest paths together read more than the
    ``spare`` cards the stub holds for them (R-DRAW-3 could come into play)."""
    if int(a.sizes.max()) + int(b.sizes.max()) > spare:
        raise TooManyDeals("the stub could run out (R-DRAW-3)")


def _spare(situation: Situation) -> int:
    """The cards the players may read, all together, before the stub runs out."""
    hidden = sum(h.hidden for h in situation.holdings)
    return len(situation.unseen) - situation.unknowns + hidden


def _final_paths(
    situation: Situation,
    player: int,
    before: RankPaths | LastStates,
    classes: Classes,
    budget: Budget,
) -> RankPaths:
    """The player's final paths from its states before the last draw (kept under the quick
    budget: ``rank_paths``)."""
    if budget == QUICK:
        return rank_paths(situation, player, classes)
    return _served(before, classes, budget.last)


def _most_read(before: RankPaths | LastStates) -> int:
    """The most cards a player's final paths can read."""
    if isinstance(before, RankPaths):
        return int(before.sizes.max())
    need = (before.hands == _EMPTY).sum(axis=1)
    return int((before.counts.sum(axis=1) + need).max())


def _sums_last_draw(states: RankPaths | LastStates, rows: int, other: RankPaths) -> bool:
    """Whether the last draw of ``states`` (listing ``rows``) is summed into the pairing with
    ``other``'s final paths: it costs at most ``PAIR_WORK`` pairs per row it saves."""
    return isinstance(states, LastStates) and len(other.rank) * len(states.weight) <= (
        PAIR_WORK * rows
    )


def _with_last_draw(
    situation: Situation,
    classes: Classes,
    spare: int,
    states: RankPaths | LastStates,
    rows: int,
    other: RankPaths,
) -> tuple[tuple[Fraction, Fraction], tuple[int, int]] | None:
    """The shares with one player's last draw summed into the pairing (``lastdraw.py``): the
    player whose last draw lists more rows (``states``, ``rows``) stays at its states, the
    other's final paths are paired with them; the shares and sizes are (other, summed).
    ``None`` where that does not apply or would cost more than pairing paths (more than
    ``PAIR_WORK`` pairs per row of the last draw it saves)."""
    if not isinstance(states, LastStates) or not _sums_last_draw(states, rows, other):
        return None
    if int(other.sizes.max()) + _most_read(states) > spare:
        raise TooManyDeals("the stub could run out (R-DRAW-3)")
    try:
        hand_of, ranks, k_of_hand = last_draw_ranks(states, classes)
        share_a, share_b = pair_with_last_draw(
            other.counts, other.rank, other.weight, states.counts, states.weight, hand_of,
            ranks, k_of_hand, classes.count, len(situation.unseen),
        )  # fmt: skip
    except FlushPossible:
        raise
    except TooManyDeals:
        return None
    return (share_a, share_b), (len(other.rank), len(states.weight))


def exact_by_ranks(
    situation: Situation, budget: Budget = QUICK, split: bool = True
) -> tuple[tuple[Fraction, Fraction], tuple[int, int]]:
    """Both players' exact shares by card classes, and each one's number of class paths.
    By ranks first; where a flush may matter, flushes apart (``flushes.py``), or with
    ``split=False`` the suits tracked for every path (the suits up to the one a flush was
    possible in; ``FlushPossible`` past hearts). ``TooManyDeals`` when the stub could run out
    or the work would pass ``budget``."""
    if len(situation.holdings) != 2:
        raise TooManyDeals("the exact paths method is for two players")
    tracked = 0
    if split:
        try:
            return _shares(situation, Classes.of(situation.unseen, 0), budget)
        except FlushPossible as exc:
            from histparse.equity.flushes import split_shares

            return split_shares(situation, budget, exc.wider(0))
    while True:
        try:
            return _shares(situation, Classes.of(situation.unseen, tracked), budget)
        except FlushPossible as exc:
            wider = exc.wider(tracked)
            if wider == tracked or wider > _MOST_TRACKED:
                # All four suits tracked: every card its own class, the card method's job.
                raise
            tracked = wider
