"""``player_stats``: sum the per-hand stat columns by player (and optionally a grouping key),
then add the rates and the results in big blinds and big bets per 100 hands."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import timedelta
from decimal import Decimal
from fractions import Fraction
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt
import pandas as pd
import pyarrow as pa

from histparse.stats.class_keys import CLASS_KEYS, class_column
from histparse.stats.classes import ShowdownClass
from histparse.stats.definitions import ALL_STATS, SITUATION_STATS
from histparse.stats.situations import has_actions, situation_counts

__all__ = [
    "BY_KEYS",
    "RESULT_COLUMNS",
    "SESSION_GAP",
    "BuyIn",
    "TablesLike",
    "player_hands",
    "player_stats",
    "results_by_class",
    "showdown_classes",
    "tournament_label",
]

BY_KEYS = ("position", "stakes", "game", "date", "table", "session", *CLASS_KEYS)
# The result columns of ``player_stats``, before the stats; money (net, rake_share) is in the
# row's unit, the rest in big blinds or big bets.
RESULT_COLUMNS = (
    "hands", "net", "net_bb", "net_BB", "bb_per_100", "BB_per_100", "rake_share",
    "ev_net", "ev_net_bb", "ev_bb_per_100",
)  # fmt: skip
SESSION_GAP = timedelta(minutes=30)
_RESULT_TYPE = pa.decimal128(38, 2)
_CENT = Decimal("0.01")
# A tournament's buy-in: its parts (prize pool, [bounty,] fee) and their unit (``USD``,
# ``play money``), by (site, tournament id): from its summary or its hands' header.
BuyIn = tuple[tuple[Decimal, ...], str]


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
    situations: bool = False,
) -> pd.DataFrame:
    """The players table joined with the hand facts the aggregation needs (``unit``, ``big_blind``,
    ``big_bet``, ``stakes``, ``started_at``, ``table``), sorted by player and time. ``players``
    keeps only those players. ``labels`` adds ``date`` (the UTC day, ``YYYY-MM-DD``),
    ``session`` (the start, ``YYYY-MM-DD HH:MM`` UTC, of the player's run of hands less than
    ``session_gap`` apart) and the hand classes ``start_class``, ``kept_class``,
    ``kept_class_2``, ``kept_class_3`` (``histparse.stats.class_keys``) as categoricals."""
    p = tables.players
    # Tables made by ``histparse.tables`` carry the situation counts; other tables (older
    # datasets, hand-made frames) get them walked from their actions and draws.
    if situations and SITUATION_STATS[0].name not in p.columns and has_actions(tables):
        p = p.join(situation_counts(tables))
    names = _as_list(players)
    if names:
        p = p[p["player"].isin(names)]
    hand_cols = tables.hands[
        [
            "site",
            "hand_id",
            "unit",
            "game",
            "big_blind",
            "big_bet",
            "stakes",
            "started_at",
            "table_name",
        ]
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
    draws = tables.draws if has_actions(tables) else None
    for key in CLASS_KEYS:
        if key in wanted:
            df[key] = class_column(df, key, draws)
    return df


def _label(times: pd.Series[pd.Timestamp], fmt: str) -> pd.Series[Any]:
    """Times as text, formatting each distinct time once (strftime per row is slow)."""
    cat = times.astype("category")
    return cat.cat.rename_categories([t.strftime(fmt) for t in cat.cat.categories])


def _in_units(
    df: pd.DataFrame,
    keys: list[str],
    unit: str,
    hands: pd.Series[int],
    column: str = "net",
) -> tuple[list[Decimal | None], list[Decimal | None]]:
    """For each group: the sum over hands of ``column`` (the net) / ``unit`` (the big blind or
    big bet), and 100 x that sum divided by the hands; exact (integer ratios), then rounded
    half-even to 2 decimals."""
    sums = df.groupby([*keys, unit], observed=True, sort=False)[column].sum()
    # Each sum's group among ``hands``' (by position: no per-row Python over the index).
    group_index: Any = sums.index
    owners = hands.index.get_indexer(group_index.droplevel(len(keys))).tolist()
    # A group is usually at one big blind: its total stays an integer ratio (num, den), and
    # a Fraction is made only for a group at several.
    totals: list[tuple[int, int] | Fraction | None] = [None] * len(hands)
    for owner, net, size in zip(
        owners,
        python_values(sums),
        python_values(sums.index.get_level_values(len(keys))),
        strict=True,
    ):
        if net is None or size is None or size == 0 or owner < 0:
            continue
        n, d = net.as_integer_ratio()
        sn, sd = size.as_integer_ratio()
        ratio = (n * sd, d * sn) if sn > 0 else (-n * sd, -d * sn)
        seen = totals[owner]
        if seen is None:
            totals[owner] = ratio
        else:
            so_far = seen if isinstance(seen, Fraction) else Fraction(*seen)
            totals[owner] = so_far + Fraction(*ratio)
    whole: list[Decimal | None] = []
    per_100: list[Decimal | None] = []
    for total, n in zip(totals, hands.tolist(), strict=True):
        if total is None or n == 0:
            whole.append(None)
            per_100.append(None)
            continue
        num, den = (total.numerator, total.denominator) if isinstance(total, Fraction) else total
        whole.append(_rounded(num, den))
        per_100.append(_rounded(num * 100, den * int(n)))
    return whole, per_100


def python_values(values: pd.Series[Any] | pd.Index[Any]) -> list[Any]:
    """The values as Python objects (Decimals, None for missing), Arrow-backed ones converted
    in C rather than element by element."""
    array = values.array
    if isinstance(array, pd.arrays.ArrowExtensionArray):
        return list(pa.array(array).to_pylist())
    return [None if v is None or v is pd.NA or v != v else v for v in array.tolist()]


def _rounded(num: int, den: int) -> Decimal:
    """``num / den`` (``den > 0``) rounded half-even to 2 decimals, exactly (a negative value
    that rounds to zero keeps its sign, as Decimal's quantize gives it)."""
    q, r = divmod(num * 100, den)
    if 2 * r > den or (2 * r == den and q % 2):
        q += 1
    value = Decimal(q).scaleb(-2)
    return value.copy_negate() if q == 0 and num < 0 else value


def _decimals(values: Sequence[Decimal | None]) -> pd.arrays.ArrowExtensionArray:
    return pd.arrays.ArrowExtensionArray(pa.array(values, type=_RESULT_TYPE))


def player_stats(
    tables: TablesLike,
    by: str | Sequence[str] | None = None,
    *,
    players: str | Iterable[str] | None = None,
    session_gap: timedelta = SESSION_GAP,
    rows: pd.DataFrame | None = None,
    buy_ins: Mapping[tuple[str, str], BuyIn] | None = None,
) -> pd.DataFrame:
    """One row per player and money unit (and each ``by`` key: position, stakes, date, table
    or session), sorted by player, unit, then key. Amounts of different units (``USD``,
    ``EUR``, ``tournament chips``, ``play money``: ``histparse.stats.units``) are never added:
    each row's money is in its ``unit``.

    Columns: ``unit``, ``hands``, ``net`` (exact decimal, in ``unit``), ``net_bb`` and
    ``net_BB`` (net in big blinds and big bets), ``bb_per_100`` and ``BB_per_100`` (decimals
    rounded to 0.01), ``rake_share`` (in ``unit``), then for every stat ``<stat>``,
    ``<stat>_opp`` and ``<stat>_rate`` (count / opportunities as a float, NaN with no
    opportunity).

    ``rows`` (instead of the tables' rows) are those rows already summed by player, unit, the
    ``by`` keys, big blind and big bet, with their number in ``hands``: how a dataset is
    summed a file at a time (``histparse.export.report``); the result is the same.

    By ``stakes``, a cash game's stakes are in numeric order (by big blind, then label); a
    tournament hand's stakes are its tournament (``tournament_label``: the tournament and
    its buy-in, from ``buy_ins`` by (site, tournament id)), not its blind level. ``rows``
    carry no tournament id: their stakes are as given.
    """
    by_keys = _as_list(by)
    for k in by_keys:
        if k not in BY_KEYS:
            raise ValueError(f"cannot group by {k!r}; choose from {', '.join(BY_KEYS)}")
    sizes: dict[str, Decimal] = {}
    if rows is None:
        df = player_hands(tables, players, session_gap=session_gap, labels=by_keys, situations=True)
        if "stakes" in by_keys:
            df, sizes = _tournament_stakes(df, tables.hands, buy_ins or {})
    else:
        names = _as_list(players)
        df = rows[rows["player"].isin(names)] if names else rows
    for s in SITUATION_STATS:
        if s.name not in df:  # tables without actions: no opportunity seen
            df[s.name] = df[s.opp] = 0
    keys = ["player", "unit", *by_keys]
    counts = [c for s in ALL_STATS for c in (s.name, s.opp)]
    g = df.groupby(keys, observed=True, sort=True)
    out = g[counts].sum().astype("int64")
    hands = g.size() if rows is None else g["hands"].sum()
    out.insert(0, "hands", hands.astype("int64"))
    out.insert(1, "net", g["net"].sum().astype(pd.ArrowDtype(_RESULT_TYPE)))
    for suffix, unit in (("bb", "big_blind"), ("BB", "big_bet")):
        whole, per_100 = _in_units(df, keys, unit, hands)
        out[f"net_{suffix}"] = pd.Series(_decimals(whole), index=out.index)
        out[f"{suffix}_per_100"] = pd.Series(_decimals(per_100), index=out.index)
    out["rake_share"] = g["rake_share"].sum().astype(pd.ArrowDtype(_RESULT_TYPE))
    _add_ev(out, df, keys, hands)
    # The counts as one array: each column read from ``out`` copies its index (the keys), and
    # reading the hundred-odd count columns one by one took a third of this function.
    matrix = out[counts].to_numpy(dtype="int64")
    columns: dict[str, npt.NDArray[Any]] = {}
    for j, s in enumerate(ALL_STATS):
        cnt, opp = matrix[:, 2 * j], matrix[:, 2 * j + 1]
        columns[s.name] = cnt
        columns[s.opp] = opp
        with np.errstate(divide="ignore", invalid="ignore"):
            columns[s.rate] = np.where(opp > 0, cnt / np.where(opp > 0, opp, 1), np.nan)
    stats = pd.DataFrame(columns, index=out.index)
    result = pd.concat([out[list(RESULT_COLUMNS)], stats], axis=1).reset_index()
    if "stakes" in by_keys and len(result):
        result = _stakes_in_order(result, df, by_keys, sizes)
    return result


def tournament_label(tournament_id: str, buy_in: BuyIn | None = None) -> str:
    """A tournament hand's stakes label in ``player_stats(by="stakes")``: its tournament and
    buy-in (``tournament 243560420 (9.60+0.40 USD)``), the buy-in left out when unknown."""
    if buy_in is None:
        return f"tournament {tournament_id}"
    parts, unit = buy_in
    return f"tournament {tournament_id} ({'+'.join(str(p) for p in parts)} {unit})"


def _tournament_stakes(
    df: pd.DataFrame, hands: pd.DataFrame, buy_ins: Mapping[tuple[str, str], BuyIn]
) -> tuple[pd.DataFrame, dict[str, Decimal]]:
    """``df`` with each tournament hand's stakes label its tournament's (``tournament_label``):
    a tournament's blind levels are one row, not one row a level; and each such label's
    buy-in (all its parts), where known, to put them in order."""
    if "tournament_id" not in hands.columns:
        return df, {}
    ids = hands.loc[hands["tournament_id"].notna(), ["site", "hand_id", "tournament_id"]]
    if ids.empty:
        return df, {}
    tid = df[["site", "hand_id"]].merge(ids, on=["site", "hand_id"], how="left")["tournament_id"]
    mask = tid.notna().to_numpy()
    if not mask.any():
        return df, {}
    sites = df["site"].astype(str).to_numpy()[mask]
    numbers = tid.astype(str).to_numpy()[mask]
    pairs = pd.Series(list(zip(sites, numbers, strict=True)), dtype=object)
    names: dict[tuple[str, str], str] = {}
    sizes: dict[str, Decimal] = {}
    for k in pairs.unique():
        names[k] = tournament_label(k[1], buy_ins.get(k))
        if k in buy_ins:
            sizes[names[k]] = sum(buy_ins[k][0], Decimal(0))
    stakes = df["stakes"].astype(object).to_numpy(copy=True)
    stakes[mask] = pairs.map(names).to_numpy()
    out = df.copy()
    out["stakes"] = pd.Categorical(stakes)
    return out, sizes


def _stakes_in_order(
    result: pd.DataFrame, df: pd.DataFrame, by_keys: list[str], sizes: Mapping[str, Decimal]
) -> pd.DataFrame:
    """``result`` with its stakes in numeric order within each player and unit: by big blind
    (``0.10/0.20`` before ``1/2`` before ``10/20``, not as text), then label; a tournament
    (``sizes``: its buy-in) after the cash stakes, by buy-in, then label."""
    smallest = df.groupby(df["stakes"].astype(str), observed=True)["big_blind"].min()
    blinds = {str(k): v for k, v in smallest.items() if isinstance(v, Decimal)}
    none = Decimal("Infinity")

    def key(label: str) -> tuple[int, Decimal, str]:
        if label in sizes or label.startswith("tournament "):
            return (1, sizes.get(label, none), label)
        return (0, blinds.get(label, none), label)

    labels = sorted({str(v) for v in result["stakes"]}, key=key)
    rank = {label: i for i, label in enumerate(labels)}
    ordered = result.assign(_rank=[rank[str(v)] for v in result["stakes"]])
    columns = ["player", "unit", *("_rank" if k == "stakes" else k for k in by_keys)]
    ordered = ordered.sort_values(columns, kind="stable").drop(columns="_rank")
    return ordered.reset_index(drop=True)


def _add_ev(out: pd.DataFrame, df: pd.DataFrame, keys: list[str], hands: pd.Series[int]) -> None:
    """The all-in EV results: ``ev_net`` (in the unit), ``ev_net_bb`` and ``ev_bb_per_100``;
    null for a group with a hand whose EV was not computed (``tables(allin_ev=False)``), since
    a partial sum would read as the whole."""
    if "ev_net" not in df.columns:
        missing = pd.Series(True, index=out.index)
    else:
        # Rows summed beforehand (``rows=``) count their hands without an EV in ``ev_missing``.
        gaps = df["ev_missing"] > 0 if "ev_missing" in df.columns else df["ev_net"].isna()
        missing = gaps.groupby([df[k] for k in keys], observed=True).any()
        missing = missing.reindex(out.index, fill_value=True)
    if missing.all():
        for name in ("ev_net", "ev_net_bb", "ev_bb_per_100"):
            out[name] = pd.Series(_decimals([None] * len(out)), index=out.index)
        return
    ev = df.groupby(keys, observed=True, sort=True)["ev_net"].sum()
    total = [None if gone else v for v, gone in zip(ev.tolist(), missing.tolist(), strict=True)]
    whole, per_100 = _in_units(df, keys, "big_blind", hands, column="ev_net")
    gone = missing.tolist()
    out["ev_net"] = pd.Series(_decimals(total), index=out.index)
    out["ev_net_bb"] = pd.Series(
        _decimals([None if m else v for v, m in zip(whole, gone, strict=True)]), index=out.index
    )
    out["ev_bb_per_100"] = pd.Series(
        _decimals([None if m else v for v, m in zip(per_100, gone, strict=True)]),
        index=out.index,
    )


def showdown_classes(
    tables: TablesLike,
    players: str | Iterable[str] | None = None,
    *,
    unit: str | None = None,
) -> pd.DataFrame:
    """Showdowns by class of the known final hand: ``count``, ``won`` (showdowns that collected
    money), ``net_bb`` (their net in big blinds, rounded to 0.01) and ``net`` (in the unit
    ``attrs["unit"]``; null when the showdowns span several units, which are never added), one
    row per class (all seven, best first), for the given players (or everyone) and ``unit``
    (or every unit)."""
    p = player_hands(tables, players, labels=())
    if unit is not None:
        p = p[p["unit"] == unit]
    p = p[p["showdown_class"].notna()]
    return results_by_class(
        p, p["showdown_class"].tolist(), [c.value for c in ShowdownClass], "showdown_class", unit
    )


def results_by_class(
    p: pd.DataFrame,
    classes: Sequence[str],
    order: Sequence[str],
    name: str,
    unit: str | None = None,
) -> pd.DataFrame:
    """Rows of ``player_hands`` summed by a class given for each row (``classes``): ``count``,
    ``won``, ``net_bb`` (rounded to 0.01) and ``net`` (in ``attrs["unit"]``, null across
    units), one row per class of ``order``, the index named ``name``."""
    units = sorted({str(u) for u in p["unit"].unique()})
    single = units[0] if len(units) == 1 else unit
    rows: dict[str, list[Any]] = {c: [0, 0, Fraction(0), Decimal(0)] for c in order}
    for cls, won, net, bb in zip(
        classes,
        p["won"].tolist(),
        p["net"].tolist(),
        p["big_blind"].tolist(),
        strict=True,
    ):
        row = rows[cls]
        row[0] += 1
        row[1] += int(won)
        if bb:
            row[2] += Fraction(net) / Fraction(bb)
        row[3] += net
    out = pd.DataFrame(
        {
            "count": np.array([r[0] for r in rows.values()], dtype="int64"),
            "won": np.array([r[1] for r in rows.values()], dtype="int64"),
            "net_bb": _decimals(
                [_rounded(r[2].numerator, r[2].denominator) for r in rows.values()]
            ),
            "net": _decimals([r[3] if single else None for r in rows.values()]),
        },
        index=pd.Index(list(rows), name=name),
    )
    out.attrs["unit"] = single if len(units) <= 1 else None
    return out
