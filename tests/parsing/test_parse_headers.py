"""Header, table and seat line variants of docs/formats.md §1.1-1.3, made by text substitution on a
real hand (the real files do not hold every variant)."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest

from histparse.events import Hand
from histparse.game import Game, LimitType
from histparse.numerals import from_roman, ordinal_suffix, to_roman
from histparse.parsing import ParseError, Unsupported, parse_hand, parse_results

DATA = Path(__file__).resolve().parents[1] / "data" / "pokerstars"
CASH = "3-Draw-Limit-USD-0.10-0.20-200911.txt"


def real_hand(index: int = 1) -> str:
    """One real TD cash hand (index 1 is the annotated hand of docs/formats.md §1.12)."""
    text = (DATA / CASH).read_text(encoding="utf-8")
    return text.split("\n\n\n\n")[index]


def with_header(header: str, text: str | None = None) -> str:
    text = real_hand() if text is None else text
    return header + text[text.index("\n") :]


def chips(text: str) -> str:
    """The hand with play chips instead of dollars."""
    return text.replace("$", "")


def test_mixed_cash_header() -> None:
    hand = parse_hand(
        with_header(
            "PokerStars Hand #83338296941:  8-Game (Triple Draw 2-7 Lowball Limit, "
            "$0.10/$0.20 USD) - 2012/07/15 1:45:25 ET"
        )
    )
    assert (hand.mixed_game, hand.game, hand.limit_type) == (
        "8-Game",
        Game.TRIPLE_DRAW_27,
        LimitType.FIXED,
    )
    assert hand.stakes == (Decimal("0.10"), Decimal("0.20")) and hand.currency == "USD"
    assert not hand.is_tournament and hand.layout.header_word == "Hand"
    assert hand.layout.local_time == "2012/07/15 1:45:25"
    assert hand.started_at == datetime(2012, 7, 15, 5, 45, 25, tzinfo=UTC)


def test_play_money_no_limit_header_and_table_tag() -> None:
    text = chips(
        with_header(
            "PokerStars Hand #84322807903:  Triple Draw 2-7 Lowball No Limit (5/10) - "
            "2012/08/05 14:07:58 ET"
        )
    ).replace("Table 'Theodora VI' 6-max Seat", "Table 'Sabauda VI' 6-max (Play Money) Seat")
    hand = parse_hand(text)
    assert hand.limit_type is LimitType.NO_LIMIT
    assert hand.is_play_money and hand.currency is None
    assert hand.layout.table_money == "Play Money" and hand.layout.money_symbol == ""
    assert hand.stakes == (Decimal(5), Decimal(10))
    assert hand.posts[0].amount == Decimal("0.05")


def test_pot_limit_header() -> None:
    hand = parse_hand(
        with_header(
            "PokerStars Game #1:  Triple Draw 2-7 Lowball Pot Limit ($0.10/$0.20 USD) - "
            "2009/11/25 14:14:02 ET"
        )
    )
    assert hand.limit_type is LimitType.POT and hand.hand_id == "1"


def test_tournament_with_three_part_buy_in_and_bounties() -> None:
    text = chips(
        with_header(
            "PokerStars Hand #261960026404: Tournament #3, $2.40+$2.50+$0.60 USD 8-Game "
            "(Triple Draw 2-7 Lowball Limit) - Level XVII (500/1000) - 2026/09/03 18:15:01 WET "
            "[2026/09/03 13:15:01 ET]"
        )
    )
    text = re.sub(r" in chips\)", " in chips, $2.50 bounty)", text)
    # The header keeps its dollars: put them back after chips() removed them.
    text = text.replace("2.40+2.50+0.60 USD", "$2.40+$2.50+$0.60 USD")
    hand = parse_hand(text)
    assert hand.is_tournament and hand.tournament_id == "3"
    assert hand.buy_in == (Decimal("2.40"), Decimal("2.50"), Decimal("0.60"))
    assert hand.buy_in_currency == "USD" and not hand.is_play_money
    assert (hand.level, hand.match_round, hand.mixed_game) == (17, None, "8-Game")
    assert hand.stakes == (Decimal(500), Decimal(1000))
    assert {s.bounty for s in hand.seats} == {Decimal("2.50")}
    assert hand.layout.time_zone == "WET" and hand.layout.et_time == "2026/09/03 13:15:01"
    assert hand.started_at == datetime(2026, 9, 3, 17, 15, 1, tzinfo=UTC)


def test_euro_cash_header() -> None:
    text = with_header(
        "PokerStars Game #5:  Triple Draw 2-7 Lowball Limit (€0.10/€0.20 EUR) - "
        "2009/11/25 14:14:02 ET"
    ).replace("$", "€")
    hand = parse_hand(text)
    assert hand.currency == "EUR" and hand.layout.money_symbol == "€"
    assert hand.posts[0].amount == Decimal("0.05")


def test_zoom_and_club_headers() -> None:
    hand = parse_hand(
        with_header(
            "PokerStars Zoom Hand #7:  {Some Club} Triple Draw 2-7 Lowball Limit "
            "($0.10/$0.20 USD) - 2009/11/25 14:14:02 ET"
        )
    )
    assert hand.layout.header_word == "Zoom Hand" and hand.club == "Some Club"
    assert not hand.is_home_game


def test_local_zone_without_et_copy() -> None:
    hand = parse_hand(
        with_header(
            "PokerStars Hand #9:  Triple Draw 2-7 Lowball Limit ($0.10/$0.20 USD) - "
            "2012/06/07 20:44:17 CET"
        )
    )
    assert hand.started_at == datetime(2012, 6, 7, 18, 44, 17, tzinfo=UTC)  # CEST = UTC+2
    assert hand.layout.et_time is None


def test_table_line_without_max_seats() -> None:
    text = real_hand().replace("Table 'Theodora VI' 6-max Seat", "Table 'It's a table' Seat")
    hand = parse_hand(text)
    assert (hand.table_name, hand.max_seats) == ("It's a table", None)


def test_seat_suffixes() -> None:
    text = real_hand().replace(
        "Seat 3: Eisenherz73 ($7.54 in chips) ",
        "Seat 3: Eisenherz73 ($7.54 in chips) is sitting out",
    )
    hand = parse_hand(text)
    seat = hand.seat_of("Eisenherz73")
    assert seat is not None and seat.sitting_out and seat.trailing == ""


@pytest.mark.parametrize(
    ("header", "message"),
    [
        (
            "PokerStars Game #1: Tournament #2, $1+$0.10 USD Triple Draw 2-7 Lowball Limit - "
            "Level IIII (10/20) - 2009/11/25 14:14:02 ET",
            "Roman",
        ),
        (
            "PokerStars Game #1:  Triple Draw 2-7 Lowball Limit ($0.10/$0.20 EUR) - "
            "2009/11/25 14:14:02 ET",
            "disagree",
        ),
        (
            "PokerStars Game #1:  Triple Draw 2-7 Lowball Limit ($0.10/$0.20 USD) - "
            "2009/11/25 14:14:02 XYZ",
            "time zone",
        ),
        (
            "PokerStars Game #1:  Triple Draw 2-7 Lowball Limit ($0.10/$0.20 USD) - "
            "2009/13/45 14:14:02 ET",
            "impossible date",
        ),
        (
            "PokerStars Game #1:  Triple Draw 2-7 Lowball Limit ($0.10/$0.20 USD)",
            "no date",
        ),
        (
            "PokerStars Game #1:   Triple Draw 2-7 Lowball Limit ($0.10/$0.20 USD) - "
            "2009/11/25 14:14:02 ET",
            "too many spaces",
        ),
        (
            "PokerStars Game #1:  Triple Draw 2-7 Lowball Limit - 2009/11/25 14:14:02 ET",
            "without stakes",
        ),
        (
            "PokerStars Game #1:  Triple Draw 2-7 Lowball Limit ($0.10/0.20 USD) - "
            "2009/11/25 14:14:02 ET",
            "different currency",
        ),
    ],
)
def test_bad_headers_are_rejected_with_reason(header: str, message: str) -> None:
    (result,) = parse_results(with_header(header))
    assert isinstance(result, ParseError)
    assert message in result.message
    assert result.line == 1 and result.text == header


@pytest.mark.parametrize(
    ("header", "game"),
    [
        (
            "PokerStars Game #1:  Hold'em No Limit ($0.01/$0.02 USD) - 2009/11/25 14:14:02 ET",
            "Hold'em No Limit",
        ),
        (
            "PokerStars Game #1: Tournament #2, $2.00+$0.20 USD Badugi Limit - Level VIII "
            "(300/600) - 2010/11/10 18:51:14 CET [2010/11/10 12:51:14 ET]",
            "Badugi Limit",
        ),
        (
            "PokerStars Home Game Hand #1: {Club} Tournament #2, 100+9 8-Game (Razz Limit) - "
            "Match Round I, Level I (10/20) - 2013/06/05 23:30:00 ET",
            "8-Game (Razz Limit)",
        ),
        # A header this parser cannot read at all, for a game it does not parse anyway.
        ("PokerStars Game #1: Tournament #2, Freeroll Hold'em No Limit - whatever", None),
    ],
)
def test_other_games_are_unsupported_from_the_header(header: str, game: str | None) -> None:
    (result,) = parse_results(with_header(header))
    assert isinstance(result, Unsupported)
    assert result.site == "PokerStars"
    if game is not None:
        assert result.game == game and result.hand_id == "1"


def test_unsupported_game_is_not_parsed_further() -> None:
    """Only the header is read: a garbled body of another game is still just unsupported."""
    text = "PokerStars Game #1:  Razz Limit ($0.10/$0.20 USD) - 2009/11/25 14:14:02 ET\n!!!\n"
    (result,) = parse_results(text)
    assert isinstance(result, Unsupported) and result.game == "Razz Limit"


def test_roman_numerals_and_ordinals() -> None:
    for n in range(1, 400):
        assert from_roman(to_roman(n)) == n
    for bad in ["", "IIII", "VX", "IL", "MMMM", "ABC"]:
        with pytest.raises(ValueError):
            from_roman(bad)
    assert [f"{n}{ordinal_suffix(n)}" for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 72, 101, 111)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "72nd",
        "101st",
        "111th",
    ]


def test_parse_hand_rejects_unsupported_and_multiple() -> None:
    with pytest.raises(ParseError, match="unsupported game"):
        parse_hand(
            with_header("PokerStars Game #1:  Razz Limit ($0.10/$0.20 USD) - 2009/11/25 1:00:00 ET")
        )
    with pytest.raises(ParseError, match="expected one hand"):
        parse_hand(real_hand(1) + "\n\n\n" + real_hand(2))
    assert isinstance(parse_hand(real_hand(2)), Hand)
