"""histparse: parse, replay, audit and analyse 2-7 Triple Draw hand histories."""

from histparse.cards import Card, CardError, format_cards, format_hand, parse_card, parse_cards

__version__ = "0.1.0"

__all__ = [
    "Card",
    "CardError",
    "__version__",
    "format_cards",
    "format_hand",
    "parse_card",
    "parse_cards",
]
