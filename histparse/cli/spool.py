"""Reports that print their counts first and their details after, in flat memory: the details
wait in a temporary text file, in memory while small and on disk past ``SPOOL_BYTES``."""

from __future__ import annotations

import tempfile
from typing import Final

__all__ = ["SPOOL_BYTES", "spooled"]

SPOOL_BYTES: Final = 1 << 20


def spooled() -> tempfile.SpooledTemporaryFile[str]:
    """A new temporary text file (UTF-8) kept in memory up to ``SPOOL_BYTES``."""
    return tempfile.SpooledTemporaryFile(SPOOL_BYTES, "w+", encoding="utf-8")
