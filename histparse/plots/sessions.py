"""A graph per playing session: the net over the session's time, in its unit and in big blinds,
under a title strip (start, end, duration, tables, stakes, hands, hands per hour, net, bb/100).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

import pandas as pd
from matplotlib.figure import Figure

from histparse.plots.errors import PlotError
from histparse.plots.net import XAxis, draw_net, fit_strip
from histparse.stats.aggregate import TablesLike, player_hands

__all__ = ["plot_session", "session_file_name", "session_hands"]


def session_hands(tables: TablesLike, row: Mapping[str, Any], per_table: bool) -> pd.DataFrame:
    """The hands of one row of ``histparse.stats.sessions`` (same player, unit and, per table,
    table; from its start to its end), in time order."""
    df = player_hands(tables, str(row["player"]), labels=())
    keep = (df["unit"].astype(str) == str(row["unit"])) & df["started_at"].between(
        row["start"], row["end"]
    )
    if per_table:
        keep &= df["table"].astype(str) == str(row["table_names"])
    return df[keep.to_numpy(dtype=bool)].reset_index(drop=True)


def _text(value: object, suffix: str = "") -> str:
    if not isinstance(value, Decimal):
        return "-"
    return (f"+{value}" if value > 0 else str(value)) + suffix


def _few(stakes: str) -> str:
    """At most two stakes labels, so that the line fits the figure."""
    labels = stakes.split(", ")
    more = f" (+{len(labels) - 2} more)" if len(labels) > 2 else ""
    return ", ".join(labels[:2]) + more


def _strip(row: Mapping[str, Any]) -> str:
    start, end = row["start"], row["end"]
    until = f"{end:%H:%M}" if start.date() == end.date() else f"{end:%Y-%m-%d %H:%M}"
    minutes = int(row["duration"].total_seconds() // 60)
    hph = row["hands_per_hour"]
    rate = "" if hph != hph else f", {float(hph):.0f} hands/h"
    unit = str(row["unit"])
    return (
        f"{row['player']}, session {int(row['session'])}: {start:%Y-%m-%d %H:%M}-{until} UTC "
        f"({minutes // 60} h {minutes % 60:02d} min), {int(row['tables'])} table(s)\n"
        f"{_few(str(row['stakes']))}: {int(row['hands']):,} hands{rate}\n"
        f"net {_text(row['net'], ' ' + unit)} = {_text(row['net_bb'], ' bb')}, "
        f"{_text(row['bb_per_100'], ' bb/100')}, {_text(row['net_per_hour'], f' {unit}/h')}"
    )


def plot_session(
    tables: TablesLike, row: Mapping[str, Any], *, per_table: bool = False, ev: bool = False
) -> Figure:
    """The graph of one session (a row of ``histparse.stats.sessions``, made with the same
    ``per_table``): the net in its unit against the time, with big blinds on the right when the
    big blind never changed, else a second panel in big blinds."""
    df = session_hands(tables, row, per_table)
    if df.empty:
        raise PlotError(f"no hands for session {row['session']} of {row['player']!r}")
    blinds = {b for b in df["big_blind"].tolist() if isinstance(b, Decimal) and b}
    panels = 1 if len(blinds) <= 1 else 2
    fig = Figure(figsize=(9.0, 4.8 * panels), layout="constrained")
    axes = fig.subplots(panels, 1, squeeze=False)
    # One hand alone has no time span to draw against: then against hands.
    x: XAxis = "date" if row["end"] > row["start"] else "hands"
    draw_net(axes[0][0], df, measure="money", x=x, ev=ev)
    axes[0][0].set_title(f"net won ({row['unit']})")
    if panels == 2:
        draw_net(axes[1][0], df, measure="bb", x=x, ev=ev)
        axes[1][0].set_title("net won (big blinds: the stakes changed)")
    fit_strip(fig, _strip(row))
    return fig


def session_file_name(row: Mapping[str, Any]) -> str:
    """``player-unit-NNN.png`` with anything but letters, digits, ``.``, ``_`` and ``-`` made
    ``_`` (a name may hold any character, a file name not)."""

    def safe(text: str) -> str:
        return re.sub(r"[^\w.-]+", "_", text, flags=re.ASCII).strip("._") or "_"

    return f"{safe(str(row['player']))}-{safe(str(row['unit']))}-{int(row['session']):03d}.png"
