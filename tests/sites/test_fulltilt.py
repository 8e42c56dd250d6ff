"""Full Tilt Poker: every real 2-7 hand of tests/data/real_histories/fulltilt is parsed (the
partial one as partial), other games are counted with their game, and every hand is written
back byte for byte in its dialect and encoding (FORMATS-SITES §1)."""

from __future__ import annotations

import codecs
from collections import Counter
from pathlib import Path

import pytest

from histparse.events import (
    Action,
    Clock,
    Collected,
    DealtTo,
    Draw,
    Emote,
    Hand,
    PlayerStatus,
    Post,
    PostKind,
    Replaced,
    SeatOutcome,
    StatusKind,
    SummarySeat,
    TopUp,
)
from histparse.game import ActionKind, Game
from histparse.parsing import ParseError, Unsupported, read_results
from histparse.sites import site_named
from histparse.sites.fulltilt.layout import FullTiltLayout

FULLTILT = Path(__file__).resolve().parents[1] / "data" / "real_histories" / "fulltilt"
SITE = "FullTilt"


def _results(path: Path) -> list[object]:
    return list(read_results(path))


def _hands(path: Path) -> list[Hand]:
    return [r for r in _results(path) if isinstance(r, Hand)]


def test_every_real_27_hand_parses() -> None:
    results = _results(FULLTILT)
    assert not [r for r in results if isinstance(r, ParseError)]
    hands = [r for r in results if isinstance(r, Hand)]
    games = Counter((h.game, h.partial) for h in hands)
    assert games == {
        (Game.TRIPLE_DRAW_27, False): 71,
        (Game.TRIPLE_DRAW_27, True): 1,
        (Game.SINGLE_DRAW_27, False): 12,
    }
    assert {h.site for h in hands} == {SITE}
    unsupported = Counter(r.game for r in results if isinstance(r, Unsupported))
    assert unsupported["Limit A-5 Triple Draw"] == 1
    assert unsupported["tournament summary"] == 3
    assert unsupported["Limit Badugi"] == 11


def _file_bytes(path: Path) -> tuple[str, bytes, bytes]:
    data = path.read_bytes()
    if data.startswith(codecs.BOM_UTF16_LE):
        return "utf-16-le", codecs.BOM_UTF16_LE, data[2:]
    if data.startswith(codecs.BOM_UTF8):
        return "utf-8", codecs.BOM_UTF8, data[3:]
    return "utf-8", b"", data


# The files holding 2-7 hands (the others hold only other games).
_TWO_SEVEN = [
    "1-Draw-NL-USD-0.10-0.20-201103.txt",
    "1-Draw-NL-USD-0.20-0.40-201211.bad.collect.pot.txt",
    "10Game-6max-USD-2.50-5.201104.Sample.txt",
    "3-Draw-Limit-USD-0.10-0.20-201011.txt",
    "3-Draw-Limit-USD-10-20-201101.Dead.hand.txt",
    "3-Draw-Limit-USD-150-300-201011.Hero.and.Player1.sitting.out.txt",
    "3-Draw-Limit-USD-150-300-201012.txt",
    "3-Draw-Limit-USD-1500-3000-201101.FTP.Archive.sample.txt",
    "3-Draw-Limit-USD-20-40-201101.Partial.txt",
    "3-Draw-Limit-USD-250-500-201011.Hero.sitting.out.but.not.listed.txt",
    "3-Draw-Limit-USD-5-10-201211.txt",
    "3-Draw-Limit-USD-STT-2max-10-201211.txt",
]


@pytest.mark.parametrize("name", _TWO_SEVEN)
def test_every_real_hand_is_written_back_byte_for_byte(name: str) -> None:
    path = FULLTILT / name
    encoding, _bom, body = _file_bytes(path)
    hands = _hands(path)
    assert hands
    site = site_named(SITE)
    assert site is not None
    for hand in hands:
        written = site.write(hand)
        assert written == hand.source.text
        # In the file's own encoding, the bytes are the file's.
        assert written.encode(encoding) in body


def test_the_two_dialects() -> None:
    (archive,) = _hands(
        FULLTILT / "3-Draw-Limit-USD-150-300-201011.Hero.and.Player1.sitting.out.txt"
    )
    layout = archive.layout
    assert isinstance(layout, FullTiltLayout)
    assert layout.archive and layout.duration == "Duration 24s"
    outcomes = {s.player: (s.outcome, s.didnt_bet) for s in archive.events_of(SummarySeat)}
    assert outcomes["Player3"] == (SeatOutcome.FOLDED_BEFORE_DRAW, True)
    assert outcomes["Hero"] == (SeatOutcome.SITTING_OUT, False)
    (sample,) = _hands(FULLTILT / "3-Draw-Limit-USD-1500-3000-201101.FTP.Archive.sample.txt")
    assert isinstance(sample.layout, FullTiltLayout) and sample.layout.blank_after_header
    (client,) = _hands(FULLTILT / "3-Draw-Limit-USD-0.10-0.20-201011.txt")
    assert isinstance(client.layout, FullTiltLayout) and not client.layout.archive


def test_line_forms() -> None:
    (hand,) = _hands(FULLTILT / "3-Draw-Limit-USD-5-10-201211.txt")
    posts = [(p.player, p.kind, p.amount) for p in hand.events_of(Post)]
    assert ("Player2", PostKind.DEAD_BLIND, 2.5) in [(a, b, float(c)) for a, b, c in posts]
    assert ("Player2", PostKind.BIG_BLIND, 5) in [(a, b, float(c)) for a, b, c in posts]
    raise_ = next(a for a in hand.events_of(Action) if a.kind is ActionKind.RAISE)
    assert raise_.amount is None and raise_.to_amount == 10  # "raises to": the round total
    (sample,) = _hands(FULLTILT / "3-Draw-Limit-USD-1500-3000-201101.FTP.Archive.sample.txt")
    replaced = sample.events_of(Replaced)
    assert [(r.player, r.count) for r in replaced][:2] == [("Player2", 1), ("Player6", 2)]
    dealt = sample.events_of(DealtTo)
    assert [str(c) for c in dealt[1].new or ()] == ["2h"]
    pats = [d for d in sample.events_of(Draw) if d.pat and d.pat_cards]
    assert pats and pats[0].player == "Hero"
    assert sample.events_of(Clock)[0].seconds == 15
    assert any(s.kind is StatusKind.REQUESTED_TIME for s in sample.events_of(PlayerStatus))
    assert sample.events_of(Collected)[0].amount == 42748


def test_ten_game_top_ups_emotes_and_unseated_players() -> None:
    hands = _hands(FULLTILT / "10Game-6max-USD-2.50-5.201104.Sample.txt")
    assert len(hands) == 20
    tops = [t for h in hands for t in h.events_of(TopUp)]
    assert any(t.player == "KiIIuminati" for t in tops)
    assert any(t.player == "1Incubator1" for t in tops)  # not in the seat list
    assert [e.feeling for h in hands for e in h.events_of(Emote)]


def test_the_partial_hand_is_marked_partial() -> None:
    (hand,) = _hands(FULLTILT / "3-Draw-Limit-USD-20-40-201101.Partial.txt")
    assert hand.partial and hand.seats == ()
    outcomes = [s.outcome for s in hand.events_of(SummarySeat)]
    assert SeatOutcome.NO_OUTCOME in outcomes


def test_a_glued_summary_line_is_read_and_kept() -> None:
    (hand,) = _hands(FULLTILT / "1-Draw-NL-USD-0.20-0.40-201211.bad.collect.pot.txt")
    seat4 = next(s for s in hand.events_of(SummarySeat) if s.seat == 4)
    assert seat4.outcome is SeatOutcome.COLLECTED and seat4.player == "Player1"
