"""Amounts of a hand in int minor units, the way PHH writes money.

Real-money cash hands count in cents; tournament and play-money chips in whole chips, unless the
hand writes finer chip amounts (then the finest scale its stakes, stacks and posts use).
"""

from __future__ import annotations

from decimal import Decimal

from histparse.events import Chat, Hand, PlayerStatus, Post

__all__ = ["MoneyUnits", "NotWhole"]


class NotWhole(ValueError):
    """An amount that is not a whole number of the hand's money unit."""


def _places(amount: Decimal) -> int:
    exponent = amount.normalize().as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0


class MoneyUnits:
    """The money unit of one hand; ``units`` converts an amount exactly."""

    __slots__ = ("places", "scale", "unit")

    def __init__(self, places: int) -> None:
        self.places = places
        self.scale = 10**places
        self.unit = Decimal(1).scaleb(-places)

    @classmethod
    def for_hand(cls, hand: Hand) -> MoneyUnits:
        """Cents for real-money cash, else chips at the finest scale the hand's stakes, stacks
        and forced bets are written with."""
        if not (hand.is_tournament or hand.is_play_money or not hand.layout.money_symbol):
            return cls(2)
        places = max(_places(a) for a in hand.stakes)
        for seat in hand.seats:
            places = max(places, _places(seat.stack))
        for e in hand.events:
            if type(e) is Post:
                places = max(places, _places(e.amount))
            elif type(e) is not PlayerStatus and type(e) is not Chat:
                break
        return cls(places)

    def units(self, amount: Decimal, what: str) -> int:
        """``amount`` in minor units; ``NotWhole`` names ``what`` when it is not exact."""
        scaled = amount.scaleb(self.places)
        whole = int(scaled)
        if whole != scaled:
            raise NotWhole(f"{what} {amount} is not a whole number of {self.unit}")
        return whole
