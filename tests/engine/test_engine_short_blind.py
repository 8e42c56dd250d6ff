"""R-BET-8: a short or missing big blind still sets the price of the first round."""

from __future__ import annotations

import pytest

from histparse.engine import GameConfig, HandState, Seat
from histparse.game import PostKind


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


@pytest.mark.xfail(
    strict=True,
    reason="R-BET-8 gap: a big blind all-in on the ante posts nothing, and the engine then "
    "prices the round at the small blind (call 50, raise to 150)",
)
def test_a_missing_big_blind_still_prices_the_round_r_bet_8() -> None:
    cfg = GameConfig.no_limit(50, 100, ante=25)
    hand = HandState(cfg, [Seat(1, "Btn", 1000), Seat(2, "Sb", 1000), Seat(3, "Bb", 25)], 1)
    for player in ("Btn", "Sb", "Bb"):
        hand.post(player, PostKind.ANTE)
    hand.post("Sb", PostKind.SMALL_BLIND)
    hand.deal({})
    legal = hand.legal_actions()
    assert (legal.call_amount, legal.min_to) == (100, 200)
