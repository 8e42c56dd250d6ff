"""Simulated 2-7 Triple Draw hand histories (PokerStars format) played through the engine.

``simulate(hands, seed, config)`` yields ``Hand`` objects exactly as the parser would read them
from the file ``write_file(path, simulate(...))`` writes. ``SimConfig`` sets the table size,
betting structure, stakes, rake or sit & go structure, the bots and the hard cases to force
(``HardCase``); ``census`` counts the hard cases in any hands. ``simulate_with_cards`` yields
the same hands, each with its ``FullDeal`` (every card, which the hero's view hides).
"""

from histparse.simulation.bots import (
    BREAKER,
    DEFAULT_MIX,
    LAG,
    MANIAC,
    NIT,
    PATTER,
    PROFILES,
    ROCK,
    SNOWMAN,
    STATION,
    TAG,
    WHALE,
    BotProfile,
    DrawPolicy,
)
from histparse.simulation.breaks import SessionPlan
from histparse.simulation.census import Census, census
from histparse.simulation.deal import DrawRecord, FullDeal
from histparse.simulation.errors import SimulationError
from histparse.simulation.fulltilt import as_full_tilt
from histparse.simulation.kingsclub import as_kings_club
from histparse.simulation.merge import as_merge
from histparse.simulation.session import simulate, simulate_with_cards
from histparse.simulation.structure import (
    HardCase,
    Level,
    RakeRule,
    SimConfig,
    TournamentStructure,
    default_levels,
    default_payouts,
    parse_stakes,
)
from histparse.simulation.winamax import as_winamax

__all__ = [
    "BREAKER",
    "DEFAULT_MIX",
    "LAG",
    "MANIAC",
    "NIT",
    "PATTER",
    "PROFILES",
    "ROCK",
    "SNOWMAN",
    "STATION",
    "TAG",
    "WHALE",
    "BotProfile",
    "Census",
    "DrawPolicy",
    "DrawRecord",
    "FullDeal",
    "HardCase",
    "Level",
    "RakeRule",
    "SessionPlan",
    "SimConfig",
    "SimulationError",
    "TournamentStructure",
    "as_full_tilt",
    "as_kings_club",
    "as_merge",
    "as_winamax",
    "census",
    "default_levels",
    "default_payouts",
    "parse_stakes",
    "simulate",
    "simulate_with_cards",
]
