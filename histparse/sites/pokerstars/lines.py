"""Classify the lines of one PokerStars hand and read their fields into events.

This is the lexer of the grammar in ``grammar.lark``: each line gives its grammar terminal
(the kind of line) and the event built from its fields. Player names are anchored on the
seated roster, longest name first, so names with spaces, digits, punctuation or non-ASCII
letters, and names that are prefixes of other names, are read correctly, and a chat line
(``<name> said, "... : bets $1"``) is never taken for the action quoted in it. Players who are
not seated (joining, leaving, sitting out) are read from the fixed end of their status line.

Every regular expression here is anchored and free of nested quantifiers, so reading a line
takes time linear in its length whatever the input.
"""

from __future__ import annotations

import re
from decimal import Decimal
from itertools import product
from typing import Final

from histparse._records import builder
from histparse.cards import Card
from histparse.events import (
    Action,
    CapReached,
    Chat,
    Collected,
    DealtTo,
    DoesntShow,
    Draw,
    Event,
    HandCancelled,
    Mucks,
    PlayerStatus,
    Position,
    Post,
    Reshuffle,
    Seat,
    SeatOutcome,
    Section,
    SectionMarker,
    Shows,
    StatusKind,
    SummaryPot,
    SummarySeat,
    TournamentFinish,
    TournamentWin,
    UncalledBet,
)
from histparse.game import ActionKind, Game, Street
from histparse.sites.lines import (
    MARKER_TERMINALS,
    dealt_cards,
    position_tags,
    read_cards,
    read_named,
)
from histparse.sites.pokerstars.common import DIGITS, MONEY, LineError, money
from histparse.sites.pokerstars.header import Header, parse_seat
from histparse.sites.pokerstars.verbs import (
    KNOWN,
    VERB_EXPECTED,
    VERBS,
    Parsed,
    parse_verb,
    symbol_error,
)
from histparse.sites.pokerstars.wording import (
    MARKER_SECTION,
    OUTCOMES,
    POSITIONS,
    STATUSES,
    ordinal_suffix,
)

Cards = tuple[Card, ...]

# Every event is made through these (see ``build``); the field lists are checked at import.
_L: Final = ("line", "trailing")
_new_action: Final = builder(
    Action, *_L, "street", "player", "kind", "amount", "to_amount", "all_in"
)
_new_post: Final = builder(Post, *_L, "player", "kind", "amount", "all_in")
_new_draw: Final = builder(
    Draw, *_L, "street", "player", "count", "discarded", "pat", "pat_cards", "drawn"
)
_new_marker: Final = builder(SectionMarker, *_L, "section")
_new_cap: Final = builder(CapReached, *_L)
_new_reshuffle: Final = builder(Reshuffle, *_L)
_new_cancelled: Final = builder(HandCancelled, *_L)
_new_dealt: Final = builder(DealtTo, *_L, "street", "player", "kept", "new")
_new_uncalled: Final = builder(UncalledBet, *_L, "player", "amount")
_new_collected: Final = builder(Collected, *_L, "player", "amount", "pot")
_new_shows: Final = builder(Shows, *_L, "player", "cards", "description", "run")
_new_mucks: Final = builder(Mucks, *_L, "player")
_new_doesnt: Final = builder(DoesntShow, *_L, "player")
_new_chat: Final = builder(Chat, *_L, "player", "text")
_new_status: Final = builder(PlayerStatus, *_L, "player", "kind", "seat", "colon")
_new_finish: Final = builder(TournamentFinish, *_L, "player", "place", "prize", "currency_symbol")
_new_win: Final = builder(TournamentWin, *_L, "player", "prize", "currency_symbol")
_new_pot: Final = builder(SummaryPot, *_L, "total", "rake", "main", "sides", "sides_numbered")
_new_summary_seat: Final = builder(
    SummarySeat,
    *_L,
    *("seat", "player", "positions", "outcome", "didnt_bet", "amount", "cards", "description"),
)


# ------------------------------------------------------------------------------ fixed lines

_MARKERS: Final = MARKER_SECTION
_CAP: Final = "Betting is capped"
_RESHUFFLE: Final = "The deck is reshuffled"
_CANCELLED: Final = "Hand cancelled"

# A fixed line: its terminal, its section (markers) and the street it starts (None when the
# street does not change: the show down and the summary keep the last betting street).
_Fixed = tuple[str, Section | None, Street | None]
_FIXED: Final[dict[str, _Fixed]] = {
    **{
        text: (
            MARKER_TERMINALS[s],
            s,
            None if s.street in (Street.SHOWDOWN, Street.SUMMARY) else s.street,
        )
        for text, s in _MARKERS.items()
    },
    _CAP: ("CAP", None, None),
    _RESHUFFLE: ("RESHUFFLE", None, None),
    _CANCELLED: ("CANCELLED", None, None),
}


_FOLD: Final = ActionKind.FOLD
_CHECK: Final = ActionKind.CHECK
_BET_KIND: Final = ActionKind.BET
_CALL: Final = ActionKind.CALL
_RAISE_KIND: Final = ActionKind.RAISE
_PREDRAW: Final = Street.PREDRAW
_DRAW1: Final = Street.DRAW1


# Status lines as the text after the name. PokerStars puts a colon after the name for
# "sits out" and, in 2008, for "is sitting out"; only those two take it, since every colon
# form accepted makes "<a>: <status>" ambiguous with a player called "<a>:".
_COLON_STATUS: Final = (StatusKind.SITS_OUT, StatusKind.IS_SITTING_OUT)
_STATUS: Final[dict[str, tuple[StatusKind, bool]]] = {}
for _kind, _text in STATUSES.items():
    if _kind is not StatusKind.JOINS:
        _STATUS[" " + _text] = (_kind, False)
        if _kind in _COLON_STATUS:
            _STATUS[": " + _text] = (_kind, True)
# Longest first, so that "X: is sitting out" is read as the colon form for unseated names.
_STATUS_SUFFIXES: Final = sorted(_STATUS, key=len, reverse=True)
_JOINS: Final = re.compile(r" joins the table at seat #(\d{1,3})")
_JOINS_ANY: Final = re.compile(r"(.+) joins the table at seat #(\d{1,3})")
_CHAT_ANY: Final = re.compile(r'(.+?) said, "(.*)"')

_DEALT: Final = re.compile(r" \[([^\[\]]*)\](?: \[([^\[\]]*)\])?")
_COLLECTED: Final = re.compile(
    r" collected " + MONEY + r" from (pot|main pot|side pot(?:-\d{1,3})?)"
)
_UNCALLED: Final = re.compile(r"Uncalled bet \(" + MONEY + r"\) returned to (.+)")
_FINISH: Final = re.compile(
    r" finished the tournament in (\d{1,7})(st|nd|rd|th) place"
    r"(?: and received ([$€£]?)(" + DIGITS + r")\.)?"
)
_WIN: Final = re.compile(
    r" wins the tournament and receives ([$€£]?)(" + DIGITS + r") - congratulations!"
)
_TOTAL: Final = re.compile(
    r"Total pot "
    + MONEY
    + r"(?: Main pot "
    + MONEY
    + r"\.((?: Side pot(?:-\d{1,3})? [$€£]?"
    + DIGITS
    + r"\.)+))?"
    r" \| Rake " + MONEY
)
_SIDE: Final = re.compile(r" Side pot(-\d{1,3})? ([$€£]?)(" + DIGITS + r")\.")
_SUMMARY_SEAT: Final = re.compile(r"Seat (\d{1,3}): ")
_WON: Final = re.compile(r" showed \[([^\[\]]*)\] and won \(" + MONEY + r"\)(?: with (.*))?")
_LOST: Final = re.compile(r" showed \[([^\[\]]*)\] and lost(?: with (.*))?")
_MUCKED: Final = re.compile(r" mucked \[([^\[\]]*)\]")
_SEAT_COLLECTED: Final = re.compile(r" collected \(" + MONEY + r"\)")
_POSITIONS: Final = {f" ({text})": p for p, text in POSITIONS.items()}
_FOLDS: Final[dict[str, tuple[SeatOutcome, bool]]] = {}
for _outcome, _text in OUTCOMES.items():
    if _outcome.folded:
        _FOLDS[" " + _text] = (_outcome, False)
        _FOLDS[" " + _text + " (didn't bet)"] = (_outcome, True)
# Every summary fold after the name, position tags included (up to three, as read by
# ``_seat_outcome``), with what it says: most summary lines are one of these.
_TAGGED_FOLDS: Final[dict[str, tuple[tuple[Position, ...], SeatOutcome, bool]]] = {}
for _tags in (t for n in range(4) for t in product(POSITIONS, repeat=n)):
    for _text, (_outcome, _didnt_bet) in _FOLDS.items():
        _key = "".join(f" ({POSITIONS[p]})" for p in _tags) + _text
        _TAGGED_FOLDS[_key] = (_tags, _outcome, _didnt_bet)


# ------------------------------------------------------------------------------ the reader

_Line = tuple[str, Event]


class LineReader:
    """Reads the lines of one hand after its header and table line: each line gives its
    grammar terminal and what it says (a ``Seat`` for a seat line, else an ``Event``)."""

    def __init__(self, header: Header) -> None:
        self.header = header
        self.symbol = header.money_symbol
        self.single_draw = header.game is Game.SINGLE_DRAW_27
        self.names: list[str] = []
        # Names for which "<name>: " at the start of a line can only mean this player.
        self.plain_names: frozenset[str] = frozenset()
        self.by_seat: dict[int, str] = {}
        self.street = Street.PREDEAL
        self.hero: str | None = None
        self.seats: list[Seat] = []
        self.summary_seats: list[int] = []  # seat numbers of the summary lines, in order

    # ------------------------------------------------------------------------ entry point

    def read_lines(
        self,
        contents: list[str],
        trailings: list[str],
        first_line: int,
        kinds: list[str],
        events: list[Event | Seat],
    ) -> None:
        """Read the lines ``contents[2:]`` of a hand (``contents[i]`` without its trailing
        whitespace ``trailings[i]``, on line ``first_line + i``), appending to ``kinds`` the
        grammar terminal and to ``events`` the event of each line.

        Raises ``LineError`` for a line that is not a line of a PokerStars draw hand; that line
        is ``contents[len(kinds)]``."""
        add_kind = kinds.append
        add_event = events.append
        n = len(contents)
        start = 2
        # The seat lines come first (the grammar checks that nothing else does).
        while start < n:
            content = contents[start]
            if not content.startswith("Seat "):
                break
            seat = self._seat(content, first_line + start, trailings[start])
            if seat is None:
                break
            add_kind("SEAT")
            add_event(seat)
            start += 1
        self._end_seating()

        plain = self.plain_names
        symbol = self.symbol
        known = KNOWN
        fixed = _FIXED
        for i in range(start, n):
            content = contents[i]
            # Most lines are "<seated name>: <verb> ...", and most of those betting actions.
            name, sep, rest = content.partition(": ")
            if sep and name in plain:
                parsed = known.get(rest) or parse_verb(rest, len(name) + 3)
                if parsed is not None:
                    if parsed[1] is not None and parsed[1] != symbol:
                        symbol_error(rest, len(name) + 3, symbol)
                    if parsed[0] == "ACTION":
                        _, _, kind, amount, to_amount, all_in = parsed
                        add_kind("ACTION")
                        add_event(
                            _new_action(
                                first_line + i,
                                trailings[i],
                                self.street,
                                name,
                                kind,
                                amount,
                                to_amount,
                                all_in,
                            )
                        )
                        continue
                    token, event = self._verb(name, parsed, first_line + i, trailings[i])
                else:
                    token, event = self._line(content, first_line + i, trailings[i])
            elif (line_kind := fixed.get(content)) is not None:
                token, event = self._fixed(line_kind, first_line + i, trailings[i])
            else:
                token, event = self._line(content, first_line + i, trailings[i])
            add_kind(token)
            add_event(event)

    def _end_seating(self) -> None:
        # Longest first: "Player1" must not claim the lines of "Player10".
        self.names.sort(key=len, reverse=True)
        names = self.names
        if any(": " in n for n in names):
            self.plain_names = frozenset(
                n for n in names if not any(m != n and m.startswith(n + ": ") for m in names)
            )
        else:
            self.plain_names = frozenset(names)

    # ------------------------------------------------------------------------ line kinds

    def _fixed(self, fixed: _Fixed, line: int, trailing: str) -> _Line:
        token, section, street = fixed
        if section is not None:
            if street is not None:
                self.street = street
            return token, _new_marker(line, trailing, section)
        if token == "CAP":
            return token, _new_cap(line, trailing)
        if token == "RESHUFFLE":
            return token, _new_reshuffle(line, trailing)
        return token, _new_cancelled(line, trailing)

    def _verb(self, name: str, parsed: Parsed, line: int, trailing: str) -> _Line:
        token, _, a, b, c, d = parsed
        if token == "ACTION":
            return token, _new_action(line, trailing, self.street, name, a, b, c, d)
        if token == "POST":
            return token, _new_post(line, trailing, name, a, b, c)
        if token == "DRAW":
            # Single draw prints no marker: the first discard or stand-pat line opens the draw.
            if self.single_draw and self.street is _PREDRAW:
                self.street = _DRAW1
            return token, _new_draw(line, trailing, self.street, name, a, b, c, d, ())
        if token == "SHOWS":
            return token, _new_shows(line, trailing, name, a, b, None)
        if token == "MUCKS":
            return token, _new_mucks(line, trailing, name)
        return token, _new_doesnt(line, trailing, name)

    def _seat(self, content: str, line: int, trailing: str) -> Seat | None:
        seat = parse_seat(content, self.symbol, self.header.buy_in_symbol, line, trailing)
        if seat is None:
            return None
        if seat.seat in self.by_seat:
            raise LineError(
                f"seat {seat.seat} is listed twice", column=6, expected="each seat once"
            )
        if seat.player in self.by_seat.values():
            raise LineError(
                f"player {seat.player!r} is seated twice", column=6, expected="each player once"
            )
        self.by_seat[seat.seat] = seat.player
        self.names.append(seat.player)
        self.seats.append(seat)
        return seat

    def _line(self, content: str, line: int, trailing: str) -> _Line:
        first = content[:1]
        if first == "S" and content.startswith("Seat "):
            tok = self._summary_seat(content, line, trailing)
            if tok is not None:
                return tok
        elif first == "D" and content.startswith("Dealt to "):
            tok = self._dealt(content, line, trailing)
            if tok is not None:
                return tok
        elif first == "U" and content.startswith("Uncalled bet ("):
            m = _UNCALLED.fullmatch(content)
            if m is not None and m.group(3) in self.names:
                amount = money(m.group(1), m.group(2), self.symbol, 15)
                return "UNCALLED", _new_uncalled(line, trailing, m.group(3), amount)
        elif first == "T" and content.startswith("Total pot "):
            tok = self._total(content, line, trailing)
            if tok is not None:
                return tok

        tok = read_named(
            self.names,
            content,
            lambda name: self._player_line(name, content, line, trailing),
            lambda: self._unseated(content, line, trailing),
        )
        if tok is not None:
            return tok
        expected = _expected_for(content)
        message = "unrecognised line" if expected is GENERIC_EXPECTED else "cannot read this line"
        raise LineError(message, expected=expected)

    def _player_line(self, name: str, content: str, line: int, trailing: str) -> _Line | None:
        n = len(name)
        rest = content[n:]
        if rest.startswith(": "):
            verb = rest[2:].partition(" ")[0]
            if verb in VERBS:
                parsed = parse_verb(rest[2:], n + 3)
                if parsed is not None:
                    if parsed[1] is not None and parsed[1] != self.symbol:
                        symbol_error(rest[2:], n + 3, self.symbol)
                    return self._verb(name, parsed, line, trailing)
                raise LineError(
                    f"cannot read the arguments of {verb!r}",
                    column=n + 3 + len(verb) + 1,  # the first argument
                    expected=VERB_EXPECTED[verb],
                )
        elif rest.startswith(' said, "') and rest.endswith('"') and len(rest) >= 9:
            return "CHAT", _new_chat(line, trailing, name, rest[8:-1])
        elif rest.startswith(" collected "):
            m = _COLLECTED.fullmatch(rest)
            if m is None:
                raise LineError(
                    "cannot read a collected line",
                    column=n + 12,
                    expected="'collected $x from pot|main pot|side pot[-N]'",
                )
            amount = money(m.group(1), m.group(2), self.symbol, n + 12)
            return "COLLECTED", _new_collected(line, trailing, name, amount, m.group(3))
        elif rest.startswith(" finished the tournament"):
            return self._finish(name, rest, content, line, trailing)
        elif rest.startswith(" wins the tournament"):
            m = _WIN.fullmatch(rest)
            if m is None:
                raise LineError(
                    "cannot read a tournament win",
                    column=n + 1,
                    expected="'wins the tournament and receives $x - congratulations!'",
                )
            return "WIN", _new_win(line, trailing, name, Decimal(m.group(2)), m.group(1))
        return self._status(name, rest, content, line, trailing)

    def _status(self, name: str, rest: str, content: str, line: int, trailing: str) -> _Line | None:
        status = _STATUS.get(rest)
        if status is not None:
            return "STATUS", _new_status(line, trailing, name, status[0], None, status[1])
        m = _JOINS.fullmatch(rest)
        if m is not None:
            seat = int(m.group(1))
            return "STATUS", _new_status(line, trailing, name, StatusKind.JOINS, seat, False)
        return None

    def _unseated(self, content: str, line: int, trailing: str) -> _Line | None:
        """Status and chat lines of players who are not seated in this hand."""
        for suffix in _STATUS_SUFFIXES:
            if content.endswith(suffix) and len(content) > len(suffix):
                tok = self._status(content[: -len(suffix)], suffix, content, line, trailing)
                if tok is not None:
                    return tok
        m = _JOINS_ANY.fullmatch(content)
        if m is not None:
            tok = self._status(m.group(1), content[m.end(1) :], content, line, trailing)
            if tok is not None:
                return tok
        # Checking the closing quote first keeps the match linear (one attempt only).
        m = _CHAT_ANY.fullmatch(content) if content.endswith('"') else None
        if m is not None:
            return "CHAT", _new_chat(line, trailing, m.group(1), m.group(2))
        return None

    def _dealt(self, content: str, line: int, trailing: str) -> _Line | None:
        dealt = dealt_cards(content[9:], self.names, _DEALT, 12)
        if dealt is None:
            return None
        name, kept, new = dealt
        if self.hero is None:
            self.hero = name
        return "DEALT", _new_dealt(line, trailing, self.street, name, kept, new)

    def _summary_seat(self, content: str, line: int, trailing: str) -> _Line | None:
        m = _SUMMARY_SEAT.match(content)
        if m is None:
            return None
        seat = int(m.group(1))
        pos = m.end()
        body = content[pos:]
        # The seat number names the player; fall back to the roster for a renumbered seat.
        owner = self.by_seat.get(seat)
        if owner is not None and body.startswith(owner):
            fold = _TAGGED_FOLDS.get(body[len(owner) :])
            if fold is not None:
                self.summary_seats.append(seat)
                tags, outcome, didnt_bet = fold
                return "SUMMARY_SEAT", _new_summary_seat(
                    line, trailing, seat, owner, tags, outcome, didnt_bet, None, None, None
                )
            try:
                ev = self._seat_outcome(
                    seat, owner, body[len(owner) :], pos + len(owner), line, trailing
                )
                self.summary_seats.append(seat)
                return "SUMMARY_SEAT", ev
            except LineError:
                pass
        error: LineError | None = None
        for name in self.names:
            if not body.startswith(name):
                continue
            try:
                ev = self._seat_outcome(
                    seat, name, body[len(name) :], pos + len(name), line, trailing
                )
            except LineError as exc:
                error = error or exc
                continue
            self.summary_seats.append(seat)
            return "SUMMARY_SEAT", ev
        if error is not None:
            raise error
        return None

    def _seat_outcome(
        self, seat: int, name: str, rest: str, offset: int, line: int, trailing: str
    ) -> SummarySeat:
        pos_t, rest, offset = position_tags(rest, offset, _POSITIONS)
        fold = _FOLDS.get(rest)
        if fold is not None:
            return _new_summary_seat(
                line, trailing, seat, name, pos_t, fold[0], fold[1], None, None, None
            )
        col = offset + 2
        m = _WON.fullmatch(rest)
        if m is not None:
            return _new_summary_seat(
                line,
                trailing,
                seat,
                name,
                pos_t,
                SeatOutcome.SHOWED_WON,
                False,
                money(m.group(2), m.group(3), self.symbol, col),
                read_cards(m.group(1), col),
                m.group(4),
            )
        m = _LOST.fullmatch(rest)
        if m is not None:
            cards = read_cards(m.group(1), col)
            outcome = SeatOutcome.SHOWED_LOST
            return _new_summary_seat(
                line, trailing, seat, name, pos_t, outcome, False, None, cards, m.group(2)
            )
        m = _MUCKED.fullmatch(rest)
        if m is not None:
            cards = read_cards(m.group(1), col)
            return _new_summary_seat(
                line, trailing, seat, name, pos_t, SeatOutcome.MUCKED, False, None, cards, None
            )
        m = _SEAT_COLLECTED.fullmatch(rest)
        if m is not None:
            amount = money(m.group(1), m.group(2), self.symbol, col)
            outcome = SeatOutcome.COLLECTED
            return _new_summary_seat(
                line, trailing, seat, name, pos_t, outcome, False, amount, None, None
            )
        raise LineError(
            "cannot read the summary seat line",
            column=col,
            expected="'folded ...', 'showed [..] and won|lost ...', 'mucked [..]' or "
            "'collected (..)'",
        )

    def _total(self, content: str, line: int, trailing: str) -> _Line | None:
        m = _TOTAL.fullmatch(content)
        if m is None:
            return None
        sym = self.symbol
        main = None if m.group(3) is None else money(m.group(3), m.group(4), sym, m.start(3) + 1)
        sides: list[Decimal] = []
        numbered = False
        if m.group(5):
            for i, sm in enumerate(_SIDE.finditer(m.group(5)), start=1):
                label = sm.group(1)
                if label is not None:
                    numbered = True
                    if label != f"-{i}":
                        raise LineError(
                            f"side pot {label[1:]} out of order",
                            column=m.start(5) + sm.start() + 2,  # its "Side", past the space
                            expected=f"Side pot-{i}",
                        )
                elif i > 1 or numbered:
                    raise LineError(
                        "unnumbered side pot among several", column=m.start(5) + sm.start() + 2
                    )
                sides.append(money(sm.group(2), sm.group(3), sym, m.start(5) + sm.start(2) + 1))
            if numbered and not all(sm.group(1) for sm in _SIDE.finditer(m.group(5))):
                raise LineError("mixed numbered and unnumbered side pots", column=m.start(5) + 2)
        ev = _new_pot(
            line,
            trailing,
            money(m.group(1), m.group(2), sym, 11),
            money(m.group(6), m.group(7), sym, m.start(6) + 1),
            main,
            tuple(sides),
            numbered,
        )
        return "TOTAL_POT", ev

    def _finish(self, name: str, rest: str, content: str, line: int, trailing: str) -> _Line:
        m = _FINISH.fullmatch(rest)
        if m is None or m.group(2) != ordinal_suffix(int(m.group(1))):
            raise LineError(
                "cannot read a tournament finish",
                column=len(name) + 1,
                expected="'finished the tournament in Nth place [and received $x.]'",
            )
        prize = None if m.group(4) is None else Decimal(m.group(4))
        place = int(m.group(1))
        return "FINISH", _new_finish(line, trailing, name, place, prize, m.group(3) or "")


_PREFIX_EXPECTED: Final = (
    ("Total pot ", "'Total pot $x [Main pot $x. Side pot[-N] $x. ...] | Rake $x'"),
    ("Dealt to ", "'Dealt to <seated player> [cards]' or 'Dealt to <seated player> [kept] [new]'"),
    ("Uncalled bet ", "'Uncalled bet ($x) returned to <seated player>'"),
    ("Seat ", "'Seat N: <seated player> [(position)] folded|showed|mucked|collected ...'"),
)
GENERIC_EXPECTED: Final = "a PokerStars hand line"


def _expected_for(content: str) -> str:
    for prefix, expected in _PREFIX_EXPECTED:
        if content.startswith(prefix):
            return expected
    return GENERIC_EXPECTED
