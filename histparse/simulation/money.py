"""Chip amounts: the engine counts int minor units, hands carry ``Decimal`` as PokerStars prints.

Cash amounts are cents and print like PokerStars: whole dollars without decimals (``$4``),
anything else with two (``$0.10``, ``$4.58``). Tournament chips are whole numbers.
"""

from __future__ import annotations

from decimal import Decimal

from histparse.simulation.errors import SimulationError


class Units:
    """Converts between int minor units and the ``Decimal`` written in a hand.

    ``scale`` is 2 for cents and 0 for tournament chips. Conversions are cached: a session uses
    the same few hundred amounts over and over, and ``Decimal`` construction is not free.
    """

    __slots__ = ("_cache", "scale")

    def __init__(self, scale: int) -> None:
        if scale not in (0, 2):
            raise SimulationError(f"unit scale must be 0 (chips) or 2 (cents), got {scale}")
        self.scale = scale
        self._cache: dict[int, Decimal] = {}

    def dec(self, minor: int) -> Decimal:
        """``minor`` units as the amount PokerStars prints."""
        value = self._cache.get(minor)
        if value is None:
            if minor < 0:
                raise SimulationError(f"negative amount {minor}")
            if self.scale == 0 or minor % 100 == 0:
                value = Decimal(minor if self.scale == 0 else minor // 100)
            else:
                value = Decimal(f"{minor // 100}.{minor % 100:02d}")
            if len(self._cache) < 100_000:
                self._cache[minor] = value
        return value

    def minor(self, amount: Decimal) -> int:
        """``amount`` in minor units; it must be a whole number of them."""
        scaled = amount.scaleb(self.scale)
        if scaled != scaled.to_integral_value() or scaled < 0:
            unit = "cent" if self.scale else "chip"
            raise SimulationError(f"amount {amount} is not a whole number of {unit}s")
        return int(scaled)
