"""Typed errors raised by the engine.

Two families matter to the replayer:

* ``IllegalAction`` (and its subclasses): the event breaks a rule of docs/rules.md. It carries the
  rule id and, for betting, the ``LegalActions`` that were allowed. The replayer records it as a
  finding and applies the event again with ``check=False``.
* ``StateError``: the event cannot happen at all in the engine's state (wrong phase, a folded
  player acting, more chips than the stack, six cards in a hand). ``check=False`` does not bypass
  it, because applying it would break the engine's own invariants.

Every method validates before it mutates, so the state is unchanged whenever one of these is
raised.
"""

from __future__ import annotations

from collections.abc import Callable

from histparse.engine.legal import LegalActions


class EngineError(Exception):
    """Base class of every engine error; ``rule_id`` names the docs/rules.md rule if one applies."""

    def __init__(self, message: str, rule_id: str | None = None) -> None:
        super().__init__(f"{rule_id}: {message}" if rule_id else message)
        self.message = message
        self.rule_id = rule_id


class ConfigError(EngineError, ValueError):
    """The game configuration or the seating is unusable (bad amounts, duplicate seats...)."""


class StateError(EngineError):
    """The event is impossible in the current state; ``check=False`` does not bypass this."""


class IllegalAction(EngineError):
    """A betting action (or any event) that breaks the rule ``rule_id``.

    ``legal`` is what the player could have done instead (``None`` outside betting), its
    amounts written by ``amount_text`` (plain minor units by default).
    """

    def __init__(
        self,
        rule_id: str,
        message: str,
        legal: LegalActions | None = None,
        *,
        amount_text: Callable[[int], str] = str,
    ) -> None:
        if legal is not None:
            message = f"{message}; legal: {legal.describe(amount_text)}"
        super().__init__(message, rule_id)
        self.legal = legal


class IllegalPost(IllegalAction):
    """A forced bet that breaks R-TABLE-2 (wrong amount, posted twice...)."""


class IllegalDraw(IllegalAction):
    """A draw that breaks R-DRAW-1..3 (out of turn, a card not in the hand...)."""


class CardConflict(IllegalAction):
    """A known card seen in two places at once (one deck: R-RANK-1) or back from the muck
    without a reshuffle (R-DRAW-3)."""


class SettlementError(EngineError):
    """The pots cannot be awarded (nobody eligible showed a hand, bad rake...)."""
