"""Parse one Full Tilt hand (a chunk of lines) into a ``Hand``.

``LineReader`` classifies the lines (the lexer), the automaton compiled from ``grammar.lark``
checks their order, and the events are assembled into a ``Hand`` whose ``FullTiltLayout``
keeps what the writer needs to print the hand back byte for byte.
"""

from __future__ import annotations

from importlib.resources import files
from typing import Final, cast

from histparse._records import fast
from histparse.events import Event, Hand, Seat, Source, SummarySeat
from histparse.game import Game
from histparse.reading import Chunk, ParseError, Unsupported
from histparse.sites.automaton import LineAutomaton, Unexpected
from histparse.sites.fulltilt.header import (
    SITE,
    Header,
    HeaderError,
    OtherGame,
    game_of_header,
    parse_header,
)
from histparse.sites.fulltilt.layout import FullTiltLayout
from histparse.sites.fulltilt.lines import LineReader
from histparse.sites.lines import LineError

__all__ = ["parse_chunk"]

_AUTOMATON: Final = LineAutomaton(
    files("histparse.sites.fulltilt").joinpath("grammar.lark").read_text(encoding="utf-8")
)

_DESCRIBE: Final = {
    "TD_HEADER": "a Triple Draw header line",
    "SD_HEADER": "a Single Draw header line",
    "SEAT": "a seat line",
    "POST": "a blind or ante post",
    "BUTTON": "'The button is in seat #N'",
    "DEALING": "'*** HOLE CARDS ***'",
    "FIRST_DRAW": "'*** FIRST DRAW ***'",
    "SECOND_DRAW": "'*** SECOND DRAW ***'",
    "THIRD_DRAW": "'*** THIRD DRAW ***'",
    "SD_DRAW": "'*** DRAW ***'",
    "ACTION": "a betting action",
    "DEALT": "a 'Dealt to' line",
    "DRAW": "a discard or stand-pat line",
    "REPLACED": "an 'is dealt N cards' line",
    "UNCALLED": "an 'Uncalled bet' line",
    "COLLECTED": "a 'wins the pot' line",
    "SHOWS": "a 'shows' line",
    "MUCKS": "a 'mucks' line",
    "SHOW_DOWN": "'*** SHOW DOWN ***'",
    "SUMMARY": "'*** SUMMARY ***'",
    "DURATION": "a 'Duration' line",
    "TOTAL_POT": "the 'Total pot' line",
    "SUMMARY_SEAT": "a summary seat line",
    "CHAT": "a chat line",
    "STATUS": "a player status line",
    "CLOCK": "a 'seconds left to act' line",
    "EMOTE": "an 'is feeling' line",
    "TOPUP": "an 'adds $x' line",
    "$END": "the end of the hand",
}
_ORDER: Final = list(_DESCRIBE)


def _expected(terminals: set[str]) -> str:
    names = sorted(terminals, key=lambda t: (_ORDER.index(t) if t in _ORDER else 99, t))
    words = [_DESCRIBE.get(t, t) for t in names]
    if len(words) > 8:
        words = [*words[:8], "..."]
    return " or ".join(words)


def parse_chunk(chunk: Chunk) -> Hand | Unsupported:
    """Parse one chunk that starts with a Full Tilt header line: ``Unsupported`` for games
    other than 2-7 Triple and Single Draw, ``ParseError`` for anything unreadable."""
    try:
        return _parse(chunk)
    except ParseError:
        raise
    except Exception as exc:  # the contract: nothing but ParseError comes out of parsing
        raise ParseError(
            f"internal parser error: {type(exc).__name__}: {exc}",
            file=chunk.path,
            line=chunk.first_line,
            text=chunk.contents[0] if chunk.contents else "",
            first_line=chunk.first_line,
            site=SITE,
        ) from exc


def _error(
    chunk: Chunk, index: int, message: str, column: int, expected: str, hid: str | None
) -> ParseError:
    index = min(index, len(chunk.contents) - 1)
    return ParseError(
        message,
        file=chunk.path,
        line=chunk.first_line + index,
        column=column,
        text=chunk.contents[index],
        expected=expected,
        first_line=chunk.first_line,
        hand_id=hid,
        site=SITE,
    )


def _parse(chunk: Chunk) -> Hand | Unsupported:
    contents = chunk.contents
    first = chunk.first_line
    try:
        header = parse_header(contents[0])
    except HeaderError as exc:
        raise _error(chunk, 0, exc.message, exc.column, "a Full Tilt header line", None) from None
    if isinstance(header, OtherGame):
        return Unsupported(SITE, header.game, chunk.path, first, header.hand_id)
    hid = header.hand_id
    reader = LineReader(header)
    kinds = ["TD_HEADER" if header.game is Game.TRIPLE_DRAW_27 else "SD_HEADER"]
    read: list[Event | Seat] = []
    try:
        reader.read_lines(contents, chunk.trailings, first, kinds, read)
    except LineError as exc:
        expected = exc.expected
        if expected == "a Full Tilt hand line":
            expected = _expected(_AUTOMATON.acceptable(kinds)) or expected
        raise _error(chunk, reader.index, exc.message, exc.column, expected, hid) from None
    offset = 2 if reader.blank_after_header else 1
    try:
        _AUTOMATON.check(kinds)
    except Unexpected as exc:
        expected = _expected(_AUTOMATON.acceptable(kinds[: exc.index]))
        if exc.index >= len(kinds):
            raise _error(
                chunk,
                len(contents) - 1,
                "the hand ends too early",
                len(contents[-1]) + 1,
                expected,
                hid,
            ) from None
        line_index = exc.index + (offset - 1 if exc.index >= 1 else 0)
        raise _error(
            chunk,
            line_index,
            f"{_DESCRIBE.get(kinds[exc.index], kinds[exc.index])} cannot come here",
            1,
            expected,
            hid,
        ) from None
    return _assemble(chunk, header, read, reader, "DEALING" not in kinds)


def _assemble(
    chunk: Chunk, header: Header, read: list[Event | Seat], reader: LineReader, undealt: bool
) -> Hand:
    seats = reader.seats
    events = cast(list[Event], read[len(seats) :])
    # Full Tilt's seat lists do not mark every player sitting out: the summary does.
    out = reader.summary_out
    unmarked = tuple(s.seat for s in seats if s.seat in out and not s.sitting_out)
    if unmarked:
        seats = [
            Seat(s.seat, s.player, s.stack, True, line=s.line, trailing=s.trailing)
            if s.seat in unmarked
            else s
            for s in seats
        ]
    raw = chunk.raw
    newline = "\r\n" if raw[0].endswith("\r\n") else "\n"
    text = "".join(raw)
    if text.endswith("\n"):
        text = text[:-2] if text.endswith("\r\n") else text[:-1]
    button = reader.button
    partial = header.partial or reader.no_outcome
    # The "dead hand" (FORMATS-SITES §1.11): posts, then no button line and no deal.
    dead = button is None and undealt and not partial
    if button is None:
        # The dead hand prints no button line; the summary's (button) tag, if any, says it.
        tagged = [
            e.seat
            for e in events
            if isinstance(e, SummarySeat) and any(p.value == "button" for p in e.positions)
        ]
        button = tagged[0] if tagged else (seats[0].seat if seats else 0)
    layout = _new_layout(
        money_symbol=header.money_symbol,
        archive=header.archive,
        header_text=chunk.contents[0] + chunk.trailings[0],
        blank_after_header=reader.blank_after_header,
        button_at=reader.button_at,
        duration=reader.duration,
        unmarked_out=unmarked,
        details=tuple(reader.details),
        newline=newline,
        bom=chunk.bom,
        dead_hand=dead,
    )
    return _new_hand(
        site=SITE,
        hand_id=header.hand_id,
        game=header.game,
        limit_type=header.limit_type,
        stakes=header.stakes,
        currency="USD" if header.money_symbol == "$" else None,
        is_play_money=False,
        is_tournament=header.tournament is not None,
        tournament_id=header.tournament_id,
        buy_in=None,
        buy_in_currency=None,
        level=None,
        match_round=None,
        mixed_game=None,
        is_home_game=False,
        club=None,
        started_at=header.started_at,
        table_name=header.table_name,
        max_seats=header.max_seats,
        button_seat=button,
        seats=tuple(seats),
        hero=reader.hero,
        events=tuple(events),
        source=_new_source(chunk.path, chunk.first_line, chunk.last_line, text),
        layout=layout,
        partial=partial,
    )


# Built once per hand: the generated constructors save the frozen __init__'s per-field calls.
_new_hand: Final = fast(Hand)
_new_layout: Final = fast(FullTiltLayout)
_new_source: Final = fast(Source)


def unsupported_game(content: str) -> str:
    """The game of a header (for counting hands)."""
    return game_of_header(content)
