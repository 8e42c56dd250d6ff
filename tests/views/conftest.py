"""Hands the view tests share: real PokerStars hands, and one with hostile names and chat."""

from __future__ import annotations

from pathlib import Path

import pytest

from histparse.events import Hand
from histparse.parsing import parse_text, read_histories

REAL = Path(__file__).resolve().parents[1] / "data" / "real_histories"
STARS = REAL / "pokerstars"
PLAIN = STARS / "3-Draw-Limit-USD-0.10-0.20-200911.txt"
# One hand with 8 error findings (a duplicated card, the hero's draws): findings to mark.
FLAGGED = STARS / "Triple Draw 2-7 Lowball-FL-USD-1.00-2.00-201206.duplicate.holecards.txt"
CHAT = STARS / "2-7 Single Draw-NL-USD-2max-STT-1.40-201212.ante.all.in.txt"

HOSTILE_NAME = "<script>alert(1)</script>"
HOSTILE_CHAT = '<img src=x onerror="alert(2)">'
HOSTILE_TABLE = "T</title><b>x"


def hostile_text() -> str:
    """The real chat hand with a player, a chat line and the table renamed to markup."""
    text = CHAT.read_text(encoding="utf-8")
    text = text.replace("Player0", HOSTILE_NAME).replace("a chip and a chair?", HOSTILE_CHAT)
    return text.replace("'476454368 1'", f"'{HOSTILE_TABLE}'")


@pytest.fixture(scope="session")
def plain_hand() -> Hand:
    return next(iter(read_histories(PLAIN)))


@pytest.fixture(scope="session")
def flagged_hand() -> Hand:
    return next(iter(read_histories(FLAGGED)))


@pytest.fixture(scope="session")
def hostile_hand() -> Hand:
    (hand,) = parse_text(hostile_text(), "hostile.txt")
    assert any(s.player == HOSTILE_NAME for s in hand.seats)
    return hand
