"""Every dataset read is checked first: a damaged or doctored dataset is one ``DatasetError``
naming the file, never wrong numbers nor a crash deep inside pyarrow.

``DatasetDir.refresh`` has checked the marker and the commit records (version, paths inside
the dataset, no file committed twice, every file present). Here each committed file is
checked against its dataset's schema (readable Parquet, the dataset and schema version in its
metadata, no column of another type or unknown, no key column missing), its row count
against its batch's hands (a part of millions of copies of one row is refused before it is
read), and the hands' keys: every ``hand_id`` set, and each (site, hand id) once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from histparse.export.errors import DatasetError
from histparse.export.schema import DATASET_KEY, FILE_SCHEMAS, SCHEMA_VERSION, schema_version_of
from histparse.export.store import DatasetDir, _parse_partition
from histparse.textio import one_line, shown

__all__ = ["MAX_ROWS_PER_HAND", "check_dataset"]

# Rows a hand can have in each table, with room to spare: ten seats; a no-limit hand of many
# raises; three draws of ten players. A file past ``rows x hands`` of its batch is refused.
MAX_ROWS_PER_HAND: Final = {"players": 10, "actions": 1000, "draws": 40}
# Columns without which a file's rows cannot be told apart.
_KEYS: Final = {
    "hands": ("hand_id",),
    "players": ("hand_id",),
    "actions": ("hand_id",),
    "draws": ("hand_id",),
}


def check_dataset(store: DatasetDir, datasets: tuple[str, ...] | None = None) -> None:
    """Check the committed files of ``datasets`` (default: all) of an open dataset; raise
    ``DatasetError`` naming the first bad file."""
    names = tuple(store.files) if datasets is None else datasets
    rows: dict[str, int] = {}
    for name in names:
        for rel in store.files[name]:
            rows[rel] = _check_file(store, name, rel)
    if "hands" in names:
        _check_hand_keys(store)
    for name, most in MAX_ROWS_PER_HAND.items():
        if name not in names:
            continue
        for rel in store.files[name]:
            twin = "hands/" + rel.split("/", 1)[1]
            hands = rows.get(twin)
            if hands is None:
                hands = _rows(store, twin) if twin in store.files["hands"] else 0
            if rows[rel] > most * max(hands, 1):
                raise DatasetError(
                    f"{_where(store, rel)}: {rows[rel]:,} rows for {hands:,} hand(s) of its "
                    f"batch (at most {most} a hand): not a table histparse wrote"
                )


def _where(store: DatasetDir, rel: str) -> str:
    return shown(store.root / rel)


def _rows(store: DatasetDir, rel: str) -> int:
    try:
        return int(pq.ParquetFile(store.root / rel).metadata.num_rows)
    except (pa.ArrowException, OSError) as exc:
        raise DatasetError(
            f"{_where(store, rel)}: not a readable Parquet file: {one_line(exc)}"
        ) from None


def _check_file(store: DatasetDir, name: str, rel: str) -> int:
    """The file's row count, once its schema is its dataset's."""
    where = _where(store, rel)
    try:
        # Not ``metadata.schema``: a FileMetaData and its ParquetSchema refer to each other,
        # so each file's parsed footer (42 MB for a compacted players file) waited for a
        # cyclic collection, which the few Python objects made here rarely trigger (1.3 GB).
        source = pq.ParquetFile(store.root / rel)
        schema = source.schema_arrow
        rows = int(source.metadata.num_rows)
    except (pa.ArrowException, OSError, ValueError) as exc:
        raise DatasetError(f"{where}: not a readable Parquet file: {one_line(exc)}") from None
    tags = schema.metadata or {}
    dataset = tags.get(DATASET_KEY)
    if dataset is not None and dataset != name.encode():
        raise DatasetError(f"{where}: a file of the {dataset.decode(errors='replace')} table")
    version = schema_version_of(schema)
    if version is not None and version != store.version:
        raise DatasetError(
            f"{where}: schema version {version} in a dataset of version {store.version}"
        )
    expected = FILE_SCHEMAS[name]
    for f in schema:
        i = expected.get_field_index(f.name)
        if i < 0:
            raise DatasetError(f"{where}: a column {f.name!r} the {name} table does not have")
        want = expected.field(i).type
        if f.type != want and not (_text(f.type) and _text(want)):
            raise DatasetError(f"{where}: column {f.name!r} is {f.type}, the schema says {want}")
    names = set(schema.names)
    missing = [k for k in _KEYS.get(name, ()) if k not in names]
    if store.version == SCHEMA_VERSION:
        missing = [f.name for f in expected if f.name not in names]
    if missing:
        raise DatasetError(f"{where}: no column {', '.join(map(repr, missing))}")
    return rows


def _text(type_: pa.DataType) -> bool:
    if pa.types.is_dictionary(type_):
        type_ = type_.value_type
    return bool(pa.types.is_string(type_) or pa.types.is_large_string(type_))


def _check_hand_keys(store: DatasetDir) -> None:
    """Every hand id set, and each (site, hand id) in one row of one file."""
    by_site: dict[str, list[tuple[int, npt.NDArray[np.uint64] | pa.Array]]] = {}
    rels = store.files["hands"]
    for k, rel in enumerate(rels):
        try:
            column = pq.read_table(store.root / rel, columns=["hand_id"])["hand_id"]
        except (pa.ArrowException, OSError, ValueError) as exc:
            raise DatasetError(f"{_where(store, rel)}: unreadable: {one_line(exc)}") from None
        if column.null_count:
            raise DatasetError(f"{_where(store, rel)}: {column.null_count:,} hand(s) with no id")
        part = _parse_partition(rel)
        site = part[0] if part is not None else ""
        by_site.setdefault(site, []).append((k, _compact_ids(column)))
    for site, files in by_site.items():
        twice = repeated_id([ids for _, ids in files])
        if twice is not None:
            hand_id, times, where = twice
            named = ", ".join(_where(store, rels[files[i][0]]) for i in where)
            raise DatasetError(
                f"{named}: hand {hand_id} of {site} is in {times} rows; a hand is exported once"
            )


# Ids written as the numbers they are (no sign, no leading zero) fit a uint64 up to 19 digits:
# 8 bytes an id instead of a string and its place in a hash table (the check of 10,000,000
# hands' keys peaked at 2.8 GB with strings and Python lists).
_NUMBER: Final = r"^(0|[1-9][0-9]{0,18})$"


def _compact_ids(column: pa.ChunkedArray) -> npt.NDArray[np.uint64] | pa.Array:
    """A file's hand ids as uint64 where each is a plain number, else as text."""
    ids = column.combine_chunks().cast(pa.string())
    if len(ids) and pc.all(pc.match_substring_regex(ids, _NUMBER)).as_py():
        numbers: npt.NDArray[np.uint64] = pc.cast(ids, pa.uint64()).to_numpy()
        return numbers
    return ids


def repeated_id(
    files: Sequence[npt.NDArray[np.uint64] | pa.Array],
) -> tuple[str, int, list[int]] | None:
    """The first id (smallest number, else any) found more than once over the files' ids
    (``_compact_ids``), how many times, and the indices of the files holding it; None when
    every id is once."""
    if not files:
        return None
    lengths = [len(f) for f in files]
    if all(isinstance(f, np.ndarray) for f in files):
        numbers = np.concatenate([np.asarray(f, dtype=np.uint64) for f in files])
        ordered = np.sort(numbers)
        same = np.flatnonzero(ordered[1:] == ordered[:-1])
        if not len(same):
            return None
        value = ordered[same[0]]
        rows = np.flatnonzero(numbers == value)
        hand_id = str(int(value))
    else:
        texts = pa.concat_arrays(
            [pa.array(f.astype(str)) if isinstance(f, np.ndarray) else f for f in files]
        )
        counted = pa.table({"id": texts}).group_by("id").aggregate([("id", "count")])
        if counted.num_rows == len(texts):
            return None
        twice = counted.filter(pc.greater(counted["id_count"], 1)).slice(0, 1)
        hand_id = twice["id"][0].as_py()
        rows = np.flatnonzero(pc.equal(texts, hand_id).to_numpy(zero_copy_only=False))
    owner = np.repeat(np.arange(len(files)), lengths)
    return hand_id, len(rows), sorted({int(i) for i in owner[rows]})
