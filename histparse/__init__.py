"""histparse: parse, replay, audit and analyse 2-7 Triple Draw hand histories."""

from histparse.cards import Card, CardError, format_cards, format_hand, parse_card, parse_cards
from histparse.ranking import HandCategory, HandError, category, describe, hand_rank

__version__ = "0.1.0"

__all__ = [
    "Card",
    "CardError",
    "HandCategory",
    "HandError",
    "__version__",
    "category",
    "describe",
    "format_cards",
    "format_hand",
    "hand_rank",
    "parse_card",
    "parse_cards",
]
