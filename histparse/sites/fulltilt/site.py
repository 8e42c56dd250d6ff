"""Full Tilt Poker as a ``Site``: the one object the registry lists for it."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from histparse.events import Hand
from histparse.reading import TOURNAMENT_SUMMARY, Chunk, Unsupported
from histparse.sites.base import Continuation
from histparse.sites.fulltilt.header import ARCHIVE, CLIENT, SITE
from histparse.sites.fulltilt.parse import parse_chunk
from histparse.sites.fulltilt.profile import FULL_TILT
from histparse.sites.fulltilt.wording import WORDS
from histparse.sites.fulltilt.write import file_pieces, write_hand
from histparse.sites.profile import SiteProfile, Wording

__all__ = ["SITE_OBJECT", "FullTiltSite"]

_SUMMARY_START: Final = "Full Tilt Poker Tournament Summary "
SUMMARY: Final = TOURNAMENT_SUMMARY
_HAND: Final = re.compile(r"(?:Full Tilt Poker|FullTiltPoker) Game #\d+: ")
# The archive export's divider ("******************** # 1 ****...") alone between hands.
_DIVIDER: Final = re.compile(r"\*{10,} # \d+ \*{10,}")


@dataclass(frozen=True, slots=True)
class FullTiltSite:
    """Full Tilt Poker: hands of both dialects (client ``Full Tilt Poker Game #``, archive
    export ``FullTiltPoker Game #``) and tournament summaries, which are counted."""

    name: str = SITE
    prefixes: tuple[str, ...] = (CLIENT, ARCHIVE, _SUMMARY_START)
    cuts: bool = True
    expected: str = "a Full Tilt header line ('Full Tilt Poker Game #<id>: ...')"
    profile: SiteProfile = FULL_TILT
    words: Wording = WORDS

    def first_line(self, line: str) -> bool:
        """A hand's header, or the first line of a tournament summary."""
        return line.startswith(_SUMMARY_START) or _HAND.match(line) is not None

    def cuts_at(self, line: str) -> bool:
        """A hand's header starts a chunk even with no blank line before it."""
        return _HAND.match(line) is not None

    def hand_id(self, first_line: str) -> str | None:
        """The number after ``#`` of a hand's header."""
        if not _HAND.match(first_line):
            return None
        return first_line.partition("#")[2].partition(":")[0]

    def separator(self, line: str) -> bool:
        """The archive divider line."""
        return _DIVIDER.fullmatch(line) is not None

    def continuation(self, first: Chunk, chunk: Chunk) -> Continuation:
        """The archive dialect has one blank line inside a hand, after the header; a
        summary has blank lines inside it."""
        if first.contents[0].startswith(_SUMMARY_START):
            return Continuation.SKIP
        if len(first.contents) == 1 and first.contents[0].startswith(ARCHIVE):
            return Continuation.PART
        return Continuation.NEW

    def parse(self, chunk: Chunk) -> Hand | Unsupported:
        """The hand, or ``Unsupported`` for other games and for summaries."""
        if chunk.contents[0].startswith(_SUMMARY_START):
            return Unsupported(SITE, SUMMARY, chunk.path, chunk.first_line)
        return parse_chunk(chunk)

    def write(self, hand: Hand) -> str:
        """The hand as Full Tilt text (``write.write_hand``)."""
        return write_hand(hand)

    def write_file(
        self, hands: Iterable[Hand], *, newline: str | None, bom: bool | None
    ) -> Iterator[str]:
        """A Full Tilt file: each hand then three blank lines."""
        return file_pieces(hands, newline, bom)


SITE_OBJECT: Final = FullTiltSite()
