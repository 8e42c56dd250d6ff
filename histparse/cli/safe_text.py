"""Text that cannot be misread: player names with control characters, escape sequences or
bidirectional overrides shown visibly on a terminal, and CSV cells that a spreadsheet would
not run as formulas."""

from __future__ import annotations

import csv
from typing import TextIO

import pandas as pd

from histparse.textio import shown, visible

__all__ = ["safe_csv", "shown", "visible"]

# Cells a spreadsheet reads as a formula (OWASP "CSV injection"), tab and CR included.
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: object) -> object:
    if isinstance(value, str) and value.startswith(_FORMULA_STARTS):
        return "'" + value
    return value


def safe_csv(frame: pd.DataFrame, out: TextIO) -> None:
    """Write ``frame`` as CSV: text cells that start like a formula get a leading ``'``, and
    every text cell is quoted (a CR or a newline inside a name stays inside its cell)."""
    safe = frame.copy()
    for column in safe.columns:
        if safe[column].dtype == object or pd.api.types.is_string_dtype(safe[column]):
            safe[column] = safe[column].map(_cell)
    safe.to_csv(out, index=False, quoting=csv.QUOTE_NONNUMERIC, lineterminator="\n")
