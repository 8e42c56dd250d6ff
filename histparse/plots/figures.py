"""matplotlib figures of one player's results and statistics.

Each function draws on ``ax`` when given (and returns its figure) or makes a new figure; in a
notebook the returned ``Figure`` displays itself. Sums are computed exactly in decimals; they
become floats only as plot coordinates, at the very end.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from histparse.engine import POSITION_ORDER
from histparse.plots.errors import PlotError
from histparse.plots.net import (
    Measure,
    XAxis,
    below_axes,
    draw_net,
    fit_strip,
    new_figure,
    title_strip,
)
from histparse.stats.aggregate import TablesLike, player_hands, player_stats, showdown_classes
from histparse.stats.definitions import stat

__all__ = [
    "dashboard",
    "plot_draw_stats",
    "plot_net",
    "plot_positions",
    "plot_showdown_classes",
]


def _axes(ax: Axes | None, size: tuple[float, float] = (8.0, 4.5)) -> tuple[Figure, Axes]:
    if ax is not None:
        fig = ax.get_figure()
        if not isinstance(fig, Figure):  # pragma: no cover - a SubFigure's axes
            raise PlotError("the axes are not in a Figure")
        return fig, ax
    # Figure() directly (not pyplot): no global state, no GUI backend needed.
    return new_figure(size)


def _hands_of(tables: TablesLike, player: str, unit: str | None = None) -> pd.DataFrame:
    df = player_hands(tables, player, labels=())
    if df.empty:
        raise PlotError(f"player {player!r} has no hands in these tables")
    if unit is not None:
        df = df[df["unit"] == unit]
        if df.empty:
            units = ", ".join(sorted({str(u) for u in player_hands(tables, player)["unit"]}))
            raise PlotError(f"player {player!r} has no hands in {unit!r} (units: {units})")
    return df


def _strip(fig: Figure, tables: TablesLike, player: str, unit: str | None) -> None:
    """The title strip over a figure of its own: dates, stakes, hands, net and bb/100."""
    df = _hands_of(tables, player, unit)
    stats = player_stats(_only(tables, player, unit), players=player)
    fit_strip(fig, title_strip(df, stats, player))


def plot_net(
    tables: TablesLike,
    player: str,
    ax: Axes | None = None,
    unit: str | None = None,
    *,
    measure: Measure | None = None,
    x: XAxis = "hands",
    ev: bool = False,
) -> Figure:
    """Cumulative net won over the player's hands in time order (``x="date"``: against the
    hands' times, UTC).

    ``measure`` "money" (the default for one unit: the player's only one, or ``unit``): the
    total, hands that went to showdown and hands that did not, in that unit, with big blinds on
    the right when the big blind never changed. "bb" (the default for several units, which are
    never added): in big blinds, one line per unit labelled with its unit and its net. The
    all-in EV net is drawn dashed beside the net with ``ev`` when the tables have it.
    A figure of its own gets the title strip (dates, stakes, hands, bb/100)."""
    df = _hands_of(tables, player, unit)
    own = ax is None
    units = sorted({str(u) for u in df["unit"]})
    # A figure of its own grows with the units: their legend goes under the axes.
    fig, ax = _axes(ax, (8.0, 4.5 + 0.25 * max(0, len(units) - 2)))
    chosen: Measure = measure or ("money" if len(units) == 1 else "bb")
    draw_net(ax, df, measure=chosen, x=x, ev=ev)
    when = " by date" if x == "date" else ""
    if len(units) > 1:
        ax.set_title(f"net won{when} in {len(units)} units, never added (big blinds)")
    else:
        ax.set_title(f"net won{when} ({'big blinds' if chosen == 'bb' else units[0]})")
    if own:
        _strip(fig, tables, player, unit)
    return fig


@dataclass(frozen=True, slots=True)
class _Cut:
    hands: pd.DataFrame
    players: pd.DataFrame


def _only(tables: TablesLike, player: str, unit: str | None) -> TablesLike:
    """The player's rows cut to the hands in ``unit`` (everything for None)."""
    if unit is None:
        return tables
    hands = tables.hands[tables.hands["unit"].astype(str) == unit]
    players = tables.players[tables.players["player"] == player]
    keep = _keys(players).isin(set(_keys(hands)))
    return _Cut(hands=hands, players=players[keep.to_numpy(dtype=bool)])


def _keys(df: pd.DataFrame) -> pd.Series[str]:
    return df["site"].astype(str) + "\x00" + df["hand_id"].astype(str)


def _headroom(ax: Axes, values: list[float]) -> None:
    """Room above the highest bar and below the lowest for their labels, inside the frame."""
    top = max([0.0, *values])
    bottom = min([0.0, *values])
    span = (top - bottom) or 1.0
    ax.set_ylim(bottom - (0.14 * span if bottom < 0 else 0), top + 0.14 * span)


def plot_positions(
    tables: TablesLike, player: str, ax: Axes | None = None, unit: str | None = None
) -> Figure:
    """bb/100 by position (with the number of hands over each bar), one bar per unit at each
    position when the player played in several (bb/100 of different units are not pooled)."""
    _hands_of(tables, player, unit)
    stats = player_stats(_only(tables, player, unit), by="position", players=player)
    own = ax is None
    fig, ax = _axes(ax)
    units = sorted({str(u) for u in stats["unit"]})
    present = set(stats["position"].astype(str))
    labels = [p.value for p in POSITION_ORDER if p.value in present]
    width = 0.8 / len(units)
    every: list[float] = []
    for i, u in enumerate(units):
        rows = stats[stats["unit"] == u]
        per_100: dict[str, Any] = dict(
            zip(rows["position"].astype(str), rows["bb_per_100"], strict=True)
        )
        counts: dict[str, Any] = dict(zip(rows["position"].astype(str), rows["hands"], strict=True))
        values = [float(per_100.get(p) or 0) for p in labels]
        every += values
        hands = [int(counts.get(p, 0)) for p in labels]
        x = np.arange(len(labels)) + (i - (len(units) - 1) / 2) * width
        colors = ["tab:green" if v >= 0 else "tab:red" for v in values]
        bars = ax.bar(
            x,
            values,
            width,
            color=colors if len(units) == 1 else None,
            label=u,
        )
        # Side by side bars are narrow: their counts are smaller, and turned when many.
        small = len(units) > 1
        ax.bar_label(
            bars,
            labels=[f"{n}" if small else f"{n} h" for n in hands],
            fontsize="x-small" if small else "small",
            padding=2,
        )
    _headroom(ax, every)
    ax.set_xticks(np.arange(len(labels)), labels)
    ax.axhline(0, color="grey", linewidth=0.5)
    ax.set_xlabel("position (number over a bar: hands played)")
    ax.set_ylabel("bb/100 (big blinds per 100 hands)")
    if len(units) > 1:
        # Under the axes, not inside: over the bars it would cover their counts.
        ax.legend(
            title="unit",
            fontsize="small",
            loc="upper center",
            bbox_to_anchor=(0.5, 0.0),
            bbox_transform=below_axes(ax),
            ncols=min(len(units), 3),
            frameon=False,
        )
        ax.set_title("bb/100 by position and unit")
    else:
        ax.set_title(f"bb/100 by position ({units[0]})")
    if own:
        _strip(fig, tables, player, unit)
    return fig


_DRAW_BARS = ("pat_1", "pat_2", "pat_3", "break", "snow")


def plot_draw_stats(
    tables: TablesLike, player: str, ax: Axes | None = None, unit: str | None = None
) -> Figure:
    """Draw statistics: pat at each draw, break and snow rates (%), and the mean number of
    cards drawn at each draw (right axis). Counts, not money: every unit's hands count."""
    _hands_of(tables, player, unit)
    row = _pooled(player_stats(_only(tables, player, unit), players=player))
    own = ax is None
    fig, ax = _axes(ax)
    labels = [stat(n).label for n in _DRAW_BARS]
    rates = [float(np.nan_to_num(row[stat(n).rate])) * 100 for n in _DRAW_BARS]
    bars = ax.bar(labels, rates, color="tab:blue", label="% of opportunities")
    ax.bar_label(
        bars,
        labels=[f"{int(row[n])}/{int(row[stat(n).opp])}" for n in _DRAW_BARS],
        fontsize="small",
        padding=2,
    )
    ax.set_ylabel("% of opportunities (done/chances over a bar)")
    ax.set_xlabel("stand pat at draw 1-3, break a made hand, snow")
    ax.set_ylim(0, 112)
    ax.set_yticks(range(0, 101, 20))
    right = ax.twinx()
    means = [float(np.nan_to_num(row[f"cards_drawn_{k}_rate"])) for k in (1, 2, 3)]
    right.plot(["Pat1", "Pat2", "Pat3"], means, "o-", color="tab:orange", label="mean drawn")
    right.set_ylim(0, 5.6)
    right.set_yticks(range(6))
    right.set_ylabel("mean cards drawn (cards)")
    right.legend(loc="upper right", fontsize="small")
    ax.set_title("draws")
    if own:
        _strip(fig, tables, player, unit)
    return fig


def plot_showdown_classes(
    tables: TablesLike, player: str, ax: Axes | None = None, unit: str | None = None
) -> Figure:
    """Net won at showdown by class of the player's hand (count and wins over each bar), in
    big blinds (so that hands of several units compare without adding their money)."""
    _hands_of(tables, player, unit)
    sd = showdown_classes(tables, player, unit=unit)
    own = ax is None
    fig, ax = _axes(ax)
    labels = list(sd.index)
    values = [float(v) for v in sd["net_bb"].tolist()]
    bars = ax.bar(labels, values, color=["tab:green" if v >= 0 else "tab:red" for v in values])
    ax.bar_label(
        bars,
        labels=[f"{w}/{c}" for w, c in zip(sd["won"], sd["count"], strict=True)],
        fontsize="small",
        padding=2,
    )
    _headroom(ax, values)
    ax.axhline(0, color="grey", linewidth=0.5)
    ax.set_ylabel("net won at showdown (big blinds)")
    ax.set_xlabel("the player's hand at showdown (won/showdowns over a bar)")
    # "Q-low or worse" on two lines: upright labels that do not run into their neighbours.
    ax.set_xticks(range(len(labels)), [str(c).replace(" or ", "\nor ") for c in labels])
    ax.set_title("showdowns by hand class")
    if own:
        _strip(fig, tables, player, unit)
    return fig


_ROW_HEIGHT = 16.0 / 3  # inches: the three rows of a one-unit dashboard fill 16


def dashboard(
    tables: TablesLike,
    player: str,
    unit: str | None = None,
    *,
    x: XAxis = "hands",
    ev: bool = False,
) -> Figure:
    """Every graph on one page under the title strip: the net in money (one panel per unit,
    each as wide as the others), the net in big blinds (every unit) by hands and by date,
    bb/100 by position, the draws and the showdowns (of the hands in ``unit``, or of every
    unit). The panels fill two columns in that order; the page grows a row for every two more
    units, so that no panel is a sliver and no text runs into another."""
    df = _hands_of(tables, player, unit)
    units = sorted({str(u) for u in df["unit"]})
    panels: list[Callable[[Axes], object]] = [
        functools.partial(plot_net, tables, player, unit=u, measure="money", x=x, ev=ev)
        for u in units
    ]
    # The net in big blinds against the other axis too: hands for a date page, dates else.
    other: XAxis = "hands" if x == "date" else "date"
    panels += [
        functools.partial(plot_net, tables, player, unit=unit, measure="bb", x=x, ev=ev),
        functools.partial(plot_positions, tables, player, unit=unit),
        functools.partial(plot_draw_stats, tables, player, unit=unit),
        functools.partial(plot_showdown_classes, tables, player, unit=unit),
        functools.partial(plot_net, tables, player, unit=unit, measure="bb", x=other, ev=ev),
    ]
    rows = (len(panels) + 1) // 2
    fig = Figure(figsize=(15.0, rows * _ROW_HEIGHT), layout="constrained")
    grid = fig.add_gridspec(rows, 2)
    for i, draw in enumerate(panels):
        draw(fig.add_subplot(grid[i // 2, i % 2]))
    _strip(fig, tables, player, unit)
    return fig


def _pooled(stats: pd.DataFrame) -> pd.Series[Any]:
    """The count and opportunity columns of several rows summed, with the rates recomputed:
    for counts only (money columns are left out)."""
    from histparse.stats.definitions import STATS

    out: dict[str, Any] = {}
    for s in STATS:
        cnt = int(stats[s.name].sum())
        opp = int(stats[s.opp].sum())
        out[s.name], out[s.opp] = cnt, opp
        out[s.rate] = cnt / opp if opp else float("nan")
    return pd.Series(out)
