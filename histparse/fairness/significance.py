"""The statistics behind the fairness tests: tail probabilities, effect sizes with confidence
intervals, the smallest detectable bias, and the Holm correction for a family of tests.

Pure Python (``math`` and ``statistics.NormalDist``): the chi-square tail is the regularised
upper incomplete gamma function, by its series below ``a + 1`` and its continued fraction
above (the classic pair; both converge in a few dozen terms for the degrees of freedom used
here).
"""

from __future__ import annotations

from collections.abc import Sequence
from math import erfc, exp, lgamma, log, sqrt
from statistics import NormalDist

__all__ = [
    "POWER",
    "chi2_sf",
    "holm",
    "noncentrality_interval",
    "normal_sf",
    "smallest_detectable_noncentrality",
    "z_critical",
]

POWER = 0.8
"""The power at which the smallest detectable bias is stated."""

_NORMAL = NormalDist()
_EPS = 1e-15
_MAX_TERMS = 10_000


def normal_sf(z: float) -> float:
    """P(Z >= z) for a standard normal Z (through erfc: exact far in the tail, where
    1 - cdf would round to 0)."""
    return 0.5 * erfc(z / sqrt(2.0))


def z_critical(alpha: float) -> float:
    """The two-sided critical value of a standard normal at level ``alpha``."""
    return _NORMAL.inv_cdf(1.0 - alpha / 2.0)


def _lower_series(a: float, x: float) -> float:
    """P(a, x), the regularised lower incomplete gamma, by its power series (x < a + 1)."""
    term = total = 1.0 / a
    n = a
    for _ in range(_MAX_TERMS):
        n += 1.0
        term *= x / n
        total += term
        if abs(term) < abs(total) * _EPS:
            break
    return total * exp(-x + a * log(x) - lgamma(a))


def _upper_fraction(a: float, x: float) -> float:
    """Q(a, x), the regularised upper incomplete gamma, by Lentz's continued fraction."""
    tiny = 1e-300
    b = x + 1.0 - a
    c = 1.0 / tiny
    d = 1.0 / b
    h = d
    for i in range(1, _MAX_TERMS):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < _EPS:
            break
    return exp(-x + a * log(x) - lgamma(a)) * h


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square X with ``df`` degrees of freedom."""
    if df < 1:
        raise ValueError(f"degrees of freedom must be >= 1, got {df}")
    a = df / 2.0
    half = x / 2.0
    if half <= 0.0:  # x <= 0, or so small that halving it underflows
        return 1.0
    if half < a + 1.0:
        return max(0.0, 1.0 - _lower_series(a, half))
    return min(1.0, _upper_fraction(a, half))


def holm(p_values: Sequence[float], alpha: float) -> list[bool]:
    """Holm's step-down correction: which of a family of tests reject at family-wise level
    ``alpha`` (the i-th smallest p-value is compared with alpha / (n - i), until one fails)."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    reject = [False] * len(p_values)
    n = len(p_values)
    for step, i in enumerate(order):
        if p_values[i] > alpha / (n - step):
            break
        reject[i] = True
    return reject


def _noncentral_quantile_lambda(x: float, df: int, z: float) -> float:
    """The noncentrality lambda at which ``x`` sits ``z`` standard deviations above the mean
    of a noncentral chi-square (mean df + lambda, variance 2 (df + 2 lambda)): the normal
    approximation, solved for lambda (0 if none)."""
    # x = df + L + z * sqrt(2 (df + 2 L))  ->  with u = x - df - L: u^2 = z^2 (2 df + 4 L)
    # and L = x - df - u, so u^2 + 4 z^2 u - z^2 (2 df + 4 (x - df)) = 0.
    z2 = z * z
    c = z2 * (2 * df + 4 * (x - df))
    disc = 16 * z2 * z2 + 4 * c
    if disc < 0:
        return 0.0
    root = sqrt(disc)
    # u has the sign of z (x above the mean for z > 0).
    u = (-4 * z2 + root) / 2 if z >= 0 else (-4 * z2 - root) / 2
    return max(0.0, x - df - u)


def noncentrality_interval(x: float, df: int, confidence: float = 0.95) -> tuple[float, float]:
    """An approximate interval for the noncentrality of a chi-square statistic ``x``: the
    lambdas under which ``x`` is the upper and the lower tail quantile (normal approximation
    of the noncentral chi-square)."""
    z = _NORMAL.inv_cdf(1.0 - (1.0 - confidence) / 2.0)
    return _noncentral_quantile_lambda(x, df, z), _noncentral_quantile_lambda(x, df, -z)


def smallest_detectable_noncentrality(df: int, alpha: float, power: float = POWER) -> float:
    """The noncentrality a chi-square test with ``df`` degrees of freedom at level ``alpha``
    detects with probability ``power`` (normal approximation of the noncentral chi-square)."""
    # The critical value, by bisection on chi2_sf (monotone).
    lo, hi = 0.0, df + 100.0 * sqrt(2.0 * df) + 100.0
    for _ in range(200):
        mid = (lo + hi) / 2
        if chi2_sf(mid, df) > alpha:
            lo = mid
        else:
            hi = mid
    critical = hi
    zp = _NORMAL.inv_cdf(power)
    # Smallest L with df + L - zp * sqrt(2 (df + 2 L)) >= critical.
    lo, hi = 0.0, max(1.0, critical * 4)
    while df + hi - zp * sqrt(2 * (df + 2 * hi)) < critical:
        hi *= 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if df + mid - zp * sqrt(2 * (df + 2 * mid)) >= critical:
            hi = mid
        else:
            lo = mid
    return hi
