"""Exact conversion between a hand's written amounts (``Decimal``) and engine minor units.

Cash hands count in cents; tournament and play-money chips count in whole chips unless the
hand writes finer amounts, in which case the finest scale written is the unit. An amount that
is not a whole number of units cannot be replayed: ``Unrepresentable`` names it.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from histparse.events import Chat, Hand, PlayerStatus, Post

__all__ = ["Money", "Unrepresentable"]

_CENT_PLACES = 2


class Unrepresentable(ValueError):
    """An amount that is not a whole number of the hand's money unit."""

    def __init__(self, amount: Decimal, unit: Decimal, what: str) -> None:
        super().__init__(f"{what} {amount} is not a whole number of the money unit {unit}")
        self.amount = amount
        self.unit = unit


def _places(amount: Decimal) -> int:
    if amount == amount.to_integral_value():
        return 0  # the common case (chips), without building the digit tuples below
    exponent = amount.as_tuple().exponent
    if not isinstance(exponent, int) or exponent >= 0:
        return 0
    # "1500.00" is written with two places but is a whole number of chips.
    exponent = amount.normalize().as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0


def _written_amounts(hand: Hand) -> Iterable[Decimal]:
    """The amounts that set a chip hand's scale: stakes, stacks and forced bets. (Bets follow
    the stakes; one written finer than these is reported as unrepresentable.)"""
    yield from hand.stakes
    for seat in hand.seats:
        yield seat.stack
    for e in hand.events:
        if type(e) is Post:
            yield e.amount
        elif type(e) is not PlayerStatus and type(e) is not Chat:
            return


class Money:
    """The money unit of one hand: ``to_units`` and ``to_decimal`` convert exactly."""

    __slots__ = ("_decimals", "_units", "places", "scale", "unit")

    def __init__(self, places: int) -> None:
        self.places = places
        self.scale = 10**places
        self.unit = Decimal(1).scaleb(-places)
        self._decimals: dict[int, Decimal] = {}
        self._units: dict[Decimal, int] = {}

    @classmethod
    def for_hand(cls, hand: Hand) -> Money:
        """Cents for real-money cash, else (chips) the finest scale written."""
        chips = hand.is_tournament or hand.is_play_money or not hand.layout.money_symbol
        places = _CENT_PLACES if not chips else max(map(_places, _written_amounts(hand)), default=0)
        money = _BY_PLACES.get(places)
        if money is None:
            money = cls(places)
            if len(_BY_PLACES) < 64:  # a Money is never changed, so hands share them
                _BY_PLACES[places] = money
        return money

    def to_units(self, amount: Decimal, what: str = "amount") -> int:
        """``amount`` in minor units; ``Unrepresentable`` if it is not a whole number of them."""
        units = self.exact_units(amount)
        if units is None:
            raise Unrepresentable(amount, self.unit, what)
        return units

    def exact_units(self, amount: Decimal) -> int | None:
        """``amount`` in minor units, or None when it is not a whole number of them (not kept:
        for amounts that rarely repeat, such as stacks)."""
        scaled = amount * self.scale
        units = int(scaled)
        return units if units == scaled else None

    def units_or_none(self, amount: Decimal) -> int | None:
        """``amount`` in minor units, or None when it is not a whole number of them."""
        # A multiplication, an int() and a comparison of Decimals cost several times a dict
        # lookup, and hands repeat the same few amounts (stakes, stacks, bets): keep them.
        units = self._units.get(amount)
        if units is None:
            units = self.exact_units(amount)
            if units is not None and len(self._units) < 4096:
                self._units[amount] = units  # bounded: amounts repeat, but input is untrusted
        return units

    def to_decimal(self, units: int) -> Decimal:
        """``units`` minor units as a ``Decimal`` amount."""
        amount = self._decimals.get(units)
        if amount is None:
            amount = Decimal(units).scaleb(-self.places) if self.places else Decimal(units)
            # Hands repeat the same few amounts (stakes, pots); Decimals are immutable.
            if len(self._decimals) < 4096:
                self._decimals[units] = amount
        return amount


_BY_PLACES: dict[int, Money] = {}
