"""Player statistics: positions, per-hand stat flags, aggregation (``player_stats``).

The definitions are written down in ``docs/stats.md``.
"""

from histparse.stats.aggregate import (
    BY_KEYS,
    SESSION_GAP,
    player_hands,
    player_stats,
    showdown_classes,
)
from histparse.stats.classes import ShowdownClass, showdown_class
from histparse.stats.definitions import DRAW_COUNT_STATS, STATS, Stat, StatKind, stat
from histparse.stats.positions import Position, assign_positions

__all__ = [
    "BY_KEYS",
    "DRAW_COUNT_STATS",
    "SESSION_GAP",
    "STATS",
    "Position",
    "ShowdownClass",
    "Stat",
    "StatKind",
    "assign_positions",
    "player_hands",
    "player_stats",
    "showdown_class",
    "showdown_classes",
    "stat",
]
