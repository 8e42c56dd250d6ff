"""The error raised when a dataset directory cannot be written or read."""

from __future__ import annotations


class DatasetError(ValueError):
    """A dataset directory that cannot be exported into or loaded: not a histparse dataset, a
    schema version this code does not read, another export writing it, or a table that does not
    fit its Arrow schema. The message names the directory or file and what was wrong."""
