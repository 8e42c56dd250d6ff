"""The figures: they show the numbers of the tables, and the CLI writes an image."""

from __future__ import annotations

from pathlib import Path

import pytest
from matplotlib.figure import Figure
from test_stats_flags import fixture_a, fixture_b, fixture_d, fixture_e

from histparse.cli import main
from histparse.frames import Tables, tables
from histparse.plots import (
    PlotError,
    dashboard,
    plot_draw_stats,
    plot_net,
    plot_positions,
    plot_showdown_classes,
)

DATA = Path(__file__).resolve().parents[1] / "data" / "pokerstars"
TD_2009 = str(DATA / "3-Draw-Limit-USD-0.10-0.20-200911.txt")


@pytest.fixture(scope="module")
def t() -> Tables:
    # B plays all four: BB each time; nets -0.40 (A), -0.10 (B), -0.10 (D), +1300 chips (E).
    return tables([fixture_a(), fixture_b(), fixture_d(), fixture_e()])


def test_net_lines_never_add_two_units(t: Tables) -> None:
    # B played A, B, D in dollars and E in tournament chips: one line per unit, in big blinds
    # (bb 0.10 in A, B, D; 300 in E), each named with its unit; no line adds them.
    fig = plot_net(t, "B")
    usd, chips = fig.axes[0].get_lines()[:2]
    assert list(usd.get_ydata()) == [-4.0, -5.0, -6.0]
    assert list(chips.get_ydata()) == [pytest.approx(1300 / 300)]
    assert usd.get_label() == "USD (net -0.60 USD)"
    assert chips.get_label() == "tournament chips (net 1300.00 tournament chips)"
    assert fig.axes[0].get_ylabel() == "net won (big blinds)"


def test_net_lines(t: Tables) -> None:
    fig = plot_net(t, "B", unit="USD")
    total, showdown, other = fig.axes[0].get_lines()[:3]
    assert list(total.get_ydata()) == [-0.40, -0.50, -0.60]
    assert fig.axes[0].get_ylabel() == "net won (USD)"
    # D went to showdown (-0.10); A and B did not (-0.40, -0.10).
    assert list(showdown.get_ydata()) == [0.0, 0.0, -0.10]
    assert list(other.get_ydata()) == [-0.40, -0.50, -0.50]
    for a, b, c in zip(total.get_ydata(), showdown.get_ydata(), other.get_ydata(), strict=True):
        assert a == pytest.approx(b + c)


def test_positions_bars(t: Tables) -> None:
    fig = plot_positions(t, "E")
    bars = fig.axes[0].patches
    # E: CO in A (-1.20 = -12 bb); nothing else.
    assert [b.get_height() for b in bars] == [pytest.approx(-1200.0)]


def test_draw_and_showdown_bars(t: Tables) -> None:
    fig = plot_draw_stats(t, "F")
    heights = [b.get_height() for b in fig.axes[0].patches]
    assert heights == [100.0, 100.0, 100.0, 0.0, 0.0]  # pat 1-3, break 0/2, snow 0/1
    sd = plot_showdown_classes(t, "F")
    # One bar per class, best first, in big blinds: F only showed down once, with a 7-low,
    # winning 1.61 at a 0.10 big blind.
    assert [b.get_height() for b in sd.axes[0].patches] == pytest.approx([16.1] + [0.0] * 6)
    assert sd.axes[0].get_ylabel() == "net won at showdown (big blinds)"


def test_dashboard_and_axes_reuse(t: Tables) -> None:
    fig = dashboard(t, "B")
    # USD and chips money panels, big blinds by hands and by date, positions, draws (and its
    # right axis), showdowns.
    assert isinstance(fig, Figure) and len(fig.axes) == 8
    own = Figure()
    ax = own.add_subplot()
    assert plot_net(t, "B", ax) is own


def test_unknown_player(t: Tables) -> None:
    with pytest.raises(PlotError, match="nobody"):
        plot_net(t, "nobody")


def test_graph_command_writes_a_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "hero.png"
    # --jobs 1: a pool of processes would cost more to start than these 17 hands.
    assert main(["graph", TD_2009, "--player", "Hero", "--out", str(out), "-j", "1"]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    one = tmp_path / "net.svg"
    assert (
        main(["graph", TD_2009, "--player", "Hero", "--out", str(one), "--kind", "net", "-j", "1"])
        == 0
    )
    assert "<svg" in one.read_text(encoding="utf-8")
    assert main(["graph", TD_2009, "--player", "nobody", "--out", str(out), "-j", "1"]) == 2
    assert "nobody" in capsys.readouterr().err
