"""Rewrite a dataset's many small files (one per table, partition and batch: an export per
session, a watch commit per poll) into a few large ones, every row kept once.

Under the dataset's writer lock: the committed batches of each partition (site, month) are
grouped in commit order, a group closed before any of its tables would pass ``max_rows`` rows
(a batch is never cut), and each table's files of a group are streamed, one at a time, into
one new file written under a hidden temporary name and renamed. The four tables of a group
get the same file name, so file k of ``hands`` and of ``players`` still hold the same hands:
what the dataset check and ``stats``'s file-by-file sums read (a compaction that cut each
table on its own made the tables of one file name hold different hands, and the dataset
unreadable). The ``findings`` files (one folder) are grouped the same way. Then one commit
record naming every file of the dataset replaces all the records before it
(``DatasetDir.commit_written``), which is the one atomic step a reader sees: before it the old
files, after it the new ones. An interruption before that step leaves new files no record
names (the next writer deletes them); after it, old records and files that only clutter
(deleted the same way).
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import pyarrow.parquet as pq

from histparse.export.schema import DATASETS, FILE_SCHEMAS
from histparse.export.store import COMMITS, DatasetDir, _fsync, new_batch_id

__all__ = ["DEFAULT_MAX_ROWS", "CompactResult", "compact"]

DEFAULT_MAX_ROWS: Final = 4_000_000
PathArg = str | os.PathLike[str]


@dataclass(frozen=True, slots=True)
class CompactResult:
    """Files and commit records before and after, rows rewritten, leftovers removed."""

    out: str
    files_before: int
    files_after: int
    commits_before: int
    rows: int
    recovered_files: int
    stale_lock: str


# A group's files: per dataset (table or findings), its committed files in commit order.
_Group = dict[str, list[str]]


def _units(store: DatasetDir) -> dict[str, list[_Group]]:
    """The committed batches by partition (``site=.../month=...``; ``""``: the findings
    folder), in commit order, each batch its files by dataset (one each)."""
    units: dict[str, dict[str, _Group]] = {}
    for name in DATASETS:
        for rel in store.files[name]:
            folder, file = rel.rsplit("/", 1)
            part = folder.split("/", 1)[1] if "/" in folder else ""
            units.setdefault(part, {}).setdefault(file, {})[name] = [rel]
    return {part: list(batches.values()) for part, batches in units.items()}


def _grouped(root: Path, batches: list[_Group], max_rows: int) -> list[list[_Group]]:
    """Consecutive batches together while no dataset of the group passes ``max_rows`` rows."""
    groups: list[list[_Group]] = []
    rows: dict[str, int] = {}
    for batch in batches:
        sizes = {name: _rows(root, rels) for name, rels in batch.items()}
        if not groups or any(rows.get(n, 0) + k > max_rows for n, k in sizes.items()):
            groups.append([])
            rows = {}
        groups[-1].append(batch)
        for name, k in sizes.items():
            rows[name] = rows.get(name, 0) + k
    return groups


def compact(
    out: PathArg, *, max_rows: int = DEFAULT_MAX_ROWS, compression: str = "zstd"
) -> CompactResult:
    """Compact the dataset ``out`` (see the module). Raises ``DatasetError`` if it is not a
    dataset of this schema version or another writer holds it."""
    if max_rows < 1:
        raise ValueError(f"max_rows must be at least 1, not {max_rows}")
    with DatasetDir.writing(out) as store:
        recovered = store.recover()
        before = sum(len(v) for v in store.files.values())
        records = sorted(
            p.stem for p in (store.root / COMMITS).glob("*.json") if not p.name.startswith(".")
        )
        # A compacted partition holds several groups when it passes ``max_rows``: compact
        # already when no two batches would be merged.
        groups = [_grouped(store.root, b, max_rows) for b in _units(store).values()]
        if len(records) <= 1 and all(len(g) == 1 for gs in groups for g in gs):
            return CompactResult(
                str(store.root), before, before, len(records), 0, recovered, store.stale_lock
            )
        batch = new_batch_id()
        rels: list[str] = []
        rows = 0
        written: list[Path] = []
        try:
            for partition in groups:
                for k, group in enumerate(partition):
                    if len(group) == 1:
                        rels.extend(rel for files in group[0].values() for rel in files)
                        continue  # one batch: its files kept as they are
                    tables: _Group = {}
                    for one in group:
                        for dataset, files in one.items():
                            tables.setdefault(dataset, []).extend(files)
                    for dataset, files in tables.items():
                        folder = files[0].rsplit("/", 1)[0]
                        name = f"part-{batch}-{k:04d}.parquet"
                        n = _rewrite(store.root, folder, name, files, dataset, compression)
                        written.append(store.root / folder / name)
                        rels.append(f"{folder}/{name}")
                        rows += n
            counts = {"hands": _rows(store.root, [r for r in rels if r.startswith("hands/")])}
            store.commit_written(batch, rels, counts, records)
        except BaseException:
            if not (store.root / COMMITS / f"{batch}.json").exists():
                for path in written:
                    with contextlib.suppress(OSError):
                        path.unlink()
            raise
        after = sum(len(v) for v in store.files.values())
        return CompactResult(
            str(store.root), before, after, len(records), rows, recovered, store.stale_lock
        )


def _rows(root: Path, rels: list[str]) -> int:
    return sum(pq.ParquetFile(root / rel).metadata.num_rows for rel in rels)


def _rewrite(
    root: Path, folder: str, name: str, files: list[str], dataset: str, compression: str
) -> int:
    """Stream ``files`` (in order) into the new file ``folder/name``; the rows written."""
    schema = FILE_SCHEMAS[dataset]
    final = root / folder / name
    tmp = final.with_name(f".{final.name}.tmp")
    total = 0
    try:
        with open(tmp, "wb") as handle:
            with pq.ParquetWriter(handle, schema, compression=compression) as writer:
                for rel in files:
                    table = pq.read_table(root / rel).cast(schema)
                    writer.write_table(table)
                    total += table.num_rows
            _fsync(handle)
        os.replace(tmp, final)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    return total
