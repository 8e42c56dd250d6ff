"""Kings Club as a ``Site``: its first lines, its hands and its writer."""

from __future__ import annotations

from typing import Final

from histparse.sites.headed import HeaderSite
from histparse.sites.kingsclub.profile import KINGS_CLUB
from histparse.sites.kingsclub.read import HEADER, SITE, parse_chunk
from histparse.sites.kingsclub.wording import WORDS
from histparse.sites.kingsclub.write import file_pieces, write_hand

__all__ = ["SITE_OBJECT"]

# Hands that open with three header lines (``#39879543: Limit 2-7 Triple Draw - 44/88``, the
# date, the table), apart by two blank lines; games other than 2-7 Triple and Single Draw are
# counted by their game. Only a header is a first line: ``#`` starts other lines too.
SITE_OBJECT: Final = HeaderSite(
    name=SITE,
    prefixes=("#",),
    expected="a Kings Club header line ('#<id>: Limit 2-7 Triple Draw - 44/88')",
    profile=KINGS_CLUB,
    words=WORDS,
    header=HEADER,
    read=parse_chunk,
    write_hand=write_hand,
    write_pieces=file_pieces,
)
