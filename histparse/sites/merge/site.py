"""Merge as a ``Site``: the one object the registry lists for it.

Its files are read whole by ``read_file`` (``stream.read_lines``): the reader hands it every
file whose first line is one of its elements, since the ``<description>`` is file-level state.
Its first lines never cut (``cuts`` is False), so parallel pieces never start inside a Merge
file: each is read in one piece, by one reader that carries its description.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from histparse.events import Hand
from histparse.reading import Chunk, ParseError, Unsupported
from histparse.sites.base import Continuation
from histparse.sites.merge.parse import SITE
from histparse.sites.merge.profile import MERGE
from histparse.sites.merge.stream import Result, parse_chunk, read_lines
from histparse.sites.merge.wording import WORDS
from histparse.sites.merge.write import file_pieces, write_game
from histparse.sites.profile import SiteProfile, Wording

__all__ = ["SITE_OBJECT", "MergeSite"]

_DESCRIPTION: Final = "<description type="
_GAME: Final = "<game id="


@dataclass(frozen=True, slots=True)
class MergeSite:
    """Merge/Carbon XML: ``<description/>`` then ``<game>`` elements, no root."""

    name: str = SITE
    prefixes: tuple[str, ...] = (_DESCRIPTION, _GAME)
    cuts: bool = False
    expected: str = "a Merge <game> element"
    profile: SiteProfile = MERGE
    words: Wording = WORDS

    def first_line(self, line: str) -> bool:
        """A ``<description`` or ``<game id=`` line."""
        return True

    def cuts_at(self, line: str) -> bool:
        """Never: a Merge file is read whole (its description reaches every game)."""
        return False

    def hand_id(self, first_line: str) -> str | None:
        """The ``id=`` of a ``<game`` line."""
        if not first_line.startswith(_GAME):
            return None
        value = first_line[len(_GAME) + 1 :].partition('"')[0]
        return value or None

    def separator(self, line: str) -> bool:
        """Merge prints no separator lines."""
        return False

    def continuation(self, first: Chunk, chunk: Chunk) -> Continuation:
        """A chunk after a blank line inside a game is the rest of it."""
        return Continuation.PART if not first.contents[-1].endswith("</game>") else Continuation.NEW

    def parse(self, chunk: Chunk) -> Hand | Unsupported:
        """The game of a chunk the text reader cut (in a file of another site's hands)."""
        result = parse_chunk(chunk)
        if isinstance(result, ParseError):
            raise result
        return result

    def read_file(
        self, lines: Iterator[str], path: str, first_line: int
    ) -> Generator[Result, None, tuple[str, int] | None]:
        """Every result of a Merge file's lines (see ``stream.read_lines``)."""
        from histparse import sites  # the registry imports this module

        return read_lines(lines, path, first_line, sites.cuts_at)

    def write(self, hand: Hand) -> str:
        """The game as a Merge ``<game>`` element (``write.write_game``)."""
        return write_game(hand)

    def write_file(
        self, hands: Iterable[Hand], *, newline: str | None, bom: bool | None
    ) -> Iterator[str]:
        """A Merge file: each game's description when it changes, the games, blank lines."""
        return file_pieces(hands, newline, bom)


SITE_OBJECT: Final = MergeSite()
