"""Kings Club as a ``Site``: its first lines, its hands and its writer."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from histparse.events import Hand
from histparse.reading import Chunk, Unsupported
from histparse.sites.base import Continuation
from histparse.sites.kingsclub.profile import KINGS_CLUB
from histparse.sites.kingsclub.read import HEADER, SITE, parse_chunk
from histparse.sites.kingsclub.wording import WORDS
from histparse.sites.kingsclub.write import file_pieces, write_hand
from histparse.sites.profile import SiteProfile, Wording

__all__ = ["SITE_OBJECT", "KingsClubSite"]


@dataclass(frozen=True, slots=True)
class KingsClubSite:
    """Kings Club: hands that open with three header lines (``#id: game - stakes``, the date,
    the table); games other than 2-7 Triple and Single Draw are counted by their game."""

    name: str = SITE
    prefixes: tuple[str, ...] = ("#",)
    cuts: bool = True
    expected: str = "a Kings Club header line ('#<id>: Limit 2-7 Triple Draw - 44/88')"
    profile: SiteProfile = KINGS_CLUB
    words: Wording = WORDS

    def first_line(self, line: str) -> bool:
        """``#39879543: Limit 2-7 Triple Draw - 44/88``."""
        return HEADER.fullmatch(line) is not None

    def cuts_at(self, line: str) -> bool:
        """A hand's header starts a chunk even with no blank line before it."""
        return HEADER.fullmatch(line) is not None

    def hand_id(self, first_line: str) -> str | None:
        """The number after ``#``."""
        m = HEADER.fullmatch(first_line)
        return None if m is None else m.group(1)

    def separator(self, line: str) -> bool:
        """Kings Club prints nothing between hands but blank lines."""
        return False

    def continuation(self, first: Chunk, chunk: Chunk) -> Continuation:
        """A hand has no blank line inside it."""
        return Continuation.NEW

    def parse(self, chunk: Chunk) -> Hand | Unsupported:
        """The hand, or ``Unsupported`` for other games."""
        return parse_chunk(chunk)

    def write(self, hand: Hand) -> str:
        """The hand as Kings Club text (``write.write_hand``)."""
        return write_hand(hand)

    def write_file(
        self, hands: Iterable[Hand], *, newline: str | None, bom: bool | None
    ) -> Iterator[str]:
        """A Kings Club file: hands apart by two blank lines."""
        return file_pieces(hands, newline, bom)


SITE_OBJECT: Final = KingsClubSite()
