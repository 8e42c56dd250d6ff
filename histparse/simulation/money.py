"""The simulator's amounts: int minor units to and from the ``Decimal`` a hand carries.

The unit rule and the conversions are ``histparse.money``'s; this adds what a generated hand
needs on top: amounts print like PokerStars (``Money.printed``: ``$4``, ``$0.10``), only cents
or whole chips, and a negative or inexact amount is a ``SimulationError``.
"""

from __future__ import annotations

from decimal import Decimal

from histparse.money import CENT_PLACES, Money
from histparse.simulation.errors import SimulationError


class Units:
    """Converts between int minor units and the ``Decimal`` written in a hand.

    ``scale`` is 2 for cents and 0 for tournament chips. Conversions are cached: a session uses
    the same few hundred amounts over and over, and ``Decimal`` construction is not free.
    """

    __slots__ = ("_cache", "_money", "scale")

    def __init__(self, scale: int) -> None:
        if scale not in (0, CENT_PLACES):
            raise SimulationError(f"unit scale must be 0 (chips) or 2 (cents), got {scale}")
        self.scale = scale
        self._money = Money.of(scale)
        self._cache: dict[int, Decimal] = {}

    def dec(self, minor: int) -> Decimal:
        """``minor`` units as the amount PokerStars prints."""
        value = self._cache.get(minor)
        if value is None:
            if minor < 0:
                raise SimulationError(f"negative amount {minor}")
            value = self._money.printed(minor)
            if len(self._cache) < 100_000:
                self._cache[minor] = value
        return value

    def minor(self, amount: Decimal) -> int:
        """``amount`` in minor units; it must be a whole number of them."""
        units = self._money.exact_units(amount) if amount.is_finite() else None
        if units is None or units < 0:
            unit = "cent" if self.scale else "chip"
            raise SimulationError(f"amount {amount} is not a whole number of {unit}s")
        return units
