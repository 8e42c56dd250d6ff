"""``player_stats``: sum the per-hand stat columns by player (and optionally a grouping key),
then add the rates and the results in big blinds and big bets per 100 hands."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import timedelta
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from typing import Any, Protocol

import numpy as np
import pandas as pd
import pyarrow as pa

from histparse.stats.classes import ShowdownClass
from histparse.stats.definitions import STATS

__all__ = [
    "BY_KEYS",
    "SESSION_GAP",
    "TablesLike",
    "player_hands",
    "player_stats",
    "showdown_classes",
]

BY_KEYS = ("position", "stakes", "date", "table", "session")
SESSION_GAP = timedelta(minutes=30)
_RESULT_TYPE = pa.decimal128(38, 2)
_CENT = Decimal("0.01")


class TablesLike(Protocol):
    """What the aggregation reads: ``histparse.frames.Tables`` or anything with these frames."""

    @property
    def hands(self) -> pd.DataFrame: ...

    @property
    def players(self) -> pd.DataFrame: ...


def _as_list(value: str | Iterable[str] | None) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    return list(value)


def player_hands(
    tables: TablesLike,
    players: str | Iterable[str] | None = None,
    *,
    session_gap: timedelta = SESSION_GAP,
    labels: Iterable[str] = ("date", "session"),
) -> pd.DataFrame:
    """The players table joined with the hand facts the aggregation needs (``big_blind``,
    ``big_bet``, ``stakes``, ``started_at``, ``table``), sorted by player and time. ``players``
    keeps only those players. ``labels`` adds ``date`` (the UTC day, ``YYYY-MM-DD``) and
    ``session`` (the start, ``YYYY-MM-DD HH:MM`` UTC, of the player's run of hands less than
    ``session_gap`` apart) as categoricals."""
    p = tables.players
    names = _as_list(players)
    if names:
        p = p[p["player"].isin(names)]
    hand_cols = tables.hands[
        ["site", "hand_id", "big_blind", "big_bet", "stakes", "started_at", "table_name"]
    ].rename(columns={"table_name": "table"})
    df = p.merge(hand_cols, on=["site", "hand_id"], how="left", validate="many_to_one")
    df = df.sort_values(["player", "started_at", "hand_id"], kind="stable", ignore_index=True)
    wanted = set(labels)
    if "date" in wanted:
        df["date"] = _label(df["started_at"].dt.floor("D"), "%Y-%m-%d")
    if "session" in wanted:
        codes = df["player"].astype("category").cat.codes
        gap = df["started_at"].diff() > pd.Timedelta(session_gap)
        new = (codes != codes.shift()) | gap
        df["session"] = _label(df["started_at"].where(new).ffill(), "%Y-%m-%d %H:%M")
    return df


def _label(times: pd.Series[pd.Timestamp], fmt: str) -> pd.Series[Any]:
    """Times as text, formatting each distinct time once (strftime per row is slow)."""
    cat = times.astype("category")
    return cat.cat.rename_categories([t.strftime(fmt) for t in cat.cat.categories])


def _per_100(
    df: pd.DataFrame,
    keys: list[str],
    unit: str,
    hands: pd.Series[int],
) -> list[Decimal | None]:
    """100 x the sum over hands of net / unit, divided by the hands, for each group; exact
    (fractions) and then rounded half-even to 2 decimals."""
    sums = df.groupby([*keys, unit], observed=True, sort=False)["net"].sum()
    totals: dict[object, Fraction] = {}
    for idx, net in sums.items():
        parts = idx if isinstance(idx, tuple) else (idx,)
        key = parts[:-1] if len(parts) > 2 else parts[0]
        size = parts[-1]
        if net is None or size is None or pd.isna(size) or size == 0:
            continue
        totals[key] = totals.get(key, Fraction(0)) + Fraction(net) / Fraction(size)
    out: list[Decimal | None] = []
    for key, n in hands.items():
        total = totals.get(key)
        if total is None or n == 0:
            out.append(None)
            continue
        value = total * 100 / int(n)
        q = Decimal(value.numerator) / Decimal(value.denominator)
        out.append(q.quantize(_CENT, rounding=ROUND_HALF_EVEN))
    return out


def _decimals(values: Sequence[Decimal | None]) -> pd.arrays.ArrowExtensionArray:
    return pd.arrays.ArrowExtensionArray(pa.array(values, type=_RESULT_TYPE))


def player_stats(
    tables: TablesLike,
    by: str | Sequence[str] | None = None,
    *,
    players: str | Iterable[str] | None = None,
    session_gap: timedelta = SESSION_GAP,
) -> pd.DataFrame:
    """One row per player (or per player and each ``by`` key: position, stakes, date, table or
    session), sorted by player then key.

    Columns: ``hands``, ``net`` (exact decimal), ``bb_per_100`` and ``BB_per_100`` (decimals
    rounded to 0.01), ``rake_share``, then for every stat ``<stat>``, ``<stat>_opp`` and
    ``<stat>_rate`` (count / opportunities as a float, NaN with no opportunity).
    """
    by_keys = _as_list(by)
    for k in by_keys:
        if k not in BY_KEYS:
            raise ValueError(f"cannot group by {k!r}; choose from {', '.join(BY_KEYS)}")
    df = player_hands(tables, players, session_gap=session_gap, labels=by_keys)
    keys = ["player", *by_keys]
    counts = [c for s in STATS for c in (s.name, s.opp)]
    g = df.groupby(keys, observed=True, sort=True)
    out = g[counts].sum().astype("int64")
    hands = g.size()
    out.insert(0, "hands", hands.astype("int64"))
    out.insert(1, "net", g["net"].sum().astype(pd.ArrowDtype(_RESULT_TYPE)))
    for pos, (name, unit) in enumerate((("bb_per_100", "big_blind"), ("BB_per_100", "big_bet"))):
        values = _per_100(df, keys, unit, hands)
        out.insert(2 + pos, name, pd.Series(_decimals(values), index=out.index))
    out.insert(4, "rake_share", g["rake_share"].sum().astype(pd.ArrowDtype(_RESULT_TYPE)))
    rates = {}
    for s in STATS:
        opp = out[s.opp].to_numpy(dtype="float64")
        cnt = out[s.name].to_numpy(dtype="float64")
        with np.errstate(divide="ignore", invalid="ignore"):
            rates[s.rate] = np.where(opp > 0, cnt / np.where(opp > 0, opp, 1), np.nan)
    ordered: dict[str, object] = {
        c: out[c] for c in ("hands", "net", "bb_per_100", "BB_per_100", "rake_share")
    }
    for s in STATS:
        ordered[s.name] = out[s.name]
        ordered[s.opp] = out[s.opp]
        ordered[s.rate] = pd.Series(rates[s.rate], index=out.index)
    result = pd.DataFrame(ordered, index=out.index).reset_index()
    return result


def showdown_classes(
    tables: TablesLike, players: str | Iterable[str] | None = None
) -> pd.DataFrame:
    """Showdowns by class of the known final hand: ``count``, ``won`` (showdowns that collected
    money) and ``net``, one row per class (all seven, best first), for the given players or for
    everyone."""
    p = tables.players
    names = _as_list(players)
    if names:
        p = p[p["player"].isin(names)]
    p = p[p["showdown_class"].notna()]
    g = p.groupby("showdown_class", observed=False, sort=True)
    out = pd.DataFrame(
        {
            "count": g.size().astype("int64"),
            "won": g["won"].sum().astype("int64"),
            "net": g["net"].sum().astype(pd.ArrowDtype(_RESULT_TYPE)),
        }
    )
    out = out.reindex([c.value for c in ShowdownClass])
    out["count"] = out["count"].fillna(0).astype("int64")
    out["won"] = out["won"].fillna(0).astype("int64")
    out["net"] = _decimals([Decimal(0) if pd.isna(v) else v for v in out["net"].tolist()])
    out.index.name = "showdown_class"
    return out
