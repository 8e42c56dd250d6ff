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

Nothing here reaches outside the directory: a commit record naming a path that leaves it
(``..``, an absolute path, a symbolic link out) is refused by ``load`` and ``export`` alike,
recovery never follows a symbolic link nor deletes anything but the dataset's own leftovers, and
an export refuses dataset folders that are symbolic links. An OS error while writing (a full
disk) names the file and leaves the committed batches as they were (docs/parquet.md,
"Batches and safety").
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path, PurePosixPath
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


def _write_part(f: IO[bytes], table: pa.Table | bytes, compression: str) -> None:
    """One data file's content: the bytes as they are, or the table encoded."""
    if isinstance(table, bytes):
        f.write(table)
    else:
        pq.write_table(table, f, compression=compression)


def _write_json_atomic(path: Path, data: Mapping[str, object]) -> None:
    tmp = path.with_name(f".{path.name}{_TMP_SUFFIX}")
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
            f.write("\n")
            _fsync(f)
        os.replace(tmp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise _naming(exc, path) from None


def _naming(exc: OSError, path: Path) -> OSError:
    """``exc`` with ``path`` as its file when it names none (a write's ``ENOSPC`` does not):
    the command's one line then says which file could not be written."""
    if exc.filename is not None:
        return exc
    code = exc.errno if exc.errno is not None else errno.EIO
    return OSError(code, exc.strerror or os.strerror(code), str(path))


def _unsafe(rel: str) -> str | None:
    """Why the committed path ``rel`` is not a plain path inside the dataset (None if it is)."""
    if not rel or "\\" in rel or "\x00" in rel:
        return "not a plain relative path"
    pure = PurePosixPath(rel)
    if pure.is_absolute() or rel.startswith("~"):
        return "an absolute path"
    if any(part in ("", ".", "..") for part in rel.split("/")):
        return "it leaves its folder (.. or an empty part)"
    return None


def _inside(root: Path | str, path: Path) -> bool:
    """Whether ``path``, its symbolic links followed, is inside ``root`` (a path, or one
    already resolved by ``os.path.realpath``: a dataset's files are checked against it at
    every open, 41,200 of them at 10,000,000 hands)."""
    try:
        base = root if isinstance(root, str) else os.path.realpath(root)
        real = os.path.realpath(path)
    except (OSError, ValueError, RuntimeError):
        return False
    return real == base or real.startswith(base.rstrip(os.sep) + os.sep)


@dataclass
class DatasetDir:
    """An opened dataset directory: the committed files of each dataset, in commit order."""

    root: Path
    files: dict[str, list[str]] = field(default_factory=dict)  # dataset -> relative paths
    hands_by_partition: dict[Partition, list[str]] = field(default_factory=dict)
    commits: int = 0
    version: int = SCHEMA_VERSION  # of the files (an older one is read, never written to)
    # A lock file a dead writer left (its pid), found and cleared by ``locked``; "" if none.
    stale_lock: str = ""
    # Commit records a compaction replaced (``replaces``), left if it was interrupted.
    replaced: list[Path] = field(default_factory=list)

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
        cls._refuse_foreign(path)
        path.mkdir(parents=True, exist_ok=True)
        return cls._make(path)

    @classmethod
    @contextlib.contextmanager
    def writing(cls, root: str | os.PathLike[str]) -> Iterator[DatasetDir]:
        """``create`` and ``locked`` as one step, the lock taken before the directory is made
        a dataset: of two exports racing into a new directory, the loser gets ``DatasetError``
        ("another export is writing this dataset"), never "not a histparse dataset"."""
        path = Path(root)
        cls._refuse_foreign(path)
        try:
            path.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise _naming(exc, path) from None
        lock = cls(path)
        with lock.locked():
            ds = cls._make(path)
            ds.stale_lock = lock.stale_lock
            yield ds

    @staticmethod
    def _refuse_foreign(path: Path) -> None:
        """Refuse a path that is a file, or a non-empty directory that is not a dataset (its
        lock file and the marker's temporary file, which a racing export makes, do not count)."""
        if path.exists() and not path.is_dir():
            raise DatasetError(f"{path}: exists and is not a directory")
        if path.is_dir() and not (path / MARKER).exists():
            ours = {LOCK, f".{MARKER}{_TMP_SUFFIX}"}
            if any(entry.name not in ours for entry in path.iterdir()):
                raise DatasetError(
                    f"{path}: not empty and not a histparse dataset (no {MARKER}); "
                    "refusing to write into it"
                )

    @classmethod
    def _make(cls, path: Path) -> DatasetDir:
        if not (path / MARKER).exists():
            cls._refuse_foreign(path)  # again: something may have been put there meanwhile
            _write_json_atomic(path / MARKER, {"format": FORMAT, "schema_version": SCHEMA_VERSION})
        cls._check_marker(path, (SCHEMA_VERSION,))
        for name in (COMMITS, *DATASETS):
            folder = path / name
            if folder.is_symlink():
                raise DatasetError(
                    f"{folder}: is a symbolic link; a dataset's folders must be its own "
                    "(refusing to write through it)"
                )
            try:
                folder.mkdir(exist_ok=True)
            except OSError as exc:
                raise _naming(exc, folder) from None
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
        records: list[tuple[Path, dict[str, Any]]] = []
        replaced: set[str] = set()
        committed: dict[str, str] = {}  # each file and the batch that committed it
        root = os.path.realpath(self.root)
        for record in sorted(commits.glob("*.json")):
            if record.name.startswith("."):
                continue
            try:
                data = json.loads(record.read_text(encoding="utf-8"))
                if not isinstance(data, dict):
                    raise TypeError("not an object")
                replaced.update(str(b) for b in data.get("replaces", ()))
            except (OSError, ValueError, TypeError) as exc:
                raise DatasetError(f"{record}: unreadable commit record: {exc}") from None
            records.append((record, data))
        self.replaced = [record for record, _ in records if record.stem in replaced]
        for record, data in records:
            if record.stem in replaced:
                continue  # rewritten by a compaction, whose record names the new files
            try:
                rels = [str(r) for r in data["files"]]
                version = data["schema_version"]
            except (KeyError, TypeError) as exc:
                raise DatasetError(f"{record}: unreadable commit record: {exc}") from None
            if version != self.version:
                raise DatasetError(
                    f"{record}: batch of schema version {version}, expected {self.version}"
                )
            for rel in rels:
                why = _unsafe(rel)
                if why is None and not _inside(root, self.root / rel):
                    why = "a symbolic link out of the dataset"
                if why is not None:
                    raise DatasetError(
                        f"{record}: names a path outside the dataset ({why}): {rel!r}; "
                        "refusing to read or write this dataset"
                    )
                if not (self.root / rel).is_file():
                    raise DatasetError(f"{self.root}: {rel} (batch {record.stem}) is missing")
                if rel in committed:
                    # A copied record: every hand of its files would count twice.
                    raise DatasetError(
                        f"{record}: commits {rel}, which batch {committed[rel]} committed "
                        "already; a file belongs to one batch"
                    )
                committed[rel] = record.stem
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
        """Hold the dataset's writer lock (one writer at a time: ``export``, ``watch``,
        ``compact``). Raises ``DatasetError`` if another writer holds it.

        The lock is ``flock`` on ``.histparse.lock``, released by the kernel if the process dies
        (kill -9 included); the file holds the writer's pid and is removed when the writer
        ends. A file left by a dead writer is stale: its lock is free, so it is taken over and
        named in ``stale_lock``."""
        if sys.platform == "win32":  # no flock; writers into one directory must not overlap
            yield
            return
        import fcntl

        path = self.root / LOCK
        while True:
            f = open(path, "a+b")  # noqa: SIM115 (held open for the whole ``with`` below)
            try:
                fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                f.close()
                # The same words for every writer: scripts match "another export".
                raise DatasetError(f"{self.root}: another export is writing this dataset") from None
            # The writer before may have removed the file between our open and our lock: the
            # lock is then on a file no one else will open; take the new one instead.
            try:
                same = os.stat(path).st_ino == os.fstat(f.fileno()).st_ino
            except FileNotFoundError:
                same = False
            if same:
                break
            f.close()
        with f:
            f.seek(0)
            left = f.read().decode("ascii", "replace").strip()
            self.stale_lock = f"pid {left}" if left else ""
            f.seek(0)
            f.truncate()
            f.write(f"{os.getpid()}\n".encode())
            f.flush()
            try:
                yield
            finally:
                # Removed while still locked: a writer that opened it meanwhile sees it gone
                # (the inode check above) and retries on a new file.
                with contextlib.suppress(OSError):
                    path.unlink()
                fcntl.flock(f.fileno(), fcntl.LOCK_UN)

    def recover(self) -> int:
        """Delete what an interrupted export left: temporary files and data files that no
        commit record names. Returns the number of files deleted. Call with the lock held."""
        committed = {rel for rels in self.files.values() for rel in rels}
        removed = 0
        for record in self.replaced:
            # A compaction's record is in place: the records it replaced are only clutter.
            with contextlib.suppress(FileNotFoundError):
                record.unlink()
                removed += 1
        self.replaced = []
        for name in (*DATASETS, COMMITS):
            base = self.root / name
            if base.is_symlink() or not base.is_dir():
                continue  # never followed out of the dataset (``writing`` refuses it anyway)
            # os.walk without followlinks: a linked folder inside is listed, never entered.
            for folder, _, names in os.walk(base):
                for filename in names:
                    path = Path(folder, filename)
                    if not self._leftover(name, path, committed):
                        continue
                    try:
                        path.unlink()
                    except OSError as exc:
                        raise _naming(exc, path) from None
                    removed += 1
        return removed

    def _leftover(self, dataset: str, path: Path, committed: set[str]) -> bool:
        """Whether ``path`` is a regular file an interrupted export left: a temporary file, or
        a part file no commit record names. A symbolic link is never one (nor followed)."""
        tmp = path.name.startswith(".") and path.name.endswith(_TMP_SUFFIX)
        orphan = (
            dataset != COMMITS
            and path.name.startswith(_PART_PREFIX)
            and path.suffix == ".parquet"
            and path.relative_to(self.root).as_posix() not in committed
        )
        if not (tmp or orphan) or path.is_symlink() or not path.is_file():
            return False
        return _inside(self.root, path)

    def commit_written(
        self, batch: str, rels: list[str], counts: Mapping[str, int], replaces: list[str]
    ) -> None:
        """Commit files already in place (``rels``, written by a compaction) in place of every
        commit record so far (``replaces``, all of them): one atomic switch for readers
        (``refresh`` skips a replaced record). Then the replaced records and the files the new
        record does not name are deleted."""
        current = sorted(p.stem for p in (self.root / COMMITS).glob("*.json"))
        if sorted(replaces) != [c for c in current if not c.startswith(".")]:
            raise DatasetError(f"{self.root}: the commits changed during the compaction")
        old = {rel for rels_ in self.files.values() for rel in rels_} - set(rels)
        record = {
            "batch": batch,
            "schema_version": SCHEMA_VERSION,
            "files": rels,
            "replaces": replaces,
            **counts,
        }
        _write_json_atomic(self.root / COMMITS / f"{batch}.json", record)
        for name in replaces:
            with contextlib.suppress(FileNotFoundError):
                (self.root / COMMITS / f"{name}.json").unlink()
        for rel in sorted(old):
            with contextlib.suppress(FileNotFoundError):
                (self.root / rel).unlink()
        self.refresh()

    def commit(
        self,
        batch: str,
        tables: list[tuple[str, pa.Table | bytes]],
        counts: Mapping[str, int],
        *,
        compression: str = "zstd",
    ) -> None:
        """Write one batch: ``tables`` is ``(relative directory, table)``, a table as Arrow or
        as the bytes of a Parquet file (a worker made it); each becomes
        ``<dir>/part-<batch>.parquet`` (``part-<batch>-<n>.parquet`` after the first in its
        directory). Nothing is visible to ``load`` until the commit record is in place; on
        failure, the batch's files are removed and the error re-raised."""
        pending: list[tuple[Path, Path]] = []
        in_dir: dict[str, int] = {}
        try:
            for rel_dir, table in tables:
                directory = self.root / rel_dir
                n = in_dir[rel_dir] = in_dir.get(rel_dir, -1) + 1
                final = directory / f"{_PART_PREFIX}{batch}{f'-{n}' if n else ''}.parquet"
                tmp = directory / f".{final.name}{_TMP_SUFFIX}"
                try:
                    directory.mkdir(parents=True, exist_ok=True)
                    if not _inside(self.root, directory):
                        raise DatasetError(
                            f"{directory}: leads out of the dataset (a symbolic link); "
                            "refusing to write through it"
                        )
                    pending.append((tmp, final))
                    with open(tmp, "wb") as f:
                        _write_part(f, table, compression)
                        _fsync(f)
                except OSError as exc:
                    raise _naming(exc, final) from None
            for tmp, final in pending:
                try:
                    os.replace(tmp, final)
                except OSError as exc:
                    raise _naming(exc, final) from None
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
