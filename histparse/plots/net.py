"""The cumulative net of a player, in money or in big blinds, over hands or dates, and the title
strip that sums a set of hands up (dates, stakes, hands, net and bb/100 per unit).

Money of different units never shares an axis: in money a graph shows one unit; in big blinds
each unit has a line of its own. Sums are exact decimals, floats only as plot coordinates.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from decimal import Decimal
from typing import Any, Literal

import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.dates import AutoDateLocator, ConciseDateFormatter
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator
from matplotlib.transforms import offset_copy

from histparse.plots.errors import PlotError

__all__ = [
    "XAxis",
    "below_axes",
    "cumulative",
    "draw_net",
    "fit_strip",
    "has_ev",
    "legend_columns",
    "new_figure",
    "title_strip",
]

XAxis = Literal["hands", "date"]
Measure = Literal["money", "bb"]

_TOTAL, _SHOWDOWN, _OTHER, _EV = "black", "tab:blue", "tab:red", "tab:purple"


def cumulative(values: Sequence[Decimal]) -> list[float]:
    """Running sums, exact until each becomes a coordinate."""
    total = Decimal(0)
    out = []
    for v in values:
        total += v
        out.append(float(total))
    return out


def _decimals(column: pd.Series[Any]) -> list[Decimal]:
    return [v if isinstance(v, Decimal) else Decimal(0) for v in column.tolist()]


def _in_bb(values: list[Decimal], blinds: list[object]) -> list[Decimal]:
    return [
        v / b if isinstance(b, Decimal) and b else Decimal(0)
        for v, b in zip(values, blinds, strict=True)
    ]


def has_ev(df: pd.DataFrame) -> bool:
    """The rows carry an all-in EV net (tables built with ``allin_ev=True``)."""
    return "ev_net" in df.columns and bool(df["ev_net"].notna().any())


def _signed(value: Decimal, places: str = "0.01") -> str:
    q = value.quantize(Decimal(places))
    return f"+{q}" if q > 0 else str(q)


def _x(df: pd.DataFrame, x: XAxis) -> np.ndarray[tuple[int], np.dtype[np.generic]]:
    if x == "date":
        times = pd.to_datetime(df["started_at"], utc=True).dt.tz_localize(None)
        return np.asarray(times.to_numpy())
    return np.arange(1, len(df) + 1)


def _x_axis(ax: Axes, x: XAxis, several: bool) -> None:
    if x == "date":
        locator = AutoDateLocator(minticks=3, maxticks=7)  # type: ignore[no-untyped-call]
        ax.xaxis.set_major_locator(locator)
        # Concise labels (the year, month or day once, in the corner) never run into each other.
        ax.xaxis.set_major_formatter(ConciseDateFormatter(locator))  # type: ignore[no-untyped-call]
        # On the left: the formatter writes the year or month on the right, under the ticks.
        ax.set_xlabel("date and time (UTC)", loc="left")
    else:
        # Whole hands only: a unit of one hand would otherwise be ticked 0.96 ... 1.04.
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_xlabel("hands played (in each unit)" if several else "hands played")


def draw_net(
    ax: Axes,
    df: pd.DataFrame,
    *,
    measure: Measure,
    x: XAxis = "hands",
    ev: bool = False,
) -> None:
    """Draw ``df``'s (one player's hands in time order) cumulative net on ``ax``.

    In money (one unit only): the total, the showdown and non-showdown parts, and the all-in EV
    net when known; a right axis in big blinds when every hand has the same big blind. In big
    blinds: the same for one unit, one line per unit (and its EV) for several. ``ev`` draws
    the EV line where the rows have it (asked for: the tables carry it by default)."""
    units = sorted({str(u) for u in df["unit"]})
    if x == "date":
        df = df[df["started_at"].notna()]
    show_ev = ev and has_ev(df)
    if measure == "money" and len(units) > 1:
        raise PlotError(
            f"{len(units)} units ({', '.join(units)}): money of different units is never drawn "
            "on one axis; choose one unit, or draw in big blinds"
        )
    if len(units) > 1:
        for u in units:
            part = df[df["unit"].astype(str) == u]
            nets = _decimals(part["net"])
            blinds = part["big_blind"].tolist()
            line = ax.plot(
                _x(part, x),
                cumulative(_in_bb(nets, blinds)),
                marker="o" if len(part) == 1 else None,  # one hand: a point, not nothing
                label=f"{u} (net {sum(nets, Decimal(0))} {u})",
            )[0]
            if show_ev and has_ev(part):
                ev_nets = _decimals(part["ev_net"])
                ax.plot(
                    _x(part, x),
                    cumulative(_in_bb(ev_nets, blinds)),
                    linestyle="--",
                    color=line.get_color(),
                    label=f"{u} all-in EV ({_signed(sum(ev_nets, Decimal(0)))} {u})",
                )
        ax.set_ylabel("net won (big blinds)")
    else:
        _one_unit(ax, df, units[0], measure, x, show_ev)
    ax.axhline(0, color="grey", linewidth=0.5)
    _x_axis(ax, x, len(units) > 1)
    if x == "hands" and len(df) == 1:
        ax.set_xlim(0, 2)  # hand 1 in the middle, not a 0.1-wide window around it
        ax.set_xticks([1])
    # Whole numbers on the money axis, never "1e4" in a corner the legend may cover.
    ax.ticklabel_format(axis="y", style="plain", useOffset=False)
    # The legend goes under the axes (clear of the tick labels and the axis label): the lines
    # fill the frame, and a legend inside it would hide some.
    entries = len(ax.get_lines()) - 1  # the zero line has no label
    ax.legend(
        loc="upper center",
        bbox_to_anchor=(0.5, 0.0),
        bbox_transform=below_axes(ax),
        fontsize="small",
        ncols=legend_columns(entries, several=len(units) > 1 or measure == "money"),
        frameon=False,
    )


def legend_columns(entries: int, *, several: bool) -> int:
    """Columns of a legend under the axes: one per line for a few long labels (several units,
    or money), two when they are many (six units and their EV lines) so that the legend stays
    shorter than the axes it explains."""
    if several:
        return 1 if entries <= 4 else 2
    return 2


def below_axes(ax: Axes) -> Any:
    """A transform placing a legend under ``ax``, clear of its tick labels and axis label."""
    fig = ax.get_figure()
    if not isinstance(fig, Figure):  # pragma: no cover - a SubFigure's axes
        raise PlotError("the axes are not in a Figure")
    return offset_copy(ax.transAxes, fig=fig, y=-34, units="points")


def _one_unit(ax: Axes, df: pd.DataFrame, unit: str, measure: Measure, x: XAxis, ev: bool) -> None:
    nets = _decimals(df["net"])
    blinds = df["big_blind"].tolist()
    went = df["went_to_showdown"].tolist()
    in_bb = measure == "bb"

    def scale(values: list[Decimal]) -> list[Decimal]:
        return _in_bb(values, blinds) if in_bb else values

    def end(values: list[Decimal]) -> str:
        total = sum(scale(values), Decimal(0))
        return f"{_signed(total, '0.1')} bb" if in_bb else f"{_signed(total)} {unit}"

    xs = _x(df, x)
    # One hand is one point: a marker shows it where a line of one point draws nothing.
    dot = "o" if len(xs) == 1 else None
    showdown = [n if w else Decimal(0) for n, w in zip(nets, went, strict=True)]
    other = [Decimal(0) if w else n for n, w in zip(nets, went, strict=True)]
    total, sd_label = f"net won ({end(nets)})", f"showdown ({end(showdown)})"
    ax.plot(xs, cumulative(scale(nets)), color=_TOTAL, marker=dot, label=total)
    ax.plot(xs, cumulative(scale(showdown)), color=_SHOWDOWN, marker=dot, label=sd_label)
    ax.plot(
        xs, cumulative(scale(other)), color=_OTHER, marker=dot, label=f"non-showdown ({end(other)})"
    )
    if ev:
        ev_nets = _decimals(df["ev_net"])
        label = f"all-in EV ({end(ev_nets)})"
        ax.plot(xs, cumulative(scale(ev_nets)), color=_EV, linestyle="--", label=label)
    ax.set_ylabel("net won (big blinds)" if in_bb else f"net won ({unit})")
    distinct = {b for b in blinds if isinstance(b, Decimal) and b}
    if not in_bb and len(distinct) == 1:
        # One big blind throughout: the same line read in big blinds on the right.
        (bb,) = distinct
        size = float(bb)

        def to_bb(v: Any) -> Any:
            return np.asarray(v, dtype=float) / size

        def from_bb(v: Any) -> Any:
            return np.asarray(v, dtype=float) * size

        right = ax.secondary_yaxis("right", functions=(to_bb, from_bb))
        right.set_ylabel(f"big blinds (1 bb = {bb} {unit})")


def title_strip(df: pd.DataFrame, stats: pd.DataFrame, who: str) -> str:
    """Two or more lines: who, how many hands, from when to when (UTC); then per unit its
    hands, stakes (the most played first), net and bb/100 (``stats``: ``player_stats`` rows of
    the player, one per unit)."""
    times = pd.to_datetime(df["started_at"], utc=True).dropna()
    when = ""
    if len(times):
        first, last = times.min(), times.max()
        span = f"{first:%Y-%m-%d}" if first.date() == last.date() else ""
        when = span or f"{first:%Y-%m-%d} to {last:%Y-%m-%d}"
        if first.date() == last.date():
            when += f" {first:%H:%M}-{last:%H:%M} UTC"
    lines = [f"{who}: {len(df):,} hands" + (f", {when}" if when else "")]
    for rec in stats.to_dict("records"):
        unit = str(rec["unit"])
        part = df[df["unit"].astype(str) == unit]
        counts = part["stakes"].astype(str).value_counts()
        stakes = ", ".join(str(s) for s in counts.index[:2])
        if len(counts) > 2:
            stakes += f" (+{len(counts) - 2} more)"
        net = rec["net"]
        per_100 = rec["bb_per_100"]
        money = f"net {_signed(net)} {unit}" if isinstance(net, Decimal) else "net -"
        rate = f"{_signed(per_100)} bb/100" if isinstance(per_100, Decimal) else "bb/100 -"
        lines.append(f"{unit}: {int(rec['hands']):,} hands at {stakes}; {money}, {rate}")
    return "\n".join(lines)


def fit_strip(fig: Figure, text: str) -> None:
    """Set ``text`` as the figure's title strip, each line wrapped to the figure's width (about
    12 characters an inch at the strip's size) so that none runs past its edges."""
    width = max(40, int(fig.get_figwidth() * 12))
    lines = [
        textwrap.fill(line, width, subsequent_indent="  ", break_on_hyphens=False)
        for line in text.split("\n")
    ]
    fig.suptitle("\n".join(lines), fontsize="medium")


def new_figure(size: tuple[float, float] = (8.0, 4.5)) -> tuple[Figure, Axes]:
    """A figure with constrained layout (labels kept inside it) and one axes."""
    fig = Figure(figsize=size, layout="constrained")
    return fig, fig.add_subplot()
