"""A site whose hands each open with one header line and stand apart by blank lines only
(Winamax, Kings Club): the ``Site`` these sites are, given their header, reader and writer."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from histparse.events import Hand
from histparse.reading import Chunk, Unsupported
from histparse.sites.base import Continuation
from histparse.sites.profile import SiteProfile, Wording

__all__ = ["HeaderSite"]


@dataclass(frozen=True, slots=True)
class HeaderSite:
    """A site whose hands open with a header line that ``header`` reads whole (its first group
    the hand id), with nothing between hands but blank lines and no blank line inside one.

    ``any_prefixed``: every line that starts with one of ``prefixes`` is one of its first
    lines, read or counted as another game or format (Winamax); otherwise only a header is
    (Kings Club, whose ``#`` starts other lines too). A header starts a chunk even with no
    blank line before it. ``read``, ``write_hand`` and ``write_pieces`` are the site's parser
    and writer (a file's hands apart by the site's blank lines)."""

    name: str
    prefixes: tuple[str, ...]
    expected: str
    profile: SiteProfile
    words: Wording
    header: re.Pattern[str]
    read: Callable[[Chunk], Hand | Unsupported]
    write_hand: Callable[[Hand], str]
    write_pieces: Callable[[Iterable[Hand], str | None, bool | None], Iterator[str]]
    any_prefixed: bool = False
    cuts: bool = True

    def first_line(self, line: str) -> bool:
        """A header, or any line with the prefix for a site that claims them all."""
        return self.any_prefixed or self.header.fullmatch(line) is not None

    def cuts_at(self, line: str) -> bool:
        """A first line starts a chunk even with no blank line before it."""
        return self.any_prefixed or self.header.fullmatch(line) is not None

    def hand_id(self, first_line: str) -> str | None:
        """The header's hand id (None for a first line that is no header)."""
        m = self.header.fullmatch(first_line)
        return None if m is None else m.group(1)

    def separator(self, line: str) -> bool:
        """Nothing but blank lines stands between hands."""
        return False

    def continuation(self, first: Chunk, chunk: Chunk) -> Continuation:
        """A hand has no blank line inside it."""
        return Continuation.NEW

    def parse(self, chunk: Chunk) -> Hand | Unsupported:
        """The hand, or ``Unsupported`` for other games and formats."""
        return self.read(chunk)

    def write(self, hand: Hand) -> str:
        """The hand as the site's text."""
        return self.write_hand(hand)

    def write_file(
        self, hands: Iterable[Hand], *, newline: str | None, bom: bool | None
    ) -> Iterator[str]:
        """A file of the site's hands, apart by its blank lines."""
        return self.write_pieces(hands, newline, bom)
