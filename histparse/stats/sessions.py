"""``sessions``: a player's playing sessions, from the hands' own start times.

A session is a run of the player's hands, in one money unit, each starting less than ``gap``
(30 minutes) after the previous one, across tables (or per table with ``per_table``). Its
``start`` and ``end`` are the start times of its first and last hands (a history gives no end
time for a hand).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta
from decimal import ROUND_HALF_EVEN, Decimal

import pandas as pd
import pyarrow as pa

from histparse.stats.aggregate import SESSION_GAP, TablesLike, _in_units, player_hands
from histparse.stats.stakes import stakes_key

__all__ = ["SESSION_COLUMNS", "sessions"]

SESSION_COLUMNS = (
    "player", "unit", "session", "start", "end", "duration", "tables", "table_names", "stakes",
    "hands", "hands_per_hour", "net", "net_bb", "bb_per_100", "net_per_hour",
)  # fmt: skip
_RESULT = pd.ArrowDtype(pa.decimal128(38, 2))
_CENT = Decimal("0.01")


def sessions(
    tables: TablesLike,
    players: str | Iterable[str] | None = None,
    *,
    gap: timedelta = SESSION_GAP,
    per_table: bool = False,
) -> pd.DataFrame:
    """One row per session (``SESSION_COLUMNS``), by player, unit, then start: ``session``
    numbers them from 1 per player and unit; ``duration`` is ``end - start``; ``tables`` counts
    the tables played and ``table_names``/``stakes`` list them (stakes by big blind); ``net``
    (in ``unit``), ``net_bb``, ``bb_per_100`` and ``net_per_hour`` (in ``unit``) are exact
    decimals rounded to 0.01; ``hands_per_hour`` and ``net_per_hour`` are null for a session
    of one instant."""
    df = player_hands(tables, players, labels=())
    keys = ["player", "unit", *(["table"] if per_table else [])]
    df = df.sort_values([*keys, "started_at", "hand_id"], kind="stable", ignore_index=True)
    if df.empty:
        return pd.DataFrame({c: [] for c in SESSION_COLUMNS})
    changed = pd.Series(False, index=df.index)
    for k in keys:
        col = df[k].astype(str)
        changed |= col != col.shift()
    new = changed | (df["started_at"].diff() > pd.Timedelta(gap))
    df["sid"] = new.cumsum().astype("int64")
    g = df.groupby("sid", sort=True)
    hands = g.size().astype("int64")
    start = g["started_at"].min()
    end = g["started_at"].max()
    duration = end - start
    hours = duration.dt.total_seconds() / 3600
    net = g["net"].sum()
    net_bb, per_100 = _in_units(df, ["sid"], "big_blind", hands)
    first = g.first()
    out = pd.DataFrame(
        {
            "player": first["player"].astype(str),
            "unit": first["unit"].astype(str),
            "start": start,
            "end": end,
            "duration": duration,
            "tables": g["table"].nunique().astype("int64"),
            "table_names": g["table"].agg(lambda t: ", ".join(sorted({str(v) for v in t}))),
            # By big blind, as ``--by stakes`` orders them (``0.10/0.20`` before ``1/2``).
            "stakes": g["stakes"].agg(
                lambda t: ", ".join(sorted({str(v) for v in t}, key=stakes_key))
            ),
            "hands": hands,
            "hands_per_hour": (hands / hours).where(hours > 0),
            "net": net.astype(_RESULT),
            "net_bb": pd.Series(net_bb, index=hands.index, dtype=_RESULT),
            "bb_per_100": pd.Series(per_100, index=hands.index, dtype=_RESULT),
            "net_per_hour": pd.Series(
                [_per_hour(n, s) for n, s in zip(net, duration.dt.total_seconds(), strict=True)],
                index=hands.index,
                dtype=_RESULT,
            ),
        }
    )
    out.insert(2, "session", out.groupby(["player", "unit"]).cumcount().astype("int64") + 1)
    return out.reset_index(drop=True)[list(SESSION_COLUMNS)]


def _per_hour(net: object, seconds: float) -> Decimal | None:
    if not isinstance(net, Decimal) or seconds <= 0:
        return None
    value = net * 3600 / Decimal(int(seconds))
    return value.quantize(_CENT, rounding=ROUND_HALF_EVEN)
