"""Money units: what a hand's amounts are counted in, so that no report adds two of them.

A cash hand's unit is its currency (``USD``, ``EUR``...); tournament chips, play money and
home-game chips are units of their own. Amounts of different units are never summed: a report
groups by unit, and a total over several units is refused with ``MixedUnitsError``. Results in
big blinds (``bb_per_100``) are unit-free and may be combined.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

__all__ = [
    "CHIPS",
    "PLAY_MONEY",
    "TOURNAMENT_CHIPS",
    "MixedUnitsError",
    "one_unit",
    "symbol_of",
    "unit_of",
]

TOURNAMENT_CHIPS: Final = "tournament chips"
PLAY_MONEY: Final = "play money"
CHIPS: Final = "chips"  # cash chips of no known currency (a home game's)

# A history that writes only a symbol: the currency it stands for.
_SYMBOL_CURRENCY: Final = {"$": "USD", "€": "EUR", "£": "GBP"}
_CURRENCY_SYMBOL: Final = {currency: symbol for symbol, currency in _SYMBOL_CURRENCY.items()}


class MixedUnitsError(ValueError):
    """A total was asked over amounts of different units (dollars and chips, say)."""


def unit_of(
    currency: str | None, *, is_tournament: bool, is_play_money: bool, money_symbol: str = ""
) -> str:
    """The unit of a hand's amounts: the currency for real-money cash, else one of
    ``TOURNAMENT_CHIPS``, ``PLAY_MONEY`` or ``CHIPS``."""
    if is_tournament:
        return TOURNAMENT_CHIPS
    if is_play_money:
        return PLAY_MONEY
    if currency:
        return currency
    return _SYMBOL_CURRENCY.get(money_symbol, CHIPS)


def symbol_of(unit: str) -> str | None:
    """The symbol a unit's amounts are written with (``$`` for ``USD``), or None (chips,
    and currencies written by name)."""
    return _CURRENCY_SYMBOL.get(unit)


def one_unit(units: Iterable[object], what: str = "a total") -> str:
    """The single unit of ``units``; ``MixedUnitsError`` (naming them) when there are several,
    ``ValueError`` when there is none."""
    distinct = sorted({str(u) for u in units})
    if len(distinct) > 1:
        raise MixedUnitsError(
            f"cannot make {what} over amounts in different units ({', '.join(distinct)}): "
            "they are reported per unit and never added; choose one with --unit "
            "(results in big blinds, bb/100, are comparable across units)"
        )
    if not distinct:
        raise ValueError(f"no amounts to make {what} of")
    return distinct[0]
