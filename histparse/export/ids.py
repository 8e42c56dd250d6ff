"""The hand ids an export has seen, kept compactly: a long export remembers every id of the
partitions it touches (to skip hands already exported), so the cost per id sets its memory.

Site hand ids are decimal numbers: those that fit 63 bits live in a sorted ``int64`` array
(8 bytes an id) plus a small set of recent additions merged into it now and then; any other id
(text, a leading zero, a longer number) is kept as text.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import numpy as np
import numpy.typing as npt

__all__ = ["HandIds"]

_INT64_MAX: Final = (1 << 63) - 1
_MERGE_AT: Final = 1 << 16


def _number(hand_id: str) -> int | None:
    """The id as an int when its text is exactly that int's decimal form and fits ``int64``."""
    if hand_id.isdigit() and hand_id.isascii() and (hand_id[0] != "0" or hand_id == "0"):
        n = int(hand_id)
        if n <= _INT64_MAX:
            return n
    return None


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
        return n in self._recent or self._in_sorted(n)

    def add(self, hand_id: str) -> None:
        """Remember ``hand_id``."""
        n = _number(hand_id)
        if n is None:
            self._texts.add(hand_id)
            return
        self._recent.add(n)
        if len(self._recent) >= self._merge_at:
            self._merge()

    def __len__(self) -> int:
        # A recent id may also be in the array (added twice): merging drops the duplicate.
        self._merge()
        return len(self._sorted) + len(self._texts)

    def _in_sorted(self, n: int) -> bool:
        arr = self._sorted
        i = int(arr.searchsorted(n))
        return i < len(arr) and int(arr[i]) == n

    def _merge(self) -> None:
        if self._recent:
            recent = np.fromiter(self._recent, dtype=np.int64, count=len(self._recent))
            self._sorted = np.union1d(self._sorted, recent)
            self._recent.clear()
