"""Winamax: the two real 2-7 Triple Draw hands (tests/data/real_histories/winamax, see its
SOURCES.md) parse in both dialects, are written back byte for byte, replay clean but for the
one documented DRAW-UNRECORDED warning, and keep the site's money rules (FORMATS-SITES §2);
mutated hands give errors on the right line."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest

from histparse.auditor import Severity
from histparse.events import (
    Action,
    Collected,
    DealtHidden,
    DealtTo,
    Draw,
    Hand,
    Position,
    Post,
    PostKind,
    SeatOutcome,
    Shows,
    SummaryPot,
    SummarySeat,
)
from histparse.game import ActionKind, Game, LimitType
from histparse.parsing import ParseError, Unsupported, parse_results, read_results
from histparse.ranking import hand_rank
from histparse.replayer import replay
from histparse.sites import profile_for, site_named, words_for
from histparse.sites.winamax.layout import WinamaxLayout
from histparse.writing import write_file

WINAMAX = Path(__file__).resolve().parents[1] / "data" / "real_histories" / "winamax"
EUR = WINAMAX / "Triple Draw 2-7-FL-6max-EUR-25-50-201611._8games_.txt"
PLAY = WINAMAX / "Triple Draw 2-7-FL-6max-play-0.50-1.00-201610.export.txt"


def _hand(path: Path) -> Hand:
    (hand,) = list(read_results(path))
    assert isinstance(hand, Hand)
    return hand


def test_both_dialects_parse_and_write_back_byte_for_byte(tmp_path: Path) -> None:
    for path in (EUR, PLAY):
        hand = _hand(path)
        assert hand.site == "Winamax" and hand.game is Game.TRIPLE_DRAW_27
        assert hand.limit_type is LimitType.FIXED
        assert site_named("Winamax").write(hand) == hand.source.text  # type: ignore[union-attr]
        out = tmp_path / path.name
        write_file(out, [hand])
        assert out.read_bytes() == path.read_bytes()


def test_real_money_header_and_table() -> None:
    hand = _hand(EUR)
    assert hand.hand_id == "9250793-388-1478989461"
    # The HandId's third part is the header's Unix time.
    assert int(hand.hand_id.rpartition("-")[2]) == int(hand.started_at.timestamp())
    assert hand.started_at == datetime(2016, 11, 12, 22, 24, 21, tzinfo=UTC)
    assert hand.stakes == (Decimal(25), Decimal(50)) and hand.currency == "EUR"
    assert not hand.is_play_money and hand.mixed_game == "8-Game"  # from the file name only
    assert (hand.table_name, hand.max_seats, hand.button_seat) == ("Pampelune", 6, 4)
    assert hand.hero == "Hero"
    assert isinstance(hand.layout, WinamaxLayout) and hand.layout.money_suffix == "€"
    raise_ = next(e for e in hand.events if isinstance(e, Action) and e.kind is ActionKind.RAISE)
    assert (raise_.amount, raise_.to_amount) == (Decimal(25), Decimal(50))  # raises A to B
    hidden = [e for e in hand.events if isinstance(e, DealtHidden)]
    assert [(e.player, e.count) for e in hidden] == [("Player0", 5)]
    pats = [e for e in hand.events if isinstance(e, Draw)]
    assert len(pats) == 6 and all(d.pat for d in pats)
    (pot,) = [e for e in hand.events if isinstance(e, SummaryPot)]
    assert (pot.total, pot.rake) == (Decimal(298), Decimal(2))
    # The summary lists the winner only, heads-up tagged "(small blind) (button)".
    (seat,) = [e for e in hand.events if isinstance(e, SummarySeat)]
    assert seat.positions == (Position.SMALL_BLIND, Position.BUTTON)
    assert (seat.outcome, seat.amount) == (SeatOutcome.COLLECTED, Decimal(298))


def test_export_dialect() -> None:
    hand = _hand(PLAY)
    assert hand.is_play_money and hand.currency is None and hand.hero is None
    assert hand.mixed_game is None
    assert not [e for e in hand.events if isinstance(e, DealtTo | DealtHidden)]
    oop = [e for e in hand.events if isinstance(e, Post) and e.kind is PostKind.BIG_BLIND]
    assert len(oop) == 4  # the big blind and three posted "out of position" (live)
    draws = [(d.player, d.count) for d in hand.events if isinstance(d, Draw)][:5]
    assert draws == [("Player0", 2), ("Hero", 2), ("Player4", 4), ("Player3", 2), ("Player2", 0)]
    shows = [e.description for e in hand.events if isinstance(e, Shows)]
    assert shows == ["High card : King", "High card : 8", "High card : 8"]
    (pot,) = [e for e in hand.events if isinstance(e, SummaryPot)]
    assert (pot.total, pot.rake) == (Decimal("12.15"), Decimal("0.85"))


def test_the_real_hands_replay_clean_but_for_the_unrecorded_draws() -> None:
    eur = replay(_hand(EUR))
    assert [(f.code.value, f.severity, f.line) for f in eur.findings] == [
        ("DRAW-UNRECORDED", Severity.WARNING, 14)
    ]
    assert replay(_hand(PLAY)).findings == ()


def test_money_rules_of_the_profile() -> None:
    profile = profile_for("Winamax")
    assert profile.total_pot_net and profile.collects_uncalled
    assert not profile.prints_uncalled_bets and not profile.summary_lists_every_seat
    assert profile.pat_lines_suspect
    # The rules return the uncalled 50: it is inside the 298 collected.
    r = replay(_hand(EUR))
    assert [(x.player, x.amount) for x in r.returned] == [("Player0", Decimal(50))]
    (c,) = [e for e in _hand(EUR).events if isinstance(e, Collected)]
    assert c.amount == Decimal(298)


def test_descriptions() -> None:
    words = words_for("Winamax")
    assert words.describe(hand_rank("3s 2c 5s Ks 8c")) == "High card : King"
    assert words.describe(hand_rank("7c 6c 8s 2s 3c")) == "High card : 8"
    assert words.describe(hand_rank("Th 7d 5h 3d 2d")) == "High card : 10"


def test_other_games_are_counted_by_game() -> None:
    text = "Winamax Poker - CashGame - HandId: #1-2-3 - Omaha5 pot limit (1€/2€) - x\n"
    (result,) = parse_results(text)
    assert isinstance(result, Unsupported)
    assert (result.site, result.game) == ("Winamax", "Omaha5 pot limit")


# ------------------------------------------------------------------------------ mutations


def _lines(path: Path) -> list[str]:
    return path.read_bytes().decode("utf-8").split("\r\n")


def _mutated(path: Path, old: str, new: str | None) -> tuple[list[object], int]:
    lines = _lines(path)
    index = lines.index(old)
    if new is None:
        del lines[index]
    else:
        lines[index] = new
    return list(parse_results("\r\n".join(lines))), index + 1


def _errors(result: object) -> set[tuple[str, int | None]]:
    assert isinstance(result, Hand)
    return {(f.code.value, f.line) for f in replay(result).findings if f.severity is Severity.ERROR}


@pytest.mark.parametrize(
    ("path", "old", "new", "code"),
    [
        (PLAY, "Player2 raises 0.50 to 1", "Player2 raises 0.50 to 1.50", "BET-RAISE-ARITHMETIC"),
        (PLAY, "Player4 bets 1", "Player4 bets 0.50", "BET-SIZE"),
        (PLAY, "Player0 calls 0.75", "Player0 calls 0.25", "BET-CALL"),
        (
            PLAY,
            "Player2 collected 12.15 from pot",
            "Player3 collected 12.15 from pot",
            "POT-WINNER",
        ),
        (EUR, "Hero calls 25€", "Hero calls 50€", "BET-CALL"),
    ],
    ids=["raise arithmetic", "bet size", "short call", "winner", "long call"],
)
def test_a_mutated_hand_gives_an_error_on_the_right_line(
    path: Path, old: str, new: str, code: str
) -> None:
    (hand,), line = _mutated(path, old, new)
    assert (code, line) in _errors(hand)


def test_a_mutated_total_is_an_error_on_the_total_line() -> None:
    (hand,), line = _mutated(PLAY, "Total pot 12.15 | Rake 0.85", "Total pot 12.15 | Rake 0.95")
    assert ("POT-TOTAL", line) in _errors(hand)


def test_an_unreadable_line_is_rejected_at_its_line() -> None:
    (result,), line = _mutated(EUR, "Hero checks", "Hero chekcs")
    assert isinstance(result, ParseError)
    assert result.line == line and result.site == "Winamax"
    (result,), line = _mutated(EUR, "*** FIRST-DRAW ***", None)
    assert isinstance(result, ParseError) and result.line == line
    assert "cannot come here" in result.message
