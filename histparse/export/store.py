"""The dataset directory on disk: its marker file, partition paths, atomic batch commits,
the writer's lock and the clean-up after an interrupted export.

Layout::

    DIR/_histparse.json                       format name and schema version
    DIR/_commits/<batch>.json                 one per committed batch: the files it wrote
    DIR/hands/site=PokerStars/month=2011-06/part-<batch>.parquet
    DIR/players/... DIR/actions/... DIR/draws/...   (same partitions)
    DIR/findings/part-<batch>.parquet

A batch's files are written under hidden temporary names (``.part-<batch>.parquet.tmp``, which
pyarrow, pandas and DuckDB globs all skip), then renamed into place, then its commit record is
written (also by rename). A file no commit record names belongs to an interrupted export: the
loader never reads it and the next export deletes it, so no batch is ever half in a dataset for
``histparse.load`` and, after the next export, for any reader.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any, Final
from urllib.parse import quote, unquote
from uuid import uuid4

import pyarrow as pa
import pyarrow.parquet as pq

from histparse.export.errors import DatasetError
from histparse.export.schema import DATASETS, READABLE_VERSIONS, SCHEMA_VERSION

__all__ = ["MARKER", "DatasetDir", "Partition", "new_batch_id", "partition_path"]

MARKER: Final = "_histparse.json"
FORMAT: Final = "histparse-parquet"
COMMITS: Final = "_commits"
LOCK: Final = ".histparse.lock"
_PART_PREFIX: Final = "part-"
_TMP_SUFFIX: Final = ".tmp"

# (site, month), e.g. ("PokerStars", "2011-06").
Partition = tuple[str, str]


def new_batch_id() -> str:
    """A batch id that sorts in commit order (UTC time first) and is unique (uuid part)."""
    return f"{datetime.now(UTC).strftime('%Y%m%dT%H%M%S%fZ')}-{uuid4().hex[:8]}"


def partition_path(dataset: str, partition: Partition) -> str:
    """``hands/site=PokerStars/month=2011-06``: Hive style, values percent-encoded so that any
    site name is one safe path segment (pyarrow decodes it back)."""
    site, month = partition
    return f"{dataset}/site={quote(site, safe='')}/month={quote(month, safe='')}"


def _parse_partition(rel: str) -> Partition | None:
    parts = rel.split("/")
    if len(parts) != 4 or not parts[1].startswith("site=") or not parts[2].startswith("month="):
        return None
    return unquote(parts[1][5:]), unquote(parts[2][6:])


def _fsync(f: IO[Any]) -> None:
    f.flush()
    os.fsync(f.fileno())


def _write_json_atomic(path: Path, data: Mapping[str, object]) -> None:
    tmp = path.with_name(f".{path.name}{_TMP_SUFFIX}")
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
        f.write("\n")
        _fsync(f)
    os.replace(tmp, path)


@dataclass
class DatasetDir:
    """An opened dataset directory: the committed files of each dataset, in commit order."""

    root: Path
    files: dict[str, list[str]] = field(default_factory=dict)  # dataset -> relative paths
    hands_by_partition: dict[Partition, list[str]] = field(default_factory=dict)
    commits: int = 0
    version: int = SCHEMA_VERSION  # of the files (an older one is read, never written to)

    # ------------------------------------------------------------------ opening

    @classmethod
    def open(cls, root: str | os.PathLike[str]) -> DatasetDir:
        """Open an existing dataset for reading. Raises ``DatasetError`` if ``root`` is not a
        histparse dataset of a version this histparse reads, or a committed file is missing."""
        path = Path(root)
        if not path.is_dir():
            raise DatasetError(f"{path}: no such dataset directory")
        version = cls._check_marker(path, READABLE_VERSIONS)
        ds = cls(path)
        ds.version = version
        ds.refresh()
        return ds

    @classmethod
    def create(cls, root: str | os.PathLike[str]) -> DatasetDir:
        """Open a dataset for writing, making it if ``root`` is missing or empty. Refuses a
        non-empty directory that is not a histparse dataset."""
        path = Path(root)
        if path.exists() and not path.is_dir():
            raise DatasetError(f"{path}: exists and is not a directory")
        if not (path / MARKER).exists():
            if path.is_dir() and any(path.iterdir()):
                raise DatasetError(
                    f"{path}: not empty and not a histparse dataset (no {MARKER}); "
                    "refusing to write into it"
                )
            path.mkdir(parents=True, exist_ok=True)
            _write_json_atomic(path / MARKER, {"format": FORMAT, "schema_version": SCHEMA_VERSION})
        cls._check_marker(path, (SCHEMA_VERSION,))
        (path / COMMITS).mkdir(exist_ok=True)
        for name in DATASETS:
            (path / name).mkdir(exist_ok=True)
        ds = cls(path)
        ds.refresh()
        return ds

    @staticmethod
    def _check_marker(path: Path, versions: tuple[int, ...]) -> int:
        marker = path / MARKER
        try:
            data = json.loads(marker.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise DatasetError(f"{path}: not a histparse dataset (no {MARKER})") from None
        except (OSError, ValueError) as exc:
            raise DatasetError(f"{marker}: unreadable: {exc}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise DatasetError(f"{marker}: not a histparse dataset marker")
        version = data.get("schema_version")
        if version not in versions:
            raise DatasetError(
                f"{path}: schema version {version}, this histparse writes version "
                f"{SCHEMA_VERSION} (and reads {', '.join(map(str, READABLE_VERSIONS))}); "
                "export into a new directory"
            )
        assert isinstance(version, int)
        return version

    def refresh(self) -> None:
        """Read the commit records again."""
        self.files = {name: [] for name in DATASETS}
        self.hands_by_partition = {}
        self.commits = 0
        commits = self.root / COMMITS
        if not commits.is_dir():
            return
        for record in sorted(commits.glob("*.json")):
            if record.name.startswith("."):
                continue
            try:
                data = json.loads(record.read_text(encoding="utf-8"))
                rels = [str(r) for r in data["files"]]
                version = data["schema_version"]
            except (OSError, ValueError, KeyError, TypeError) as exc:
                raise DatasetError(f"{record}: unreadable commit record: {exc}") from None
            if version != self.version:
                raise DatasetError(
                    f"{record}: batch of schema version {version}, expected {self.version}"
                )
            for rel in rels:
                if not (self.root / rel).is_file():
                    raise DatasetError(f"{self.root}: {rel} (batch {record.stem}) is missing")
                self._index(rel)
            self.commits += 1

    def _index(self, rel: str) -> None:
        dataset = rel.split("/", 1)[0]
        if dataset not in self.files:
            raise DatasetError(f"{self.root}: commit names a file outside the datasets: {rel}")
        self.files[dataset].append(rel)
        if dataset == "hands":
            partition = _parse_partition(rel)
            if partition is not None:
                self.hands_by_partition.setdefault(partition, []).append(rel)

    def paths(self, dataset: str) -> list[str]:
        """Absolute paths of the committed files of ``dataset``, in commit order."""
        return [str(self.root / rel) for rel in self.files[dataset]]

    # ------------------------------------------------------------------ writing

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the dataset's writer lock (one export at a time; released if the process dies).
        Raises ``DatasetError`` if another export holds it."""
        if sys.platform == "win32":  # no flock; exports into one directory must not overlap
            yield
            return
        import fcntl

        with open(self.root / LOCK, "a+b") as f:
            try:
                fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise DatasetError(f"{self.root}: another export is writing this dataset") from None
            try:
                yield
            finally:
                fcntl.flock(f.fileno(), fcntl.LOCK_UN)

    def recover(self) -> int:
        """Delete what an interrupted export left: temporary files and data files that no
        commit record names. Returns the number of files deleted. Call with the lock held."""
        committed = {rel for rels in self.files.values() for rel in rels}
        removed = 0
        for name in (*DATASETS, COMMITS):
            base = self.root / name
            if not base.is_dir():
                continue
            for path in base.rglob("*"):
                if not path.is_file():
                    continue
                rel = path.relative_to(self.root).as_posix()
                tmp = path.name.startswith(".") and path.name.endswith(_TMP_SUFFIX)
                orphan = (
                    name != COMMITS
                    and path.name.startswith(_PART_PREFIX)
                    and path.suffix == ".parquet"
                    and rel not in committed
                )
                if tmp or orphan:
                    path.unlink()
                    removed += 1
        return removed

    def commit(
        self,
        batch: str,
        tables: list[tuple[str, pa.Table]],
        counts: Mapping[str, int],
        *,
        compression: str = "zstd",
    ) -> None:
        """Write one batch: ``tables`` is ``(relative directory, table)``; each becomes
        ``<dir>/part-<batch>.parquet``. Nothing is visible to ``load`` until the commit record
        is in place; on failure, the batch's files are removed and the error re-raised."""
        pending: list[tuple[Path, Path]] = []
        try:
            for rel_dir, table in tables:
                directory = self.root / rel_dir
                directory.mkdir(parents=True, exist_ok=True)
                final = directory / f"{_PART_PREFIX}{batch}.parquet"
                tmp = directory / f".{final.name}{_TMP_SUFFIX}"
                pending.append((tmp, final))
                with open(tmp, "wb") as f:
                    pq.write_table(table, f, compression=compression)
                    _fsync(f)
            for tmp, final in pending:
                os.replace(tmp, final)
            rels = [final.relative_to(self.root).as_posix() for _, final in pending]
            record = {"batch": batch, "schema_version": SCHEMA_VERSION, "files": rels, **counts}
            _write_json_atomic(self.root / COMMITS / f"{batch}.json", record)
        except BaseException:
            for tmp, final in pending:
                for path in (tmp, final):
                    with contextlib.suppress(OSError):
                        path.unlink()
            raise
        for rel in rels:
            self._index(rel)
        self.commits += 1
