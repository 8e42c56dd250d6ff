"""Winamax as a ``Site``: its first lines, its hands and its writer."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from histparse.events import Hand
from histparse.reading import Chunk, Unsupported
from histparse.sites.base import Continuation
from histparse.sites.profile import SiteProfile, Wording
from histparse.sites.winamax.profile import WINAMAX
from histparse.sites.winamax.read import HEADER, HEADER_PREFIX, SITE, parse_chunk
from histparse.sites.winamax.wording import WORDS
from histparse.sites.winamax.write import file_pieces, write_hand

__all__ = ["SITE_OBJECT", "WinamaxSite"]


@dataclass(frozen=True, slots=True)
class WinamaxSite:
    """Winamax: cash-game hands of both dialects (real money and the history viewer's
    export); other games and formats (tournaments, Go Fast) are counted by their game."""

    name: str = SITE
    prefixes: tuple[str, ...] = (HEADER_PREFIX,)
    cuts: bool = True
    expected: str = "a Winamax header line ('Winamax Poker - CashGame - HandId: #...')"
    profile: SiteProfile = WINAMAX
    words: Wording = WORDS

    def first_line(self, line: str) -> bool:
        """Any ``Winamax Poker - `` line."""
        return True

    def cuts_at(self, line: str) -> bool:
        """A hand's header starts a chunk even with no blank line before it."""
        return True

    def hand_id(self, first_line: str) -> str | None:
        """The three-part HandId of a cash-game header."""
        m = HEADER.fullmatch(first_line)
        return None if m is None else m.group(1)

    def separator(self, line: str) -> bool:
        """Winamax prints nothing between hands but blank lines."""
        return False

    def continuation(self, first: Chunk, chunk: Chunk) -> Continuation:
        """A hand has no blank line inside it."""
        return Continuation.NEW

    def parse(self, chunk: Chunk) -> Hand | Unsupported:
        """The hand, or ``Unsupported`` for other games and formats."""
        return parse_chunk(chunk)

    def write(self, hand: Hand) -> str:
        """The hand as Winamax text (``write.write_hand``)."""
        return write_hand(hand)

    def write_file(
        self, hands: Iterable[Hand], *, newline: str | None, bom: bool | None
    ) -> Iterator[str]:
        """A Winamax file: hands apart by a blank line."""
        return file_pieces(hands, newline, bom)


SITE_OBJECT: Final = WinamaxSite()
