"""A real shuffled deck for simulation: seeded, dealt one card at a time (R-TABLE-3)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from histparse.cards import DECK, Card
from histparse.engine.errors import StateError


class Dealer:
    """A 52-card deck and its stub. ``seed`` (or ``rng``) makes the shuffle reproducible;
    ``order`` stacks the deck instead (first card dealt first), for tests.
    """

    __slots__ = ("_rng", "_stub")

    def __init__(
        self,
        seed: int | None = None,
        *,
        rng: random.Random | None = None,
        order: Sequence[Card] | None = None,
    ) -> None:
        self._rng = rng if rng is not None else random.Random(seed)
        if order is None:
            stub = list(DECK)
            self._rng.shuffle(stub)
        else:
            stub = list(order)
            if len(set(stub)) != len(stub):
                raise StateError("stacked deck repeats a card")
        stub.reverse()  # the next card is popped from the end
        self._stub = stub

    @property
    def remaining(self) -> int:
        """Cards left in the stub."""
        return len(self._stub)

    def stub(self) -> tuple[Card, ...]:
        """The stub, next card first."""
        return tuple(reversed(self._stub))

    def take(self, count: int) -> tuple[Card, ...]:
        """The next ``count`` cards off the stub."""
        if count > len(self._stub):
            raise StateError(f"stub has {len(self._stub)} cards, cannot deal {count}")
        stub = self._stub
        return tuple(stub.pop() for _ in range(count))

    def deal_hands(self, players: int, cards_each: int = 5) -> list[tuple[Card, ...]]:
        """Deal one card at a time to each player in turn (R-TABLE-3); player 0 is the first
        player left of the button."""
        if players * cards_each > len(self._stub):
            raise StateError(f"cannot deal {cards_each} cards to {players} players")
        hands: list[list[Card]] = [[] for _ in range(players)]
        stub = self._stub
        for _ in range(cards_each):
            for hand in hands:
                hand.append(stub.pop())
        return [tuple(h) for h in hands]

    def reshuffle(self, cards: Iterable[Card]) -> None:
        """Shuffle ``cards`` (the discards) into a new stub; the old stub must be empty
        (R-DRAW-3)."""
        if self._stub:
            raise StateError(f"reshuffle with {len(self._stub)} cards still in the stub")
        stub = list(cards)
        self._rng.shuffle(stub)
        self._stub = stub
