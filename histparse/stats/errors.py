"""The error raised when a hand cannot be turned into table rows."""

from __future__ import annotations


class TableError(ValueError):
    """A hand whose events cannot be tabulated (e.g. an action by a player with no seat, an
    amount finer than the money columns' scale, or the same hand read twice). The message names
    the hand and the file and line."""
