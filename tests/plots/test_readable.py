"""Graphs a player reads at a glance: a title strip, units on every axis, money never mixed,
a date axis, the all-in EV line, a graph per session, and no text running into the frame or
into other text (measured on the renderer's bounding boxes, not on pixels)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.text import Text
from matplotlib.transforms import Bbox
from test_stats_flags import fixture_a, fixture_b, fixture_d, fixture_e

from histparse.cli import main
from histparse.events import Hand
from histparse.frames import Tables, tables
from histparse.parsing import read_results
from histparse.plots import PlotError, dashboard, plot_net, plot_positions
from histparse.plots.sessions import plot_session, session_file_name
from histparse.simulation import SimConfig, TournamentStructure, simulate
from histparse.stats.sessions import sessions

DATA = Path(__file__).resolve().parents[1] / "data" / "pokerstars"
TD_2009 = str(DATA / "3-Draw-Limit-USD-0.10-0.20-200911.txt")


@pytest.fixture(scope="module")
def t() -> Tables:
    return tables([fixture_a(), fixture_b(), fixture_d(), fixture_e()], allin_ev=False)


@pytest.fixture(scope="module")
def real() -> Tables:
    hands = [r for r in read_results(TD_2009) if isinstance(r, Hand)]
    return tables(hands, allin_ev=True)


def _axis_texts(ax: Axes) -> list[Text]:
    texts: list[Text] = [ax.title, ax._left_title, ax._right_title]  # type: ignore[attr-defined]
    if not ax.get_visible():
        return []
    for axis in (ax.xaxis, ax.yaxis):
        if not axis.get_visible():  # a twin's shared axis
            continue
        texts += [axis.label, axis.get_offset_text()]
        # The ticks drawn (in the view), not every tick the locator made.
        for tick in axis._update_ticks():  # type: ignore[attr-defined]
            texts += [tick.label1, tick.label2]
    texts += list(ax.texts)  # bar labels
    legend = ax.get_legend()
    if legend is not None:
        texts += [*legend.get_texts(), legend.get_title()]
    for child in ax.child_axes:
        texts += _axis_texts(child)
    return texts


def _texts(fig: Figure) -> list[Text]:
    texts: list[Text] = [fig._suptitle] if fig._suptitle is not None else []  # type: ignore[attr-defined]
    for ax in fig.axes:
        texts += _axis_texts(ax)
    return [t for t in texts if t.get_visible() and t.get_text().strip()]


def _overlaps(fig: Figure) -> list[str]:
    """Pairs of visible texts whose boxes intersect, and texts reaching past the figure."""
    FigureCanvasAgg(fig)
    renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
    fig.draw(renderer)  # constrained layout runs on draw
    frame = fig.bbox
    boxes: list[tuple[str, Bbox]] = []
    problems = []
    for text in _texts(fig):
        box = text.get_window_extent(renderer)
        if box.width == 0:
            continue
        if box.x0 < frame.x0 - 1 or box.x1 > frame.x1 + 1 or box.y0 < frame.y0 - 1:
            problems.append(f"{text.get_text()!r} leaves the figure")
        if box.y1 > frame.y1 + 1:
            problems.append(f"{text.get_text()!r} leaves the figure")
        boxes.append((text.get_text(), box.shrunk(0.98, 0.9)))
    for i, (a, box_a) in enumerate(boxes):
        for b, box_b in boxes[i + 1 :]:
            if box_a.overlaps(box_b):
                problems.append(f"{a!r} overlaps {b!r}")
    return problems


def _units_on_axes(fig: Figure) -> None:
    for ax in fig.axes:
        assert isinstance(ax, Axes)
        if not ax.get_visible() or not ax.has_data():
            continue
        assert "(" in ax.get_ylabel() and ")" in ax.get_ylabel(), ax.get_ylabel()
        assert ax.get_xlabel() or ax.get_xticklabels(), ax.get_title()


def test_dashboard_reads_well(real: Tables) -> None:
    fig = dashboard(real, "Hero")
    strip = fig.get_suptitle()
    # The strip: who, how many hands, when, and per unit the stakes, the net and bb/100.
    assert strip.startswith("Hero: 17 hands, 2009-11-")
    assert "USD: 17 hands at 0.10/0.20 USD Limit" in strip and "bb/100" in strip
    assert "net " in strip and " USD" in strip
    _units_on_axes(fig)
    assert _overlaps(fig) == []
    ylabels = [ax.get_ylabel() for ax in fig.axes]
    assert "net won (USD)" in ylabels and "net won (big blinds)" in ylabels


def test_net_money_has_big_blinds_on_the_right(real: Tables) -> None:
    fig = plot_net(real, "Hero")
    ax = fig.axes[0]
    assert ax.get_ylabel() == "net won (USD)"
    (right,) = [c for c in ax.child_axes]
    assert right.get_ylabel() == "big blinds (1 bb = 0.20 USD)" or "1 bb =" in right.get_ylabel()
    assert fig.get_suptitle().startswith("Hero: 17 hands")
    assert _overlaps(fig) == []


def test_net_in_big_blinds_and_money_refused_across_units(t: Tables) -> None:
    fig = plot_net(t, "B", measure="bb")
    assert fig.axes[0].get_ylabel() == "net won (big blinds)"
    with pytest.raises(PlotError, match="never drawn on one axis"):
        plot_net(t, "B", measure="money")
    # One money panel per unit on the dashboard, never one axis for two units.
    money = [ax.get_ylabel() for ax in dashboard(t, "B").axes]
    assert "net won (USD)" in money and "net won (tournament chips)" in money


def test_a_long_strip_is_wrapped_inside_its_figure(t: Tables) -> None:
    # B has two units: a strip line each, longer than the figure is wide.
    fig = plot_positions(t, "B")
    assert "USD:" in fig.get_suptitle() and "tournament chips:" in fig.get_suptitle()
    assert _overlaps(fig) == []


def test_date_axis(real: Tables) -> None:
    fig = plot_net(real, "Hero", x="date")
    ax = fig.axes[0]
    assert ax.get_xlabel() == "date and time (UTC)"
    xs = ax.get_lines()[0].get_xdata()
    assert str(xs[0]).startswith("2009-11-")  # datetimes, in time order
    assert list(xs) == sorted(xs)
    assert _overlaps(fig) == []


def test_ev_line_beside_the_net(real: Tables, t: Tables) -> None:
    lines = plot_net(real, "Hero", ev=True).axes[0].get_lines()
    labels = [str(line.get_label()) for line in lines]
    assert any(label.startswith("all-in EV") for label in labels)
    # ev_net equals net where nobody was all-in: the EV line ends at the summed ev_net.
    hero = real.players[real.players["player"] == "Hero"]
    ev = next(line for line in lines if str(line.get_label()).startswith("all-in EV"))
    assert ev.get_ydata()[-1] == pytest.approx(float(sum(hero["ev_net"])))
    assert not any(
        str(line.get_label()).startswith("all-in EV")
        for line in plot_net(real, "Hero").axes[0].get_lines()  # drawn only when asked
    )
    # Tables built without the all-in EV have no such line, even when asked.
    assert not any(
        str(line.get_label()).startswith("all-in EV")
        for line in plot_net(t, "B", unit="USD", ev=True).axes[0].get_lines()
    )


def test_a_graph_per_session(real: Tables) -> None:
    rows = sessions(real, "Hero")
    assert len(rows) >= 1
    rec = {str(k): v for k, v in rows.to_dict("records")[0].items()}
    fig = plot_session(real, rec)
    strip = fig.get_suptitle()
    assert strip.startswith("Hero, session 1: 2009-11-")
    assert f"{int(rec['hands'])} hands" in strip and "bb/100" in strip
    total = fig.axes[0].get_lines()[0].get_ydata()
    assert total[-1] == pytest.approx(float(rec["net"]))
    assert _overlaps(fig) == []
    assert session_file_name({**rec, "player": "a/b c", "unit": "play money"}) == (
        "a_b_c-play_money-001.png"
    )


def test_sessions_graph_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "graphs"
    assert main(["sessions", TD_2009, "--player", "Hero", "--graph", str(out), "-j", "1"]) == 0
    files = sorted(p.name for p in out.iterdir())
    assert files and all(f.startswith("Hero-USD-") and f.endswith(".png") for f in files)
    assert (out / files[0]).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"wrote {len(files)} session graph(s)" in capsys.readouterr().err


def test_graph_command_options(tmp_path: Path) -> None:
    out = tmp_path / "net.png"
    args = ["graph", TD_2009, "--player", "Hero", "--out", str(out), "--kind", "net"]
    assert main([*args, "--x", "date", "--ev", "--quiet", "--jobs", "1"]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main([*args[:-1], "net-bb", "--jobs", "1"]) == 0


def _in(currency: str, symbol: str) -> Callable[[Hand], Hand]:
    def change(hand: Hand) -> Hand:
        layout = dataclasses.replace(hand.layout, money_symbol=symbol)
        return dataclasses.replace(hand, currency=currency, layout=layout)

    return change


def _play(hand: Hand) -> Hand:
    layout = dataclasses.replace(hand.layout, money_symbol="")
    return dataclasses.replace(hand, currency=None, is_play_money=True, layout=layout)


@pytest.fixture(scope="module")
def six_units() -> list[list[Hand]]:
    """Hero's hands in six units (a few each: the layout, not the numbers, is tested)."""
    runs: list[tuple[SimConfig, Callable[[Hand], Hand]]] = [
        (SimConfig(), _in("USD", "$")),
        (SimConfig(), _in("EUR", "€")),
        (SimConfig(), _play),
        (SimConfig(tournament=TournamentStructure()), lambda hand: hand),
        (SimConfig(), _in("GBP", "£")),
        (SimConfig(), _in("CAD", "$")),
    ]
    return [
        [change(h) for h in simulate(12, seed, config)]
        for seed, (config, change) in enumerate(runs, 1)
    ]


@pytest.mark.parametrize("n", [1, 2, 4, 6])
def test_no_text_overlaps_at_any_number_of_units(n: int, six_units: list[list[Hand]]) -> None:
    t = tables([h for part in six_units[:n] for h in part], allin_ev=True)
    page = dashboard(t, "Hero", ev=True)
    # One money panel per unit, each as wide as the big-blind panel: no slivers.
    money = [
        ax
        for ax in page.axes
        if str(ax.get_ylabel()).startswith("net won (") and "big blinds" not in str(ax.get_ylabel())
    ]
    assert len(money) == n
    widths = {round(ax.get_position().width, 3) for ax in money}
    assert len(widths) == 1
    assert _overlaps(page) == []
    if n >= 4:  # the single graphs with many units (fewer: the tests above)
        for fig in (plot_net(t, "Hero", ev=True), plot_positions(t, "Hero")):
            assert _overlaps(fig) == []
