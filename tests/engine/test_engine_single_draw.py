"""``GameConfig.draws``: 2-7 single draw (one draw, two betting rounds) on the same engine."""

from __future__ import annotations

import pytest

from histparse.engine import ConfigError, GameConfig, HandState, Phase, Seat, StateError
from histparse.game import LimitType, PostKind, Street


def heads_up(cfg: GameConfig, stack: int = 1000) -> HandState:
    """A (button, small blind) and B (big blind); both in for the big blind."""
    hand = HandState(cfg, [Seat(1, "A", stack), Seat(2, "B", stack)], 1)
    hand.post("A", PostKind.SMALL_BLIND)
    hand.post("B", PostKind.BIG_BLIND)
    hand.deal()
    hand.call("A")
    hand.check("B")
    return hand


def test_draws_default_to_triple_draw_and_are_checked() -> None:
    assert GameConfig.fixed_limit(10).draws == 3
    assert GameConfig.no_limit(5, 10, draws=1).draws == 1
    assert GameConfig.pot_limit(5, 10, draws=2).draws == 2
    for bad in (0, 4, -1):
        with pytest.raises(ConfigError, match="draws"):
            GameConfig(LimitType.NO_LIMIT, small_blind=5, big_blind=10, draws=bad)
    with pytest.raises(ConfigError, match="draws"):
        GameConfig(LimitType.NO_LIMIT, small_blind=5, big_blind=10, draws=True)


def test_single_draw_has_one_draw_then_one_round_then_the_showdown() -> None:
    """One draw and the betting round after it; no stand-pats or checks to pad the hand."""
    hand = heads_up(GameConfig.no_limit(5, 10, draws=1))
    assert (hand.phase, hand.street, hand.draw_number) == (Phase.DRAWING, Street.DRAW1, 1)
    hand.draw("B", 2)
    hand.draw("A", 0)
    assert (hand.phase, hand.street, hand.round_number) == (Phase.BETTING, Street.DRAW1, 1)
    hand.check("B")
    hand.check("A")
    assert hand.phase is Phase.SHOWDOWN
    assert hand.draw_number == 1 and hand.round_number == 1
    with pytest.raises(StateError, match="phase"):
        hand.draw("B", 0)


def test_single_draw_fixed_limit_bets_small_then_big() -> None:
    """Limit single draw: the small bet before the draw, the big bet after it (R-BET-4 read
    for one draw, as PokerStars' limit draw games bet)."""
    cfg = GameConfig.fixed_limit(10, draws=1)
    assert [cfg.bet_unit(r) for r in (0, 1)] == [10, 20]
    assert [GameConfig.fixed_limit(10).bet_unit(r) for r in range(4)] == [10, 10, 20, 20]
    hand = heads_up(cfg)
    hand.draw("B", 1)
    hand.draw("A", 1)
    assert hand.legal_actions().min_to == 20
    hand.bet("B", 20)
    hand.raise_to("A", 40)
    hand.call("B")
    assert hand.phase is Phase.SHOWDOWN and hand.pot == 100


def test_single_draw_ends_uncontested_after_its_one_round() -> None:
    hand = heads_up(GameConfig.fixed_limit(10, draws=1))
    hand.draw("B", 0)
    hand.draw("A", 0)
    hand.bet("B", 20)
    result = hand.fold("A")
    assert result.round_over and result.hand_over
    assert result.uncalled is not None and result.uncalled.street is Street.DRAW1
    assert hand.phase is Phase.UNCONTESTED
    assert hand.settle().collected("B") == 20
