"""Tests for histparse.cards: reading and printing cards."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from histparse.cards import (
    DECK,
    RANKS,
    SUITS,
    Card,
    CardError,
    format_cards,
    format_hand,
    parse_card,
    parse_cards,
)

card_lists = st.lists(st.sampled_from(DECK), max_size=10)


def test_deck_layout() -> None:
    """52 distinct cards; the value is rank * 4 + suit with the deuce lowest, the ace highest."""
    assert len(DECK) == len(set(DECK)) == 52
    for value, card in enumerate(DECK):
        assert int(card) == value == card.rank * 4 + card.suit
        assert str(card) == RANKS[card.rank] + SUITS[card.suit]
    assert str(DECK[0]) == "2c"
    assert str(DECK[51]) == "As"
    assert parse_card("2c").rank == 0
    assert parse_card("Ah").rank == 12


@pytest.mark.parametrize("text", [r + s for r in RANKS for s in SUITS])
def test_parse_card_round_trip_and_interning(text: str) -> None:
    card = parse_card(text)
    assert str(card) == text
    assert repr(card) == f"Card({text!r})"
    assert card is DECK[int(card)]
    assert parse_card(text) is card


def test_lower_case_rank_letter_accepted() -> None:
    assert parse_card("td") is parse_card("Td")
    assert parse_card("ah") is parse_card("Ah")


@pytest.mark.parametrize(
    "text", ["", "7", "7x", "1h", "10h", "7H", "7hh", " 7h", "7h ", "Xs", "7♥", "[7h]"]
)
def test_bad_card_raises_card_error_naming_the_text(text: str) -> None:
    with pytest.raises(CardError) as info:
        parse_card(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    "source",
    [
        "7h 5s 4d",
        "[7h 5s 4d]",
        "  [7h 5s 4d]  ",
        "[ 7h 5s 4d ]",
        "7h  5s\t4d",
        ["7h", "5s", "4d"],
        ("7h", "5s", "4d"),
        [parse_card("7h"), "5s", parse_card("4d")],
    ],
)
def test_parse_cards_accepted_forms(source: str | list[str | Card]) -> None:
    cards = parse_cards(source)
    assert isinstance(cards, tuple)
    assert cards == (parse_card("7h"), parse_card("5s"), parse_card("4d"))


def test_parse_cards_from_iterator_and_empty_forms() -> None:
    assert parse_cards(iter(["Kd"])) == (parse_card("Kd"),)
    assert parse_cards("") == ()
    assert parse_cards("[]") == ()
    assert parse_cards([]) == ()


@pytest.mark.parametrize(
    ("source", "bad"),
    [
        ("7h 5s 4x", "4x"),
        ("[7h 5s", "[7h"),
        ("7h 5s]", "5s]"),
        ("7h,5s", "7h,5s"),
        (["7h", "5S"], "5S"),
    ],
)
def test_parse_cards_bad_card_named(source: str | list[str], bad: str) -> None:
    with pytest.raises(CardError, match=repr(bad).replace("[", r"\[").replace("]", r"\]")):
        parse_cards(source)


def test_format_examples() -> None:
    cards = parse_cards("7h 5s 4d 3h 2d")
    assert format_cards(cards) == "7h 5s 4d 3h 2d"
    assert format_hand(cards) == "[7h 5s 4d 3h 2d]"
    assert format_cards(()) == ""
    assert format_hand(()) == "[]"


@given(card_lists)
def test_format_then_parse_round_trip(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards)) == tuple(cards)
    assert parse_cards(format_hand(cards)) == tuple(cards)
    assert parse_cards([str(c) for c in cards]) == tuple(cards)


@given(card_lists)
def test_parse_then_format_round_trip(cards: list[Card]) -> None:
    text = format_hand(cards)
    assert format_hand(parse_cards(text)) == text
    assert format_cards(parse_cards(text)) == text[1:-1]


@given(st.text(max_size=4))
def test_parse_card_accepts_exactly_the_deck_names(text: str) -> None:
    """Any string is either a card name (rank letter in either case) or a CardError."""
    names = {str(c) for c in DECK}
    if text in names or (len(text) == 2 and text[0].upper() + text[1] in names):
        assert str(parse_card(text)) == text[0].upper() + text[1]
    else:
        with pytest.raises(CardError):
            parse_card(text)


@given(st.lists(st.integers(-52, 51), max_size=6))
def test_format_cards_is_str_of_each_card_even_off_the_deck(values: list[int]) -> None:
    """The looked-up texts agree with ``str`` of each card, for values a caller built by hand
    outside 0..51 too (negative ones wrap round, as ``str`` does)."""
    cards = [int.__new__(Card, v) for v in values]
    assert format_cards(cards) == " ".join(str(c) for c in cards)
