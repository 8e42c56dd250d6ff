"""The statistics: names, labels and kinds. Each is stored per hand as ``<name>`` (the count) and
``<name>_opp`` (the opportunities), so any group of hands aggregates by summing both.

The exact definitions are in ``docs/stats.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

__all__ = ["ALL_STATS", "DRAW_COUNT_STATS", "SITUATION_STATS", "STATS", "Stat", "StatKind", "stat"]


class StatKind(Enum):
    """How a stat's rate reads: a share of its opportunities, a ratio, or a mean."""

    PROPORTION = "proportion"  # count <= opportunities; rate in [0, 1]
    RATIO = "ratio"  # count and "opportunities" are different things (af)
    MEAN = "mean"  # count is a total over the opportunities (cards drawn)


@dataclass(frozen=True, slots=True)
class Stat:
    """One statistic: its column name, a short label and its kind."""

    name: str
    label: str
    kind: StatKind = StatKind.PROPORTION
    counts: bool = False  # stored per hand as counts (int16) rather than booleans

    @property
    def opp(self) -> str:
        """The name of its opportunity column."""
        return self.name + "_opp"

    @property
    def rate(self) -> str:
        """The name of its rate column in ``player_stats``."""
        return self.name + "_rate"


_P = StatKind.PROPORTION

# d{k}_drew{c}: drew exactly c cards at draw k, of draws k taken part in.
DRAW_COUNT_STATS: tuple[Stat, ...] = tuple(
    Stat(f"d{k}_drew{c}", f"D{k} drew {c}") for k in (1, 2, 3) for c in range(6)
)

STATS: tuple[Stat, ...] = (
    Stat("vpip", "VPIP"),
    Stat("pfr", "PFR"),
    Stat("three_bet", "3Bet"),
    Stat("fold_to_three_bet", "F3Bet"),
    Stat("steal", "Steal"),
    Stat("fold_bb_to_steal", "FBBSteal"),
    Stat("af", "AF", StatKind.RATIO, counts=True),
    Stat("afq", "AFq", counts=True),
    Stat("wtsd", "WTSD"),
    Stat("wsd", "W$SD"),
    Stat("wwsf", "WWSF"),
    Stat("pat_1", "Pat1"),
    Stat("pat_2", "Pat2"),
    Stat("pat_3", "Pat3"),
    Stat("cards_drawn_1", "Drawn1", StatKind.MEAN, counts=True),
    Stat("cards_drawn_2", "Drawn2", StatKind.MEAN, counts=True),
    Stat("cards_drawn_3", "Drawn3", StatKind.MEAN, counts=True),
    *DRAW_COUNT_STATS,
    Stat("break", "Break", counts=True),
    Stat("snow", "Snow"),
)

# Read from the actions and draws tables (``histparse.stats.situations``), not stored in the
# players table: ``player_stats`` adds them when the tables have actions.
SITUATION_STATS: tuple[Stat, ...] = (
    Stat("rfi", "RFI"),
    Stat("limp", "Limp"),
    Stat("cold_call", "CCall"),
    Stat("fold_sb_to_steal", "FSBSteal"),
    Stat("cbet", "CBet"),
    Stat("fold_to_cbet", "FCBet"),
    *(Stat(f"check_raise_{k}", f"XR{k}") for k in (1, 2, 3)),
    *(Stat(f"fold_to_bet_{k}", f"FBet{k}") for k in (1, 2, 3)),
    Stat("pat_vs_pat", "PatVsPat", counts=True),
    Stat("break_vs_pat", "BrkVsPat", counts=True),
    Stat("fold_vs_pat", "FoldVsPat", counts=True),
    Stat("call_vs_pat", "CallVsPat", counts=True),
)

# Every statistic ``player_stats`` reports, in report order.
ALL_STATS: tuple[Stat, ...] = (*STATS, *SITUATION_STATS)

_BY_NAME = {s.name: s for s in ALL_STATS}


def stat(name: str) -> Stat:
    """The stat called ``name``; ``KeyError`` names the unknown stat."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise KeyError(f"unknown stat {name!r}; known: {', '.join(_BY_NAME)}") from None
