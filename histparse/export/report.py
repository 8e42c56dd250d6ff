"""Statistics from a dataset without loading its tables whole.

``player_stats`` sums per-hand columns by player (and its ``by`` keys), so the players table
can be summed a file at a time first: ``stat_rows`` scans only the columns the statistics
read, keeps the rows of the hands asked for, attaches each row's hand facts (unit, blinds,
the grouping keys) and sums them in Arrow by every key ``player_stats`` groups on, big blind
and big bet included. ``player_stats(..., rows=stat_rows(...))`` then finishes exactly as from
the whole tables (sums of sums are the same exact decimals and counts). On 1,000,000 hands the
whole tables take several GB in pandas; the sums a few MB.

Not for ``--by session`` (a session runs across files, in time order per player), nor for
datasets of schema version 1: those load the tables (``histparse.load``).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any, Final

import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.dataset as pads

from histparse.export.loader import _series
from histparse.export.schema import PARTITIONING, SCHEMAS, TABLE_COLUMNS
from histparse.export.store import DatasetDir
from histparse.frames.schema import PLAYERS
from histparse.stats import STATS

__all__ = ["REPORT_HAND_COLUMNS", "STREAMED_BY", "report_hands", "stat_rows", "streams"]

PathArg = str | os.PathLike[str]

# What the filters (``histparse.frames.filters``) and the aggregation read of ``hands``.
REPORT_HAND_COLUMNS: Final = (
    "site", "hand_id", "game", "limit_type", "stakes", "unit", "is_tournament", "max_seats",
    "started_at", "big_blind", "big_bet", "table_name",
)  # fmt: skip
# The ``by`` keys summed per file: all but ``session``.
STREAMED_BY: Final = ("position", "stakes", "game", "date", "table")
_HAND_KEYS: Final = {"stakes": "stakes", "game": "game", "table": "table_name"}
_POSITIONS: Final = next(c.categories for c in PLAYERS if c.name == "position")
_SEP: Final = "\x1f"


def streams(paths: Sequence[PathArg], by: Sequence[str]) -> bool:
    """Whether ``stat_rows`` can answer for these datasets and keys."""
    return all(k in STREAMED_BY for k in by) and all(DatasetDir.open(p).version >= 2 for p in paths)


def report_hands(paths: Sequence[PathArg]) -> pd.DataFrame:
    """The ``hands`` rows of the datasets, only the columns the reports read, typed as
    ``histparse.load`` types them."""
    parts: list[pa.Table] = []
    for path in paths:
        store = DatasetDir.open(path)
        files = store.paths("hands")
        schema = SCHEMAS["hands"]
        if not files:
            parts.append(schema.empty_table().select(list(REPORT_HAND_COLUMNS)))
            continue
        ds = pads.dataset(
            files,
            schema=schema,
            format="parquet",
            partitioning=PARTITIONING,
            partition_base_dir=str(store.root / "hands"),
        )
        parts.append(ds.to_table(columns=list(REPORT_HAND_COLUMNS)))
    table = pa.concat_tables(parts) if len(parts) > 1 else parts[0]
    columns = {c.name: c for c in TABLE_COLUMNS["hands"]}
    return pd.DataFrame({n: _series(columns[n], table.column(n)) for n in REPORT_HAND_COLUMNS})


def _text(values: pd.Series[Any]) -> pa.Array:
    return pa.array(values.astype(object).where(values.notna(), None), pa.string())


def _facts(hands: pd.DataFrame, by: Sequence[str]) -> tuple[pa.Array, pa.Table]:
    """The hands' keys (site and id joined) and, in the same order, the facts each players
    row takes from its hand."""
    keys = pc.binary_join_element_wise(_text(hands["site"]), _text(hands["hand_id"]), _SEP)
    facts: dict[str, pa.Array] = {
        "unit": _text(hands["unit"]),
        "big_blind": pa.array(hands["big_blind"].array),
        "big_bet": pa.array(hands["big_bet"].array),
    }
    for key in by:
        if key in _HAND_KEYS:
            facts[key] = _text(hands[_HAND_KEYS[key]])
        elif key == "date":
            day = hands["started_at"].dt.floor("D").astype("category")
            labels = day.cat.rename_categories([t.strftime("%Y-%m-%d") for t in day.cat.categories])
            facts[key] = _text(labels)
    return keys, pa.table(facts)


def stat_rows(
    paths: Sequence[PathArg], hands: pd.DataFrame, by: Sequence[str] = ()
) -> pd.DataFrame:
    """The players rows of ``hands`` (a ``report_hands`` frame, filtered as wished) summed by
    player, unit, the ``by`` keys, big blind and big bet, with ``hands`` (rows summed): what
    ``player_stats(..., rows=)`` takes."""
    keys, facts = _facts(hands, by)
    counts = [c for s in STATS for c in (s.name, s.opp)]
    wanted = ["site", "hand_id", "player", "net", "rake_share", *counts]
    if "position" in by:
        wanted.append("position")
    group = ["player", "unit", *by, "big_blind", "big_bet"]
    sums: list[pa.Table] = []
    for path in paths:
        store = DatasetDir.open(path)
        files = store.paths("players")
        if not files:
            continue
        ds = pads.dataset(
            files,
            schema=SCHEMAS["players"],
            format="parquet",
            partitioning=PARTITIONING,
            partition_base_dir=str(store.root / "players"),
        )
        for batch in ds.to_batches(columns=wanted, batch_size=1 << 18):
            row_keys = pc.binary_join_element_wise(
                batch.column("site").cast(pa.string()), batch.column("hand_id"), _SEP
            )
            at = pc.index_in(row_keys, value_set=keys)
            kept = pc.is_valid(at)
            batch = batch.filter(kept)
            if not batch.num_rows:
                continue
            at = at.filter(kept)
            data = {n: batch.column(n) for n in wanted if n not in ("site", "hand_id")}
            for n in ("player", "position"):
                if n in data:
                    data[n] = data[n].cast(pa.string())
            for n in facts.column_names:
                data[n] = facts.column(n).take(at)
            table = pa.table(data)
            aggs = [(c, "sum") for c in ("net", "rake_share", *counts)]
            summed = table.group_by(group, use_threads=False).aggregate(
                [*aggs, ("player", "count")]
            )
            sums.append(summed)
    return _frame(sums, group, counts)


def _frame(sums: list[pa.Table], group: list[str], counts: list[str]) -> pd.DataFrame:
    """The Arrow sums as the columns ``player_stats`` groups and sums, typed as the tables."""
    out: dict[str, Any] = {}
    if not sums:
        for n in group:
            out[n] = pd.Series([], dtype=object)
        return pd.DataFrame(out)
    table = pa.concat_tables(sums)
    for n in group:
        column = table.column(n)
        if n in ("big_blind", "big_bet"):
            out[n] = pd.arrays.ArrowExtensionArray(column.combine_chunks())
        elif n == "position":
            out[n] = pd.Categorical(column.to_pylist(), categories=_POSITIONS, ordered=True)
        else:
            out[n] = pd.Categorical(column.to_pylist())
    out["hands"] = table.column("player_count").to_numpy()
    for n in ("net", "rake_share"):
        out[n] = pd.arrays.ArrowExtensionArray(table.column(f"{n}_sum").combine_chunks())
    for n in counts:
        out[n] = table.column(f"{n}_sum").to_numpy()
    return pd.DataFrame(out)
