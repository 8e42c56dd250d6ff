"""Player statistics: positions, per-hand stat flags, aggregation (``player_stats``).

The definitions are written down in ``docs/stats.md``.
"""

from histparse.engine import Position, assign_positions
from histparse.stats.aggregate import (
    BY_KEYS,
    SESSION_GAP,
    player_hands,
    player_stats,
    showdown_classes,
)
from histparse.stats.classes import ShowdownClass, showdown_class
from histparse.stats.definitions import (
    ALL_STATS,
    DRAW_COUNT_STATS,
    SITUATION_STATS,
    STATS,
    Stat,
    StatKind,
    stat,
)
from histparse.stats.hand_results import kept_hands, starting_hands
from histparse.stats.starting import KeptClass, StartClass, kept_class, start_class
from histparse.stats.tournaments import read_tournaments, tournament_stats

__all__ = [
    "ALL_STATS",
    "BY_KEYS",
    "DRAW_COUNT_STATS",
    "SESSION_GAP",
    "SITUATION_STATS",
    "STATS",
    "KeptClass",
    "Position",
    "ShowdownClass",
    "StartClass",
    "Stat",
    "StatKind",
    "assign_positions",
    "kept_class",
    "kept_hands",
    "player_hands",
    "player_stats",
    "read_tournaments",
    "showdown_class",
    "showdown_classes",
    "start_class",
    "starting_hands",
    "stat",
    "tournament_stats",
]
