"""The files a command reads, with every path it cannot read named on stderr.

The exit statuses are ``histparse.cli.status``'s (README, "Exit status"); 3 is the one this
module gives: done, but some paths could not be read (each named).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from histparse.cli.status import (
    EXIT_FAILED,
    EXIT_FINDINGS,
    EXIT_OK,
    EXIT_REJECTED,
    EXIT_UNREADABLE,
)
from histparse.parallel.front import Listing, list_inputs
from histparse.textio import shown

__all__ = ["EXIT_FAILED", "EXIT_UNREADABLE", "Listed", "list_or_report", "with_skipped"]


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
    """A run's ``status``, or 3 when ``skipped`` paths could not be read (1 and 5 are
    outranked)."""
    done = (EXIT_OK, EXIT_REJECTED, EXIT_FINDINGS)
    return EXIT_UNREADABLE if skipped and status in done else status


def list_or_report(command: str, paths: Sequence[str], client: Any = None) -> Listed | None:
    """The files under ``paths``; each unreadable path (an unreadable file or directory, a
    FIFO, a device, a ``/proc`` file) named on stderr. None (exit 2, said on stderr) when a
    path matches nothing or a folder holds no history file."""
    try:
        listing = list_inputs(paths, client)
    except FileNotFoundError as exc:
        print(f"histparse {command}: {shown(str(exc))}", file=sys.stderr)
        return None
    for error in listing.skipped:
        where = shown(error.filename)
        print(f"histparse {command}: skipped {where}: {error.strerror}", file=sys.stderr)
    return Listed(listing)
