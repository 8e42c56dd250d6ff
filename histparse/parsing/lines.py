"""Classify the lines of one PokerStars hand and read their fields into events.

This is the lexer of the grammar in ``pokerstars.lark``: each line gives its grammar terminal
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
from collections.abc import Callable
from decimal import Decimal
from typing import Final

from histparse.cards import DECK, Card
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
from histparse.game import ActionKind, Game, PostKind, Street
from histparse.parsing.common import MONEY, LineError, money, ordinal_suffix
from histparse.parsing.header import Header, parse_seat

Cards = tuple[Card, ...]


# ------------------------------------------------------------------------------ fixed lines

_MARKERS: Final = {f"*** {s.value} ***": s for s in Section}
_MARKER_TOKEN: Final = {
    Section.DEALING_HANDS: "DEALING",
    Section.FIRST_DRAW: "FIRST_DRAW",
    Section.SECOND_DRAW: "SECOND_DRAW",
    Section.THIRD_DRAW: "THIRD_DRAW",
    Section.SHOW_DOWN: "SHOW_DOWN",
    Section.SUMMARY: "SUMMARY",
}
_CAP: Final = "Betting is capped"
_RESHUFFLE: Final = "The deck is reshuffled"
_CANCELLED: Final = "Hand cancelled"

_CARD: Final = {str(c): c for c in DECK}

_FOLD: Final = ActionKind.FOLD
_CHECK: Final = ActionKind.CHECK
_BET_KIND: Final = ActionKind.BET
_CALL: Final = ActionKind.CALL
_RAISE_KIND: Final = ActionKind.RAISE

# Amounts repeat a lot (the same blinds and bets in every hand); Decimals are immutable, so
# they can be shared. Bounded, so hostile input cannot grow it without limit.
_DECIMALS: dict[str, Decimal] = {}


def _decimal(digits: str) -> Decimal:
    value = _DECIMALS.get(digits)
    if value is None:
        value = Decimal(digits)
        if len(_DECIMALS) < 4096:
            _DECIMALS[digits] = value
    return value


# Status lines as the text after the name. PokerStars puts a colon after the name for
# "sits out" and, in 2008, for "is sitting out"; only those two take it, since every colon
# form accepted makes "<a>: <status>" ambiguous with a player called "<a>:".
_COLON_STATUS: Final = (StatusKind.SITS_OUT, StatusKind.IS_SITTING_OUT)
_STATUS: Final[dict[str, tuple[StatusKind, bool]]] = {}
for _kind in StatusKind:
    if _kind is not StatusKind.JOINS:
        _STATUS[" " + _kind.value] = (_kind, False)
        if _kind in _COLON_STATUS:
            _STATUS[": " + _kind.value] = (_kind, True)
# Longest first, so that "X: is sitting out" is read as the colon form for unseated names.
_STATUS_SUFFIXES: Final = sorted(_STATUS, key=len, reverse=True)
_JOINS: Final = re.compile(r" joins the table at seat #(\d{1,3})")
_JOINS_ANY: Final = re.compile(r"(.+) joins the table at seat #(\d{1,3})")
_CHAT_ANY: Final = re.compile(r'(.+?) said, "(.*)"')

_ALL_IN: Final = " and is all-in"
_BET: Final = re.compile(MONEY + r"((?: and is all-in)?)")
_RAISE: Final = re.compile(MONEY + " to " + MONEY + r"((?: and is all-in)?)")
_POST: Final = re.compile(
    r"(small blind|big blind|the ante|small & big blinds) " + MONEY + r"((?: and is all-in)?)"
)
_POST_KIND: Final = {
    "small blind": PostKind.SMALL_BLIND,
    "big blind": PostKind.BIG_BLIND,
    "the ante": PostKind.ANTE,
    "small & big blinds": PostKind.SMALL_AND_BIG_BLIND,
}
# "1 card" / "2 cards": the wording is part of the format, so a mismatch is an error rather
# than something the writer could not reproduce.
_DISCARD: Final = re.compile(r"(?:(1) card|(0|[2-9]|[1-9]\d{1,2}) cards)(?: \[([^\[\]]*)\])?")
_PAT: Final = re.compile(r"pat(?: on \[([^\[\]]*)\])?")
_SHOWS: Final = re.compile(r"\[([^\[\]]*)\](?: \((.*)\))?")
_DEALT: Final = re.compile(r" \[([^\[\]]*)\](?: \[([^\[\]]*)\])?")
_COLLECTED: Final = re.compile(
    r" collected " + MONEY + r" from (pot|main pot|side pot(?:-\d{1,3})?)"
)
_UNCALLED: Final = re.compile(r"Uncalled bet \(" + MONEY + r"\) returned to (.+)")
_FINISH: Final = re.compile(
    r" finished the tournament in (\d{1,7})(st|nd|rd|th) place"
    r"(?: and received ([$€£]?)((?:0|[1-9]\d*)(?:\.\d+)?)\.)?"
)
_WIN: Final = re.compile(
    r" wins the tournament and receives ([$€£]?)((?:0|[1-9]\d*)(?:\.\d+)?) - congratulations!"
)
_TOTAL: Final = re.compile(
    r"Total pot "
    + MONEY
    + r"(?: Main pot "
    + MONEY
    + r"\.((?: Side pot(?:-\d{1,3})? [$€£]?(?:0|[1-9]\d*)(?:\.\d+)?\.)+))?"
    r" \| Rake " + MONEY
)
_SIDE: Final = re.compile(r" Side pot(-\d{1,3})? ([$€£]?)((?:0|[1-9]\d*)(?:\.\d+)?)\.")
_SUMMARY_SEAT: Final = re.compile(r"Seat (\d{1,3}): ")
_WON: Final = re.compile(r" showed \[([^\[\]]*)\] and won \(" + MONEY + r"\)(?: with (.*))?")
_LOST: Final = re.compile(r" showed \[([^\[\]]*)\] and lost(?: with (.*))?")
_MUCKED: Final = re.compile(r" mucked \[([^\[\]]*)\]")
_SEAT_COLLECTED: Final = re.compile(r" collected \(" + MONEY + r"\)")
_POSITIONS: Final = {f" ({p.value})": p for p in Position}
_FOLDS: Final[dict[str, tuple[SeatOutcome, bool]]] = {}
for _outcome in SeatOutcome:
    if _outcome.folded:
        _FOLDS[" " + _outcome.value] = (_outcome, False)
        _FOLDS[" " + _outcome.value + " (didn't bet)"] = (_outcome, True)


def read_cards(text: str, column: int) -> Cards:
    """Cards written as ``7h 5s 4d`` (exactly one space between cards, canonical case)."""
    if not text:
        return ()
    try:
        return tuple(map(_CARD.__getitem__, text.split(" ")))
    except KeyError as exc:
        raise LineError(
            f"not a card: {exc.args[0]!r}", column=column, expected="cards such as [7h 5s 4d]"
        ) from None


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
        self.seating = True  # still reading the seat lines
        self.street = Street.PREDEAL
        self.hero: str | None = None
        self.seats: list[Seat] = []
        self.summary_seats: list[int] = []  # seat numbers of the summary lines, in order

    # ------------------------------------------------------------------------ entry point

    def read(self, content: str, line: int, trailing: str) -> tuple[str, Event | Seat]:
        """Read one line (``content`` without trailing whitespace) into its grammar terminal
        and its event; raise ``LineError`` if it is not a line of a PokerStars draw hand."""
        fixed = _FIXED.get(content)
        if fixed is not None:
            return self._fixed(fixed, line, trailing)
        if self.seating:
            if content.startswith("Seat ") and (seat := self._seat(content, line, trailing)):
                return "SEAT", seat
            self._end_seating()
        # Fast path for the most common lines, "<seated name>: <verb> ...".
        name, sep, rest = content.partition(": ")
        read = None
        if sep and name in self.plain_names:
            verb, _, args = rest.partition(" ")
            handler = _VERBS.get(verb)
            if handler is not None:
                read = handler(self, name, args, len(name) + len(verb) + 4, line, trailing)
        return read or self._line(content, line, trailing)

    def _end_seating(self) -> None:
        self.seating = False
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

    def _fixed(self, kind: str | Section, line: int, trailing: str) -> _Line:
        if self.seating:
            self._end_seating()
        if isinstance(kind, Section):
            street = kind.street
            if street is not Street.SHOWDOWN and street is not Street.SUMMARY:
                self.street = street
            return _MARKER_TOKEN[kind], SectionMarker(kind, line=line, trailing=trailing)
        if kind == "CAP":
            ev: Event = CapReached(line=line, trailing=trailing)
        elif kind == "RESHUFFLE":
            ev = Reshuffle(line=line, trailing=trailing)
        else:
            ev = HandCancelled(line=line, trailing=trailing)
        return kind, ev

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
        if first == "D" and content.startswith("Dealt to "):
            tok = self._dealt(content, line, trailing)
            if tok is not None:
                return tok
        elif first == "S" and content.startswith("Seat "):
            tok = self._summary_seat(content, line, trailing)
            if tok is not None:
                return tok
        elif first == "U" and content.startswith("Uncalled bet ("):
            m = _UNCALLED.fullmatch(content)
            if m is not None and m.group(3) in self.names:
                ev: Event = UncalledBet(
                    m.group(3),
                    money(m.group(1), m.group(2), self.symbol, 15),
                    line=line,
                    trailing=trailing,
                )
                return ("UNCALLED", ev)
        elif first == "T" and content.startswith("Total pot "):
            tok = self._total(content, line, trailing)
            if tok is not None:
                return tok

        error: LineError | None = None
        for name in self.names:
            if content.startswith(name):
                try:
                    tok = self._player_line(name, content, line, trailing)
                except LineError as exc:
                    # A shorter name may still read the line; keep the first (longest) error.
                    error = error or exc
                    continue
                if tok is not None:
                    return tok
        tok = self._unseated(content, line, trailing)
        if tok is not None:
            return tok
        if error is not None:
            raise error  # a seated name began the line: its error says more
        expected = _expected_for(content)
        message = "unrecognised line" if expected is GENERIC_EXPECTED else "cannot read this line"
        raise LineError(message, expected=expected)

    def _player_line(self, name: str, content: str, line: int, trailing: str) -> _Line | None:
        n = len(name)
        rest = content[n:]
        if rest.startswith(": "):
            verb, _, args = rest[2:].partition(" ")
            handler = _VERBS.get(verb)
            if handler is not None:
                col = n + 3 + len(verb) + 1  # column of the first argument
                result = handler(self, name, args, col, line, trailing)
                if result is not None:
                    return result
                raise LineError(
                    f"cannot read the arguments of {verb!r}",
                    column=col,
                    expected=_VERB_EXPECTED[verb],
                )
        elif rest.startswith(' said, "') and rest.endswith('"') and len(rest) >= 9:
            ev: Event = Chat(name, rest[8:-1], line=line, trailing=trailing)
            return ("CHAT", ev)
        elif rest.startswith(" collected "):
            m = _COLLECTED.fullmatch(rest)
            if m is None:
                raise LineError(
                    "cannot read a collected line",
                    column=n + 12,
                    expected="'collected $x from pot|main pot|side pot[-N]'",
                )
            ev = Collected(
                name,
                money(m.group(1), m.group(2), self.symbol, n + 12),
                m.group(3),
                line=line,
                trailing=trailing,
            )
            return ("COLLECTED", ev)
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
            ev = TournamentWin(name, Decimal(m.group(2)), m.group(1), line=line, trailing=trailing)
            return ("WIN", ev)
        return self._status(name, rest, content, line, trailing)

    def _status(self, name: str, rest: str, content: str, line: int, trailing: str) -> _Line | None:
        status = _STATUS.get(rest)
        if status is not None:
            ev: Event = PlayerStatus(name, status[0], None, status[1], line=line, trailing=trailing)
            return ("STATUS", ev)
        m = _JOINS.fullmatch(rest)
        if m is not None:
            ev = PlayerStatus(
                name, StatusKind.JOINS, int(m.group(1)), False, line=line, trailing=trailing
            )
            return ("STATUS", ev)
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
            ev = Chat(m.group(1), m.group(2), line=line, trailing=trailing)
            return ("CHAT", ev)
        return None

    def _dealt(self, content: str, line: int, trailing: str) -> _Line | None:
        body = content[9:]
        for name in self.names:
            if body.startswith(name):
                m = _DEALT.fullmatch(body, len(name))
                if m is None:
                    continue
                col = 10 + len(name) + 2
                kept = read_cards(m.group(1), col)
                new = None if m.group(2) is None else read_cards(m.group(2), m.start(2) + 10)
                if self.hero is None:
                    self.hero = name
                ev = DealtTo(self.street, name, kept, new, line=line, trailing=trailing)
                return ("DEALT", ev)
        return None

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
            return ("SUMMARY_SEAT", ev)
        if error is not None:
            raise error
        return None

    def _seat_outcome(
        self, seat: int, name: str, rest: str, offset: int, line: int, trailing: str
    ) -> SummarySeat:
        positions: list[Position] = []
        at = 0
        # At most three tags are real; the bound keeps a hostile line linear.
        while len(positions) < 3 and rest.startswith(" (", at):
            end = rest.find(")", at, at + 16)
            p = _POSITIONS.get(rest[at : end + 1]) if end > 0 else None
            if p is None:
                break
            positions.append(p)
            at = end + 1
        if at:
            offset += at
            rest = rest[at:]
        pos_t = tuple(positions)
        fold = _FOLDS.get(rest)
        if fold is not None:
            return SummarySeat(seat, name, pos_t, fold[0], fold[1], line=line, trailing=trailing)
        col = offset + 2
        m = _WON.fullmatch(rest)
        if m is not None:
            return SummarySeat(
                seat,
                name,
                pos_t,
                SeatOutcome.SHOWED_WON,
                False,
                money(m.group(2), m.group(3), self.symbol, col),
                read_cards(m.group(1), col),
                m.group(4),
                line=line,
                trailing=trailing,
            )
        m = _LOST.fullmatch(rest)
        if m is not None:
            return SummarySeat(
                seat,
                name,
                pos_t,
                SeatOutcome.SHOWED_LOST,
                False,
                None,
                read_cards(m.group(1), col),
                m.group(2),
                line=line,
                trailing=trailing,
            )
        m = _MUCKED.fullmatch(rest)
        if m is not None:
            return SummarySeat(
                seat,
                name,
                pos_t,
                SeatOutcome.MUCKED,
                False,
                None,
                read_cards(m.group(1), col),
                line=line,
                trailing=trailing,
            )
        m = _SEAT_COLLECTED.fullmatch(rest)
        if m is not None:
            return SummarySeat(
                seat,
                name,
                pos_t,
                SeatOutcome.COLLECTED,
                False,
                money(m.group(1), m.group(2), self.symbol, col),
                line=line,
                trailing=trailing,
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
                            column=m.start(5) + sm.start() + 1,
                            expected=f"Side pot-{i}",
                        )
                elif i > 1 or numbered:
                    raise LineError("unnumbered side pot among several", column=m.start(5) + 1)
                sides.append(money(sm.group(2), sm.group(3), sym, m.start(5) + sm.start(2) + 1))
            if numbered and not all(sm.group(1) for sm in _SIDE.finditer(m.group(5))):
                raise LineError("mixed numbered and unnumbered side pots", column=m.start(5) + 1)
        ev = SummaryPot(
            money(m.group(1), m.group(2), sym, 11),
            money(m.group(6), m.group(7), sym, m.start(6) + 1),
            main,
            tuple(sides),
            numbered,
            line=line,
            trailing=trailing,
        )
        return ("TOTAL_POT", ev)

    def _finish(self, name: str, rest: str, content: str, line: int, trailing: str) -> _Line:
        m = _FINISH.fullmatch(rest)
        if m is None or m.group(2) != ordinal_suffix(int(m.group(1))):
            raise LineError(
                "cannot read a tournament finish",
                column=len(name) + 1,
                expected="'finished the tournament in Nth place [and received $x.]'",
            )
        prize = None if m.group(4) is None else Decimal(m.group(4))
        ev = TournamentFinish(
            name, int(m.group(1)), prize, m.group(3) or "", line=line, trailing=trailing
        )
        return ("FINISH", ev)

    # ------------------------------------------------------------------------ verbs

    # The hot paths (one call per action line) pass every field positionally and check the
    # currency symbol inline: together about a third faster than the straightforward form.

    def _v_folds(self, name: str, args: str, col: int, line: int, tr: str) -> _Read:
        if args:
            return None
        return "ACTION", Action(self.street, name, _FOLD, None, None, False, line=line, trailing=tr)

    def _v_checks(self, name: str, args: str, col: int, line: int, tr: str) -> _Read:
        if args:
            return None
        return "ACTION", Action(
            self.street, name, _CHECK, None, None, False, line=line, trailing=tr
        )

    def _v_bets(self, name: str, args: str, col: int, line: int, tr: str) -> _Read:
        m = _BET.fullmatch(args)
        if m is None:
            return None
        sym, digits, all_in = m.groups()
        if sym != self.symbol:
            money(sym, digits, self.symbol, col)  # raises the error
        amount = _decimal(digits)
        return "ACTION", Action(
            self.street, name, _BET_KIND, amount, amount, bool(all_in), line=line, trailing=tr
        )

    def _v_calls(self, name: str, args: str, col: int, line: int, tr: str) -> _Read:
        m = _BET.fullmatch(args)
        if m is None:
            return None
        sym, digits, all_in = m.groups()
        if sym != self.symbol:
            money(sym, digits, self.symbol, col)  # raises the error
        return "ACTION", Action(
            self.street,
            name,
            _CALL,
            _decimal(digits),
            None,
            bool(all_in),
            line=line,
            trailing=tr,
        )

    def _v_raises(self, name: str, args: str, col: int, line: int, tr: str) -> _Read:
        m = _RAISE.fullmatch(args)
        if m is None:
            return None
        sym1, by, sym2, to, all_in = m.groups()
        if sym1 != self.symbol or sym2 != self.symbol:
            money(sym1, by, self.symbol, col)
            money(sym2, to, self.symbol, col + m.start(3))
        return "ACTION", Action(
            self.street,
            name,
            _RAISE_KIND,
            _decimal(by),
            _decimal(to),
            bool(all_in),
            line=line,
            trailing=tr,
        )

    def _v_posts(self, name: str, args: str, col: int, line: int, tr: str) -> _Read:
        m = _POST.fullmatch(args)
        if m is None:
            return None
        ev = Post(
            name,
            _POST_KIND[m.group(1)],
            money(m.group(2), m.group(3), self.symbol, col + m.start(2)),
            bool(m.group(4)),
            line=line,
            trailing=tr,
        )
        return "POST", ev

    def _v_discards(self, name: str, args: str, col: int, line: int, tr: str) -> _Read:
        m = _DISCARD.fullmatch(args)
        if m is None:
            return None
        self._start_draw()
        count = int(m.group(1) or m.group(2))
        cards = None if m.group(3) is None else read_cards(m.group(3), col + m.start(3))
        return "DRAW", Draw(self.street, name, count, cards, False, None, line=line, trailing=tr)

    def _v_stands(self, name: str, args: str, col: int, line: int, tr: str) -> _Read:
        m = _PAT.fullmatch(args)
        if m is None:
            return None
        self._start_draw()
        cards = None if m.group(1) is None else read_cards(m.group(1), col + m.start(1))
        return "DRAW", Draw(self.street, name, 0, None, True, cards, line=line, trailing=tr)

    def _v_shows(self, name: str, args: str, col: int, line: int, tr: str) -> _Read:
        m = _SHOWS.fullmatch(args)
        if m is None:
            return None
        cards = read_cards(m.group(1), col + 1)
        return "SHOWS", Shows(name, cards, m.group(2), line=line, trailing=tr)

    def _v_mucks(self, name: str, args: str, col: int, line: int, tr: str) -> _Read:
        if args != "hand":
            return None
        return "MUCKS", Mucks(name, line=line, trailing=tr)

    def _v_doesnt(self, name: str, args: str, col: int, line: int, tr: str) -> _Read:
        if args != "show hand":
            return None
        return "DOESNT_SHOW", DoesntShow(name, line=line, trailing=tr)

    def _start_draw(self) -> None:
        # Single draw prints no marker: the first discard or stand-pat line opens the draw.
        if self.single_draw and self.street is Street.PREDRAW:
            self.street = Street.DRAW1


_Line = tuple[str, Event]
_Read = _Line | None
_Verb = Callable[[LineReader, str, str, int, int, str], _Read]

_VERBS: Final[dict[str, _Verb]] = {
    "folds": LineReader._v_folds,
    "checks": LineReader._v_checks,
    "bets": LineReader._v_bets,
    "calls": LineReader._v_calls,
    "raises": LineReader._v_raises,
    "posts": LineReader._v_posts,
    "discards": LineReader._v_discards,
    "stands": LineReader._v_stands,
    "shows": LineReader._v_shows,
    "mucks": LineReader._v_mucks,
    "doesn't": LineReader._v_doesnt,
}
_VERB_EXPECTED: Final = {
    "folds": "nothing after 'folds'",
    "checks": "nothing after 'checks'",
    "bets": "'bets $x [and is all-in]'",
    "calls": "'calls $x [and is all-in]'",
    "raises": "'raises $x to $y [and is all-in]'",
    "posts": "'posts small blind|big blind|the ante|small & big blinds $x [and is all-in]'",
    "discards": "'discards 1 card|N cards [[..]]'",
    "stands": "'stands pat [on [..]]'",
    "shows": "'shows [..] (description)'",
    "mucks": "'mucks hand'",
    "doesn't": "'doesn't show hand'",
}

_FIXED: Final[dict[str, str | Section]] = {
    **_MARKERS,
    _CAP: "CAP",
    _RESHUFFLE: "RESHUFFLE",
    _CANCELLED: "CANCELLED",
}


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
