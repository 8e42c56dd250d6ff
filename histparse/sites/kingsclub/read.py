"""Read one Kings Club hand (a chunk of lines) into a ``Hand``.

Each line is classified into a terminal of ``grammar.lark`` and read into its event; the
automaton checks the order of the lines and a ``KingsClubLayout`` keeps what the writer needs
to print the hand back byte for byte. Posts put a colon after the name, actions do not; names
are anchored on the seated roster. Amounts are normalised where the site's meaning differs
from the events' (FORMATS-SITES §3):

* ``calls X`` is a call *to* X: the event's ``amount`` is the increment (what the call adds
  to the player's round total, worked out from the lines) and ``to_amount`` is X as written;
* ``posts blind X`` (a missed blind made up) costs X live plus a silent dead X/2: a
  ``SMALL_AND_BIG_BLIND`` post of 1.5 X, which the writer prints back as X;
* the ``Rake`` line is the summary's pot, whose total is what the ``wins`` lines give plus
  the rake (Kings Club prints no total).

Every regular expression is anchored and free of nested quantifiers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from decimal import Decimal
from importlib.resources import files
from typing import Final
from zoneinfo import ZoneInfo

from histparse.events import (
    Action,
    Collected,
    DealtTo,
    Draw,
    Event,
    Hand,
    Post,
    Seat,
    SeatResult,
    Section,
    SectionMarker,
    Shows,
    Source,
    SummaryPot,
)
from histparse.game import ActionKind, Game, LimitType, PostKind, Street
from histparse.reading import Chunk, Unsupported
from histparse.sites.automaton import LineAutomaton
from histparse.sites.kingsclub.layout import KingsClubLayout
from histparse.sites.kingsclub.wording import BET_MARKERS, FIRST_ROUND, MARKER_SECTION
from histparse.sites.lines import (
    KindNames,
    LineError,
    Read,
    anchored,
    dealt_event,
    guarded,
    hand_text,
    read_body,
    read_cards,
)

__all__ = ["HEADER", "SITE", "TIME_ZONE", "amount", "parse_chunk", "win_form"]

SITE: Final = "Kings Club"
# The date line has no time zone: read as US Eastern time, as fpdb does (docs/findings.md).
TIME_ZONE: Final = ZoneInfo("America/New_York")
_AUTOMATON: Final = LineAutomaton(
    files("histparse.sites.kingsclub").joinpath("grammar.lark").read_text(encoding="utf-8")
)
_A: Final = r"(\d{1,3}(?:,\d{3}){0,4}(?:\.\d{1,2})?)"
HEADER: Final = re.compile(r"#(\d{1,20}): (.{1,80}) - " + _A + "/" + _A)
_GAMES: Final = {
    "Limit 2-7 Triple Draw": (Game.TRIPLE_DRAW_27, LimitType.FIXED),
    "No Limit 2-7 Single Draw": (Game.SINGLE_DRAW_27, LimitType.NO_LIMIT),
    "Pot Limit 2-7 Single Draw": (Game.SINGLE_DRAW_27, LimitType.POT),
    "Limit 2-7 Single Draw": (Game.SINGLE_DRAW_27, LimitType.FIXED),
}
_DATE: Final = re.compile(r"(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)")
_TABLE: Final = re.compile(r"Table '(.{1,60})' Seat (\d{1,2}) is the button")
_SEAT: Final = re.compile(r"Seat (\d{1,2}): (.{1,40}) \(" + _A + r"\)")
_ALL_IN: Final = r"((?:, and is all in)?)"
_POST: Final = re.compile(r"posts (ante|the small blind|the big blind|blind) " + _A + _ALL_IN)
_POST_KIND: Final = {
    "ante": PostKind.ANTE,
    "the small blind": PostKind.SMALL_BLIND,
    "the big blind": PostKind.BIG_BLIND,
    "blind": PostKind.SMALL_AND_BIG_BLIND,
}
_BET: Final = re.compile(r"(bets|calls|raises to) " + _A + _ALL_IN)
_DRAWS_N: Final = re.compile(r"draws ([1-5])")
_DISCARDS: Final = re.compile(
    r"discards \[([^\[\]]{1,20})\] draws \[([^\[\]]{1,20})\](?: \[([^\[\]]{1,20})\])?"
)
_DEALT_FORM: Final = "Dealt to <seated name>: [..]"
_DEALT: Final = re.compile(r": \[([^\[\]]{1,20})\]")
_RUN: Final = re.compile(r"Run ([12]): ")
_SHOWS: Final = re.compile(r"shows \[([^\[\]]{1,20})\]")
_LEDGER: Final = re.compile(r" \(" + _A + r"\) ([+-]?)" + _A)
_RAKE: Final = re.compile(r"Rake " + _A)
_WINS: Final = re.compile(
    r"wins (?:pot \(" + _A + r"\)|\(" + _A + r"\) from (pot|side pot \d{1,2}))"
)

_DESCRIBE: Final = {
    "TD_HEADER": "a Triple Draw header line",
    "SD_HEADER": "a Single Draw header line",
    "DATE": "the date line",
    "TABLE": "the 'Table' line",
    "SEAT": "a seat line",
    "ROUND_1": "'*** 1ST BETTING ROUND ***'",
    "POST": "an ante or blind post",
    "DEALT": "a 'Dealt to' line",
    "ACTION": "a betting action",
    "FIRST_DRAW": "'*** 1ST DRAW ***'",
    "SECOND_DRAW": "'*** 2ND DRAW ***'",
    "THIRD_DRAW": "'*** 3RD DRAW ***'",
    "BET_MARK": "a '*** NTH BETTING ROUND ***' line",
    "DRAW": "a draw or stand-pat line",
    "SHOWS": "a 'shows' line",
    "SUMMARY": "'*** SUMMARY ***'",
    "LEDGER": "a summary ledger line",
    "RAKE": "the 'Rake' line",
    "COLLECTED": "a 'wins' line",
    "$END": "the end of the hand",
}
_KINDS: Final = KindNames(_AUTOMATON, _DESCRIBE, SITE)


def amount(text: str) -> Decimal:
    """``2,996.38`` as a ``Decimal`` (the written scale kept)."""
    return Decimal(text.replace(",", ""))


def win_form(shared: bool) -> str:
    """How a win line is worded by rule: ``from`` (``wins (x) from pot``) for a pot shared
    by several winners or a side pot, ``pot`` (``wins pot (x)``) for a pot won alone."""
    return "from" if shared else "pot"


@dataclass(slots=True)
class _Reader:
    single_draw: bool
    names: list[str] = field(default_factory=list)
    street: Street = Street.PREDEAL
    hero: str | None = None
    live: dict[str, Decimal] = field(default_factory=dict)  # round totals, for calls-to
    big_blind: Decimal = Decimal(0)
    forms: dict[int, str] = field(default_factory=dict)  # win lines' wording, by line

    def player(self, content: str, sep: str) -> tuple[str, str] | None:
        for name in self.names:
            if content.startswith(name) and content[len(name) : len(name) + len(sep)] == sep:
                return name, content[len(name) + len(sep) :]
        return None

    def enter(self, street: Street) -> None:
        if street is not self.street:
            self.street = street
            self.live = {}


def parse_chunk(chunk: Chunk) -> Hand | Unsupported:
    """Parse one chunk that starts with a Kings Club first line: ``Unsupported`` for other
    games, ``ParseError`` for anything unreadable."""
    return guarded(_parse, chunk, SITE)


def _parse(chunk: Chunk) -> Hand | Unsupported:
    contents = chunk.contents
    head = HEADER.fullmatch(contents[0])
    if head is None:
        raise _KINDS.error(chunk, 0, "unreadable Kings Club header", 1, "#<id>: <game> - a/b", None)
    hid = head.group(1)
    game_text = head.group(2)
    if game_text not in _GAMES:
        return Unsupported(SITE, game_text, chunk.path, chunk.first_line, hid)
    game, limit = _GAMES[game_text]
    if len(contents) < 3:
        raise _KINDS.error(chunk, len(contents) - 1, "the hand ends too early", 1, "the date", hid)
    d = _DATE.fullmatch(contents[1])
    if d is None:
        raise _KINDS.error(chunk, 1, "unreadable date line", 1, "YYYY-MM-DD HH:MM:SS", hid)
    year, month, day, hour, minute, second = (int(x) for x in d.groups())
    try:
        local = datetime(year, month, day, hour, minute, second, tzinfo=TIME_ZONE)
    except ValueError as exc:
        raise _KINDS.error(chunk, 1, f"not a date: {exc}", 1, "a real date", hid) from None
    t = _TABLE.fullmatch(contents[2])
    if t is None:
        raise _KINDS.error(
            chunk, 2, "unreadable table line", 1, "Table '<name>' Seat N is ...", hid
        )
    low, high = amount(head.group(3)), amount(head.group(4))
    reader = _Reader(game.draws == 1)
    reader.big_blind = low if limit is LimitType.FIXED else high
    kinds = ["TD_HEADER" if game is Game.TRIPLE_DRAW_27 else "SD_HEADER", "DATE", "TABLE"]
    body = read_body(chunk, kinds, _line, reader, _KINDS, hid)
    events = body.events
    details = _win_details(events, reader.forms)
    # The Rake line's pot (the only SummaryPot), the last one read.
    pot_at = next((k for k in range(len(events) - 1, -1, -1) if type(events[k]) is SummaryPot), -1)
    if pot_at >= 0:
        pot = events[pot_at]
        assert isinstance(pot, SummaryPot)
        won = sum((e.amount for e in events if isinstance(e, Collected)), Decimal(0))
        events[pot_at] = replace(pot, total=won + pot.rake)
    text, newline = hand_text(chunk)
    layout = KingsClubLayout(
        money_symbol="",
        first_round_marker="ROUND_1" in kinds,
        bet_markers=tuple(body.bet_markers),
        details=details,
        newline=newline,
        bom=chunk.bom,
    )
    return Hand(
        site=SITE,
        hand_id=hid,
        game=game,
        limit_type=limit,
        stakes=(low, high),
        currency="USD",
        is_play_money=False,
        is_tournament=False,
        tournament_id=None,
        buy_in=None,
        buy_in_currency=None,
        level=None,
        match_round=None,
        mixed_game=None,
        is_home_game=False,
        club=None,
        started_at=local.astimezone(UTC),
        table_name=t.group(1),
        max_seats=None,
        button_seat=int(t.group(2)),
        seats=tuple(body.seats),
        hero=reader.hero,
        events=tuple(events),
        source=Source(chunk.path, chunk.first_line, chunk.last_line, text),
        layout=layout,
    )


def _win_details(events: list[Event], forms: dict[int, str]) -> tuple[tuple[int, str], ...]:
    """The win lines worded against ``win_form``'s rule, by index."""
    per_pot: dict[str, int] = {}
    for e in events:
        if isinstance(e, Collected):
            per_pot[e.pot] = per_pot.get(e.pot, 0) + 1
    out: list[tuple[int, str]] = []
    for k, e in enumerate(events):
        if isinstance(e, Collected):
            rule = win_form(per_pot[e.pot] > 1 or e.pot != "pot")
            form = forms.get(e.line, rule)
            if form != rule:
                out.append((k, form))
    return tuple(out)


def _line(r: _Reader, content: str, line: int, trailing: str) -> Read:
    """The terminal, the event (or seat) and the layout note (none) of one line."""
    if content.startswith("*** "):
        return _marker(r, content, line, trailing)
    if r.street is Street.SUMMARY:
        return _summary(r, content, line, trailing)
    if content.startswith("Seat ") and r.street is Street.PREDEAL:
        m = _SEAT.fullmatch(content)
        if m is None:
            raise LineError("unreadable seat line", 1, "Seat N: <name> (<stack>)")
        r.names.append(m.group(2))
        r.names.sort(key=len, reverse=True)
        seat = Seat(int(m.group(1)), m.group(2), amount(m.group(3)), line=line, trailing=trailing)
        return "SEAT", seat, ""
    if content.startswith("Dealt to "):
        return _dealt(r, content, line, trailing)
    run: int | None = None
    rm = _RUN.match(content)
    if rm is not None:
        run = int(rm.group(1))
        content = content[rm.end() :]
    posted = r.player(content, ": ")
    if posted is not None and run is None:
        name, rest = posted
        m = _POST.fullmatch(rest)
        if m is None:
            raise LineError("cannot read the post", len(name) + 3, "'posts ante|the small blind X'")
        kind = _POST_KIND[m.group(1)]
        value = amount(m.group(2))
        live = value
        if kind is PostKind.SMALL_AND_BIG_BLIND:
            value = value + value / 2  # the silent dead half (FORMATS-SITES §3.3)
        elif kind is PostKind.ANTE:
            live = Decimal(0)
        r.street = Street.PREDRAW  # the posts open the first betting round
        if live:
            r.live[name] = r.live.get(name, Decimal(0)) + live
        return "POST", Post(name, kind, value, bool(m.group(3)), line=line, trailing=trailing), ""
    found = r.player(content, " ")
    if found is None:
        raise LineError("the line names no seated player", 1, "a line of a seated player")
    name, rest = found
    col = len(name) + 2 + (rm.end() if rm is not None else 0)
    verb = rest.partition(" ")[0]
    if verb == "shows":
        m = _SHOWS.fullmatch(rest)
        if m is None:
            raise LineError("cannot read the show", col + 6, "'shows [..]'")
        cards = read_cards(m.group(1), col + 7)
        return "SHOWS", Shows(name, cards, None, run, line=line, trailing=trailing), ""
    if run is not None:
        raise LineError("only a show may follow 'Run N: '", col, "'shows [..]'")
    street = r.street if r.street is not Street.PREDEAL else Street.PREDRAW
    if rest == "folds":
        return "ACTION", Action(street, name, ActionKind.FOLD, line=line, trailing=trailing), ""
    if rest == "checks":
        return "ACTION", Action(street, name, ActionKind.CHECK, line=line, trailing=trailing), ""
    if verb in ("bets", "calls", "raises"):
        m = _BET.fullmatch(rest)
        if m is None:
            raise LineError(f"cannot read the {verb} line", col + len(verb) + 1, "an amount")
        return "ACTION", _bet(r, street, name, m, line, trailing), ""
    if verb == "stands" and rest == "stands pat":
        return "DRAW", Draw(r.street, name, 0, None, True, line=line, trailing=trailing), ""
    if verb == "draws":
        m = _DRAWS_N.fullmatch(rest)
        if m is None:
            raise LineError("cannot read the draw", col + 6, "'draws N'")
        return "DRAW", Draw(r.street, name, int(m.group(1)), line=line, trailing=trailing), ""
    if verb == "discards":
        m = _DISCARDS.fullmatch(rest)
        if m is None:
            raise LineError("cannot read the discard", col + 9, "'discards [..] draws [..]'")
        discarded = read_cards(m.group(1), col + 10)
        drawn = [read_cards(m.group(2), col + m.start(2))]
        if m.group(3) is not None:
            drawn.append(read_cards(m.group(3), col + m.start(3)))
        return (
            "DRAW",
            Draw(
                r.street,
                name,
                len(discarded),
                discarded,
                False,
                None,
                tuple(drawn),
                line=line,
                trailing=trailing,
            ),
            "",
        )
    raise LineError(f"unrecognised line of {name}", col, "a Kings Club hand line")


def _bet(
    r: _Reader, street: Street, name: str, m: re.Match[str], line: int, trailing: str
) -> Action:
    if street is not r.street:
        r.enter(street)
    verb = m.group(1)
    value = amount(m.group(2))
    all_in = bool(m.group(3))
    before = r.live.get(name, Decimal(0))
    if verb == "calls":
        # A call to X: the increment is X less what the player has in the round already.
        r.live[name] = value
        return Action(
            street,
            name,
            ActionKind.CALL,
            value - before,
            value,
            all_in,
            line=line,
            trailing=trailing,
        )
    if verb == "bets":
        r.live[name] = before + value
        return Action(
            street, name, ActionKind.BET, value, value, all_in, line=line, trailing=trailing
        )
    r.live[name] = value
    return Action(street, name, ActionKind.RAISE, None, value, all_in, line=line, trailing=trailing)


def _marker(r: _Reader, content: str, line: int, trailing: str) -> Read:
    if content == FIRST_ROUND:
        return "ROUND_1", None, ""
    if content in BET_MARKERS:
        return "BET_MARK", None, ""
    section = MARKER_SECTION.get(content)
    if section is None:
        raise LineError("unrecognised marker line", 1, "a Kings Club marker line")
    if section is Section.SUMMARY:
        r.street = Street.SUMMARY
        return "SUMMARY", SectionMarker(section, line=line, trailing=trailing), ""
    if r.single_draw and section is not Section.FIRST_DRAW:
        raise LineError(f"{content} in a Single Draw hand", 1, "'*** 1ST DRAW ***'")
    r.enter(section.street)
    token = {
        Section.FIRST_DRAW: "FIRST_DRAW",
        Section.SECOND_DRAW: "SECOND_DRAW",
        Section.THIRD_DRAW: "THIRD_DRAW",
    }[section]
    return token, SectionMarker(section, line=line, trailing=trailing), ""


def _dealt(r: _Reader, content: str, line: int, trailing: str) -> Read:
    street = r.street if r.street is not Street.PREDEAL else Street.PREDRAW
    event = dealt_event(content[9:], r.names, _DEALT, street, 12, _DEALT_FORM, line, trailing)
    if r.hero is None and type(event) is DealtTo:
        r.hero = event.player
    return "DEALT", event, ""


def _summary(r: _Reader, content: str, line: int, trailing: str) -> Read:
    if content.startswith("Seat "):
        seat_text, _, body = content[5:].partition(": ")
        ledger = anchored(body, r.names, _LEDGER) if seat_text.isdigit() else None
        if ledger is not None:
            name, fields = ledger
            net = amount(fields.group(3))
            if fields.group(2) == "-":
                net = -net
            elif fields.group(2) == "" and net:
                raise LineError("a net result without its sign", 1, "+x or -x")
            stack = amount(fields.group(1))
            return (
                "LEDGER",
                SeatResult(int(seat_text), name, stack, net, line=line, trailing=trailing),
                "",
            )
        raise LineError("cannot read the ledger line", 1, "Seat N: <name> (<stack>) +/-net")
    if content.startswith("Rake "):
        m = _RAKE.fullmatch(content)
        if m is None:
            raise LineError("cannot read the rake", 6, "'Rake X'")
        rake = amount(m.group(1))
        return "RAKE", SummaryPot(rake, rake, line=line, trailing=trailing), ""
    found = r.player(content, " ")
    if found is not None:
        name, rest = found
        m = _WINS.fullmatch(rest)
        if m is not None:
            if m.group(1) is not None:
                form, value, pot = "pot", amount(m.group(1)), "pot"
            else:
                form, value, pot = "from", amount(m.group(2)), m.group(3)
                if pot != "pot":
                    pot = "side pot-" + pot.rpartition(" ")[2]
            r.forms[line] = form
            return "COLLECTED", Collected(name, value, pot, line=line, trailing=trailing), ""
    raise LineError("unrecognised summary line", 1, "a ledger, 'Rake' or 'wins' line")
