"""Parse one PokerStars hand (a chunk of lines) into a ``Hand``.

The lines are read by ``LineReader`` (the lexer: each line gives its grammar terminal and its
event), the LALR grammar in ``grammar.lark`` checks the order of the terminals, and the
events, in order, are assembled into a ``Hand``. Every failure comes out as ``ParseError``
naming the file, line and column.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib.resources import files
from typing import Final, cast

from histparse._records import fast
from histparse.events import Event, Hand, Seat, Source
from histparse.game import Game
from histparse.reading import Chunk, ParseError, Unsupported
from histparse.sites.automaton import LineAutomaton, Unexpected
from histparse.sites.pokerstars.common import LineError
from histparse.sites.pokerstars.header import (
    SITE,
    Header,
    OtherGame,
    TableLine,
    game_of_header,
    looks_supported,
    names_another_game,
    parse_header,
    parse_table,
)
from histparse.sites.pokerstars.layout import PokerStarsLayout
from histparse.sites.pokerstars.lines import GENERIC_EXPECTED, LineReader

# The grammar of the order of a hand's lines, compiled once into a line automaton (one dict
# lookup a line; histparse.sites.automaton, shared with the other sites).
LINES: Final = LineAutomaton(
    files("histparse.sites.pokerstars").joinpath("grammar.lark").read_text(encoding="utf-8")
)
check_order = LINES.check
"""Check that the line kinds (grammar terminals) of a hand come in an order the grammar accepts;
raise ``Unexpected`` at the first line that cannot come where it is, or at the end if the hand
stops early."""


_DESCRIBE: Final = {
    "TD_HEADER": "a Triple Draw header line",
    "SD_HEADER": "a Single Draw header line",
    "TABLE": "the table line",
    "SEAT": "a seat line",
    "POST": "a blind or ante post",
    "ACTION": "a betting action",
    "CAP": "'Betting is capped'",
    "DEALING": "'*** DEALING HANDS ***'",
    "FIRST_DRAW": "'*** FIRST DRAW ***'",
    "SECOND_DRAW": "'*** SECOND DRAW ***'",
    "THIRD_DRAW": "'*** THIRD DRAW ***'",
    "DEALT": "a 'Dealt to' line",
    "DRAW": "a discard or stand-pat line",
    "RESHUFFLE": "'The deck is reshuffled'",
    "UNCALLED": "an 'Uncalled bet' line",
    "COLLECTED": "a 'collected' line",
    "SHOWS": "a 'shows' line",
    "MUCKS": "a 'mucks hand' line",
    "DOESNT_SHOW": "a 'doesn't show hand' line",
    "SHOW_DOWN": "'*** SHOW DOWN ***'",
    "SUMMARY": "'*** SUMMARY ***'",
    "TOTAL_POT": "the 'Total pot' line",
    "SUMMARY_SEAT": "a summary seat line",
    "CHAT": "a chat line",
    "STATUS": "a player status line",
    "CANCELLED": "'Hand cancelled'",
    "FINISH": "a tournament finish line",
    "WIN": "a tournament win line",
    "$END": "the end of the hand",
}
# Shown first when listing what could come next; the rest follow alphabetically.
_ORDER: Final = list(_DESCRIBE)


def describe_expected(terminals: Sequence[str] | set[str]) -> str:
    """Human wording for a set of grammar terminals."""
    names = sorted(terminals, key=lambda t: (_ORDER.index(t) if t in _ORDER else 99, t))
    words = [_DESCRIBE.get(t, t) for t in names]
    if len(words) > 8:
        words = [*words[:8], "..."]
    return " or ".join(words)


def parse_chunk(chunk: Chunk) -> Hand | Unsupported:
    """Parse one chunk that starts with a PokerStars header line.

    Returns ``Unsupported`` for games other than 2-7 Triple and Single Draw; raises
    ``ParseError`` for anything that cannot be read.
    """
    try:
        return _parse_chunk(chunk)
    except ParseError:
        raise
    except Exception as exc:  # the contract: nothing but ParseError comes out of parsing
        raise ParseError(
            f"internal parser error: {type(exc).__name__}: {exc}",
            file=chunk.path,
            line=chunk.first_line,
            text=chunk.contents[0] if chunk.contents else "",
            first_line=chunk.first_line,
        ) from exc


def _error(chunk: Chunk, index: int, exc: LineError, hand_id: str | None) -> ParseError:
    return ParseError(
        exc.message,
        file=chunk.path,
        line=chunk.first_line + index,
        column=exc.column,
        text=chunk.contents[index],
        expected=exc.expected,
        first_line=chunk.first_line,
        hand_id=hand_id,
    )


def _parse_chunk(chunk: Chunk) -> Hand | Unsupported:
    contents = chunk.contents
    trailings = chunk.trailings
    first = chunk.first_line
    try:
        header = parse_header(contents[0])
    except LineError as exc:
        if not looks_supported(contents[0]) and names_another_game(contents[0]):
            # A header we cannot read for a game we do not parse anyway: count it, no error.
            return Unsupported(SITE, game_of_header(contents[0]), chunk.path, first)
        raise _error(chunk, 0, exc, None) from None
    if isinstance(header, OtherGame):
        return Unsupported(SITE, header.game, chunk.path, first, header.hand_id)
    hand_id = header.hand_id

    if len(contents) < 2:
        raise ParseError(
            "the hand ends after its header",
            file=chunk.path,
            line=first,
            column=len(contents[0]) + 1,
            text=contents[0],
            expected=_DESCRIBE["TABLE"],
            first_line=first,
            hand_id=hand_id,
        )
    try:
        table = parse_table(contents[1])
    except LineError as exc:
        raise _error(chunk, 1, exc, hand_id) from None

    header_kind = "TD_HEADER" if header.game is Game.TRIPLE_DRAW_27 else "SD_HEADER"
    reader = LineReader(header)
    kinds = [header_kind, "TABLE"]
    events: list[Event | Seat] = []
    try:
        reader.read_lines(contents, trailings, first, kinds, events)
    except LineError as exc:
        err = _error(chunk, len(kinds), exc, hand_id)
        if exc.expected is GENERIC_EXPECTED:
            # Say what the grammar would have accepted at this point.
            err.expected = _expected_after(kinds) or err.expected
        raise err from None

    try:
        check_order(kinds)
    except Unexpected as exc:
        expected = _expected_after(kinds[: exc.index])
        if exc.index >= len(kinds):
            raise ParseError(
                "the hand ends too early",
                file=chunk.path,
                line=chunk.last_line,
                column=len(contents[-1]) + 1,
                text=contents[-1],
                expected=expected,
                first_line=first,
                hand_id=hand_id,
            ) from None
        raise ParseError(
            f"{_DESCRIBE.get(kinds[exc.index], kinds[exc.index])} cannot come here",
            file=chunk.path,
            line=first + exc.index,
            text=contents[exc.index],
            expected=expected,
            first_line=first,
            hand_id=hand_id,
        ) from None

    _check_summary_seats(chunk, reader, hand_id)
    return _assemble(chunk, header, table, events, reader)


def _check_summary_seats(chunk: Chunk, reader: LineReader, hand_id: str) -> None:
    """The summary lists every seat dealt in, in seat order (players moved in "out of hand"
    are not; sitting-out players may be left out). This is what notices a hand cut short in
    its summary, which the grammar alone cannot."""
    seats = reader.seats
    listed = reader.summary_seats
    required = {s.seat for s in seats if s.out_of_hand is None and not s.sitting_out}
    allowed = {s.seat for s in seats if s.out_of_hand is None}
    ok = listed == sorted(set(listed)) and required <= set(listed) <= allowed
    if not ok:
        missing = sorted(required - set(listed))
        detail = f"seats {missing} are missing" if missing else "its seats are wrong"
        raise ParseError(
            f"the summary does not list the seats dealt in: {detail} (hand cut short?)",
            file=chunk.path,
            line=chunk.last_line,
            column=len(chunk.contents[-1]) + 1,
            text=chunk.contents[-1],
            expected="one summary line per seat dealt in, in seat order",
            first_line=chunk.first_line,
            hand_id=hand_id,
        )


def _acceptable(kinds: list[str]) -> set[str]:
    """The line kinds that could come after ``kinds`` ("$END": the hand may end there);
    nothing if ``kinds`` is already out of order."""
    return LINES.acceptable(kinds)


def _expected_after(kinds: list[str]) -> str:
    """What the grammar accepts after ``kinds``, in words."""
    return describe_expected(_acceptable(kinds))


def _assemble(
    chunk: Chunk, header: Header, table: TableLine, read: list[Event | Seat], reader: LineReader
) -> Hand:
    # The grammar put every seat line right after the table line.
    seats = reader.seats
    events = cast(list[Event], read[len(seats) :])
    raw = chunk.raw
    newline = "\r\n" if raw[0].endswith("\r\n") else "\n"
    text = "".join(raw)
    if text.endswith("\n"):
        text = text[:-2] if text.endswith("\r\n") else text[:-1]
    trailings = chunk.trailings
    layout = _new_layout(
        header_word=header.header_word,
        colon_gap=header.colon_gap,
        local_time=header.local_time,
        time_zone=header.time_zone,
        et_time=header.et_time,
        money_symbol=header.money_symbol,
        buy_in_symbol=header.buy_in_symbol,
        table_money=table.money_tag,
        newline=newline,
        bom=chunk.bom,
        header_trailing=trailings[0],
        table_trailing=trailings[1],
    )
    return _new_hand(
        site=SITE,
        hand_id=header.hand_id,
        game=header.game,
        limit_type=header.limit_type,
        stakes=header.stakes,
        currency=header.currency,
        is_play_money=header.is_play_money or table.money_tag == "Play Money",
        is_tournament=header.is_tournament,
        tournament_id=header.tournament_id,
        buy_in=header.buy_in,
        buy_in_currency=header.buy_in_currency,
        level=header.level,
        match_round=header.match_round,
        mixed_game=header.mixed_game,
        is_home_game=header.is_home_game,
        club=header.club,
        started_at=header.started_at,
        table_name=table.name,
        max_seats=table.max_seats,
        button_seat=table.button,
        seats=tuple(seats),
        hero=reader.hero,
        events=tuple(events),
        source=_new_source(chunk.path, chunk.first_line, chunk.last_line, text),
        layout=layout,
    )


# Built once per hand: the generated constructors save the frozen __init__'s per-field calls,
# and mypy checks these calls against the classes' own signatures.
_new_hand: Final = fast(Hand)
_new_layout: Final = fast(PokerStarsLayout)
_new_source: Final = fast(Source)
