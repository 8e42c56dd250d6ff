"""Hand ids seen, kept compactly: an audit or an export remembers every hand id it has read
(to skip a second reading of a hand), so the cost per id sets its memory on a long run.

Site hand ids are decimal numbers: those that fit 63 bits live in a sorted ``int64`` array
(8 bytes an id) plus a small set of recent additions merged into it now and then; any other id
(text, a leading zero, a longer number) is kept as text.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, NamedTuple

import numpy as np
import numpy.typing as npt

__all__ = [
    "HandDigests",
    "HandIds",
    "digest_numbers",
    "id_number",
    "id_numbers",
]

_INT64_MAX: Final = (1 << 63) - 1
# Recent additions are Python objects (~100 bytes an id, ~250 with a digest), merged into the
# arrays at this many: each merge copies the arrays once; merging four times as often as at
# 65,536 cost no measurable time over 1,000,000 ids and took ~15 MiB off the peak.
_MERGE_AT: Final = 1 << 14


def id_number(hand_id: str) -> int | None:
    """The id as an int when its text is exactly that int's decimal form and fits ``int64``."""
    if hand_id.isdigit() and hand_id.isascii() and (hand_id[0] != "0" or hand_id == "0"):
        n = int(hand_id)
        if n <= _INT64_MAX:
            return n
    return None


def id_numbers(hand_ids: Iterable[str]) -> npt.NDArray[np.int64] | None:
    """The ids as an ``int64`` array when every one is a plain number (as ``HandIds`` keeps
    them), else None: what a worker sends so that the writer checks a piece's ids at once."""
    out: list[int] = []
    for hand_id in hand_ids:
        n = id_number(hand_id)
        if n is None:
            return None
        out.append(n)
    return np.array(out, dtype=np.int64)


def digest_numbers(digests: Iterable[str | None]) -> npt.NDArray[np.uint64] | None:
    """The tables' 16-hex digests as a ``uint64`` array, or None if one is not of that form."""
    out: list[int] = []
    for digest in digests:
        d = None if digest is None else _digest_number(digest)
        if d is None:
            return None
        out.append(d)
    return np.array(out, dtype=np.uint64)


def _found(
    sorted_ids: npt.NDArray[np.int64], at: npt.NDArray[np.intp], ids: npt.NDArray[np.int64]
) -> npt.NDArray[np.bool_]:
    """Which of ``ids`` are in ``sorted_ids``, given where each would go (``searchsorted``)."""
    inside = at < len(sorted_ids)
    found = np.zeros(len(ids), dtype=np.bool_)
    found[inside] = sorted_ids[at[inside]] == ids[inside]
    return found


def _at(sorted_ids: npt.NDArray[np.int64], n: int) -> int | None:
    """Where ``n`` is in ``sorted_ids``, or None."""
    i = int(sorted_ids.searchsorted(n))
    return i if i < len(sorted_ids) and int(sorted_ids[i]) == n else None


class HandIds:
    """A set of hand ids (``in``, ``add``, ``len``)."""

    __slots__ = ("_chunks", "_in_chunks", "_merge_at", "_recent", "_sorted", "_texts")

    def __init__(self, hand_ids: Iterable[str] = (), *, merge_at: int = _MERGE_AT) -> None:
        self._sorted: npt.NDArray[np.int64] = np.empty(0, dtype=np.int64)
        # Sorted arrays added in bulk (``add_numbers``), merged into ``_sorted`` at
        # ``merge_at`` ids: a piece's ids go in with no Python object per id.
        self._chunks: list[npt.NDArray[np.int64]] = []
        self._in_chunks = 0
        self._recent: set[int] = set()
        self._texts: set[str] = set()
        self._merge_at = merge_at
        for hand_id in hand_ids:
            self.add(hand_id)
        self._merge()

    def __contains__(self, hand_id: object) -> bool:
        if not isinstance(hand_id, str):
            return False
        n = id_number(hand_id)
        if n is None:
            return hand_id in self._texts
        return n in self._recent or self._has(n)

    def _has(self, n: int) -> bool:
        """Whether the number ``n`` is in the arrays."""
        return _at(self._sorted, n) is not None or any(_at(c, n) is not None for c in self._chunks)

    def contains_numbers(self, numbers: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
        """Which of ``numbers`` (ids as ``id_numbers`` gives them) are in the set."""
        found = _found(self._sorted, self._sorted.searchsorted(numbers), numbers)
        for chunk in self._chunks:
            found |= _found(chunk, chunk.searchsorted(numbers), numbers)
        if self._recent:
            recent = np.fromiter(self._recent, dtype=np.int64, count=len(self._recent))
            found |= np.isin(numbers, recent)
        return found

    def add_numbers(self, numbers: npt.NDArray[np.int64]) -> None:
        """Remember ``numbers``, none of which is in the set yet (``contains_numbers``), each
        once."""
        if not len(numbers):
            return
        self._chunks.append(np.sort(numbers))
        self._in_chunks += len(numbers)
        if self._in_chunks >= self._merge_at:
            self._merge()

    def add(self, hand_id: str) -> None:
        """Remember ``hand_id``."""
        self.add_new(hand_id)

    def add_new(self, hand_id: str) -> bool:
        """Remember ``hand_id``; whether it was new."""
        n = id_number(hand_id)
        if n is None:
            if hand_id in self._texts:
                return False
            self._texts.add(hand_id)
            return True
        if n in self._recent or self._has(n):
            return False
        self._recent.add(n)
        if len(self._recent) >= self._merge_at:
            self._merge()
        return True

    def __len__(self) -> int:
        # An id is added only if absent: the parts are disjoint.
        return len(self._sorted) + self._in_chunks + len(self._recent) + len(self._texts)

    def _merge(self) -> None:
        parts = self._chunks
        if self._recent:
            parts.append(np.fromiter(self._recent, dtype=np.int64, count=len(self._recent)))
        if parts:
            new = np.concatenate(parts) if len(parts) > 1 else parts[0]
            new.sort()
            self._sorted = np.insert(self._sorted, self._sorted.searchsorted(new), new)
            self._recent.clear()
            self._chunks, self._in_chunks = [], 0


def _digest_number(digest: str) -> int | None:
    """A 16-digit lower-case hex digest (the tables' ``digest``) as its 64-bit number."""
    if len(digest) != 16:
        return None
    try:
        n = int(digest, 16)
    except ValueError:
        return None
    return n if f"{n:016x}" == digest else None


class _Rows(NamedTuple):
    """Hands' ids (sorted), digests, file numbers and lines, as parallel arrays."""

    ids: npt.NDArray[np.int64]
    digests: npt.NDArray[np.uint64]
    files: npt.NDArray[np.int32]
    lines: npt.NDArray[np.int64]


class HandDigests:
    """Hand id -> (digest, place ``file:line``) of the hands an export has written, to tell a
    different hand given the same id apart. A numeric id with a 16-hex digest costs 24 bytes
    (sorted arrays: id, digest, file number, line), like ``HandIds``; anything else a dict
    entry. A later ``put`` of an id replaces the earlier one."""

    __slots__ = (
        "_chunks", "_digests", "_file_of", "_files", "_ids", "_in_chunks", "_lines", "_merge_at",
        "_names", "_other", "_recent",
    )  # fmt: skip

    def __init__(self, *, merge_at: int = _MERGE_AT) -> None:
        self._ids: npt.NDArray[np.int64] = np.empty(0, dtype=np.int64)
        self._digests: npt.NDArray[np.uint64] = np.empty(0, dtype=np.uint64)
        self._files: npt.NDArray[np.int32] = np.empty(0, dtype=np.int32)
        self._lines: npt.NDArray[np.int64] = np.empty(0, dtype=np.int64)
        self._recent: dict[int, tuple[int, int, int]] = {}
        # Bulk puts (``put_numbers``), each sorted by id, older first; all of them older than
        # ``_recent`` and newer than the arrays (a bulk put folds ``_recent`` in first).
        self._chunks: list[_Rows] = []
        self._in_chunks = 0
        self._other: dict[str, tuple[str, str]] = {}
        self._file_of: dict[str, int] = {}  # file name -> its number (few files, many hands)
        self._names: list[str] = []
        self._merge_at = merge_at

    def put(self, hand_id: str, digest: str, file: str, line: int) -> None:
        """Remember ``hand_id``'s digest and where it was read (``file`` "" for nowhere)."""
        n = id_number(hand_id)
        d = _digest_number(digest)
        if n is None or d is None:
            # Looked up before the arrays: it shadows an earlier put of the id there.
            self._other[hand_id] = (digest, f"{file}:{line}" if file else "")
            if n is not None:
                self._recent.pop(n, None)
            return
        f = self._file_number(file)
        self._other.pop(hand_id, None)
        self._recent[n] = (d, f, line)
        if len(self._recent) >= self._merge_at:
            self._merge()

    def _file_number(self, file: str) -> int:
        f = self._file_of.get(file)
        if f is None:
            f = self._file_of[file] = len(self._names)
            self._names.append(file)
        return f

    def put_numbers(
        self,
        ids: npt.NDArray[np.int64],
        digests: npt.NDArray[np.uint64],
        files: Sequence[str],
        file_index: npt.NDArray[np.int32],
        lines: npt.NDArray[np.int64],
    ) -> None:
        """``put`` of many hands at once: ids as ``id_numbers`` gives them (each once), digests
        as ``digest_numbers``, each hand's file as an index into ``files``."""
        if not len(ids):
            return
        if self._recent:
            self._merge()  # the bulk put is the newer
        if self._other:
            for n in ids.tolist():
                self._other.pop(str(n), None)
        numbers = np.array([self._file_number(f) for f in files], dtype=np.int32)
        order = ids.argsort()
        rows = _Rows(ids[order], digests[order], numbers[file_index][order], lines[order])
        self._chunks.append(rows)
        self._in_chunks += len(ids)
        if self._in_chunks >= self._merge_at:
            self._merge()

    def get(self, hand_id: str) -> tuple[str, str] | None:
        """The digest and place of ``hand_id``, or None if it was never put."""
        other = self._other.get(hand_id)
        n = id_number(hand_id)
        if n is None or other is not None:
            return other
        found = self._recent.get(n)
        for rows in reversed(self._chunks):
            if found is not None:
                break
            i = _at(rows.ids, n)
            if i is not None:
                found = (int(rows.digests[i]), int(rows.files[i]), int(rows.lines[i]))
        if found is None:
            i = _at(self._ids, n)
            if i is None:
                return None
            found = (int(self._digests[i]), int(self._files[i]), int(self._lines[i]))
        d, f, line = found
        file = self._names[f]
        return f"{d:016x}", f"{file}:{line}" if file else ""

    def __len__(self) -> int:
        self._merge()
        numbers = (id_number(h) for h in self._other)
        shadowed = sum(1 for n in numbers if n is not None and _at(self._ids, n) is not None)
        return len(self._ids) + len(self._other) - shadowed

    def _merge(self) -> None:
        chunks = self._chunks
        self._chunks, self._in_chunks = [], 0
        for rows in chunks:  # older first: a later one replaces an earlier put
            self._fold(rows)
        if not self._recent:
            return
        count = len(self._recent)
        ids = np.fromiter(self._recent, dtype=np.int64, count=count)
        recent = list(self._recent.values())
        order = ids.argsort()
        self._fold(
            _Rows(
                ids[order],
                np.array([r[0] for r in recent], dtype=np.uint64)[order],
                np.array([r[1] for r in recent], dtype=np.int32)[order],
                np.array([r[2] for r in recent], dtype=np.int64)[order],
            )
        )
        self._recent.clear()

    def _fold(self, rows: _Rows) -> None:
        """Merge ``rows`` (sorted by id, each id once) into the arrays, replacing."""
        ids, digests, files, lines = rows
        at = self._ids.searchsorted(ids)
        there = _found(self._ids, at, ids)
        # A later put replaces the earlier, in place; the others are inserted where they sort.
        # One array at a time, each copied once: re-sorting the whole arrays at every merge
        # needed several copies of all of them at once. An export's ids and digests of
        # 1,000,000 hands peaked at 82 MiB that way, 48 now (with ``_MERGE_AT``).
        old = at[there]
        self._digests[old] = digests[there]
        self._files[old] = files[there]
        self._lines[old] = lines[there]
        new, where = ~there, at[~there]
        self._ids = np.insert(self._ids, where, ids[new])
        self._digests = np.insert(self._digests, where, digests[new])
        self._files = np.insert(self._files, where, files[new])
        self._lines = np.insert(self._lines, where, lines[new])
