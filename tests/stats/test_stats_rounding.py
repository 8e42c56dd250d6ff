"""``aggregate._rounded``: integer-exact half-even rounding to cents, equal (sign of zero
included) to Decimal's quantize of the quotient wherever 28 digits hold the quotient exactly
enough (every amount a history can carry)."""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal

from hypothesis import given
from hypothesis import strategies as st

from histparse.stats.aggregate import _rounded


@given(st.integers(-(10**15), 10**15), st.integers(1, 10**9))
def test_rounded_is_decimal_quantize(num: int, den: int) -> None:
    expected = (Decimal(num) / Decimal(den)).quantize(Decimal("0.01"), ROUND_HALF_EVEN)
    assert str(_rounded(num, den)) == str(expected)


def test_rounded_halves_go_to_even_and_negative_zero_keeps_its_sign() -> None:
    assert str(_rounded(1, 200)) == "0.00"  # 0.005 -> 0.00
    assert str(_rounded(3, 200)) == "0.02"  # 0.015 -> 0.02
    assert str(_rounded(-3, 200)) == "-0.02"
    assert str(_rounded(-1, 1000)) == "-0.00"
    assert str(_rounded(250, 1)) == "250.00"
