"""What the line-by-line text sites (Winamax, Kings Club) share: errors that name the chunk's
line, the grammar check of a hand's line kinds, the hand's text as read, the betting-round
marker lines that carry no event, and a file written in pieces."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Final, TypeVar

from histparse.events import Action, Hand, Section, SectionMarker
from histparse.reading import Chunk, ParseError, Unsupported
from histparse.sites.automaton import LineAutomaton, Unexpected
from histparse.sites.base import WriteError

__all__ = [
    "KindNames",
    "LineError",
    "chunk_error",
    "default_bet_markers",
    "guarded",
    "hand_text",
    "pieces",
]

L = TypeVar("L")
_DRAWS: Final = (Section.FIRST_DRAW, Section.SECOND_DRAW, Section.THIRD_DRAW)
_BOM: Final = "\ufeff"


class LineError(Exception):
    """A line that could not be read; turned into a ``ParseError`` with the file and line."""

    def __init__(self, message: str, column: int = 1, expected: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.column = column
        self.expected = expected


def chunk_error(
    chunk: Chunk,
    index: int,
    message: str,
    *,
    column: int = 1,
    expected: str = "",
    hand_id: str | None = None,
    site: str,
) -> ParseError:
    """A ``ParseError`` at the chunk's line ``index`` (0: its first line)."""
    index = max(0, min(index, len(chunk.contents) - 1))
    return ParseError(
        message,
        file=chunk.path,
        line=chunk.first_line + index,
        column=column,
        text=chunk.contents[index],
        expected=expected,
        first_line=chunk.first_line,
        hand_id=hand_id,
        site=site,
    )


def guarded(
    parse: Callable[[Chunk], Hand | Unsupported], chunk: Chunk, site: str
) -> Hand | Unsupported:
    """``parse(chunk)``, with any exception but ``ParseError`` turned into one (the contract:
    nothing else comes out of parsing)."""
    try:
        return parse(chunk)
    except ParseError:
        raise
    except Exception as exc:
        raise ParseError(
            f"internal parser error: {type(exc).__name__}: {exc}",
            file=chunk.path,
            line=chunk.first_line,
            text=chunk.contents[0] if chunk.contents else "",
            first_line=chunk.first_line,
            site=site,
        ) from exc


class KindNames:
    """A site's grammar with how its errors name each line kind: ``check`` raises a
    ``ParseError`` at the first line that cannot come where it is."""

    def __init__(self, automaton: LineAutomaton, names: Mapping[str, str], site: str) -> None:
        self.automaton = automaton
        self.names = names
        self.order = list(names)
        self.site = site

    def expected(self, terminals: set[str]) -> str:
        """What could have come, in the site's words."""
        order = self.order
        ranked = sorted(terminals, key=lambda t: (order.index(t) if t in order else 99, t))
        return " or ".join(self.names.get(t, t) for t in ranked[:8])

    def check(self, chunk: Chunk, kinds: Sequence[str], hand_id: str | None) -> None:
        """Check the order of the chunk's line kinds (one a line, the first line's first)."""
        try:
            self.automaton.check(kinds)
        except Unexpected as exc:
            expected = self.expected(self.automaton.acceptable(kinds[: exc.index]))
            if exc.index >= len(kinds):
                last = len(chunk.contents) - 1
                raise chunk_error(
                    chunk,
                    last,
                    "the hand ends too early",
                    column=len(chunk.contents[last]) + 1,
                    expected=expected,
                    hand_id=hand_id,
                    site=self.site,
                ) from None
            what = self.names.get(kinds[exc.index], kinds[exc.index])
            raise chunk_error(
                chunk,
                exc.index,
                f"{what} cannot come here",
                expected=expected,
                hand_id=hand_id,
                site=self.site,
            ) from None


def hand_text(chunk: Chunk) -> tuple[str, str]:
    """The hand's text as read (without its final newline) and its line ending."""
    raw = chunk.raw
    newline = "\r\n" if raw[0].endswith("\r\n") else "\n"
    text = "".join(raw)
    if text.endswith("\n"):
        text = text[:-2] if text.endswith("\r\n") else text[:-1]
    return text, newline


def default_bet_markers(hand: Hand, trailing: str = "") -> tuple[tuple[int, str], ...]:
    """Where a site that opens each betting round after a draw with a marker line prints it, in
    a hand built by code: before the first action after each draw marker."""
    out: list[tuple[int, str]] = []
    pending = False
    for k, e in enumerate(hand.events):
        if type(e) is SectionMarker:
            pending = e.section in _DRAWS
        elif pending and type(e) is Action:
            out.append((k, trailing))
            pending = False
    return tuple(out)


def pieces(
    hands: Iterable[Hand],
    layout_of: Callable[[Hand], L],
    lines: Callable[[Hand, L], Iterator[str]],
    *,
    newline: str | None,
    bom: bool | None,
    blank_lines: int,
) -> Iterator[str]:
    """A file in pieces, one hand at a time: hands apart by ``blank_lines`` blank lines and no
    newline after the last (as the real files end). A hand's layout gives its ``newline`` and
    ``bom`` unless the arguments do."""
    first = True
    for hand in hands:
        layout = layout_of(hand)
        nl = getattr(layout, "newline", "\r\n") if newline is None else newline
        if nl not in ("\n", "\r\n"):
            raise WriteError(f"line ending must be LF or CRLF, not {nl!r}")
        if first:
            if bom if bom is not None else getattr(layout, "bom", False):
                yield _BOM
        else:
            yield nl * (blank_lines + 1)
        first = False
        yield nl.join(lines(hand, layout))
