"""The format details of a Winamax hand: what the writer needs beyond the events."""

from __future__ import annotations

from dataclasses import dataclass

from histparse.events import SiteLayout

__all__ = ["WinamaxLayout"]


@dataclass(frozen=True, slots=True)
class WinamaxLayout(SiteLayout):
    """What a Winamax hand prints that carries no meaning, kept so that it is written back byte
    for byte.

    ``money_suffix`` follows every amount (``25€``; empty in play money). ``game_word`` is the
    header's game (``2-7 Triple Draw`` or the export's ``Lowball27``). ``bet_markers`` are the
    ``*** SECOND-BET ***`` .. ``*** FOURTH-BET ***`` lines, which open a betting round inside a
    draw's street and carry no event: (index in ``Hand.events`` the line stands before, its
    trailing whitespace). ``details`` maps an event's index to what its line adds:
    ``oop`` for a big blind posted ``out of position``, ``hidden`` for ``stands pat [X X X X
    X]``."""

    money_suffix: str = "€"
    game_word: str = "2-7 Triple Draw"
    real_money: bool = True
    blinds_trailing: str = ""
    bet_markers: tuple[tuple[int, str], ...] = ()
    details: tuple[tuple[int, str], ...] = ()
    newline: str = "\r\n"
    bom: bool = False
