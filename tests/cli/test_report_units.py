"""No report adds two money units: ``stats`` (text, ``--by``, ``--json``, ``--csv``) and the
graphs, on ``sample_histories/`` (each generated file cut to its first hands: ``samples`` in
conftest.py) and on a mixed corpus of cash USD, cash EUR, tournament and play-money hands;
and each unit's net equals the sum the simulator's own stacks give."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

import pytest
from matplotlib.figure import Figure

from histparse.cli import main
from histparse.events import Hand
from histparse.frames import Tables
from histparse.parallel.tables import tables_of_paths
from histparse.plots import dashboard, plot_net, plot_positions, plot_showdown_classes
from histparse.simulation import SimConfig, TournamentStructure, simulate_with_cards
from histparse.stats import player_stats
from histparse.stats.units import MixedUnitsError, one_unit
from histparse.writing import write_file

UNITS = ("EUR", "USD", "play money", "tournament chips")


def _eur(hand: Hand) -> Hand:
    return dataclasses.replace(
        hand, currency="EUR", layout=dataclasses.replace(hand.layout, money_symbol="€")
    )


def _play(hand: Hand) -> Hand:
    return dataclasses.replace(
        hand,
        currency=None,
        is_play_money=True,
        layout=dataclasses.replace(hand.layout, money_symbol=""),
    )


def _same(hand: Hand) -> Hand:
    return hand


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Decimal]]:
    """Four files (one per unit) and Hero's net in each, from the simulator's final stacks."""
    out = tmp_path_factory.mktemp("mixed")
    nets: dict[str, Decimal] = {}
    runs: list[tuple[str, int, SimConfig, Callable[[Hand], Hand]]] = [
        ("USD", 1, SimConfig(), _same),
        ("EUR", 2, SimConfig(), _eur),
        ("play money", 3, SimConfig(), _play),
        ("tournament chips", 4, SimConfig(tournament=TournamentStructure()), _same),
    ]
    for unit, seed, config, change in runs:
        hands = []
        net = Decimal(0)
        for hand, deal in simulate_with_cards(60, seed, config):
            seat = hand.seat_of("Hero")
            if seat is not None and seat.out_of_hand is None:
                net += deal.final_stack("Hero") - seat.stack
            hands.append(change(hand))
        nets[unit] = net
        write_file(out / f"{unit.replace(' ', '-')}.txt", hands)
    return out, nets


def _tables(path: Path) -> Tables:
    run = tables_of_paths([str(path)])
    assert run.tables is not None and not run.parse_errors
    return run.tables


def _json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    assert main(argv) in (0, 1)
    rows: list[dict[str, object]] = json.loads(capsys.readouterr().out)
    return rows


def test_per_unit_nets_equal_the_stacks(
    corpus: tuple[Path, dict[str, Decimal]], capsys: pytest.CaptureFixture[str]
) -> None:
    path, nets = corpus
    rows = _json(["stats", str(path), "--player", "Hero", "--json"], capsys)
    assert sorted(str(r["unit"]) for r in rows) == sorted(UNITS)
    assert {str(r["unit"]): Decimal(str(r["net"])) for r in rows} == nets


@pytest.mark.parametrize(
    "by", ["position", "stakes", "date", "table", "session", "stakes,position"]
)
def test_by_rows_keep_one_unit_and_add_up_per_unit(
    corpus: tuple[Path, dict[str, Decimal]], by: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path, nets = corpus
    rows = _json(["stats", str(path), "--player", "Hero", "--by", by, "--json"], capsys)
    sums: dict[str, Decimal] = {}
    for r in rows:
        sums[str(r["unit"])] = sums.get(str(r["unit"]), Decimal(0)) + Decimal(str(r["net"]))
        if "stakes" in r:
            # A stakes label names its unit: no row holds two. A tournament's stakes are its
            # tournament (one row for all its levels), always in tournament chips.
            if str(r["stakes"]).startswith("tournament "):
                assert r["unit"] == "tournament chips"
            else:
                assert str(r["unit"]) in str(r["stakes"])
    assert sums == nets


def test_text_and_csv_name_the_unit_of_every_amount(
    corpus: tuple[Path, dict[str, Decimal]], capsys: pytest.CaptureFixture[str]
) -> None:
    path, nets = corpus
    assert main(["stats", str(path), "--player", "Hero"]) == 0
    text = capsys.readouterr().out
    for unit, net in nets.items():
        assert f"{net:.2f} {unit}" in text
    assert "shown apart and never added" in " ".join(text.split())
    # Four units, a note on them: every line within the default 120 characters.
    assert max(map(len, text.splitlines())) <= 120
    assert main(["stats", str(path), "--player", "Hero", "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert {r["unit"]: Decimal(r["net"]) for r in rows} == nets


def test_a_total_over_units_is_refused(corpus: tuple[Path, dict[str, Decimal]]) -> None:
    path, _ = corpus
    t = _tables(path)
    stats = player_stats(t, players="Hero")
    with pytest.raises(MixedUnitsError, match="different units"):
        one_unit(stats["unit"], "Hero's net")
    assert one_unit(stats[stats["unit"] == "EUR"]["unit"]) == "EUR"


def test_graphs_split_and_label_units(corpus: tuple[Path, dict[str, Decimal]]) -> None:
    path, nets = corpus
    t = _tables(path)
    fig = plot_net(t, "Hero")
    ax = fig.axes[0]
    assert ax.get_ylabel() == "net won (big blinds)"
    labels = sorted(str(line.get_label()) for line in ax.get_lines()[:4])
    assert labels == sorted(f"{u} (net {nets[u]:.2f} {u})" for u in UNITS)
    for unit in UNITS:
        one = plot_net(t, "Hero", unit=unit)
        assert one.axes[0].get_ylabel() == f"net won ({unit})"
        # The last point of the total line is the unit's net, and no other unit's.
        total = one.axes[0].get_lines()[0].get_ydata()
        assert total[-1] == pytest.approx(float(nets[unit]))
    pos = plot_positions(t, "Hero")
    assert [str(x.get_text()) for x in pos.axes[0].get_legend().get_texts()] == sorted(UNITS)
    assert "big blinds" in plot_showdown_classes(t, "Hero").axes[0].get_ylabel()
    assert isinstance(dashboard(t, "Hero"), Figure)


def test_samples_never_add_two_units(samples: str, capsys: pytest.CaptureFixture[str]) -> None:
    rows = _json(["stats", samples, "--game", "all", "--json"], capsys)
    assert rows
    seen: dict[tuple[str, str, str], int] = {}
    for r in rows:
        key = (str(r["player"]), str(r["unit"]), str(r["game"]))
        assert key not in seen  # one row per player, unit and game
        seen[key] = 1
    hero = {str(r["unit"]) for r in rows if r["player"] == "Hero"}
    assert hero == {"USD", "tournament chips"}
    by = _json(["stats", samples, "--by", "stakes", "--json"], capsys)
    for r in by:
        if str(r["stakes"]).startswith("tournament "):  # a tournament, all its levels
            assert r["unit"] == "tournament chips"
        else:
            assert str(r["unit"]) in str(r["stakes"])


def test_graph_command_filters_and_splits(
    corpus: tuple[Path, dict[str, Decimal]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _ = corpus
    out = tmp_path / "net.png"
    args = ["graph", str(path), "--player", "hero", "--out", str(out), "--kind", "net"]
    assert main(args) == 0 and out.read_bytes()[:4] == b"\x89PNG"
    assert main([*args, "--tournament"]) == 0
    assert main([*args, "--unit", "francs"]) == 2
    assert "unknown unit 'francs': the hands' units are EUR, USD" in capsys.readouterr().err
