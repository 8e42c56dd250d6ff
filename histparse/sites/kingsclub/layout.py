"""The format details of a Kings Club hand: what the writer needs beyond the events."""

from __future__ import annotations

from dataclasses import dataclass

from histparse.events import SiteLayout

__all__ = ["KingsClubLayout"]


@dataclass(frozen=True, slots=True)
class KingsClubLayout(SiteLayout):
    """What a Kings Club hand prints that carries no meaning, kept so that it is written back
    byte for byte.

    ``bet_markers`` are the ``*** 2ND BETTING ROUND ***`` .. ``*** 4TH BETTING ROUND ***``
    lines (no event): (index in ``Hand.events`` the line stands before, its trailing
    whitespace). ``details`` maps an event's index to what its line adds: ``from`` / ``pot``
    for a win line worded against the rule (``wins (x) from pot`` when it is the pot's only
    winner, ``wins pot (x)`` when it shares it)."""

    money_symbol: str = ""
    first_round_marker: bool = True
    bet_markers: tuple[tuple[int, str], ...] = ()
    details: tuple[tuple[int, str], ...] = ()
    newline: str = "\r\n"
    bom: bool = False
