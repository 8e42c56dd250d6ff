"""Winamax as a ``Site``: its first lines, its hands and its writer."""

from __future__ import annotations

from typing import Final

from histparse.sites.headed import HeaderSite
from histparse.sites.winamax.profile import WINAMAX
from histparse.sites.winamax.read import HEADER, HEADER_PREFIX, SITE, parse_chunk
from histparse.sites.winamax.wording import WORDS
from histparse.sites.winamax.write import file_pieces, write_hand

__all__ = ["SITE_OBJECT"]

# Cash-game hands of both dialects (real money and the history viewer's export), apart by a
# blank line. Every ``Winamax Poker - `` line is a first line: other games and formats
# (tournaments, Go Fast) are counted by their game.
SITE_OBJECT: Final = HeaderSite(
    name=SITE,
    prefixes=(HEADER_PREFIX,),
    expected="a Winamax header line ('Winamax Poker - CashGame - HandId: #...')",
    profile=WINAMAX,
    words=WORDS,
    header=HEADER,
    read=parse_chunk,
    write_hand=write_hand,
    write_pieces=file_pieces,
    any_prefixed=True,
)
