"""matplotlib figures of one player's results and statistics.

Each function draws on ``ax`` when given (and returns its figure) or makes a new figure; in a
notebook the returned ``Figure`` displays itself. Sums are computed exactly in decimals; they
become floats only as plot coordinates, at the very end.
"""

from __future__ import annotations

from decimal import Decimal

import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from histparse.stats.aggregate import TablesLike, player_hands, player_stats, showdown_classes
from histparse.stats.definitions import stat
from histparse.stats.positions import POSITION_ORDER

__all__ = [
    "PlotError",
    "dashboard",
    "plot_draw_stats",
    "plot_net",
    "plot_positions",
    "plot_showdown_classes",
]


class PlotError(ValueError):
    """Nothing to plot (e.g. the player has no hands in the tables)."""


def _axes(ax: Axes | None, size: tuple[float, float] = (7.0, 4.0)) -> tuple[Figure, Axes]:
    if ax is not None:
        fig = ax.get_figure()
        if not isinstance(fig, Figure):  # pragma: no cover - a SubFigure's axes
            raise PlotError("the axes are not in a Figure")
        return fig, ax
    # Figure() directly (not pyplot): no global state, no GUI backend needed.
    fig = Figure(figsize=size, layout="constrained")
    return fig, fig.add_subplot()


def _cumulative(values: list[Decimal]) -> list[float]:
    total = Decimal(0)
    out = []
    for v in values:
        total += v
        out.append(float(total))
    return out


def _hands_of(tables: TablesLike, player: str) -> pd.DataFrame:
    df = player_hands(tables, player, labels=())
    if df.empty:
        raise PlotError(f"player {player!r} has no hands in these tables")
    return df


def plot_net(tables: TablesLike, player: str, ax: Axes | None = None) -> Figure:
    """Cumulative net won over the player's hands in time order: total, hands that went to
    showdown and hands that did not."""
    df = _hands_of(tables, player)
    fig, ax = _axes(ax)
    nets = [Decimal(0) if v is None else v for v in df["net"].tolist()]
    went = df["went_to_showdown"].tolist()
    x = np.arange(1, len(nets) + 1)
    ax.plot(x, _cumulative(nets), label="total", color="black")
    ax.plot(
        x,
        _cumulative([n if w else Decimal(0) for n, w in zip(nets, went, strict=True)]),
        label="showdown",
        color="tab:blue",
    )
    ax.plot(
        x,
        _cumulative([Decimal(0) if w else n for n, w in zip(nets, went, strict=True)]),
        label="non-showdown",
        color="tab:red",
    )
    ax.axhline(0, color="grey", linewidth=0.5)
    ax.set_xlabel("hands")
    ax.set_ylabel("net won")
    ax.set_title(f"{player}: net won over {len(nets)} hands")
    ax.legend()
    return fig


def plot_positions(tables: TablesLike, player: str, ax: Axes | None = None) -> Figure:
    """bb/100 by position (with the number of hands over each bar)."""
    _hands_of(tables, player)
    stats = player_stats(tables, by="position", players=player).set_index("position")
    fig, ax = _axes(ax)
    labels = [p.value for p in POSITION_ORDER if p.value in stats.index]
    per_100: list[Decimal | None] = stats.loc[labels, "bb_per_100"].tolist()
    hands: list[int] = stats.loc[labels, "hands"].tolist()
    values = [float(v or 0) for v in per_100]
    bars = ax.bar(labels, values, color=["tab:green" if v >= 0 else "tab:red" for v in values])
    ax.bar_label(bars, labels=[f"{n} h" for n in hands])
    ax.axhline(0, color="grey", linewidth=0.5)
    ax.set_ylabel("bb/100")
    ax.set_title(f"{player}: bb/100 by position")
    return fig


_DRAW_BARS = ("pat_1", "pat_2", "pat_3", "break", "snow")


def plot_draw_stats(tables: TablesLike, player: str, ax: Axes | None = None) -> Figure:
    """Draw statistics: pat at each draw, break and snow rates (%), and the mean number of
    cards drawn at each draw (right axis)."""
    _hands_of(tables, player)
    row = player_stats(tables, players=player).iloc[0]
    fig, ax = _axes(ax)
    labels = [stat(n).label for n in _DRAW_BARS]
    rates = [float(np.nan_to_num(row[stat(n).rate])) * 100 for n in _DRAW_BARS]
    bars = ax.bar(labels, rates, color="tab:blue")
    ax.bar_label(bars, labels=[f"{int(row[n])}/{int(row[stat(n).opp])}" for n in _DRAW_BARS])
    ax.set_ylabel("% of opportunities")
    ax.set_ylim(0, 100)
    right = ax.twinx()
    means = [float(np.nan_to_num(row[f"cards_drawn_{k}_rate"])) for k in (1, 2, 3)]
    right.plot(["Pat1", "Pat2", "Pat3"], means, "o-", color="tab:orange", label="mean drawn")
    right.set_ylim(0, 5)
    right.set_ylabel("mean cards drawn")
    right.legend(loc="upper right")
    ax.set_title(f"{player}: draws")
    return fig


def plot_showdown_classes(tables: TablesLike, player: str, ax: Axes | None = None) -> Figure:
    """Net won at showdown by class of the player's hand (count and wins over each bar)."""
    _hands_of(tables, player)
    sd = showdown_classes(tables, player)
    fig, ax = _axes(ax)
    labels = list(sd.index)
    values = [float(v) for v in sd["net"].tolist()]
    bars = ax.bar(labels, values, color=["tab:green" if v >= 0 else "tab:red" for v in values])
    ax.bar_label(bars, labels=[f"{w}/{c}" for w, c in zip(sd["won"], sd["count"], strict=True)])
    ax.axhline(0, color="grey", linewidth=0.5)
    ax.set_ylabel("net won")
    ax.tick_params(axis="x", labelrotation=30)
    ax.set_title(f"{player}: showdowns by hand class (won/count)")
    return fig


def dashboard(tables: TablesLike, player: str) -> Figure:
    """The four figures on one 2 x 2 page."""
    _hands_of(tables, player)
    fig = Figure(figsize=(14.0, 9.0), layout="constrained")
    axes = fig.subplots(2, 2)
    plot_net(tables, player, axes[0][0])
    plot_positions(tables, player, axes[0][1])
    plot_draw_stats(tables, player, axes[1][0])
    plot_showdown_classes(tables, player, axes[1][1])
    return fig
