"""The power table's ceiling for a draw rig: the hands the best possible test needs when the
null of every replacement card is known exactly (issue 36: can a 2% draw rig be found at
50,000 hands whatever the null?)."""

from __future__ import annotations

from math import ceil, sqrt
from statistics import NormalDist

import numpy as np

from histparse.fairness.power import power_table
from histparse.fairness.report import FAMILY_SIZE, FairnessCounts, _Rate

_LOW, _HIGH = 0.45, 0.38  # shares of the unseen cards, about what the players show


def _counts(cards_per_hand: float) -> FairnessCounts:
    """Counts of 10,000 hands whose replacement cards came from unseen cards with the shares
    above, one card a draw (no finite-population factor)."""
    hands = 10_000
    cards = round(hands * cards_per_hand)
    counts = FairnessCounts(hands=hands, draws=cards, drawn_cards=cards, drawn_fpc=float(cards))
    counts.drawn_low = _Rate(cards, cards * _LOW, cards * _LOW, cards * _LOW * (1 - _LOW))
    counts.drawn_high = _Rate(cards, cards * _HIGH, cards * _HIGH, cards * _HIGH * (1 - _HIGH))
    return counts


def _rows(cards_per_hand: float) -> dict[str, int | None]:
    return {r.fault: r.hands for r in power_table(_counts(cards_per_hand), 0.01, FAMILY_SIZE)}


def _z(level: float) -> float:
    return NormalDist().inv_cdf(1 - level / 2)


def test_the_ceiling_is_the_score_tests_arithmetic_and_below_the_margins() -> None:
    rows = _rows(0.5)
    info = _HIGH * (_HIGH + _LOW) / _LOW
    cards = ((_z(0.01 / FAMILY_SIZE) + NormalDist().inv_cdf(0.9)) / 0.02) ** 2 / info
    assert rows["draws-low-2%-ceiling"] == ceil(cards / 0.5)
    # About 80,000 replacement cards: 50,000 hands reach it only above 1.6 cards a hand.
    assert 75_000 < cards < 85_000
    assert rows["draws-low-2%-ceiling"] > 50_000
    richer = _rows(1.7)["draws-low-2%-ceiling"]
    assert richer is not None and richer <= 50_000
    for b in ("2%", "5%"):
        margin, ceiling = rows[f"draws-low-{b}"], rows[f"draws-low-{b}-ceiling"]
        assert ceiling is not None and (margin is None or ceiling < margin)


def test_the_ceiling_gives_power_0_9_to_the_score_test() -> None:
    """Replacement cards dealt with the 2% rig at the ceiling's sample (one card a hand): the
    score test (-1 a high card, high/low a low card) rejects at the family's first level 9
    times in 10."""
    n = _rows(1.0)["draws-low-2%-ceiling"]
    assert n is not None
    b = 0.02
    rng = np.random.default_rng(36)
    drawn = rng.multinomial(n, [_LOW + b * _HIGH, _HIGH * (1 - b), 1 - _LOW - _HIGH], 4000)
    score = drawn[:, 0] * _HIGH / _LOW - drawn[:, 1]
    z = score / sqrt(n * _HIGH * (_HIGH + _LOW) / _LOW)
    power = float(np.mean(np.abs(z) > _z(0.01 / FAMILY_SIZE)))
    assert 0.88 < power < 0.92  # 4000 corpora: the share's sd is 0.005
    fair = rng.multinomial(n, [_LOW, _HIGH, 1 - _LOW - _HIGH], 4000)
    z0 = (fair[:, 0] * _HIGH / _LOW - fair[:, 1]) / sqrt(n * _HIGH * (_HIGH + _LOW) / _LOW)
    assert abs(float(np.mean(z0))) < 0.1 and 0.9 < float(np.std(z0)) < 1.1
