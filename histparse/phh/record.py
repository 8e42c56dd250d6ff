"""``PhhHand``: the fields of one PHH hand, amounts in int minor units."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import time as LocalTime

__all__ = ["PhhHand", "UserValue"]

UserValue = str | int
"""The value of a user-defined field (written with a leading ``_`` in its name)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PhhHand:
    """One hand in the Poker Hand History format (variant ``F2L3D``, fixed-limit 2-7 triple
    draw).

    Per-player lists are in position order: first the first player left of the button (the
    small blind; heads-up the big blind), last the button. ``antes`` and
    ``blinds_or_straddles`` are what pokerkit posts for each position (heads-up it reverses
    both lists itself, so ``blinds_or_straddles`` is always ``[small, big, 0...]``).
    Amounts are ints in the hand's money unit (cents for real-money cash, else chips).
    ``actions`` use PHH's notation (``d dh p1 7h5d4c3s2h``, ``p1 cbr 20``, ``p2 cc``,
    ``p3 f``, ``p1 sd 7h``, ``p1 sm 7h5d4c3s2h``); ``??`` is an unknown card.
    ``user_fields`` are extra fields; their names start with ``_`` as PHH asks.
    """

    variant: str = "F2L3D"
    ante_trimming_status: bool = True
    antes: tuple[int, ...]
    blinds_or_straddles: tuple[int, ...]
    small_bet: int
    big_bet: int
    starting_stacks: tuple[int, ...]
    actions: tuple[str, ...]
    players: tuple[str, ...]
    finishing_stacks: tuple[int, ...] | None = None
    seats: tuple[int, ...] | None = None
    seat_count: int | None = None
    table: str | None = None
    hand: int | str | None = None
    venue: str | None = None
    event: str | None = None
    level: int | None = None
    currency: str | None = None
    time: LocalTime | None = None
    time_zone: str | None = None
    day: int | None = None
    month: int | None = None
    year: int | None = None
    user_fields: tuple[tuple[str, UserValue], ...] = ()

    def __post_init__(self) -> None:
        n = len(self.players)
        for name in ("antes", "blinds_or_straddles", "starting_stacks"):
            if len(getattr(self, name)) != n:
                raise ValueError(f"{name} has {len(getattr(self, name))} values for {n} players")
        for name in ("finishing_stacks", "seats"):
            value = getattr(self, name)
            if value is not None and len(value) != n:
                raise ValueError(f"{name} has {len(value)} values for {n} players")
        for key, _ in self.user_fields:
            if not key.startswith("_"):
                raise ValueError(f"user-defined PHH field {key!r} must start with '_'")
