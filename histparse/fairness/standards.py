"""The sequence tests the testing standards ask of a deal (AGCO: runs and serial correlation;
Pennsylvania: Kolmogorov-Smirnov, coupon collector), on the strength of the player's dealt
hands, hand after hand.

Each dealt hand is scored by its exact 2-7 rank (1, 7-5-4-3-2, to 7462) against the exact
distribution of the rank over the C(52, 5) deals, so every null below is exact, not
simulated:

* ``ks``: the Kolmogorov-Smirnov distance between the dealt ranks and that distribution (a
  discrete distribution, so the Kolmogorov tail is conservative);
* ``runs``: runs of hands better / not better than the median hand, against iid Bernoulli(p)
  with p the exact chance of a hand at or better than the median rank;
* ``serial``: the lag-1 autocovariance of the mid-rank score F(r-) + P(r)/2, whose mean is 1/2
  and whose variance is exact; products of neighbours are uncorrelated under independence, so
  the sum over n - 1 neighbours has variance (n - 1) Var(s)^2;
* ``coupon``: lengths of the stretches of hands needed to see every one of eight coarse
  starting-hand classes, against their exact distribution (inclusion-exclusion).

For runs, serial correlation and repeats a sequence is the hands of one table in the order
read (``SequenceCounts.add`` with the table's name): consecutive hands at one table are the
ones a dealer's fault would tie. The coupon stretches run over all the group's hands in the
order read (per table, each table's unfinished last stretch would bias the lengths short).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations, combinations_with_replacement
from math import comb, exp, sqrt
from typing import Final

from histparse.cards import Card
from histparse.fairness.significance import chi2_sf, normal_sf
from histparse.ranking import rank_cards

__all__ = [
    "COUPON_CLASSES",
    "MEDIAN_RANK",
    "RANK_COUNTS",
    "SequenceCounts",
    "coupon_class",
    "coupon_length_probabilities",
    "kolmogorov_sf",
]

_DEALS: Final = comb(52, 5)


def _rank_counts() -> list[int]:
    """How many of the C(52, 5) deals have each 2-7 rank number (index 0 unused): counted by
    rank pattern (the rank of a hand depends on its ranks and on whether it is a flush)."""
    counts: list[int] = []
    for ranks in combinations_with_replacement(range(13), 5):
        mult = [ranks.count(r) for r in set(ranks)]
        if max(mult) > 4:
            continue
        if len(mult) == 5:
            plain = [r * 4 + (1 if i == 0 else 0) for i, r in enumerate(ranks)]
            flush = [r * 4 for r in ranks]
            for cards, ways in ((plain, 4**5 - 4), (flush, 4)):
                _bump(counts, rank_cards(*cards), ways)
            continue
        cards, ways, seen = [], 1, dict.fromkeys(ranks, 0)
        for r in ranks:
            cards.append(r * 4 + seen[r])
            seen[r] += 1
        for m in mult:
            ways *= comb(4, m)
        _bump(counts, rank_cards(*cards), ways)
    return counts


def _bump(counts: list[int], rank: int, ways: int) -> None:
    if rank >= len(counts):
        counts.extend([0] * (rank + 1 - len(counts)))
    counts[rank] += ways


RANK_COUNTS: Final[tuple[int, ...]] = tuple(_rank_counts())
"""Deals of five cards with each 2-7 rank number (they sum to C(52, 5))."""
_BELOW: Final[tuple[int, ...]] = tuple(sum(RANK_COUNTS[:r]) for r in range(len(RANK_COUNTS) + 1))
MEDIAN_RANK: Final = next(r for r in range(len(RANK_COUNTS)) if _BELOW[r + 1] * 2 >= _DEALS)
_P_GOOD: Final = _BELOW[MEDIAN_RANK + 1] / _DEALS
"""The exact chance of a hand at or better than the median rank (just above 1/2)."""
_MID: Final[tuple[float, ...]] = tuple(
    (_BELOW[r] + RANK_COUNTS[r] / 2) / _DEALS for r in range(len(RANK_COUNTS))
)
_SCORE_VAR: Final = 1 / 12 - sum((n / _DEALS) ** 3 for n in RANK_COUNTS) / 12

COUPON_CLASSES: Final[tuple[str, ...]] = (
    "9-low or better",
    "T-low",
    "J-low",
    "Q-low",
    "K-low",
    "A-high",
    "one pair",
    "two pair or better",
)
"""The coarse starting-hand classes the coupon collector test waits for (each at least 2%)."""


def coupon_class(cards: Sequence[Card]) -> int:
    """The index in ``COUPON_CLASSES`` of five distinct cards."""
    from histparse.fairness.probability import hand_class

    name = hand_class(cards)
    if name in ("7-low", "8-low", "9-low"):
        return 0
    if name.endswith("-low") or name == "A-high":
        return "TJQKA".index(name[0]) + 1
    return 6 if name == "pair" else 7


def _coupon_probabilities() -> tuple[float, ...]:
    from histparse.fairness.probability import CLASS_COUNTS

    counts = [0] * len(COUPON_CLASSES)
    for name, n in CLASS_COUNTS.items():
        if name in ("7-low", "8-low", "9-low"):
            counts[0] += n
        elif name.endswith("-low") or name == "A-high":
            counts["TJQKA".index(name[0]) + 1] += n
        else:
            counts[6 if name == "pair" else 7] += n
    return tuple(n / _DEALS for n in counts)


_COUPON_P: Final = _coupon_probabilities()


def coupon_length_probabilities(probabilities: Sequence[float], longest: int) -> list[float]:
    """P(T <= t) for t = 0..``longest``, T the number of iid draws until every category (of
    the given probabilities) has been seen: sum over subsets J of (-1)^|J| (1 - p_J)^t."""
    d = len(probabilities)
    terms: list[tuple[int, float]] = []
    for size in range(d + 1):
        for subset in combinations(probabilities, size):
            terms.append(((-1) ** size, 1.0 - sum(subset)))
    out = []
    for t in range(longest + 1):
        out.append(
            max(
                0.0,
                min(
                    1.0,
                    sum(sign * (q**t if q > 0 else (1.0 if t == 0 else 0.0)) for sign, q in terms),
                ),
            )
        )
    return out


_COUPON_LONGEST: Final = 300  # past the last bin edge (129 hands)
_COUPON_CDF: Final = coupon_length_probabilities(_COUPON_P, _COUPON_LONGEST)


def _coupon_bins(count: int = 10) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """Upper edges of about ``count`` bins of the stretch length, near-equiprobable, and each
    bin's probability (the last bin open)."""
    edges: list[int] = []
    for i in range(1, count):
        target = i / count
        t = next(t for t, c in enumerate(_COUPON_CDF) if c >= target)
        if not edges or t > edges[-1]:
            edges.append(t)
    probs = []
    low = 0.0
    for t in edges:
        probs.append(_COUPON_CDF[t] - low)
        low = _COUPON_CDF[t]
    probs.append(1.0 - low)
    return tuple(edges), tuple(probs)


COUPON_EDGES, COUPON_BIN_P = _coupon_bins()


def kolmogorov_sf(d: float, n: int) -> float:
    """P(D_n >= d) for the Kolmogorov-Smirnov distance of n iid draws from a continuous law:
    the Kolmogorov series with Stephens' small-sample correction (conservative for a discrete
    law)."""
    if n < 1 or d <= 0:
        return 1.0
    root = sqrt(n)
    x = (root + 0.12 + 0.11 / root) * d
    if x < 0.3:
        return 1.0
    total = 0.0
    for k in range(1, 101):
        term = 2 * (-1) ** (k - 1) * exp(-2 * k * k * x * x)
        total += term
        if abs(term) < 1e-16:
            break
    return max(0.0, min(1.0, total))


@dataclass(slots=True)
class _Table:
    """Where one table's sequence stands (the previous hand's score and side of the median),
    or the coupon stretch under way (classes seen, its length)."""

    score: float = -1.0
    good: int = -1
    seen: int = 0
    length: int = 0


@dataclass(slots=True)
class SequenceCounts:
    """The running sums of the sequence tests for one group of hands (flat memory: counts per
    rank and one ``_Table`` per table)."""

    hands: int = 0
    ranks: list[int] = field(default_factory=lambda: [0] * len(RANK_COUNTS))
    pairs: int = 0  # neighbours at one table
    changes: int = 0  # neighbours on different sides of the median: runs - sequences
    serial: float = 0.0  # sum of (s_i - 1/2)(s_{i+1} - 1/2) over neighbours
    repeats: int = 0  # neighbours dealt the very same five cards
    coupon: list[int] = field(default_factory=lambda: [0] * len(COUPON_BIN_P))
    tables: dict[str, _Table] = field(default_factory=dict)
    stretch: _Table = field(default_factory=_Table)
    _last: dict[str, frozenset[Card]] = field(default_factory=dict)

    def add(self, dealt: Sequence[Card], table: str) -> None:
        """Count one dealt hand, the next at ``table``."""
        rank = rank_cards(*dealt)
        self.hands += 1
        self.ranks[rank] += 1
        score = _MID[rank]
        good = 1 if rank <= MEDIAN_RANK else 0
        state = self.tables.get(table)
        if state is None:
            state = self.tables[table] = _Table()
        hand = frozenset(dealt)
        if state.good >= 0:
            self.pairs += 1
            self.changes += good != state.good
            self.serial += (score - 0.5) * (state.score - 0.5)
            self.repeats += self._last.get(table) == hand
        state.score, state.good = score, good
        self._last[table] = hand
        # The coupon stretches run over the group's hands in the order read, not per table:
        # each sequence's last stretch is cut off unfinished, and the longer a stretch the
        # likelier it is the one cut, so many short tables would bias the lengths short.
        stretch = self.stretch
        stretch.seen |= 1 << coupon_class(dealt)
        stretch.length += 1
        if stretch.seen == (1 << len(COUPON_CLASSES)) - 1:
            edges = COUPON_EDGES
            length = stretch.length
            self.coupon[next((i for i, e in enumerate(edges) if length <= e), len(edges))] += 1
            stretch.seen = stretch.length = 0


@dataclass(frozen=True, slots=True)
class SequenceStat:
    """One sequence test's numbers, before the report shapes them."""

    name: str
    sample: int
    statistic: float
    p_value: float | None
    effect: float
    expected: float
    observed: float


def sequence_stats(counts: SequenceCounts, min_sample: int) -> tuple[SequenceStat, ...]:
    """The KS, runs, serial-correlation, repeat and coupon-collector tests of one group."""
    n = counts.hands
    out: list[SequenceStat] = []
    # KS: the largest gap between the empirical and the exact CDF, at every rank.
    if n >= min_sample:
        d = 0.0
        cum = 0
        for r in range(1, len(RANK_COUNTS)):
            cum += counts.ranks[r]
            d = max(d, abs(cum / n - _BELOW[r + 1] / _DEALS))
        out.append(SequenceStat("dealt-ks", n, d * sqrt(n), kolmogorov_sf(d, n), d, 0.0, d))
    else:
        out.append(SequenceStat("dealt-ks", n, 0.0, None, 0.0, 0.0, 0.0))
    pairs = counts.pairs
    if pairs >= min_sample:
        p = _P_GOOD
        q = 2 * p * (1 - p)
        # The change indicators of neighbours are 1-dependent: Cov = p(1-p) - q^2.
        var = pairs * q * (1 - q) + 2 * (pairs - 1) * (p * (1 - p) - q * q)
        z = (counts.changes - pairs * q) / sqrt(var)
        out.append(
            SequenceStat(
                "runs",
                pairs,
                z,
                2 * normal_sf(abs(z)),
                counts.changes / pairs - q,
                pairs * q,
                counts.changes,
            )
        )
        sd = _SCORE_VAR * sqrt(pairs)
        z = counts.serial / sd
        out.append(
            SequenceStat(
                "serial",
                pairs,
                z,
                2 * normal_sf(abs(z)),
                counts.serial / pairs / _SCORE_VAR,
                0.0,
                counts.serial,
            )
        )
        # The same five cards twice running: about one in 2.6 million a pair of neighbours.
        expected = pairs / _DEALS
        observed = counts.repeats
        p_rep = 1.0 if observed == 0 else _poisson_sf(observed, expected)
        out.append(
            SequenceStat(
                "repeats",
                pairs,
                float(observed),
                p_rep,
                (observed - expected) / pairs,
                expected,
                observed,
            )
        )
    else:
        for name in ("runs", "serial", "repeats"):
            out.append(SequenceStat(name, pairs, 0.0, None, 0.0, 0.0, 0.0))
    stretches = sum(counts.coupon)
    expected_bins = [stretches * p for p in COUPON_BIN_P]
    if stretches and min(expected_bins) >= 5.0:
        x = sum((o - e) ** 2 / e for o, e in zip(counts.coupon, expected_bins, strict=True))
        df = len(expected_bins) - 1
        out.append(
            SequenceStat(
                "coupon",
                stretches,
                x,
                chi2_sf(x, df),
                sqrt(max(x - df, 0.0) / stretches),
                0.0,
                x,
            )
        )
    else:
        out.append(SequenceStat("coupon", stretches, 0.0, None, 0.0, 0.0, 0.0))
    return tuple(out)


def _poisson_sf(k: int, mean: float) -> float:
    """P(X >= k) for a Poisson X of ``mean`` (k >= 1)."""
    term = exp(-mean)
    below = 0.0
    for i in range(k):
        below += term
        term *= mean / (i + 1)
    return max(0.0, 1.0 - below) if below < 0.999 else _poisson_tail(k, mean)


def _poisson_tail(k: int, mean: float) -> float:
    # Sum the tail directly: 1 - below loses every digit when the tail is tiny.
    term = exp(-mean)
    for i in range(k):
        term *= mean / (i + 1)
    total = 0.0
    i = k
    while term > total * 1e-17 and i < k + 1000:
        total += term
        i += 1
        term *= mean / i
    return total
