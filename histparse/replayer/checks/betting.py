"""Betting checks: the engine's verdicts turned into finding codes, and the uncalled bets.

The engine judges each action (R-BET-2..7) and names the rule it breaks; ``action_code`` maps
that to a finding code. ``check_uncalled`` compares the ``Uncalled bet`` lines with what the
rules return (R-BET-7) once the replay is over.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from histparse.engine import IllegalAction
from histparse.game import ActionKind
from histparse.replayer.checks.common import money
from histparse.replayer.findings import Code, Finding, make_finding

if TYPE_CHECKING:
    from histparse.replayer.types import Replay

__all__ = ["action_code", "check_uncalled"]

_BY_RULE = {
    "R-BET-2": Code.BET_ORDER,
    "R-BET-3": Code.BET_ILLEGAL,
    "R-BET-4": Code.BET_SIZE,
    "R-BET-5": Code.BET_CAP,
    "R-BET-6": Code.BET_BOUNDS,
    "R-BET-7": Code.BET_ALLIN,
}


def action_code(error: IllegalAction, kind: ActionKind) -> Code:
    """The finding code for an action the engine rejected with ``error``."""
    rule = error.rule_id or ""
    if rule == "R-BET-2":
        return Code.BET_ORDER
    if kind is ActionKind.CALL and error.legal is not None and error.legal.can_call:
        return Code.BET_CALL  # a call was allowed, just not of that amount
    return _BY_RULE.get(rule, Code.BET_ILLEGAL)


def check_uncalled(r: Replay) -> list[Finding]:
    """BET-UNCALLED: the ``Uncalled bet`` lines, in order, must be what the rules return."""
    if not r.complete or not r.profile.prints_uncalled_bets:
        return []  # a site that returns uncalled bets silently: the pot checks use the rules'
    site = [(u.player, u.amount) for u in r.body.uncalled]
    rules = [(x.player, x.amount) for x in r.returned]
    if site == rules:
        return []
    hand = r.hand

    def show(items: list[tuple[str, Decimal]]) -> str:
        return ", ".join(f"{money(hand, amount)} to {player}" for player, amount in items) or (
            "nothing"
        )

    line = None
    for k, u in enumerate(r.body.uncalled):
        if k >= len(rules) or rules[k] != (u.player, u.amount):
            line = u.line
            break
    return [
        make_finding(
            hand,
            Code.BET_UNCALLED,
            f"uncalled bets returned: {show(list(site))}; the rules return {show(list(rules))}",
            line,
        )
    ]
