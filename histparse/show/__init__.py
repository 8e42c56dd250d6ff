"""Show one hand as text, street by street: the ``histparse show`` hand replayer.

    histparse show 35839050562 tests/data/pokerstars/        # the id, with or without '#'
    hand = find_hand("#35839050562", ["histories/"])         # Hand, ParseError, Unsupported, None
    print(render_hand(hand))                                 # header, seats, streets, result

``find_hand`` streams through the files and stops at the first hand with that id;
``render_hand`` prints the seats with positions, every post and action with the pot after it,
the draws and the hero's hand after each one, the showdown, the pots with their winners, each
player's net and the hand's findings (from ``histparse.replayer``).
"""

from histparse.show.find import BadHandId, Found, find_hand, normalize_hand_id
from histparse.show.pot import running_pot
from histparse.show.render import describe_cards, render_hand

__all__ = [
    "BadHandId",
    "Found",
    "describe_cards",
    "find_hand",
    "normalize_hand_id",
    "render_hand",
    "running_pot",
]
