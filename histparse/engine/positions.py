"""Seat geometry: who sits left of whom, who should post the blinds, who shows first, and the
position names of the seats dealt in."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

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


class Position(StrEnum):
    """A table position, by the trackers' names (docs/tables.md, ``position``).

    The first to act before the draw is UTG, then UTG+1, UTG+2 ... up to MP, CO and BTN; the
    blinds are SB and BB. Tables of six name UTG, MP, CO, BTN, SB, BB; smaller tables drop
    names from the front (five: MP, CO, BTN, SB, BB; four: CO, BTN, SB, BB; three: BTN, SB,
    BB). Heads-up the button (who posts the small blind) is BTN and the other player BB.
    """

    UTG = "UTG"
    UTG1 = "UTG+1"
    UTG2 = "UTG+2"
    UTG3 = "UTG+3"
    UTG4 = "UTG+4"
    UTG5 = "UTG+5"
    MP = "MP"
    CO = "CO"
    BTN = "BTN"
    SB = "SB"
    BB = "BB"


POSITION_ORDER: tuple[Position, ...] = tuple(Position)
"""The positions in acting order before the first draw, for tables and graphs."""
STEAL_POSITIONS = frozenset({Position.CO, Position.BTN, Position.SB})
_BACK_FROM_BUTTON = (Position.BTN, Position.CO, Position.MP)
_FROM_FIRST = (
    Position.UTG,
    Position.UTG1,
    Position.UTG2,
    Position.UTG3,
    Position.UTG4,
    Position.UTG5,
)


def assign_positions(
    seats: Sequence[int], button: int, *, small_blind_posted: bool = True
) -> dict[int, Position]:
    """The position of each dealt-in seat.

    ``seats`` are the dealt-in seat numbers; ``button`` the button seat (it may be empty). When
    no small blind was posted (a dead small blind) the first seat left of the button is the big
    blind and there is no SB.
    """
    ordered = sorted(set(seats))
    n = len(ordered)
    if n == 0:
        return {}
    order = clockwise_from(ordered, button)
    if n == 1:
        return {order[0]: Position.BTN}
    if n == 2:
        btn = button if button in ordered else order[1]
        other = order[0] if order[0] != btn else order[1]
        return {btn: Position.BTN, other: Position.BB}
    result: dict[int, Position] = {}
    if small_blind_posted:
        result[order[0]] = Position.SB
        result[order[1]] = Position.BB
        rest = order[2:]
    else:
        result[order[0]] = Position.BB
        rest = order[1:]
    # The last three to act are MP, CO and BTN; the ones before them UTG, UTG+1 ... (at six
    # players the first to act is UTG, before MP).
    named_back = min(len(rest), len(_BACK_FROM_BUTTON))
    front = len(rest) - named_back
    for i, seat in enumerate(rest[:front]):
        result[seat] = _FROM_FIRST[min(i, len(_FROM_FIRST) - 1)]
    for back, seat in enumerate(reversed(rest[front:])):
        result[seat] = _BACK_FROM_BUTTON[back]
    return result
