"""Graphs of a player's results and statistics (matplotlib ``Figure`` objects)."""

from histparse.plots.figures import (
    PlotError,
    dashboard,
    plot_draw_stats,
    plot_net,
    plot_positions,
    plot_showdown_classes,
)

__all__ = [
    "PlotError",
    "dashboard",
    "plot_draw_stats",
    "plot_net",
    "plot_positions",
    "plot_showdown_classes",
]
