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

from collections.abc import Callable, Sequence
from dataclasses import dataclass
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
    by_site: dict[str, list[tuple[int, _Keys]]] = {}
    rels = store.files["hands"]

    def ids_of(k: int) -> pa.StringArray:
        try:
            column = pq.read_table(store.root / rels[k], columns=["hand_id"])["hand_id"]
        except (pa.ArrowException, OSError, ValueError) as exc:
            raise DatasetError(f"{_where(store, rels[k])}: unreadable: {one_line(exc)}") from None
        if column.null_count:
            raise DatasetError(
                f"{_where(store, rels[k])}: {column.null_count:,} hand(s) with no id"
            )
        ids: pa.StringArray = column.combine_chunks().cast(pa.string())
        return ids

    for k, rel in enumerate(rels):
        part = _parse_partition(rel)
        site = part[0] if part is not None else ""
        by_site.setdefault(site, []).append((k, id_keys(ids_of(k))))
    for site, files in by_site.items():
        twice = repeated_id(files, ids_of)
        if twice is not None:
            hand_id, times, where = twice
            named = ", ".join(_where(store, rels[k]) for k in where)
            raise DatasetError(
                f"{named}: hand {hand_id} of {site} is in {times} rows; a hand is exported once"
            )


# Each id as 8 bytes (the check of 10,000,000 hands' keys peaked at 2.8 GB with a Python string
# and int per hand): an id written as the number it is (no sign, no leading zero, up to 19
# digits) is that number; any other a 64-bit hash of its bytes, so two ids may share a key, and
# equal keys are compared as text before a hand is called repeated.
_NUMBER: Final = r"^(0|[1-9][0-9]{0,18})$"
_BASE: Final = 1_099_511_628_211  # FNV's 64-bit prime, as the polynomial's base


@dataclass(frozen=True, slots=True)
class _Keys:
    """A file's ids as keys, and which ids are hashed (None: none is; an id's key depends on
    the id alone, so a number's key is the same in any file)."""

    keys: npt.NDArray[np.uint64]
    hashed: npt.NDArray[np.bool_] | None


def id_keys(ids: pa.StringArray) -> _Keys:
    """A file's hand ids (text, no null) as 8-byte keys (see ``_NUMBER``)."""
    plain = pc.match_substring_regex(ids, _NUMBER)
    if pc.all(plain).as_py() is not False:  # every id a number (or no id)
        return _Keys(pc.cast(ids, pa.uint64()).to_numpy(), None)
    hashed = ~plain.to_numpy(zero_copy_only=False)
    keys = _hashes(ids)
    if not hashed.all():
        keys[~hashed] = pc.cast(ids.filter(plain), pa.uint64()).to_numpy()
    return _Keys(keys, hashed)


def _hashes(ids: pa.StringArray) -> npt.NDArray[np.uint64]:
    """Each text's bytes b_0..b_{n-1} as sum b_j * BASE**(n-1-j) + n, modulo 2**64, from the
    array's buffers at once (no Python string per id)."""
    offsets = np.frombuffer(ids.buffers()[1], dtype=np.int32)[
        ids.offset : ids.offset + len(ids) + 1
    ]
    first, last = int(offsets[0]), int(offsets[-1])
    data = np.frombuffer(ids.buffers()[2], dtype=np.uint8)[first:last].astype(np.uint64)
    lengths = np.diff(offsets).astype(np.int64)
    out = lengths.astype(np.uint64)
    if not len(data):
        return out
    # BASE**0, BASE**1, ...: numpy's uint64 products wrap modulo 2**64.
    powers = np.ones(int(lengths.max()), dtype=np.uint64)
    powers[1:] = np.cumprod(np.full(len(powers) - 1, _BASE, dtype=np.uint64))
    starts = offsets[:-1].astype(np.int64) - first
    # Each byte's power: its distance from the end of its text.
    ends = np.repeat(starts + lengths, lengths)
    terms = data * powers[ends - 1 - np.arange(len(data))]
    filled = lengths > 0
    with np.errstate(over="ignore"):
        out[filled] += np.add.reduceat(terms, starts[filled])
    return out


def repeated_id(
    files: Sequence[tuple[int, _Keys]], text: Callable[[int], pa.StringArray]
) -> tuple[str, int, list[int]] | None:
    """The first id (by key) found more than once over the files' keys (``(file number,
    id_keys)``), how many times, and the numbers of the files holding it; None when every id
    is once. ``text(k)`` gives file k's ids, read only where two keys are equal and one of them
    is a hash."""
    if not files:
        return None
    keys = np.concatenate([f.keys for _, f in files])
    owner = np.repeat(np.arange(len(files)), [len(f.keys) for _, f in files])
    ordered = np.sort(keys)
    equal = ordered[1:][ordered[1:] == ordered[:-1]]
    if not len(equal):
        return None
    # The rows of every key seen twice, found in one pass (linear whatever the number of such
    # keys: crafted ids can make many hashes collide).
    groups: dict[int, list[int]] = {}
    for row in np.flatnonzero(np.isin(keys, np.unique(equal))).tolist():
        groups.setdefault(int(keys[row]), []).append(row)
    starts = np.searchsorted(owner, np.arange(len(files)))
    read: dict[int, list[str]] = {}
    for value in sorted(groups):
        texts: dict[str, list[int]] = {}
        for row in groups[value]:
            i = int(owner[row])
            at = row - int(starts[i])
            k, keyed = files[i]
            if keyed.hashed is None or not keyed.hashed[at]:
                texts.setdefault(str(value), []).append(k)
                continue
            if k not in read:
                read[k] = text(k).to_pylist()
            texts.setdefault(read[k][at], []).append(k)
        for hand_id, where in texts.items():
            if len(where) > 1:
                return hand_id, len(where), sorted(set(where))
    return None
