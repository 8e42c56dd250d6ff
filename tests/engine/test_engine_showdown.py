"""Showdown and pots: R-SHOW-1..4, side pots, odd chips, rake, and two real hands replayed."""

from __future__ import annotations

import pytest

from histparse.cards import Card, parse_cards
from histparse.engine import (
    GameConfig,
    HandState,
    Phase,
    Seat,
    SettlementError,
    StateError,
    showdown_order,
)
from histparse.engine.pots import rake_by_pot
from histparse.game import PostKind

FL = GameConfig.fixed_limit(10)


def known(hand: HandState, player: str) -> list[Card]:
    return [c for c in hand.hand_of(player) if c is not None]


def to_showdown(hand: HandState) -> None:
    """Everyone stands pat and checks (or calls) to the showdown."""
    while hand.phase is Phase.BETTING or hand.phase is Phase.DRAWING:
        player = hand.to_act or ""
        if hand.phase is Phase.DRAWING:
            hand.draw(player, 0)
        elif hand.legal_actions(player).can_check:
            hand.check(player)
        else:
            hand.call(player)


def three_way(hands: dict[str, str], stacks: tuple[int, int, int] = (100, 100, 100)) -> HandState:
    hand = HandState(FL, [Seat(k + 1, f"P{k + 1}", s) for k, s in enumerate(stacks)], 3)
    hand.post("P1", PostKind.SMALL_BLIND)
    hand.post("P2", PostKind.BIG_BLIND)
    hand.deal(hands)
    return hand


def test_R_SHOW_1_order_last_aggressor_first() -> None:
    """R-SHOW-1: the last bettor or raiser of the final round shows first, then clockwise."""
    hand = three_way({})
    hand.call("P3")
    hand.call("P1")
    hand.check("P2")
    while not (hand.phase is Phase.BETTING and hand.round_number == 3):
        player = hand.to_act or ""
        hand.draw(player, 0) if hand.phase is Phase.DRAWING else hand.check(player)
    hand.check("P1")
    hand.bet("P2", 20)
    hand.raise_to("P3", 40)
    hand.call("P1")
    hand.call("P2")
    assert hand.snapshot().phase is Phase.SHOWDOWN
    assert hand.showdown_order() == ("P3", "P1", "P2")


def test_R_SHOW_1_order_without_bet_starts_left_of_button() -> None:
    """R-SHOW-1: with no bet in the last round the first live player left of the button
    shows first; folded players are left out."""
    hand = three_way({})
    hand.call("P3")
    hand.fold("P1")
    hand.check("P2")
    to_showdown(hand)
    assert hand.showdown_order() == ("P2", "P3")
    assert showdown_order([1, 3, 5, 6], 5, [1, 3, 6], None) == (6, 1, 3)
    assert showdown_order([1, 3, 5, 6], 5, [1, 3, 6], 3) == (3, 6, 1)


def test_R_SHOW_2_lowest_hand_wins_and_muck_gives_up_claim() -> None:
    """R-SHOW-2: the lowest 2-7 hand wins (ace high: A-5-4-3-2 loses to K-high); a player who
    mucks has no claim, and a lone claimant wins without showing."""
    hand = three_way({"P1": "As 5d 4c 3h 2s", "P2": "Kd Qh 9c 8s 7d", "P3": "7h 5s 4d 3c 2d"})
    hand.call("P3")
    hand.call("P1")
    hand.check("P2")
    to_showdown(hand)
    hand.muck("P3")  # the best hand, mucked
    with pytest.raises(StateError, match="already mucked"):
        hand.show("P3", "7h 5s 4d 3c 2d")
    s = hand.settle()
    assert s.pots[0].winners == ("P2",) and s.collected("P2") == 30

    hand = three_way({})
    hand.call("P3")
    hand.call("P1")
    hand.check("P2")
    to_showdown(hand)
    hand.muck("P1")
    hand.muck("P2")
    assert hand.settle().pots[0].winners == ("P3",)  # never showed


def test_R_SHOW_2_odd_chip_to_first_winner_left_of_button() -> None:
    """R-SHOW-2: tied hands split; the odd chip goes to the first winner left of the button."""
    cfg = GameConfig.fixed_limit(10, ante=1)
    hand = HandState(cfg, [Seat(k, f"P{k}", 100) for k in (1, 2, 3, 4)], 2)
    for p in hand.players:
        hand.post(p, PostKind.ANTE)
    hand.post("P3", PostKind.SMALL_BLIND)
    hand.post("P4", PostKind.BIG_BLIND)
    hand.deal({"P1": "8h 6h 4h 3d 2c", "P4": "8d 6s 4s 3c 2d", "P2": "Kc Qc Jd 9s 8s"})
    hand.call("P1")
    hand.call("P2")
    hand.fold("P3")  # leaves 4 antes + 5 dead small blind: an odd pot
    hand.check("P4")
    to_showdown(hand)
    for p in hand.showdown_order():
        hand.show(p, known(hand, p) if p != "P2" else "Kc Qc Jd 9s 8s")
    s = hand.settle()
    (pot,) = s.pots
    assert pot.amount == 39 and set(pot.winners) == {"P1", "P4"}
    # Button seat 2: left of it are seat 3 (folded), then seat 4, then seat 1.
    assert pot.shares == (("P4", 20), ("P1", 19))


def test_R_SHOW_3_side_pots_three_players_all_in_for_less() -> None:
    """R-SHOW-3: main pot for what everyone matched, side pots for the rest; each pot to the
    best hand among the players who put chips in it; folded players' chips stay in."""
    cfg = GameConfig.no_limit(5, 10)
    hand = HandState(
        cfg,
        [Seat(1, "Short", 50), Seat(2, "Mid", 150), Seat(3, "Big", 1000), Seat(4, "Fold", 1000)],
        4,
    )
    hand.post("Short", PostKind.SMALL_BLIND)
    hand.post("Mid", PostKind.BIG_BLIND)
    hand.deal(
        {
            "Short": "7h 5s 4d 3c 2d",  # best: wins only the main pot
            "Mid": "8h 6s 4s 3h 2c",  # second: wins the first side pot
            "Big": "Kc Qc Jd 9s 8s",
        }
    )
    hand.raise_to("Big", 30)
    hand.call("Fold")
    hand.raise_to("Short", 50)  # all-in
    hand.raise_to("Mid", 150)  # all-in
    result = hand.raise_to("Big", 400)
    assert result.total == 400
    hand.fold("Fold")  # 30 stays in the pots
    (uncalled,) = hand.uncalled_bets
    assert (uncalled.player, uncalled.amount) == ("Big", 250)
    pots = hand.pots()
    assert [(p.amount, p.eligible) for p in pots] == [
        (50 * 3 + 30, ("Short", "Mid", "Big")),
        (100 * 2, ("Mid", "Big")),
    ]
    to_showdown(hand)
    for p in hand.showdown_order():
        hand.show(p, known(hand, p))
    s = hand.settle()
    assert [(p.winners, p.amount) for p in s.pots] == [(("Short",), 180), (("Mid",), 200)]
    assert s.pots[1].name == "side pot-1" and s.pots[0].name == "main pot"
    assert {p.player: p.net for p in s.players} == {
        "Short": 130,
        "Mid": 50,
        "Big": -150,
        "Fold": -30,
    }
    assert sum(p.invested for p in s.players) == sum(p.collected for p in s.players)


def test_R_SHOW_4_rake_comes_off_the_main_pot_first() -> None:
    """R-SHOW-4: winners collect the pot minus rake; PokerStars prints the main pot net of
    the rake ('Total pot $0.55 Main pot $0.43. Side pot $0.10. | Rake $0.02')."""
    cfg = GameConfig.fixed_limit(10)
    hand = HandState(cfg, [Seat(1, "A", 15), Seat(2, "B", 100), Seat(3, "C", 100)], 3)
    hand.post("A", PostKind.SMALL_BLIND)
    hand.post("B", PostKind.BIG_BLIND)
    hand.deal({"A": "7h 5s 4d 3c 2d", "B": "8h 6s 4s 3h 2c", "C": "9h 8s 7c 6d 5h"})
    hand.call("C")
    hand.raise_to("A", 15)  # all-in for less
    hand.call("B")
    hand.call("C")
    for p in ("A", "B", "C"):
        hand.draw(p, 0)
    hand.bet("B", 10)
    hand.call("C")
    to_showdown(hand)
    for p in hand.showdown_order():
        hand.show(p, known(hand, p))
    s = hand.settle(rake=2)
    assert s.total_pot == 65
    assert [(p.amount, p.rake, p.net) for p in s.pots] == [(45, 2, 43), (20, 0, 20)]
    assert s.collected("A") == 43 and s.collected("B") == 20 and s.rake == 2
    assert sum(p.invested for p in s.players) == sum(p.collected for p in s.players) + s.rake
    with pytest.raises(StateError):
        hand.settle()
    # Rake bigger than the main pot continues into the side pots, in order.
    assert rake_by_pot([3, 10, 4], 5) == [3, 2, 0]


def test_settlement_errors() -> None:
    hand = three_way({})
    hand.call("P3")
    with pytest.raises(StateError):
        hand.settle()
    hand.call("P1")
    hand.check("P2")
    to_showdown(hand)
    with pytest.raises(SettlementError, match="rake"):
        hand.settle(rake=31)
    with pytest.raises(SettlementError) as err:
        hand.settle()  # nobody's cards known
    assert err.value.rule_id == "R-SHOW-3"
    assert hand.phase is Phase.SHOWDOWN
    hand.show("P2", "9h 8s 7c 6d 4h")
    assert hand.settle().collected("P2") == 30


def test_real_pokerstars_hand_from_hero_view() -> None:
    """docs/formats.md §1.12 (PokerStars TD $0.10/$0.20, 2009): replayed from the hero's view with
    opponents' draws as counts; the hero collects $1.24 of a $1.30 pot with $0.06 rake."""
    cfg = GameConfig.fixed_limit(10)
    seats = [
        Seat(1, "Hero", 390),
        Seat(2, "rumble1111", 500),
        Seat(5, "bakter9", 500),
        Seat(6, "TheLabman", 500),
    ]
    hand = HandState(cfg, seats, 6)
    assert hand.expected_blinds().small_blind == 1
    hand.post("Hero", PostKind.SMALL_BLIND)
    hand.post("rumble1111", PostKind.BIG_BLIND)
    hand.deal({"Hero": "Kh Th 3d Tc 7c"})
    assert hand.to_act == "bakter9"
    assert hand.call("bakter9").increment == 10
    hand.fold("TheLabman")
    assert hand.call("Hero").increment == 5
    hand.check("rumble1111")
    drawn = hand.draw("Hero", 2, "[Kh Th]", "[5c Qs]")
    assert drawn.kept == parse_cards("3d Tc 7c")
    hand.draw("rumble1111", 2)
    hand.draw("bakter9", 2)
    hand.check("Hero")
    hand.bet("rumble1111", 10)
    hand.fold("bakter9")
    hand.call("Hero")
    hand.draw("Hero", 2, "Qs Tc", "4c 2s")
    hand.draw("rumble1111", 0)
    assert hand.legal_actions().min_to == 20  # big bet from the second draw on
    hand.bet("Hero", 20)
    hand.call("rumble1111")
    hand.draw("Hero", 0)
    hand.draw("rumble1111", 1)
    hand.bet("Hero", 20)
    hand.call("rumble1111")
    assert hand.showdown_order() == ("Hero", "rumble1111")
    hand.show("Hero", "5c 4c 3d 2s 7c")
    hand.muck("rumble1111", "8s 7d 3c 6d 2h")
    s = hand.settle(rake=6)
    assert (s.total_pot, s.collected("Hero"), s.rake) == (130, 124, 6)
    assert s.net("bakter9") == -10 and s.net("TheLabman") == 0


def test_real_wsop_hand_all_cards_known() -> None:
    """WSOP 2023 event 43 hand 55 (PHH, fixed-limit 2-7 triple draw, every card known): the big
    blind is all-in by the third draw; no fourth round; 7-6-5-4-2 beats a pair of sevens."""
    cfg = GameConfig.fixed_limit(250_000, small_blind=125_000)
    names = ["Obst", "Shakerchi", "Rast", "Ashton", "Tong"]
    stacks = [6_125_000, 1_500_000, 14_550_000, 4_575_000, 2_950_000]
    hand = HandState(
        cfg, [Seat(k + 1, n, s) for k, (n, s) in enumerate(zip(names, stacks, strict=True))], 5
    )
    hand.post("Obst", PostKind.SMALL_BLIND)
    hand.post("Shakerchi", PostKind.BIG_BLIND)
    hand.deal(
        {
            "Obst": "Qd Jc 8s 7d 5h",
            "Shakerchi": "Ks Kd 4s 4c 2s",
            "Rast": "Qh Qc Jd 8c 3h",
            "Ashton": "Ah Ad Qs 9h 4d",
            "Tong": "Js 9s 9c 5d 2d",
        }
    )
    for p in ("Rast", "Ashton", "Tong"):
        hand.fold(p)
    hand.raise_to("Obst", 500_000)
    hand.call("Shakerchi")
    hand.draw("Obst", 2, "Qd Jc", "As 6s")
    hand.draw("Shakerchi", 3, "Ks Kd 4s", "7s 7c 5c")
    hand.bet("Obst", 250_000)
    hand.raise_to("Shakerchi", 500_000)
    hand.call("Obst")
    hand.draw("Obst", 1, "As", "9d")
    hand.draw("Shakerchi", 1, "7s", "6h")
    hand.check("Obst")
    assert hand.bet("Shakerchi", 500_000).all_in
    hand.call("Obst")
    hand.draw("Obst", 1, "8s", "7h")
    hand.draw("Shakerchi", 0)
    assert hand.phase is Phase.SHOWDOWN  # no betting: one player is all-in
    hand.show("Obst", "7d 5h 6s 9d 7h")
    hand.show("Shakerchi", "4c 2s 7c 5c 6h")
    s = hand.settle()
    assert [p.final_stack for p in s.players] == [
        4_625_000,
        3_000_000,
        14_550_000,
        4_575_000,
        2_950_000,
    ]
