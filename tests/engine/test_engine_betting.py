"""Betting rounds: R-BET-1..7, caps, pot/no-limit sizes, all-ins, uncalled bets, forced events."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import FrozenInstanceError

import pytest

from histparse.engine import (
    GameConfig,
    HandState,
    IllegalAction,
    LegalActions,
    Phase,
    Seat,
    StateError,
)
from histparse.game import ActionKind, PostKind, Street

FL = GameConfig.fixed_limit(10)


def start(cfg: GameConfig, *stacks: int, button: int | None = None) -> HandState:
    """Players P1..Pn; the button defaults to the last seat so P1 posts the small blind."""
    hand = HandState(
        cfg,
        [Seat(k + 1, f"P{k + 1}", s) for k, s in enumerate(stacks)],
        len(stacks) if button is None else button,
    )
    blinds = hand.expected_blinds()
    hand.post(f"P{blinds.small_blind}", PostKind.SMALL_BLIND)
    hand.post(f"P{blinds.big_blind}", PostKind.BIG_BLIND)
    hand.deal()
    return hand


def stand_pat_all(hand: HandState) -> None:
    while hand.phase is Phase.DRAWING:
        player = hand.to_act
        assert player is not None
        hand.draw(player, 0)


def check_round(hand: HandState) -> None:
    while hand.phase is Phase.BETTING:
        player = hand.to_act
        assert player is not None
        hand.check(player)


def test_R_BET_1_four_rounds_three_draws() -> None:
    """R-BET-1 / R-DRAW-1: betting, draw, betting, draw, betting, draw, betting, showdown."""
    hand = start(FL, 100, 100, 100)
    seen = []
    hand.call("P3")
    hand.call("P1")
    hand.check("P2")
    for _ in range(3):
        seen.append((hand.phase, hand.street))
        stand_pat_all(hand)
        seen.append((hand.phase, hand.street))
        check_round(hand)
    assert seen == [
        (Phase.DRAWING, Street.DRAW1),
        (Phase.BETTING, Street.DRAW1),
        (Phase.DRAWING, Street.DRAW2),
        (Phase.BETTING, Street.DRAW2),
        (Phase.DRAWING, Street.DRAW3),
        (Phase.BETTING, Street.DRAW3),
    ]
    assert hand.phase is Phase.SHOWDOWN and hand.round_number == 3 and hand.draw_number == 3


def test_R_BET_2_order_of_action() -> None:
    """R-BET-2: pre-draw starts left of the big blind; later rounds with the first live player
    left of the button, skipping folded and all-in players; out of turn is refused."""
    hand = start(FL, 100, 100, 100, 15, 100, 100, button=3)  # SB P4 (all-in soon), BB P5
    assert hand.to_act == "P6"
    with pytest.raises(IllegalAction) as err:
        hand.call("P1")
    assert err.value.rule_id == "R-BET-2" and err.value.legal is not None
    assert err.value.legal.player == "P6"
    order = []
    for p in ("P6", "P1", "P2", "P3"):
        order.append(hand.to_act)
        hand.call(p)
    hand.raise_to("P4", 15)  # all-in for less than a full raise
    hand.call("P5")
    for p in ("P6", "P1", "P2", "P3"):
        hand.call(p)
    assert order == ["P6", "P1", "P2", "P3"]
    stand_pat_all(hand)
    # P4 (all-in) is skipped: first live player left of the button (seat 3) who can act is P5.
    assert hand.to_act == "P5"
    hand.fold("P5")
    hand.check("P6")
    assert hand.to_act == "P1"


def test_R_BET_3_options_and_big_blind_option() -> None:
    """R-BET-3: pre-draw fold/call/raise; unraised, the big blind may check or raise; later
    rounds check until someone bets; facing a bet no check."""
    hand = start(FL, 100, 100, 100)
    legal = hand.legal_actions()
    assert (legal.player, legal.kinds) == (
        "P3",
        (ActionKind.FOLD, ActionKind.CALL, ActionKind.RAISE),
    )
    assert legal.call_amount == 10
    with pytest.raises(IllegalAction) as err:
        hand.check("P3")
    assert err.value.rule_id == "R-BET-3"
    with pytest.raises(IllegalAction, match="R-BET-3"):
        hand.bet("P3", 20)
    hand.call("P3")
    hand.call("P1")
    legal = hand.legal_actions()
    assert legal.player == "P2" and legal.can_check and legal.can_raise and not legal.can_call
    hand.check("P2")  # the option
    assert hand.phase is Phase.DRAWING
    stand_pat_all(hand)
    legal = hand.legal_actions()
    assert legal.kinds == (ActionKind.FOLD, ActionKind.CHECK, ActionKind.BET)
    with pytest.raises(IllegalAction, match="R-BET-3"):
        hand.raise_to("P1", 10)
    with pytest.raises(IllegalAction, match="R-BET-3"):
        hand.call("P1")
    hand.bet("P1", 10)
    with pytest.raises(IllegalAction, match="R-BET-3"):
        hand.check("P2")
    hand.raise_to("P2", 20)
    hand.call("P3")
    result = hand.call("P1")
    assert result.increment == 10 and result.total == 20 and result.round_over


def test_R_BET_4_fixed_limit_sizes() -> None:
    """R-BET-4: one small bet in rounds 0-1, one big bet in rounds 2-3, nothing else."""
    hand = start(FL, 500, 500)
    legal = hand.legal_actions()
    assert (legal.min_to, legal.max_to) == (20, 20)
    with pytest.raises(IllegalAction) as err:
        hand.raise_to("P2", 30)
    assert err.value.rule_id == "R-BET-4"
    assert "20" in str(err.value)
    hand.call("P2")
    hand.check("P1")
    sizes = []
    for _ in range(3):
        stand_pat_all(hand)
        legal = hand.legal_actions()
        sizes.append((legal.min_to, legal.max_to))
        hand.bet(hand.to_act or "", legal.min_to)
        legal = hand.legal_actions()
        sizes.append((legal.min_to, legal.max_to))
        hand.call(hand.to_act or "")
    assert sizes == [(10, 10), (20, 20), (20, 20), (40, 40), (20, 20), (40, 40)]


def test_R_BET_5_cap_pre_draw_big_blind_is_first_bet() -> None:
    """R-BET-5: pre-draw the big blind and three raises cap the betting; the 5th bet is refused."""
    hand = start(FL, 500, 500, 500)
    results = [hand.raise_to("P3", 20), hand.raise_to("P1", 30), hand.raise_to("P2", 40)]
    assert [r.capped for r in results] == [False, False, True]
    legal = hand.legal_actions()
    assert legal.player == "P3" and not legal.can_raise and legal.call_amount == 20
    with pytest.raises(IllegalAction) as err:
        hand.raise_to("P3", 50)
    assert err.value.rule_id == "R-BET-5"
    assert hand.snapshot().player("P3").bet == 20  # unchanged after the refusal


def test_R_BET_5_cap_later_rounds_four_bets() -> None:
    """R-BET-5: after a draw, bet + three raises; the fifth is refused with R-BET-5."""
    hand = start(FL, 500, 500, 500)
    hand.call("P3")
    hand.call("P1")
    hand.check("P2")
    stand_pat_all(hand)
    hand.bet("P1", 10)
    hand.raise_to("P2", 20)
    hand.raise_to("P3", 30)
    capping = hand.raise_to("P1", 40)
    assert capping.capped and capping.full_raise
    with pytest.raises(IllegalAction) as err:
        hand.raise_to("P2", 50)
    assert err.value.rule_id == "R-BET-5"
    assert err.value.legal is not None and err.value.legal.kinds == (
        ActionKind.FOLD,
        ActionKind.CALL,
    )
    # A site that raised anyway is applied as written.
    forced = hand.raise_to("P2", 50, check=False)
    assert forced.total == 50 and hand.to_act == "P3"


@pytest.mark.parametrize("lifted", [False, True])
def test_R_BET_5_heads_up_cap_lift_option(lifted: bool) -> None:
    """R-BET-5: the per-site option lifts the cap while only two players are in the hand."""
    cfg = GameConfig.fixed_limit(10, cap_lifted_heads_up=lifted)
    hand = start(cfg, 500, 500, 500)
    hand.fold("P3")  # heads-up from here
    capped = [hand.raise_to(p, to).capped for to, p in ((20, "P1"), (30, "P2"), (40, "P1"))]
    assert capped == [False, False, not lifted]
    legal = hand.legal_actions()
    assert legal.can_raise is lifted
    if lifted:
        hand.raise_to("P2", 50)
        assert hand.raise_to("P1", 60).total == 60
    # Three-handed the cap holds whatever the option.
    three = start(cfg, 500, 500, 500)
    for to, p in ((20, "P3"), (30, "P1"), (40, "P2")):
        three.raise_to(p, to)
    assert not three.legal_actions().can_raise


def test_R_BET_6_pot_limit_arithmetic() -> None:
    """R-BET-6: pot limit raises to at most current bet + pot after the call."""
    cfg = GameConfig.pot_limit(5, 10)
    hand = start(cfg, 1000, 1000, 1000)
    legal = hand.legal_actions()
    # Pot 15, P3 calls 10 -> pot 25, raise by 25: to 35.
    assert (legal.min_to, legal.max_to) == (20, 35)
    with pytest.raises(IllegalAction) as err:
        hand.raise_to("P3", 36)
    assert err.value.rule_id == "R-BET-6"
    hand.raise_to("P3", 35)
    legal = hand.legal_actions()
    # Pot 50, P1 owes 30 -> 80; to 35 + 80 = 115. Minimum: 35 + 25.
    assert (legal.player, legal.min_to, legal.max_to) == ("P1", 60, 115)
    hand.raise_to("P1", 115)
    hand.fold("P2")
    hand.call("P3")
    stand_pat_all(hand)
    legal = hand.legal_actions()
    assert (legal.min_to, legal.max_to) == (10, 240)  # pot 240 after the first round
    hand.bet("P1", 50)
    legal = hand.legal_actions()
    assert (legal.min_to, legal.max_to) == (100, 50 + 290 + 50)


def test_R_BET_6_no_limit_min_raise_and_stack() -> None:
    """R-BET-6: no limit raises are at least the previous bet or raise, at most the stack."""
    cfg = GameConfig.no_limit(5, 10)
    hand = start(cfg, 1000, 1000, 1000)
    legal = hand.legal_actions()
    assert (legal.min_to, legal.max_to) == (20, 1000)
    hand.raise_to("P3", 45)  # a raise of 35
    legal = hand.legal_actions()
    assert legal.min_to == 80
    with pytest.raises(IllegalAction) as err:
        hand.raise_to("P1", 79)
    assert err.value.rule_id == "R-BET-6"
    hand.raise_to("P1", 80)
    assert hand.legal_actions().min_to == 115
    with pytest.raises(StateError):
        hand.raise_to("P2", 1001)


def test_R_BET_7_all_in_for_less_can_be_completed() -> None:
    """R-BET-7: a short all-in bet does not count as a bet; the next player may complete it
    to a full bet (PokerStars' 'raises 50 to 600' after an all-in for 550 at 300/600)."""
    cfg = GameConfig.fixed_limit(300)
    hand = start(cfg, 5000, 5000, 5000, 850, button=3)  # SB P4, BB P1
    for p in ("P2", "P3", "P4"):
        hand.call(p)
    hand.check("P1")
    stand_pat_all(hand)
    check_round(hand)
    stand_pat_all(hand)
    assert hand.street is Street.DRAW2 and hand.to_act == "P4"
    short = hand.bet("P4", 550)  # all-in for less than a big bet of 600
    assert short.all_in and not short.full_raise
    legal = hand.legal_actions()
    assert legal.player == "P1" and legal.can_raise and (legal.min_to, legal.max_to) == (600, 600)
    done = hand.raise_to("P1", 600)
    assert done.full_raise and done.increment == 600
    legal = hand.legal_actions()
    assert (legal.min_to, legal.max_to) == (1200, 1200)
    hand.raise_to("P2", 1200)
    hand.call("P3")
    result = hand.call("P1")
    assert result.round_over
    assert [p.invested for p in hand.snapshot().players] == [1500, 1500, 1500, 850]


def test_R_BET_7_short_all_in_bet_does_not_reopen_for_checkers() -> None:
    """R-BET-7 reading: a player who checked and then faces an all-in for less than a bet
    may only call or fold."""
    cfg = GameConfig.fixed_limit(300)
    hand = start(cfg, 5000, 5000, 500, button=3)  # SB P1, BB P2, P3 first
    for p in ("P3", "P1"):
        hand.call(p)
    hand.check("P2")
    stand_pat_all(hand)
    hand.check("P1")
    hand.check("P2")
    assert not hand.bet("P3", 200).full_raise
    legal = hand.legal_actions()
    assert legal.player == "P1" and not legal.can_raise and legal.call_amount == 200
    with pytest.raises(IllegalAction) as err:
        hand.raise_to("P1", 300)
    assert err.value.rule_id == "R-BET-7" and "reopen" in str(err.value)


def test_R_BET_7_incomplete_raise_limits_players_who_acted() -> None:
    cfg = GameConfig.no_limit(5, 10)
    hand = start(cfg, 1000, 1000, 1000, 60, button=4)  # SB P1, BB P2, P3 first
    hand.raise_to("P3", 40)  # raise of 30
    hand.raise_to("P4", 60)  # all-in, +20 < 30: incomplete
    hand.call("P1")
    hand.call("P2")
    legal = hand.legal_actions()
    assert legal.player == "P3" and not legal.can_raise and legal.call_amount == 20
    with pytest.raises(IllegalAction) as err:
        hand.raise_to("P3", 200)
    assert err.value.rule_id == "R-BET-7"
    hand.call("P3")
    assert hand.phase is Phase.DRAWING


def test_R_BET_7_call_all_in_for_less_and_uncalled_bet() -> None:
    """R-BET-7: a short stack calls all-in for what it has; the unmatched part of a bet
    comes back as an uncalled bet."""
    cfg = GameConfig.no_limit(5, 10)
    hand = start(cfg, 1000, 300)  # heads-up: P2 button/SB
    hand.raise_to("P2", 30)
    hand.raise_to("P1", 900)
    legal = hand.legal_actions()
    assert legal.call_amount == 270 and not legal.can_raise
    result = hand.call("P2")
    assert result.all_in and result.increment == 270 and result.round_over
    (uncalled,) = hand.uncalled_bets
    assert (uncalled.player, uncalled.amount) == ("P1", 600)
    assert hand.snapshot().player("P1").stack == 700 and hand.pot == 600
    # Both players are out of moves: the draws still happen, the betting rounds do not.
    for number in (1, 2, 3):
        assert hand.phase is Phase.DRAWING and hand.draw_number == number
        hand.draw("P1", 0)
        hand.draw("P2", 0)
    assert hand.phase is Phase.SHOWDOWN


def test_uncalled_bet_when_everyone_folds() -> None:
    """R-BET-7 / R-DRAW-1: a bet nobody calls is returned and the hand ends at once."""
    hand = start(FL, 100, 100, 100)
    hand.call("P3")
    hand.call("P1")
    hand.check("P2")
    stand_pat_all(hand)
    hand.bet("P1", 10)
    hand.fold("P2")
    result = hand.fold("P3")
    assert result.hand_over and result.round_over
    assert result.uncalled is not None and (result.uncalled.player, result.uncalled.amount) == (
        "P1",
        10,
    )
    # The returned bet is a frozen record with slots, like every result of the engine.
    assert result.uncalled.street is Street.DRAW1 and not hasattr(result.uncalled, "__dict__")
    with pytest.raises(FrozenInstanceError):
        result.uncalled.amount = 0  # type: ignore[misc]
    assert hand.phase is Phase.UNCONTESTED and hand.to_act is None
    with pytest.raises(StateError):
        hand.draw("P1", 0)
    settlement = hand.settle()
    assert settlement.collected("P1") == 30 and settlement.net("P1") == 20


def test_walk_returns_big_blind_excess() -> None:
    """Everyone folds to the big blind: the hand ends before any draw, the BB's unmatched
    half comes back (R-BET-7) and the BB wins the small blind."""
    hand = start(FL, 100, 100, 100, 100)
    hand.fold("P3")
    hand.fold("P4")
    result = hand.fold("P1")
    assert result.hand_over
    assert hand.uncalled_bets[0].amount == 5 and hand.uncalled_bets[0].player == "P2"
    s = hand.settle()
    assert (s.total_pot, s.collected("P2"), s.net("P2"), s.net("P1")) == (10, 10, 5, -5)
    assert hand.draw_number == 0


def test_illegal_action_leaves_state_unchanged() -> None:
    hand = start(FL, 100, 100, 100)
    before = hand.snapshot()
    bad_moves: list[Callable[[], object]] = [
        lambda: hand.check("P3"),
        lambda: hand.raise_to("P3", 25),
        lambda: hand.call("P1"),
        lambda: hand.call("P3", amount=5),
        lambda: hand.bet("P3", 20),
        lambda: hand.raise_to("P3", 5),
    ]
    for bad in bad_moves:
        with pytest.raises(IllegalAction) as err:
            bad()
        assert isinstance(err.value.legal, LegalActions)
        assert err.value.rule_id and err.value.rule_id.startswith("R-BET-")
        assert hand.snapshot() == before
    with pytest.raises(StateError):
        hand.raise_to("P3", 101, check=False)
    with pytest.raises(StateError):
        hand.raise_to("P3", 0, check=False)
    with pytest.raises(StateError):
        hand.draw("P3", 1)
    assert hand.snapshot() == before


def test_forced_events_apply_with_check_false() -> None:
    """The replayer applies a site's off-rule events and carries on."""
    hand = start(FL, 100, 100, 100)
    hand.call("P1", check=False)  # out of turn: P3 was to act
    assert hand.to_act == "P2"  # play continues left of whoever acted
    hand.call("P3", amount=10, check=False)
    result = hand.check("P2")
    assert result.round_over
    hand.draw("P3", 1, check=False)  # out of turn draw
    assert hand.to_act == "P1"
    stand_pat_all(hand)
    hand.bet("P1", 15, check=False)  # wrong size in fixed limit
    assert hand.legal_actions().call_amount == 15
    with pytest.raises(StateError):
        hand.fold("P9", check=False)


def test_folded_and_all_in_players_cannot_act() -> None:
    hand = start(FL, 100, 100, 15)
    hand.raise_to("P3", 15)
    hand.fold("P1")
    with pytest.raises(StateError, match="folded"):
        hand.call("P1", check=False)
    with pytest.raises(StateError, match="all-in"):
        hand.call("P3", check=False)


def test_after_an_off_rule_big_blind_the_raise_is_one_bet_above_it() -> None:
    # A site's big blind of 20 at 5/10 (applied as written, check=False) is the bet to call;
    # the big blind's own level is 10, so one bet above that level would be no raise at all.
    hand = HandState(FL, [Seat(1, "P1", 100), Seat(2, "P2", 100), Seat(3, "P3", 100)], 3)
    hand.post("P1", PostKind.SMALL_BLIND)
    hand.post("P2", PostKind.BIG_BLIND, 20, check=False)
    hand.deal()
    legal = hand.legal_actions()
    assert (legal.player, legal.call_amount, legal.min_to, legal.max_to) == ("P3", 20, 30, 30)
    assert hand.raise_to("P3", 30).total == 30


def test_a_stack_that_only_covers_the_call_cannot_raise() -> None:
    # P3 has 10 behind facing the big blind of 10: calling puts them all in, exactly; no
    # raise, however small, is left (R-BET-7), and one more chip would allow one.
    for limit in (FL, GameConfig.no_limit(5, 10)):
        legal = start(limit, 100, 100, 10).legal_actions()
        assert (legal.player, legal.can_call, legal.call_amount) == ("P3", True, 10)
        assert (legal.can_raise, legal.can_bet) == (False, False)
        legal = start(limit, 100, 100, 11).legal_actions()
        assert (legal.can_raise, legal.min_to, legal.max_to) == (True, 11, 11)


def test_legal_actions_describe_and_allows() -> None:
    hand = start(FL, 100, 100, 100)
    legal = hand.legal_actions()
    assert legal.describe() == "P3: fold, call 10, raise to 20"
    assert legal.allows(ActionKind.RAISE, 20) and not legal.allows(ActionKind.RAISE, 30)
    assert legal.allows(ActionKind.CALL) and not legal.allows(ActionKind.CHECK)
    assert hand.legal_actions("P1").call_amount == 5


def test_legal_actions_describe_every_part() -> None:
    def legal(**kw: object) -> LegalActions:
        base: dict[str, object] = dict(
            player="P1", can_fold=False, can_check=False, can_call=False, call_amount=0,
            can_bet=False, can_raise=False, min_to=0, max_to=0, current_bet=0, player_bet=0,
            stack=100,
        )  # fmt: skip
        return LegalActions(**{**base, **kw})  # type: ignore[arg-type]

    assert legal(can_check=True, can_bet=True, min_to=10, max_to=10).describe() == (
        "P1: check, bet to 10"
    )
    # A range: both ends, each through the money printer.
    text = legal(can_fold=True, can_call=True, call_amount=5, can_raise=True, min_to=20, max_to=90)
    assert text.describe(lambda n: f"${n}") == "P1: fold, call $5, raise to $20..$90"
    assert legal().describe() == "P1: nothing"
    assert legal(can_check=True).kinds == (ActionKind.CHECK,)
    bet = legal(can_bet=True, min_to=10, max_to=20)
    assert bet.allows(ActionKind.BET, 10) and bet.allows(ActionKind.BET, 20)
    assert not bet.allows(ActionKind.BET) and not bet.allows(ActionKind.BET, 21)
    assert not bet.allows(ActionKind.RAISE, 10) and not bet.allows(ActionKind.FOLD)
    free = legal(can_fold=True, can_check=True)
    assert free.allows(ActionKind.FOLD) and free.allows(ActionKind.CHECK)
    assert not free.allows(ActionKind.CALL) and not free.allows(ActionKind.BET, 0)
    # A result: frozen, so hashable and never changed behind the caller's back.
    assert hash(free) == hash(legal(can_fold=True, can_check=True))
    with pytest.raises(AttributeError):
        free.can_call = True  # type: ignore[misc]
