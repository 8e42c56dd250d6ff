"""A hand as a Merge ``<game>`` element, whose XML parses back to the same events.

The events say everything the game's money, cards and order need; what they do not keep
(event timestamps, the ``hand=`` descriptions of cards elements) is written from the hand's
start time or left out. A winner's amount is written with the uncalled bet the reader took
out of it (the ``UncalledBet`` and ``SummaryPot`` events are the reader's and are not
written); each round is opened by the first event that belongs to it, and cards elements end
their round, as Merge writes them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import timedelta, timezone
from decimal import Decimal
from typing import Final

from histparse.cards import Card
from histparse.events import (
    Action,
    Chat,
    Collected,
    DealtTo,
    Draw,
    Event,
    Hand,
    HandCancelled,
    Mucks,
    Post,
    Section,
    SectionMarker,
    Shows,
    UncalledBet,
)
from histparse.game import ActionKind, LimitType, PostKind, Street
from histparse.sites.base import WriteError
from histparse.sites.merge.layout import Description, MergeLayout

__all__ = ["description_of", "file_pieces", "write_game"]

_EST: Final = timezone(timedelta(hours=-5))
_POSTS: Final = {
    PostKind.SMALL_BLIND: "SMALL_BLIND",
    PostKind.BIG_BLIND: "BIG_BLIND",
    PostKind.ANTE: "ANTE",
}
_DRAW_ROUNDS: Final = {
    Street.DRAW1: ("FIRST_DRAW", "POST_FIRST_DRAW"),
    Street.DRAW2: ("SECOND_DRAW", "POST_SECOND_DRAW"),
    Street.DRAW3: ("THIRD_DRAW", "POST_THIRD_DRAW"),
}
_AFTER_DRAW: Final = {draw: post for draw, post in _DRAW_ROUNDS.values()}
_MARKER_ROUNDS: Final = {
    Section.DEALING_HANDS: "PRE_FIRST_DRAW",
    Section.FIRST_DRAW: "FIRST_DRAW",
    Section.SECOND_DRAW: "SECOND_DRAW",
    Section.THIRD_DRAW: "THIRD_DRAW",
    Section.SHOW_DOWN: "SHOWDOWN",
}
_ESCAPES: Final = str.maketrans(
    {
        "&": "&amp;",
        "<": "&lt;",
        ">": "&gt;",
        '"': "&quot;",
        "\n": "&#10;",
        "\r": "&#13;",
        "\t": "&#9;",
    }
)


def _q(value: object) -> str:
    return str(value).translate(_ESCAPES)


def _cards(cards: Iterable[Card]) -> str:
    return ",".join(map(str, cards))


def description_of(hand: Hand) -> Description | None:
    """The description a hand is written under: its own, or one made from its stakes."""
    layout = hand.layout
    if isinstance(layout, MergeLayout):
        return layout.description
    sym = layout.money_symbol
    low, high = hand.stakes
    if hand.limit_type is LimitType.FIXED:
        return Description("2-7 Lowball", f"Limit {sym}{low}/{sym}{high}")
    return Description("2-7 Lowball", f"{hand.limit_type.label} ({sym}{low}/{sym}{high})")


def _description_line(d: Description) -> str:
    return f'<description type="{_q(d.type)}" stakes="{_q(d.stakes)}"/>'


class _Writer:
    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.lines: list[str] = []
        self.round: str | None = None
        self.rounds = 0
        self.sequence = 0
        self.pending: list[str] = []  # cards elements, written as their round closes
        self.seats = {s.player: s.seat - 1 for s in hand.seats}
        self.bets: dict[str, Decimal] = {}
        start = hand.started_at.timestamp()
        self.clock = int(start * 1000) + 500
        layout = hand.layout
        self.initial = set(layout.initial_blinds) if isinstance(layout, MergeLayout) else set()
        self.returned: dict[str, Decimal] = {}
        for e in hand.events:
            if isinstance(e, UncalledBet):
                self.returned[e.player] = self.returned.get(e.player, Decimal(0)) + e.amount
        self.folded_end = False
        self.drawn = False

    def seat(self, player: str) -> int:
        seat = self.seats.get(player)
        if seat is None:
            raise WriteError(f"hand {self.hand.hand_id}: {player!r} is not seated")
        return seat

    def open(self, rid: str) -> None:
        if self.round == rid:
            return
        self.close()
        self.rounds += 1
        self.round = rid
        self.lines.append(f'\t<round id="{rid}" sequence="{self.rounds}">')

    def close(self) -> None:
        if self.round is None:
            return
        self.lines += self.pending
        self.pending = []
        self.lines.append("\t</round>")
        self.round = None

    def event(self, kind: str, rest: str, *, chat: bool = False) -> None:
        if not chat or self.sequence == 0:
            self.sequence += 1
        self.clock += 1000
        self.lines.append(
            f'\t\t<event sequence="{self.sequence}" type="{kind}" timestamp="{self.clock}"{rest}/>'
        )

    def put(self, player: str, amount: Decimal) -> Decimal:
        before = self.bets.get(player, Decimal(0))
        self.bets[player] = before + amount
        return before

    def write(self) -> list[str]:
        hand = self.hand
        events = hand.events
        showdown = any(
            isinstance(e, SectionMarker) and e.section is Section.SHOW_DOWN for e in events
        )
        if showdown:
            # Merge writes every show and muck, then the winners (PokerStars interleaves
            # them pot by pot); the posts' indices before them are unchanged.
            winners = tuple(e for e in events if isinstance(e, Collected))
            events = tuple(e for e in events if not isinstance(e, Collected)) + winners
        for index, e in enumerate(events):
            if isinstance(e, Post):
                self.open("BLINDS")
                kind = "INITIAL_BLIND" if index in self.initial else _POSTS.get(e.kind)
                if kind is None:
                    raise WriteError(f"hand {hand.hand_id}: Merge has no {e.kind.label} post")
                if e.kind is not PostKind.ANTE:
                    self.put(e.player, e.amount)
                self.event(kind, f' player="{self.seat(e.player)}" amount="{e.amount}"')
            elif isinstance(e, SectionMarker):
                rid = _MARKER_ROUNDS.get(e.section)
                if rid is not None:
                    self.open(rid)
                    if e.section is not Section.DEALING_HANDS:
                        self.bets = {}
            elif isinstance(e, DealtTo):
                self.dealt(e)
            elif isinstance(e, Action):
                self.action(e)
            elif isinstance(e, Draw):
                self.drawn = False
                self.open(_DRAW_ROUNDS[e.street][0] if e.street in _DRAW_ROUNDS else "FIRST_DRAW")
                self.event("DRAW", f' player="{self.seat(e.player)}" text="{e.count}"')
                if e.pat and e.pat_cards is not None and e.player == hand.hero:
                    held = self.hero_hand
                    if held is None or set(held) != set(e.pat_cards):
                        held = self.hero_hand = e.pat_cards
                    self.pending.append(
                        f'\t\t<cards type="DRAW_DRAWN_CARDS" cards="{_cards(held)}" '
                        f'player="{self.seat(e.player)}"/>'
                    )
            elif isinstance(e, Shows):
                self.open("SHOWDOWN")
                seat = self.seat(e.player)
                self.event("SHOW", f' player="{seat}"')
                self.pending.append(
                    f'\t\t<cards type="SHOWN" cards="{_cards(e.cards)}" player="{seat}"/>'
                )
            elif isinstance(e, Mucks):
                if not showdown:
                    self.open("END_OF_FOLDED_GAME")
                    self.folded_end = True
                elif self.round != "END_OF_GAME":
                    self.open("SHOWDOWN")
                self.event("MUCK", f' player="{self.seat(e.player)}"')
            elif isinstance(e, Collected):
                self.open("END_OF_GAME" if showdown else "END_OF_FOLDED_GAME")
                self.folded_end = not showdown
                amount = e.amount
                if not any(
                    isinstance(x, Collected) and x.player == e.player for x in events[index + 1 :]
                ):
                    # The uncalled bet goes into the player's last winner element.
                    amount += self.returned.pop(e.player, Decimal(0))
                number = 1 if e.pot_index == 0 else e.pot_index + 1
                self.lines.append(
                    f'\t\t<winner amount="{amount}" uncalled="false" potnumber="{number}" '
                    f'player="{self.seat(e.player)}" pottype="n"/>'
                )
            elif isinstance(e, HandCancelled):
                self.open("GAME_CANCELLED")
                self.event("GAME_CANCELLED", "")
            elif isinstance(e, Chat):
                if self.round is None:
                    self.open("BLINDS")
                elif self.drawn and self.round in _AFTER_DRAW and _draws_done(events, index):
                    # The drawn cards end their round: a chat after them is the betting's.
                    self.open(_AFTER_DRAW[self.round])
                self.event("CHAT", f' player="{_q(e.player)}" text="{_q(e.text)}"', chat=True)
        if self.folded_end:
            self.open("END_OF_GAME")
        self.close()
        return self.lines

    hero_hand: tuple[Card, ...] | None = None

    def dealt(self, e: DealtTo) -> None:
        seat = self.seat(e.player)
        if e.new is None and e.street <= Street.PREDRAW:
            self.open("PRE_FIRST_DRAW")
            self.hero_hand = e.kept
            self.pending.append(
                f'\t\t<cards type="HOLE" cards="{_cards(e.kept)}" player="{seat}"/>'
            )
            return
        old = self.hero_hand
        new = list(e.new or ())
        if old is not None and len(new) + len(e.kept) == 5 and set(e.kept) <= set(old):
            # The replacements stand where the discards stood.
            kept = set(e.kept)
            fresh = iter(new)
            full = tuple(c if c in kept else next(fresh) for c in old)
        else:
            full = e.kept + tuple(new)
        self.hero_hand = full
        self.drawn = True  # the drawn cards end the round: a chat after them is the betting's
        self.pending.append(
            f'\t\t<cards type="DRAW_DRAWN_CARDS" cards="{_cards(full)}" player="{seat}"/>'
        )

    def action(self, e: Action) -> None:
        if e.street is Street.PREDRAW:
            self.open("PRE_FIRST_DRAW")
        elif e.street in _DRAW_ROUNDS:
            post = _DRAW_ROUNDS[e.street][1]
            if self.round != post:
                self.open(post)
        player = f' player="{self.seat(e.player)}"'
        kind = e.kind
        if kind is ActionKind.CHECK or kind is ActionKind.FOLD:
            self.event(kind.name, player)
            return
        if kind is ActionKind.RAISE:
            to = e.to_amount
            if to is None:
                raise WriteError(
                    f"hand {self.hand.hand_id}: a raise without its total, line {e.line}"
                )
            before = self.put(e.player, Decimal(0))
            self.bets[e.player] = to
            if e.all_in:
                self.event("ALL_IN", f'{player} amount="{to - before}"')
            else:
                self.event("RAISE", f'{player} amount="{to}"')
            return
        amount = e.amount
        if amount is None:
            raise WriteError(
                f"hand {self.hand.hand_id}: a {kind.value} without its amount, line {e.line}"
            )
        self.put(e.player, amount)
        self.event("ALL_IN" if e.all_in else kind.name, f'{player} amount="{amount}"')


def _draws_done(events: tuple[Event, ...], index: int) -> bool:
    """Whether no discard follows the event at ``index`` in its draw round."""
    for e in events[index + 1 :]:
        if isinstance(e, Draw):
            return False
        if isinstance(e, Action | SectionMarker | Shows | Collected):
            return True
    return True


def write_game(hand: Hand) -> str:
    """The ``<game>`` element of ``hand``, its lines joined by the hand's newline, no final
    newline. Raises ``WriteError`` for what Merge cannot say."""
    return _newline(hand).join(_game_lines(hand))


def _newline(hand: Hand) -> str:
    layout = hand.layout
    return layout.newline if isinstance(layout, MergeLayout) else "\r\n"


def _game_lines(hand: Hand) -> list[str]:
    layout = hand.layout
    merge = layout if isinstance(layout, MergeLayout) else None
    start = (
        merge.starttime
        if merge and merge.starttime
        else hand.started_at.astimezone(_EST).strftime("%Y%m%d%H%M%S")
    )
    data = (
        merge.data
        if merge and merge.data
        else (
            f"{start[:8]}|{hand.table_name}|{hand.table_name}|{hand.hand_id}|"
            f"{'true' if hand.is_tournament else 'false'}"
        )
    )
    gametype = merge.gametype if merge else "67"
    holecards = merge.numholecards if merge else "5"
    real = merge.realmoney if merge else ("false" if hand.is_play_money else "true")
    sym = layout.money_symbol
    lines = [
        f'<game id="{_q(hand.hand_id)}" starttime="{_q(start)}" numholecards="{_q(holecards)}" '
        f'gametype="{_q(gametype)}" realmoney="{_q(real)}" data="{_q(data)}">',
        f'\t<players dealer="{hand.button_seat - 1}">',
    ]
    for s in hand.seats:
        if s.out_of_hand is not None:
            continue
        lines.append(
            f'\t\t<player seat="{s.seat - 1}" nickname="{_q(s.player)}" balance="{sym}{s.stack}" '
            f'dealtin="{"false" if s.sitting_out else "true"}" />'
        )
    lines.append("\t</players>")
    lines += _Writer(hand).write()
    lines.append("</game>")
    return lines


def file_pieces(hands: Iterable[Hand], newline: str | None, bom: bool | None) -> Iterator[str]:
    """A Merge file in pieces: a description line when it changes, each game, a blank line
    between games."""
    last: Description | None = None
    first = True
    for hand in hands:
        nl = _newline(hand) if newline is None else newline
        head = ""
        if first and bom:
            head = "\ufeff"
        description = description_of(hand)
        text = nl.join(_game_lines(hand))
        if not first:
            head += nl
        if description is not None and description != last:
            head += _description_line(description) + nl
            last = description
        first = False
        yield head + text + nl
    if first and bom:
        yield "\ufeff"
