"""The cap on numbers lives in the sites' amount and id readers (issue 22, moved out of a
scan of every line): a PokerStars or Full Tilt amount or id of more than 30 digits is a line
the site cannot read, and the reader says why on that line (``a number of N digits``); 30
digits still read. Digits in free text (chat, names) are never read as numbers, so they no
longer refuse the hand (the one change of what is refused; nothing reads them as numbers)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from histparse.events import Action, Chat, Hand
from histparse.parsing import ParseError, parse_results
from histparse.parsing.reader import MAX_NUMBER_DIGITS

DATA = Path(__file__).resolve().parents[1] / "data"
STARS = (DATA / "hardening" / "three_hands.txt").read_text(encoding="utf-8").split("\n\n\n")[0]
TILT = (
    (DATA / "real_histories" / "fulltilt" / "3-Draw-Limit-USD-150-300-201012.txt")
    .read_bytes()
    .decode("utf-16")
    .replace("\r\n", "\n")
    .strip("\n")
)


def _one(text: str) -> Hand | ParseError:
    (result,) = parse_results(text + "\n")
    assert isinstance(result, Hand | ParseError)
    return result


def _line_of(text: str, old: str) -> int:
    return text.split("\n").index(old) + 1


@pytest.mark.parametrize(
    ("text", "old", "new", "digits"),
    [
        (STARS, "drawmaster7705: calls $0.10", "drawmaster7705: calls $1" + "0" * 4400, 4401),
        (STARS, "Bakter: posts small blind $0.05", "Bakter: posts small blind $0." + "5" * 31, 32),
        (TILT, "Player5 bets $150", "Player5 bets $1" + ",000" * 1467, 4402),
        (TILT, "Player5 bets $150", "Player5 bets $1" + "0" * 40, 41),
        (TILT, "Player6 calls $150", "Player6 calls $150." + "0" * 31, 34),
    ],
    ids=["stars 4401", "stars decimals", "tilt separators", "tilt plain", "tilt decimals"],
)
def test_a_long_amount_is_refused_on_its_line(text: str, old: str, new: str, digits: int) -> None:
    error = _one(text.replace(old, new, 1))
    assert isinstance(error, ParseError)
    assert f"a number of {digits:,} digits" in error.message
    assert error.line == _line_of(text, old)
    assert len(str(error)) < 400


def test_a_long_hand_id_is_refused_on_the_header() -> None:
    long_id = "7" * 31
    for text, hid in ((STARS, "62829200009"), (TILT, "25325990000")):
        error = _one(text.replace(hid, long_id, 1))
        assert isinstance(error, ParseError)
        assert error.line == 1 and "a number of 31 digits" in error.message


def test_thirty_digits_still_read() -> None:
    assert MAX_NUMBER_DIGITS == 30
    big = "1" + "0" * 29
    hand = _one(STARS.replace("drawmaster7705: calls $0.10", f"drawmaster7705: calls ${big}", 1))
    assert isinstance(hand, Hand)
    assert Decimal(big) in {e.amount for e in hand.iter_events(Action)}
    grouped = "100" + ",000" * 9  # 30 digits, Full Tilt's separators
    hand = _one(TILT.replace("Player5 bets $150", f"Player5 bets ${grouped}", 1))
    assert isinstance(hand, Hand)
    assert Decimal(grouped.replace(",", "")) in {e.amount for e in hand.iter_events(Action)}


def test_digits_in_chat_are_text_not_a_number() -> None:
    """Formerly refused by the scan of every line; now read: no site reads chat as money."""
    chat = "Player5: 1" + "2" * 4400
    lines = TILT.split("\n")
    lines.insert(_line_of(TILT, "Player5 bets $150"), chat)
    hand = _one("\n".join(lines))
    assert isinstance(hand, Hand)
    assert [c.text for c in hand.iter_events(Chat)] == [chat.partition(": ")[2]]
