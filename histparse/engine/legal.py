"""What the player to act may do: the ``LegalActions`` of a betting round.

Apart from the betting rules (``betting.py``) so that the errors (``errors.py``), which carry
the legal actions to explain a refused one, need nothing above them: betting needs the game
config, whose errors are engine errors.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from histparse.game import ActionKind

__all__ = ["LegalActions"]


@dataclass(frozen=True, slots=True)
class LegalActions:
    """What the player to act may do. Amounts are ints; ``*_to`` amounts are round totals.

    ``call_amount`` is the increment a call puts in (capped at the stack: all-in for less).
    ``min_to``/``max_to`` bound a bet or raise *to* amount (meaningless when neither
    ``can_bet`` nor ``can_raise``); fixed limit has ``min_to == max_to`` (one bet, or all-in
    for less).
    """

    player: str
    can_fold: bool
    can_check: bool
    can_call: bool
    call_amount: int
    can_bet: bool
    can_raise: bool
    min_to: int
    max_to: int
    current_bet: int
    player_bet: int
    stack: int

    @property
    def kinds(self) -> tuple[ActionKind, ...]:
        """The allowed action kinds, in a fixed order."""
        flags = (
            (self.can_fold, ActionKind.FOLD),
            (self.can_check, ActionKind.CHECK),
            (self.can_call, ActionKind.CALL),
            (self.can_bet, ActionKind.BET),
            (self.can_raise, ActionKind.RAISE),
        )
        return tuple(kind for ok, kind in flags if ok)

    def allows(self, kind: ActionKind, to: int | None = None) -> bool:
        """Whether ``kind`` (with the *to* amount for a bet or raise) is legal."""
        if kind is ActionKind.FOLD:
            return self.can_fold
        if kind is ActionKind.CHECK:
            return self.can_check
        if kind is ActionKind.CALL:
            return self.can_call
        ok = self.can_bet if kind is ActionKind.BET else self.can_raise
        return ok and to is not None and self.min_to <= to <= self.max_to

    def describe(self, amount_text: Callable[[int], str] = str) -> str:
        """Short text such as ``fold, call 10, raise to 20..40`` (amounts by ``amount_text``:
        plain minor units unless told, e.g. ``call $0.10``)."""
        parts: list[str] = []
        if self.can_fold:
            parts.append("fold")
        if self.can_check:
            parts.append("check")
        if self.can_call:
            parts.append(f"call {amount_text(self.call_amount)}")
        for ok, word in ((self.can_bet, "bet"), (self.can_raise, "raise")):
            if ok:
                low = amount_text(self.min_to)
                span = low if self.min_to == self.max_to else f"{low}..{amount_text(self.max_to)}"
                parts.append(f"{word} to {span}")
        return f"{self.player}: " + (", ".join(parts) or "nothing")
