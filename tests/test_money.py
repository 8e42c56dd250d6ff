"""``histparse.money``: the one money unit rule, its exact conversions and amounts as text."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from histparse.events import Action, Chat, Hand, PlayerStatus, Post, StatusKind
from histparse.frames.build import _minor
from histparse.money import (
    AmountError,
    Money,
    MoneyText,
    Unrepresentable,
    format_amount,
    hand_places,
    money_text,
    places_of,
)
from histparse.parsing import read_histories
from histparse.simulation.errors import SimulationError
from histparse.simulation.money import Units
from histparse.stats.errors import TableError

D = Decimal
REAL = Path(__file__).resolve().parent / "data" / "pokerstars"
CASH = "35839001292"  # $0.05/$0.10 real-money cash
TOURNAMENT = "99631761623"  # whole chips, with bets


@cache
def real_hands() -> dict[str, Hand]:
    return {h.hand_id: h for h in read_histories(REAL)}


@given(st.integers(-(10**12), 10**12), st.integers(0, 6))
def test_units_to_decimal_to_units_is_the_identity(units: int, places: int) -> None:
    money = Money.of(places)
    amount = money.to_decimal(units)
    assert money.to_units(amount) == units
    assert money.printed(units) == amount  # the same value, whatever places it is written with
    assert money.to_units(money.printed(units)) == units


@given(st.decimals(min_value=-(10**6), max_value=10**6, places=6), st.integers(0, 4))
def test_an_amount_converts_exactly_or_not_at_all(amount: Decimal, places: int) -> None:
    money = Money.of(places)
    units = money.units_or_none(amount)
    assert units == money.exact_units(amount)
    if units is None:
        assert places_of(amount) > places
        with pytest.raises(Unrepresentable):
            money.to_units(amount)
    else:
        assert places_of(amount) <= places
        assert money.to_decimal(units) == amount


def test_places_of_counts_the_places_an_amount_needs() -> None:
    assert places_of(D("1500")) == 0
    assert places_of(D("1500.00")) == 0  # written with places, but a whole number of chips
    assert places_of(D("0.05")) == 2
    assert places_of(D("0.50")) == 1
    assert places_of(D("1E+3")) == 0
    assert places_of(D("-2.125")) == 3


def test_shared_moneys_and_their_units() -> None:
    assert Money.of(2) is Money.of(2)
    assert Money.of(2).unit == D("0.01") and Money.of(0).unit == D(1)
    assert str(Money.of(2).to_decimal(400)) == "4.00"
    assert [str(Money.of(2).printed(u)) for u in (400, 458, 5, 10, 0)] == [
        "4",
        "4.58",
        "0.05",
        "0.10",
        "0",
    ]
    assert str(Money.of(0).printed(1500)) == "1500"


def test_unrepresentable_names_the_amount_the_unit_and_what() -> None:
    with pytest.raises(Unrepresentable) as caught:
        Money.of(2).to_units(D("0.105"), "call")
    assert str(caught.value) == "call 0.105 is not a whole number of the money unit 0.01"
    assert (caught.value.amount, caught.value.unit, caught.value.what) == (
        D("0.105"),
        D("0.01"),
        "call",
    )


def test_cash_counts_cents_and_chips_count_the_finest_scale_written() -> None:
    cash = real_hands()[CASH]
    assert hand_places(cash) == 2
    assert Money.for_hand(cash) is Money.of(2)
    chips = real_hands()[TOURNAMENT]
    assert hand_places(chips) == 0
    # A chip hand whose stacks are written in tenths counts tenths.
    seats = (replace(chips.seats[0], stack=chips.seats[0].stack + D("0.5")), *chips.seats[1:])
    assert hand_places(replace(chips, seats=seats)) == 1
    # So does one whose forced bets are; a bet after the posts does not set the scale.
    events = list(chips.events)
    k = next(i for i, e in enumerate(events) if isinstance(e, Post))
    post = events[k]
    assert isinstance(post, Post)
    events[k] = replace(post, amount=post.amount + D("0.25"))
    assert hand_places(replace(chips, events=tuple(events))) == 2
    events = list(chips.events)
    k = next(i for i, e in enumerate(events) if isinstance(e, Action) and e.amount is not None)
    action = events[k]
    assert isinstance(action, Action) and action.amount is not None
    events[k] = replace(action, amount=action.amount + D("0.001"))
    assert hand_places(replace(chips, events=tuple(events))) == 0
    # Play money and hands without a currency symbol are chips too, even with a cash header.
    assert hand_places(replace(cash, is_play_money=True)) == 2  # its amounts are in cents
    whole = replace(
        cash,
        is_play_money=True,
        stakes=(D(5), D(10)),
        seats=tuple(replace(s, stack=D(1000)) for s in cash.seats),
        events=tuple(e for e in cash.events if not isinstance(e, Post)),
    )
    assert hand_places(whole) == 0


def test_format_amount_keeps_the_written_scale() -> None:
    assert format_amount(D("0.10"), "$") == "$0.10"
    assert format_amount(D("1"), "$") == "$1"
    assert format_amount(D("200.00")) == "200.00"
    assert format_amount(D("1E+3"), "$") == "$1000"
    for bad in (D("-1"), D("NaN"), 1.5):
        with pytest.raises(AmountError):
            format_amount(bad)  # type: ignore[arg-type]


def test_money_text_prints_at_the_unit_and_never_rounds() -> None:
    text = MoneyText("$", D("0.01"))
    assert text(D("4")) == "$4.00"
    assert text(D("-0.5")) == "-$0.50"
    assert text(D("0.5"), signed=True) == "+$0.50"
    assert text(D(0), signed=True) == "$0.00"
    assert text(D("0.005")) == "$0.005"  # finer than the unit: as written
    assert MoneyText.for_hand(real_hands()[CASH]).unit == D("0.01")


def test_the_simulator_prints_like_pokerstars_and_refuses_what_it_cannot_count() -> None:
    cents = Units(2)
    assert [str(cents.dec(u)) for u in (400, 458, 5)] == ["4", "4.58", "0.05"]
    assert cents.minor(D("4.58")) == 458
    with pytest.raises(SimulationError, match="whole number of cents"):
        cents.minor(D("0.005"))
    with pytest.raises(SimulationError, match="whole number of chips"):
        Units(0).minor(D("-1"))
    with pytest.raises(SimulationError, match="negative"):
        cents.dec(-1)
    with pytest.raises(SimulationError, match="scale"):
        Units(1)


def test_the_tables_count_whole_cents() -> None:
    hand = real_hands()[CASH]
    assert _minor(D("1.25"), hand) == 125
    with pytest.raises(TableError, match=r"finer than 0\.01"):
        _minor(D("0.125"), hand)


def test_a_signed_zero_has_no_sign() -> None:
    # Neither a gain nor a loss: ``+`` only before a gain, ``-`` only before a loss.
    assert money_text(D(0), "$", signed=True) == "$0"
    assert money_text(D("-0.00"), "$", 2, signed=True) == "$0"
    assert money_text(D("0.01"), "$", 2, signed=True) == "+$0.01"
    assert money_text(D("-0.01"), "$", 2, signed=True) == "-$0.01"


def test_places_of_what_is_not_a_number() -> None:
    # NaN equals nothing, not even its integral value: its exponent ('n') is no count of places.
    assert places_of(D("NaN")) == 0
    assert places_of(D("Infinity")) == 0
    assert places_of(D("1E+3")) == 0  # a positive exponent: a whole number
    assert places_of(D("0.50")) == 1 and places_of(D("-0.125")) == 3


def test_a_post_after_a_status_or_chat_line_still_sets_a_chip_hands_scale() -> None:
    chips = real_hands()[TOURNAMENT]
    events = list(chips.events)
    k = next(i for i, e in enumerate(events) if isinstance(e, Post))
    post = events[k]
    assert isinstance(post, Post)
    line = post.line
    finer = replace(post, amount=post.amount + D("0.5"))
    for between in (
        PlayerStatus(line=line, player=post.player, kind=StatusKind.SITS_OUT),
        Chat(line=line, player=post.player, text="gl"),
    ):
        moved = [*events[:k], between, finer, *events[k + 1 :]]
        assert hand_places(replace(chips, events=tuple(moved))) == 1
    # Any other event ends the forced bets: a finer post after it does not set the scale.
    act = next(e for e in events if isinstance(e, Action))
    moved = [*events[:k], act, finer, *events[k + 1 :]]
    assert hand_places(replace(chips, events=tuple(moved))) == 0
