"""What a site is to the rest of histparse: the ``Site`` protocol every site folder implements.

The generic layers (the reader, the parallel pieces, ``show``, the auditor, the writer) know
sites only through this protocol and the registry in ``histparse.sites``; everything a site
prints, its wording, grammar and quirks, stays in its own folder.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Iterator
from enum import Enum
from typing import Protocol, runtime_checkable

from histparse.events import Hand
from histparse.reading import Chunk, ParseError, Unsupported
from histparse.sites.profile import SiteProfile, Wording

__all__ = ["Continuation", "FileReading", "NotWritable", "Site", "WriteError"]


class Continuation(Enum):
    """What a chunk that starts no hand is, when it follows a chunk of a site's."""

    NEW = "new"  # not the site's: read on its own (text outside a hand, as a rule)
    PART = "part"  # the rest of the hand before it (a blank line inside a hand): joined to it
    SKIP = "skip"  # part of text the site does not parse (a summary): passed over


class WriteError(ValueError):
    """A hand that cannot be written as its site's text; the message names the hand and line."""


class NotWritable(WriteError):
    """A hand of a site histparse has no writer for (it never writes one site as another)."""


class Site(Protocol):
    """One site's reading and writing.

    * ``name``: the site as ``Hand.site`` and the tables name it.
    * ``prefixes``: what the first line of its hands (and of texts it recognises) starts with;
      ``first_line`` then decides.
    * ``cuts``: some of its first lines (``cuts_at``) start a new chunk even with no blank line
      before them (a file's hands may follow each other directly); parallel reading cuts
      files into pieces at those lines.
    * ``expected``: how an error names its first line (``a PokerStars header line``); empty for
      a site whose hands are only recognised, never parsed.
    * ``profile``: what the site does where the rules let sites differ.
    * ``words``: how it names sections, outcomes, positions and status lines, for the
      messages and views that quote its lines.
    """

    @property
    def name(self) -> str: ...
    @property
    def prefixes(self) -> tuple[str, ...]: ...
    @property
    def cuts(self) -> bool: ...
    @property
    def expected(self) -> str: ...
    @property
    def profile(self) -> SiteProfile: ...
    @property
    def words(self) -> Wording: ...

    def first_line(self, line: str) -> bool:
        """True if ``line`` (without trailing whitespace) starts one of the site's hands or
        texts; only called for lines that start with one of ``prefixes``."""
        ...

    def cuts_at(self, line: str) -> bool:
        """True if ``line`` starts a chunk even with no blank line before it (only asked of a
        site whose ``cuts`` is True, for lines that start with one of its ``prefixes``)."""
        ...

    def hand_id(self, first_line: str) -> str | None:
        """The hand id a first line gives (None if it gives none)."""
        ...

    def separator(self, line: str) -> bool:
        """True for a line the site prints alone between hands, which is passed over."""
        ...

    def continuation(self, first: Chunk, chunk: Chunk) -> Continuation:
        """What ``chunk`` (no first line of any site) is after ``first``, one of this site's."""
        ...

    def parse(self, chunk: Chunk) -> Hand | Unsupported:
        """The hand of a chunk that starts with one of the site's first lines, or
        ``Unsupported``; raises ``ParseError`` (with ``site``) for anything unreadable."""
        ...

    def write(self, hand: Hand) -> str:
        """The hand as the site prints it, from its first line to the end of its last, with no
        final newline (raises ``NotWritable`` for a site without a writer)."""
        ...

    def write_file(
        self, hands: Iterable[Hand], *, newline: str | None, bom: bool | None
    ) -> Iterator[str]:
        """A file of the site's hands, in pieces (one a hand) so that writing streams."""
        ...


@runtime_checkable
class FileReading(Protocol):
    """A site whose files are read whole by the site itself, not cut into chunks by the text
    reader: a file whose first line (not blank) is one of its ``prefixes`` is handed to
    ``read_file`` (Merge: XML whose ``<description>`` is state for the whole file)."""

    @property
    def prefixes(self) -> tuple[str, ...]: ...

    def read_file(
        self, lines: Iterator[str], path: str, first_line: int
    ) -> Generator[Hand | ParseError | Unsupported, None, tuple[str, int] | None]:
        """The result of every hand (or rejected text) of ``lines``, the first being line
        ``first_line`` of ``path``. It may stop at a line that starts another site's hand
        (one the registry cuts at), returning it and its number: the rest is read as text."""
        ...
