"""The fairness report: counts of what the histories reveal, the family of tests on them, and
the verdict.

``FairnessCounts`` adds one hand at a time (flat memory: counts only, never the hands);
``fairness_report(hands)`` groups them (``by``), runs the tests and corrects the family with
Holm's method. docs/fairness.md says what each test can and cannot show.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from math import sqrt
from typing import Any, Final

from histparse.events import Hand
from histparse.fairness.allin import AllInSeen, fairness_record, hero_allin
from histparse.fairness.observe import HeroView, hero_view
from histparse.fairness.power import PowerRow, power_table
from histparse.fairness.probability import (
    CLASS_PROBABILITY,
    CLASSES,
    HIGH_RANKS,
    LOW_RANKS,
    MADE_TARGETS,
    hand_class,
    made,
    made_probability,
)
from histparse.fairness.significance import (
    POWER,
    chi2_sf,
    holm,
    noncentrality_interval,
    normal_sf,
    smallest_detectable_noncentrality,
    z_critical,
)
from histparse.fairness.standards import SequenceCounts, SequenceStat, sequence_stats
from histparse.replayer import Replay

__all__ = [
    "BY_KEYS",
    "DEFAULT_ALPHA",
    "DRAW_MARGIN",
    "FAMILY_SIZE",
    "MIN_SAMPLE",
    "FairnessCounts",
    "FairnessReport",
    "FairnessTest",
    "GroupReport",
    "fairness_report",
]

DEFAULT_ALPHA: Final = 0.01
"""The family-wise level of the alarm."""
MIN_SAMPLE: Final = 100
"""Fewer hands (or draws) than this give "not enough hands", whatever the counts."""
DRAW_MARGIN: Final = 0.005
"""The rate shift (0.5 per 100 cards or draws) that the rank tests at the draws allow before
they call it unfair. On a fair deal the hero's replacement cards are not quite a uniform draw
from the unseen cards: which hands reach a draw, and how far, depends on the opponents' cards,
and 2-7 players keep low cards and throw high ones. Measured on 400,000 fair simulated hands:
-0.19 high cards per 100 (z = -3.4), +0.17 9-lows made per 100 draws; the margin is 2.5 times
the largest. Suits carry no such effect (play is nearly suit-blind): ``drawn-suits`` has none."""
ALLIN_MIN_SAMPLE: Final = 30
"""Fewer all-ins than this give "not enough hands" for the all-in test (all-ins are rare: a
few in a hundred hands)."""
_MIN_EXPECTED: Final = 5.0  # per category, for a chi-square test
_MIN_EXPECTED_Z: Final = 10.0  # successes and failures, for a normal approximation
_RANK_NAMES: Final = "23456789TJQKA"
_SUIT_NAMES: Final = "cdhs"
_CARD_NAMES: Final = tuple(r + s for r in _RANK_NAMES for s in _SUIT_NAMES)
_LOW_SHARE: Final = len(LOW_RANKS) / 13
_HIGH_SHARE: Final = len(HIGH_RANKS) / 13
# Five cards drawn without replacement from 52: the Pearson statistic of their counts over all
# hands is (52 - 5) / (52 - 1) times a chi-square, and the variance of a count is shrunk alike.
_DEALT_FPC: Final = 47 / 51
_TARGET_NAMES: Final = {5: "7", 6: "8", 7: "9"}

BY_KEYS: Final[dict[str, Callable[[Hand], str]]] = {
    "site": lambda h: h.site,
    "stakes": lambda h: (
        f"{'tournament' if h.is_tournament else h.currency or 'chips'} "
        f"{h.stakes[0]}/{h.stakes[1]} {h.limit_type.label}"
    ),
    "month": lambda h: h.started_at.strftime("%Y-%m") if h.started_at is not None else "unknown",
    "game": lambda h: h.game.label,
    "player": lambda h: h.hero or "unknown",
    "table": lambda h: f"{h.site} {h.table_name}",
}
"""What ``--by`` can group on."""


@dataclass(frozen=True, slots=True)
class FairnessTest:
    """One test: its sample, statistic, p-value, effect with a 95% interval, and the smallest
    effect it could have detected (power ``POWER`` at the family's strictest level).

    ``kind`` is ``chi2`` (effect: Cohen's w) or ``z`` (effect: observed minus expected rate per
    card or draw). ``enough`` is False when the sample is too small for a verdict (p-value
    None). ``alarm`` is set after the family's correction; ``direction`` says which way the
    data lean."""

    group: tuple[str, ...]
    name: str
    title: str
    kind: str
    sample: int
    unit: str
    statistic: float
    df: int | None
    p_value: float | None
    effect: float
    effect_low: float
    effect_high: float
    detectable: float
    enough: bool
    alarm: bool
    direction: str
    categories: tuple[tuple[str, float, float], ...] = ()
    """(label, observed, expected) per category, for the figures."""


@dataclass(frozen=True, slots=True)
class GroupReport:
    """The tests of one group of hands (``key``: the ``by`` values; empty for all hands)."""

    key: tuple[str, ...]
    hands: int
    draws: int
    skipped_draws: int
    tests: tuple[FairnessTest, ...]
    allin_skipped: tuple[tuple[str, int], ...] = ()
    """All-in showdowns with draws left whose EV could not be computed: (reason, count)."""


@dataclass(frozen=True, slots=True)
class FairnessReport:
    """Every group's tests, corrected together as one family (Holm, family-wise ``alpha``)."""

    groups: tuple[GroupReport, ...]
    alpha: float
    by: tuple[str, ...]
    player: str | None
    hands_read: int
    hands_used: int
    correction: str = "Holm"
    power: tuple[PowerRow, ...] = ()
    """Hands each seeded dealer fault needs to be found with power 0.9 (``fairness.power``)."""

    @property
    def tests(self) -> tuple[FairnessTest, ...]:
        """All tests of all groups."""
        return tuple(t for g in self.groups for t in g.tests)

    @property
    def alarm(self) -> bool:
        """Whether any test rejects a fair deal at the family's level."""
        return any(t.alarm for t in self.tests)

    @property
    def verdict(self) -> str:
        """``alarm``, ``no alarm`` or ``not enough hands``."""
        if self.alarm:
            return "alarm"
        tests = self.tests
        if not tests or not any(t.enough for t in tests):
            return "not enough hands"
        return "no alarm"

    def tests_frame(self) -> Any:
        """The tests as a pandas DataFrame, one row per test."""
        import pandas as pd

        rows = []
        for t in self.tests:
            row = {name: getattr(t, name) for name in FairnessTest.__slots__}
            row.pop("categories")
            row["group"] = " / ".join(t.group) if t.group else "all"
            rows.append(row)
        return pd.DataFrame(rows)

    def categories_frame(self) -> Any:
        """Observed and expected counts per category of each test, as a pandas DataFrame."""
        import pandas as pd

        rows = [
            {
                "group": " / ".join(t.group) if t.group else "all",
                "test": t.name,
                "category": label,
                "observed": observed,
                "expected": expected,
            }
            for t in self.tests
            for label, observed, expected in t.categories
        ]
        return pd.DataFrame(rows, columns=["group", "test", "category", "observed", "expected"])

    def to_json(self) -> dict[str, Any]:
        """The whole report as JSON-ready data."""
        return {
            "verdict": self.verdict,
            "alpha": self.alpha,
            "correction": self.correction,
            "by": list(self.by),
            "player": self.player,
            "hands_read": self.hands_read,
            "hands_used": self.hands_used,
            "power": [
                {name: getattr(row, name) for name in PowerRow.__slots__} for row in self.power
            ],
            "groups": [
                {
                    "key": list(g.key),
                    "hands": g.hands,
                    "draws": g.draws,
                    "skipped_draws": g.skipped_draws,
                    "allin_skipped": [list(r) for r in g.allin_skipped],
                    "tests": [
                        {
                            name: (
                                [list(c) for c in t.categories]
                                if name == "categories"
                                else list(t.group)
                                if name == "group"
                                else getattr(t, name)
                            )
                            for name in FairnessTest.__slots__
                        }
                        for t in g.tests
                    ],
                }
                for g in self.groups
            ],
        }


@dataclass(slots=True)
class _Rate:
    """A count against its expectation: sum of observed, expected and variance."""

    n: int = 0
    observed: float = 0.0
    expected: float = 0.0
    variance: float = 0.0


@dataclass(slots=True)
class FairnessCounts:
    """The counts of one group of hands; ``add`` one player's view at a time."""

    hands: int = 0
    draws: int = 0
    skipped_draws: int = 0
    dealt_ranks: list[int] = field(default_factory=lambda: [0] * 13)
    dealt_suits: list[int] = field(default_factory=lambda: [0] * 4)
    dealt_cards: list[int] = field(default_factory=lambda: [0] * 52)
    classes: dict[str, int] = field(default_factory=lambda: dict.fromkeys(CLASSES, 0))
    dealt_low: int = 0
    dealt_high: int = 0
    drawn_cards: int = 0
    drawn_suits: list[int] = field(default_factory=lambda: [0] * 4)
    drawn_expected: list[float] = field(default_factory=lambda: [0.0] * 4)
    drawn_fpc: float = 0.0  # sum over draws of k (m - k) / (m - 1)
    drawn_low: _Rate = field(default_factory=_Rate)
    drawn_high: _Rate = field(default_factory=_Rate)
    made: dict[int, _Rate] = field(default_factory=lambda: {t: _Rate() for t in MADE_TARGETS})
    returned: int = 0
    sequence: SequenceCounts = field(default_factory=SequenceCounts)
    allin: _Rate = field(default_factory=_Rate)  # won share against equity, per all-in
    allin_skipped: dict[str, int] = field(default_factory=dict)  # reason -> all-ins not valued

    def add_allin(self, seen: AllInSeen | str) -> None:
        """Count one all-in showdown with draws left (``hero_allin``), or its reason for not
        being valued."""
        if isinstance(seen, str):
            self.allin_skipped[seen] = self.allin_skipped.get(seen, 0) + 1
            return
        rate = self.allin
        rate.n += 1
        rate.observed += seen.won
        rate.expected += seen.equity
        rate.variance += seen.equity * (1.0 - seen.equity)

    def add(self, view: HeroView, table: str = "") -> None:
        """Count one hand's dealt cards and draws (``table``: where it was dealt, for the
        sequence tests of consecutive hands)."""
        self.hands += 1
        self.returned += view.returned
        self.sequence.add(view.dealt, table)
        dealt = view.dealt
        ranks = self.dealt_ranks
        suits = self.dealt_suits
        cards = self.dealt_cards
        for c in dealt:
            r = c >> 2
            ranks[r] += 1
            suits[c & 3] += 1
            cards[c] += 1
            if r in LOW_RANKS:
                self.dealt_low += 1
            elif r in HIGH_RANKS:
                self.dealt_high += 1
        self.classes[hand_class(dealt)] += 1
        self.skipped_draws += view.skipped_draws
        for d in view.draws:
            self.draws += 1
            k = len(d.received)
            unseen = d.unseen
            m = len(unseen)
            per_rank = [0] * 13
            per_suit = [0] * 4
            for c in unseen:
                per_rank[c >> 2] += 1
                per_suit[c & 3] += 1
            expected = self.drawn_expected
            for s in range(4):
                expected[s] += k * per_suit[s] / m
            for c in d.received:
                self.drawn_suits[c & 3] += 1
            self.drawn_cards += k
            fpc = (m - k) / (m - 1) if m > 1 else 0.0
            self.drawn_fpc += k * fpc
            for rate, wanted in ((self.drawn_low, LOW_RANKS), (self.drawn_high, HIGH_RANKS)):
                share = sum(per_rank[r] for r in wanted) / m
                rate.n += k
                rate.observed += sum(1 for c in d.received if c >> 2 in wanted)
                rate.expected += k * share
                rate.variance += k * share * (1 - share) * fpc
            final = d.kept + d.received
            for target, rate in self.made.items():
                p = made_probability(d.kept, unseen, k, target)
                if 0.0 < p < 1.0:
                    rate.n += 1
                    rate.observed += made(final, target)
                    rate.expected += p
                    rate.variance += p * (1 - p)


def _chi2_test(
    group: tuple[str, ...],
    name: str,
    title: str,
    unit: str,
    sample: int,
    labels: Sequence[str],
    observed: Sequence[float],
    expected: Sequence[float],
    scale: float,
    min_sample: int,
    level: float,
) -> FairnessTest:
    """A Pearson test of ``observed`` against ``expected``, the statistic divided by ``scale``
    (the finite-population factor of draws without replacement)."""
    cats = tuple(zip(labels, (float(o) for o in observed), expected, strict=True))
    df = len(labels) - 1
    total = sum(observed)
    enough = sample >= min_sample and min(expected, default=0.0) >= _MIN_EXPECTED and df >= 1
    if not enough or total <= 0:
        return FairnessTest(
            group,
            name,
            title,
            "chi2",
            sample,
            unit,
            0.0,
            df,
            None,
            0.0,
            0.0,
            0.0,
            0.0,
            False,
            False,
            "",
            cats,
        )
    x = sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True)) / scale
    low, high = noncentrality_interval(x, df)
    detect = smallest_detectable_noncentrality(df, level)
    worst = max(
        zip(labels, observed, expected, strict=True),
        key=lambda c: abs(c[1] - c[2]) / sqrt(c[2]),
    )
    lean = "more" if worst[1] > worst[2] else "fewer"
    direction = (
        f"most off: {worst[0]} ({lean} than fair: {worst[1]:g} observed, {worst[2]:.1f} expected)"
    )
    return FairnessTest(
        group,
        name,
        title,
        "chi2",
        sample,
        unit,
        x,
        df,
        chi2_sf(x, df),
        sqrt(max(x - df, 0.0) / total),
        sqrt(low / total),
        sqrt(high / total),
        sqrt(detect / total),
        True,
        False,
        direction,
        cats,
    )


def _z_test(
    group: tuple[str, ...],
    name: str,
    title: str,
    unit: str,
    what: str,
    rate: _Rate,
    min_sample: int,
    level: float,
    margin: float = 0.0,
    per: int = 100,
) -> FairnessTest:
    """A normal test of a count against its expectation (``what``: the thing counted). With a
    ``margin`` the null is a true effect of at most ``margin`` either way (a rate shift a fair
    deal can show, see ``DRAW_MARGIN``); the statistic is then how far beyond the margin the
    estimate lies, in standard errors, and the p-value is two-sided from it."""
    n = rate.n
    cats = ((what, rate.observed, rate.expected),)
    enough = (
        n >= min_sample
        and rate.expected >= _MIN_EXPECTED_Z
        and n - rate.expected >= _MIN_EXPECTED_Z
        and rate.variance > 0
    )
    if not enough:
        return FairnessTest(
            group,
            name,
            title,
            "z",
            n,
            unit,
            0.0,
            None,
            None,
            0.0,
            0.0,
            0.0,
            0.0,
            False,
            False,
            "",
            cats,
        )
    sd = sqrt(rate.variance)
    se = sd / n
    effect = (rate.observed - rate.expected) / n
    z = effect / se
    beyond = (abs(effect) - margin) / se
    half = z_critical(0.05) * se
    detect = margin + (z_critical(level) + z_critical(2 * (1 - POWER))) * se
    lean = "more" if z > 0 else "fewer"
    direction = f"{lean} {what} than a fair deal gives ({effect * per:+.2f} per {per} {unit})"
    return FairnessTest(
        group,
        name,
        title,
        "z",
        n,
        unit,
        z,
        None,
        min(1.0, 2 * normal_sf(beyond)),
        effect,
        effect - half,
        effect + half,
        detect,
        True,
        False,
        direction,
        cats,
    )


def _merge_rare(
    labels: Sequence[str], observed: Sequence[int], expected: Sequence[float]
) -> tuple[list[str], list[float], list[float]]:
    """Classes expected fewer than 5 times pooled into one ("rarer classes"), so that the
    chi-square approximation holds."""
    keep = [(lb, float(o), e) for lb, o, e in zip(labels, observed, expected, strict=True)]
    common = [c for c in keep if c[2] >= _MIN_EXPECTED]
    rare = [c for c in keep if c[2] < _MIN_EXPECTED]
    if rare:
        pooled = ("rarer classes", sum(c[1] for c in rare), sum(c[2] for c in rare))
        if pooled[2] < _MIN_EXPECTED and common:
            smallest = min(common, key=lambda c: c[2])
            common.remove(smallest)
            pooled = (
                f"{smallest[0]} or rarer",
                pooled[1] + smallest[1],
                pooled[2] + smallest[2],
            )
        common.append(pooled)
    return [c[0] for c in common], [c[1] for c in common], [c[2] for c in common]


FAMILY_SIZE: Final = 19
"""Tests in each group's family (``_group_tests`` returns this many): Holm's strictest level is
alpha / (groups x FAMILY_SIZE)."""


def _group_tests(
    key: tuple[str, ...], counts: FairnessCounts, level: float, margin: float = DRAW_MARGIN
) -> tuple[FairnessTest, ...]:
    """The family of one group (``FAMILY_SIZE`` tests); ``margin``: the draw-rank tests' (the
    calibration bench also reads them with none, as a perfect null would)."""
    n = counts.hands
    cards = 5 * n
    tests = [
        _chi2_test(
            key,
            "dealt-ranks",
            "dealt cards: ranks",
            "hands",
            n,
            _RANK_NAMES,
            counts.dealt_ranks,
            [cards / 13] * 13,
            _DEALT_FPC,
            MIN_SAMPLE,
            level,
        ),
        _chi2_test(
            key,
            "dealt-suits",
            "dealt cards: suits",
            "hands",
            n,
            _SUIT_NAMES,
            counts.dealt_suits,
            [cards / 4] * 4,
            _DEALT_FPC,
            MIN_SAMPLE,
            level,
        ),
        _chi2_test(
            key,
            "dealt-cards",
            "dealt cards: each of the 52",
            "hands",
            n,
            _CARD_NAMES,
            counts.dealt_cards,
            [cards / 52] * 52,
            _DEALT_FPC,
            MIN_SAMPLE,
            level,
        ),
    ]
    labels, observed, expected = _merge_rare(
        CLASSES,
        [counts.classes[c] for c in CLASSES],
        [float(n * CLASS_PROBABILITY[c]) for c in CLASSES],
    )
    tests.append(
        _chi2_test(
            key,
            "dealt-classes",
            "dealt hands: starting-hand classes",
            "hands",
            n,
            labels,
            observed,
            expected,
            1.0,
            MIN_SAMPLE,
            level,
        )
    )
    for name, what, count, share in (
        ("dealt-low", "low cards (2-7)", counts.dealt_low, _LOW_SHARE),
        ("dealt-high", "high cards (T-A)", counts.dealt_high, _HIGH_SHARE),
    ):
        rate = _Rate(cards, float(count), cards * share, cards * share * (1 - share) * _DEALT_FPC)
        tests.append(
            _z_test(key, name, f"dealt cards: {what}", "cards", what, rate, 5 * MIN_SAMPLE, level)
        )
    drawn = counts.drawn_cards
    fpc = counts.drawn_fpc / drawn if drawn else 1.0
    tests.append(
        _chi2_test(
            key,
            "drawn-suits",
            "replacement cards: suits",
            "cards",
            drawn,
            _SUIT_NAMES,
            counts.drawn_suits,
            counts.drawn_expected,
            fpc,
            MIN_SAMPLE,
            level,
        )
    )
    tests.append(
        _z_test(
            key,
            "drawn-low",
            "replacement cards: low cards (2-7)",
            "cards",
            "low cards (2-7)",
            counts.drawn_low,
            MIN_SAMPLE,
            level,
            margin,
        )
    )
    tests.append(
        _z_test(
            key,
            "drawn-high",
            "replacement cards: high cards (T-A)",
            "cards",
            "high cards (T-A)",
            counts.drawn_high,
            MIN_SAMPLE,
            level,
            margin,
        )
    )
    for target, rate in counts.made.items():
        top = _TARGET_NAMES[target]
        tests.append(
            _z_test(
                key,
                f"made-{top}",
                f"draws that make a {top}-low or better",
                "draws",
                f"{top}-lows made",
                rate,
                MIN_SAMPLE,
                level,
                margin,
            )
        )
    tests.extend(_sequence_tests(key, counts))
    # Pot shares won against the equity when the last chip went in: the z is (won - expected)
    # over sqrt(sum eq (1 - eq)), the variance of a win-or-lose result (a split pot varies
    # less, which only makes the test cautious).
    tests.append(
        _z_test(
            key,
            "allin",
            "all-in showdowns with draws left: pots won against equity",
            "all-ins",
            "pot shares won",
            counts.allin,
            ALLIN_MIN_SAMPLE,
            level,
        )
    )
    return tuple(tests)


_SEQUENCE_TITLES: Final = {
    "dealt-ks": ("dealt hands: Kolmogorov-Smirnov of the 2-7 rank", "hands", "distance"),
    "runs": ("dealt hands: runs above / below the median hand", "pairs", "changes of side"),
    "serial": ("dealt hands: serial correlation of hand strength", "pairs", "correlation"),
    "repeats": ("dealt hands: the same five cards twice running", "pairs", "repeated deals"),
    "coupon": ("dealt hands: coupon collector over 8 hand classes", "stretches", "stretches"),
}


def _sequence_tests(key: tuple[str, ...], counts: FairnessCounts) -> list[FairnessTest]:
    """The standards' sequence tests (``fairness.standards``) and the returned-card count."""
    out = [_from_stat(key, st) for st in sequence_stats(counts.sequence, MIN_SAMPLE)]
    draws = counts.draws + counts.skipped_draws
    n = counts.returned
    # A fair stub never serves a card the player has seen before a reshuffle: any such draw
    # (lines otherwise whole) is the fault itself, or a history that is wrong.
    out.append(
        FairnessTest(
            key,
            "returned",
            "draws: a card the player had seen served again without a reshuffle",
            "z",
            draws,
            "draws",
            float(n),
            None,
            0.0 if n else 1.0 if draws >= MIN_SAMPLE else None,
            n / draws if draws else 0.0,
            n / draws if draws else 0.0,
            n / draws if draws else 0.0,
            0.0,
            bool(n) or draws >= MIN_SAMPLE,  # one such draw decides, however few the draws
            False,
            f"{n} draws served a card already seen, without a reshuffle (a fair deal: none)",
            (("cards served again", float(n), 0.0),),
        )
    )
    return out


def _from_stat(key: tuple[str, ...], st: SequenceStat) -> FairnessTest:
    title, unit, what = _SEQUENCE_TITLES[st.name]
    enough = st.p_value is not None
    if st.name == "serial":
        lean = "follows" if st.effect > 0 else "alternates with"
        direction = f"hand strength {lean} the last hand's (r = {st.effect:+.4f})"
    elif st.name == "runs":
        lean = "more" if st.effect > 0 else "fewer"
        direction = (
            f"{lean} changes of side than a fair deal ({st.observed:g}, {st.expected:.1f} expected)"
        )
    elif st.name == "repeats":
        direction = f"{st.observed:g} repeated deals ({st.expected:.4f} expected)"
    else:
        direction = f"{what}: {st.statistic:.3g}"
    kind = "chi2" if st.name == "coupon" else "z"
    return FairnessTest(
        key,
        st.name,
        title,
        kind,
        st.sample,
        unit,
        st.statistic,
        9 if st.name == "coupon" else None,
        st.p_value,
        st.effect,
        st.effect,
        st.effect,
        0.0,
        enough,
        False,
        direction if enough else "",
        ((what, st.observed, st.expected),),
    )


def _with_alarms(groups: list[GroupReport], alpha: float) -> tuple[GroupReport, ...]:
    """Mark the tests that reject after Holm's correction over every test with a verdict."""
    decided = [(gi, ti) for gi, g in enumerate(groups) for ti, t in enumerate(g.tests) if t.enough]
    p_values = [_p(groups[gi].tests[ti]) for gi, ti in decided]
    rejected = {pos for pos, r in zip(decided, holm(p_values, alpha), strict=True) if r}
    out = []
    for gi, g in enumerate(groups):
        tests = tuple(_replace_alarm(t, (gi, ti) in rejected) for ti, t in enumerate(g.tests))
        out.append(replace(g, tests=tests))
    return tuple(out)


def _p(t: FairnessTest) -> float:
    return 1.0 if t.p_value is None else t.p_value


def _replace_alarm(t: FairnessTest, alarm: bool) -> FairnessTest:
    return replace(t, alarm=True) if alarm else t


def fairness_report(
    hands: Iterable[Replay | Hand],
    *,
    player: str | None = None,
    by: Sequence[str] = (),
    alpha: float = DEFAULT_ALPHA,
) -> FairnessReport:
    """Test whether the cards ``player`` (default: each hand's hero) received look like a fair
    shuffle's, per group of ``by`` (``site``, ``stakes``, ``month``, ``game``), with Holm's
    correction at family-wise level ``alpha``. Streams ``hands``, records (a ``Hand`` is read
    first, ``fairness_record``: the engine's replay for an all-in showdown, which the all-in
    test needs, else the line facts): memory holds counts only."""
    for name in by:
        if name not in BY_KEYS:
            raise ValueError(f"cannot group by {name!r} (choose from {', '.join(BY_KEYS)})")
    if not 0.0 < alpha < 1.0:
        raise ValueError(f"alpha must be between 0 and 1, got {alpha}")
    keys = [BY_KEYS[name] for name in by]
    groups: dict[tuple[str, ...], FairnessCounts] = {}
    # With two groups or more, all hands pooled are one more group (an auditor's many players
    # at once); the power table reads the pool.
    pooled = FairnessCounts()
    read = used = 0
    for item in hands:
        read += 1
        record = fairness_record(item) if isinstance(item, Hand) else item
        view = hero_view(record, player)
        if view is None:
            continue
        used += 1
        hand = record.hand
        table = BY_KEYS["table"](hand)
        seen = hero_allin(record, view.player)
        pooled.add(view, table)
        if seen is not None:
            pooled.add_allin(seen)
        if not keys:
            continue
        key = tuple(k(hand) for k in keys)
        counts = groups.get(key)
        if counts is None:
            counts = groups[key] = FairnessCounts()
        counts.add(view, table)
        if seen is not None:
            counts.add_allin(seen)
    every: list[tuple[tuple[str, ...], FairnessCounts]] = sorted(groups.items())
    if used and len(groups) != 1:
        # One group alone is the pool itself: testing it twice would only widen the family.
        every.insert(0, ((), pooled))
    total_tests = max(1, len(every)) * FAMILY_SIZE
    level = alpha / total_tests  # Holm's strictest step: the level the smallest effect is for
    reports = [
        GroupReport(
            key,
            c.hands,
            c.draws,
            c.skipped_draws,
            _group_tests(key, c, level),
            tuple(sorted(c.allin_skipped.items())),
        )
        for key, c in every
    ]
    return FairnessReport(
        _with_alarms(reports, alpha),
        alpha,
        tuple(by),
        player,
        read,
        used,
        power=power_table(pooled, alpha, total_tests),
    )
