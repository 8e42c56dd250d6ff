"""The tables of a piece's hands straight into Arrow, in the files' schemas (no DataFrame).

``histparse.frames.table_data`` gathers the columns as lists and numpy arrays; this module
types each column as its Parquet file stores it (``FILE_SCHEMAS``). The values are those
``pa.Table.from_pandas(tables(hands).<name>)`` gives, cast to the file schema (a test holds
the two equal), at a fraction of the cost: making the pandas frames and converting them took
about a third of the tables' time in an export.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from histparse.export.errors import DatasetError
from histparse.export.schema import CATEGORY_TYPE, FILE_SCHEMAS, TABLE_COLUMNS, TABLES
from histparse.frames.build import TableData
from histparse.frames.schema import Column, Kind

__all__ = ["arrow_tables"]

_INDEX = pa.int32()


def _dictionary(values: Any, categories: tuple[str, ...] | None) -> pa.DictionaryArray:
    """Names as ``pd.Categorical`` stores them: the categories given (in their order), or the
    distinct values present, sorted (UTF-8 byte order is code point order, as Python sorts)."""
    plain = pa.array(values, pa.string())
    if categories is not None:
        dictionary = pa.array(categories, pa.string())
        indices = pc.index_in(plain, value_set=dictionary).cast(_INDEX)
        return pa.DictionaryArray.from_arrays(indices, dictionary)
    encoded = plain.dictionary_encode()
    dictionary = encoded.dictionary
    order = pc.sort_indices(dictionary).to_numpy()
    rank = np.empty(len(order), dtype=np.int32)
    rank[order] = np.arange(len(order), dtype=np.int32)
    indices = pc.take(pa.array(rank), encoded.indices).cast(_INDEX)
    return pa.DictionaryArray.from_arrays(indices, dictionary.take(pa.array(order)))


def _array(col: Column, values: Any, type_: pa.DataType) -> pa.Array:
    kind = col.kind
    if kind is Kind.CATEGORY:
        return _dictionary(values, col.categories)
    if isinstance(values, np.ndarray):
        return pa.array(np.ascontiguousarray(values), type_)
    if kind is Kind.NULLABLE_FLOAT64:
        return pa.array(values, type_, from_pandas=True)  # NaN is missing, as in pandas
    return pa.array(values, type_)


def _table(name: str, data: dict[str, Any], hand_ids: pa.Array) -> pa.Table:
    schema = FILE_SCHEMAS[name]
    arrays: list[pa.Array] = []
    for col in TABLE_COLUMNS[name]:
        if col.name == "site":  # a partition key: in the directory names
            continue
        type_ = schema.field(col.name).type
        if col.name == "hand_id":
            arrays.append(hand_ids)
            continue
        try:
            arrays.append(_array(col, data[col.name], type_))
        except (pa.ArrowInvalid, pa.ArrowTypeError, OverflowError) as exc:
            raise DatasetError(
                f"the {name} table does not fit its Parquet schema: column {col.name!r}: {exc}"
            ) from None
    return pa.Table.from_arrays(arrays, schema=schema)


def arrow_tables(parts: Sequence[TableData]) -> dict[str, pa.Table]:
    """The four tables of ``parts`` (``histparse.frames.table_data``) in their file schemas."""
    out: dict[str, list[pa.Table]] = {name: [] for name in TABLES}
    for part in parts:
        ids = pa.array(part.hands["hand_id"], pa.string())
        out["hands"].append(_table("hands", part.hands, ids))
        for name in TABLES[1:]:
            counts = np.asarray(part.hand_rows[name], dtype=np.int64)
            rows = np.repeat(np.arange(len(counts)), counts)
            out[name].append(_table(name, getattr(part, name), ids.take(pa.array(rows))))
    return {
        name: tables[0] if len(tables) == 1 else pa.concat_tables(tables)
        for name, tables in out.items()
    }


# The dictionary type every name column is stored as (``_dictionary`` makes int32 indices).
assert pa.dictionary(_INDEX, pa.string()) == CATEGORY_TYPE
