"""Rewrite a dataset's many small files (one per table, partition and batch: an export per
session, a watch commit per poll) into a few large ones, every row kept once.

Under the dataset's writer lock: the committed files of each table and partition (site,
month) are streamed, one at a time, into new files of at most ``max_rows`` rows, written under
hidden temporary names and renamed; then one commit record naming every file of the dataset
replaces all the records before it (``DatasetDir.commit_written``), which is the one atomic
step a reader sees: before it the old files, after it the new ones. An interruption before
that step leaves new files no record names (the next writer deletes them); after it, old
records and files that only clutter (deleted the same way).
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


def _groups(store: DatasetDir) -> dict[str, list[str]]:
    """The committed files by folder (``hands/site=.../month=...``, ``findings``), in commit
    order."""
    groups: dict[str, list[str]] = {}
    for name in DATASETS:
        for rel in store.files[name]:
            groups.setdefault(rel.rsplit("/", 1)[0], []).append(rel)
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
        if len(records) <= 1 and all(len(v) <= 1 for v in _groups(store).values()):
            return CompactResult(
                str(store.root), before, before, len(records), 0, recovered, store.stale_lock
            )
        batch = new_batch_id()
        rels: list[str] = []
        rows = 0
        written: list[Path] = []
        try:
            for folder, files in _groups(store).items():
                if len(files) == 1:
                    rels.extend(files)  # already one file: kept as it is
                    continue
                dataset = folder.split("/", 1)[0]
                made, n = _rewrite(store.root, folder, files, dataset, batch, max_rows, compression)
                written.extend(store.root / rel for rel in made)
                rels.extend(made)
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
    root: Path,
    folder: str,
    files: list[str],
    dataset: str,
    batch: str,
    max_rows: int,
    compression: str,
) -> tuple[list[str], int]:
    """Stream ``files`` (in order) into new files of at most ``max_rows`` rows in ``folder``;
    returns their relative paths and the rows written."""
    schema = FILE_SCHEMAS[dataset]
    made: list[str] = []
    total = 0
    writer: pq.ParquetWriter | None = None
    held = 0
    handle = None
    tmp = final = root

    def close() -> None:
        nonlocal writer, handle
        if writer is None or handle is None:
            return
        writer.close()
        _fsync(handle)
        handle.close()
        os.replace(tmp, final)
        made.append(final.relative_to(root).as_posix())
        writer, handle = None, None

    try:
        for rel in files:
            table = pq.read_table(root / rel).cast(schema)
            start = 0
            while start < table.num_rows:
                if writer is None:
                    final = root / folder / f"part-{batch}-{len(made):04d}.parquet"
                    tmp = final.with_name(f".{final.name}.tmp")
                    handle = open(tmp, "wb")  # noqa: SIM115 (closed by ``close``)
                    writer = pq.ParquetWriter(handle, schema, compression=compression)
                    held = 0
                take = min(max_rows - held, table.num_rows - start)
                writer.write_table(table.slice(start, take))
                start += take
                held += take
                total += take
                if held >= max_rows:
                    close()
        close()
    except BaseException:
        if handle is not None:
            handle.close()
            with contextlib.suppress(OSError):
                tmp.unlink()
        raise
    return made, total
