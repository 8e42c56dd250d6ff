"""The files a command reads, with every path it cannot read named on stderr.

Exit statuses shared by the commands (README, "Exit status"): 0 done, 1 rejected hands or
error findings, 2 could not run (bad option, missing path, no history files), 3 done but some
paths could not be read (each named), 4 an internal failure (one line on stderr).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from histparse.parallel.front import Listing, list_inputs

__all__ = ["EXIT_FAILED", "EXIT_UNREADABLE", "Listed", "list_or_report", "with_skipped"]

EXIT_UNREADABLE = 3
EXIT_FAILED = 4


class Listed:
    """The readable files of a command's paths (the front's ``listing``) and how many paths
    were skipped."""

    __slots__ = ("files", "listing", "skipped")

    def __init__(self, listing: Listing) -> None:
        self.listing = listing
        self.files = listing.files
        self.skipped = len(listing.skipped)

    def status(self, status: int) -> int:
        """``status`` (of the run over ``files``), or 3 when a path was skipped."""
        return with_skipped(status, self.skipped)


def with_skipped(status: int, skipped: int) -> int:
    """A run's ``status``, or 3 when ``skipped`` paths could not be read (1 is outranked)."""
    return EXIT_UNREADABLE if skipped and status in (0, 1) else status


def list_or_report(command: str, paths: Sequence[str], client: Any = None) -> Listed | None:
    """The files under ``paths``; each unreadable path (an unreadable file or directory, a
    FIFO, a device, a ``/proc`` file) named on stderr. None (exit 2, said on stderr) when a
    path matches nothing or a folder holds no history file."""
    try:
        listing = list_inputs(paths, client)
    except FileNotFoundError as exc:
        print(f"histparse {command}: {exc}", file=sys.stderr)
        return None
    for error in listing.skipped:
        print(f"histparse {command}: skipped {error.filename}: {error.strerror}", file=sys.stderr)
    return Listed(listing)
