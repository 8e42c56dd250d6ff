"""Replay a hand through the rules engine: ``replay(hand) -> Replay``.

The result holds what the rules say (pots and side pots with their eligible players, rightful
winners, odd chips, each player's invested / collected / net money) next to what the hand's
lines say, and the findings of every per-hand check. See ``histparse.replayer.driver``.
"""

from histparse.money import Money, Unrepresentable
from histparse.replayer.driver import read_facts, replay
from histparse.replayer.steps import Act, DrawRecord, Step
from histparse.replayer.types import (
    Body,
    LineFacts,
    PlayerMoney,
    PotOutcome,
    Replay,
    Returned,
    StateAfter,
)

__all__ = [
    "Act",
    "Body",
    "DrawRecord",
    "LineFacts",
    "Money",
    "PlayerMoney",
    "PotOutcome",
    "Replay",
    "Returned",
    "StateAfter",
    "Step",
    "Unrepresentable",
    "read_facts",
    "replay",
]
