"""Frozen views of the hand state, cheap to build, for the replayer and for tests."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from histparse.cards import Card
from histparse.game import Street


class Phase(Enum):
    """Where the hand is. ``UNCONTESTED``: everyone else folded (R-DRAW-1); ``SHOWDOWN``:
    betting is over with two or more players left; both wait for ``settle``."""

    POSTING = "posting"
    BETTING = "betting"
    DRAWING = "drawing"
    SHOWDOWN = "showdown"
    UNCONTESTED = "uncontested"
    COMPLETE = "complete"


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One dealt-in player: ``stack`` is behind (not in the pot), ``bet`` the live bet of the
    current round, ``invested`` everything put in this hand (bets, antes, dead money)."""

    name: str
    seat: int
    stack: int
    bet: int
    invested: int
    folded: bool
    all_in: bool
    cards: tuple[Card | None, ...]


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The public state at one moment. ``to_act`` is whoever must bet or draw next."""

    phase: Phase
    street: Street
    to_act: str | None
    pot: int
    current_bet: int
    bet_count: int
    stub: int
    button: int
    players: tuple[PlayerView, ...]

    def player(self, name: str) -> PlayerView:
        """The view of ``name``."""
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)
