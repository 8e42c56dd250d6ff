"""Read one Winamax hand (a chunk of lines) into a ``Hand``.

Each line is classified into a terminal of ``grammar.lark`` and read into its event; the
automaton checks the order of the lines, and a ``WinamaxLayout`` keeps what the writer needs
to print the hand back byte for byte. Names are anchored on the seated roster (Winamax puts no
colon after a name). Every regular expression is anchored and free of nested quantifiers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from importlib.resources import files
from pathlib import PurePath
from typing import Final

from histparse.events import (
    Action,
    Collected,
    DealtTo,
    Draw,
    Hand,
    Position,
    Post,
    Seat,
    SeatOutcome,
    Section,
    SectionMarker,
    Shows,
    Source,
    SummaryPot,
    SummarySeat,
)
from histparse.game import ActionKind, Game, LimitType, PostKind, Street
from histparse.reading import Chunk, Unsupported
from histparse.sites.automaton import LineAutomaton
from histparse.sites.lines import (
    KindNames,
    LineError,
    Read,
    dealt_event,
    guarded,
    hand_text,
    hidden_count,
    read_body,
    read_cards,
)
from histparse.sites.winamax.layout import WinamaxLayout
from histparse.sites.winamax.wording import (
    BET_MARKERS,
    BLINDS_MARKER,
    MARKER_SECTION,
    POSITION_OF,
)

__all__ = ["HEADER_PREFIX", "SITE", "mixed_game_of", "parse_chunk"]

SITE: Final = "Winamax"
HEADER_PREFIX: Final = "Winamax Poker - "
_AUTOMATON: Final = LineAutomaton(
    files("histparse.sites.winamax").joinpath("grammar.lark").read_text(encoding="utf-8")
)
_AMOUNT: Final = r"(\d{1,9}(?:\.\d{1,2})?)"
_SUFFIX: Final = r"(€|\$|£)?"
_M: Final = _AMOUNT + _SUFFIX

HEADER: Final = re.compile(
    r"Winamax Poker - CashGame - HandId: #(\d{1,20}-\d{1,12}-(\d{1,12})) - (.{1,60}?) "
    r"(fixed limit|pot limit|no limit) \(" + _M + "/" + _M + r"\) - "
    r"(\d{4})/(\d\d)/(\d\d) (\d\d):(\d\d):(\d\d) UTC"
)
# Any other Winamax first line: a game or format histparse counts without reading.
_ANY: Final = re.compile(r"Winamax Poker - (CashGame|Go Fast|HOLD-UP|Tournament)\b.{0,200}")
_GAMES: Final = {"2-7 Triple Draw": Game.TRIPLE_DRAW_27, "Lowball27": Game.TRIPLE_DRAW_27}
_LIMITS: Final = {
    "fixed limit": LimitType.FIXED,
    "pot limit": LimitType.POT,
    "no limit": LimitType.NO_LIMIT,
}
_TABLE: Final = re.compile(
    r"Table: '(.{1,60})' (\d{1,2})-max \((real money|play money)\) Seat #(\d{1,2}) is the button"
)
_SEAT: Final = re.compile(r"Seat (\d{1,2}): (.{1,40}) \(" + _M + r"\)")
_ALL_IN: Final = r"((?: and is all-in)?)"
_POST: Final = re.compile(
    r"posts (small blind|big blind|ante) " + _M + r"((?: out of position)?)" + _ALL_IN
)
_POST_KIND: Final = {
    "small blind": PostKind.SMALL_BLIND,
    "big blind": PostKind.BIG_BLIND,
    "ante": PostKind.ANTE,
}
_BET: Final = re.compile(r"(bets|calls) " + _M + _ALL_IN)
_RAISE: Final = re.compile(r"raises " + _M + " to " + _M + _ALL_IN)
_PAT: Final = re.compile(r"stands pat \[([^\[\]]{1,20})\]")
_DISCARD: Final = re.compile(r"discard (?:([01]) card|([2-5]) cards)")
_DEALT_FORM: Final = "Dealt to <seated name> [..]"
_DEALT: Final = re.compile(r" \[([^\[\]]{1,20})\]")
_SHOWS: Final = re.compile(r"shows \[([^\[\]]{1,20})\](?: \((.{1,60})\))?")
_COLLECTED: Final = re.compile(r"collected " + _M + r" from (pot|main pot|side pot(?:-\d{1,2})?)")
_TOTAL: Final = re.compile(r"Total pot " + _M + r" \| Rake " + _M)
_SUMMARY_SEAT: Final = re.compile(r"Seat (\d{1,2}): ")
_WON: Final = re.compile(r" won " + _M)
_SHOWED: Final = re.compile(
    r" showed \[([^\[\]]{1,20})\] and (?:won " + _M + r"|lost)(?: with (.{1,60}))?"
)
_MIXES: Final = {"_8games_": "8-Game", "_10games_": "10-Game", "_horse_": "HORSE"}

_DESCRIBE: Final = {
    "HEADER": "the Winamax header line",
    "TABLE": "the 'Table:' line",
    "SEAT": "a seat line",
    "BLINDS": "'*** ANTE/BLINDS ***'",
    "POST": "a blind or ante post",
    "FIRST_BET": "'*** FIRST-BET ***'",
    "FIRST_DRAW": "'*** FIRST-DRAW ***'",
    "SECOND_DRAW": "'*** SECOND-DRAW ***'",
    "THIRD_DRAW": "'*** THIRD-DRAW ***'",
    "BET_MARK": "a '*** N-BET ***' line",
    "ACTION": "a betting action",
    "DEALT": "a 'Dealt to' line",
    "DRAW": "a discard or stand-pat line",
    "SHOW_DOWN": "'*** SHOW DOWN ***'",
    "SHOWS": "a 'shows' line",
    "COLLECTED": "a 'collected' line",
    "SUMMARY": "'*** SUMMARY ***'",
    "TOTAL_POT": "the 'Total pot' line",
    "SUMMARY_SEAT": "a summary seat line",
    "$END": "the end of the hand",
}
_KINDS: Final = KindNames(_AUTOMATON, _DESCRIBE, SITE)


def mixed_game_of(path: str) -> str | None:
    """The mixed game the file name names (``..._8games_.txt``); Winamax's header does not."""
    name = PurePath(path).name
    for token, mix in _MIXES.items():
        if token in name:
            return mix
    return None


def game_of(first_line: str) -> str:
    """The game a Winamax first line names, for counting hands not read."""
    m = re.match(r".{0,120}? - HandId: #[\d-]{1,40} - (.{1,60}?) \(", first_line)
    return m.group(1) if m else "unknown"


@dataclass(slots=True)
class _Reader:
    suffix: str
    names: list[str]
    street: Street = Street.PREDEAL
    draw: int = 0
    hero: str | None = None

    def money(self, digits: str, suffix: str | None, column: int) -> Decimal:
        if (suffix or "") != self.suffix:
            raise LineError(
                f"amount {digits}{suffix or ''} has the wrong currency sign",
                column,
                f"an amount ending in {self.suffix or 'no currency sign'}",
            )
        return Decimal(digits)

    def player(self, content: str) -> tuple[str, str] | None:
        for name in self.names:
            if content.startswith(name) and content[len(name) : len(name) + 1] == " ":
                return name, content[len(name) + 1 :]
        return None


def parse_chunk(chunk: Chunk) -> Hand | Unsupported:
    """Parse one chunk that starts with a Winamax first line: ``Unsupported`` for other games
    and formats, ``ParseError`` for anything unreadable."""
    return guarded(_parse, chunk, SITE)


def _parse(chunk: Chunk) -> Hand | Unsupported:
    contents = chunk.contents
    head = contents[0]
    m = HEADER.fullmatch(head)
    if m is None or m.group(3) not in _GAMES:
        if _ANY.fullmatch(head) is not None:
            return Unsupported(SITE, game_of(head), chunk.path, chunk.first_line)
        raise _KINDS.error(
            chunk, 0, "unreadable Winamax header line", 1, "a Winamax header line", None
        )
    hid = m.group(1)
    if m.group(6) != m.group(8):
        raise _KINDS.error(chunk, 0, "the stakes have two currency signs", 1, "one sign", hid)
    suffix = m.group(6) or ""
    year, month, day, hour, minute, second = (int(m.group(k)) for k in range(9, 15))
    started = datetime(year, month, day, hour, minute, second, tzinfo=UTC)
    if len(contents) < 2:
        raise _KINDS.error(
            chunk, 0, "the hand ends too early", len(head) + 1, "the 'Table:' line", hid
        )
    t = _TABLE.fullmatch(contents[1])
    if t is None:
        raise _KINDS.error(chunk, 1, "unreadable table line", 1, "Table: '<name>' N-max ...", hid)
    real = t.group(3) == "real money"
    kinds = ["HEADER", "TABLE"]
    reader = _Reader(suffix, [])
    body = read_body(chunk, kinds, _line, reader, _KINDS, hid)
    # The layout keeps the trailing whitespace of the (last) blinds marker line.
    blinds = next((k for k in range(len(kinds) - 1, -1, -1) if kinds[k] == "BLINDS"), -1)
    blinds_trailing = chunk.trailings[blinds] if blinds >= 0 else ""
    text, newline = hand_text(chunk)
    layout = WinamaxLayout(
        money_symbol=suffix,
        money_suffix=suffix,
        game_word=m.group(3),
        real_money=real,
        blinds_trailing=blinds_trailing,
        bet_markers=tuple(body.bet_markers),
        details=tuple(body.notes),
        newline=newline,
        bom=chunk.bom,
    )
    currency = {"€": "EUR", "$": "USD", "£": "GBP"}.get(suffix) if real else None
    return Hand(
        site=SITE,
        hand_id=hid,
        game=_GAMES[m.group(3)],
        limit_type=_LIMITS[m.group(4)],
        stakes=(Decimal(m.group(5)), Decimal(m.group(7))),
        currency=currency,
        is_play_money=not real,
        is_tournament=False,
        tournament_id=None,
        buy_in=None,
        buy_in_currency=None,
        level=None,
        match_round=None,
        mixed_game=mixed_game_of(chunk.path),
        is_home_game=False,
        club=None,
        started_at=started,
        table_name=t.group(1),
        max_seats=int(t.group(2)),
        button_seat=int(t.group(4)),
        seats=tuple(body.seats),
        hero=reader.hero,
        events=tuple(body.events),
        source=Source(chunk.path, chunk.first_line, chunk.last_line, text),
        layout=layout,
    )


def _line(r: _Reader, content: str, line: int, trailing: str) -> Read:
    """The terminal, the event (or seat) and the layout note of one line."""
    if content.startswith("*** "):
        return _marker(r, content, line, trailing)
    if content.startswith("Seat ") and r.street is not Street.SUMMARY:
        m = _SEAT.fullmatch(content)
        if m is None:
            raise LineError("unreadable seat line", 1, "Seat N: <name> (<stack>)")
        r.names.append(m.group(2))
        r.names.sort(key=len, reverse=True)
        stack = r.money(m.group(3), m.group(4), m.start(3) + 1)
        return "SEAT", Seat(int(m.group(1)), m.group(2), stack, line=line, trailing=trailing), ""
    if r.street is Street.SUMMARY:
        return _summary(r, content, line, trailing)
    if content.startswith("Dealt to "):
        return _dealt(r, content, line, trailing)
    found = r.player(content)
    if found is None:
        raise LineError("the line names no seated player", 1, "a line of a seated player")
    name, rest = found
    col = len(name) + 2
    verb = rest.partition(" ")[0]
    if rest == "folds":
        return "ACTION", Action(r.street, name, ActionKind.FOLD, line=line, trailing=trailing), ""
    if rest == "checks":
        return "ACTION", Action(r.street, name, ActionKind.CHECK, line=line, trailing=trailing), ""
    if verb in ("bets", "calls"):
        m = _BET.fullmatch(rest)
        if m is None:
            raise LineError(f"cannot read the {verb} line", col + len(verb) + 1, "an amount")
        value = r.money(m.group(2), m.group(3), col + m.start(2))
        kind = ActionKind.BET if verb == "bets" else ActionKind.CALL
        return (
            "ACTION",
            Action(
                r.street,
                name,
                kind,
                value,
                value if kind is ActionKind.BET else None,
                bool(m.group(4)),
                line=line,
                trailing=trailing,
            ),
            "",
        )
    if verb == "raises":
        m = _RAISE.fullmatch(rest)
        if m is None:
            raise LineError("cannot read the raise", col + 7, "'raises A to B'")
        by = r.money(m.group(1), m.group(2), col + m.start(1))
        to = r.money(m.group(3), m.group(4), col + m.start(3))
        return (
            "ACTION",
            Action(
                r.street,
                name,
                ActionKind.RAISE,
                by,
                to,
                bool(m.group(5)),
                line=line,
                trailing=trailing,
            ),
            "",
        )
    if verb == "posts":
        m = _POST.fullmatch(rest)
        if m is None:
            raise LineError("cannot read the post", col + 6, "'posts small blind|big blind X'")
        value = r.money(m.group(2), m.group(3), col + m.start(2))
        note = "oop" if m.group(4) else ""
        post = Post(
            name, _POST_KIND[m.group(1)], value, bool(m.group(5)), line=line, trailing=trailing
        )
        return "POST", post, note
    if verb == "stands":
        m = _PAT.fullmatch(rest)
        if m is None:
            raise LineError("cannot read the stand-pat line", col + 11, "'stands pat [..]'")
        hidden = hidden_count(m.group(1))
        cards = None if hidden else read_cards(m.group(1), col + 12)
        draw = Draw(r.street, name, 0, None, True, cards, line=line, trailing=trailing)
        return "DRAW", draw, "hidden" if hidden else ""
    if verb == "discard":
        m = _DISCARD.fullmatch(rest)
        if m is None:
            raise LineError("cannot read the discard", col + 8, "'discard N cards'")
        count = int(m.group(1) or m.group(2))
        return "DRAW", Draw(r.street, name, count, line=line, trailing=trailing), ""
    if verb == "shows":
        m = _SHOWS.fullmatch(rest)
        if m is None:
            raise LineError("cannot read the show", col + 6, "'shows [..] (description)'")
        cards = read_cards(m.group(1), col + 7)
        return "SHOWS", Shows(name, cards, m.group(2), line=line, trailing=trailing), ""
    if verb == "collected":
        m = _COLLECTED.fullmatch(rest)
        if m is None:
            raise LineError("cannot read the collection", col + 10, "'collected X from pot'")
        value = r.money(m.group(1), m.group(2), col + 10)
        return "COLLECTED", Collected(name, value, m.group(3), line=line, trailing=trailing), ""
    raise LineError(f"unrecognised line of {name}", col, "a Winamax hand line")


def _marker(r: _Reader, content: str, line: int, trailing: str) -> Read:
    if content == BLINDS_MARKER:
        return "BLINDS", None, ""
    if content in BET_MARKERS:
        return "BET_MARK", None, ""
    section = MARKER_SECTION.get(content)
    if section is None:
        raise LineError("unrecognised marker line", 1, "a Winamax marker line")
    token = {
        Section.DEALING_HANDS: "FIRST_BET",
        Section.FIRST_DRAW: "FIRST_DRAW",
        Section.SECOND_DRAW: "SECOND_DRAW",
        Section.THIRD_DRAW: "THIRD_DRAW",
        Section.SHOW_DOWN: "SHOW_DOWN",
        Section.SUMMARY: "SUMMARY",
    }[section]
    r.street = section.street
    return token, SectionMarker(section, line=line, trailing=trailing), ""


def _dealt(r: _Reader, content: str, line: int, trailing: str) -> Read:
    event = dealt_event(content[9:], r.names, _DEALT, r.street, 11, _DEALT_FORM, line, trailing)
    if r.hero is None and type(event) is DealtTo:
        r.hero = event.player
    return "DEALT", event, ""


def _summary(r: _Reader, content: str, line: int, trailing: str) -> Read:
    if content.startswith("Total pot "):
        m = _TOTAL.fullmatch(content)
        if m is None:
            raise LineError("cannot read the total pot", 11, "'Total pot X | Rake Y'")
        total = r.money(m.group(1), m.group(2), 11)
        rake = r.money(m.group(3), m.group(4), m.start(3) + 1)
        return "TOTAL_POT", SummaryPot(total, rake, line=line, trailing=trailing), ""
    m = _SUMMARY_SEAT.match(content)
    if m is None:
        raise LineError("unrecognised summary line", 1, "a summary seat line")
    seat = int(m.group(1))
    body = content[m.end() :]
    for name in r.names:
        if not body.startswith(name):
            continue
        rest = body[len(name) :]
        col = m.end() + len(name) + 1
        positions: list[Position] = []
        while rest.startswith(" ("):
            end = rest.find(")")
            p = POSITION_OF.get(rest[1 : end + 1]) if end > 0 else None
            if p is None:
                break
            positions.append(p)
            rest = rest[end + 1 :]
            col += end + 1
        pos = tuple(positions)
        w = _WON.fullmatch(rest)
        if w is not None:
            value = r.money(w.group(1), w.group(2), col + 5)
            ev = SummarySeat(
                seat, name, pos, SeatOutcome.COLLECTED, False, value, line=line, trailing=trailing
            )
            return "SUMMARY_SEAT", ev, ""
        s = _SHOWED.fullmatch(rest)
        if s is not None:
            cards = read_cards(s.group(1), col + 9)
            won = s.group(2) is not None
            won_value = r.money(s.group(2), s.group(3), col) if won else None
            outcome = SeatOutcome.SHOWED_WON if won else SeatOutcome.SHOWED_LOST
            ev = SummarySeat(
                seat,
                name,
                pos,
                outcome,
                False,
                won_value,
                cards,
                s.group(4),
                line=line,
                trailing=trailing,
            )
            return "SUMMARY_SEAT", ev, ""
        raise LineError("cannot read the summary seat line", col, "'won X' or 'showed [..] ...'")
    raise LineError("the summary line names no seated player", m.end() + 1, "a seated name")
