"""Classify the lines of one Full Tilt hand and read their fields into events.

The lexer of ``grammar.lark``: each line gives its grammar terminal and its event (or no
event, for the button and ``Duration`` lines, which the layout keeps). Full Tilt puts no colon
after a name (``Player3 calls $0.10``) and chat is ``name: text``, so names are anchored on the
seated roster, longest first; players who are not seated (``sits down``, ``adds $70``, the hero
missing from the seat list) are read from the fixed end of their line. Every regular expression
is anchored and free of nested quantifiers.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal
from itertools import product
from typing import Any, Final

from histparse._records import builder
from histparse.events import (
    Action,
    Chat,
    Clock,
    Collected,
    DealtTo,
    Draw,
    Emote,
    Event,
    Mucks,
    PlayerStatus,
    Post,
    Replaced,
    Seat,
    SeatOutcome,
    Section,
    SectionMarker,
    Shows,
    SummaryPot,
    SummarySeat,
    TopUp,
    UncalledBet,
)
from histparse.game import ActionKind, PostKind, Street
from histparse.sites.fulltilt.header import AMOUNT, Header, amount
from histparse.sites.fulltilt.wording import (
    ARCHIVE_DIDNT_BET,
    ARCHIVE_OUTCOMES,
    CLIENT_DIDNT_BET,
    CLIENT_OUTCOMES,
    MARKER_SECTION,
    MARKERS,
    POSITIONS,
    SINGLE_DRAW_MARKER,
    STATUS_OF,
)
from histparse.sites.lines import (
    MARKER_TERMINALS,
    LineError,
    dealt_cards,
    position_tags,
    read_cards,
    read_named,
)

_M: Final = r"(\$?)(" + AMOUNT + r")"
_ALL_IN: Final = r"((?:, and is all in)?)"
_SEAT: Final = re.compile(r"Seat (\d{1,2}): (.{1,40}) \(" + _M + r"\)((?:, is sitting out)?)")
_BUTTON: Final = re.compile(r"The button is in seat #(\d{1,2})")
_POSTS: Final = re.compile(
    r"posts (the small blind of |the big blind of |a dead small blind of |)" + _M + _ALL_IN
)
_POST_KIND: Final = {
    "the small blind of ": PostKind.SMALL_BLIND,
    "the big blind of ": PostKind.BIG_BLIND,
    "a dead small blind of ": PostKind.DEAD_BLIND,
    "": PostKind.BIG_BLIND,  # "posts $5": the live big blind of a returning player
}
_ANTES: Final = re.compile(r"antes " + _M + _ALL_IN)
_BET: Final = re.compile(r"(calls|bets|raises to) " + _M + _ALL_IN)
_DISCARDS: Final = re.compile(r"discards (?:(1) card|([02-5]) cards)(?: \[([^\[\]]*)\])?")
_PAT: Final = re.compile(r"stands pat(?: on \[([^\[\]]*)\])?")
_DEALT_N: Final = re.compile(r"is dealt (?:(1) card|([2-5]) cards)")
_SHOWS: Final = re.compile(r"shows \[([^\[\]]*)\](?: (.{1,60}))?")
# "wins the pot ($x)"; the main and side pots of a 2-7 hand are not in the real files: the
# words of the 10-Game file's split pots ("wins the side pot ($5)") are assumed, and several
# side pots are numbered as PokerStars numbers them ("side pot-2").
_WINS: Final = re.compile(
    r"wins the (pot|main pot|side pot(?:-\d{1,2})?) \(" + _M + r"\)((?: with .{1,60})?)"
)
_ADDS: Final = re.compile(r"adds " + _M)
_CLOCK: Final = re.compile(r"has (\d{1,3}) seconds left to act")
_FEELING: Final = re.compile(r"is feeling ([a-z]{1,20})")
_DEALT: Final = re.compile(r" \[([^\[\]]*)\](?: \[([^\[\]]*)\])?")
_UNCALLED: Final = re.compile(r"Uncalled bet of " + _M + r" returned to (.{1,40})")
# "Total pot $95.10 Main pot $85.10. Side pot $10. | Rake $3" (10-Game file, stud H/L).
_TOTAL: Final = re.compile(
    r"Total pot "
    + _M
    + r"(?: Main pot "
    + _M
    + r"\.((?: Side pot(?:-\d{1,2})? \$?"
    + AMOUNT
    + r"\.){1,9}))? \| Rake "
    + _M
)
_SIDE: Final = re.compile(r" Side pot(-\d{1,2})? " + _M + r"\.")
_DURATION: Final = re.compile(r"Duration \d{1,6}s")
_SUMMARY_SEAT: Final = re.compile(r"Seat (\d{1,2}): ")
_WON: Final = re.compile(r" showed \[([^\[\]]*)\] and won \(" + _M + r"\)(?: with (.{1,60}))?")
_LOST: Final = re.compile(r" showed \[([^\[\]]*)\] and lost(?: with (.{1,60}))?")
_MUCKED: Final = re.compile(r" mucked \[([^\[\]]*)\](?: - (.{1,60}))?")
_COLLECTED: Final = re.compile(r" collected \(" + _M + r"\)((?:, mucked)?)")
_MARKER_POT: Final = re.compile(
    r"(\*\*\* (?:FIRST|SECOND|THIRD) DRAW \*\*\*|\*\*\* DRAW \*\*\*)"
    r"( \((?:Total )?Pot: [^()]{1,60}\))?"
)
# Status lines of anyone, seated or not, by their fixed end.
_UNSEATED: Final = re.compile(
    r"(.{1,40}?) (sits down|stands up|is sitting out|has returned|has been disconnected|"
    r"has reconnected|has requested TIME|adds \$?" + AMOUNT + r"|has \d{1,3} seconds left to act"
    r"|is feeling [a-z]{1,20})"
)
_POSITION_OF: Final = {f" ({text})": p for p, text in POSITIONS.items()}
_POT_MARKERS: Final = {
    MARKERS[s]: s for s in (Section.FIRST_DRAW, Section.SECOND_DRAW, Section.THIRD_DRAW)
}


def _marker_pot(pot: str) -> bool:
    """``pot`` (after a marker's `` (``) is what ``_MARKER_POT`` accepts there:
    ``(Total )?Pot: `` then 1 to 60 characters other than parentheses, then ``)``."""
    if not pot.endswith(")"):
        return False
    body = pot[:-1]
    if body.startswith("Pot: "):
        inner = body[5:]
    elif body.startswith("Total Pot: "):
        inner = body[11:]
    else:
        return False
    return 0 < len(inner) <= 60 and "(" not in inner and ")" not in inner


_TD_STREETS: Final = {
    Section.FIRST_DRAW: Street.DRAW1,
    Section.SECOND_DRAW: Street.DRAW2,
    Section.THIRD_DRAW: Street.DRAW3,
}

GENERIC_EXPECTED: Final = "a Full Tilt hand line"

_L: Final = ("line", "trailing")
_new_action: Final = builder(
    Action, *_L, "street", "player", "kind", "amount", "to_amount", "all_in"
)
_new_draw: Final = builder(
    Draw, *_L, "street", "player", "count", "discarded", "pat", "pat_cards", "drawn"
)
_new_replaced: Final = builder(Replaced, *_L, "street", "player", "count")
_new_mucks: Final = builder(Mucks, *_L, "player")
_new_seat: Final = builder(
    Seat, "seat", "player", "stack", "sitting_out", "out_of_hand", "bounty", *_L
)
_new_post: Final = builder(Post, *_L, "player", "kind", "amount", "all_in")
_new_marker: Final = builder(SectionMarker, *_L, "section")
_new_summary_seat: Final = builder(
    SummarySeat,
    *_L,
    *("seat", "player", "positions", "outcome", "didnt_bet", "amount", "cards", "description"),
)


def _folds(outcomes: Mapping[SeatOutcome, str], didnt_bet: str) -> dict[str, Any]:
    """Every summary outcome without money or cards after the name, tags included, with what
    it says: most summary lines are one of these."""
    out: dict[str, Any] = {}
    for tags in (t for n in range(3) for t in product(POSITIONS, repeat=n)):
        prefix = "".join(f" ({POSITIONS[p]})" for p in tags)
        for outcome, text in outcomes.items():
            out[f"{prefix} {text}"] = (tags, outcome, False)
        out[f"{prefix} {didnt_bet}"] = (tags, SeatOutcome.FOLDED_BEFORE_DRAW, True)
    return out


_CLIENT_FOLDS: Final = _folds(CLIENT_OUTCOMES, CLIENT_DIDNT_BET)
_ARCHIVE_FOLDS: Final = _folds(ARCHIVE_OUTCOMES, ARCHIVE_DIDNT_BET)
_STREET_OF: Final = {
    Section.DEALING_HANDS: Street.PREDRAW,
    Section.FIRST_DRAW: Street.DRAW1,
    Section.SECOND_DRAW: Street.DRAW2,
    Section.THIRD_DRAW: Street.DRAW3,
}

# What the commonest verb lines after "<name> " say, independent of the player and the hand:
# (terminal, currency symbol or None, then four fields by terminal: ACTION kind, amount,
# to_amount, all_in / DRAW count, discarded, pat, pat_cards / REPLACED count). Read once and
# kept; bounded in entries and key length, so hostile input cannot grow it.
_Verb = tuple[str, str | None, Any, Any, Any, Any]
KNOWN: dict[str, _Verb] = {}
_KNOWN_SIZE: Final = 4096
_KNOWN_KEY: Final = 60
_FOLDED: Final[_Verb] = ("ACTION", None, ActionKind.FOLD, None, None, False)
_CHECKED: Final[_Verb] = ("ACTION", None, ActionKind.CHECK, None, None, False)
_MUCKS_VERB: Final[_Verb] = ("MUCKS", None, None, None, None, None)


def _read_verb(rest: str) -> _Verb | None:
    if rest == "folds":
        return _FOLDED
    if rest == "checks":
        return _CHECKED
    if rest == "mucks":
        return _MUCKS_VERB
    verb = rest.partition(" ")[0]
    if verb in ("calls", "bets", "raises"):
        m = _BET.fullmatch(rest)
        if m is None:
            return None
        value = amount(m.group(3))
        all_in = bool(m.group(4))
        word = m.group(1)
        if word == "calls":
            return ("ACTION", m.group(2), ActionKind.CALL, value, None, all_in)
        if word == "bets":
            return ("ACTION", m.group(2), ActionKind.BET, value, value, all_in)
        return ("ACTION", m.group(2), ActionKind.RAISE, None, value, all_in)
    if verb == "discards":
        m = _DISCARDS.fullmatch(rest)
        if m is None:
            return None
        cards = None if m.group(3) is None else read_cards(m.group(3))
        return ("DRAW", None, int(m.group(1) or m.group(2)), cards, False, None)
    if verb == "posts":
        m = _POSTS.fullmatch(rest)
        if m is None or not m.group(1):
            return None  # "posts $5" is recorded in the layout: the slow path reads it
        value = amount(m.group(3))
        return ("POST", m.group(2), _POST_KIND[m.group(1)], value, bool(m.group(4)), None)
    if verb == "antes":
        m = _ANTES.fullmatch(rest)
        if m is None:
            return None
        return ("POST", m.group(1), PostKind.ANTE, amount(m.group(2)), bool(m.group(3)), None)
    if rest == "stands pat":
        return ("DRAW", None, 0, None, True, None)
    if verb == "is":
        m = _DEALT_N.fullmatch(rest)
        if m is not None:
            return ("REPLACED", None, int(m.group(1) or m.group(2)), None, None, None)
    return None


def _verb(rest: str) -> _Verb | None:
    """``_read_verb``, kept (None also for unreadable cards: the slow path reports them)."""
    try:
        parsed = _read_verb(rest)
    except LineError:
        return None
    # The hero's discards name cards: too many to keep (they would push the common lines out).
    if parsed is not None and len(rest) <= _KNOWN_KEY and "[" not in rest:
        if len(KNOWN) >= _KNOWN_SIZE:
            KNOWN.clear()
        KNOWN[rest] = parsed
    return parsed


def clear_caches() -> None:
    """Forget the verb lines read so far (for tests and measurements)."""
    KNOWN.clear()


_Line = tuple[str, Event | None]


class LineReader:
    """Reads the lines of one hand after its header: each line gives its terminal and its
    event (``Seat`` for a seat line; None for the button and ``Duration`` lines)."""

    def __init__(self, header: Header) -> None:
        self.header = header
        self.symbol = header.money_symbol
        self.single_draw = header.game.draws == 1
        self.archive = header.archive
        self.names: list[str] = []
        self.by_seat: dict[int, str] = {}
        self.seats: list[Seat] = []
        self.street = Street.PREDEAL
        self.hero: str | None = None
        self.button: int | None = None
        self.button_at = -1
        self.duration: str | None = None
        self.details: list[tuple[int, str]] = []
        self.summary_out: set[int] = set()  # seats the summary says are sitting out
        self.blank_after_header = False
        self.mucked_word = False
        self.no_outcome = False
        outcomes = ARCHIVE_OUTCOMES if self.archive else CLIENT_OUTCOMES
        self.outcomes = {" " + text: o for o, text in outcomes.items()}
        self.didnt_bet = " " + (ARCHIVE_DIDNT_BET if self.archive else CLIENT_DIDNT_BET)

    # ------------------------------------------------------------------------------ money

    def money(self, sym: str, digits: str, column: int = 1) -> Decimal:
        if sym != self.symbol:
            raise LineError(
                f"amount {sym}{digits} has the wrong currency symbol",
                column=column,
                expected=f"an amount with {self.symbol or 'no currency symbol'}",
            )
        return amount(digits)

    # ------------------------------------------------------------------------ entry point

    def read_lines(
        self,
        contents: list[str],
        trailings: list[str],
        first_line: int,
        kinds: list[str],
        events: list[Event | Seat],
    ) -> None:
        """Read ``contents[1:]``; append each line's terminal to ``kinds`` and its event to
        ``events``. Raises ``LineError`` for the line ``contents[len(kinds)]``... (the
        caller keeps the index: ``self.index``)."""
        n = len(contents)
        i = 1
        if i < n and contents[i] == "" and trailings[i] == "":
            self.blank_after_header = True
            i += 1
        self.index = i
        while i < n and contents[i].startswith("Seat "):
            m = _SEAT.fullmatch(contents[i])
            if m is None:
                break
            self.index = i
            seat = self._seat(m, first_line + i, trailings[i])
            kinds.append("SEAT")
            events.append(seat)
            i += 1
        self.names.sort(key=len, reverse=True)
        # Names that no other seated name starts with (then "<name> " can only be that
        # player), by their first word: the fast path below reads most lines through them.
        names = self.names
        by_word: dict[str, str] = {}
        for who in names:
            if not any(m != who and m.startswith(who + " ") for m in names):
                word = who.partition(" ")[0]
                if word in by_word:
                    by_word[word] = ""  # two names share it: the slow path decides
                else:
                    by_word[word] = who
        seat_owner = {str(k): v for k, v in self.by_seat.items()}
        folds = _ARCHIVE_FOLDS if self.archive else _CLIENT_FOLDS
        n_seats = len(events)
        symbol = self.symbol
        known = KNOWN
        add_kind = kinds.append
        add_event = events.append
        for j in range(i, n):
            content = contents[j]
            name, _, rest = content.partition(" ")
            player = by_word.get(name)
            if player and player != name:
                if content.startswith(player + " "):
                    name, rest = player, content[len(player) + 1 :]
                else:
                    player = None
            if player:
                parsed = known.get(rest)
                if parsed is None:
                    parsed = _verb(rest)
                if parsed is not None:
                    token, sym, a, b, c, d = parsed
                    if sym is not None and sym != symbol:
                        token = ""  # the slow path reports the wrong currency
                    line = first_line + j
                    if token == "ACTION":
                        add_kind(token)
                        add_event(_new_action(line, trailings[j], self.street, name, a, b, c, d))
                        continue
                    if token == "DRAW":
                        if self.single_draw and self.street is Street.PREDRAW:
                            self.street = Street.DRAW1
                        add_kind(token)
                        add_event(_new_draw(line, trailings[j], self.street, name, a, b, c, d, ()))
                        continue
                    if token == "REPLACED":
                        add_kind(token)
                        add_event(_new_replaced(line, trailings[j], self.street, name, a))
                        continue
                    if token == "POST":
                        add_kind(token)
                        add_event(_new_post(line, trailings[j], name, a, b, c))
                        continue
                    if token == "MUCKS":
                        add_kind(token)
                        add_event(_new_mucks(line, trailings[j], name))
                        continue
                else:
                    # Not a common verb: the player's other lines (wins, shows, status...).
                    self.index = j
                    try:
                        tok = self._player_line(
                            name,
                            content[len(name) :],
                            first_line + j,
                            trailings[j],
                            len(events) - n_seats,
                        )
                    except LineError:
                        tok = None  # the slow path says it with every reading tried
                    if tok is not None and tok[1] is not None:
                        add_kind(tok[0])
                        add_event(tok[1])
                        continue
            elif name == "Seat":
                number, _, body = rest.partition(": ")
                owner = seat_owner.get(number)
                if owner is not None and body.startswith(owner):
                    fold = folds.get(body[len(owner) :])
                    if fold is not None:
                        tags, outcome, didnt_bet = fold
                        seat_no = int(number)
                        if outcome is SeatOutcome.SITTING_OUT:
                            self.summary_out.add(seat_no)
                        add_kind("SUMMARY_SEAT")
                        add_event(
                            _new_summary_seat(
                                first_line + j,
                                trailings[j],
                                seat_no,
                                owner,
                                tags,
                                outcome,
                                didnt_bet,
                                None,
                                None,
                                None,
                            )
                        )
                        continue
            elif name == "Dealt":
                tok = self._dealt(content, first_line + j, trailings[j])
                if tok is not None:
                    add_kind(tok[0])
                    add_event(tok[1])  # type: ignore[arg-type]
                    continue
            elif name == "***":
                section = MARKER_SECTION.get(content)
                if section is None and self.single_draw is False:
                    # A Triple Draw marker with its pot, "*** FIRST DRAW *** (Pot: $0.45)":
                    # what _MARKER_POT reads, without the regular expression.
                    base, _, pot = content.partition(" (")
                    section = _POT_MARKERS.get(base)
                    if section is not None and _marker_pot(pot):
                        self.details.append((len(events) - n_seats, " (" + pot))
                    else:
                        section = None
                if section is not None and (
                    section is not Section.FIRST_DRAW or not self.single_draw
                ):
                    street = _STREET_OF.get(section)
                    if street is not None:
                        self.street = street
                    add_kind(MARKER_TERMINALS[section])
                    add_event(_new_marker(first_line + j, trailings[j], section))
                    continue
                self.index = j
                token, event = self._marker(
                    content, first_line + j, trailings[j], len(events) - n_seats
                )
                add_kind(token)
                add_event(event)  # type: ignore[arg-type]
                continue
            elif name == "The":
                m = _BUTTON.fullmatch(content)
                if m is not None:
                    self.button = int(m.group(1))
                    self.button_at = len(events) - n_seats
                    add_kind("BUTTON")
                    continue
            self.index = j
            token, event = self._line(content, first_line + j, trailings[j], len(events) - n_seats)
            add_kind(token)
            if event is not None:
                add_event(event)
            elif token == "BUTTON":
                self.button_at = len(events) - n_seats

    def _seat(self, m: re.Match[str], line: int, trailing: str) -> Seat:
        number = int(m.group(1))
        name = m.group(2)
        if number in self.by_seat:
            raise LineError(f"seat {number} is listed twice", column=6, expected="each seat once")
        if name in self.by_seat.values():
            raise LineError(f"player {name!r} is seated twice", column=9)
        stack = self.money(m.group(3), m.group(4), len(name) + 11)
        self.by_seat[number] = name
        self.names.append(name)
        seat = _new_seat(number, name, stack, bool(m.group(5)), None, None, line, trailing)
        self.seats.append(seat)
        return seat

    # ------------------------------------------------------------------------------ lines

    def _line(self, content: str, line: int, trailing: str, index: int) -> _Line:
        if content.startswith("*** "):
            return self._marker(content, line, trailing, index)
        first = content[:1]
        if first == "S" and content.startswith("Seat "):
            tok = self._summary_seat(content, line, trailing, index)
            if tok is not None:
                return tok
        elif first == "T":
            m = _BUTTON.fullmatch(content)
            if m is not None:
                self.button = int(m.group(1))
                return "BUTTON", None
            m = _TOTAL.fullmatch(content)
            if m is not None:
                total = self.money(m.group(1), m.group(2), 11)
                rake = self.money(m.group(6), m.group(7), m.start(6) + 1)
                main = None
                sides: list[Decimal] = []
                numbered = False
                if m.group(3) is not None:
                    main = self.money(m.group(3), m.group(4), m.start(3) + 1)
                    for side in _SIDE.finditer(m.group(5)):
                        numbered = numbered or side.group(1) is not None
                        sides.append(self.money(side.group(2), side.group(3), m.start(5) + 1))
                return "TOTAL_POT", SummaryPot(
                    total, rake, main, tuple(sides), numbered, line=line, trailing=trailing
                )
        elif first == "D":
            if content.startswith("Dealt to "):
                tok = self._dealt(content, line, trailing)
                if tok is not None:
                    return tok
            elif _DURATION.fullmatch(content):
                self.duration = content
                return "DURATION", None
        elif first == "U" and content.startswith("Uncalled bet of "):
            m = _UNCALLED.fullmatch(content)
            if m is not None and m.group(3) in self.names:
                value = self.money(m.group(1), m.group(2), 17)
                return "UNCALLED", UncalledBet(m.group(3), value, line=line, trailing=trailing)
        tok = read_named(
            self.names,
            content,
            lambda name: self._named_line(name, content, line, trailing, index),
            lambda: self._unseated(content, line, trailing),
        )
        if tok is not None:
            return tok
        raise LineError("unrecognised line", expected=GENERIC_EXPECTED)

    def _named_line(
        self, name: str, content: str, line: int, trailing: str, index: int
    ) -> _Line | None:
        # The name must end where the line's words begin: "Player1" reads no line of "Player10".
        if content[len(name) : len(name) + 1] not in (" ", ":"):
            return None
        return self._player_line(name, content[len(name) :], line, trailing, index)

    def _marker(self, content: str, line: int, trailing: str, index: int) -> _Line:
        section = MARKER_SECTION.get(content)
        if section is None:
            m = _MARKER_POT.fullmatch(content)
            if m is None:
                raise LineError("unrecognised marker line", expected="a Full Tilt marker line")
            base = m.group(1)
            if base == SINGLE_DRAW_MARKER:
                if not self.single_draw:
                    raise LineError("'*** DRAW ***' in a Triple Draw hand", expected="FIRST DRAW")
                section = Section.FIRST_DRAW
                token = "SD_DRAW"
            else:
                section = MARKER_SECTION[base]
                if self.single_draw:
                    raise LineError(f"{base} in a Single Draw hand", expected="'*** DRAW ***'")
                token = MARKER_TERMINALS[section]
            if m.group(2):
                self.details.append((index, m.group(2)))
        else:
            token = MARKER_TERMINALS[section]
            if section is Section.FIRST_DRAW and self.single_draw:
                raise LineError("FIRST DRAW in a Single Draw hand", expected="'*** DRAW ***'")
        street = section.street
        if street in (Street.PREDRAW, Street.DRAW1, Street.DRAW2, Street.DRAW3):
            self.street = street
        return token, SectionMarker(section, line=line, trailing=trailing)

    def _player_line(
        self, name: str, rest: str, line: int, trailing: str, index: int
    ) -> _Line | None:
        if rest.startswith(": "):
            return "CHAT", Chat(name, rest[2:], line=line, trailing=trailing)
        if rest == ":":  # an empty chat line: "Hero: " (its space is trailing whitespace)
            return "CHAT", Chat(name, "", line=line, trailing=trailing)
        rest = rest[1:]
        col = len(name) + 2
        verb = rest.partition(" ")[0]
        if verb == "folds" and rest == "folds":
            return "ACTION", Action(
                self.street, name, ActionKind.FOLD, line=line, trailing=trailing
            )
        if verb == "checks" and rest == "checks":
            return "ACTION", Action(
                self.street, name, ActionKind.CHECK, line=line, trailing=trailing
            )
        if verb in ("calls", "bets", "raises"):
            m = _BET.fullmatch(rest)
            if m is None:
                raise LineError(
                    f"cannot read the arguments of {verb!r}",
                    column=col + len(verb) + 1,
                    expected="'calls|bets|raises to $x[, and is all in]'",
                )
            value = self.money(m.group(2), m.group(3), col + m.start(2))
            all_in = bool(m.group(4))
            word = m.group(1)
            if word == "calls":
                return "ACTION", Action(
                    self.street,
                    name,
                    ActionKind.CALL,
                    value,
                    None,
                    all_in,
                    line=line,
                    trailing=trailing,
                )
            if word == "bets":
                return "ACTION", Action(
                    self.street,
                    name,
                    ActionKind.BET,
                    value,
                    value,
                    all_in,
                    line=line,
                    trailing=trailing,
                )
            # "raises to B" only: the increment is not written (None), B is the round total.
            return "ACTION", Action(
                self.street,
                name,
                ActionKind.RAISE,
                None,
                value,
                all_in,
                line=line,
                trailing=trailing,
            )
        if verb == "posts":
            m = _POSTS.fullmatch(rest)
            if m is None:
                raise LineError(
                    "cannot read the post",
                    column=col + 6,
                    expected="'posts the small blind of|the big blind of|a dead small blind "
                    "of $x' or 'posts $x'",
                )
            if not m.group(1):
                self.details.append((index, "bare"))
            value = self.money(m.group(2), m.group(3), col + m.start(2))
            kind = _POST_KIND[m.group(1)]
            return "POST", Post(name, kind, value, bool(m.group(4)), line=line, trailing=trailing)
        if verb == "antes":
            m = _ANTES.fullmatch(rest)
            if m is not None:
                value = self.money(m.group(1), m.group(2), col + 6)
                return "POST", Post(
                    name, PostKind.ANTE, value, bool(m.group(3)), line=line, trailing=trailing
                )
        if verb == "discards":
            m = _DISCARDS.fullmatch(rest)
            if m is None:
                raise LineError(
                    "cannot read the discard",
                    column=col + 9,
                    expected="'discards 1 card|N cards [[..]]'",
                )
            count = int(m.group(1) or m.group(2))
            cards = None if m.group(3) is None else read_cards(m.group(3), col + m.start(3))
            if self.single_draw and self.street is Street.PREDRAW:
                self.street = Street.DRAW1
            return "DRAW", Draw(self.street, name, count, cards, line=line, trailing=trailing)
        if verb == "stands":
            m = _PAT.fullmatch(rest)
            if m is not None:
                cards = None if m.group(1) is None else read_cards(m.group(1), col + m.start(1))
                return "DRAW", Draw(
                    self.street, name, 0, None, True, cards, line=line, trailing=trailing
                )
        if verb == "is":
            m = _DEALT_N.fullmatch(rest)
            if m is not None:
                count = int(m.group(1) or m.group(2))
                return "REPLACED", Replaced(self.street, name, count, line=line, trailing=trailing)
        if verb == "shows":
            m = _SHOWS.fullmatch(rest)
            if m is not None:
                cards = read_cards(m.group(1), col + 7)
                return "SHOWS", Shows(name, cards, m.group(2), line=line, trailing=trailing)
        if verb == "mucks" and rest == "mucks":
            return "MUCKS", Mucks(name, line=line, trailing=trailing)
        if verb == "wins":
            m = _WINS.fullmatch(rest)
            if m is not None:
                value = self.money(m.group(2), m.group(3), col + m.start(2))
                if m.group(4):
                    self.details.append((index, m.group(4)))
                return "COLLECTED", Collected(name, value, m.group(1), line=line, trailing=trailing)
        return self._status(name, rest, line, trailing)

    def _status(self, name: str, rest: str, line: int, trailing: str) -> _Line | None:
        kind = STATUS_OF.get(rest)
        if kind is not None:
            return "STATUS", PlayerStatus(name, kind, line=line, trailing=trailing)
        if rest.startswith("adds "):
            m = _ADDS.fullmatch(rest)
            if m is not None:
                value = self.money(m.group(1), m.group(2), len(name) + 7)
                return "TOPUP", TopUp(name, value, line=line, trailing=trailing)
        elif rest.startswith("has "):
            m = _CLOCK.fullmatch(rest)
            if m is not None:
                return "CLOCK", Clock(name, int(m.group(1)), line=line, trailing=trailing)
        elif rest.startswith("is feeling "):
            m = _FEELING.fullmatch(rest)
            if m is not None:
                return "EMOTE", Emote(name, m.group(1), line=line, trailing=trailing)
        return None

    def _unseated(self, content: str, line: int, trailing: str) -> _Line | None:
        """Status, top-up and chat lines of players who are not seated in this hand."""
        m = _UNSEATED.fullmatch(content)
        if m is not None:
            tok = self._status(m.group(1), m.group(2), line, trailing)
            if tok is not None:
                return tok
        name, sep, text = content.partition(": ")
        if not sep and content.endswith(":"):
            name, sep, text = content[:-1], ":", ""
        if sep and 0 < len(name) <= 40 and " " not in name.strip():
            return "CHAT", Chat(name, text, line=line, trailing=trailing)
        return None

    def _dealt(self, content: str, line: int, trailing: str) -> _Line | None:
        dealt = dealt_cards(content[9:], self.names, _DEALT, 11)
        if dealt is None:
            return None
        name, kept, new = dealt
        if self.hero is None:
            self.hero = name
        return "DEALT", DealtTo(self.street, name, kept, new, line=line, trailing=trailing)

    # ---------------------------------------------------------------------------- summary

    def _summary_seat(self, content: str, line: int, trailing: str, index: int) -> _Line | None:
        m = _SUMMARY_SEAT.match(content)
        if m is None:
            return None
        # "Seat 3: Player4 Seat 4: Player1 (big blind) collected ..." (a real glued line):
        # the last "Seat N: " start is the line read, what comes before it is kept.
        glued = content.rfind(" Seat ")
        if glued > 0:
            tail = content[glued + 1 :]
            mm = _SUMMARY_SEAT.match(tail)
            if mm is not None:
                tok = self._summary_seat(tail, line, trailing, index)
                if tok is not None:
                    self.details.append((index, "glued:" + content[: glued + 1]))
                    return tok
        seat = int(m.group(1))
        body = content[m.end() :]
        owner = self.by_seat.get(seat)
        names = [owner] if owner is not None and body.startswith(owner) else []
        names += [n for n in self.names if n != owner and body.startswith(n)]
        error: LineError | None = None
        for name in names:
            try:
                ev = self._seat_outcome(
                    seat, name, body[len(name) :], m.end() + len(name), line, trailing
                )
            except LineError as exc:
                error = error or exc
                continue
            return self._summary_event(ev, index)
        # A player not in the seat list (the hero sitting out, a partial hand's players):
        # the outcome is read from the end of the line.
        unlisted = self._unlisted_outcome(seat, body, m.end(), line, trailing)
        if unlisted is not None:
            return self._summary_event(unlisted, index)
        if error is not None:
            raise error
        return None

    def _summary_event(self, ev: SummarySeat, index: int) -> _Line:
        if ev.outcome is SeatOutcome.COLLECTED and self.mucked_word is self.archive:
            # The dialect's rule (client ", mucked", archive none) does not hold for this line.
            self.details.append((index, "mucked" if self.mucked_word else "unmucked"))
        return "SUMMARY_SEAT", ev

    def _unlisted_outcome(
        self, seat: int, body: str, offset: int, line: int, trailing: str
    ) -> SummarySeat | None:
        candidates = [i for i in range(1, min(len(body), 41)) if body[i] == " "]
        candidates.append(len(body))
        for end in candidates:
            name = body[:end]
            if not name or name.endswith(" "):
                continue
            try:
                return self._seat_outcome(seat, name, body[end:], offset + end, line, trailing)
            except LineError:
                continue
        return None

    def _seat_outcome(
        self, seat: int, name: str, rest: str, offset: int, line: int, trailing: str
    ) -> SummarySeat:
        pos, rest, offset = position_tags(rest, offset, _POSITION_OF)
        outcome = self.outcomes.get(rest)
        if outcome is not None:
            if outcome is SeatOutcome.SITTING_OUT:
                self.summary_out.add(seat)
            return SummarySeat(seat, name, pos, outcome, line=line, trailing=trailing)
        if rest == self.didnt_bet:
            return SummarySeat(
                seat, name, pos, SeatOutcome.FOLDED_BEFORE_DRAW, True, line=line, trailing=trailing
            )
        col = offset + 2
        m = _WON.fullmatch(rest)
        if m is not None:
            return SummarySeat(
                seat,
                name,
                pos,
                SeatOutcome.SHOWED_WON,
                False,
                self.money(m.group(2), m.group(3), col),
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
                pos,
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
                pos,
                SeatOutcome.MUCKED,
                False,
                None,
                read_cards(m.group(1), col),
                m.group(2),
                line=line,
                trailing=trailing,
            )
        m = _COLLECTED.fullmatch(rest)
        if m is not None:
            # ", mucked" is the client's; the archive prints none (kept per line: details).
            value = self.money(m.group(1), m.group(2), col)
            self.mucked_word = bool(m.group(3))
            return SummarySeat(
                seat, name, pos, SeatOutcome.COLLECTED, False, value, line=line, trailing=trailing
            )
        if rest == "" and pos:
            # The broken line of a partial hand: "Seat 4: Gamboul (big blind) ".
            self.no_outcome = True
            return SummarySeat(
                seat, name, pos, SeatOutcome.NO_OUTCOME, line=line, trailing=trailing
            )
        raise LineError(
            "cannot read the summary seat line",
            column=col,
            expected="'folded ...', 'showed [..] and won|lost ...', 'mucked [..]', "
            "'collected ($x)' or 'is sitting out'",
        )
