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

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from histparse.export.loader import _series
from histparse.export.schema import FILE_SCHEMAS, SCHEMAS, TABLE_COLUMNS
from histparse.export.store import DatasetDir, Partition, _parse_partition
from histparse.frames import Tables
from histparse.frames.schema import PLAYERS
from histparse.stats import ALL_STATS
from histparse.stats.definitions import SITUATION_STATS
from histparse.stats.situations import situation_counts

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


def streams(paths: Sequence[PathArg], by: Sequence[str]) -> bool:
    """Whether ``stat_rows`` can answer for these datasets and keys."""
    return all(k in STREAMED_BY for k in by) and all(DatasetDir.open(p).version >= 2 for p in paths)


def _pairs(paths: Sequence[PathArg]) -> list[tuple[Partition, str, str | None]]:
    """Every committed ``hands`` file with its partition and the ``players`` file of the same
    batch and partition (an export writes both in one commit), if there is one."""
    return [(part, hands, twins["players"]) for part, hands, twins in _batches(paths)]


def _batches(paths: Sequence[PathArg]) -> list[tuple[Partition, str, dict[str, str | None]]]:
    """Every committed ``hands`` file with its partition and the ``players``, ``actions`` and
    ``draws`` files of the same batch and partition, where there are. The ``actions`` and
    ``draws`` files are named only for datasets older than version 3, whose players files lack
    the situation counts (walked from those files instead)."""
    out: list[tuple[Partition, str, dict[str, str | None]]] = []
    for path in paths:
        store = DatasetDir.open(path)
        names = ("players",) if store.version >= 3 else ("players", "actions", "draws")
        committed = {name: set(store.files[name]) for name in names}
        for rel in store.files["hands"]:
            part = _parse_partition(rel)
            assert part is not None
            twins: dict[str, str | None] = dict.fromkeys(("actions", "draws"))
            for name, files in committed.items():
                twin = f"{name}/" + rel.removeprefix("hands/")
                twins[name] = str(store.root / twin) if twin in files else None
            out.append((part, str(store.root / rel), twins))
    return out


# What the situation statistics (``histparse.stats.situations``) read of each table.
_SITUATION_COLUMNS: Final = {
    "hands": ("hand_id", "limit_type", "small_bet", "big_blind"),
    "players": ("hand_id", "player", "position"),
    "actions": ("hand_id", "seq", "round", "player", "action", "to_amount", "all_in"),
    "draws": ("hand_id", "draw", "player", "discarded"),
}


def _typed(table: str, path: str, site: str) -> pd.DataFrame:
    """The situation statistics' columns of one file, typed as ``histparse.load`` types them."""
    names = _SITUATION_COLUMNS[table]
    t = pq.read_table(path, columns=list(names), schema=FILE_SCHEMAS[table])
    by_name = {c.name: c for c in TABLE_COLUMNS[table]}
    frame = pd.DataFrame({n: _series(by_name[n], t.column(n)) for n in names})
    frame.insert(0, "site", site)
    return frame


def _situations(part: Partition, hands: str, twins: dict[str, str | None]) -> pd.DataFrame | None:
    """The situation counts of one batch's players rows (in the file's order), walked over its
    actions and draws files; None when the batch has no actions file."""
    actions, draws, players = twins["actions"], twins["draws"], twins["players"]
    if actions is None or draws is None or players is None:
        return None
    site = part[0]
    batch = Tables(
        _typed("hands", hands, site),
        _typed("players", players, site),
        _typed("actions", actions, site),
        _typed("draws", draws, site),
    )
    return situation_counts(batch)


def report_hands(paths: Sequence[PathArg]) -> pd.DataFrame:
    """The ``hands`` rows of the datasets, only the columns the reports read, typed as
    ``histparse.load`` types them, with ``_file``: the number of the file they came from."""
    columns = [n for n in REPORT_HAND_COLUMNS if n != "site"]
    parts: list[pa.Table] = []
    for i, (part, hands, _) in enumerate(_pairs(paths)):
        t = pq.read_table(hands, columns=columns, schema=FILE_SCHEMAS["hands"])
        n = t.num_rows
        t = t.append_column("site", pa.array([part[0]] * n, pa.string()))
        parts.append(t.append_column("_file", pa.array(np.full(n, i, dtype=np.int32))))
    if not parts:
        empty = SCHEMAS["hands"].empty_table().select(list(REPORT_HAND_COLUMNS))
        parts.append(empty.append_column("_file", pa.array([], pa.int32())))
    table = pa.concat_tables(parts) if len(parts) > 1 else parts[0]
    by_name = {c.name: c for c in TABLE_COLUMNS["hands"]}
    data = {n: _series(by_name[n], table.column(n)) for n in REPORT_HAND_COLUMNS}
    data["_file"] = pd.Series(table.column("_file").to_numpy(), name="_file")
    return pd.DataFrame(data)


def _text(values: pd.Series[Any]) -> pa.Array:
    return pa.array(values.astype(object).where(values.notna(), None), pa.string())


def _facts(hands: pd.DataFrame, by: Sequence[str]) -> pa.Table:
    """The hand ids and, in the same order, the facts each players row takes from its hand."""
    facts: dict[str, pa.Array] = {
        "hand_id": _text(hands["hand_id"]),
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
    return pa.table(facts)


def stat_rows(
    paths: Sequence[PathArg], hands: pd.DataFrame, by: Sequence[str] = ()
) -> pd.DataFrame:
    """The players rows of ``hands`` (a ``report_hands`` frame, filtered as wished) summed by
    player, unit, the ``by`` keys, big blind and big bet, with ``hands`` (rows summed): what
    ``player_stats(..., rows=)`` takes. One players file is read at a time, its columns that
    the statistics read only, and matched with the hands of its own batch."""
    facts = _facts(hands, by)
    files = hands["_file"].to_numpy()
    batches = _batches(paths)
    counts = [c for s in ALL_STATS for c in (s.name, s.opp)]
    walked_names = [c for s in SITUATION_STATS for c in (s.name, s.opp)]
    base = ["hand_id", "player", "net", "rake_share", "ev_net"]
    if "position" in by:
        base.append("position")
    group = ["player", "unit", *by, "big_blind", "big_bet"]
    sums: list[pa.Table] = []
    pending: list[pa.Table] = []
    held = 0
    order = np.argsort(files, kind="stable")
    bounds = np.searchsorted(files[order], np.arange(len(batches) + 1))
    for i, (part, hands_file, twins) in enumerate(batches):
        rows = order[bounds[i] : bounds[i + 1]]
        players = twins["players"]
        if players is None or not len(rows):
            continue
        mine = facts.take(pa.array(rows))
        old = twins["actions"] is not None  # before version 3: no situation counts stored
        wanted = [*base, *(c for c in counts if not old or c not in walked_names)]
        batch = pq.read_table(players, columns=wanted, schema=FILE_SCHEMAS["players"])
        if old:
            walked = _situations(part, hands_file, twins)
            for name in walked_names:
                values = np.zeros(batch.num_rows, np.int64) if walked is None else walked[name]
                batch = batch.append_column(name, pa.array(np.asarray(values, dtype=np.int64)))
        # A sum skips nulls: how many rows had no EV, so a partial EV sum is not read as whole.
        missing = pc.cast(pc.is_null(batch.column("ev_net")), pa.int64())
        batch = batch.append_column("ev_missing", missing)
        at = pc.index_in(batch.column("hand_id"), value_set=mine.column("hand_id"))
        kept = pc.is_valid(at)
        batch = batch.filter(kept)
        if not batch.num_rows:
            continue
        at = at.filter(kept)
        data = {n: batch.column(n) for n in batch.column_names if n != "hand_id"}
        for n in ("player", "position"):
            if n in data:
                data[n] = data[n].cast(pa.string())
        for n in mine.column_names[1:]:
            data[n] = mine.column(n).take(at)
        data["hands"] = pa.array(np.ones(batch.num_rows, dtype=np.int64))
        pending.append(pa.table(data))
        held += batch.num_rows
        if held >= _ROWS_AT_ONCE:
            sums = [_summed([*sums, _summed(pending, group)], group)]
            pending, held = [], 0
    if pending:
        sums = [_summed([*sums, _summed(pending, group)], group)]
    return _frame(sums, group, counts)


# Players rows gathered before they are summed: one group-by over many files costs far less
# than one per file, and the rows held stay a few tens of MB.
_ROWS_AT_ONCE: Final = 1 << 19


def _summed(tables: list[pa.Table], group: list[str]) -> pa.Table:
    """``tables`` (same columns) summed by ``group``, with the sums under the same names."""
    table = pa.concat_tables(tables) if len(tables) > 1 else tables[0]
    values = [n for n in table.column_names if n not in group]
    out = table.group_by(group, use_threads=False).aggregate([(n, "sum") for n in values])
    return out.rename_columns([n.removesuffix("_sum") for n in out.column_names])


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
    out["hands"] = table.column("hands").to_numpy()
    out["ev_missing"] = table.column("ev_missing").to_numpy()
    for n in ("net", "rake_share", "ev_net"):
        out[n] = pd.arrays.ArrowExtensionArray(table.column(n).combine_chunks())
    for n in counts:
        out[n] = table.column(n).to_numpy()
    return pd.DataFrame(out)
