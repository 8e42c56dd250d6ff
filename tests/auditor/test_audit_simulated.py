"""No finding on simulated hands (``histparse.simulation``), including the hard cases: caps, side
pots, splits with odd chips, reshuffles, walks, extra big blinds, heads-up, pot and no limit,
sit & gos with antes."""

from __future__ import annotations

from decimal import Decimal

import pytest

from histparse.auditor import audit
from histparse.events import Hand, Post
from histparse.game import LimitType, PostKind
from histparse.simulation import HardCase, SimConfig, TournamentStructure, census, simulate

HARD = frozenset(HardCase)
HALF = (Decimal("0.25"), Decimal("0.50"))

CONFIGS = {
    "fixed limit": SimConfig(),
    "fixed limit, hard cases": SimConfig(focus=HARD),
    "heads-up, hard cases": SimConfig(players=2, focus=HARD),
    "no limit, hard cases": SimConfig(limit=LimitType.NO_LIMIT, stakes=HALF, focus=HARD),
    "pot limit, hard cases": SimConfig(limit=LimitType.POT, stakes=HALF, focus=HARD),
    "sit & go, hard cases": SimConfig(tournament=TournamentStructure(), focus=HARD),
}


# 1,000 hands a configuration, each with its own seed: 6,000 hands in all, split by
# configuration so that the workers share them (one test of 6,000 hands took 14 s of a worker).
@pytest.mark.parametrize("name", list(CONFIGS))
def test_simulated_hands_are_clean(name: str) -> None:
    config = CONFIGS[name]
    hands = list(simulate(1000, seed=list(CONFIGS).index(name), config=config))
    assert len(hands) == 1000
    findings = list(audit(hands))
    assert findings == [], findings[:5]
    if config.focus:
        seen = census(hands)
        assert seen.showdowns and seen.all_in_hands and seen.split_pots


def _short_ante(hand: Hand) -> bool:
    antes = [e for e in hand.events if isinstance(e, Post) and e.kind is PostKind.ANTE]
    return any(a.all_in for a in antes) and len({a.amount for a in antes}) > 1


def test_simulated_short_antes_come_back_with_the_uncalled_bet() -> None:
    """R-BET-7: a player all-in for less than the ante leaves dead money nobody matches; the
    engine returns it with the uncalled bet and the simulator prints what the engine returns,
    so the audit (PokerStars' profile, no switch) finds nothing."""
    config = CONFIGS["sit & go, hard cases"]
    hands = [h for h in simulate(3000, seed=11, config=config) if _short_ante(h)]
    assert hands, "no simulated hand with an all-in for less than the ante"
    assert list(audit(hands)) == []
