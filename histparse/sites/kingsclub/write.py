"""Write hands back as Kings Club text, byte for byte (FORMATS-SITES §3).

Every line comes from one event, the seats or the layout (the three header lines, the
``*** 1ST BETTING ROUND ***`` line and the later betting-round lines). The site's own amounts
are worked back from the events: a call is printed as the round total it calls to, a
``SMALL_AND_BIG_BLIND`` post as the live blind ``posts blind X`` names (two thirds of it). A
hand built by code (no ``KingsClubLayout``) gets the betting-round lines before the first
action after each draw.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
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
    SeatResult,
    Section,
    SectionMarker,
    Shows,
    SummaryPot,
)
from histparse.game import Game, LimitType, Street
from histparse.sites.base import WriteError
from histparse.sites.kingsclub.layout import KingsClubLayout
from histparse.sites.kingsclub.read import TIME_ZONE, win_form
from histparse.sites.kingsclub.wording import BET_MARKERS, FIRST_ROUND, MARKERS
from histparse.sites.lines import default_bet_markers, pieces

__all__ = ["file_pieces", "format_amount", "write_hand"]

_GAME_WORDS: Final = {
    (Game.TRIPLE_DRAW_27, LimitType.FIXED): "Limit 2-7 Triple Draw",
    (Game.SINGLE_DRAW_27, LimitType.NO_LIMIT): "No Limit 2-7 Single Draw",
    (Game.SINGLE_DRAW_27, LimitType.POT): "Pot Limit 2-7 Single Draw",
    (Game.SINGLE_DRAW_27, LimitType.FIXED): "Limit 2-7 Single Draw",
}
_POST_WORDS: Final = {
    PostKind.ANTE: "ante",
    PostKind.SMALL_BLIND: "the small blind",
    PostKind.BIG_BLIND: "the big blind",
    PostKind.SMALL_AND_BIG_BLIND: "blind",
}
_DRAW_NUMBER: Final = {Section.FIRST_DRAW: 1, Section.SECOND_DRAW: 2, Section.THIRD_DRAW: 3}
_ZERO: Final = Decimal(0)
_WHOLE: Final = Decimal(1)
_CENT: Final = Decimal("0.01")


def format_amount(amount: Decimal) -> str:
    """``2996.38`` as Kings Club writes it: ``2,996.38`` (no currency sign; cents only when
    needed, as in ``1,262.50`` and ``3,533``)."""
    shown = amount.quantize(_WHOLE) if amount == amount.to_integral_value() else amount
    if shown == amount and shown.as_tuple().exponent != 0:
        cents = amount.quantize(_CENT)
        shown = cents if cents == amount else amount
    amount = shown
    whole, dot, frac = f"{abs(amount):f}".partition(".")
    return f"{'-' if amount < 0 else ''}{int(whole):,}{dot}{frac}"


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(map(str, cards))


def layout_of(hand: Hand) -> KingsClubLayout:
    """The hand's Kings Club layout; the app's defaults for a hand built by code."""
    layout = hand.layout
    if isinstance(layout, KingsClubLayout):
        return layout
    return KingsClubLayout()


def write_hand(hand: Hand) -> str:
    """The hand as Kings Club prints it, without a final newline."""
    layout = layout_of(hand)
    return layout.newline.join(_lines(hand, layout))


def _lines(hand: Hand, layout: KingsClubLayout) -> Iterator[str]:
    game = _GAME_WORDS.get((hand.game, hand.limit_type))
    if game is None:
        raise WriteError(f"hand {hand.hand_id}: Kings Club has no {hand.game.label} writer")
    low, high = hand.stakes
    yield f"#{hand.hand_id}: {game} - {format_amount(low)}/{format_amount(high)}"
    yield hand.started_at.astimezone(TIME_ZONE).strftime("%Y-%m-%d %H:%M:%S")
    yield f"Table '{hand.table_name}' Seat {hand.button_seat} is the button"
    for s in hand.seats:
        yield f"Seat {s.seat}: {s.player} ({format_amount(s.stack)}){s.trailing}"
    if layout.first_round_marker:
        yield FIRST_ROUND
    details = dict(layout.details)
    markers = dict(layout.bet_markers or default_bet_markers(hand))
    winners: dict[str, int] = {}
    for e in hand.events:
        if type(e) is Collected:
            winners[e.pot] = winners.get(e.pot, 0) + 1
    live: dict[str, Decimal] = {}
    street = Street.PREDRAW
    draw = 0
    for k, e in enumerate(hand.events):
        if k in markers:
            if not 1 <= draw <= 3:
                raise WriteError(f"hand {hand.hand_id}: a betting-round line outside a draw")
            yield BET_MARKERS[draw - 1] + markers[k]
        if type(e) is SectionMarker:
            draw = _DRAW_NUMBER.get(e.section, draw)
        if type(e) is Action and e.street is not street:
            street = e.street
            live = {}
        text = _line(hand, e, live, details.get(k), winners)
        yield text + e.trailing


def _line(
    hand: Hand, e: Event, live: dict[str, Decimal], detail: str | None, winners: dict[str, int]
) -> str:
    fmt = format_amount
    if isinstance(e, Action):
        p = e.player
        tail = ", and is all in" if e.all_in else ""
        before = live.get(p, _ZERO)
        kind = e.kind
        if kind is ActionKind.FOLD:
            return f"{p} folds"
        if kind is ActionKind.CHECK:
            return f"{p} checks"
        if kind is ActionKind.CALL:
            to = e.to_amount if e.to_amount is not None else before + (e.amount or _ZERO)
            live[p] = to
            return f"{p} calls {fmt(to)}{tail}"
        if kind is ActionKind.BET:
            bet = e.amount if e.amount is not None else (e.to_amount or _ZERO) - before
            live[p] = before + bet
            return f"{p} bets {fmt(bet)}{tail}"
        to = e.to_amount if e.to_amount is not None else before + (e.amount or _ZERO)
        live[p] = to
        return f"{p} raises to {fmt(to)}{tail}"
    if isinstance(e, Post):
        words = _POST_WORDS.get(e.kind)
        if words is None:
            raise WriteError(f"hand {hand.hand_id}: Kings Club prints no {e.kind.label} post")
        value = e.amount
        if e.kind is PostKind.SMALL_AND_BIG_BLIND:
            value = value * 2 / 3  # the live blind the line names; its dead half is silent
        if e.kind is not PostKind.ANTE:
            live[e.player] = live.get(e.player, _ZERO) + min(value, e.amount)
        tail = ", and is all in" if e.all_in else ""
        return f"{e.player}: posts {words} {fmt(value)}{tail}"
    if isinstance(e, SectionMarker):
        if e.section is Section.SHOW_DOWN or e.section is Section.DEALING_HANDS:
            raise WriteError(f"hand {hand.hand_id}: Kings Club prints no {e.section.value} line")
        return MARKERS[e.section]
    if isinstance(e, DealtTo):
        return f"Dealt to {e.player}: [{_cards(e.hand)}]"
    if isinstance(e, DealtHidden):
        return f"Dealt to {e.player}: [{' '.join('X' * e.count)}]"
    if isinstance(e, Draw):
        if e.pat or e.count == 0:
            return f"{e.player} stands pat"
        if e.discarded is not None and e.drawn:
            groups = " ".join(f"[{_cards(g)}]" for g in e.drawn)
            return f"{e.player} discards [{_cards(e.discarded)}] draws {groups}"
        return f"{e.player} draws {e.count}"
    if isinstance(e, Shows):
        run = f"Run {e.run}: " if e.run is not None else ""
        return f"{run}{e.player} shows [{_cards(e.cards)}]"
    if isinstance(e, SeatResult):
        sign = "+" if e.net > 0 else ""
        return f"Seat {e.seat}: {e.player} ({fmt(e.stack_after)}) {sign}{fmt(e.net)}"
    if isinstance(e, SummaryPot):
        return f"Rake {fmt(e.rake)}"
    if isinstance(e, Collected):
        form = detail or win_form(winners.get(e.pot, 0) > 1 or e.pot != "pot")
        if form == "pot":
            return f"{e.player} wins pot ({fmt(e.amount)})"
        pot = e.pot if e.pot == "pot" else "side pot " + e.pot.rpartition("-")[2]
        return f"{e.player} wins ({fmt(e.amount)}) from {pot}"
    raise WriteError(f"hand {hand.hand_id}: Kings Club prints no {type(e).__name__} line")


def file_pieces(hands: Iterable[Hand], newline: str | None, bom: bool | None) -> Iterator[str]:
    """A Kings Club file in pieces, one hand at a time: hands apart by two blank lines."""
    return pieces(hands, layout_of, _lines, newline=newline, bom=bom, blank_lines=2)
