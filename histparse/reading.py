"""What every site's reading shares: the ``Chunk`` of lines a hand is read from, and what reading
produces besides hands, ``ParseError`` (a rejected chunk) and ``Unsupported``."""

from __future__ import annotations

from dataclasses import dataclass

from histparse.textio import visible

# How much of a rejected line a message shows.
_TEXT_SHOWN = 300
_BINARY_EXCERPT = 32


def _looks_binary(text: str) -> bool:
    """Whether a line holds binary data: NULs, or mostly control or replacement characters."""
    if "\x00" in text:
        return True
    sample = text[:512]
    odd = sum(1 for c in sample if (c < " " and c not in "\t") or c == "\ufffd")
    return odd * 10 > len(sample)


class ParseError(ValueError):
    """A hand (or a chunk of text between hands) that could not be parsed.

    It is raised by the strict functions and yielded, as a record, by ``read_results``. It names
    the file, the 1-based line and column, the text of that line and what was expected there.
    ``first_line`` is the first line of the rejected chunk and ``hand_id`` its hand number when
    the header could be read. ``site`` is the site whose parser rejected the chunk; None when
    no site recognised its first line.
    """

    def __init__(
        self,
        message: str,
        *,
        file: str = "<text>",
        line: int = 0,
        column: int = 1,
        text: str = "",
        expected: str = "",
        first_line: int | None = None,
        hand_id: str | None = None,
        site: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.text = text
        self.expected = expected
        self.first_line = line if first_line is None else first_line
        self.hand_id = hand_id
        self.site = site

    def __str__(self) -> str:
        # A file name is printed as it can be read (no escape sequence reaches a terminal).
        where = f"{visible(self.file)}:{self.line}:{self.column}"
        detail = f"{where}: {self.message}"
        if self.expected:
            detail += f" (expected {self.expected})"
        if self.text:
            # A few hundred characters say what the line was; binary data says it in a word.
            text = self.text
            if _looks_binary(text):
                detail += f" (not a text history: binary data): {text[:_BINARY_EXCERPT]!r}..."
            elif len(text) > _TEXT_SHOWN:
                detail += f": {text[:_TEXT_SHOWN]!r}... ({len(text):,} characters)"
            else:
                detail += f": {text!r}"
        return detail

    def __repr__(self) -> str:
        return (
            f"ParseError({self.message!r}, file={self.file!r}, line={self.line}, "
            f"column={self.column}, expected={self.expected!r})"
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ParseError):
            return NotImplemented
        return self.as_record() == other.as_record()

    def __hash__(self) -> int:
        return hash((self.file, self.line, self.column, self.message))

    def as_record(self) -> dict[str, str | int | None]:
        """The error as a plain dict (for tables and reports)."""
        return {
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "first_line": self.first_line,
            "hand_id": self.hand_id,
            "site": self.site,
            "message": self.message,
            "expected": self.expected,
            "text": self.text,
        }


# ``Unsupported.game`` of a tournament summary (PokerStars, Full Tilt): not a hand, read by
# ``histparse.stats.tournaments`` instead.
TOURNAMENT_SUMMARY = "tournament summary"


@dataclass(frozen=True, slots=True)
class Unsupported:
    """A hand of a game or site this package does not parse (counted, not an error); a
    tournament summary is one, its ``game`` being ``TOURNAMENT_SUMMARY``."""

    site: str
    game: str
    file: str
    line: int
    hand_id: str | None = None


@dataclass(slots=True)
class Chunk:
    """The lines of one hand (or of text between hands), as read from a file.

    ``contents`` are the lines without trailing whitespace, ``trailings`` that whitespace and
    ``raw`` the lines exactly as decoded, newline included.
    """

    path: str
    first_line: int
    contents: list[str]
    trailings: list[str]
    raw: list[str]
    bom: bool = False
    overflow: bool = False  # too long to be a hand: only the first line was kept
    end_line: int = 0  # number of the chunk's last line (0: first_line + len(contents) - 1)

    @property
    def last_line(self) -> int:
        """Line number of the chunk's last line."""
        return self.end_line or self.first_line + len(self.contents) - 1
