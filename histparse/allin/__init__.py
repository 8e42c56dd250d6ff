"""All-in EV: what each player's share of the pots was worth when the last chip went in.

``allin_ev(replay)`` gives, for a hand where money went in all-in and the hand went to a
showdown with every contender's cards shown, each contender's equity at the end of the betting
round in which the last chip went in and its EV net; ``AllInSkipped`` (with the reason) for
an all-in showdown that cannot be valued. See docs/equity.md.
"""

from __future__ import annotations

from histparse.allin.ev import AllInEV, AllInPlayer, AllInSkipped, allin_ev, snapshot
from histparse.allin.sensitivity import (
    SECOND_POLICY,
    SECOND_POLICY_NAME,
    AllInSensitivity,
    allin_sensitivity,
)

__all__ = [
    "SECOND_POLICY",
    "SECOND_POLICY_NAME",
    "AllInEV",
    "AllInPlayer",
    "AllInSensitivity",
    "AllInSkipped",
    "allin_ev",
    "allin_sensitivity",
    "snapshot",
]
