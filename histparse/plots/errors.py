"""The error of the plots."""

from __future__ import annotations

__all__ = ["PlotError"]


class PlotError(ValueError):
    """Nothing to plot (e.g. the player has no hands in the tables), or a plot that would mislead
    (money of two units on one axis)."""
