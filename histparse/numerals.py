"""Numbers in words: Roman numerals (tournament levels and rounds) and English ordinals
(``2nd place``), shared by every writer and view so they are spelt one way."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

__all__ = ["from_roman", "ordinal", "ordinal_suffix", "to_roman"]

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


@lru_cache(maxsize=64)
def to_roman(number: int) -> str:
    """``number`` (1..3999) in Roman numerals, as sites write levels and rounds."""
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


def ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``11th``, ``22nd`` as in ``finished the tournament in 2nd``."""
    return f"{number}{ordinal_suffix(number)}"
