"""R-BET-8: a short or missing big blind still sets the price of the first round."""

from __future__ import annotations

from pathlib import Path

from histparse.auditor import audit
from histparse.engine import GameConfig, HandState, Seat
from histparse.game import PostKind
from histparse.parsing import read_histories


def test_a_short_big_blind_still_prices_the_round_r_bet_8() -> None:
    # Fixed limit 100/200, blinds 50/100: the big blind has 30 chips and is all-in for less.
    cfg = GameConfig.fixed_limit(100)
    seats = [Seat(1, "Btn", 1000), Seat(2, "Sb", 1000), Seat(3, "Bb", 30), Seat(4, "Utg", 1000)]
    hand = HandState(cfg, seats, 1)
    hand.post("Sb", PostKind.SMALL_BLIND)
    hand.post("Bb", PostKind.BIG_BLIND)
    hand.deal({})
    legal = hand.legal_actions()
    assert legal.player == "Utg"
    # The full big blind to call, and the first raise one small bet more.
    assert (legal.call_amount, legal.min_to, legal.max_to) == (100, 200, 200)


def test_a_missing_big_blind_still_prices_the_round_r_bet_8() -> None:
    cfg = GameConfig.no_limit(50, 100, ante=25)
    hand = HandState(cfg, [Seat(1, "Btn", 1000), Seat(2, "Sb", 1000), Seat(3, "Bb", 25)], 1)
    for player in ("Btn", "Sb", "Bb"):
        hand.post(player, PostKind.ANTE)
    hand.post("Sb", PostKind.SMALL_BLIND)
    hand.deal({})
    legal = hand.legal_actions()
    assert (legal.call_amount, legal.min_to) == (100, 200)


def test_a_call_of_the_full_big_blind_after_an_all_in_ante_is_legal_r_bet_8() -> None:
    # The reproducer: fixed limit 300/600 (blinds 150/300), the big blind all-in on
    # the ante; ``calls 300`` is the right call, not ``the call is 150``.
    cfg = GameConfig.fixed_limit(300, ante=10)
    seats = [Seat(1, "Btn", 5000), Seat(2, "Sb", 5000), Seat(3, "Bb", 10)]
    hand = HandState(cfg, seats, 1)
    for player in ("Btn", "Sb", "Bb"):
        hand.post(player, PostKind.ANTE)
    hand.post("Sb", PostKind.SMALL_BLIND)
    hand.deal({})
    result = hand.call("Btn")
    assert result.increment == 300
    assert hand.legal_actions().call_amount == 150  # the small blind completes


def test_a_big_blind_who_is_not_all_in_and_posts_nothing_is_not_priced_r_bet_8() -> None:
    # A missing big blind with chips behind (a site's dead-blind case) keeps today's price.
    cfg = GameConfig.no_limit(50, 100)
    hand = HandState(cfg, [Seat(1, "Btn", 1000), Seat(2, "Sb", 1000), Seat(3, "Bb", 1000)], 1)
    hand.post("Sb", PostKind.SMALL_BLIND)
    hand.deal({})
    assert hand.legal_actions().call_amount == 50


def test_audit_accepts_the_full_call_after_an_all_in_ante_r_bet_8() -> None:
    path = Path(__file__).resolve().parents[1] / "data" / "hardening" / "missing_big_blind.txt"
    findings = list(audit(read_histories(path)))
    assert findings == []
