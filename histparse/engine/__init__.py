"""Rules engine for one hand of 2-7 triple draw (docs/rules.md R-TABLE, R-BET, R-DRAW, R-SHOW).

``HandState`` is the state machine; ``GameConfig`` and ``Seat`` set it up (``GameConfig.draws``
is 3 for triple draw, 1 for 2-7 single draw); ``Dealer`` deals real cards for simulation.
Readings of rules that docs/rules.md leaves open are documented in ``betting`` (incomplete all-in
raises, short big blind, folding, cap lift, unmatched dead money), ``draws`` (what is
reshuffled, what the tracker forgets) and ``pots``. ``state`` says how the hot paths stay
cheap (``frozen``: results built without the frozen-dataclass ``__init__``).
"""

from histparse.engine.betting import ActionResult, LegalActions, PostResult, UncalledBet
from histparse.engine.config import MAX_SEATS, GameConfig, Seat
from histparse.engine.dealer import Dealer
from histparse.engine.draws import DrawResult
from histparse.engine.errors import (
    CardConflict,
    ConfigError,
    EngineError,
    IllegalAction,
    IllegalDraw,
    IllegalPost,
    SettlementError,
    StateError,
)
from histparse.engine.positions import (
    POSITION_ORDER,
    STEAL_POSITIONS,
    BlindSeats,
    Position,
    assign_positions,
    expected_blinds,
    showdown_order,
)
from histparse.engine.pots import PlayerResult, Pot, PotResult, Settlement
from histparse.engine.state import HandState
from histparse.engine.views import Phase, PlayerView, Snapshot

__all__ = [
    "MAX_SEATS",
    "POSITION_ORDER",
    "STEAL_POSITIONS",
    "ActionResult",
    "BlindSeats",
    "CardConflict",
    "ConfigError",
    "Dealer",
    "DrawResult",
    "EngineError",
    "GameConfig",
    "HandState",
    "IllegalAction",
    "IllegalDraw",
    "IllegalPost",
    "LegalActions",
    "Phase",
    "PlayerResult",
    "PlayerView",
    "Position",
    "PostResult",
    "Pot",
    "PotResult",
    "Seat",
    "Settlement",
    "SettlementError",
    "Snapshot",
    "StateError",
    "UncalledBet",
    "assign_positions",
    "expected_blinds",
    "showdown_order",
]
