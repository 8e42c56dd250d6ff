"""histparse: parse, replay, audit and analyse 2-7 Triple Draw hand histories.

The names below are the public API; each lives in the module of its layer (cards and ranking,
events, parsing, writing, simulation, tables and stats).
"""

from histparse.auditor import AuditRun, Finding, Severity, audit, audit_results
from histparse.cards import Card, CardError, format_cards, format_hand, parse_card, parse_cards
from histparse.events import Hand
from histparse.export import load
from histparse.frames import Tables, tables
from histparse.parsing import (
    ParseError,
    ReadCounts,
    Reader,
    Unsupported,
    parse_hand,
    parse_results,
    parse_text,
    read_histories,
    read_results,
)
from histparse.ranking import HandCategory, HandError, category, describe, hand_rank
from histparse.replayer import Replay, replay
from histparse.simulation import SimConfig, simulate
from histparse.stats import player_stats
from histparse.writing import write_file, write_hand, write_hands

__version__ = "0.1.0"

__all__ = [
    "AuditRun",
    "Card",
    "CardError",
    "Finding",
    "Hand",
    "HandCategory",
    "HandError",
    "ParseError",
    "ReadCounts",
    "Reader",
    "Replay",
    "Severity",
    "SimConfig",
    "Tables",
    "Unsupported",
    "__version__",
    "audit",
    "audit_results",
    "category",
    "describe",
    "format_cards",
    "format_hand",
    "hand_rank",
    "load",
    "parse_card",
    "parse_cards",
    "parse_hand",
    "parse_results",
    "parse_text",
    "player_stats",
    "read_histories",
    "read_results",
    "replay",
    "simulate",
    "tables",
    "write_file",
    "write_hand",
    "write_hands",
]
