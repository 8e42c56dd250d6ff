"""The full deal of a simulated hand: every card, which the hero's history does not show.

A simulated ``Hand`` is written from the hero's seat, so opponents' cards and discards are
unknown in it. The simulator deals every card itself; ``simulate_with_cards`` hands this record
over next to each ``Hand`` (e.g. for a full-knowledge PHH export), without changing the hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from histparse.cards import Card

Cards = tuple[Card, ...]

__all__ = ["DrawRecord", "FullDeal"]


@dataclass(frozen=True, slots=True)
class DrawRecord:
    """One player's turn in draw ``number`` (1-3): the cards thrown (empty: stood pat) and the
    cards served for them, in the order the dealer served them. ``reshuffled`` says the stub
    ran out while serving this player (R-DRAW-3)."""

    player: str
    number: int
    discarded: Cards
    received: Cards
    reshuffled: bool = False


@dataclass(frozen=True, slots=True)
class FullDeal:
    """Every card of one simulated hand and how the money ended.

    ``dealt`` pairs each dealt-in player with their first five cards, in deal order (from the
    first player left of the button, R-TABLE-3); ``draws`` holds every draw turn in the order
    played. ``final_stacks`` (seat order) are the stacks after the hand, rake taken; ``rake``
    is what the site took. Amounts are ``Decimal`` as the hand writes them.
    """

    hand_id: str
    dealt: tuple[tuple[str, Cards], ...]
    draws: tuple[DrawRecord, ...]
    final_stacks: tuple[tuple[str, Decimal], ...]
    rake: Decimal

    def initial(self, player: str) -> Cards:
        """``player``'s first five cards; ``KeyError`` if not dealt in."""
        for name, cards in self.dealt:
            if name == player:
                return cards
        raise KeyError(player)

    def final_hand(self, player: str) -> Cards:
        """``player``'s cards after their last draw (the hand they hold at the end)."""
        hand = list(self.initial(player))
        for d in self.draws:
            if d.player == player:
                for card in d.discarded:
                    hand.remove(card)
                hand.extend(d.received)
        return tuple(hand)

    def final_stack(self, player: str) -> Decimal:
        """``player``'s stack after the hand; ``KeyError`` if not dealt in."""
        for name, stack in self.final_stacks:
            if name == player:
                return stack
        raise KeyError(player)
