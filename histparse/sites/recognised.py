"""Sites whose files histparse recognises but does not parse: their hands are counted as
``Unsupported``, by site and, where the first line says it, game, instead of being rejected.

Each is one entry of ``RECOGNISED``; a site that becomes supported gets its own folder and
replaces its entry in the registry.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from histparse.events import Hand
from histparse.reading import Chunk, Unsupported
from histparse.sites.base import Continuation, NotWritable
from histparse.sites.profile import GENERIC, NEUTRAL_WORDS, SiteProfile, Wording

__all__ = ["RECOGNISED", "RecognisedSite"]

UNKNOWN: Final = "unknown"


@dataclass(frozen=True, slots=True)
class RecognisedSite:
    """A site known by the first lines of its texts: ``games`` maps each prefix to the game it
    names (``unknown`` when the line does not say); ``pattern``, if given, must match the whole
    first line and its first group is the game. Their texts may hold blank lines, so whatever
    follows one up to the next first line of any site is part of it."""

    name: str
    games: tuple[tuple[str, str], ...]
    pattern: re.Pattern[str] | None = None
    separators: re.Pattern[str] | None = None
    expected: str = ""
    cuts: bool = False
    profile: SiteProfile = GENERIC
    words: Wording = NEUTRAL_WORDS

    @property
    def prefixes(self) -> tuple[str, ...]:
        """The prefixes of ``games``."""
        return tuple(prefix for prefix, _ in self.games)

    def first_line(self, line: str) -> bool:
        """A line with one of the prefixes (matching ``pattern``, if the site has one)."""
        return self.pattern is None or self.pattern.fullmatch(line) is not None

    def cuts_at(self, line: str) -> bool:
        """Never: only blank lines end these sites' chunks, as they always have."""
        return False

    def hand_id(self, first_line: str) -> str | None:
        """Not read: the hands are only counted."""
        return None

    def separator(self, line: str) -> bool:
        """A line the site prints alone between hands."""
        return self.separators is not None and self.separators.fullmatch(line) is not None

    def continuation(self, first: Chunk, chunk: Chunk) -> Continuation:
        """Always part of the text before it, and passed over with it."""
        return Continuation.SKIP

    def parse(self, chunk: Chunk) -> Hand | Unsupported:
        """``Unsupported``, with the game the first line names."""
        head = chunk.contents[0]
        game = UNKNOWN
        if self.pattern is not None:
            m = self.pattern.fullmatch(head)
            game = m.group(1) if m is not None else UNKNOWN
        else:
            for prefix, named in self.games:
                if head.startswith(prefix):
                    game = named
                    break
        return Unsupported(self.name, game, chunk.path, chunk.first_line)

    def write(self, hand: Hand) -> str:
        """No writer: these sites are only counted."""
        raise NotWritable(f"hand {hand.hand_id}: histparse cannot write {self.name} hands")

    def write_file(
        self, hands: Iterable[Hand], *, newline: str | None, bom: bool | None
    ) -> Iterator[str]:
        """No writer: these sites are only counted."""
        for hand in hands:
            self.write(hand)
        return iter(())


RECOGNISED: Final = (
    RecognisedSite("Ongame", (("***** History for hand ", UNKNOWN),)),
    # Its XML export opens with a declaration line (folders are searched for *.xml too).
    RecognisedSite("Boss Media", (("<HISTORY ID=", UNKNOWN), ("<?xml version=", UNKNOWN))),
)
