"""PokerStars: its header, line lexer, grammar, parser, writer, layout, wording and profile.

The registry lists it as ``SITE`` (``site.PokerStarsSite``). The helpers below are for code
that makes PokerStars hands itself (the simulator, tests): a layout, trailing spaces and
amounts as PokerStars prints them.
"""

from histparse.sites.pokerstars.layout import PokerStarsLayout
from histparse.sites.pokerstars.site import SITE_OBJECT as SITE
from histparse.sites.pokerstars.write import (
    HAND_SEPARATOR_BLANK_LINES,
    default_layout,
    default_trailing,
    format_amount,
    format_et_time,
)

__all__ = [
    "HAND_SEPARATOR_BLANK_LINES",
    "SITE",
    "PokerStarsLayout",
    "default_layout",
    "default_trailing",
    "format_amount",
    "format_et_time",
]
