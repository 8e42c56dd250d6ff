"""Write hands back as Full Tilt text, byte for byte, in their dialect (FORMATS-SITES §1).

Every line comes from one event, the seats or the layout (header, the archive's blank line,
the button line, ``Duration``); what an event does not say, ``FullTiltLayout.details`` does.
A hand built by code (no details) is written as the client prints it: the draw markers'
``(Pot: $x)`` is then worked out from the lines' own money (``histparse.ledger``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from datetime import datetime
from decimal import Decimal
from typing import Final
from zoneinfo import ZoneInfo

from histparse.cards import Card
from histparse.events import (
    Action,
    ActionKind,
    Chat,
    Clock,
    Collected,
    DealtTo,
    Draw,
    Emote,
    Event,
    Hand,
    Mucks,
    PlayerStatus,
    Post,
    PostKind,
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
from histparse.game import Game, LimitType
from histparse.ledger import LineLedger
from histparse.sites.base import WriteError
from histparse.sites.fulltilt.layout import FullTiltLayout
from histparse.sites.fulltilt.wording import (
    ARCHIVE_DIDNT_BET,
    ARCHIVE_OUTCOMES,
    CLIENT_DIDNT_BET,
    CLIENT_OUTCOMES,
    MARKERS,
    POSITIONS,
    SINGLE_DRAW_MARKER,
    STATUSES,
)

__all__ = ["HAND_SEPARATOR_BLANK_LINES", "file_pieces", "format_amount", "write_hand"]

HAND_SEPARATOR_BLANK_LINES: Final = 3
_BOM: Final = "\ufeff"
_ET: Final = ZoneInfo("America/New_York")
Cards = tuple[Card, ...]


def format_amount(amount: Decimal, symbol: str = "") -> str:
    """``1500.50`` as Full Tilt writes it: ``$1,500.50`` (thousands separated by commas)."""
    whole, dot, frac = f"{amount:f}".partition(".")
    grouped = f"{int(whole):,}"
    return f"{symbol}{grouped}{dot}{frac}"


def _cards(cards: Cards) -> str:
    return " ".join(map(str, cards))


_GAME_WORDS: Final = {
    Game.TRIPLE_DRAW_27: "2-7 Triple Draw",
    Game.SINGLE_DRAW_27: "2-7 Single Draw",
}
_LIMIT_WORDS: Final = {
    LimitType.FIXED: "Limit",
    LimitType.NO_LIMIT: "No Limit",
    LimitType.POT: "Pot Limit",
}


def _header(hand: Hand, layout: FullTiltLayout) -> str:
    if layout.header_text:
        return layout.header_text
    game = _GAME_WORDS.get(hand.game)
    if game is None:
        raise WriteError(f"hand {hand.hand_id}: Full Tilt has no wording for {hand.game.label}")
    sym = layout.money_symbol
    site = "FullTiltPoker" if layout.archive else "Full Tilt Poker"
    tournament = ""
    if hand.is_tournament and hand.tournament_id is not None:
        tournament = f"Tournament ({hand.tournament_id}), "
    attrs = ""
    if hand.max_seats == 2:
        attrs = " (heads up)"
    elif hand.max_seats is not None:
        attrs = f" ({hand.max_seats} max)"
    low, high = hand.stakes
    stakes = f"{format_amount(low, sym)}/{format_amount(high, sym)}"
    antes = [e.amount for e in hand.events if isinstance(e, Post) and e.kind is PostKind.ANTE]
    if antes:
        stakes += f" Ante {format_amount(max(antes), sym)}"
    when: datetime = hand.started_at.astimezone(_ET)
    time = f"{when.hour:02d}:{when.minute:02d}:{when.second:02d} ET - {when:%Y/%m/%d}"
    tail = " (partial)" if hand.partial else ""
    return (
        f"{site} Game #{hand.hand_id}: {tournament}Table {hand.table_name}{attrs} - {stakes} - "
        f"{_LIMIT_WORDS[hand.limit_type]} {game} - {time}{tail}"
    )


def _seat(seat: Seat, sym: str, unmarked: tuple[int, ...]) -> str:
    text = f"Seat {seat.seat}: {seat.player} ({format_amount(seat.stack, sym)})"
    if seat.sitting_out and seat.seat not in unmarked:
        text += ", is sitting out"
    return text + seat.trailing


_POST_WORDS: Final = {
    PostKind.SMALL_BLIND: "posts the small blind of ",
    PostKind.BIG_BLIND: "posts the big blind of ",
    PostKind.DEAD_BLIND: "posts a dead small blind of ",
}


class _Writer:
    """Writes the event lines of one hand (the ledger works out markers' pots for a hand
    without recorded details)."""

    def __init__(self, hand: Hand, layout: FullTiltLayout) -> None:
        self.hand = hand
        self.layout = layout
        self.sym = layout.money_symbol
        self.details = dict(layout.details)
        self.ledger = LineLedger()
        self.pot = Decimal(0)
        self.players_in = len(hand.dealt_in())
        self.all_in: set[str] = set()

    def amount(self, value: Decimal) -> str:
        return format_amount(value, self.sym)

    def all_in_word(self, flag: bool) -> str:
        return ", and is all in" if flag else ""

    def line(self, index: int, e: Event) -> str:
        kind = type(e)
        if kind is Action:
            return self.action(e)  # type: ignore[arg-type]
        writer = _WRITERS.get(kind)
        if writer is None:
            raise WriteError(f"Full Tilt prints no {kind.__name__} line")
        return writer(self, index, e)

    def action(self, e: Action) -> str:
        k = e.kind
        if e.all_in:
            self.all_in.add(e.player)
        if k is ActionKind.FOLD:
            self.players_in -= 1
            return f"{e.player} folds"
        if k is ActionKind.CHECK:
            return f"{e.player} checks"
        self.pot += self.ledger.action(e)
        if k is ActionKind.CALL:
            if e.amount is None:
                raise WriteError("a call without an amount")
            return f"{e.player} calls {self.amount(e.amount)}{self.all_in_word(e.all_in)}"
        if k is ActionKind.BET:
            if e.amount is None:
                raise WriteError("a bet without an amount")
            return f"{e.player} bets {self.amount(e.amount)}{self.all_in_word(e.all_in)}"
        if e.to_amount is None:
            raise WriteError("a raise without a 'to' amount")
        return f"{e.player} raises to {self.amount(e.to_amount)}{self.all_in_word(e.all_in)}"

    def post(self, index: int, e: Post) -> str:
        self.pot += e.amount
        self.ledger.post(e)
        tail = self.amount(e.amount) + self.all_in_word(e.all_in)
        if e.kind is PostKind.ANTE:
            return f"{e.player} antes {tail}"
        if e.kind is PostKind.BIG_BLIND and self.details.get(index) == "bare":
            return f"{e.player} posts {tail}"
        words = _POST_WORDS.get(e.kind)
        if words is None:
            raise WriteError(f"Full Tilt has no wording for a {e.kind.label} post")
        return f"{e.player} {words}{tail}"

    def section(self, index: int, e: SectionMarker) -> str:
        s = e.section
        if s in (Section.FIRST_DRAW, Section.SECOND_DRAW, Section.THIRD_DRAW):
            self.ledger.enter(s.street)
            base = SINGLE_DRAW_MARKER if self.hand.game.draws == 1 else MARKERS[s]
            detail = self.details.get(index)
            if detail is None and not self.layout.header_text:
                detail = f" (Pot: {self.amount(self.pot)})"
            return base + (detail or "")
        return MARKERS[s]

    def uncalled(self, index: int, e: UncalledBet) -> str:
        self.pot -= e.amount
        return f"Uncalled bet of {self.amount(e.amount)} returned to {e.player}"

    def collected(self, index: int, e: Collected) -> str:
        detail = self.details.get(index)
        if detail is None and not self.layout.header_text:
            detail = self.win_description(e.player)
        return f"{e.player} wins the {e.pot} ({self.amount(e.amount)}){detail or ''}"

    def win_description(self, player: str) -> str:
        for e in self.hand.events:
            if isinstance(e, Shows) and e.player == player and e.description:
                return f" with {e.description}"
        return ""

    def summary_seat(self, index: int, e: SummarySeat) -> str:
        detail = self.details.get(index) or ""
        glued = detail[6:] if detail.startswith("glued:") else ""
        text = f"{glued}Seat {e.seat}: {e.player}"
        text += "".join(f" ({POSITIONS[p]})" for p in e.positions)
        archive = self.layout.archive
        o = e.outcome
        if o is SeatOutcome.NO_OUTCOME:
            return text
        if e.didnt_bet:
            return f"{text} {ARCHIVE_DIDNT_BET if archive else CLIENT_DIDNT_BET}"
        words = (ARCHIVE_OUTCOMES if archive else CLIENT_OUTCOMES).get(o)
        if words is not None:
            return f"{text} {words}"
        if o is SeatOutcome.SHOWED_WON:
            if e.amount is None or e.cards is None:
                raise WriteError("a 'showed and won' line without cards or amount")
            tail = f" with {e.description}" if e.description is not None else ""
            return f"{text} showed [{_cards(e.cards)}] and won ({self.amount(e.amount)}){tail}"
        if o is SeatOutcome.SHOWED_LOST:
            if e.cards is None:
                raise WriteError("a 'showed and lost' line without cards")
            tail = f" with {e.description}" if e.description is not None else ""
            return f"{text} showed [{_cards(e.cards)}] and lost{tail}"
        if o is SeatOutcome.MUCKED:
            if e.cards is None:
                raise WriteError("a 'mucked' line without cards")
            tail = f" - {e.description}" if e.description is not None else ""
            return f"{text} mucked [{_cards(e.cards)}]{tail}"
        if o is SeatOutcome.COLLECTED:
            if e.amount is None:
                raise WriteError("a 'collected' line without an amount")
            mucked = not archive
            if detail == "mucked":
                mucked = True
            elif detail == "unmucked":
                mucked = False
            return f"{text} collected ({self.amount(e.amount)}){', mucked' if mucked else ''}"
        raise WriteError(f"Full Tilt has no wording for a {o.value} summary line")


def _w_post(w: _Writer, i: int, e: Event) -> str:
    assert isinstance(e, Post)
    return w.post(i, e)


def _w_section(w: _Writer, i: int, e: Event) -> str:
    assert isinstance(e, SectionMarker)
    return w.section(i, e)


def _w_dealt(w: _Writer, i: int, e: Event) -> str:
    assert isinstance(e, DealtTo)
    text = f"Dealt to {e.player} [{_cards(e.kept)}]"
    return text if e.new is None else f"{text} [{_cards(e.new)}]"


def _w_draw(w: _Writer, i: int, e: Event) -> str:
    assert isinstance(e, Draw)
    if e.pat:
        return f"{e.player} stands pat" + (
            "" if e.pat_cards is None else f" on [{_cards(e.pat_cards)}]"
        )
    word = "card" if e.count == 1 else "cards"
    tail = "" if e.discarded is None else f" [{_cards(e.discarded)}]"
    return f"{e.player} discards {e.count} {word}{tail}"


def _w_replaced(w: _Writer, i: int, e: Event) -> str:
    assert isinstance(e, Replaced)
    return f"{e.player} is dealt {e.count} {'card' if e.count == 1 else 'cards'}"


def _w_uncalled(w: _Writer, i: int, e: Event) -> str:
    assert isinstance(e, UncalledBet)
    return w.uncalled(i, e)


def _w_collected(w: _Writer, i: int, e: Event) -> str:
    assert isinstance(e, Collected)
    return w.collected(i, e)


def _w_shows(w: _Writer, i: int, e: Event) -> str:
    assert isinstance(e, Shows)
    tail = "" if e.description is None else f" {e.description}"
    return f"{e.player} shows [{_cards(e.cards)}]{tail}"


def _w_mucks(w: _Writer, i: int, e: Event) -> str:
    assert isinstance(e, Mucks)
    return f"{e.player} mucks"


def _w_chat(w: _Writer, i: int, e: Event) -> str:
    assert isinstance(e, Chat)
    return f"{e.player}: {e.text}" if e.text else f"{e.player}:"


def _w_status(w: _Writer, i: int, e: Event) -> str:
    assert isinstance(e, PlayerStatus)
    words = STATUSES.get(e.kind)
    if words is None:
        raise WriteError(f"Full Tilt has no wording for the status {e.kind.value}")
    return f"{e.player} {words}"


def _w_clock(w: _Writer, i: int, e: Event) -> str:
    assert isinstance(e, Clock)
    return f"{e.player} has {e.seconds} seconds left to act"


def _w_emote(w: _Writer, i: int, e: Event) -> str:
    assert isinstance(e, Emote)
    return f"{e.player} is feeling {e.feeling}"


def _w_topup(w: _Writer, i: int, e: Event) -> str:
    assert isinstance(e, TopUp)
    return f"{e.player} adds {w.amount(e.amount)}"


def _w_pot(w: _Writer, i: int, e: Event) -> str:
    assert isinstance(e, SummaryPot)
    pots = ""
    if e.main is not None:
        pots = f" Main pot {w.amount(e.main)}."
        for k, side in enumerate(e.sides, start=1):
            label = f"Side pot-{k}" if e.sides_numbered else "Side pot"
            pots += f" {label} {w.amount(side)}."
    return f"Total pot {w.amount(e.total)}{pots} | Rake {w.amount(e.rake)}"


def _w_summary_seat(w: _Writer, i: int, e: Event) -> str:
    assert isinstance(e, SummarySeat)
    return w.summary_seat(i, e)


_WRITERS: Final[dict[type, Callable[[_Writer, int, Event], str]]] = {
    Post: _w_post,
    SectionMarker: _w_section,
    DealtTo: _w_dealt,
    Draw: _w_draw,
    Replaced: _w_replaced,
    UncalledBet: _w_uncalled,
    Collected: _w_collected,
    Shows: _w_shows,
    Mucks: _w_mucks,
    Chat: _w_chat,
    PlayerStatus: _w_status,
    Clock: _w_clock,
    Emote: _w_emote,
    TopUp: _w_topup,
    SummaryPot: _w_pot,
    SummarySeat: _w_summary_seat,
}


def layout_of(hand: Hand) -> FullTiltLayout:
    """The hand's Full Tilt layout (a client-dialect default for a hand without one)."""
    layout = hand.layout
    if isinstance(layout, FullTiltLayout):
        return layout
    button_at = -1
    for i, e in enumerate(hand.events):
        if isinstance(e, SectionMarker) and e.section is Section.DEALING_HANDS:
            button_at = i
            break
    return FullTiltLayout(money_symbol=layout.money_symbol, button_at=button_at, newline="\r\n")


def _lines(hand: Hand, layout: FullTiltLayout) -> list[str]:
    lines = [_header(hand, layout)]
    if layout.blank_after_header:
        lines.append("")
    sym = layout.money_symbol
    lines += [_seat(s, sym, layout.unmarked_out) for s in hand.seats]
    writer = _Writer(hand, layout)
    for index, event in enumerate(hand.events):
        if index == layout.button_at:
            lines.append(f"The button is in seat #{hand.button_seat}")
        try:
            text = writer.line(index, event)
        except WriteError as error:
            raise WriteError(f"hand {hand.hand_id}, line {event.line}: {error}") from None
        lines.append(text + event.trailing)
        if (
            layout.duration is not None
            and isinstance(event, SectionMarker)
            and event.section is Section.SUMMARY
        ):
            lines.append(layout.duration)
    return lines


def write_hand(hand: Hand) -> str:
    """The hand as Full Tilt text with its own line endings, from the header to the end of its
    last line, with no final newline and no BOM: for a parsed hand, ``hand.source.text``."""
    layout = layout_of(hand)
    return layout.newline.join(_lines(hand, layout))


def file_pieces(hands: Iterable[Hand], newline: str | None, bom: bool | None) -> Iterator[str]:
    """A Full Tilt file in pieces, one hand at a time: each hand then three blank lines."""
    first = True
    for hand in hands:
        layout = layout_of(hand)
        if first:
            first = False
            if bom if bom is not None else layout.bom:
                yield _BOM
        nl = layout.newline if newline is None else newline
        if nl not in ("\n", "\r\n"):
            raise WriteError(f"line ending must be LF or CRLF, not {nl!r}")
        yield nl.join(_lines(hand, layout)) + nl * (HAND_SEPARATOR_BLANK_LINES + 1)
    if first and bom:
        yield _BOM
