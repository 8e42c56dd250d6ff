"""A one-line progress report on stderr: percent done by bytes, hands, rates, time left, files.

The commands that read histories know the size of every input file; the pieces they hand out
(``track``) say how much of its file each one covers, so the share of bytes done grows piece by
piece, also inside one big file, and becomes exact each time a file is finished. A command
without pieces (``generate``) counts towards a number of hands instead (``total_hands``).
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, TextIO, TypeVar

if TYPE_CHECKING:
    from histparse.parallel.pieces import Piece, PieceGroup

P = TypeVar("P", bound="Piece | PieceGroup")

__all__ = ["Progress", "file_sizes", "piece_size"]


def file_sizes(paths: Sequence[str | os.PathLike[str]]) -> list[int]:
    """Each file's size in bytes (0 for one this process cannot see, e.g. a cluster's)."""
    sizes = []
    for p in paths:
        try:
            sizes.append(os.path.getsize(p))
        except OSError:
            sizes.append(0)
    return sizes


def piece_size(piece: Piece | PieceGroup) -> int:
    """How much of its file a piece covers: the bytes of its span, or the characters of its
    lines (the bytes of an ASCII file; an estimate otherwise, made exact at the file's end).
    A group's last file, whole: the files before it are counted whole once it is reached."""
    # Imported here, as the module imports ``pieces`` only for its types.
    from histparse.parallel.pieces import PieceGroup

    if isinstance(piece, PieceGroup):
        return piece.files[-1].size
    if piece.span is not None:
        return piece.span.end - piece.span.start
    return sum(map(len, piece.lines))


def _clock(seconds: float) -> str:
    s = int(seconds + 0.5)
    h, rest = divmod(s, 3600)
    return f"{h}:{rest // 60:02d}:{rest % 60:02d}" if h else f"{rest // 60}:{rest % 60:02d}"


def _mb(n: float) -> str:
    return f"{n / 1e6:,.1f} MB" if n >= 1e6 else f"{n / 1e3:,.0f} kB"


class Progress:
    """Rewrites one stderr line as work goes on, at most every ``interval`` seconds.

    ``files`` is the number of input files or their paths (then their sizes give the percent
    done by bytes); ``sizes`` gives the sizes directly. Silent unless ``enabled``;
    ``Progress.for_terminal`` enables it only when stderr is a terminal, so that logs and pipes
    get no carriage returns.
    """

    def __init__(
        self,
        files: int | Sequence[str | os.PathLike[str]],
        *,
        enabled: bool,
        stream: TextIO | None = None,
        interval: float = 0.2,
        sizes: Sequence[int] | None = None,
        total_hands: int | None = None,
    ) -> None:
        if not isinstance(files, int):
            sizes = file_sizes(files) if sizes is None else sizes
            files = len(files)
        self.files = files
        self.enabled = enabled
        self.stream = stream if stream is not None else sys.stderr
        self.interval = interval
        self.sizes = list(sizes or [])
        self.total_bytes = sum(self.sizes)
        self.total_hands = total_hands
        self.hands = 0
        self.files_done = 0  # the index of the file being read
        self._before = 0  # bytes of the files before ``files_done``
        self._inside = 0  # bytes read of file ``files_done``
        self._pending: deque[tuple[int, int]] = deque()
        self._start = time.monotonic()
        self._shown = 0.0
        self._width = 0
        self._closed = False

    @classmethod
    def for_terminal(
        cls,
        files: int | Sequence[str | os.PathLike[str]],
        *,
        quiet: bool = False,
        total_hands: int | None = None,
    ) -> Progress:
        """Enabled when stderr is a terminal and not ``quiet``."""
        stream = sys.stderr
        enabled = not quiet and stream.isatty()
        # Sizes are only looked up when they will be shown.
        count = files if isinstance(files, int) or enabled else len(files)
        return cls(count, enabled=enabled, stream=stream, total_hands=total_hands)

    def track(self, pieces: Iterable[P]) -> Iterator[P]:
        """``pieces`` as they are, noting the size of each: the n-th ``update`` after them is
        taken as the n-th piece's result (``ordered_map`` keeps that order)."""
        for piece in pieces:
            if self.enabled:
                self._pending.append((piece.file_index, piece_size(piece)))
            yield piece

    @property
    def bytes_done(self) -> int:
        """Bytes of the input read so far (never more than the file being read holds)."""
        if self.files_done >= len(self.sizes):
            return self.total_bytes
        return self._before + min(self._inside, self.sizes[self.files_done])

    def _advance(self, file_index: int) -> None:
        while self.files_done < file_index:
            if self.files_done < len(self.sizes):
                self._before += self.sizes[self.files_done]
            self.files_done += 1
            self._inside = 0

    def update(self, hands: int, file_index: int) -> None:
        """``hands`` more were read; the file being read is ``file_index`` (from 0)."""
        self.hands += hands
        self._advance(file_index)
        if self._pending:
            index, size = self._pending.popleft()
            self._advance(index)
            self._inside += size
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self._shown >= self.interval:
            self._shown = now
            self._show(now)

    def fraction(self) -> float | None:
        """The share of the work done, when the total is known."""
        if self._closed:
            return 1.0
        if self.total_bytes:
            return self.bytes_done / self.total_bytes
        if self.total_hands:
            return min(1.0, self.hands / self.total_hands)
        return None

    def line(self, now: float | None = None) -> str:
        """The progress line."""
        elapsed = (now if now is not None else time.monotonic()) - self._start
        rate = self.hands / elapsed if elapsed > 0 else 0.0
        parts = []
        done = self.fraction()
        if done is not None:
            of = f" of {_mb(self.total_bytes)}" if self.total_bytes else ""
            parts.append(f"{done * 100:3.0f}%{of}")
        parts.append(f"{self.hands:,} hands, {rate:,.0f} hands/s")
        if self.total_bytes and elapsed > 0:
            parts.append(f"{_mb(self.bytes_done / elapsed)}/s")
        # The first second's rate (workers starting) would promise far too long a wait.
        if done is not None and 0 < done < 1 and elapsed >= 1 and not self._closed:
            parts.append(f"{_clock(elapsed * (1 - done) / done)} left")
        elif self._closed:
            parts.append(f"{_clock(elapsed)} in all")
        if self.files:
            parts.append(f"file {min(self.files_done + 1, self.files)}/{self.files}")
        return ", ".join(parts)

    def _show(self, now: float) -> None:
        text = self.line(now)
        # A line longer than the terminal would wrap, and "\r" would then rewrite only its
        # last part: it is cut to the width.
        columns = shutil.get_terminal_size((100, 24)).columns
        text = text[: max(columns - 1, 20)]
        pad = max(0, self._width - len(text))
        self._width = len(text)
        self.stream.write(f"\r{text}{' ' * pad}")
        self.stream.flush()

    def close(self) -> None:
        """Show the final figures and end the line."""
        if self.enabled and not self._closed:
            self._advance(max(self.files_done, self.files))
            self._closed = True
            self._show(time.monotonic())
            self.stream.write("\n")
            self.stream.flush()
        self._closed = True
