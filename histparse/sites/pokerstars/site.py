"""PokerStars as a ``Site``: the one object the registry lists for it."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from histparse.events import Hand
from histparse.reading import TOURNAMENT_SUMMARY, Chunk, ParseError, Unsupported
from histparse.sites.base import Continuation
from histparse.sites.pokerstars.header import HEADER_START, SITE, is_header
from histparse.sites.pokerstars.parse import parse_chunk
from histparse.sites.pokerstars.profile import POKERSTARS
from histparse.sites.pokerstars.wording import WORDS
from histparse.sites.pokerstars.write import file_pieces, write_hand
from histparse.sites.profile import SiteProfile, Wording

__all__ = ["SITE_OBJECT", "PokerStarsSite"]

_SUMMARY_START: Final = "PokerStars Tournament #"
SUMMARY: Final = TOURNAMENT_SUMMARY


@dataclass(frozen=True, slots=True)
class PokerStarsSite:
    """PokerStars: hands (``PokerStars Game #``, ``Hand #``, home games, Zoom) and tournament
    summaries, which are counted, not parsed."""

    name: str = SITE
    prefixes: tuple[str, ...] = ("PokerStars ",)
    cuts: bool = True
    expected: str = "a PokerStars header line ('PokerStars Game #<id>: ...')"
    profile: SiteProfile = POKERSTARS
    words: Wording = WORDS

    def first_line(self, line: str) -> bool:
        """A hand's header, or the first line of a tournament summary."""
        return is_header(line) or line.startswith(_SUMMARY_START)

    def cuts_at(self, line: str) -> bool:
        """Only a hand's header starts a chunk with no blank line before it."""
        return is_header(line)

    def hand_id(self, first_line: str) -> str | None:
        """The number after ``#`` of a hand's header."""
        m = HEADER_START.match(first_line)
        return None if m is None else m.group(3)

    def separator(self, line: str) -> bool:
        """PokerStars prints blank lines between hands, nothing else."""
        return False

    def continuation(self, first: Chunk, chunk: Chunk) -> Continuation:
        """A summary has blank lines inside it; a hand never does."""
        if first.contents[0].startswith(_SUMMARY_START):
            return Continuation.SKIP
        return Continuation.NEW

    def parse(self, chunk: Chunk) -> Hand | Unsupported:
        """The hand, or ``Unsupported`` for other games and for summaries."""
        if chunk.contents[0].startswith(_SUMMARY_START):
            return Unsupported(SITE, SUMMARY, chunk.path, chunk.first_line)
        try:
            return parse_chunk(chunk)
        except ParseError as exc:
            exc.site = SITE
            raise

    def write(self, hand: Hand) -> str:
        """The hand as PokerStars text (``write.write_hand``)."""
        return write_hand(hand)

    def write_file(
        self, hands: Iterable[Hand], *, newline: str | None, bom: bool | None
    ) -> Iterator[str]:
        """A PokerStars file: each hand then three blank lines (``write.file_pieces``)."""
        return file_pieces(hands, newline, bom)


SITE_OBJECT: Final = PokerStarsSite()
