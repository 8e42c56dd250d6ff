"""Table positions from the seats dealt in and the button.

SB and BB are the two seats left of the button; the others are named counting back from the
button: BTN, CO, MP, UTG, and EP for any seat earlier than UTG (only tables of 7 or more). So 6
players are SB, BB, UTG, MP, CO, BTN and 4 players are SB, BB, CO, BTN. Heads-up the button is
BTN (it posts the small blind) and the other player BB.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum

__all__ = [
    "POSITION_ORDER",
    "STEAL_POSITIONS",
    "Position",
    "assign_positions",
    "positions_by_player",
]


class Position(StrEnum):
    """A table position label."""

    EP = "EP"
    UTG = "UTG"
    MP = "MP"
    CO = "CO"
    BTN = "BTN"
    SB = "SB"
    BB = "BB"


# Acting order before the first draw, used to order the positions in tables and graphs.
POSITION_ORDER: tuple[Position, ...] = tuple(Position)
STEAL_POSITIONS = frozenset({Position.CO, Position.BTN, Position.SB})
_BACK_FROM_BUTTON = (Position.BTN, Position.CO, Position.MP, Position.UTG)


def assign_positions(
    seats: Sequence[int], button: int, *, small_blind_posted: bool = True
) -> dict[int, Position]:
    """Position of each dealt-in seat.

    ``seats`` are the dealt-in seat numbers; ``button`` the button seat (it may be empty). When no
    small blind was posted (a dead small blind) the first seat left of the button is the big blind
    and there is no SB.
    """
    ordered = sorted(set(seats))
    n = len(ordered)
    if n == 0:
        return {}
    start = next((i for i, s in enumerate(ordered) if s > button), 0)
    order = ordered[start:] + ordered[:start]  # clockwise from the first seat left of the button
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
    for back, seat in enumerate(reversed(rest)):
        result[seat] = _BACK_FROM_BUTTON[back] if back < len(_BACK_FROM_BUTTON) else Position.EP
    return result


def positions_by_player(
    seat_of: Mapping[str, int], button: int, *, small_blind_posted: bool = True
) -> dict[str, Position]:
    """``assign_positions`` keyed by player name."""
    by_seat = assign_positions(
        list(seat_of.values()), button, small_blind_posted=small_blind_posted
    )
    return {p: by_seat[s] for p, s in seat_of.items()}
