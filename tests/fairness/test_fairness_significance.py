"""The statistics of the fairness tests (histparse.fairness.significance)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from histparse.fairness.significance import (
    chi2_sf,
    holm,
    noncentrality_interval,
    normal_sf,
    smallest_detectable_noncentrality,
)


def test_chi2_sf_matches_tabulated_critical_values() -> None:
    # The 5% and 1% points of the chi-square table.
    for x, df, p in ((3.841459, 1, 0.05), (6.634897, 1, 0.01), (21.02607, 12, 0.05),
                     (26.21697, 12, 0.01), (7.814728, 3, 0.05), (68.66929, 51, 0.05)):  # fmt: skip
        assert abs(chi2_sf(x, df) - p) < 1e-6
    assert chi2_sf(0.0, 3) == 1.0


@given(st.floats(min_value=0.01, max_value=30.0))
def test_chi2_with_one_degree_is_a_squared_normal(z: float) -> None:
    assert abs(chi2_sf(z * z, 1) - 2 * normal_sf(z)) <= 1e-9 * max(1.0, 2 * normal_sf(z)) + 1e-300


@given(st.floats(min_value=0.0, max_value=200.0), st.integers(1, 60))
def test_chi2_sf_is_a_tail_probability(x: float, df: int) -> None:
    p = chi2_sf(x, df)
    assert 0.0 <= p <= 1.0
    assert chi2_sf(x + 1.0, df) <= p + 1e-12


def test_normal_sf_keeps_precision_far_in_the_tail() -> None:
    assert 1e-29 < normal_sf(11.12) < 2e-28


def test_holm_steps_down() -> None:
    # Sorted: 0.001 <= 0.01/4, then 0.004 > 0.01/3: stops there.
    assert holm([0.006, 0.001, 0.5, 0.004], 0.01) == [False, True, False, False]
    # 0.001 <= 0.01/4, 0.002 <= 0.01/3, 0.003 <= 0.01/2, 0.5 > 0.01.
    assert holm([0.002, 0.001, 0.5, 0.003], 0.01) == [True, True, False, True]
    assert holm([0.02, 0.03], 0.01) == [False, False]
    assert holm([], 0.01) == []


def test_noncentrality_interval_brackets_the_estimate() -> None:
    low, high = noncentrality_interval(60.0, 12)
    assert 0.0 <= low < 60.0 - 12 < high
    assert noncentrality_interval(5.0, 12)[0] == 0.0  # below the mean: no lower bound above 0


def test_a_stricter_level_needs_a_larger_effect() -> None:
    assert smallest_detectable_noncentrality(12, 0.001) > smallest_detectable_noncentrality(
        12, 0.05
    )
