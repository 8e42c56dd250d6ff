"""The player's all-in showdowns with draws left: the equity the cards gave them when the last
chip went in, against the share of the pots they won.

A fair deal makes the won share, summed over many all-ins, close to the summed equity; a deal
rigged against (or for) the player moves it. All-ins after the last draw carry no luck (the
cards are all out) and are left out. The EV needs the pots the rules engine settles, which a
``read_facts`` record does not hold: only the hands whose lines show an all-in showdown the
player is still in are replayed through the engine, so the cost stays with the few all-ins.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from histparse.allin.ev import AllInEV, allin_ev
from histparse.replayer import Replay, replay

__all__ = ["ALLIN_SAMPLES", "AllInSeen", "hero_allin"]

ALLIN_SAMPLES: Final = 600
"""Monte Carlo deals per hand when enumeration is too big (the EV's own seed: reproducible).
The sampling error of one hand's equity (about 0.02) is small beside the spread of its result
(up to 0.5), so it adds little to the pooled variance."""


@dataclass(frozen=True, slots=True)
class AllInSeen:
    """One all-in showdown with draws left: the player's ``equity`` when the last chip went in
    and the ``won`` share of the pots it contested (both 0..1, pot-weighted)."""

    equity: float
    won: float


def hero_allin(record: Replay, player: str) -> AllInSeen | str | None:
    """``player``'s all-in showdown with draws left in the hand of ``record``; None when there
    is none, the reason (the EV's) when there is one that cannot be valued."""
    body = record.body
    left = {p for p in body.dealt_in if p not in body.folds}
    if player not in left or len(left) < 2 or body.all_in.isdisjoint(left):
        return None
    full = record if record.audited else replay(record.hand)
    found = allin_ev(full, samples=ALLIN_SAMPLES)
    if found is None:
        return None
    if not isinstance(found, AllInEV):
        return found.reason.split(":")[0]
    if found.draws_left == 0:
        return None
    try:
        equity = found.player(player).equity
    except KeyError:
        return None
    stake = sum((p.net for p in full.pots if player in p.eligible), Decimal(0))
    won = sum((a for p in full.pots for who, a in p.shares if who == player), Decimal(0))
    if stake <= 0:
        return "no pot to share"
    return AllInSeen(min(1.0, max(0.0, equity)), float(won / stake))
