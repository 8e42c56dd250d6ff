"""Small pieces shared by the PokerStars line readers: amounts, currencies, line errors."""

from __future__ import annotations

from decimal import Decimal
from typing import Final

# A written amount: optional currency symbol, digits, optional decimals. No thousands separator
# (PokerStars draw files have none) and no leading zero (so that the Decimal prints back as
# written); no nested quantifiers, so matching stays linear.
MONEY: Final = r"([$€£]?)((?:0|[1-9]\d*)(?:\.\d+)?)"

SYMBOL_CURRENCY: Final[dict[str, str]] = {"$": "USD", "€": "EUR", "£": "GBP"}
CURRENCY_SYMBOL: Final[dict[str, str]] = {v: k for k, v in SYMBOL_CURRENCY.items()}


class LineError(Exception):
    """A line that could not be read; turned into a ``ParseError`` with the file and line."""

    def __init__(self, message: str, *, column: int = 1, expected: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.column = column
        self.expected = expected


def money(symbol: str, digits: str, expected_symbol: str, column: int = 1) -> Decimal:
    """The amount ``digits`` (scale kept), checking that its currency symbol is the hand's."""
    if symbol != expected_symbol:
        shown = expected_symbol or "no currency symbol"
        raise LineError(
            f"amount {symbol}{digits} has the wrong currency symbol",
            column=column,
            expected=f"an amount with {shown}",
        )
    return Decimal(digits)


_ROMAN: Final = (
    (1000, "M"),
    (900, "CM"),
    (500, "D"),
    (400, "CD"),
    (100, "C"),
    (90, "XC"),
    (50, "L"),
    (40, "XL"),
    (10, "X"),
    (9, "IX"),
    (5, "V"),
    (4, "IV"),
    (1, "I"),
)
_ROMAN_VALUE: Final = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def to_roman(number: int) -> str:
    """``number`` (1..3999) in Roman numerals, as PokerStars writes levels and rounds."""
    if not 0 < number < 4000:
        raise ValueError(f"no Roman numeral for {number}")
    out = []
    for value, letters in _ROMAN:
        count, number = divmod(number, value)
        out.append(letters * count)
    return "".join(out)


def from_roman(text: str) -> int:
    """The value of a canonical Roman numeral; ``ValueError`` for anything else."""
    if not text or len(text) > 15 or any(c not in _ROMAN_VALUE for c in text):
        raise ValueError(f"not a Roman numeral: {text!r}")
    total = 0
    for i, c in enumerate(text):
        value = _ROMAN_VALUE[c]
        if i + 1 < len(text) and _ROMAN_VALUE[text[i + 1]] > value:
            total -= value
        else:
            total += value
    # Round-tripping rejects non-canonical forms ("IIII", "VX") so a writer can print it back.
    if total <= 0 or total >= 4000 or to_roman(total) != text:
        raise ValueError(f"not a canonical Roman numeral: {text!r}")
    return total


def ordinal_suffix(number: int) -> str:
    """``st``, ``nd``, ``rd`` or ``th`` as in ``2nd place``."""
    if 10 <= number % 100 <= 20:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
