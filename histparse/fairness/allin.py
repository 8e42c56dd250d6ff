"""The player's all-in showdowns with draws left: the equity the cards gave them when the last
chip went in, against the share of the pots they won.

A fair deal makes the won share, summed over many all-ins, close to the summed equity; a deal
rigged against (or for) the player moves it. All-ins after the last draw carry no luck (the
cards are all out) and are left out. The EV needs the pots the rules engine settles, which a
``read_facts`` record does not hold: ``fairness_record`` reads each hand once, through the
engine when its lines show an all-in showdown (a few hands in a hundred), else from its lines
alone, and ``hero_allin`` reads that record, never the hand's events.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from histparse.allin.ev import AllInEV, allin_ev
from histparse.events import Hand
from histparse.replayer import Replay, read_facts, replay

__all__ = ["ALLIN_SAMPLES", "NOT_REPLAYED", "AllInSeen", "fairness_record", "hero_allin"]

ALLIN_SAMPLES: Final = 600
"""Monte Carlo deals per hand when enumeration is too big (the EV's own seed: reproducible).
The sampling error of one hand's equity (about 0.02) is small beside the spread of its result
(up to 0.5), so it adds little to the pooled variance."""
NOT_REPLAYED: Final = "not replayed by the engine (a line-facts record has no pots)"
# All-ins whose opponents drew after the last chip are counted: their kept cards are inferred
# under the draw policy (histparse.allin.kept). The uniform guess this replaced used the outcome
# and put the hero's equity 0.096 per all-in above the pots won on fair simulated deals (z = -6.6
# over 881 all-ins); the inference gives +0.011 (z = 0.75 over 851, fresh seeds: docs/fairness.md).


@dataclass(frozen=True, slots=True)
class AllInSeen:
    """One all-in showdown with draws left: the player's ``equity`` when the last chip went in
    and the ``won`` share of the pots it contested (both 0..1, pot-weighted)."""

    equity: float
    won: float


def _allin_showdown(record: Replay) -> bool:
    """Whether the lines show an all-in showdown: two or more dealt-in players who never
    folded, one of them all in (what ``allin_ev`` values)."""
    body = record.body
    left = {p for p in body.dealt_in if p not in body.folds}
    return len(left) >= 2 and not body.all_in.isdisjoint(left)


def fairness_record(hand: Hand) -> Replay:
    """The record ``fairness_report`` reads for ``hand``: the engine's replay when its lines
    show an all-in showdown (the all-in test needs the pots), else its line facts alone."""
    facts = read_facts(hand)
    return replay(hand) if _allin_showdown(facts) else facts


def hero_allin(record: Replay, player: str) -> AllInSeen | str | None:
    """``player``'s all-in showdown with draws left in the hand of ``record``; None when there
    is none, the reason (the EV's, or ``NOT_REPLAYED``) when there is one that cannot be
    valued. Reads the record alone."""
    body = record.body
    if player not in body.dealt_in or player in body.folds or not _allin_showdown(record):
        return None
    if not record.audited:
        return NOT_REPLAYED
    found = allin_ev(record, samples=ALLIN_SAMPLES)
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
    stake = sum((p.net for p in record.pots if player in p.eligible), Decimal(0))
    won = sum((a for p in record.pots for who, a in p.shares if who == player), Decimal(0))
    if stake <= 0:
        return "no pot to share"
    return AllInSeen(min(1.0, max(0.0, equity)), float(won / stake))
