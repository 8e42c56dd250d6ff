"""The shared ``Hand`` factory: it fills every field a test does not name, takes any field by
name, and refuses a name ``Hand`` does not have (so a typo cannot pass silently)."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import pytest
from factories import make_hand

from histparse.events import Hand, Seat


def test_the_plain_hand_is_usd_cash_at_ten_twenty_cents() -> None:
    hand = make_hand()
    assert (hand.site, hand.currency, hand.is_tournament) == ("PokerStars", "USD", False)
    assert hand.stakes == (Decimal("0.10"), Decimal("0.20"))
    assert (hand.seats, hand.events, hand.hero) == ((), (), None)


def test_every_field_can_be_overridden_and_iterables_become_tuples() -> None:
    seats = [Seat(1, "Ann", Decimal(4)), Seat(2, "Bob", Decimal(4))]
    hand = make_hand(hand_id="7", button_seat=2, seats=iter(seats), max_seats=2)
    assert (hand.hand_id, hand.button_seat, hand.max_seats) == ("7", 2, 2)
    assert hand.seats == tuple(seats) and hand.players == ("Ann", "Bob")
    # Overriding every field reproduces any hand exactly.
    every = {f.name: getattr(hand, f.name) for f in dataclasses.fields(Hand)}
    assert make_hand(**every) == hand


def test_a_misspelt_field_raises() -> None:
    with pytest.raises(TypeError, match="hand_idd"):
        make_hand(hand_idd="7")
