"""histparse: parse, replay, audit and analyse 2-7 Triple Draw hand histories.

The names below are the public API; each lives in the module of its layer (cards and ranking,
events, parsing, writing, simulation, tables and stats).
"""

import importlib
from typing import TYPE_CHECKING

from histparse import _display

if TYPE_CHECKING:
    from histparse.auditor import AuditRun, Code, Finding, Severity, audit, audit_results
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
    from histparse.stats import player_stats, read_tournaments, tournament_stats
    from histparse.writing import write_file, write_hand, write_hands

# Where each public name lives. They are imported on first use (PEP 562), so that a program, or
# a worker process, that needs only the parser does not import pandas, pyarrow and matplotlib.
_HOMES: dict[str, str] = {
    "AuditRun": "histparse.auditor",
    "Code": "histparse.auditor",
    "Finding": "histparse.auditor",
    "Severity": "histparse.auditor",
    "audit": "histparse.auditor",
    "audit_results": "histparse.auditor",
    "Card": "histparse.cards",
    "CardError": "histparse.cards",
    "format_cards": "histparse.cards",
    "format_hand": "histparse.cards",
    "parse_card": "histparse.cards",
    "parse_cards": "histparse.cards",
    "Hand": "histparse.events",
    "load": "histparse.export",
    "Tables": "histparse.frames",
    "tables": "histparse.frames",
    "ParseError": "histparse.parsing",
    "ReadCounts": "histparse.parsing",
    "Reader": "histparse.parsing",
    "Unsupported": "histparse.parsing",
    "parse_hand": "histparse.parsing",
    "parse_results": "histparse.parsing",
    "parse_text": "histparse.parsing",
    "read_histories": "histparse.parsing",
    "read_results": "histparse.parsing",
    "HandCategory": "histparse.ranking",
    "HandError": "histparse.ranking",
    "category": "histparse.ranking",
    "describe": "histparse.ranking",
    "hand_rank": "histparse.ranking",
    "Replay": "histparse.replayer",
    "replay": "histparse.replayer",
    "SimConfig": "histparse.simulation",
    "simulate": "histparse.simulation",
    "player_stats": "histparse.stats",
    "tournament_stats": "histparse.stats",
    "read_tournaments": "histparse.stats",
    "write_file": "histparse.writing",
    "write_hand": "histparse.writing",
    "write_hands": "histparse.writing",
}


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'histparse' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # looked up once
    return value


# Jupyter's rich display of a Hand or a Replay imports the HTML views on first use (the models
# cannot import them: see histparse._display).
_display.loader = lambda: importlib.import_module("histparse.views")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


__version__ = "0.1.0"

__all__ = [
    "AuditRun",
    "Card",
    "CardError",
    "Code",
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
    "read_tournaments",
    "replay",
    "simulate",
    "tables",
    "tournament_stats",
    "write_file",
    "write_hand",
    "write_hands",
]
