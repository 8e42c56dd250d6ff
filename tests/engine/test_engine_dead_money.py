"""R-BET-7, "money beyond what any opponent can match is returned", for dead money too: antes
and dead blinds that nobody can match any more come back with the uncalled bet."""

from __future__ import annotations

from histparse.engine import GameConfig, HandState, Phase, Seat
from histparse.game import PostKind, Street


def test_real_single_draw_hand_71348201941() -> None:
    """PokerStars #71348201941: the hero is all-in for an ante of 1; the big blind 100 and 24
    of the 25 ante come back as one uncalled bet of 124, and the pot is 2."""
    cfg = GameConfig.no_limit(50, 100, ante=25, draws=1)
    hand = HandState(cfg, [Seat(1, "Hero", 1), Seat(2, "Player0", 2999)], 1)
    hand.post("Hero", PostKind.ANTE)
    hand.post("Player0", PostKind.ANTE)
    hand.post("Player0", PostKind.BIG_BLIND)
    hand.deal({"Hero": "Qs 5c 5h 2d 2s"})
    (returned,) = hand.uncalled_bets
    assert (returned.player, returned.amount, returned.street) == ("Player0", 124, Street.PREDRAW)
    assert hand.pot == 2 and hand.stack("Player0") == 2998
    hand.draw("Player0", 0)
    hand.draw("Hero", 3, "Qs 5c 2s", "Ks 9d Kd")
    assert hand.phase is Phase.SHOWDOWN
    hand.show("Player0", "Qh 8h 3d 6c 7c")
    hand.show("Hero", "Ks 9d 5h 2d Kd")
    settlement = hand.settle()
    (pot,) = settlement.pots
    assert (pot.amount, pot.winners) == (2, ("Player0",))
    assert settlement.net("Player0") == 1 and settlement.net("Hero") == -1


def test_dead_money_waits_while_an_opponent_may_still_match() -> None:
    """Three players, one all-in for a short ante: the two others can still bet, so nothing
    comes back; what they both put in is matched and stays in the pots."""
    cfg = GameConfig.fixed_limit(100, ante=25)
    hand = HandState(cfg, [Seat(1, "A", 1000), Seat(2, "B", 1000), Seat(3, "Short", 10)], 3)
    for p in ("Short", "A", "B"):
        hand.post(p, PostKind.ANTE)
    hand.post("A", PostKind.SMALL_BLIND)
    hand.post("B", PostKind.BIG_BLIND)
    hand.deal()
    hand.call("A")
    hand.check("B")
    assert hand.phase is Phase.DRAWING
    assert hand.uncalled_bets == () and hand.pot == 10 + 125 + 125


def test_short_antes_and_the_big_blind_come_back_when_nobody_can_act() -> None:
    """Everyone else all-in for less than the ante: betting is over at the deal, and the big
    blind plus the ante above the largest short ante come back as one uncalled bet."""
    cfg = GameConfig.no_limit(50, 100, ante=25)
    seats = [Seat(1, "S5", 5), Seat(2, "S10", 10), Seat(3, "Big", 1000)]
    hand = HandState(cfg, seats, 1)
    for p in ("S5", "S10", "Big"):
        assert hand.post(p, PostKind.ANTE).all_in is (p != "Big")
    hand.post("Big", PostKind.BIG_BLIND)
    hand.deal()
    (returned,) = hand.uncalled_bets
    assert (returned.player, returned.amount) == ("Big", 100 + 15)
    assert hand.pot == 5 + 10 + 10 and hand.stack("Big") == 990
    assert hand.phase is Phase.DRAWING


def test_unmatched_dead_blind_comes_back_with_the_uncalled_bet() -> None:
    """Everyone folds to a raise from a player who posted small & big blinds: the raise
    above the big blind and the dead small blind nobody matched come back together (the
    reading of R-BET-7 for dead money; docs/findings.md)."""
    cfg = GameConfig.no_limit(50, 100)
    hand = HandState(cfg, [Seat(1, "A", 1000), Seat(2, "B", 1000), Seat(3, "C", 1000)], 3)
    hand.post("A", PostKind.SMALL_BLIND)
    hand.post("B", PostKind.BIG_BLIND)
    both = hand.post("C", PostKind.SMALL_AND_BIG_BLIND)
    assert (both.live, both.dead) == (100, 50)
    hand.deal()
    hand.raise_to("C", 300)
    hand.fold("A")
    result = hand.fold("B")
    assert result.hand_over and result.uncalled is not None
    assert (result.uncalled.player, result.uncalled.amount) == ("C", 200 + 50)
    settlement = hand.settle()
    assert settlement.total_pot == 50 + 100 + 100
    assert settlement.collected("C") == 250 and settlement.net("C") == 150


def test_matched_money_never_comes_back() -> None:
    """Equal antes and a called big blind: nothing is returned at any point."""
    cfg = GameConfig.fixed_limit(10, ante=1)
    hand = HandState(cfg, [Seat(1, "A", 100), Seat(2, "B", 100)], 1)
    for p in ("A", "B"):
        hand.post(p, PostKind.ANTE)
    hand.post("A", PostKind.SMALL_BLIND)
    hand.post("B", PostKind.BIG_BLIND)
    hand.deal()
    hand.call("A")
    hand.check("B")
    while hand.phase is Phase.DRAWING or hand.phase is Phase.BETTING:
        player = hand.to_act or ""
        if hand.phase is Phase.DRAWING:
            hand.draw(player, 0)
        else:
            hand.check(player)
    assert hand.uncalled_bets == () and hand.pot == 22
