"""Graphs of a player's results and statistics (matplotlib ``Figure`` objects)."""

from histparse.plots.errors import PlotError
from histparse.plots.figures import (
    dashboard,
    plot_draw_stats,
    plot_net,
    plot_positions,
    plot_showdown_classes,
)
from histparse.plots.net import title_strip

__all__ = [
    "PlotError",
    "dashboard",
    "plot_draw_stats",
    "plot_net",
    "plot_positions",
    "plot_showdown_classes",
    "title_strip",
]
