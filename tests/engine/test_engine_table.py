"""Setup, blinds and dealing: R-TABLE-1..3, forced bets, configuration errors."""

from __future__ import annotations

import pytest

from histparse.cards import DECK, parse_cards
from histparse.engine import (
    CardConflict,
    ConfigError,
    Dealer,
    GameConfig,
    HandState,
    IllegalPost,
    Phase,
    Seat,
    StateError,
    expected_blinds,
)
from histparse.game import ActionKind, LimitType, PostKind, Street

FL = GameConfig.fixed_limit(10)


def seats(*stacks: int, first: int = 1) -> list[Seat]:
    return [Seat(first + k, f"P{first + k}", s) for k, s in enumerate(stacks)]


# -- configuration ---------------------------------------------------------------------------


def test_fixed_limit_defaults_follow_R_BET_4() -> None:
    cfg = GameConfig.fixed_limit(10)
    assert (cfg.small_blind, cfg.big_blind, cfg.small_bet, cfg.big_bet) == (5, 10, 10, 20)
    assert [cfg.bet_unit(r) for r in range(4)] == [10, 10, 20, 20]
    stars = GameConfig.fixed_limit(50, small_blind=10)  # $0.25/$0.50 posts a $0.10 blind
    assert stars.small_blind == 10 and stars.big_bet == 100
    nl = GameConfig.no_limit(5, 10)
    assert nl.bet_unit(3) == 10 and nl.max_bets_per_round == 4


@pytest.mark.parametrize(
    "kwargs",
    [
        {"small_blind": 5, "big_blind": 0},
        {"small_blind": 20, "big_blind": 10},
        {"small_blind": 5, "big_blind": 10, "ante": -1},
        {"small_blind": 5.0, "big_blind": 10},
        {"small_blind": True, "big_blind": 10},
        {"small_blind": 5, "big_blind": 10, "small_bet": 20, "big_bet": 10},
    ],
)
def test_bad_config_is_rejected(kwargs: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        GameConfig(LimitType.FIXED, **kwargs)  # type: ignore[arg-type]


def test_bad_seats_are_rejected() -> None:
    with pytest.raises(ConfigError):
        Seat(1, "A", -5)
    with pytest.raises(ConfigError):
        Seat(0, "A", 5)
    with pytest.raises(ConfigError, match="seat number"):
        HandState(FL, [Seat(1, "A", 5), Seat(1, "B", 5)], 1)
    with pytest.raises(ConfigError, match="name"):
        HandState(FL, [Seat(1, "A", 5), Seat(2, "A", 5)], 1)
    with pytest.raises(ConfigError, match="no chips"):
        HandState(FL, [Seat(1, "A", 0), Seat(2, "B", 5)], 1)


def test_R_TABLE_1_two_to_six_players() -> None:
    """R-TABLE-1: one player or seven dealt-in players cannot play; 2 and 6 can."""
    with pytest.raises(ConfigError) as one:
        HandState(FL, seats(100), 1)
    assert one.value.rule_id == "R-TABLE-1"
    with pytest.raises(ConfigError) as seven:
        HandState(FL, seats(*[100] * 7), 1)
    assert seven.value.rule_id == "R-TABLE-1"
    assert len(HandState(FL, seats(100, 100), 1).players) == 2
    assert len(HandState(FL, seats(*[100] * 6), 1).players) == 6
    # A player who is not dealt in does not count and cannot act.
    away = [*seats(100, 100), Seat(3, "Away", 100, dealt_in=False)]
    hand = HandState(FL, away, 1)
    assert hand.players == ("P1", "P2")
    with pytest.raises(StateError, match="not dealt in"):
        hand.post("Away", PostKind.BIG_BLIND)


# -- blinds ----------------------------------------------------------------------------------


def test_R_TABLE_2_expected_blinds_left_of_button() -> None:
    """R-TABLE-2: small blind left of the button, big blind next; seats may have gaps and
    the button may sit on an empty seat."""
    assert expected_blinds(3, [1, 3, 4, 6]) == expected_blinds(3, [6, 4, 3, 1])
    b = expected_blinds(3, [1, 3, 4, 6])
    assert (b.small_blind, b.big_blind) == (4, 6)
    b = expected_blinds(6, [1, 3, 4, 6])
    assert (b.small_blind, b.big_blind) == (1, 3)
    b = expected_blinds(4, [1, 3, 6])  # empty button seat
    assert (b.small_blind, b.big_blind) == (6, 1)


def test_R_TABLE_2_heads_up_button_posts_small_blind() -> None:
    """R-TABLE-2: heads-up the button posts the small blind and acts first pre-draw."""
    b = expected_blinds(5, [2, 5])
    assert (b.small_blind, b.big_blind) == (5, 2)
    hand = HandState(FL, [Seat(2, "BB", 100), Seat(5, "BTN", 100)], 5)
    assert hand.expected_blinds() == b
    hand.post("BTN", PostKind.SMALL_BLIND)
    hand.post("BB", PostKind.BIG_BLIND)
    hand.deal()
    assert hand.to_act == "BTN"
    hand.call("BTN")
    hand.check("BB")
    hand.draw("BB", 0)  # after the pre-draw round the non-button acts first
    hand.draw("BTN", 0)
    assert hand.to_act == "BB"


def test_posts_amounts_live_and_dead_money() -> None:
    """R-TABLE-2: blinds are live, antes and dead blinds only feed the pot; the small blind
    part of 'small & big blinds' is dead."""
    cfg = GameConfig.fixed_limit(10, ante=1)
    hand = HandState(cfg, seats(100, 100, 100, 100, 100), 1)
    for p in hand.players:
        assert hand.post(p, PostKind.ANTE).dead == 1
    assert hand.post("P2", PostKind.SMALL_BLIND).live == 5
    assert hand.post("P3", PostKind.BIG_BLIND).live == 10
    both = hand.post("P5", PostKind.SMALL_AND_BIG_BLIND)
    assert (both.amount, both.live, both.dead) == (15, 10, 5)
    dead = hand.post("P4", PostKind.DEAD_BLIND)
    assert (dead.amount, dead.live, dead.dead) == (5, 0, 5)
    snap = hand.snapshot()
    assert [p.bet for p in snap.players] == [0, 5, 10, 0, 10]
    assert [p.invested for p in snap.players] == [1, 6, 11, 6, 16]
    assert snap.pot == 40
    hand.deal()
    # P4 posted dead money only: it still owes the full big blind.
    assert hand.legal_actions().player == "P4"
    assert hand.legal_actions().call_amount == 10


def test_illegal_posts_R_TABLE_2() -> None:
    hand = HandState(FL, seats(100, 100, 100), 1)
    with pytest.raises(IllegalPost) as wrong:
        hand.post("P2", PostKind.SMALL_BLIND, 7)
    assert wrong.value.rule_id == "R-TABLE-2"
    with pytest.raises(IllegalPost, match="no ante"):
        hand.post("P2", PostKind.ANTE, 1)
    hand.post("P2", PostKind.SMALL_BLIND)
    with pytest.raises(IllegalPost, match="twice"):
        hand.post("P2", PostKind.SMALL_BLIND)
    with pytest.raises(StateError, match="has only"):
        hand.post("P3", PostKind.BIG_BLIND, 500)
    assert hand.snapshot().pot == 5  # failed posts changed nothing
    # A site's odd amount is applied as written with check=False.
    assert hand.post("P3", PostKind.BIG_BLIND, 12, check=False).live == 12
    hand.deal()
    with pytest.raises(StateError, match="phase"):
        hand.post("P1", PostKind.ANTE, 1)


def test_all_in_posts_R_BET_7() -> None:
    """A post bigger than the stack puts the player all-in for what they have (R-BET-7);
    when every opponent is all-in the big blind's excess comes back unasked."""
    cfg = GameConfig.fixed_limit(100, ante=25)
    hand = HandState(cfg, [Seat(1, "Short", 25), Seat(2, "BB", 1000)], 1)
    ante = hand.post("Short", PostKind.ANTE)
    assert ante.all_in and ante.amount == 25
    with pytest.raises(StateError, match="all-in"):
        hand.post("Short", PostKind.SMALL_BLIND)
    hand.post("BB", PostKind.ANTE)
    hand.post("BB", PostKind.BIG_BLIND)
    hand.deal()
    # Nobody can act: the round ends at once and the big blind is returned.
    assert hand.phase is Phase.DRAWING
    (uncalled,) = hand.uncalled_bets
    assert (uncalled.player, uncalled.amount, uncalled.street) == ("BB", 100, Street.PREDRAW)
    assert hand.pot == 50

    short_bb = HandState(FL, [Seat(1, "A", 100), Seat(2, "B", 100), Seat(3, "C", 7)], 1)
    short_bb.post("B", PostKind.SMALL_BLIND)
    post = short_bb.post("C", PostKind.BIG_BLIND)
    assert post.all_in and post.amount == 7
    short_bb.deal()
    # The full big blind is still the amount to call.
    assert short_bb.legal_actions().call_amount == 10


def test_extra_big_blind_has_the_option() -> None:
    """A new player's extra big blind is live money (R-TABLE-2): with no raise they may check
    or raise in turn, and the round starts left of the real big blind (R-BET-2)."""
    hand = HandState(FL, seats(100, 100, 100, 100, 100), 1)
    hand.post("P2", PostKind.SMALL_BLIND)
    hand.post("P3", PostKind.BIG_BLIND)
    hand.post("P5", PostKind.BIG_BLIND)  # just sat down
    hand.deal()
    assert hand.to_act == "P4"
    hand.call("P4")
    legal = hand.legal_actions()
    assert legal.player == "P5" and legal.can_check and legal.can_raise and not legal.can_call
    hand.check("P5")
    hand.call("P1")
    hand.call("P2")
    legal = hand.legal_actions()
    assert legal.player == "P3" and legal.can_check and legal.min_to == 20
    result = hand.check("P3")
    assert result.round_over and hand.phase is Phase.DRAWING
    assert hand.pot == 50


# -- dealing ---------------------------------------------------------------------------------


def test_R_TABLE_3_deal_one_card_at_a_time_from_left_of_button() -> None:
    """R-TABLE-3: cards go one at a time, clockwise, starting left of the button."""
    deck = list(DECK)
    hand = HandState(
        FL, [Seat(2, "A", 100), Seat(4, "B", 100), Seat(7, "C", 100)], 4, dealer=Dealer(order=deck)
    )
    assert hand.deal_order() == ("C", "A", "B")
    hand.post("C", PostKind.SMALL_BLIND)
    hand.post("A", PostKind.BIG_BLIND)
    hand.deal()
    assert hand.hand_of("C") == tuple(deck[0:15:3])
    assert hand.hand_of("A") == tuple(deck[1:15:3])
    assert hand.hand_of("B") == tuple(deck[2:15:3])
    assert hand.stub_size == 52 - 15


def test_dealer_is_seeded_and_deals_distinct_cards() -> None:
    a, b = Dealer(7), Dealer(7)
    assert a.stub() == b.stub() and sorted(a.stub()) == list(DECK)
    assert Dealer(8).stub() != a.stub()
    hands = a.deal_hands(6)
    cards = [c for h in hands for c in h]
    assert len(set(cards)) == 30 and a.remaining == 22
    with pytest.raises(StateError):
        a.reshuffle(cards)  # stub not empty yet
    a.take(22)
    a.reshuffle(cards[:5])
    assert sorted(a.stub()) == sorted(cards[:5])
    with pytest.raises(StateError):
        a.take(6)


def test_deal_known_hands_and_conflicts() -> None:
    hand = HandState(FL, seats(100, 100), 1)
    hand.post("P1", PostKind.SMALL_BLIND)
    hand.post("P2", PostKind.BIG_BLIND)
    with pytest.raises(StateError, match="4 cards"):
        hand.deal({"P1": "7h 5s 4d 3h"})
    with pytest.raises(CardConflict, match="R-RANK-1"):
        hand.deal({"P1": "7h 5s 4d 3h 2d", "P2": "7h Kc Qd Js 9h"})
    assert hand.phase is Phase.POSTING
    hand.deal({"P1": "[7h 5s 4d 3h 2d]"})
    assert hand.hand_of("P1") == parse_cards("7h 5s 4d 3h 2d")
    assert hand.hand_of("P2") == (None,) * 5
    assert hand.street is Street.PREDRAW and hand.snapshot().phase is Phase.BETTING
    with pytest.raises(StateError):
        hand.deal()


def test_snapshot_is_frozen_and_cheap_copy() -> None:
    hand = HandState(FL, seats(100, 100, 100), 1)
    hand.post("P2", PostKind.SMALL_BLIND)
    hand.post("P3", PostKind.BIG_BLIND)
    hand.deal()
    snap = hand.snapshot()
    hand.act("P1", ActionKind.RAISE, 20)
    assert snap.player("P1").stack == 100 and hand.snapshot().player("P1").stack == 80
    with pytest.raises(AttributeError):
        snap.pot = 3  # type: ignore[misc]
    assert snap.to_act == "P1" and snap.current_bet == 10 and snap.bet_count == 1
