"""Merge/Carbon XML games (sites/merge): the real 2-7 Triple Draw games read, replay clean and
round-trip through the writer; the XML is read hardened and in bounded pieces; the file's
description reaches every game; mutated games give findings on the right line; the games go
through the pipeline with PokerStars and Full Tilt hands, in parallel as in one process."""

from __future__ import annotations

import contextlib
import dataclasses
import io
import shutil
from decimal import Decimal
from pathlib import Path

import pytest

from histparse.auditor import audit
from histparse.cli import main
from histparse.events import Action, Collected, DealtTo, Draw, Hand, Post, SummaryPot, UncalledBet
from histparse.game import ActionKind, LimitType
from histparse.parallel import iter_pieces, parse_piece
from histparse.parsing import ParseError, Unsupported, parse_results, read_results
from histparse.replayer import replay
from histparse.replayer.findings import Severity
from histparse.sites import profile_for
from histparse.sites.merge.element import XmlError, parse_element
from histparse.writing import write_hands

REAL = Path(__file__).resolve().parents[1] / "data" / "real_histories"
MERGE = REAL / "merge_carbon"
TD_FILES = sorted(MERGE.glob("3-Draw-*.txt"))
MULTI = MERGE / "3-Draw-Limit-USD-1-2-201104.Multi.hand.sample.txt"
ALL_IN = MERGE / "3-Draw-Limit-USD-5-10-201105.All-in.on.second.draw.txt"
PL = MERGE / "3-Draw-PL-USD-0.05-0.10-201102.Sample.all.streets.txt"


def _run(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        status = main(argv)
    return status, out.getvalue()


def _hands(path: Path) -> list[Hand]:
    return [r for r in read_results(path) if isinstance(r, Hand)]


def _text(path: Path) -> str:
    return path.read_bytes().decode("ascii").replace("\r\n", "\n")


def test_every_real_triple_draw_game_parses_and_replays_clean() -> None:
    games: dict[str, Hand] = {}
    for path in TD_FILES:
        results = list(read_results(path))
        assert not [r for r in results if isinstance(r, ParseError | Unsupported)]
        for hand in results:
            assert isinstance(hand, Hand)
            games[hand.hand_id] = hand
    # 19 elements, 18 games: 33423082-14 is in two files.
    assert len(games) == 18
    for hand in games.values():
        findings = replay(hand).findings
        bad = [f for f in findings if f.severity in (Severity.ERROR, Severity.WARNING)]
        assert bad == [], hand.hand_id
    cancelled = games["31691047-143"]
    assert cancelled.cancelled
    assert [f.code.value for f in replay(cancelled).findings] == ["HAND-CANCELLED"]


def test_the_other_merge_games_are_counted_by_game() -> None:
    others = [r for r in read_results(MERGE) if isinstance(r, Unsupported)]
    assert sorted(r.game for r in others) == [
        "5 Card Draw",
        "Badugi",
        "Badugi",
        "Triple Draw A-5 Lowball",
    ]


@pytest.mark.parametrize("path", TD_FILES, ids=lambda p: p.name[:40])
def test_written_back_the_games_read_as_the_same_events(path: Path) -> None:
    hands = _hands(path)
    back = parse_results(write_hands(hands), str(path))
    assert [type(b) for b in back] == [Hand] * len(hands)
    for a, b in zip(hands, back, strict=True):
        assert isinstance(b, Hand)
        assert b.events == a.events  # line numbers included: the layout is Merge's
        assert (b.seats, b.stakes, b.limit_type, b.started_at) == (
            a.seats,
            a.stakes,
            a.limit_type,
            a.started_at,
        )
        assert (b.button_seat, b.hero, b.table_name, b.layout) == (
            a.button_seat,
            a.hero,
            a.table_name,
            a.layout,
        )


def test_amounts_mean_what_merge_means() -> None:
    (hand,) = _hands(PL)
    raises = [a for a in hand.actions if a.kind is ActionKind.RAISE]
    # RAISE is a total; the ALL_IN of 3.85 on top of 0.90 raises to the stack, 4.75.
    assert [(a.to_amount, a.all_in) for a in raises] == [
        (Decimal("0.30"), False),
        (Decimal("0.90"), False),
        (Decimal("2.70"), False),
        (Decimal("4.75"), True),
    ]
    assert hand.actions[-1].kind is ActionKind.CALL and hand.actions[-1].amount == Decimal("2.05")
    (pot,) = hand.events_of(SummaryPot)
    assert (pot.total, pot.rake) == (Decimal("9.50"), Decimal("0.47"))
    assert hand.limit_type is LimitType.POT and hand.stakes == (Decimal("0.05"), Decimal("0.10"))
    (allin,) = _hands(ALL_IN)
    assert allin.posts[0].amount == Decimal("2.00")  # SB of a $5/$10 game
    bets = [a for a in allin.actions if a.street == 1 and a.kind is not ActionKind.CHECK]
    assert len(bets) == 7  # bet and five raises heads-up, then a call: no cap
    assert profile_for("Merge").cap_lifted_heads_up


def test_the_winner_amount_includes_the_uncalled_bet() -> None:
    game = {h.hand_id: h for h in _hands(MULTI)}["33423082-3"]
    # BET 1.00 / FOLD -> winner amount="4.80": 1.00 uncalled, 3.80 from a pot of 4.00.
    (uncalled,) = game.events_of(UncalledBet)
    (won,) = game.events_of(Collected)
    (pot,) = game.events_of(SummaryPot)
    assert (uncalled.player, uncalled.amount) == ("Villain", Decimal("1.00"))
    assert won.amount == Decimal("3.80") and (pot.total, pot.rake) == (
        Decimal("4.00"),
        Decimal("0.20"),
    )
    assert won.line == uncalled.line == 69  # the <winner> line


def test_the_description_reaches_every_game_of_its_file() -> None:
    hands = _hands(MULTI)
    assert len(hands) == 15
    assert {(h.limit_type, h.stakes) for h in hands} == {
        (LimitType.FIXED, (Decimal(1), Decimal(2)))
    }
    # A second description changes the state for the games after it.
    text = _text(MULTI)
    first, _, rest = text.partition("\n")
    second_game = rest.index("<game", 10)
    mixed = (
        first
        + "\n"
        + rest[:second_game]
        + first.replace("$1/$2", "$2/$4")
        + "\n"
        + rest[second_game:]
    )
    stakes = [h.stakes for h in parse_results(mixed) if isinstance(h, Hand)]
    assert stakes[0] == (Decimal(1), Decimal(2)) and set(stakes[1:]) == {(Decimal(2), Decimal(4))}


def test_a_file_without_description_is_read() -> None:
    # fpdb's original of the showdown sample has none; the PL game reads as Pot Limit.
    for path, limit, stakes in (
        (MULTI, LimitType.FIXED, (Decimal("1.00"), Decimal("2.00"))),
        (PL, LimitType.POT, (Decimal("0.05"), Decimal("0.10"))),
    ):
        text = _text(path).partition("\n")[2]
        hands = [h for h in parse_results(text) if isinstance(h, Hand)]
        assert hands and all(h.layout.description is None for h in hands)  # type: ignore[attr-defined]
        assert all((h.limit_type, h.stakes) == (limit, stakes) for h in hands)
        assert not [f for h in hands for f in replay(h).findings if f.severity is Severity.ERROR]


def test_the_hero_draws_as_the_full_new_hand_says() -> None:
    game = {h.hand_id: h for h in _hands(MULTI)}["33423082-14"]
    hero_draws = [d for d in game.events_of(Draw) if d.player == "Hero"]
    assert [d.discarded for d in hero_draws][:2] == [
        tuple(map(_card, ("Qh", "Tc"))),
        (_card("9d"),),
    ]
    dealt = [d for d in game.events_of(DealtTo) if d.new]
    assert dealt[0].new == (_card("9d"), _card("9c"))


def _card(text: str) -> object:
    from histparse.cards import parse_card

    return parse_card(text)


# ----------------------------------------------------------------------- hostile and broken XML


GAME = _text(ALL_IN).partition("\n")[2]  # one game, no description


def _line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


def test_dtds_and_entities_are_refused() -> None:
    # A declaration before a game is text outside a hand: rejected with it, nothing expanded.
    bomb = '<!DOCTYPE game [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>\n'
    results = parse_results(bomb + GAME.replace('nickname="Hero"', 'nickname="&b;"', 1))
    assert [type(r) for r in results] == [ParseError]
    assert results[0].line == 1 and "outside" in results[0].message  # type: ignore[union-attr]
    # The element parser itself refuses any DTD (internal subset or external) outright.
    for doctype in (bomb, '<!DOCTYPE game SYSTEM "file:///etc/passwd">\n'):
        with pytest.raises(XmlError, match="document type"):
            parse_element([doctype, "<game/>"])


def test_an_entity_reference_is_not_expanded() -> None:
    results = parse_results(GAME.replace('nickname="Hero"', 'nickname="&lol;"', 1))
    (error,) = results
    assert isinstance(error, ParseError) and "undefined entity" in error.message
    assert error.line == 3


def test_a_broken_game_is_rejected_on_its_line_and_the_next_one_read() -> None:
    needle = '<event sequence="9" type="RAISE"'
    broken = GAME.replace(needle, needle + "<", 1)
    results = parse_results(broken + "\n" + GAME)
    assert [type(r) for r in results] == [ParseError, Hand]
    error = results[0]
    assert isinstance(error, ParseError) and error.hand_id == "31241825-6"
    assert error.line == _line_of(GAME, needle)


def test_a_game_without_its_end_and_text_outside_are_rejected() -> None:
    lines = GAME.split("\n")
    truncated = "\n".join(lines[:20])
    results = parse_results(truncated + "\nsome words\n\n" + GAME)
    assert [type(r) for r in results] == [ParseError, Hand]
    # "some words" is inside the unfinished game: its last line.
    assert results[0].line == 21 and "</game>" in results[0].message  # type: ignore[union-attr]
    text = GAME + "some words\n"
    results = parse_results(text)
    assert [type(r) for r in results] == [Hand, ParseError]
    assert results[1].line == _line_of(text, "some words")  # type: ignore[union-attr]


def test_a_huge_game_is_refused_in_bounded_memory() -> None:
    chat = '\t\t<event sequence="2" type="CHAT" player="Hero" text="' + "x" * 4000 + '"/>\n'
    head, _, rest = GAME.partition("\n")
    huge = head + "\n" + chat * 400 + rest  # 1.6 MB in one game
    (error,) = parse_results(huge)
    assert isinstance(error, ParseError) and "more than" in error.message


@pytest.mark.parametrize(
    ("old", "new", "what"),
    [
        (
            'type="CALL" timestamp="1296531747937"',
            'type="CALLS" timestamp="1296531747937"',
            "parse",
        ),
        (
            'player="3" amount="5.00"/>\n\t\t<cards',
            'player="7" amount="5.00"/>\n\t\t<cards',
            "parse",
        ),
        ('amount="17.00"', 'amount="1x"', "parse"),
        ('<round id="SHOWDOWN"', '<round id="SHOW_DOWN"', "parse"),
        ('<round id="POST_SECOND_DRAW"', '<round id="POST_FIRST_DRAW"', "parse"),
        (
            'cards="7c,5h,4c,3c,2d" player="3" hand="7-5-4-3-2"/>\n\t</round>',
            'cards="7c,5h,4c,3c,2d,9d" player="3" hand="7-5-4-3-2"/>\n\t</round>',
            "parse",
        ),
        (
            'type="CALL" timestamp="1296531776562" player="4" amount="5.00"',
            'type="CALL" timestamp="1296531776562" player="4" amount="4.00"',
            "BET-CALL",
        ),
        ('amount="113.50"', 'amount="120.00"', "POT-"),
        ('amount="113.50"', 'amount="0.10"', "POT-"),
        ('player="3" text="3"', 'player="3" text="2"', "CARD-HERO-DRAW"),
    ],
)
def test_mutated_games_give_errors_on_the_right_line(old: str, new: str, what: str) -> None:
    line = _line_of(GAME, old)
    (result,) = parse_results(GAME.replace(old, new, 1))
    if what == "parse":
        assert isinstance(result, ParseError) and result.line == line, result
        return
    assert isinstance(result, Hand)
    bad = (Severity.ERROR, Severity.WARNING)
    errors = [f for f in replay(result).findings if f.severity in bad]
    assert errors and errors[0].code.value.startswith(what) and errors[0].line == line, errors


# ------------------------------------------------------------------------------------ pipeline


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("mixed")
    for path in TD_FILES:
        shutil.copy(path, folder / path.name)
    shutil.copy(ALL_IN, folder / "allin.xml")  # *.xml files are found in folders too
    shutil.copy(REAL / "pokerstars" / "3-Draw-Limit-USD-0.10-0.20-200911.txt", folder / "ps.txt")
    shutil.copy(REAL / "fulltilt" / "3-Draw-Limit-USD-5-10-201211.txt", folder / "ft.txt")
    return folder


def test_a_mixed_folder_is_read_in_one_run_and_in_parallel(mixed: Path) -> None:
    whole = list(read_results(mixed))
    assert {r.site for r in whole if isinstance(r, Hand)} == {"Merge", "PokerStars", "FullTilt"}
    assert sum(isinstance(r, Hand) and r.site == "Merge" for r in whole) == 20
    pieced = [r for piece in iter_pieces([mixed], 2) for r in parse_piece(piece)]
    assert pieced == whole
    one = _run(["audit", "--json", "--jobs", "1", str(mixed)])
    two = _run(["audit", "--json", "--jobs", "2", str(mixed)])
    assert one == two and '"Merge"' in one[1]


def test_show_stats_export_and_phh(mixed: Path, tmp_path: Path) -> None:
    status, text = _run(["show", "33423082-14", str(mixed)])
    assert status == 0 and "Merge hand #33423082-14" in text and "raises to $2.00" in text
    status, text = _run(["stats", str(mixed)])
    assert "Villain" in text and "Hero" in text
    out = tmp_path / "ds"
    _run(["export", str(mixed), "--out", str(out)])
    assert (out / "hands" / "site=Merge").is_dir()
    phh = tmp_path / "m.phhs"
    status, text = _run(
        ["convert", "--to", "phh", "--out", str(phh), "--allow-unknown", str(MERGE)]
    )
    assert phh.exists() and "converted" in text


def test_generated_merge_games_audit_clean_and_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "gen.xml"
    status, _ = _run(
        ["generate", "--hands", "300", "--seed", "7", "--site", "merge", "-q", "--out", str(path)]
    )
    assert status == 0
    assert path.read_text(encoding="utf-8").startswith('<description type="2-7 Lowball"')
    hands = _hands(path)
    assert len(hands) == 300 and {h.site for h in hands} == {"Merge"}
    assert not [f for f in audit(hands) if f.severity in (Severity.ERROR, Severity.WARNING)]
    back = [h for h in parse_results(write_hands(hands), str(path)) if isinstance(h, Hand)]
    assert [b.events for b in back] == [h.events for h in hands]
    assert any(isinstance(e, Action) and e.all_in for h in hands for e in h.events)
    assert any(isinstance(e, Post) for h in hands for e in h.events)
    assert dataclasses.is_dataclass(hands[0].layout)
