"""A one-line progress report on stderr: hands, hands per second, files."""

from __future__ import annotations

import sys
import time
from typing import TextIO

__all__ = ["Progress"]


class Progress:
    """Rewrites one stderr line as work goes on, at most every ``interval`` seconds.

    Silent unless ``enabled``; ``Progress.for_terminal`` enables it only when the stream is a
    terminal, so that logs and pipes get no carriage returns.
    """

    def __init__(
        self, files: int, *, enabled: bool, stream: TextIO | None = None, interval: float = 0.2
    ) -> None:
        self.files = files
        self.enabled = enabled
        self.stream = stream if stream is not None else sys.stderr
        self.interval = interval
        self.hands = 0
        self.files_done = 0
        self._start = time.monotonic()
        self._shown = 0.0
        self._width = 0

    @classmethod
    def for_terminal(cls, files: int, *, quiet: bool = False) -> Progress:
        """Enabled when stderr is a terminal and not ``quiet``."""
        stream = sys.stderr
        return cls(files, enabled=not quiet and stream.isatty(), stream=stream)

    def update(self, hands: int, file_index: int) -> None:
        """``hands`` more were read; the file being read is ``file_index`` (from 0)."""
        self.hands += hands
        self.files_done = max(self.files_done, file_index)
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self._shown >= self.interval:
            self._shown = now
            self._show(now)

    def line(self, now: float | None = None) -> str:
        """The progress line."""
        elapsed = (now if now is not None else time.monotonic()) - self._start
        rate = self.hands / elapsed if elapsed > 0 else 0.0
        return (
            f"{self.hands:,} hands, {rate:,.0f} hands/s, "
            f"file {min(self.files_done + 1, self.files)}/{self.files}"
        )

    def _show(self, now: float) -> None:
        text = self.line(now)
        pad = max(0, self._width - len(text))
        self._width = len(text)
        self.stream.write(f"\r{text}{' ' * pad}")
        self.stream.flush()

    def close(self) -> None:
        """Show the final figures and end the line."""
        if self.enabled:
            self.files_done = max(self.files_done, self.files - 1)
            self._show(time.monotonic())
            self.stream.write("\n")
            self.stream.flush()
