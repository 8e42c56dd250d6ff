"""Hand ids seen, kept compactly: an audit or an export remembers every hand id it has read
(to skip a second reading of a hand), so the cost per id sets its memory on a long run.

Site hand ids are decimal numbers: those that fit 63 bits live in a sorted ``int64`` array
(8 bytes an id) plus a small set of recent additions merged into it now and then; any other id
(text, a leading zero, a longer number) is kept as text.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import numpy as np
import numpy.typing as npt

__all__ = ["HandDigests", "HandIds", "HandKeys"]

_INT64_MAX: Final = (1 << 63) - 1
# Recent additions are Python objects (~100 bytes an id, ~250 with a digest), merged into the
# arrays at this many: each merge copies the arrays once; merging four times as often as at
# 65,536 cost no measurable time over 1,000,000 ids and took ~15 MiB off the peak.
_MERGE_AT: Final = 1 << 14


def _number(hand_id: str) -> int | None:
    """The id as an int when its text is exactly that int's decimal form and fits ``int64``."""
    if hand_id.isdigit() and hand_id.isascii() and (hand_id[0] != "0" or hand_id == "0"):
        n = int(hand_id)
        if n <= _INT64_MAX:
            return n
    return None


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

    __slots__ = ("_merge_at", "_recent", "_sorted", "_texts")

    def __init__(self, hand_ids: Iterable[str] = (), *, merge_at: int = _MERGE_AT) -> None:
        self._sorted: npt.NDArray[np.int64] = np.empty(0, dtype=np.int64)
        self._recent: set[int] = set()
        self._texts: set[str] = set()
        self._merge_at = merge_at
        for hand_id in hand_ids:
            self.add(hand_id)
        self._merge()

    def __contains__(self, hand_id: object) -> bool:
        if not isinstance(hand_id, str):
            return False
        n = _number(hand_id)
        if n is None:
            return hand_id in self._texts
        return n in self._recent or _at(self._sorted, n) is not None

    def add(self, hand_id: str) -> None:
        """Remember ``hand_id``."""
        self.add_new(hand_id)

    def add_new(self, hand_id: str) -> bool:
        """Remember ``hand_id``; whether it was new."""
        n = _number(hand_id)
        if n is None:
            if hand_id in self._texts:
                return False
            self._texts.add(hand_id)
            return True
        if n in self._recent or _at(self._sorted, n) is not None:
            return False
        self._recent.add(n)
        if len(self._recent) >= self._merge_at:
            self._merge()
        return True

    def __len__(self) -> int:
        # ``add_new`` keeps a recent id only if the array lacks it: the three are disjoint.
        return len(self._sorted) + len(self._recent) + len(self._texts)

    def _merge(self) -> None:
        if self._recent:
            recent = np.fromiter(self._recent, dtype=np.int64, count=len(self._recent))
            recent.sort()
            self._sorted = np.insert(self._sorted, self._sorted.searchsorted(recent), recent)
            self._recent.clear()


class HandKeys:
    """A set of ``(site, hand id)`` keys: a ``HandIds`` per site."""

    __slots__ = ("_by_site",)

    def __init__(self) -> None:
        self._by_site: dict[str, HandIds] = {}

    def add_new(self, site: str, hand_id: str) -> bool:
        """Remember the key; whether it was new."""
        ids = self._by_site.get(site)
        if ids is None:
            ids = self._by_site[site] = HandIds()
        return ids.add_new(hand_id)

    def __contains__(self, key: object) -> bool:
        if not (isinstance(key, tuple) and len(key) == 2):
            return False
        ids = self._by_site.get(key[0])
        return ids is not None and key[1] in ids


def _digest_number(digest: str) -> int | None:
    """A 16-digit lower-case hex digest (the tables' ``digest``) as its 64-bit number."""
    if len(digest) != 16:
        return None
    try:
        n = int(digest, 16)
    except ValueError:
        return None
    return n if f"{n:016x}" == digest else None


class HandDigests:
    """Hand id -> (digest, place ``file:line``) of the hands an export has written, to tell a
    different hand given the same id apart. A numeric id with a 16-hex digest costs 24 bytes
    (sorted arrays: id, digest, file number, line), like ``HandIds``; anything else a dict
    entry. A later ``put`` of an id replaces the earlier one."""

    __slots__ = (
        "_digests", "_file_of", "_files", "_ids", "_lines", "_merge_at", "_names", "_other",
        "_recent",
    )  # fmt: skip

    def __init__(self, *, merge_at: int = _MERGE_AT) -> None:
        self._ids: npt.NDArray[np.int64] = np.empty(0, dtype=np.int64)
        self._digests: npt.NDArray[np.uint64] = np.empty(0, dtype=np.uint64)
        self._files: npt.NDArray[np.int32] = np.empty(0, dtype=np.int32)
        self._lines: npt.NDArray[np.int64] = np.empty(0, dtype=np.int64)
        self._recent: dict[int, tuple[int, int, int]] = {}
        self._other: dict[str, tuple[str, str]] = {}
        self._file_of: dict[str, int] = {}  # file name -> its number (few files, many hands)
        self._names: list[str] = []
        self._merge_at = merge_at

    def put(self, hand_id: str, digest: str, file: str, line: int) -> None:
        """Remember ``hand_id``'s digest and where it was read (``file`` "" for nowhere)."""
        n = _number(hand_id)
        d = _digest_number(digest)
        if n is None or d is None:
            # Looked up before the arrays: it shadows an earlier put of the id there.
            self._other[hand_id] = (digest, f"{file}:{line}" if file else "")
            if n is not None:
                self._recent.pop(n, None)
            return
        f = self._file_of.get(file)
        if f is None:
            f = self._file_of[file] = len(self._names)
            self._names.append(file)
        self._other.pop(hand_id, None)
        self._recent[n] = (d, f, line)
        if len(self._recent) >= self._merge_at:
            self._merge()

    def get(self, hand_id: str) -> tuple[str, str] | None:
        """The digest and place of ``hand_id``, or None if it was never put."""
        other = self._other.get(hand_id)
        n = _number(hand_id)
        if n is None or other is not None:
            return other
        found = self._recent.get(n)
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
        numbers = (_number(h) for h in self._other)
        shadowed = sum(1 for n in numbers if n is not None and _at(self._ids, n) is not None)
        return len(self._ids) + len(self._other) - shadowed

    def _merge(self) -> None:
        if not self._recent:
            return
        count = len(self._recent)
        ids = np.fromiter(self._recent, dtype=np.int64, count=count)
        rows = list(self._recent.values())
        order = ids.argsort()
        ids = ids[order]
        digests = np.array([r[0] for r in rows], dtype=np.uint64)[order]
        files = np.array([r[1] for r in rows], dtype=np.int32)[order]
        lines = np.array([r[2] for r in rows], dtype=np.int64)[order]
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
        self._recent.clear()
