"""The typed event model: one ``Hand`` per hand history, holding one event per line.

This is the contract between the parsers and everything after them (writer, replayer/auditor,
tables, export). Events are plain frozen records: they say what a line *says*, never what it
*means* for the money (that is the engine's job), and they keep every format detail that varies
between hands so that a writer can print the hand back byte for byte.

Conventions:

* Amounts are ``Decimal`` exactly as written: ``$0.10`` is ``Decimal("0.10")``, ``$1`` is
  ``Decimal("1")``; the written scale is kept. The currency symbol of a hand's chip amounts is
  ``Hand.layout.money_symbol``.
* Cards are tuples of ``Card`` in the order written.
* ``line`` is the 1-based line number in the source file; ``trailing`` is the whitespace the
  site printed after the line's content (PokerStars is not consistent about it, so it is
  recorded rather than derived from the kind of line).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from enum import Enum
from typing import TypeVar

from histparse import _display
from histparse.cards import Card
from histparse.game import ActionKind, Game, LimitType, PostKind, Street

__all__ = [
    "Action",
    "ActionKind",
    "CapReached",
    "Chat",
    "Clock",
    "Collected",
    "DealtHidden",
    "DealtTo",
    "DoesntShow",
    "Draw",
    "Emote",
    "Event",
    "Hand",
    "HandCancelled",
    "Mucks",
    "PlayerStatus",
    "Position",
    "Post",
    "PostKind",
    "Replaced",
    "Reshuffle",
    "Seat",
    "SeatOutcome",
    "SeatResult",
    "Section",
    "SectionMarker",
    "Shows",
    "SiteLayout",
    "Source",
    "StatusKind",
    "SummaryPot",
    "SummarySeat",
    "TopUp",
    "TournamentFinish",
    "TournamentWin",
    "UncalledBet",
]

Cards = tuple[Card, ...]


# --------------------------------------------------------------------------------------- kinds


# The values of these kinds are neutral ids: each site's folder maps its own wording to them
# (``sites/<name>/wording.py``), so a member added for one site changes no other site's reading.


class Section(Enum):
    """A section marker line (PokerStars: ``*** FIRST DRAW ***``)."""

    DEALING_HANDS = "deal"
    FIRST_DRAW = "draw_1"
    SECOND_DRAW = "draw_2"
    THIRD_DRAW = "draw_3"
    SHOW_DOWN = "showdown"
    SUMMARY = "summary"

    @property
    def street(self) -> Street:
        """The street that starts at this marker."""
        return _SECTION_STREET[self]


_SECTION_STREET = {
    Section.DEALING_HANDS: Street.PREDRAW,
    Section.FIRST_DRAW: Street.DRAW1,
    Section.SECOND_DRAW: Street.DRAW2,
    Section.THIRD_DRAW: Street.DRAW3,
    Section.SHOW_DOWN: Street.SHOWDOWN,
    Section.SUMMARY: Street.SUMMARY,
}


class StatusKind(Enum):
    """Table status lines (none of them moves money)."""

    JOINS = "joins"  # with the seat joined
    LEAVES = "leaves"
    TIMED_OUT = "timed_out"
    TIMED_OUT_DISCONNECTED = "timed_out_disconnected"
    IS_SITTING_OUT = "is_sitting_out"
    SITS_OUT = "sits_out"
    RETURNED = "returned"
    CONNECTED = "connected"
    DISCONNECTED = "disconnected"
    REMOVED = "removed_for_not_posting"
    ALLOWED_AFTER_BUTTON = "allowed_after_button"
    # Full Tilt's (PokerStars prints none of these).
    SITS_DOWN = "sits_down"  # a player takes a seat (not dealt in this hand)
    STANDS_UP = "stands_up"  # a player leaves his seat
    RECONNECTED = "reconnected"
    REQUESTED_TIME = "requested_time"  # asks for the time bank


class Position(Enum):
    """Position tags of a summary seat line, e.g. ``(button) (small blind)``."""

    BUTTON = "button"
    SMALL_BLIND = "small_blind"
    BIG_BLIND = "big_blind"


class SeatOutcome(Enum):
    """How a summary seat line says the player's hand ended."""

    FOLDED_BEFORE_DRAW = "folded_before_draw"
    # A fold before the draw that a 2-7 Single Draw summary words as "before Flop" (a
    # PokerStars quirk, real and stable since 2010): kept apart so the hand writes back.
    FOLDED_BEFORE_FLOP = "folded_before_flop"
    # Single-draw games (5 Card Draw) fold "after the Draw".
    FOLDED_AFTER_DRAW = "folded_after_draw"
    FOLDED_AFTER_1ST_DRAW = "folded_after_draw_1"
    FOLDED_AFTER_2ND_DRAW = "folded_after_draw_2"
    FOLDED_AFTER_3RD_DRAW = "folded_after_draw_3"
    SHOWED_WON = "showed_won"
    SHOWED_LOST = "showed_lost"
    MUCKED = "mucked"
    COLLECTED = "collected"
    # Full Tilt lists sitting-out players in the summary (PokerStars leaves them out).
    SITTING_OUT = "sat_out"
    # A summary seat line with no outcome at all (Full Tilt's broken partial hands).
    NO_OUTCOME = "no_outcome"

    @property
    def folded(self) -> bool:
        """True for the ``folded ...`` outcomes."""
        return self in _FOLD_STREET

    @property
    def fold_street(self) -> Street | None:
        """The betting round the player folded in (None if the outcome is not a fold)."""
        return _FOLD_STREET.get(self)


_FOLD_STREET = {
    SeatOutcome.FOLDED_BEFORE_DRAW: Street.PREDRAW,
    SeatOutcome.FOLDED_BEFORE_FLOP: Street.PREDRAW,
    SeatOutcome.FOLDED_AFTER_DRAW: Street.DRAW1,
    SeatOutcome.FOLDED_AFTER_1ST_DRAW: Street.DRAW1,
    SeatOutcome.FOLDED_AFTER_2ND_DRAW: Street.DRAW2,
    SeatOutcome.FOLDED_AFTER_3RD_DRAW: Street.DRAW3,
}


# -------------------------------------------------------------------------------------- events


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """Base of every event: the source line number and the line's trailing whitespace."""

    line: int
    trailing: str = ""


@dataclass(frozen=True, slots=True)
class Post(Event):
    """``X: posts small blind $0.05`` / ``posts big blind`` / ``posts the ante 25`` / ``posts
    small & big blinds $0.15``, optionally ``and is all-in``."""

    player: str
    kind: PostKind
    amount: Decimal
    all_in: bool = False


@dataclass(frozen=True, slots=True)
class Action(Event):
    """A betting action. ``amount`` is the increment as written (for ``raises A to B``: ``A``),
    ``to_amount`` is ``B`` for raises and equals ``amount`` for bets; both are None for checks
    and folds, and ``to_amount`` is None for calls."""

    street: Street
    player: str
    kind: ActionKind
    amount: Decimal | None = None
    to_amount: Decimal | None = None
    all_in: bool = False


@dataclass(frozen=True, slots=True)
class CapReached(Event):
    """``Betting is capped``: printed right after the capping raise."""


@dataclass(frozen=True, slots=True)
class SectionMarker(Event):
    """``*** DEALING HANDS ***``, ``*** FIRST DRAW ***`` ... ``*** SUMMARY ***``."""

    section: Section


@dataclass(frozen=True, slots=True)
class DealtTo(Event):
    """The hero's cards: ``Dealt to X [kept]`` (first deal: ``new`` is None) or
    ``Dealt to X [kept] [new]`` after a draw. ``street`` is the street the line belongs to."""

    street: Street
    player: str
    kept: Cards
    new: Cards | None = None

    @property
    def hand(self) -> Cards:
        """The player's cards after this line: ``kept + new``."""
        return self.kept if self.new is None else self.kept + self.new


@dataclass(frozen=True, slots=True)
class DealtHidden(Event):
    """``Dealt to X [X X X X X]`` (Winamax, Kings Club): a player's cards printed face down,
    ``count`` of them (Kings Club once prints six in a hand run twice)."""

    street: Street
    player: str
    count: int


@dataclass(frozen=True, slots=True)
class Draw(Event):
    """``X: discards 2 cards [..]`` (cards only for the hero), ``X: stands pat`` or the hero's
    ``X: stands pat on [..]``. ``discarded`` is None when no bracket was printed (an empty
    bracket, a real PokerStars bug, gives ``()``). ``drawn`` holds the new cards when the line
    itself names them (Kings Club's ``discards [..] draws [..]``): one group, or one per run
    when the draw is run twice (``draws [8c] [Qs]``)."""

    street: Street
    player: str
    count: int
    discarded: Cards | None = None
    pat: bool = False
    pat_cards: Cards | None = None
    drawn: tuple[Cards, ...] = ()


@dataclass(frozen=True, slots=True)
class Replaced(Event):
    """``X is dealt 2 cards``: the replacement cards of a draw, printed after every discard
    line of the draw (Full Tilt; PokerStars prints only the discard)."""

    street: Street
    player: str
    count: int


@dataclass(frozen=True, slots=True)
class Reshuffle(Event):
    """``The deck is reshuffled`` (mid-draw, when the stub runs out)."""


@dataclass(frozen=True, slots=True)
class UncalledBet(Event):
    """``Uncalled bet ($0.05) returned to X``."""

    player: str
    amount: Decimal


@dataclass(frozen=True, slots=True)
class Collected(Event):
    """``X collected $1.24 from pot`` (after rake). ``pot`` is the text as written: ``pot``,
    ``main pot``, ``side pot`` or ``side pot-N``."""

    player: str
    amount: Decimal
    pot: str = "pot"

    @property
    def pot_index(self) -> int:
        """0 for the (main) pot, 1 for ``side pot``, N for ``side pot-N``."""
        if self.pot in ("pot", "main pot"):
            return 0
        if self.pot == "side pot":
            return 1
        return int(self.pot.rpartition("-")[2])


@dataclass(frozen=True, slots=True)
class Shows(Event):
    """``X: shows [..] (Lo: 7,5,4,3,2)``; ``description`` is the text inside the parentheses."""

    player: str
    cards: Cards
    description: str | None = None
    run: int | None = None  # "Run 2: X shows [..]": the run of a hand run twice


@dataclass(frozen=True, slots=True)
class Mucks(Event):
    """``X: mucks hand``."""

    player: str


@dataclass(frozen=True, slots=True)
class DoesntShow(Event):
    """``X: doesn't show hand`` (a winner without a showdown)."""

    player: str


@dataclass(frozen=True, slots=True)
class Chat(Event):
    """``X said, "text"``."""

    player: str
    text: str


@dataclass(frozen=True, slots=True)
class PlayerStatus(Event):
    """A table status line such as ``X has timed out`` or ``X: sits out``. ``colon`` is True when
    the name is followed by a colon; ``seat`` is given by ``joins the table at seat #N``."""

    player: str
    kind: StatusKind
    seat: int | None = None
    colon: bool = False


@dataclass(frozen=True, slots=True)
class Clock(Event):
    """``X has 15 seconds left to act`` (Full Tilt): no money, no action."""

    player: str
    seconds: int


@dataclass(frozen=True, slots=True)
class Emote(Event):
    """``X is feeling happy`` (Full Tilt's emotes): ``feeling`` as written."""

    player: str
    feeling: str


@dataclass(frozen=True, slots=True)
class TopUp(Event):
    """``X adds $2.50`` (Full Tilt): chips added to the player's stack, for the next hand;
    not pot money, even when printed mid-hand."""

    player: str
    amount: Decimal


@dataclass(frozen=True, slots=True)
class HandCancelled(Event):
    """``Hand cancelled``."""


@dataclass(frozen=True, slots=True)
class TournamentFinish(Event):
    """``X finished the tournament in 3rd place`` [``and received $1.60.``]."""

    player: str
    place: int
    prize: Decimal | None = None
    currency_symbol: str = ""


@dataclass(frozen=True, slots=True)
class TournamentWin(Event):
    """``X wins the tournament and receives $2.80 - congratulations!``."""

    player: str
    prize: Decimal
    currency_symbol: str = ""


@dataclass(frozen=True, slots=True)
class SummaryPot(Event):
    """``Total pot $0.55 Main pot $0.43. Side pot $0.10. | Rake $0.02``. ``main`` is None and
    ``sides`` empty when only the total is printed; ``sides_numbered`` tells ``Side pot-1`` from
    ``Side pot``."""

    total: Decimal
    rake: Decimal
    main: Decimal | None = None
    sides: tuple[Decimal, ...] = ()
    sides_numbered: bool = False


@dataclass(frozen=True, slots=True)
class SummarySeat(Event):
    """``Seat 5: X (button) showed [..] and won ($2.01) with Lo: 8,7,5,4,3`` and the other
    summary seat lines. ``amount`` is given for ``won (..)`` and ``collected (..)``, ``cards`` for
    ``showed``/``mucked``, ``description`` (text after ``with``) for ``showed``."""

    seat: int
    player: str
    positions: tuple[Position, ...]
    outcome: SeatOutcome
    didnt_bet: bool = False
    amount: Decimal | None = None
    cards: Cards | None = None
    description: str | None = None


@dataclass(frozen=True, slots=True)
class SeatResult(Event):
    """A summary ledger line, ``Seat 1: X (2,809.38) -187`` (Kings Club): the player's stack
    after the hand and the hand's net result for them."""

    seat: int
    player: str
    stack_after: Decimal
    net: Decimal


# ---------------------------------------------------------------------------------------- hand


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat line: ``Seat 1: Hero ($4 in chips)`` [``, $x bounty``] [``is sitting out`` |
    ``out of hand (reason)``]."""

    seat: int
    player: str
    stack: Decimal
    sitting_out: bool = False
    out_of_hand: str | None = None
    bounty: Decimal | None = None
    line: int = field(default=0, kw_only=True)
    trailing: str = field(default="", kw_only=True)


@dataclass(frozen=True, slots=True)
class Source:
    """Where a hand came from. ``text`` is the hand as decoded (BOM removed, line endings as in
    the file), from the header to the end of the last line, without the final newline."""

    path: str
    first_line: int
    last_line: int
    text: str


@dataclass(frozen=True, slots=True)
class SiteLayout:
    """Format details of a hand that carry no meaning, kept so that the hand can be written back
    byte for byte. Each site subclasses it in its folder (``PokerStarsLayout``); this base means
    no details were recorded, and a writer then uses its site's defaults.

    The two fields every site has: ``money_symbol``, the prefix of every chip amount in the hand
    (``""`` for chips), and ``buy_in_symbol``, the prefix of buy-ins and bounties."""

    money_symbol: str = "$"
    buy_in_symbol: str = ""

    def marker_pots(self) -> tuple[tuple[int, Decimal | None, str], ...]:
        """The pots section markers print (Full Tilt's ``*** FIRST DRAW *** (Pot: $0.45)``):
        (index in ``Hand.events``, the pot or None when unreadable, the text as written)."""
        return ()

    def known_anomaly(self) -> str | None:
        """What the site is known to have really written wrong in this hand (its findings say
        so), or None."""
        return None


E = TypeVar("E", bound=Event)


@dataclass(frozen=True, slots=True)
class Hand:
    """One parsed hand: header facts, seats and every line after the seats as an event."""

    site: str
    hand_id: str
    game: Game
    limit_type: LimitType
    # Limit: small bet / big bet. Pot and No Limit: small blind / big blind.
    stakes: tuple[Decimal, Decimal]
    currency: str | None  # ISO code ("USD"); None for chips
    is_play_money: bool
    is_tournament: bool
    tournament_id: str | None
    buy_in: tuple[Decimal, ...] | None  # 2 or 3 parts: prize pool, [bounty,] fee
    buy_in_currency: str | None
    level: int | None
    match_round: int | None
    mixed_game: str | None  # e.g. "8-Game"
    is_home_game: bool
    club: str | None
    started_at: datetime  # timezone-aware, UTC
    table_name: str
    max_seats: int | None
    button_seat: int
    seats: tuple[Seat, ...]
    hero: str | None
    events: tuple[Event, ...]
    source: Source
    layout: SiteLayout = field(default_factory=SiteLayout)
    # A hand the site printed only in part (Full Tilt's "(partial)": the summary alone): read
    # and shown, never replayed as if complete.
    partial: bool = False

    def __repr__(self) -> str:
        # The dataclass repr prints every event (about 10 KB a hand): one line says which hand.
        low, high = self.stakes
        sym = self.layout.money_symbol
        src = self.source
        return (
            f"<Hand {self.site} #{self.hand_id}: {self.game.label} {self.limit_type.label} "
            f"{sym}{low}/{sym}{high}, {len(self.seats)} seats, {len(self.events)} events, "
            f"{src.path}:{src.first_line}-{src.last_line}>"
        )

    def _repr_html_(self) -> str | None:
        # Jupyter's rich display. A registration hook, not a lazy import: the views are a later
        # layer (histparse._display explains).
        return _display.html_of(self)

    @property
    def players(self) -> tuple[str, ...]:
        """Seated players' names in seat order."""
        return tuple(s.player for s in self.seats)

    def seat_of(self, player: str) -> Seat | None:
        """The seat of ``player``, or None if the player is not seated."""
        for s in self.seats:
            if s.player == player:
                return s
        return None

    def dealt_in(self) -> list[Seat]:
        """Seats dealt in: not out of hand and, in cash games, not sitting out unless the lines
        show them playing (a tournament deals sitting-out players in: docs/formats.md §1.3)."""
        acting: set[str] | None = None
        out: list[Seat] = []
        for s in self.seats:
            dealt = s.out_of_hand is None
            if dealt and s.sitting_out and not self.is_tournament:
                if acting is None:
                    acting = {
                        e.player
                        for e in self.events
                        if isinstance(e, Post | Action | Draw | Shows | Mucks)
                    }
                dealt = s.player in acting
            if dealt:
                out.append(s)
        return out

    def events_of(self, kind: type[E]) -> tuple[E, ...]:
        """The events of one class, in order."""
        return tuple(e for e in self.events if isinstance(e, kind))

    def iter_events(self, kind: type[E]) -> Iterator[E]:
        """Iterate over the events of one class, in order."""
        return (e for e in self.events if isinstance(e, kind))

    @property
    def actions(self) -> tuple[Action, ...]:
        """The betting actions."""
        return self.events_of(Action)

    @property
    def posts(self) -> tuple[Post, ...]:
        """The forced bets."""
        return self.events_of(Post)

    @property
    def draws(self) -> tuple[Draw, ...]:
        """The discard and stand-pat lines."""
        return self.events_of(Draw)

    @property
    def cancelled(self) -> bool:
        """True if the hand contains ``Hand cancelled``."""
        return any(isinstance(e, HandCancelled) for e in self.events)
