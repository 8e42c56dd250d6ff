"""The simulator's error type."""

from __future__ import annotations


class SimulationError(ValueError):
    """A simulation setting that cannot work (bad stakes, table size, rates...); the message
    names the setting and the value."""
