"""A dealer rigged for one player, to test the fairness report on data known to be unfair.

With bias ``b > 0``, each high card (T or above) dealt to the player, on the deal or at a draw,
is with probability ``b`` swapped for the next low card (7 or below) in the stub; with ``b < 0``
each low card is swapped for the next high one with probability ``|b|``. The swapped card goes
back where the other one was, so every card is still dealt once and the history stays
consistent (the rules engine replays it clean). ``draws_only`` leaves the deal fair and rigs
the replacement cards alone (the fault the draw tests must find).
"""

from __future__ import annotations

import random

from histparse.cards import Card
from histparse.engine import Dealer

__all__ = ["RiggedDealer"]

_LOW = range(0, 6)  # ranks 2..7
_HIGH = range(8, 13)  # ranks T..A


class RiggedDealer(Dealer):
    """A ``Dealer`` that favours (``bias > 0``) or punishes (``bias < 0``) one player.

    ``player_index`` is the player's place in the deal order (0: first left of the button);
    the simulator sets ``serving`` while the engine serves that player's draw."""

    __slots__ = ("_coin", "bias", "draws_only", "player_index", "serving")

    def __init__(
        self, bias: float, rng: random.Random, player_index: int, *, draws_only: bool = False
    ) -> None:
        if not -1.0 <= bias <= 1.0:
            raise ValueError(f"bias must be in [-1, 1], got {bias}")
        super().__init__(rng=rng)
        self.bias = bias
        self.player_index = player_index
        self.serving = False
        self.draws_only = draws_only
        self._coin = rng

    def _rig(self, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        """``cards`` as the rig deals them to the player (swaps made in the stub)."""
        favour = self.bias > 0
        unwanted, wanted = (_HIGH, _LOW) if favour else (_LOW, _HIGH)
        chance = abs(self.bias)
        stub = self._stub
        out = list(cards)
        for i, card in enumerate(out):
            if card >> 2 not in unwanted or self._coin.random() >= chance:
                continue
            # The next card of the wanted kind: the stub's next card is at its end.
            for j in range(len(stub) - 1, -1, -1):
                if stub[j] >> 2 in wanted:
                    out[i], stub[j] = stub[j], card
                    break
        return tuple(out)

    def deal_hands(self, players: int, cards_each: int = 5) -> list[tuple[Card, ...]]:
        hands = super().deal_hands(players, cards_each)
        if 0 <= self.player_index < players and not self.draws_only:
            hands[self.player_index] = self._rig(hands[self.player_index])
        return hands

    def take(self, count: int) -> tuple[Card, ...]:
        cards = super().take(count)
        return self._rig(cards) if self.serving and cards else cards
