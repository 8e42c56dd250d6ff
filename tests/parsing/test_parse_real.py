"""Every real PokerStars 2-7 hand parses, with no line left unrecognised and its summary numbers
as written; the other games are counted as unsupported."""

from __future__ import annotations

import re
from collections import defaultdict
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest

from histparse.events import (
    Action,
    Chat,
    Collected,
    DealtTo,
    Draw,
    Event,
    Hand,
    PlayerStatus,
    Post,
    SeatOutcome,
    SummaryPot,
    SummarySeat,
    UncalledBet,
)
from histparse.game import ActionKind, Game, LimitType, PostKind, Street
from histparse.parsing import ParseError, Unsupported, parse_results, read_results
from histparse.textio import decoded_lines

DATA = Path(__file__).resolve().parents[1] / "data" / "pokerstars"

# File -> (game, hands of that game, hands in the file).
FILES = {
    "3-Draw-Limit-USD-0.10-0.20-200911.txt": (Game.TRIPLE_DRAW_27, 17, 17),
    "8-Game-2max-STT-play-100-201306.homeGame.shootout.txt": (Game.TRIPLE_DRAW_27, 18, 137),
    "Triple Draw 2-7 Lowball-FL-USD-0.10-0.20-201106.sample.txt": (Game.TRIPLE_DRAW_27, 1, 1),
    "Triple Draw 2-7 Lowball-FL-USD-1.00-2.00-201206.duplicate.holecards.txt": (
        Game.TRIPLE_DRAW_27,
        1,
        1,
    ),
    "3-Draw-Limit-USD-1-2-200809.Hand.cancelled.txt": (Game.TRIPLE_DRAW_27, 1, 1),
    "2-7 Single Draw-NL-USD-0.25-0.50-201106.allin.txt": (Game.SINGLE_DRAW_27, 1, 1),
    "2-7 Single Draw-NL-USD-0.25-0.50-201106.standspat.txt": (Game.SINGLE_DRAW_27, 1, 1),
    "2-7 Single Draw-NL-USD-2max-STT-1.40-201212.ante.all.in.txt": (Game.SINGLE_DRAW_27, 1, 1),
    "NLSDraw-USD-0.25-0.50-201009.Mucked.cards.txt": (Game.SINGLE_DRAW_27, 1, 1),
}
OTHER_GAMES = {
    "5-Carddraw-USD-0.10-0.20-200911.txt": 30,
    "5-Carddraw-FL-USD-0.10-0.20-201106.FoldedNodraw.txt": 1,
    "5-Carddraw-FL-USD-0.10-0.20-201106.Walked.txt": 1,
    "5-Carddraw-FL-USD-0.10-0.20-201106.sidepot.txt": 1,
    "5-Carddraw-FL-USD-0.25-0.50-201209.fold.to.cb.fix.txt": 1,
    "5-Carddraw-FL-USD-30-60-201605.check.raise.fix.txt": 1,
    "5-Carddraw-NL-USD-0.25-0.50.Sample.txt": 1,
    "5-Carddraw-PL-USD-0.50-1.00.201009.Sample.txt": 1,
    "Badugi-USD-0.25-0.50-201009.txt": 4,
    "LBad-USD-MTT8-201011.txt": 78,
    "LBad-USD-SNG8-201011.txt": 104,
}


def data(name: str) -> Path:
    path = DATA / name
    if not path.is_file():
        pytest.fail(f"missing test data {path}")
    return path


def headers_in(path: Path) -> int:
    """Hands in a file, counted independently of the parser: header lines."""
    text = path.read_bytes().decode("utf-8-sig")
    return len(re.findall(r"^\ufeff?PokerStars (?:Home Game )?(?:Game|Hand) #", text, re.M))


def hands_of(name: str) -> list[Hand]:
    results = list(read_results(data(name)))
    assert not [r for r in results if isinstance(r, ParseError)]
    return [r for r in results if isinstance(r, Hand)]


def contributions(hand: Hand) -> Decimal:
    """Money put in the pot, computed from the events: posts, bets and calls are increments,
    ``raises A to B`` brings the player's street total to B (blinds count in the pre-draw
    street, antes do not), uncalled bets come back."""
    total = Decimal(0)
    street_in: dict[tuple[Street, str], Decimal] = defaultdict(Decimal)
    for e in hand.events:
        if isinstance(e, Post):
            total += e.amount
            if e.kind in (PostKind.SMALL_BLIND, PostKind.BIG_BLIND):
                street_in[(Street.PREDRAW, e.player)] += e.amount
        elif isinstance(e, Action) and e.amount is not None:
            key = (e.street, e.player)
            if e.kind is ActionKind.RAISE:
                assert e.to_amount is not None
                step = e.to_amount - street_in[key]
            else:
                step = e.amount
            street_in[key] += step
            total += step
        elif isinstance(e, UncalledBet):
            total -= e.amount
    return total


@pytest.mark.parametrize("name", sorted(FILES))
def test_real_file_parses_completely(name: str) -> None:
    game, count, total = FILES[name]
    path = data(name)
    reader = read_results(path)
    results = list(reader)
    assert headers_in(path) == total
    assert [r for r in results if isinstance(r, ParseError)] == []
    hands = [r for r in results if isinstance(r, Hand)]
    assert len(hands) == count
    assert {h.game for h in hands} == {game}
    counts = reader.counts
    assert (counts.read, counts.parsed, counts.rejected) == (total, count, 0)
    assert counts.unsupported == total - count
    assert all(isinstance(r, Unsupported) for r in results if not isinstance(r, Hand))


@pytest.mark.parametrize("name", sorted(FILES))
def test_no_line_left_unrecognised(name: str) -> None:
    for hand in hands_of(name):
        first, last = hand.source.first_line, hand.source.last_line
        lines = hand.source.text.split("\n")
        assert len(lines) == last - first + 1
        # header + table + seats + one event per remaining line, numbered consecutively.
        numbers = [s.line for s in hand.seats] + [e.line for e in hand.events]
        assert numbers == list(range(first + 2, last + 1))
        assert len(hand.seats) + len(hand.events) + 2 == len(lines)


@pytest.mark.parametrize("name", sorted(FILES))
def test_summary_numbers_as_written(name: str) -> None:
    for hand in hands_of(name):
        text = hand.source.text
        pots = hand.events_of(SummaryPot)
        if hand.cancelled:
            assert pots == ()
            assert "Hand cancelled" in text
            continue
        (pot,) = pots
        written = re.search(r"^Total pot \$?([\d.]+) .*\| Rake \$?([\d.]+)", text, re.M)
        assert written is not None
        assert pot.total == Decimal(written.group(1))
        assert str(pot.total) == written.group(1)  # the written scale is kept
        assert pot.rake == Decimal(written.group(2))
        collected = sum((c.amount for c in hand.events_of(Collected)), Decimal(0))
        assert collected == pot.total - pot.rake
        seat_won = sum(
            (s.amount for s in hand.events_of(SummarySeat) if s.amount is not None), Decimal(0)
        )
        assert seat_won == collected
        assert contributions(hand) == pot.total


@pytest.mark.parametrize("name", sorted(OTHER_GAMES))
def test_other_games_are_unsupported(name: str) -> None:
    path = data(name)
    reader = read_results(path)
    results = list(reader)
    assert len(results) == OTHER_GAMES[name] == headers_in(path)
    assert all(isinstance(r, Unsupported) for r in results)
    assert reader.counts.unsupported == len(results)
    assert reader.counts.parsed == reader.counts.rejected == 0


def test_whole_folder_is_accounted_for() -> None:
    reader = read_results(DATA)
    results = list(reader)
    c = reader.counts
    assert c.read == len(results) == c.parsed + c.rejected + c.unsupported
    assert c.rejected == 0
    assert c.parsed == sum(n for _, n, _ in FILES.values()) == 42
    assert c.games[("PokerStars", "Triple Draw 2-7 Lowball Limit")] == 20
    assert c.games[("PokerStars", "8-Game (Triple Draw 2-7 Lowball Limit)")] == 18
    assert c.games[("PokerStars", "Single Draw 2-7 Lowball No Limit")] == 4
    assert c.games[("PokerStars", "tournament summary")] == 2


@pytest.mark.parametrize(
    ("name", "relabel"),
    [
        (n, ("Badugi Limit", "Triple Draw 2-7 Lowball Limit"))
        for n in sorted(OTHER_GAMES)
        if "Bad" in n
    ]
    + [
        (n, ("5 Card Draw ", "Single Draw 2-7 Lowball "))
        for n in sorted(OTHER_GAMES)
        if "Carddraw" in n
    ],
)
def test_other_draw_games_relabelled_parse_too(name: str, relabel: tuple[str, str]) -> None:
    """Badugi and 5 Card Draw share the draw syntax. Relabelled as 2-7 games they exercise
    lines the 2-7 files lack: side pots (``side pot-2``), seats ``out of hand``, all-in posts,
    tournament prizes, ``was removed from the table``, ``will be allowed to play``..."""
    text = "".join(decoded_lines(data(name))).replace(*relabel)
    results = parse_results(text, name)
    assert [r for r in results if not isinstance(r, Hand)] == []
    assert len(results) == OTHER_GAMES[name]
    for hand in results:
        assert isinstance(hand, Hand)
        pot = hand.events_of(SummaryPot)[0]
        collected = sum((c.amount for c in hand.events_of(Collected)), Decimal(0))
        assert collected == pot.total - pot.rake
        assert contributions(hand) == pot.total
        # The main and side pots are printed after the rake.
        assert pot.main is None or pot.main + sum(pot.sides, Decimal(0)) == pot.total - pot.rake


def test_side_pots_and_seat_suffixes_from_real_badugi() -> None:
    text = "".join(decoded_lines(data("LBad-USD-MTT8-201011.txt")))
    hands = [
        h
        for h in parse_results(text.replace("Badugi Limit", "Triple Draw 2-7 Lowball Limit"))
        if isinstance(h, Hand)
    ]
    numbered = [p for h in hands for p in h.events_of(SummaryPot) if p.sides_numbered]
    assert numbered, "the MTT file has a 'Side pot-1 ... Side pot-2' summary"
    pot = numbered[0]
    assert (pot.total, pot.main, pot.sides) == (
        Decimal(4780),
        Decimal(2500),
        (Decimal(1140), Decimal(1140)),
    )
    side2 = [c for h in hands for c in h.events_of(Collected) if c.pot == "side pot-2"]
    assert side2 and side2[0].pot_index == 2 and side2[0].trailing == " "
    moved = [s for h in hands for s in h.seats if s.out_of_hand is not None]
    assert moved and moved[0].out_of_hand == "moved from another table into small blind"


# ------------------------------------------------------------------------ specific hands


def test_cash_2009_file_details() -> None:
    hands = hands_of("3-Draw-Limit-USD-0.10-0.20-200911.txt")
    first = hands[0]
    assert first.hand_id == "35839001292"
    assert (first.limit_type, first.stakes, first.currency) == (
        LimitType.FIXED,
        (Decimal("0.10"), Decimal("0.20")),
        "USD",
    )
    assert not first.is_tournament and not first.is_play_money and first.buy_in is None
    assert first.started_at == datetime(2009, 11, 25, 19, 12, 58, tzinfo=UTC)  # EST = UTC-5
    assert (first.table_name, first.max_seats, first.button_seat) == ("Theodora VI", 6, 5)
    assert first.hero == "Hero"
    assert first.layout.colon_gap == "  " and first.layout.header_word == "Game"
    assert first.layout.newline == "\n" and not first.layout.bom
    all_events: list[Event] = [e for h in hands for e in h.events]
    kinds = {type(e).__name__ for e in all_events}
    assert {"CapReached", "Reshuffle", "Chat", "PlayerStatus", "Shows", "Mucks"} <= kinds
    all_in = [e for e in all_events if isinstance(e, Action) and e.all_in]
    assert any(a.kind is ActionKind.RAISE and a.amount == Decimal("0.02") for a in all_in)
    assert any(a.kind is ActionKind.CALL and a.amount == Decimal("0.18") for a in all_in)
    straight = [e for h in hands for e in h.events_of(SummarySeat) if e.description]
    assert any(s.description == "Lo: a straight, Four to Eight" for s in straight)


def test_corrupt_real_hand_parses_without_crashing() -> None:
    (hand,) = hands_of("Triple Draw 2-7 Lowball-FL-USD-1.00-2.00-201206.duplicate.holecards.txt")
    draws = [d for d in hand.draws if d.player == "Hero"]
    assert [(d.street, d.count, d.discarded) for d in draws] == [
        (Street.DRAW1, 2, ()),
        (Street.DRAW2, 1, ()),
        (Street.DRAW3, 1, (draws[2].discarded or ())[:1]),
    ]
    assert [str(c) for c in draws[2].discarded or ()] == ["Ad"]
    dealt = hand.events_of(DealtTo)
    assert len(dealt[1].hand) == 10  # the bug: [2s 7s 5h 3c Qh] [2s 7s 5h 3c Qh]
    assert hand.layout.header_word == "Hand" and hand.layout.time_zone == "CET"
    assert hand.layout.et_time == "2012/06/07 14:44:17"
    assert hand.started_at == datetime(2012, 6, 7, 18, 44, 17, tzinfo=UTC)  # EDT = UTC-4


def test_cancelled_hand() -> None:
    (hand,) = hands_of("3-Draw-Limit-USD-1-2-200809.Hand.cancelled.txt")
    assert hand.cancelled and hand.hero is None
    assert hand.layout.colon_gap == " "
    (seat,) = hand.events_of(SummarySeat)
    assert (seat.outcome, seat.amount, seat.positions) == (
        SeatOutcome.COLLECTED,
        Decimal(0),
        (seat.positions[0],),
    )
    statuses = hand.events_of(PlayerStatus)
    assert [(s.player, s.colon) for s in statuses] == [("VillainA", True), ("VillainB", True)]


def test_home_game_tournament_header() -> None:
    hand = hands_of("8-Game-2max-STT-play-100-201306.homeGame.shootout.txt")[0]
    assert hand.is_home_game and hand.club == "Dazzle's Room"
    assert hand.is_tournament and hand.tournament_id == "743144019"
    assert hand.buy_in == (Decimal(100), Decimal(9)) and hand.buy_in_currency is None
    assert hand.is_play_money and hand.currency is None
    assert (hand.mixed_game, hand.game, hand.level, hand.match_round) == (
        "8-Game",
        Game.TRIPLE_DRAW_27,
        1,
        1,
    )
    assert hand.stakes == (Decimal(20), Decimal(40))
    assert hand.layout.money_symbol == "" and hand.layout.bom
    assert hand.started_at == datetime(2013, 6, 6, 3, 30, tzinfo=UTC)
    assert hand.layout.newline == "\r\n"


def test_single_draw_streets_split_at_first_draw_line() -> None:
    (hand,) = hands_of("2-7 Single Draw-NL-USD-0.25-0.50-201106.allin.txt")
    assert hand.game is Game.SINGLE_DRAW_27 and hand.limit_type is LimitType.NO_LIMIT
    streets = [(type(e).__name__, e.street) for e in hand.events if isinstance(e, Action | Draw)]
    first_draw = next(i for i, (kind, _) in enumerate(streets) if kind == "Draw")
    assert all(s is Street.PREDRAW for _, s in streets[:first_draw])
    assert all(s is Street.DRAW1 for _, s in streets[first_draw:])
    outcomes = {s.outcome for s in hand.events_of(SummarySeat)}
    assert SeatOutcome.FOLDED_BEFORE_FLOP in outcomes


def test_single_draw_tournament_all_in_ante() -> None:
    (hand,) = hands_of("2-7 Single Draw-NL-USD-2max-STT-1.40-201212.ante.all.in.txt")
    assert hand.buy_in == (Decimal("1.40"), Decimal("0.10")) and hand.buy_in_currency == "USD"
    assert hand.layout.buy_in_symbol == "$" and hand.layout.money_symbol == ""
    assert (hand.level, hand.match_round) == (5, 1)
    assert not hand.is_play_money
    (ante_all_in, *_) = hand.posts
    assert (ante_all_in.kind, ante_all_in.amount, ante_all_in.all_in) == (
        PostKind.ANTE,
        Decimal(1),
        True,
    )
    finish = [e for e in hand.events if type(e).__name__ == "TournamentFinish"]
    win = [e for e in hand.events if type(e).__name__ == "TournamentWin"]
    assert [(f.player, f.place, f.prize) for f in finish] == [("Hero", 2, None)]  # type: ignore[attr-defined]
    assert [(w.player, w.prize, w.currency_symbol) for w in win] == [  # type: ignore[attr-defined]
        ("Player0", Decimal("2.80"), "$")
    ]


def test_names_with_spaces_and_symbols() -> None:
    (hand,) = hands_of("NLSDraw-USD-0.25-0.50-201009.Mucked.cards.txt")
    assert "nl pokerr" in hand.players and "@sker86" in hand.players
    assert any(a.player == "nl pokerr" and a.kind is ActionKind.FOLD for a in hand.actions)
    raise_ = next(a for a in hand.actions if a.kind is ActionKind.RAISE)
    assert (raise_.player, raise_.amount, raise_.to_amount) == (
        "@sker86",
        Decimal("1.50"),
        Decimal("2"),
    )
    assert str(raise_.to_amount) == "2"  # "$2" keeps no decimals


def test_chat_quoting_an_action_is_chat() -> None:
    text = (DATA / "3-Draw-Limit-USD-0.10-0.20-200911.txt").read_text("utf-8").split("\n\n\n\n")[1]
    text = text.replace(
        "bakter9: calls $0.10\n",
        'bakter9 said, "Hero: bets $5"\nHero said, "x"\nbakter9: calls $0.10\n',
    )
    (hand,) = [r for r in parse_results(text) if isinstance(r, Hand)]
    chats = hand.events_of(Chat)
    assert [(c.player, c.text) for c in chats] == [("bakter9", "Hero: bets $5"), ("Hero", "x")]
    assert not any(
        a.player == "Hero" and a.kind is ActionKind.BET and a.amount == 5 for a in hand.actions
    )
