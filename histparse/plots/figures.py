"""matplotlib figures of one player's results and statistics.

Each function draws on ``ax`` when given (and returns its figure) or makes a new figure; in a
notebook the returned ``Figure`` displays itself. Sums are computed exactly in decimals; they
become floats only as plot coordinates, at the very end.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

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


def _in_big_blinds(nets: list[Decimal], blinds: list[Decimal]) -> list[Decimal]:
    return [n / b if b else Decimal(0) for n, b in zip(nets, blinds, strict=True)]


def plot_net(
    tables: TablesLike, player: str, ax: Axes | None = None, unit: str | None = None
) -> Figure:
    """Cumulative net won over the player's hands in time order.

    In one unit (the player's only one, or ``unit``): the total, hands that went to showdown
    and hands that did not, in that unit (named on the axis). In several units, which are
    never added: one line per unit, in big blinds, each labelled with its unit and its net."""
    df = _hands_of(tables, player, unit)
    fig, ax = _axes(ax)
    units = sorted({str(u) for u in df["unit"]})
    if len(units) > 1:
        for u in units:
            part = df[df["unit"] == u]
            nets = [Decimal(0) if v is None else v for v in part["net"].tolist()]
            bb = _in_big_blinds(nets, part["big_blind"].tolist())
            x = np.arange(1, len(nets) + 1)
            ax.plot(x, _cumulative(bb), label=f"{u} (net {sum(nets, Decimal(0))} {u})")
        ax.axhline(0, color="grey", linewidth=0.5)
        ax.set_xlabel("hands (in each unit)")
        ax.set_ylabel("net won (big blinds)")
        ax.set_title(f"{player}: net won in {len(units)} units, never added")
        ax.legend()
        return fig
    (u,) = units
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
    ax.set_ylabel(f"net won ({u})")
    ax.set_title(f"{player}: net won over {len(nets)} hands ({u})")
    ax.legend()
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


def plot_positions(
    tables: TablesLike, player: str, ax: Axes | None = None, unit: str | None = None
) -> Figure:
    """bb/100 by position (with the number of hands over each bar), one bar per unit at each
    position when the player played in several (bb/100 of different units are not pooled)."""
    _hands_of(tables, player, unit)
    stats = player_stats(_only(tables, player, unit), by="position", players=player)
    fig, ax = _axes(ax)
    units = sorted({str(u) for u in stats["unit"]})
    present = set(stats["position"].astype(str))
    labels = [p.value for p in POSITION_ORDER if p.value in present]
    width = 0.8 / len(units)
    for i, u in enumerate(units):
        rows = stats[stats["unit"] == u]
        per_100: dict[str, Any] = dict(
            zip(rows["position"].astype(str), rows["bb_per_100"], strict=True)
        )
        counts: dict[str, Any] = dict(zip(rows["position"].astype(str), rows["hands"], strict=True))
        values = [float(per_100.get(p) or 0) for p in labels]
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
        ax.bar_label(bars, labels=[f"{n} h" for n in hands])
    ax.set_xticks(np.arange(len(labels)), labels)
    ax.axhline(0, color="grey", linewidth=0.5)
    ax.set_ylabel("bb/100 (big blinds per 100 hands)")
    if len(units) > 1:
        ax.legend(title="unit")
        ax.set_title(f"{player}: bb/100 by position and unit")
    else:
        ax.set_title(f"{player}: bb/100 by position ({units[0]})")
    return fig


_DRAW_BARS = ("pat_1", "pat_2", "pat_3", "break", "snow")


def plot_draw_stats(
    tables: TablesLike, player: str, ax: Axes | None = None, unit: str | None = None
) -> Figure:
    """Draw statistics: pat at each draw, break and snow rates (%), and the mean number of
    cards drawn at each draw (right axis). Counts, not money: every unit's hands count."""
    _hands_of(tables, player, unit)
    row = _pooled(player_stats(_only(tables, player, unit), players=player))
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


def plot_showdown_classes(
    tables: TablesLike, player: str, ax: Axes | None = None, unit: str | None = None
) -> Figure:
    """Net won at showdown by class of the player's hand (count and wins over each bar), in
    big blinds (so that hands of several units compare without adding their money)."""
    _hands_of(tables, player, unit)
    sd = showdown_classes(tables, player, unit=unit)
    fig, ax = _axes(ax)
    labels = list(sd.index)
    values = [float(v) for v in sd["net_bb"].tolist()]
    bars = ax.bar(labels, values, color=["tab:green" if v >= 0 else "tab:red" for v in values])
    ax.bar_label(bars, labels=[f"{w}/{c}" for w, c in zip(sd["won"], sd["count"], strict=True)])
    ax.axhline(0, color="grey", linewidth=0.5)
    ax.set_ylabel("net won (big blinds)")
    ax.tick_params(axis="x", labelrotation=30)
    ax.set_title(f"{player}: showdowns by hand class (won/count)")
    return fig


def dashboard(tables: TablesLike, player: str, unit: str | None = None) -> Figure:
    """The four figures on one 2 x 2 page (of the hands in ``unit``, or of every unit)."""
    _hands_of(tables, player, unit)
    fig = Figure(figsize=(14.0, 9.0), layout="constrained")
    axes = fig.subplots(2, 2)
    plot_net(tables, player, axes[0][0], unit)
    plot_positions(tables, player, axes[0][1], unit)
    plot_draw_stats(tables, player, axes[1][0], unit)
    plot_showdown_classes(tables, player, axes[1][1], unit)
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
