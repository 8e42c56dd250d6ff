"""Seat geometry: who sits left of whom, who should post the blinds, who shows first."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from histparse._records import twin


def first_left_of(seats: Sequence[int], seat: int) -> int:
    """Index into sorted ``seats`` of the first seat clockwise after ``seat`` (may be empty)."""
    for i, s in enumerate(seats):
        if s > seat:
            return i
    return 0


def clockwise_from(seats: Sequence[int], seat: int) -> tuple[int, ...]:
    """``seats`` (sorted) reordered to start with the first seat left of ``seat``."""
    start = first_left_of(seats, seat)
    return tuple(seats[start:]) + tuple(seats[:start])


@dataclass(frozen=True, slots=True)
class BlindSeats:
    """Seats expected to post the small and the big blind (R-TABLE-2)."""

    small_blind: int
    big_blind: int


_BlindSeatsParts = twin(BlindSeats)


def expected_blinds(button: int, seats: Iterable[int]) -> BlindSeats:
    """Who should post the blinds given the button and the dealt-in seats (R-TABLE-2).

    The small blind is the first dealt-in seat left of the button and the big blind the next one;
    heads-up the button posts the small blind and the other player the big blind. Dead-blind
    situations (an empty small-blind seat) are for the caller to recognise: this is the plain
    expectation to compare a history against.
    """
    ordered = sorted(set(seats))
    if len(ordered) < 2:
        raise ValueError(f"need at least two dealt-in seats to post blinds, got {ordered}")
    if len(ordered) == 2 and button in ordered:
        other = ordered[1] if ordered[0] == button else ordered[0]
        return _blind_seats(button, other)
    start = first_left_of(ordered, button)
    return _blind_seats(ordered[start], ordered[(start + 1) % len(ordered)])


def _blind_seats(small_blind: int, big_blind: int) -> BlindSeats:
    """``BlindSeats(...)`` without the frozen-dataclass ``__init__`` (histparse._records): the
    replayer asks for the blinds of every hand."""
    seats = _BlindSeatsParts()
    seats.small_blind = small_blind
    seats.big_blind = big_blind
    seats.__class__ = BlindSeats
    result: BlindSeats = seats
    return result


def showdown_order(
    seats: Sequence[int], button: int, live: Iterable[int], last_aggressor: int | None
) -> tuple[int, ...]:
    """Seats of the live players in the order they show (R-SHOW-1).

    The last bettor or raiser of the final round shows first; without one, the first live
    player left of the button; then clockwise.
    """
    live_set = set(live)
    order = [s for s in clockwise_from(sorted(seats), button) if s in live_set]
    if last_aggressor is not None and last_aggressor in live_set:
        k = order.index(last_aggressor)
        order = order[k:] + order[:k]
    return tuple(order)
