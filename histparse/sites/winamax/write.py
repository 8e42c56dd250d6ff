"""Write hands back as Winamax text, byte for byte (FORMATS-SITES §2).

Every line comes from one event, the seats or the layout (the header, the table line, the
``*** ANTE/BLINDS ***`` line and the ``*** N-BET ***`` lines). A hand built by code (no
``WinamaxLayout``) is written in the real-money dialect with the euro sign; its betting
markers stand before the first action after each draw.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from decimal import Decimal
from typing import Final

from histparse.cards import Card
from histparse.events import (
    Action,
    ActionKind,
    Collected,
    DealtHidden,
    DealtTo,
    Draw,
    Event,
    Hand,
    Post,
    PostKind,
    SeatOutcome,
    Section,
    SectionMarker,
    Shows,
    SummaryPot,
    SummarySeat,
)
from histparse.game import Game, LimitType
from histparse.sites.base import WriteError
from histparse.sites.lines import default_bet_markers, pieces
from histparse.sites.winamax.layout import WinamaxLayout
from histparse.sites.winamax.wording import BET_MARKERS, BLINDS_MARKER, MARKERS, POSITIONS

__all__ = ["file_pieces", "write_hand"]

_LIMIT_WORDS: Final = {
    LimitType.FIXED: "fixed limit",
    LimitType.POT: "pot limit",
    LimitType.NO_LIMIT: "no limit",
}
_POST_WORDS: Final = {
    PostKind.SMALL_BLIND: "small blind",
    PostKind.BIG_BLIND: "big blind",
    PostKind.ANTE: "ante",
}
_DRAW_NUMBER: Final = {Section.FIRST_DRAW: 1, Section.SECOND_DRAW: 2, Section.THIRD_DRAW: 3}


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(map(str, cards))


def layout_of(hand: Hand) -> WinamaxLayout:
    """The hand's Winamax layout; the client's defaults for a hand built by code."""
    layout = hand.layout
    if isinstance(layout, WinamaxLayout):
        return layout
    if hand.game is not Game.TRIPLE_DRAW_27:
        raise WriteError(f"hand {hand.hand_id}: Winamax hands are 2-7 Triple Draw")
    return WinamaxLayout(money_symbol="€", real_money=not hand.is_play_money)


def write_hand(hand: Hand) -> str:
    """The hand as Winamax prints it, without a final newline."""
    layout = layout_of(hand)
    return layout.newline.join(_lines(hand, layout))


def _lines(hand: Hand, layout: WinamaxLayout) -> Iterator[str]:
    suf = layout.money_suffix

    def m(amount: Decimal | None) -> str:
        if amount is None:
            raise WriteError(f"hand {hand.hand_id}: an amount is missing")
        return f"{amount:f}{suf}"

    parts = hand.hand_id.split("-")
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        raise WriteError(f"hand {hand.hand_id}: a Winamax HandId has three numbers (a-b-time)")
    when = hand.started_at.strftime("%Y/%m/%d %H:%M:%S")
    low, high = hand.stakes
    yield (
        f"Winamax Poker - CashGame - HandId: #{hand.hand_id} - {layout.game_word} "
        f"{_LIMIT_WORDS[hand.limit_type]} ({m(low)}/{m(high)}) - {when} UTC"
    )
    money = "real money" if layout.real_money else "play money"
    yield (
        f"Table: '{hand.table_name}' {hand.max_seats or 6}-max ({money}) "
        f"Seat #{hand.button_seat} is the button"
    )
    for s in hand.seats:
        yield f"Seat {s.seat}: {s.player} ({m(s.stack)}){s.trailing}"
    yield BLINDS_MARKER + layout.blinds_trailing
    details = dict(layout.details)
    markers = dict(layout.bet_markers or default_bet_markers(hand))
    draw = 0
    for k, e in enumerate(hand.events):
        if k in markers:
            if not 1 <= draw <= 3:
                raise WriteError(f"hand {hand.hand_id}: a betting marker outside a draw")
            yield BET_MARKERS[draw - 1] + markers[k]
        if type(e) is SectionMarker:
            draw = _DRAW_NUMBER.get(e.section, draw)
        yield _line(hand, e, details.get(k, ""), m) + e.trailing


def _line(hand: Hand, e: Event, detail: str, money: Callable[[Decimal | None], str]) -> str:
    if isinstance(e, Action):
        p = e.player
        kind = e.kind
        tail = " and is all-in" if e.all_in else ""
        if kind is ActionKind.FOLD:
            return f"{p} folds"
        if kind is ActionKind.CHECK:
            return f"{p} checks"
        if kind is ActionKind.CALL:
            return f"{p} calls {money(e.amount)}{tail}"
        if kind is ActionKind.BET:
            return f"{p} bets {money(e.amount)}{tail}"
        if e.amount is None:
            raise WriteError(f"hand {hand.hand_id}: Winamax writes 'raises A to B' (A missing)")
        return f"{p} raises {money(e.amount)} to {money(e.to_amount)}{tail}"
    if isinstance(e, Post):
        words = _POST_WORDS.get(e.kind)
        if words is None:
            raise WriteError(f"hand {hand.hand_id}: Winamax prints no {e.kind.label} post")
        oop = " out of position" if detail == "oop" else ""
        tail = " and is all-in" if e.all_in else ""
        return f"{e.player} posts {words} {money(e.amount)}{oop}{tail}"
    if isinstance(e, SectionMarker):
        return MARKERS[e.section]
    if isinstance(e, DealtTo):
        return f"Dealt to {e.player} [{_cards(e.hand)}]"
    if isinstance(e, DealtHidden):
        return f"Dealt to {e.player} [{' '.join('X' * e.count)}]"
    if isinstance(e, Draw):
        if e.pat and (e.pat_cards is not None or detail == "hidden"):
            shown = _cards(e.pat_cards) if e.pat_cards is not None else "X X X X X"
            return f"{e.player} stands pat [{shown}]"
        count = e.count
        return f"{e.player} discard {count} card{'s' if count > 1 else ''}"
    if isinstance(e, Shows):
        desc = f" ({e.description})" if e.description else ""
        return f"{e.player} shows [{_cards(e.cards)}]{desc}"
    if isinstance(e, Collected):
        return f"{e.player} collected {money(e.amount)} from {e.pot}"
    if isinstance(e, SummaryPot):
        return f"Total pot {money(e.total)} | Rake {money(e.rake)}"
    if isinstance(e, SummarySeat):
        tags = "".join(f" ({POSITIONS[p]})" for p in e.positions)
        head = f"Seat {e.seat}: {e.player}{tags}"
        with_ = f" with {e.description}" if e.description else ""
        if e.outcome is SeatOutcome.COLLECTED:
            return f"{head} won {money(e.amount)}"
        if e.outcome is SeatOutcome.SHOWED_WON and e.cards is not None:
            return f"{head} showed [{_cards(e.cards)}] and won {money(e.amount)}{with_}"
        if e.outcome is SeatOutcome.SHOWED_LOST and e.cards is not None:
            return f"{head} showed [{_cards(e.cards)}] and lost{with_}"
        raise WriteError(f"hand {hand.hand_id}: Winamax's summary lists winners and showers only")
    raise WriteError(f"hand {hand.hand_id}: Winamax prints no {type(e).__name__} line")


def file_pieces(hands: Iterable[Hand], newline: str | None, bom: bool | None) -> Iterator[str]:
    """A Winamax file in pieces, one hand at a time: hands apart by a blank line."""
    return pieces(hands, layout_of, _lines, newline=newline, bom=bom, blank_lines=1)
