"""Read a dataset directory back into the tables ``histparse.tables`` makes.

``load(DIR)`` gives the same columns, dtypes and values as ``tables(hands)`` of the exported
hands (row order: by commit, then partition, then as read), so the statistics run on exported
data exactly as on parsed files. Only committed files are read (see ``store``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any, Final

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.dataset as pads

from histparse.export.check import check_dataset
from histparse.export.errors import DatasetError
from histparse.export.schema import (
    CATEGORY_TYPE,
    FINDINGS,
    PARTITIONING,
    SCHEMAS,
    SEVERITIES,
    TABLE_COLUMNS,
    TABLES,
)
from histparse.export.store import DatasetDir
from histparse.frames import Tables
from histparse.frames.schema import Column, Kind
from histparse.stats.definitions import SITUATION_STATS
from histparse.stats.situations import situation_counts
from histparse.stats.stakes import canonical_stakes
from histparse.stats.units import unit_of
from histparse.textio import one_line

__all__ = ["load", "load_findings", "read_arrow", "stakes_column"]

PathArg = str | os.PathLike[str]

_STRING: Final = pd.StringDtype("pyarrow")
_NUMPY: Final = {Kind.BOOL: "bool", Kind.INT8: "int8", Kind.INT16: "int16", Kind.INT32: "int32"}


_NULLABLE: Final = {
    Kind.NULLABLE_INT8: (pa.int8(), pd.Int8Dtype()),
    Kind.NULLABLE_INT16: (pa.int16(), pd.Int16Dtype()),
    Kind.NULLABLE_INT32: (pa.int32(), pd.Int32Dtype()),
}


def _mapper(arrow: pa.DataType, dtype: Any) -> Callable[[pa.DataType], Any]:
    return lambda t: dtype if t == arrow else None


def _categorical(values: pa.ChunkedArray, categories: tuple[str, ...] | None) -> pd.Categorical:
    # From the dictionary's codes, never from a string per row (which took half of a load).
    if not pa.types.is_dictionary(values.type):
        values = values.cast(CATEGORY_TYPE)
    whole = values.unify_dictionaries().combine_chunks() if values.num_chunks else None
    if whole is None or not len(whole):
        names: list[str] = []
        codes = np.empty(0, dtype=np.int32)
    else:
        names = whole.dictionary.to_pylist()
        codes = whole.indices.fill_null(-1).to_numpy().astype(np.int32, copy=False)
    if categories is not None:
        # A value outside the categories is missing, as ``pd.Categorical`` makes it.
        where = {c: i for i, c in enumerate(categories)}
        remap = np.array([where.get(n, -1) for n in names] + [-1], dtype=np.int32)
        fixed: pd.Index[Any] = pd.Index(list(categories))
        return pd.Categorical.from_codes(remap[codes], categories=fixed, ordered=True)
    # As ``tables`` makes them: the sorted distinct values present, text even when none is
    # (``frames.schema``), so that batches join.
    present = np.unique(codes[codes >= 0])
    ordered = sorted(present.tolist(), key=names.__getitem__)
    remap = np.full(len(names) + 1, -1, dtype=np.int32)
    remap[ordered] = np.arange(len(ordered), dtype=np.int32)
    cats: pd.Index[Any] = pd.Index([names[i] for i in ordered], dtype=str)
    return pd.Categorical.from_codes(remap[codes], categories=cats)


def stakes_column(column: pa.ChunkedArray) -> pa.ChunkedArray:
    """A stored ``stakes`` column with each label as ``stakes_label`` writes it: datasets
    exported before the labels were one per stake hold ``1/2`` beside ``1.00/2.00``. The
    column as it is when every label already is (text where one was rewritten)."""
    labels = [v for v in pc.unique(column).to_pylist() if v is not None]
    fixed = [canonical_stakes(str(v)) for v in labels]
    if fixed == labels:
        return column
    texts = column.cast(pa.string())
    where = pc.index_in(texts, value_set=pa.array(labels, pa.string()))
    return pa.chunked_array([pa.array(fixed, pa.string()).take(where.combine_chunks())])


def _series(col: Column, values: pa.ChunkedArray) -> pd.Series[Any]:
    kind = col.kind
    name = col.name
    if kind is Kind.MONEY:
        return pd.Series(pd.arrays.ArrowExtensionArray(values.combine_chunks()), name=name)
    if kind is Kind.CATEGORY:
        return pd.Series(_categorical(values, col.categories), name=name)
    if kind is Kind.STRING:
        return pd.Series(values.to_pandas(types_mapper=_mapper(pa.string(), _STRING)), name=name)
    if kind is Kind.TIMESTAMP:
        return pd.Series(values.to_pandas(), name=name).astype("datetime64[ns, UTC]")
    nullable = _NULLABLE.get(kind)
    if nullable is not None:
        mapper = _mapper(*nullable)
        return pd.Series(values.to_pandas(types_mapper=mapper), name=name)
    if kind is Kind.NULLABLE_FLOAT64:
        mapper = _mapper(pa.float64(), pd.Float64Dtype())
        return pd.Series(values.to_pandas(types_mapper=mapper), name=name)
    dtype = _NUMPY[kind]
    return pd.Series(np.asarray(values.to_numpy(), dtype=dtype), name=name)


def read_arrow(path: PathArg, dataset: str) -> pa.Table:
    """One dataset of the directory as an Arrow table with its full schema (``SCHEMAS``,
    partition columns included), from the committed files only."""
    store = DatasetDir.open(path)
    check_dataset(store, (dataset,))
    return _read(store, dataset)


def _read(store: DatasetDir, dataset: str) -> pa.Table:
    schema = SCHEMAS[dataset]
    paths = store.paths(dataset)
    if not paths:
        return schema.empty_table()
    if dataset in TABLE_COLUMNS:
        ds = pads.dataset(
            paths,
            schema=schema,
            format="parquet",
            partitioning=PARTITIONING,
            partition_base_dir=str(store.root / dataset),
        )
    else:
        ds = pads.dataset(paths, schema=schema, format="parquet")
    try:
        return ds.to_table()
    except (pa.ArrowException, OSError, ValueError, RecursionError) as exc:
        # Damage the files' footers did not show (a corrupt data page): named by the files.
        raise DatasetError(f"{store.root / dataset}: unreadable: {one_line(exc)}") from None


def load(path: PathArg, only: Sequence[str] = TABLES) -> Tables:
    """The ``hands``, ``players``, ``actions`` and ``draws`` tables of a dataset directory,
    exactly as ``histparse.tables`` makes them. ``only`` names the tables to read (``hands``
    always among them); the others come back empty, with their columns (the reports read
    only ``hands`` and ``players``). Raises ``DatasetError`` if ``path`` is not a histparse
    dataset of a version this histparse reads."""
    store = DatasetDir.open(path)
    wanted = {"hands", *only}
    check_dataset(store, tuple(name for name in TABLES if name in wanted))
    frames: dict[str, pd.DataFrame] = {}
    sites: pd.Index[Any] | None = None
    for name in TABLES:
        table = _read(store, name) if name in wanted else SCHEMAS[name].empty_table()
        if name == "hands" and store.version < 2:
            table = _units_of_version_1(table)
        if name == "hands" and table.num_rows:
            at = table.schema.get_field_index("stakes")
            table = table.set_column(at, "stakes", stakes_column(table.column(at)))
        if name == "players" and store.version < 3:
            table = _zero_situations(table)
        if name == "players" and store.version < 4:
            table = _trackers_positions(table)
        data = {c.name: _series(c, table.column(c.name)) for c in TABLE_COLUMNS[name]}
        if sites is None:
            sites = data["site"].cat.categories
        else:
            # As in ``tables``: every table's ``site`` has the categories of ``hands``.
            data["site"] = pd.Series(
                pd.Categorical(data["site"].astype(object), categories=sites), name="site"
            )
        frames[name] = pd.DataFrame(data)
    if store.version < 3 and {"actions", "draws"} <= wanted:
        # Version 3 stores the situation counts; before, they are walked from the actions.
        walked = situation_counts(Tables(**frames))
        players = frames["players"]
        for column in walked.columns:
            players[column] = walked[column].astype(players[column].dtype).to_numpy()
    return Tables(**frames)


_SITUATION_COLUMNS: Final = frozenset(c for s in SITUATION_STATS for c in (s.name, s.opp))


def _trackers_positions(players: pa.Table) -> pa.Table:
    """Before version 4 the first to act of seven players or more was EP and the second UTG:
    the trackers' UTG and UTG+1 (more than one EP, at eight players or more, were all EP then:
    each becomes UTG, its order lost)."""
    i = players.schema.get_field_index("position")
    positions = players.column(i).cast(pa.string()).to_pylist()
    if "EP" not in positions:
        return players
    sites = players.column("site").cast(pa.string()).to_pylist()
    ids = players.column("hand_id").cast(pa.string()).to_pylist()
    with_ep = {(s, h) for s, h, p in zip(sites, ids, positions, strict=True) if p == "EP"}
    renamed = [
        "UTG" if p == "EP" else "UTG+1" if p == "UTG" and (s, h) in with_ep else p
        for s, h, p in zip(sites, ids, positions, strict=True)
    ]
    field = players.schema.field(i)
    return players.set_column(i, field, pa.array(renamed, pa.string()).cast(field.type))


def _zero_situations(players: pa.Table) -> pa.Table:
    """Before version 3 the players files had no situation counts (read as nulls): zeros,
    until ``load`` walks them from the actions and draws."""
    for i, f in enumerate(players.schema):
        if f.name in _SITUATION_COLUMNS:
            players = players.set_column(
                i,
                f,
                pa.nulls(players.num_rows, f.type).fill_null(
                    pa.scalar(0 if pa.types.is_integer(f.type) else False, f.type)
                ),
            )
    return players


def _units_of_version_1(hands: pa.Table) -> pa.Table:
    """Version 1 had no ``unit`` nor ``is_play_money``: a cash hand without a currency was a
    play-money one (PokerStars writes a currency for every real-money cash game)."""
    currency = hands.column("currency").cast(pa.string()).to_pylist()
    tournament = hands.column("is_tournament").to_pylist()
    play = [not t and c is None for c, t in zip(currency, tournament, strict=True)]
    units = [
        unit_of(c, is_tournament=bool(t), is_play_money=p)
        for c, t, p in zip(currency, tournament, play, strict=True)
    ]
    for name, values in (("unit", pa.array(units, CATEGORY_TYPE)), ("is_play_money", play)):
        i = hands.schema.get_field_index(name)
        hands = hands.set_column(
            i,
            hands.schema.field(i),
            pa.array(values, hands.schema.field(i).type)
            if not isinstance(values, pa.Array)
            else values,
        )
    return hands


def load_findings(path: PathArg) -> pd.DataFrame:
    """The ``findings`` dataset: ``site``, ``hand_id``, ``code``, ``severity`` (ordered
    categorical info < warning < error), ``message``, ``file``, ``line`` (nullable int)."""
    store = DatasetDir.open(path)
    check_dataset(store, ("findings",))
    table = _read(store, "findings")
    data: dict[str, Any] = {}
    for f in FINDINGS:
        values = table.column(f.name)
        if f.name == "severity":
            data[f.name] = _categorical(values, SEVERITIES)
        elif pa.types.is_dictionary(f.type):
            data[f.name] = _categorical(values, None)
        elif f.name == "line":
            data[f.name] = values.to_pandas(types_mapper=_mapper(pa.int32(), pd.Int32Dtype()))
        else:
            data[f.name] = values.to_pandas(types_mapper=_mapper(pa.string(), _STRING))
    return pd.DataFrame(data)
