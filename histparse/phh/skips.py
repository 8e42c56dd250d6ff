"""Why a hand is not converted to PHH: ``SkipReason`` and the ``Skipped`` record."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

__all__ = ["SkipReason", "Skipped"]


class SkipReason(Enum):
    """What keeps a hand out of a PHH file; the value is a short label for reports."""

    CANCELLED = "hand cancelled"
    GAME = "not 2-7 Triple Draw"
    LIMIT = "not fixed limit"
    PLAYERS = "fewer than two players dealt in"
    MONEY = "amount not a whole number of money units"
    BLINDS = "blinds PHH cannot express"
    UNKNOWN_CARDS = "cards not fully known"
    RULES = "pokerkit 0.7.7 plays it by different rules"
    MALFORMED = "hand inconsistent with itself"


@dataclass(frozen=True, slots=True)
class Skipped:
    """A hand left out of the PHH output: where it is, its number, why (``reason``) and the
    particulars (``detail``)."""

    path: str
    line: int
    hand_id: str
    reason: SkipReason
    detail: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: hand #{self.hand_id}: {self.reason.value}: {self.detail}"
