"""Settlement cases the engine's own tests hold (they were held only by the site tests): mucked
cards recorded, showing out of turn, dead money kept in the pot, and a hand run twice."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, fields, replace

import pytest
from test_engine_showdown import to_showdown

from histparse.cards import parse_cards
from histparse.engine import (
    CardConflict,
    GameConfig,
    HandState,
    Phase,
    Pot,
    Seat,
    SettlementError,
    StateError,
)
from histparse.game import PostKind

FL = GameConfig.fixed_limit(100)
SEVEN = "7h 5s 4d 3c 2d"  # the best 2-7 hand
EIGHT = "8h 6h 4h 3d 2c"
KING = "Kd Qh 9c 8s 7d"


def heads_up(cards: dict[str, str], stacks: tuple[int, int] = (1000, 1000)) -> HandState:
    hand = HandState(FL, [Seat(1, "A", stacks[0]), Seat(2, "B", stacks[1])], 2)
    hand.post("A", PostKind.SMALL_BLIND)
    hand.post("B", PostKind.BIG_BLIND)
    hand.deal(cards)
    return hand


def test_mucked_cards_are_recorded_and_checked() -> None:
    hand = heads_up({})
    to_showdown(hand)
    hand.show("B", SEVEN)
    hand.muck("A", EIGHT)
    assert tuple(hand.hand_of("A")) == parse_cards(EIGHT)
    # A mucked hand that contradicts a known card is refused (the seven-low's 7h is B's).
    hand = heads_up({"B": SEVEN})
    to_showdown(hand)
    with pytest.raises(CardConflict, match="A shows 7h, which is in B's hand"):
        hand.muck("A", "7h 6h 4h 3d 2c")


def test_show_and_muck_only_at_the_showdown() -> None:
    hand = heads_up({})
    for act in (lambda: hand.show("A", SEVEN), lambda: hand.muck("A"), hand.settle):
        with pytest.raises(StateError, match="now: the hand is in phase betting"):
            act()
    hand.fold("A")
    assert hand.phase is Phase.UNCONTESTED
    with pytest.raises(StateError, match="A has folded and cannot show"):
        hand.show("A", SEVEN)
    with pytest.raises(StateError, match="A has folded and cannot muck"):
        hand.muck("A")
    hand.show("B", KING)  # the winner may show an uncontested hand
    s = hand.settle()  # B's unmatched 50 came back; the pot is both blinds' 50
    assert (s.total_pot, s.collected("B"), s.net("A")) == (100, 100, -50)


def short_and_dead(keep_dead: bool) -> HandState:
    """A all-in for 80 in the small blind, B the big blind, C posts small & big blinds (100
    live, 50 dead); everyone calls or checks down. A has the best hand, then C, then B."""
    cfg = replace(FL, returns_dead_money=not keep_dead)
    hand = HandState(cfg, [Seat(1, "A", 80), Seat(2, "B", 1000), Seat(3, "C", 1000)], 3)
    hand.post("A", PostKind.SMALL_BLIND)
    hand.post("B", PostKind.BIG_BLIND)
    hand.post("C", PostKind.SMALL_AND_BIG_BLIND)
    hand.deal({"A": SEVEN, "B": KING, "C": EIGHT})
    to_showdown(hand)
    for p in hand.showdown_order():
        hand.show(p, [c for c in hand.hand_of(p) if c is not None])
    return hand


def test_dead_money_comes_back_or_stays_in_the_main_pot() -> None:
    # Returned (PokerStars): nobody matched C's dead 50, so it comes back; the main pot is
    # 3 x 80, the side pot B's and C's 20 each.
    back = short_and_dead(keep_dead=False)
    assert [(u.player, u.amount) for u in back.uncalled_bets] == [("C", 50)]
    s = back.settle()
    assert [(p.amount, p.winners) for p in s.pots] == [(240, ("A",)), (40, ("C",))]
    assert (s.net("A"), s.net("B"), s.net("C")) == (160, -100, -60)
    # Kept (Full Tilt): the dead 50 goes to the main pot, which A (all-in for 80) can win,
    # not to C's level, where only B and C could.
    kept = short_and_dead(keep_dead=True)
    assert kept.uncalled_bets == ()
    assert [(p.amount, p.eligible) for p in kept.pots()] == [
        (290, ("A", "B", "C")),
        (40, ("B", "C")),
    ]
    s = kept.settle()
    assert [(p.amount, p.winners) for p in s.pots] == [(290, ("A",)), (40, ("C",))]
    assert (s.net("A"), s.net("B"), s.net("C")) == (210, -100, -110)
    assert s.total_pot == 330


def run_twice(second: dict[str, str], rake: int = 0) -> tuple[int, int]:
    """A (eight-low) and B (king-high) check down a pot of 200; A wins the first run."""
    hand = heads_up({"A": EIGHT, "B": KING})
    to_showdown(hand)
    hand.show("A", EIGHT)
    hand.show("B", KING)
    s = hand.settle(rake, second_run=second)
    (pot,) = s.pots
    assert dict(pot.shares) == {p: s.collected(p) for p in ("A", "B") if s.collected(p)}
    return s.collected("A"), s.collected("B")


def test_a_hand_run_twice_splits_each_pot_between_the_runs() -> None:
    assert run_twice({}) == (200, 0)  # nobody's hand changes: A wins both halves
    assert run_twice({"B": SEVEN}) == (100, 100)  # B's second-run hand wins its half
    assert run_twice({"A": KING, "B": EIGHT}) == (100, 100)
    # An odd pot: the first run's half takes the odd chip.
    assert run_twice({"B": SEVEN}, rake=1) == (100, 99)
    # A tie in the second run splits that half (99: the odd chip to the first winner left of
    # the button, seat 2: A in seat 1): A 99 + 50, B 49.
    assert run_twice({"B": EIGHT.replace("h", "s").replace("2c", "2s")}, rake=2) == (149, 49)


def test_kept_dead_money_alone_is_a_pot() -> None:
    # A posts a dead blind only (no live money), B the big blind; C and A fold. B's unmatched
    # 100 comes back; the dead 50 stays, as the one pot, which B wins.
    cfg = replace(FL, returns_dead_money=False)
    hand = HandState(cfg, [Seat(1, "A", 1000), Seat(2, "B", 1000), Seat(3, "C", 1000)], 3)
    assert hand.post("A", PostKind.DEAD_BLIND).dead == 50
    hand.post("B", PostKind.BIG_BLIND)
    hand.deal()
    hand.fold("C")
    assert hand.fold("A").hand_over
    assert [(u.player, u.amount) for u in hand.uncalled_bets] == [("B", 100)]
    assert [(p.amount, p.eligible) for p in hand.pots()] == [(50, ("B",))]
    s = hand.settle()
    assert (s.net("A"), s.net("B"), s.net("C")) == (-50, 50, 0)


def test_shown_cards_are_checked_unless_told_not_to() -> None:
    hand = heads_up({"B": SEVEN})
    to_showdown(hand)
    with pytest.raises(CardConflict, match="A shows 7h, which is in B's hand"):
        hand.show("A", "7h 6h 4h 3d 2c")
    assert hand.show("B", SEVEN) == parse_cards(SEVEN)


def test_a_lone_claimant_who_mucks_still_wins_and_the_rake_may_be_the_pot() -> None:
    # Everyone folds to B, who mucks without showing: the pot has one eligible player.
    hand = HandState(FL, [Seat(1, "A", 1000), Seat(2, "B", 1000), Seat(3, "C", 1000)], 3)
    hand.post("A", PostKind.SMALL_BLIND)
    hand.post("B", PostKind.BIG_BLIND)
    hand.deal()
    hand.raise_to("C", 200)
    hand.fold("A")
    hand.call("B")
    to_showdown(hand)
    hand.muck("C")
    hand.show("B", KING)
    # A pot of 450 (50 + 200 + 200): the whole of it may go to the rake, not a chip more.
    with pytest.raises(SettlementError, match="rake 451 must be an int from 0 to the pot 450"):
        hand.settle(451)
    s = hand.settle(450)
    assert (s.pots[0].net, s.collected("B"), s.net("B"), s.rake) == (0, 0, -200, 450)
    hand = HandState(FL, [Seat(1, "A", 1000), Seat(2, "B", 1000)], 2)
    hand.post("A", PostKind.SMALL_BLIND)
    hand.post("B", PostKind.BIG_BLIND)
    hand.deal()
    hand.fold("A")
    hand.muck("B")
    s = hand.settle()
    assert s.pots[0].winners == ("B",) and s.collected("B") == 100


def test_the_pots_and_the_settlement_are_frozen_records_with_slots() -> None:
    # Results the replay keeps and compares: none may change behind its back, and none carries
    # a __dict__ (one per pot and player of every hand).
    hand = heads_up({"A": SEVEN, "B": EIGHT})
    to_showdown(hand)
    (pot,) = hand.pots()
    assert pot == Pot(200, ("A", "B"))
    hand.show("A", SEVEN)
    hand.show("B", EIGHT)
    s = hand.settle()
    for record in (pot, s, s.pots[0], s.players[0]):
        assert not hasattr(record, "__dict__")
        with pytest.raises(FrozenInstanceError):
            setattr(record, fields(record)[0].name, None)
