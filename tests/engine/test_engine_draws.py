"""Draws: R-DRAW-1..3, card integrity and stub accounting with known and unknown cards."""

from __future__ import annotations

import random

import pytest

from histparse.cards import DECK, Card, parse_cards
from histparse.engine import (
    CardConflict,
    Dealer,
    DrawResult,
    GameConfig,
    HandState,
    IllegalDraw,
    Phase,
    Seat,
    StateError,
)
from histparse.game import PostKind

FL = GameConfig.fixed_limit(10)


def six_handed(known: dict[str, list[Card]] | None = None) -> HandState:
    """Six players, button on seat 6, everyone in for the big blind: first draw starts."""
    hand = HandState(FL, [Seat(k, f"P{k}", 1000) for k in range(1, 7)], 6)
    hand.post("P1", PostKind.SMALL_BLIND)
    hand.post("P2", PostKind.BIG_BLIND)
    hand.deal(dict(known or {}))
    for p in ("P3", "P4", "P5", "P6", "P1"):
        hand.call(p)
    hand.check("P2")
    assert hand.phase is Phase.DRAWING
    return hand


def check_round(hand: HandState) -> None:
    while hand.phase is Phase.BETTING:
        hand.check(hand.to_act or "")


def test_R_DRAW_1_only_live_players_draw_and_one_left_ends_hand() -> None:
    """R-DRAW-1: folded players do not draw; with one player left no card is dealt."""
    hand = HandState(FL, [Seat(k, f"P{k}", 100) for k in range(1, 4)], 3)
    hand.post("P1", PostKind.SMALL_BLIND)
    hand.post("P2", PostKind.BIG_BLIND)
    hand.deal()
    hand.fold("P3")
    hand.call("P1")
    hand.check("P2")
    with pytest.raises(StateError) as err:
        hand.draw("P3", 2)
    assert err.value.rule_id == "R-DRAW-1"
    hand.draw("P1", 2)
    hand.draw("P2", 3)
    assert hand.phase is Phase.BETTING and hand.stub_size == 52 - 15 - 5
    hand.bet("P1", 10)
    hand.fold("P2")
    assert hand.snapshot().phase is Phase.UNCONTESTED
    with pytest.raises(StateError):
        hand.draw("P1", 1)
    assert hand.stub_size == 52 - 15 - 5 and hand.draw_number == 1


def test_R_DRAW_2_order_from_left_of_button_including_all_in() -> None:
    """R-DRAW-2: players draw from the first left of the button, clockwise, all-in players
    included; out of turn is refused, a pat player may draw later."""
    hand = HandState(FL, [Seat(2, "A", 100), Seat(4, "B", 5), Seat(6, "C", 100)], 6)
    hand.post("A", PostKind.SMALL_BLIND)
    hand.post("B", PostKind.BIG_BLIND)  # all-in for 5
    hand.deal()
    hand.call("C")
    hand.call("A")
    assert hand.phase is Phase.DRAWING and hand.to_act == "A"
    with pytest.raises(IllegalDraw) as err:
        hand.draw("C", 1)
    assert err.value.rule_id == "R-DRAW-2"
    order = []
    for player, count in (("A", 0), ("B", 2), ("C", 5)):
        order.append(hand.to_act)
        hand.draw(player, count)
    assert order == ["A", "B", "C"]
    check_round(hand)
    assert hand.to_act == "A"
    result = hand.draw("A", 3)  # stood pat before, draws now
    assert result.count == 3 and not result.reshuffled
    with pytest.raises(StateError, match="already drawn"):
        hand.draw("A", 1)
    with pytest.raises(StateError, match="discard 6"):
        hand.draw("B", 6)


def test_R_DRAW_2_known_cards_kept_order_and_membership() -> None:
    """R-DRAW-2: the discards must be in the hand; kept cards keep their order and the new
    hand is kept + received (PokerStars' [kept] [new])."""
    hero = parse_cards("Kh Th 3d Tc 7c")
    hand = six_handed({"P1": list(hero)})
    with pytest.raises(IllegalDraw, match="not in their hand") as err:
        hand.draw("P1", 2, "Kh 2c", "5c Qs")
    assert err.value.rule_id == "R-DRAW-2"
    with pytest.raises(StateError, match="receives 1"):
        hand.draw("P1", 2, "Kh Th", "5c")
    with pytest.raises(StateError, match="repeats"):
        hand.draw("P1", 2, "Kh Kh", "5c Qs")
    with pytest.raises(StateError, match="repeats"):
        hand.draw("P1", 2, "Kh Th", "5c 5c")
    before = hand.snapshot()
    result = hand.draw("P1", 2, "Kh Th", "5c Qs")
    assert result.kept == parse_cards("3d Tc 7c")
    assert hand.hand_of("P1") == parse_cards("3d Tc 7c 5c Qs")
    assert before.player("P1").cards == hero
    # A pat hand keeps all five.
    for p in ("P2", "P3", "P4", "P5", "P6"):
        hand.draw(p, 1)
    check_round(hand)
    pat = hand.draw("P1", 0)
    assert pat.kept == parse_cards("3d Tc 7c 5c Qs") and pat.received is None


def test_R_DRAW_3_reshuffle_counts_with_unknown_cards() -> None:
    """R-DRAW-3: stub = 52 - dealt - drawn; when it runs out the player takes the last cards,
    then the earlier discards (not this player's) become the new stub."""
    hand = six_handed()
    assert hand.stub_size == 22
    results: list[DrawResult] = []
    for p in ("P1", "P2", "P3", "P4"):
        results.append(hand.draw(p, 5))
    assert hand.stub_size == 2 and not any(r.reshuffled for r in results)
    assert hand.would_reshuffle(5) and not hand.would_reshuffle(2)
    five = hand.draw("P5", 5)
    # 2 from the old stub, then 20 discards (P5's own 5 excluded) reshuffled, 3 dealt from them.
    assert (five.reshuffled, five.from_old_stub, five.stub_after) == (True, 2, 17)
    six = hand.draw("P6", 5)
    assert (six.reshuffled, six.stub_after) == (False, 12)
    check_round(hand)
    # Second draw: muck holds P5's and P6's 10 discards.
    hand.draw("P1", 5)
    hand.draw("P2", 5)
    exact = hand.draw("P3", 2)  # takes exactly the last two: no reshuffle needed yet
    assert (exact.reshuffled, exact.stub_after) == (False, 0)
    empty = hand.draw("P4", 1)  # nothing left: everything but P4's discard is reshuffled
    assert (empty.reshuffled, empty.from_old_stub, empty.stub_after) == (True, 0, 22 - 1)


def test_R_DRAW_3_reshuffle_with_known_cards() -> None:
    """R-DRAW-3: a player can get back a card they threw in an earlier draw once it was
    reshuffled, never a card they threw in this same draw; a card back from the muck without
    a reshuffle, or one sitting in a known hand, is refused."""
    deck = list(DECK)
    h0, r1, r2 = deck[0:5], deck[5:10], deck[10:15]
    other = deck[15:20]  # P1's hand, known too
    fresh = deck[20:30]
    hand = six_handed({"P4": h0, "P1": other})
    # First draw: P1 keeps other[0]; P4 (hero) throws h0; P5's draw reshuffles the discards.
    hand.draw("P1", 4, other[1:])
    hand.draw("P2", 5)
    hand.draw("P3", 5)
    with pytest.raises(CardConflict) as held:
        hand.draw("P4", 5, h0, [other[0], *fresh[:4]])
    assert held.value.rule_id == "R-RANK-1" and "P1's hand" in str(held.value)
    with pytest.raises(CardConflict) as early:
        hand.draw("P4", 5, h0, [other[1], *fresh[:4]])
    assert early.value.rule_id == "R-DRAW-3" and "not reshuffled" in str(early.value)
    hand.draw("P4", 5, h0, r1)
    assert hand.draw("P5", 5).reshuffled
    hand.draw("P6", 5)
    check_round(hand)
    # Second draw: P3's draw reshuffles; hero throws r1 after it.
    hand.draw("P1", 5)
    hand.draw("P2", 5)
    assert hand.draw("P3", 5).reshuffled
    with pytest.raises(CardConflict) as same:
        hand.draw("P4", 5, r1, [r1[0], *fresh[:4]])
    assert same.value.rule_id == "R-DRAW-3" and "same draw" in str(same.value)
    # h0[0] was reshuffled in the first draw: it may come back now.
    hand.draw("P4", 5, r1, [h0[0], *r2[1:]])
    r2 = [h0[0], *r2[1:]]
    hand.draw("P5", 5)
    hand.draw("P6", 5)
    check_round(hand)
    # Third draw: the stub has 2 cards; hero's draw reshuffles the second draw's discards,
    # r1 included. From the new stub come 3 cards, so at most 3 of r1.
    hand.draw("P1", 0)
    hand.draw("P2", 0)
    hand.draw("P3", 0)
    assert hand.would_reshuffle(5) and hand.stub_size == 2
    with pytest.raises(CardConflict, match="only 3 come from the reshuffled stub"):
        hand.draw("P4", 5, r2, [*r1[:4], fresh[5]])
    with pytest.raises(CardConflict, match="same draw"):
        hand.draw("P4", 5, r2, [r2[1], *fresh[5:9]])
    before = hand.snapshot()
    result = hand.draw("P4", 5, r2, [*r1[:3], h0[1], fresh[5]])
    assert before.player("P4").cards == tuple(r2)
    assert result.reshuffled and result.from_old_stub == 2 and result.stub_after == 17
    assert hand.hand_of("P4") == (*r1[:3], h0[1], fresh[5])


def test_card_from_muck_without_reshuffle_is_refused() -> None:
    """R-DRAW-3: a discarded card cannot come back before a reshuffle; shown hands are
    checked against known discards too (R-RANK-1)."""
    deck = list(DECK)
    hand = six_handed({"P1": deck[0:5]})
    hand.draw("P1", 2, deck[0:2], deck[5:7])
    with pytest.raises(CardConflict) as err:
        hand.draw("P2", 1, None, [deck[0]])
    assert err.value.rule_id == "R-DRAW-3"
    # check=False: the site's claim wins and the tracker moves the card.
    hand.draw("P2", 1, None, [deck[0]], check=False)
    for p in ("P3", "P4", "P5", "P6"):
        hand.draw(p, 0)
    for _ in range(2):
        check_round(hand)
        while hand.phase is Phase.DRAWING:
            hand.draw(hand.to_act or "", 0)
    check_round(hand)
    assert hand.phase is Phase.SHOWDOWN
    with pytest.raises(CardConflict) as shown:
        hand.show("P3", [deck[1], *deck[40:44]])
    assert shown.value.rule_id == "R-RANK-1" and "muck" in str(shown.value)
    with pytest.raises(CardConflict, match="holds"):
        hand.show("P1", deck[40:45])
    hand.show("P1", [deck[6], deck[2], deck[3], deck[4], deck[5]])


def test_dealer_reshuffle_deals_real_cards() -> None:
    """R-DRAW-3 with a real deck: over many seeded hands every card stays unique, and the
    player served at a reshuffle never gets back a card they threw in the same draw."""
    rng = random.Random(3)
    reshuffles = 0
    for seed in range(60):
        hand = HandState(FL, [Seat(k, f"P{k}", 1000) for k in range(1, 7)], 6, dealer=Dealer(seed))
        hand.post("P1", PostKind.SMALL_BLIND)
        hand.post("P2", PostKind.BIG_BLIND)
        hand.deal()
        while hand.phase is not Phase.SHOWDOWN:
            player = hand.to_act or ""
            if hand.phase is Phase.BETTING:
                legal = hand.legal_actions()
                hand.call(player) if legal.can_call else hand.check(player)
                continue
            held = [c for c in hand.hand_of(player) if c is not None]
            count = rng.choice([3, 4, 5])
            result = hand.draw(player, count, rng.sample(held, count))
            assert result.received is not None and result.discarded is not None
            assert not set(result.received) & set(result.discarded)
            reshuffles += result.reshuffled
            cards = [c for p in hand.players for c in hand.hand_of(p)]
            assert len(cards) == 30 and len(set(cards)) == 30 and None not in cards
    assert reshuffles >= 60


def test_dealer_mode_requires_discards_and_deals_itself() -> None:
    hand = HandState(FL, [Seat(1, "A", 100), Seat(2, "B", 100)], 1, dealer=Dealer(1))
    hand.post("A", PostKind.SMALL_BLIND)
    hand.post("B", PostKind.BIG_BLIND)
    with pytest.raises(StateError):
        hand.deal({"A": "7h 5s 4d 3h 2d"})
    hand.deal()
    hand.call("A")
    hand.check("B")
    with pytest.raises(StateError, match="must be given"):
        hand.draw("B", 1)
    card = hand.hand_of("B")[0]
    assert card is not None
    with pytest.raises(StateError, match="deals the replacements"):
        hand.draw("B", 1, [card], ["2c"])
    stranger = [c for c in DECK if c not in hand.hand_of("B")][:1]
    with pytest.raises(IllegalDraw):
        hand.draw("B", 1, stranger)
    with pytest.raises(StateError):
        hand.draw("B", 1, stranger, check=False)
    assert hand.draw("B", 1, [card]).received is not None


def test_forced_draw_repairs_knowledge() -> None:
    """PokerStars bug file: the hero discards a card never held. check=True refuses it
    (R-DRAW-2); check=False applies it and forgets which cards the hero kept."""
    hand = six_handed({"P1": list(parse_cards("2s 7s 5h 3c Qh"))})
    with pytest.raises(IllegalDraw, match="Ad"):
        hand.draw("P1", 1, "Ad", "4d")
    result = hand.draw("P1", 1, "Ad", "4d", check=False)
    assert result.kept == (None,) * 4
    assert hand.hand_of("P1") == (None, None, None, None, parse_cards("4d")[0])
    for p in ("P2", "P3", "P4", "P5", "P6"):
        hand.draw(p, 0)
    check_round(hand)
    hand.draw("P1", 0)
    # Ad sits in the muck: it cannot reach another hand before a reshuffle.
    with pytest.raises(CardConflict, match="R-DRAW-3"):
        hand.draw("P2", 1, None, "Ad")
    # The hero's old cards are no longer located, so an opponent may receive one.
    hand.draw("P2", 1, None, "2s")
    # discarded=None from a known hand makes the hand unknown.
    other = six_handed({"P1": list(parse_cards("2s 7s 5h 3c Qh"))})
    other.draw("P1", 2)
    assert other.hand_of("P1") == (None,) * 5
