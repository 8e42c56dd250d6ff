"""The Arrow schemas of the five Parquet datasets, their version and their documentation.

The four table datasets (``hands``, ``players``, ``actions``, ``draws``) take their columns from
``histparse.frames.schema`` (one source of truth for names, order and meanings); this module
says how each column kind is stored in Arrow/Parquet. ``findings`` is defined here.

The four tables are Hive-partitioned by ``site`` and ``month`` (``site=PokerStars/month=2011-06``):
those two columns live in the directory names, not in the files. ``findings`` is not partitioned.

``SCHEMA_VERSION`` is written into every file's metadata and into the dataset's
``_histparse.json``; ``SCHEMA_FINGERPRINT`` pins the stored layout (names, types, nullability),
so that a change of the table schema that is not matched by a new version fails a test.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Final

import pyarrow as pa
import pyarrow.dataset as pads

from histparse.frames.schema import ACTIONS, DRAWS, HANDS, MONEY_SCALE, PLAYERS, Column, Kind

__all__ = [
    "CATEGORY_TYPE",
    "DATASETS",
    "FILE_SCHEMAS",
    "FINDINGS",
    "MONEY_TYPE",
    "PARTITIONING",
    "PARTITION_KEYS",
    "PARTITION_SCHEMA",
    "READABLE_VERSIONS",
    "SCHEMAS",
    "SCHEMA_FINGERPRINT",
    "SCHEMA_VERSION",
    "SEVERITIES",
    "TABLES",
    "TABLE_COLUMNS",
    "TIMESTAMP_TYPE",
    "arrow_type",
    "fingerprint",
    "markdown",
    "schema_version_of",
    "sections",
    "type_name",
]

SCHEMA_VERSION: Final = 5
# Version 1 lacks the columns version 2 added (units, cards, source, digest); ``load`` reads
# them as nulls (``unit`` is derived again from the other columns). Version 2 lacks the
# players' situation counts (``rfi``, ``cbet``...), which ``load`` walks from the actions.
# Version 3 lacks ``hands.allin_ev_note`` (read as null), wrote ``total_pot`` as each site's
# summary said it, and named the first of seven or more players EP (read as UTG, and that
# hand's UTG as UTG+1: the trackers' names of version 4). Version 4 lacks the players'
# ``allin_equity_alt``, ``allin_policy_alt`` and ``allin_equity_diff`` (read as null).
READABLE_VERSIONS: Final = (1, 2, 3, 4, 5)
SCHEMA_FINGERPRINT: Final = "7d459e6edfce23f8"

VERSION_KEY: Final = b"histparse.schema_version"
DATASET_KEY: Final = b"histparse.dataset"
DESCRIPTION_KEY: Final = b"description"

TABLE_COLUMNS: dict[str, tuple[Column, ...]] = {
    "hands": HANDS,
    "players": PLAYERS,
    "actions": ACTIONS,
    "draws": DRAWS,
}
TABLES: Final = tuple(TABLE_COLUMNS)
DATASETS: Final = (*TABLES, "findings")

MONEY_TYPE: Final = pa.decimal128(18, MONEY_SCALE)
# Microseconds rather than nanoseconds: every Parquet reader (DuckDB, Spark, older pyarrow)
# reads them, and histories are written to the second.
TIMESTAMP_TYPE: Final = pa.timestamp("us", tz="UTC")
# Dictionary-encoded so that pandas reads names back as categoricals; int32 indices because a
# file can hold more than 32,767 distinct player names.
CATEGORY_TYPE: Final = pa.dictionary(pa.int32(), pa.string())

_ARROW: dict[Kind, pa.DataType] = {
    Kind.MONEY: MONEY_TYPE,
    Kind.CATEGORY: CATEGORY_TYPE,
    Kind.STRING: pa.string(),
    Kind.BOOL: pa.bool_(),
    Kind.INT8: pa.int8(),
    Kind.INT16: pa.int16(),
    Kind.INT32: pa.int32(),
    Kind.NULLABLE_INT8: pa.int8(),
    Kind.NULLABLE_FLOAT64: pa.float64(),
    Kind.NULLABLE_INT16: pa.int16(),
    Kind.NULLABLE_INT32: pa.int32(),
    Kind.TIMESTAMP: TIMESTAMP_TYPE,
}


def arrow_type(kind: Kind) -> pa.DataType:
    """The Arrow type a table column of ``kind`` is stored as."""
    try:
        return _ARROW[kind]
    except KeyError:
        raise TypeError(f"no Arrow type for table column kind {kind!r}") from None


def _field(name: str, type_: pa.DataType, meaning: str, *, nullable: bool) -> pa.Field:
    return pa.field(name, type_, nullable=nullable, metadata={DESCRIPTION_KEY: meaning})


PARTITION_KEYS: Final = ("site", "month")
_MONTH_MEANING: Final = (
    "Partition key: year and month of `started_at` in UTC, `YYYY-MM`. Not a table column: "
    "`histparse.load` drops it."
)
PARTITION_SCHEMA: Final = pa.schema(
    [
        _field("site", pa.string(), "Partition key: the site, as written.", nullable=False),
        _field("month", pa.string(), _MONTH_MEANING, nullable=False),
    ]
)

SEVERITIES: Final = ("info", "warning", "error")

FINDINGS: Final = (
    _field(
        "site",
        CATEGORY_TYPE,
        "Site of the hand; null for a rejected chunk (its site is not known).",
        nullable=True,
    ),
    _field(
        "hand_id",
        pa.string(),
        "Hand number; null for a rejected chunk whose header could not be read.",
        nullable=True,
    ),
    _field(
        "code",
        CATEGORY_TYPE,
        "Finding code: the auditor's codes (docs/findings.md), `PARSE-REJECTED` for a chunk the "
        "parser rejected, `TABLE-REJECTED` for a parsed hand the tables could not account for, "
        "`AUDIT-FAILED` for a hand the auditor raised an exception on, `ID-CONFLICT` for a hand "
        "not written because a different hand with its site and id is kept.",
        nullable=False,
    ),
    _field("severity", CATEGORY_TYPE, "`info`, `warning` or `error`.", nullable=False),
    _field("message", pa.string(), "What is wrong, in words.", nullable=False),
    _field("file", pa.string(), "History file, as the path was given.", nullable=True),
    _field("line", pa.int32(), "1-based line in `file` (null if not known).", nullable=True),
)


# How pyarrow readers should parse the directory names: ``partitioning=PARTITIONING``.
PARTITIONING: Final = pads.partitioning(PARTITION_SCHEMA, flavor="hive")


def _metadata(name: str) -> dict[bytes, bytes]:
    return {VERSION_KEY: str(SCHEMA_VERSION).encode(), DATASET_KEY: name.encode()}


def _table_file_schema(name: str, columns: Sequence[Column]) -> pa.Schema:
    fields = [
        _field(c.name, arrow_type(c.kind), c.meaning, nullable=c.nullable)
        for c in columns
        if c.name not in PARTITION_KEYS
    ]
    return pa.schema(fields, metadata=_metadata(name))


# What each Parquet file holds (the partition columns are in the directory names).
FILE_SCHEMAS: dict[str, pa.Schema] = {
    **{name: _table_file_schema(name, cols) for name, cols in TABLE_COLUMNS.items()},
    "findings": pa.schema(list(FINDINGS), metadata=_metadata("findings")),
}


def _dataset_schema(name: str, columns: Sequence[Column]) -> pa.Schema:
    by_name = {f.name: f for f in FILE_SCHEMAS[name]}
    for c in columns:
        if c.name in PARTITION_KEYS:
            meaning = f"{c.meaning} Partition key (in the directory names, not the files)."
            by_name[c.name] = _field(
                c.name, PARTITION_SCHEMA.field(c.name).type, meaning, nullable=False
            )
    fields = [by_name[c.name] for c in columns]
    fields.append(PARTITION_SCHEMA.field("month"))
    return pa.schema(fields, metadata=_metadata(name))


# What a reader of a whole dataset directory sees: the table's columns in order (``site`` from
# the directory names), then ``month``. ``findings`` is its file schema.
SCHEMAS: dict[str, pa.Schema] = {
    **{name: _dataset_schema(name, cols) for name, cols in TABLE_COLUMNS.items()},
    "findings": FILE_SCHEMAS["findings"],
}


def schema_version_of(schema: pa.Schema) -> int | None:
    """The schema version recorded in a file's metadata (None if there is none)."""
    meta = schema.metadata or {}
    raw = meta.get(VERSION_KEY)
    if raw is None:
        return None
    try:
        return int(raw)
    except ValueError:
        return None


def fingerprint() -> str:
    """A short hash of the stored layout: dataset, column names, types and nullability (not the
    descriptions). It changes exactly when files written before would no longer match."""
    parts: list[str] = [str(PARTITION_SCHEMA.types)]
    for name in DATASETS:
        for f in FILE_SCHEMAS[name]:
            parts.append(f"{name}.{f.name}:{f.type}:{f.nullable}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


def type_name(type_: pa.DataType) -> str:
    """A short name of an Arrow type for the docs: ``dictionary<int32, string>`` for names."""
    if pa.types.is_dictionary(type_):
        return f"dictionary<{type_.index_type}, {type_.value_type}>"
    return str(type_)


def markdown(name: str) -> str:
    """The schema of one dataset as a Markdown table: column, Arrow type, meaning."""
    partitioned = name in TABLE_COLUMNS
    lines = ["| column | arrow type | meaning |", "|---|---|---|"]
    for f in SCHEMAS[name]:
        type_ = type_name(f.type)
        if partitioned and f.name in PARTITION_KEYS:
            type_ += " (partition)"
        elif not f.nullable:
            type_ += " not null"
        meaning = (f.metadata or {}).get(DESCRIPTION_KEY, b"").decode()
        lines.append(f"| `{f.name}` | {type_} | {meaning} |")
    return "\n".join(lines) + "\n"


def sections() -> str:
    """Every dataset's schema as Markdown sections: the generated part of ``docs/parquet.md``."""
    return "".join(f"\n### `{name}`\n\n" + markdown(name) for name in DATASETS)
