"""What the line-by-line text sites share, each site giving only its wording: errors that name
the chunk's line, cards as written, the grammar terminals of the section markers, a line
anchored on a seated name, the position tags of a summary line, the grammar check of a hand's
line kinds and the loop that reads its lines (Winamax, Kings Club), the hand's text as read,
the betting-round marker lines that carry no event, and a file written in pieces."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, TypeVar

from histparse.cards import DECK, Card
from histparse.events import (
    Action,
    DealtHidden,
    DealtTo,
    Event,
    Hand,
    Position,
    Seat,
    Section,
    SectionMarker,
)
from histparse.game import Street
from histparse.reading import Chunk, ParseError, Unsupported
from histparse.sites.automaton import LineAutomaton, Unexpected
from histparse.sites.base import WriteError

__all__ = [
    "MARKER_TERMINALS",
    "Body",
    "KindNames",
    "LineError",
    "Read",
    "anchored",
    "chunk_error",
    "dealt_cards",
    "dealt_event",
    "default_bet_markers",
    "guarded",
    "hand_text",
    "hidden_count",
    "pieces",
    "position_tags",
    "read_body",
    "read_cards",
    "read_named",
]

L = TypeVar("L")
R = TypeVar("R")
T = TypeVar("T")
Cards = tuple[Card, ...]
_DRAWS: Final = (Section.FIRST_DRAW, Section.SECOND_DRAW, Section.THIRD_DRAW)
_BOM: Final = "\ufeff"
_CARD: Final = {str(c): c for c in DECK}

# The grammars' terminal of each section marker line that every site names alike.
MARKER_TERMINALS: Final = {
    Section.DEALING_HANDS: "DEALING",
    Section.FIRST_DRAW: "FIRST_DRAW",
    Section.SECOND_DRAW: "SECOND_DRAW",
    Section.THIRD_DRAW: "THIRD_DRAW",
    Section.SHOW_DOWN: "SHOW_DOWN",
    Section.SUMMARY: "SUMMARY",
}


class LineError(Exception):
    """A line that could not be read; turned into a ``ParseError`` with the file and line."""

    def __init__(self, message: str, column: int = 1, expected: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.column = column
        self.expected = expected


def read_cards(text: str, column: int = 1) -> Cards:
    """Cards written as ``7h 5s 4d`` (exactly one space between cards, canonical case)."""
    if not text:
        return ()
    try:
        return tuple(map(_CARD.__getitem__, text.split(" ")))
    except KeyError as exc:
        raise LineError(
            f"not a card: {exc.args[0]!r}", column=column, expected="cards such as [7h 5s 4d]"
        ) from None


def hidden_count(text: str) -> int:
    """The number of face-down cards of ``X X X X X`` (0 if not all are ``X``)."""
    parts = text.split(" ")
    return len(parts) if all(p == "X" for p in parts) else 0


def anchored(
    body: str, names: Sequence[str], pattern: re.Pattern[str]
) -> tuple[str, re.Match[str]] | None:
    """The first of ``names`` (the seated names, longest first) that ``body`` starts with and
    whose rest ``pattern`` reads whole, with the match: a name that is the start of another
    never claims its lines."""
    for name in names:
        if body.startswith(name):
            m = pattern.fullmatch(body, len(name))
            if m is not None:
                return name, m
    return None


def dealt_event(
    body: str,
    names: Sequence[str],
    pattern: re.Pattern[str],
    street: Street,
    column: int,
    form: str,
    line: int,
    trailing: str,
) -> DealtTo | DealtHidden:
    """The event of a ``Dealt to`` line whose ``body`` (after ``Dealt to ``) is a seated name
    then what ``pattern`` reads, its first group the cards (all ``X`` when face down); the
    cards stand at column ``column`` plus the name's length. A ``LineError`` expecting
    ``form`` (the line as the site writes it) if it is not one."""
    found = anchored(body, names, pattern)
    if found is None:
        raise LineError("cannot read the 'Dealt to' line", 10, form)
    name, m = found
    hidden = hidden_count(m.group(1))
    if hidden:
        return DealtHidden(street, name, hidden, line=line, trailing=trailing)
    cards = read_cards(m.group(1), column + len(name))
    return DealtTo(street, name, cards, line=line, trailing=trailing)


def dealt_cards(
    body: str, names: Sequence[str], pattern: re.Pattern[str], column: int
) -> tuple[str, Cards, Cards | None] | None:
    """The player, the cards and the new cards (None if none) of a ``Dealt to`` line whose
    ``body`` (after ``Dealt to ``) is a seated name then what ``pattern`` reads: the cards in
    its first group, at column ``column`` plus the name's length, the new cards in its second."""
    found = anchored(body, names, pattern)
    if found is None:
        return None
    name, m = found
    kept = read_cards(m.group(1), column + len(name))
    new = None if m.group(2) is None else read_cards(m.group(2), m.start(2) + 10)
    return name, kept, new


def read_named(
    names: Sequence[str],
    content: str,
    read: Callable[[str], T | None],
    unseated: Callable[[], T | None],
) -> T | None:
    """The first reading of ``content`` as a line of a seated player, by ``read(name)`` for
    each of ``names`` (longest first) that it starts with, else by ``unseated()`` as a line of
    someone not seated. When neither reads it, the first (longest) name's ``LineError`` is
    raised: it says more than a line nobody could read."""
    error: LineError | None = None
    for name in names:
        if content.startswith(name):
            try:
                found = read(name)
            except LineError as exc:
                error = error or exc  # a shorter name may still read the line
                continue
            if found is not None:
                return found
    found = unseated()
    if found is not None:
        return found
    if error is not None:
        raise error
    return None


def position_tags(
    rest: str, column: int, tags: Mapping[str, Position]
) -> tuple[tuple[Position, ...], str, int]:
    """The position tags that open ``rest`` (`` (button)``, keys of ``tags``), then what
    follows them and its column (``rest`` standing at ``column``). At most three are real;
    the bounds keep a hostile line linear."""
    positions: list[Position] = []
    at = 0
    while len(positions) < 3 and rest.startswith(" (", at):
        end = rest.find(")", at, at + 16)
        p = tags.get(rest[at : end + 1]) if end > 0 else None
        if p is None:
            break
        positions.append(p)
        at = end + 1
    if at:
        return tuple(positions), rest[at:], column + at
    return (), rest, column


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

    def error(
        self,
        chunk: Chunk,
        index: int,
        message: str,
        column: int,
        expected: str,
        hand_id: str | None,
    ) -> ParseError:
        """A ``ParseError`` of the site at the chunk's line ``index``."""
        return chunk_error(
            chunk,
            index,
            message,
            column=column,
            expected=expected,
            hand_id=hand_id,
            site=self.site,
        )

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


# What a line reader gives for one line: its grammar terminal, its event (a ``Seat`` for a
# seat line, None for a line the layout keeps) and a note for the layout ("" for none).
Read = tuple[str, Event | Seat | None, str]


@dataclass(slots=True)
class Body:
    """A hand's lines as read: the terminal of every line (the first line's first), the seats,
    the events, where each betting-round marker line stood (before which event, with its
    trailing whitespace) and the readers' layout notes (by event index)."""

    kinds: list[str]
    seats: list[Seat]
    events: list[Event]
    bet_markers: list[tuple[int, str]]
    notes: list[tuple[int, str]]


def read_body(
    chunk: Chunk,
    kinds: list[str],
    read: Callable[[R, str, int, str], Read],
    reader: R,
    grammar: KindNames,
    hand_id: str | None,
    bet_mark: str = "BET_MARK",
) -> Body:
    """Read the chunk's lines after its header (one a terminal in ``kinds``) with
    ``read(reader, content, line, trailing)``, then check their order: a ``LineError`` becomes
    the site's ``ParseError`` at its line. The ``bet_mark`` lines carry no event."""
    seats: list[Seat] = []
    events: list[Event] = []
    bet_markers: list[tuple[int, str]] = []
    notes: list[tuple[int, str]] = []
    contents = chunk.contents
    trailings = chunk.trailings
    line0 = chunk.first_line
    for i in range(len(kinds), len(contents)):
        try:
            kind, event, note = read(reader, contents[i], line0 + i, trailings[i])
        except LineError as exc:
            raise grammar.error(chunk, i, exc.message, exc.column, exc.expected, hand_id) from None
        kinds.append(kind)
        if kind == bet_mark:
            bet_markers.append((len(events), trailings[i]))
        if note:
            notes.append((len(events), note))
        if isinstance(event, Seat):
            seats.append(event)
        elif event is not None:
            events.append(event)
    grammar.check(chunk, kinds, hand_id)
    return Body(kinds, seats, events, bet_markers, notes)


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
