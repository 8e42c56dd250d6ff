"""Each report filter counts the hands it keeps on a corpus whose answers are known from how it
was made (the simulator's runs: their stakes, units, limits, table sizes, sites and days), and
``--by start_class`` counts the hero's hands as the simulator's own cards class them; a value
that matches no hand is an error listing those there are (exit 2)."""

from __future__ import annotations

import dataclasses
import io
import json
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from histparse.cli import build_parser, main
from histparse.cli.report_options import cut
from histparse.cli.stats_cmd import load_tables
from histparse.events import Hand
from histparse.frames import Tables
from histparse.game import LimitType
from histparse.simulation import SimConfig, TournamentStructure, as_winamax, simulate_with_cards
from histparse.stats.starting import start_class
from histparse.writing import write_file

_D = Decimal


def _eur(hand: Hand) -> Hand:
    layout = dataclasses.replace(hand.layout, money_symbol="€")
    return dataclasses.replace(hand, currency="EUR", layout=layout)


def _day(day: int) -> datetime:
    return datetime(2013, 6, day, 20, 0, tzinfo=UTC)


# name, hands, config, change: one file each, on a day of its own (June 3, 4, ...).
RUNS: list[tuple[str, int, SimConfig, Callable[[Hand], Hand]]] = [
    ("usd-fl", 24, SimConfig(start=_day(3)), lambda h: h),
    ("eur-fl", 16, SimConfig(start=_day(4)), _eur),
    ("usd-fl-1-2", 12, SimConfig(stakes=(_D(1), _D(2)), start=_day(5)), lambda h: h),
    ("usd-pl", 10, SimConfig(limit=LimitType.POT, stakes=(_D("0.5"), _D(1)), start=_day(6)),
     lambda h: h),
    ("hu", 8, SimConfig(players=2, max_seats=2, start=_day(7)), lambda h: h),
    ("sng", 14, SimConfig(tournament=TournamentStructure(), start=_day(8)), lambda h: h),
    ("winamax", 9, SimConfig(start=_day(9)), as_winamax),
]  # fmt: skip
TOTAL = sum(n for _, n, _, _ in RUNS)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Counter[str]]:
    """The folder, and the hero's starting-hand classes from the simulator's deals (of the
    PokerStars files)."""
    out = tmp_path_factory.mktemp("filters")
    classes: Counter[str] = Counter()
    for seed, (name, n, config, change) in enumerate(RUNS, 1):
        hands = []
        for hand, deal in simulate_with_cards(n, seed, config):
            if change is not as_winamax:
                cls = start_class(deal.initial("Hero"))
                classes[cls.value if cls else "unknown"] += 1
            hands.append(change(hand))
        write_file(out / f"{name}.txt", hands)
    return str(out), classes


@pytest.fixture(scope="module")
def loaded(corpus: tuple[str, Counter[str]]) -> Tables:
    """The corpus's tables, read once as ``stats`` reads them."""
    return load_tables([corpus[0]], allin_ev=False).tables


def _hands(tables: Tables, *options: str) -> int:
    """The hands ``stats``' filter options keep (``report_options.cut``, as every report
    command cuts its tables), counted as the hero's rows: the hero plays every hand."""
    args = build_parser().parse_args(["stats", "x", *options])
    players = cut(tables, args, io.StringIO()).players
    kept = int((players["player"] == "Hero").sum())
    assert kept == len(players.drop_duplicates(["site", "hand_id"]))
    return kept


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ((), TOTAL),
        (("--unit", "EUR"), 16),
        (("--currency", "usd"), 24 + 12 + 10 + 8),
        (("--unit", "play money"), 9),  # the Winamax hands are written as play money
        (("--cash",), TOTAL - 14),
        (("--tournament",), 14),
        (("--limit", "Pot Limit"), 10),
        (("--limit", "Limit"), TOTAL - 10),
        (("--stakes", "0.10/0.20"), 24 + 16 + 8 + 9),
        (("--stakes", "1/2 USD Limit"), 12),
        (("--stakes", "0.1/0.2 usd limit", "--stakes", "0.50/1"), 24 + 8 + 10),
        (("--max-seats", "2"), 8),
        (("--site", "winamax"), 9),
        (("--site", "PokerStars", "--cash"), TOTAL - 14 - 9),
        (("--since", "2013-06-05", "--until", "2013-06-06"), 12 + 10),
        # 00:00 in Paris is 22:00 UTC the day before: June 8 and 9, not June 7's 20:00.
        (("--since", "2013-06-08T00:00", "--tz", "Europe/Paris"), 14 + 9),
        (("--game", "triple"), TOTAL),
        (("--game", "all"), TOTAL),
    ],
)
def test_each_filter_keeps_the_known_hands(
    options: tuple[str, ...], expected: int, loaded: Tables
) -> None:
    assert _hands(loaded, *options) == expected


def test_the_command_counts_as_the_filter(
    corpus: tuple[str, Counter[str]], capsys: pytest.CaptureFixture[str]
) -> None:
    # One run end to end: the filters above are those the command applies.
    argv = ["stats", corpus[0], "--player", "Hero", "--json", "--no-ev", "-j", "1", "-q"]
    assert main([*argv, "--stakes", "0.10/0.20", "--cash"]) == 0
    assert sum(row["hands"] for row in json.loads(capsys.readouterr().out)) == 24 + 16 + 8 + 9


UNKNOWN: list[tuple[tuple[str, ...], str]] = [
    (
        ("--site", "pokerstar"),
        "unknown site 'pokerstar': the hands' sites are PokerStars, Winamax",
    ),
    (
        ("--unit", "GBP"),
        "unknown unit 'GBP': the hands' units are EUR, USD, play money, tournament chips",
    ),
    (
        ("--limit", "No Limit"),
        "unknown limit 'No Limit': the hands' limits are Limit, Pot Limit",
    ),
    (("--max-seats", "9"), "unknown table size '9': the hands' table sizes are 2, 6"),
    (("--game", "badugi"), "unknown game 'Badugi': the hands' games are Triple Draw 2-7"),
    (("--stakes", "5/10"), "unknown stakes '5/10': the hands' stakes are 0.10/0.20 EUR Limit"),
]
PLAYER = (("--player", "Heroo"), "no hands for player 'Heroo'; did you mean 'Hero'? (")


@pytest.mark.parametrize(("options", "message"), UNKNOWN)
def test_an_unknown_value_is_an_error_listing_the_known(
    options: tuple[str, ...], message: str, loaded: Tables
) -> None:
    args = build_parser().parse_args(["stats", "x", *options])
    with pytest.raises(ValueError, match="unknown") as caught:
        cut(loaded, args, io.StringIO())
    assert message in str(caught.value)


def test_the_command_says_it_and_exits_2(
    corpus: tuple[str, Counter[str]], capsys: pytest.CaptureFixture[str]
) -> None:
    # A player is matched by the command, after the filters.
    for options, message in (UNKNOWN[0], PLAYER):
        assert main(["stats", corpus[0], "--no-ev", "-j", "1", "-q", *options]) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and message in captured.err
    # Most hands first: the hero, who plays every hand, leads the players listed.
    assert "players, e.g. Hero, " in captured.err


def test_by_start_class_counts_the_simulators_cards(
    corpus: tuple[str, Counter[str]], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["stats", corpus[0], "--player", "Hero", "--by", "start_class", "--json", "--no-ev"]
    assert main([*argv, "--site", "PokerStars", "-j", "1", "-q"]) == 0
    counted: Counter[str] = Counter()
    for row in json.loads(capsys.readouterr().out):
        counted[row["start_class"]] += row["hands"]
    assert counted == corpus[1]
