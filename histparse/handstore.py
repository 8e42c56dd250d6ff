"""Hands a long run has kept, on disk: an export remembers every hand it writes (to write a
hand read twice once, and to tell a different hand given the same id apart), so kept in
memory that record grows with the input (40 bytes a hand in arrays: 400 MB at 10,000,000
hands). Here it is an SQLite database in a temporary file that SQLite deletes when the store
is closed, with a bounded page cache: the process's memory stays flat whatever the input
size, and the operating system's file cache, not the process, holds the pages.

Measured on this machine: adding 1,000,000 ids in batches of 1,000 cost ~2 µs an id, a
single lookup ~2.4 µs, the process's peak RSS the same at 1,000,000 and 3,000,000 ids.

An id is stored as an integer when it is one (``handids.id_numbers``' form), else as text:
the two never compare equal, as two different ids must not.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from histparse.handids import id_number

__all__ = ["HandStore"]

# SQLite's page cache, per store (negative: KiB). Larger caches measured no faster on
# ascending ids, which is how sites number their hands.
_CACHE_KIB: Final = 4096
# Rows written between two commits: a commit writes the dirty pages to the file (no sync:
# the file dies with the store), so memory never holds more than the cache.
_COMMIT_EVERY: Final = 50_000
# Ids per ``IN (...)`` query: well under SQLite's limit of 32,766 bound parameters.
_QUERY_IDS: Final = 500

_SCHEMA: Final = """
CREATE TABLE hands (
    site TEXT NOT NULL,
    id NOT NULL,
    month TEXT,
    digest TEXT,
    file INTEGER,
    line INTEGER,
    PRIMARY KEY (site, id)
) WITHOUT ROWID
"""


def _key(hand_id: str) -> int | str:
    n = id_number(hand_id)
    return hand_id if n is None else n


class HandStore:
    """A set of ``(site, hand id)`` keys with, for each, the partition month, digest and place
    (``file:line``) it was kept with; on disk. ``close`` deletes it."""

    __slots__ = ("_db", "_file_of", "_files", "_pending")

    def __init__(self) -> None:
        # "" opens a private database in a temporary file, deleted on close. No journal: the
        # store is never rolled back, and it is thrown away with the process.
        self._db = sqlite3.connect("", isolation_level=None, check_same_thread=False)
        self._db.execute(f"PRAGMA cache_size = -{_CACHE_KIB}")
        self._db.execute("PRAGMA journal_mode = OFF")
        self._db.execute("PRAGMA synchronous = OFF")
        self._db.execute("PRAGMA temp_store = FILE")
        self._db.execute(_SCHEMA)
        self._db.execute("BEGIN")
        self._pending = 0
        self._file_of: dict[str, int] = {}  # file name -> its number (few files, many hands)
        self._files: list[str] = []

    def close(self) -> None:
        """Delete the store (SQLite removes its temporary file)."""
        self._db.close()

    def __contains__(self, key: object) -> bool:
        if not (isinstance(key, tuple) and len(key) == 2):
            return False
        site, hand_id = key
        if not (isinstance(site, str) and isinstance(hand_id, str)):
            return False
        row = self._db.execute(
            "SELECT 1 FROM hands WHERE site = ? AND id = ?", (site, _key(hand_id))
        ).fetchone()
        return row is not None

    def any_numbers(self, site: str, numbers: npt.NDArray[np.int64]) -> bool:
        """Whether any of ``site``'s ids ``numbers`` (as ``handids.id_numbers`` gives them)
        is kept."""
        values = numbers.tolist()
        for at in range(0, len(values), _QUERY_IDS):
            part = values[at : at + _QUERY_IDS]
            marks = ",".join("?" * len(part))
            sql = f"SELECT 1 FROM hands WHERE site = ? AND id IN ({marks}) LIMIT 1"
            if self._db.execute(sql, (site, *part)).fetchone() is not None:
                return True
        return False

    def add_new(
        self,
        site: str,
        hand_id: str,
        *,
        month: str | None = None,
        digest: str | None = None,
        file: str = "",
        line: int = 0,
    ) -> bool:
        """Keep ``(site, hand_id)`` with what it was kept with, unless it is kept already;
        whether it was new."""
        cursor = self._db.execute(
            "INSERT OR IGNORE INTO hands VALUES (?, ?, ?, ?, ?, ?)",
            (site, _key(hand_id), month, digest, self._file_number(file), line),
        )
        self._wrote(1)
        return cursor.rowcount == 1

    def add_numbers(
        self,
        site: str,
        numbers: npt.NDArray[np.int64],
        *,
        month: str | None = None,
        digests: npt.NDArray[np.uint64] | None = None,
        files: Sequence[str] = (),
        file_index: npt.NDArray[np.int32] | None = None,
        lines: npt.NDArray[np.int64] | None = None,
    ) -> None:
        """Keep many new ids of ``site`` at once (none kept yet: ``any_numbers``), each with
        its digest (as ``handids.digest_numbers`` gives them) and place when given (each
        hand's file as an index into ``files``)."""
        n = len(numbers)
        if not n:
            return
        numbers_of = [self._file_number(f) for f in files]
        file_numbers: Iterable[int | None] = (
            (numbers_of[i] for i in file_index.tolist()) if file_index is not None else [None] * n
        )
        rows = zip(
            [site] * n,
            numbers.tolist(),
            [month] * n,
            [f"{d:016x}" for d in digests.tolist()] if digests is not None else [None] * n,
            file_numbers,
            lines.tolist() if lines is not None else [0] * n,
            strict=True,
        )
        self._db.executemany("INSERT INTO hands VALUES (?, ?, ?, ?, ?, ?)", rows)
        self._wrote(n)

    def get(self, site: str, month: str | None, hand_id: str) -> tuple[str, str] | None:
        """The digest and place of ``hand_id`` of ``site`` if it was kept in the partition
        of ``month`` with a digest, else None."""
        row = self._db.execute(
            "SELECT month, digest, file, line FROM hands WHERE site = ? AND id = ?",
            (site, _key(hand_id)),
        ).fetchone()
        if row is None or row[0] != month or row[1] is None:
            return None
        _, digest, f, line = row
        file = self._files[f] if f is not None else ""
        return digest, f"{file}:{line}" if file else ""

    def __len__(self) -> int:
        row = self._db.execute("SELECT count(*) FROM hands").fetchone()
        return int(row[0])

    def _file_number(self, file: str) -> int:
        f = self._file_of.get(file)
        if f is None:
            f = self._file_of[file] = len(self._files)
            self._files.append(file)
        return f

    def _wrote(self, n: int) -> None:
        self._pending += n
        if self._pending >= _COMMIT_EVERY:
            self._db.execute("COMMIT")
            self._db.execute("BEGIN")
            self._pending = 0
