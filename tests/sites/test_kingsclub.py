"""Kings Club: every real 2-7 Triple and Single Draw hand (tests/data/real_histories/kingsclub,
see its SOURCES.md) parses, is written back byte for byte, and replays clean except the two
hands whose anomalies the site really wrote (docs/findings.md); the site's amounts keep their
meaning (calls to, the silent dead half blind, run twice); mutated hands give errors on the
right line."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest

from histparse.auditor import Severity
from histparse.engine import GameConfig, HandState, Seat
from histparse.events import (
    Action,
    Collected,
    DealtHidden,
    Draw,
    Hand,
    Post,
    PostKind,
    SeatResult,
    Shows,
    SummaryPot,
)
from histparse.game import ActionKind, Game, LimitType
from histparse.parsing import ParseError, Unsupported, parse_results, read_results
from histparse.replayer import replay
from histparse.sites import profile_for
from histparse.writing import write_file, write_hand

KINGS = Path(__file__).resolve().parents[1] / "data" / "real_histories" / "kingsclub"
TD_7 = KINGS / "2-7 Triple Draw Lowball-FL-USD-44-88-202012.rake.txt"
TD_HU = KINGS / "2-7 Triple Draw Lowball-FL-USD-40-80-202101.txt"
RIT_SPLIT = KINGS / "NL-2-7-SD-USD-25-50-202108.4.RIT.txt"
RIT_HERO = KINGS / "NL-2-7-SD-USD-25-50-202108.2.RIT.txt"
# The two hands whose anomalies Kings Club really wrote, with the errors they give.
ANOMALIES = {
    "NL-2-7-SD-USD-125-250-202103.RIT.txt": {
        "CARD-HERO-DRAW",
        "DRAW-ORDER",
        "DRAW-MISSING",
        "CARD-HERO-SHOW",
    },
    "NL-2-7-SD-USD-125-250-202103.missed.sb.txt": {
        "POT-TOTAL",
        "POT-OVERCOLLECTED",
        "POT-SIDE-POTS",
    },
}


def _hand(path: Path) -> Hand:
    (hand,) = list(read_results(path))
    assert isinstance(hand, Hand)
    return hand


def _real() -> list[Hand]:
    return [r for r in read_results(KINGS) if isinstance(r, Hand)]


def test_every_real_27_hand_parses_and_other_games_are_counted() -> None:
    results = list(read_results(KINGS))
    assert not [r for r in results if isinstance(r, ParseError)]
    hands = [r for r in results if isinstance(r, Hand)]
    assert Counter(h.game for h in hands) == {Game.TRIPLE_DRAW_27: 2, Game.SINGLE_DRAW_27: 6}
    assert {h.site for h in hands} == {"Kings Club"}
    games = Counter(r.game for r in results if isinstance(r, Unsupported))
    assert games == {
        "Limit 2-7 Drawmaha": 2,
        "Limit A-5 Single Draw": 1,
        "Limit A-5 Triple Draw": 1,
        "Limit Badacey": 1,
        "Limit Badeucey": 1,
        "Limit Badugi": 1,
    }


def test_every_real_hand_is_written_back_byte_for_byte(tmp_path: Path) -> None:
    for hand in _real():
        assert write_hand(hand) == hand.source.text
        out = tmp_path / "one.txt"
        write_file(out, [hand])
        assert out.read_bytes() == Path(hand.source.path).read_bytes()


def test_every_real_hand_replays_clean_but_the_two_documented_anomalies() -> None:
    for hand in _real():
        name = Path(hand.source.path).name
        found = {f.code.value for f in replay(hand).findings if f.severity >= Severity.WARNING}
        assert found == ANOMALIES.get(name, set()), name


def test_three_header_lines_and_the_ledger() -> None:
    hand = _hand(TD_7)
    assert (hand.hand_id, hand.limit_type, hand.stakes) == (
        "39879543",
        LimitType.FIXED,
        (Decimal(44), Decimal(88)),
    )
    assert (hand.table_name, hand.button_seat, len(hand.seats)) == ("Real Deal Mix 3", 3, 7)
    # The date line has no zone: read as US Eastern time (18:54 EST = 23:54 UTC).
    assert hand.started_at.isoformat() == "2020-12-30T23:54:12+00:00"
    ledger = [e for e in hand.events if isinstance(e, SeatResult)]
    assert (ledger[0].stack_after, ledger[0].net) == (Decimal("2809.38"), Decimal(-187))
    assert sum((e.net for e in ledger), Decimal(0)) == -Decimal(5)  # the ledger adds up to -rake
    (pot,) = [e for e in hand.events if isinstance(e, SummaryPot)]
    assert (pot.total, pot.rake) == (Decimal(1199), Decimal(5))  # wins pot (1,194) + Rake 5
    hidden = [e for e in hand.events if isinstance(e, DealtHidden)]
    assert len(hidden) == 6


def test_calls_are_calls_to_and_posts_blind_carries_a_dead_half() -> None:
    hand = _hand(TD_7)
    antes = [e for e in hand.events if isinstance(e, Post) and e.kind is PostKind.ANTE]
    assert len(antes) == 7 and {e.amount for e in antes} == {Decimal(11)}
    (blind,) = [
        e
        for e in hand.events
        if isinstance(e, Post) and e.player == "Player1" and e.kind is not PostKind.ANTE
    ]
    assert (blind.kind, blind.amount) == (PostKind.SMALL_AND_BIG_BLIND, Decimal(66))
    calls = [
        (e.player, e.amount, e.to_amount)
        for e in hand.events
        if isinstance(e, Action) and e.kind is ActionKind.CALL
    ][:3]
    # "Player3 calls 88" after posting the small blind 22 adds 66.
    assert calls == [
        ("Player2", Decimal(88), Decimal(88)),
        ("Player3", Decimal(66), Decimal(88)),
        ("Hero", Decimal(44), Decimal(88)),
    ]
    hero = [e for e in hand.events if isinstance(e, Draw) and e.player == "Hero"]
    assert [(len(d.discarded or ()), len(d.drawn[0])) for d in hero] == [(3, 3), (2, 2)]


def test_seven_players_and_the_silent_reshuffle_are_the_profile() -> None:
    profile = profile_for("Kings Club")
    assert profile.max_players == 7 and not profile.prints_reshuffle_line
    assert not profile.prints_uncalled_bets and not profile.prints_total_pot
    assert not profile.marks_deal and not profile.marks_showdown and profile.runs_twice
    r = replay(_hand(TD_7))
    assert r.complete and r.findings == ()


def test_run_twice_each_run_its_cards_and_half_the_pot() -> None:
    hand = _hand(RIT_SPLIT)
    runs = [(e.player, e.run) for e in hand.events if isinstance(e, Shows)]
    assert runs == [("Hero", None), ("Player1", 1), ("Player1", 2)]
    r = replay(hand)
    assert r.findings == ()
    (pot,) = r.pots
    # Hero's pat 10 wins run 1 against Player1's J; Player1's 9 wins run 2: half each.
    assert dict(pot.shares) == {"Hero": Decimal(1264), "Player1": Decimal(1264)}
    hero = _hand(RIT_HERO)
    (draw,) = [e for e in hero.events if isinstance(e, Draw) and e.player == "Hero"]
    assert [list(map(str, g)) for g in draw.drawn] == [["8c"], ["Qs"]]
    (won,) = [e for e in hero.events if isinstance(e, Collected)]
    assert (won.player, won.amount) == ("Player1", Decimal(2453))


def test_the_engine_settles_two_runs() -> None:
    config = GameConfig(LimitType.NO_LIMIT, small_blind=1, big_blind=2, draws=1)
    state = HandState(config, [Seat(1, "A", 100), Seat(2, "B", 100)], 1)
    state.post("A", PostKind.SMALL_BLIND)
    state.post("B", PostKind.BIG_BLIND)
    state.deal({"A": "7h 5d 4c 3s 2h", "B": "8h 6d 4d 3c 2d"})
    state.act("A", ActionKind.CALL)
    state.act("B", ActionKind.CHECK)
    state.draw("B", 0)
    state.draw("A", 0)
    state.act("B", ActionKind.CHECK)
    state.act("A", ActionKind.CHECK)
    state.show("B", "8h 6d 4d 3c 2d")
    state.show("A", "7h 5d 4c 3s 2h")
    settled = state.settle(1, second_run={"A": "Kh 5d 4c 3s 2h"})
    (pot,) = settled.pots
    # 4 in the pot, 1 raked: run 1 (A's 7-5) takes the odd chip, run 2 (B's 8-6) the rest.
    assert dict(pot.shares) == {"A": 2, "B": 1}


# ------------------------------------------------------------------------------ mutations


def _mutated(path: Path, old: str, new: str | None) -> tuple[object, int]:
    lines = path.read_bytes().decode("ascii").split("\r\n")
    index = lines.index(old)
    if new is None:
        del lines[index]
    else:
        lines[index] = new
    (result,) = parse_results("\r\n".join(lines))
    return result, index + 1


def _errors(result: object) -> set[tuple[str, int | None]]:
    assert isinstance(result, Hand)
    return {(f.code.value, f.line) for f in replay(result).findings if f.severity is Severity.ERROR}


@pytest.mark.parametrize(
    ("path", "old", "new", "code", "at"),
    [
        (TD_HU, "Player0 raises to 80", "Player0 raises to 120", "BET-SIZE", None),
        (TD_HU, "Player0 calls 160", "Player0 calls 120", "BET-CALL", None),
        (TD_HU, "Hero wins pot (799)", "Player0 wins pot (799)", "POT-WINNER", None),
        (TD_HU, "Hero wins pot (799)", "Hero wins pot (790)", "POT-TOTAL", "Rake 1"),
        (
            TD_7,
            "Hero discards [9c Kd] draws [Qd 6s]",
            "Hero discards [9c 2d] draws [Qd 6s]",
            "CARD-HERO-DRAW",
            None,
        ),
        (
            RIT_SPLIT,
            "Run 2: Player1 shows [5h 9c 7c 8d 4s]",
            "Run 2: Player1 shows [5h 9c Jd 8d 4s]",
            "POT-WINNER",
            "Player1 wins (1,264) from pot",
        ),
    ],
    ids=["raise size", "short call", "winner", "won amount", "hero discard", "second run"],
)
def test_a_mutated_hand_gives_an_error_on_the_right_line(
    path: Path, old: str, new: str, code: str, at: str | None
) -> None:
    result, line = _mutated(path, old, new)
    if at is not None:
        line = path.read_bytes().decode("ascii").split("\r\n").index(at) + 1
    assert (code, line) in _errors(result)


def test_an_unreadable_line_is_rejected_at_its_line() -> None:
    result, line = _mutated(TD_HU, "Player0 draws 2", "Player0 draws two")
    assert isinstance(result, ParseError) and result.line == line
    assert result.site == "Kings Club"
    result, line = _mutated(TD_HU, "*** 2ND DRAW ***", None)
    assert isinstance(result, ParseError) and result.line == line


@pytest.mark.parametrize("blind", ["25", "25.50", "1,250"])
def test_posts_blind_writes_back_whatever_its_amount(blind: str) -> None:
    """The dead half of ``posts blind X`` is X/2: the post is 1.5 X and is written back as X
    (cents only when needed, as Kings Club prints them)."""
    text = TD_7.read_bytes().decode("ascii").replace("posts blind 44", f"posts blind {blind}")
    (hand,) = parse_results(text)
    assert isinstance(hand, Hand) and write_hand(hand) == text
    (post,) = [
        e for e in hand.events if isinstance(e, Post) and e.kind is PostKind.SMALL_AND_BIG_BLIND
    ]
    x = Decimal(blind.replace(",", ""))
    assert post.amount == x + x / 2
