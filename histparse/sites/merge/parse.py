"""One Merge ``<game>`` element (already parsed into ``Node``s) as a ``Hand``.

What the XML says is turned into the events every site produces (FORMATS-SITES §4):

* seats are 0-based in the XML and 1-based here (as fpdb stores them): seat ``s`` is ``s + 1``;
  ``dealtin="false"`` marks the seat sitting out (dealt in after all if it acts);
* ``RAISE`` is a raise-to total (``Action.to_amount``), ``CALL`` and ``ALL_IN`` increments; an
  ``ALL_IN`` is a call, bet or raise by what it puts in against the round's bet;
* ``SMALL_BLIND``, ``BIG_BLIND`` and ``INITIAL_BLIND`` (a live big blind) are posts;
* the hero's ``HOLE`` cards are its ``Dealt to`` (placed before the betting, as PokerStars
  prints it); ``DRAW_DRAWN_CARDS`` is the full new hand, the replacements standing where the
  discards stood: the hero's discards are the cards that left the hand (``Draw.discarded``),
  the kept and new cards its ``Dealt to [kept] [new]``; a hero who stands pat gets no
  ``Dealt to`` (``Draw.pat_cards``);
* a ``<winner>``'s amount includes the winner's own uncalled bet and no rake is printed: the
  reader works the uncalled bet out (the excess of the last round anyone put money in) and
  writes it as an ``UncalledBet``, the winner's ``Collected`` net of it, and the pot as a
  ``SummaryPot`` whose rake is what the winners did not get (both at the first ``<winner>``'s
  line), so the auditor's money checks run as on PokerStars hands;
* ``GAME_CANCELLED`` is ``HandCancelled``; chat (by nickname) is ``Chat``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta, timezone
from decimal import Decimal
from typing import Final

from histparse.cards import Card, parse_cards
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
    Seat,
    Section,
    SectionMarker,
    Shows,
    Source,
    SummaryPot,
    UncalledBet,
)
from histparse.game import ActionKind, Game, LimitType, PostKind, Street
from histparse.reading import Chunk, ParseError, Unsupported
from histparse.sites.merge.element import Node
from histparse.sites.merge.layout import Description, MergeLayout

__all__ = ["SITE", "GameError", "build_hand", "game_of"]

SITE: Final = "Merge"
_EST: Final = timezone(timedelta(hours=-5))  # starttime: server time, a fixed UTC-5 (no DST)
_AMOUNT: Final = re.compile(r"(?:0|[1-9]\d{0,11})(?:\.\d{1,2})?")
_BALANCE: Final = re.compile(r"\$?((?:0|[1-9]\d{0,11})(?:\.\d{1,2})?)")
_STAKES: Final = re.compile(
    r"(Limit|Pot Limit|No Limit|Half Pot Limit) \(?\$?((?:0|[1-9]\d{0,11})(?:\.\d{1,2})?)/"
    r"\$?((?:0|[1-9]\d{0,11})(?:\.\d{1,2})?)\)?"
)
_LIMITS: Final = {
    "Limit": LimitType.FIXED,
    "Pot Limit": LimitType.POT,
    "No Limit": LimitType.NO_LIMIT,
}
# gametype codes seen (FORMATS-SITES §4.2); 67 alone is read.
_GAMETYPES: Final = {
    "67": "Triple Draw 2-7 Lowball",
    "63": "Triple Draw A-5 Lowball",
    "71": "Badugi",
    "55": "5 Card Draw",
}
TRIPLE_DRAW: Final = "67"

# Rounds in the order a game holds them, each with the street and marker it opens.
_ROUNDS: Final[dict[str, tuple[int, Street, Section | None]]] = {
    "BLINDS": (0, Street.PREDEAL, None),
    "PRE_FIRST_DRAW": (1, Street.PREDRAW, Section.DEALING_HANDS),
    "FIRST_DRAW": (2, Street.DRAW1, Section.FIRST_DRAW),
    "POST_FIRST_DRAW": (3, Street.DRAW1, None),
    "SECOND_DRAW": (4, Street.DRAW2, Section.SECOND_DRAW),
    "POST_SECOND_DRAW": (5, Street.DRAW2, None),
    "THIRD_DRAW": (6, Street.DRAW3, Section.THIRD_DRAW),
    "POST_THIRD_DRAW": (7, Street.DRAW3, None),
    "SHOWDOWN": (8, Street.SHOWDOWN, Section.SHOW_DOWN),
    "END_OF_FOLDED_GAME": (9, Street.SHOWDOWN, None),
    "END_OF_GAME": (10, Street.SHOWDOWN, None),
    "GAME_CANCELLED": (10, Street.SHOWDOWN, None),
}
_BETTING: Final = frozenset(
    {"PRE_FIRST_DRAW", "POST_FIRST_DRAW", "POST_SECOND_DRAW", "POST_THIRD_DRAW"}
)
_DRAWING: Final = frozenset({"FIRST_DRAW", "SECOND_DRAW", "THIRD_DRAW"})
_ENDS: Final = frozenset({"END_OF_FOLDED_GAME", "END_OF_GAME"})
_BLINDS: Final = {
    "SMALL_BLIND": PostKind.SMALL_BLIND,
    "BIG_BLIND": PostKind.BIG_BLIND,
    "INITIAL_BLIND": PostKind.BIG_BLIND,
    "ANTE": PostKind.ANTE,
}
_SIMPLE: Final = {"CHECK": ActionKind.CHECK, "FOLD": ActionKind.FOLD}
_ZERO: Final = Decimal(0)


class GameError(Exception):
    """Something a game says that cannot be read: ``node`` is where (its line and column)."""

    def __init__(self, message: str, node: Node, expected: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.node = node
        self.expected = expected


def _attr(node: Node, name: str) -> str:
    value = node.attrs.get(name)
    if value is None:
        raise GameError(f"<{node.tag}> has no {name}= attribute", node, f"a {name}= attribute")
    return value


def _amount(node: Node, name: str = "amount") -> Decimal:
    text = _attr(node, name)
    if _AMOUNT.fullmatch(text) is None:
        raise GameError(f"{name}={text[:40]!r} is not an amount", node, "an amount such as 1.50")
    return Decimal(text)


def _cards(node: Node, count: int = 5) -> tuple[Card, ...]:
    text = _attr(node, "cards")
    try:
        cards = parse_cards(text.split(","))
    except ValueError:
        raise GameError(f"cards={text[:40]!r} are not cards", node, "cards such as 7h,5d") from None
    if len(cards) != count:
        raise GameError(f"cards={text!r} are {len(cards)} cards", node, f"{count} cards")
    return cards


def game_of(game: Node, description: Description | None) -> str | None:
    """The game label of an unsupported game, or None for 2-7 Triple Draw."""
    code = game.attrs.get("gametype", "")
    kind = description.type if description is not None else None
    if code == TRIPLE_DRAW and kind in (None, "2-7 Lowball"):
        return None
    if code in _GAMETYPES:
        return _GAMETYPES[code]
    return kind or f"gametype {code[:20]}"


def _stakes(
    description: Description | None, game: Node
) -> tuple[LimitType, tuple[Decimal, Decimal]] | None:
    """The limit and stakes the description gives (None: no description)."""
    if description is None:
        return None
    m = _STAKES.fullmatch(description.stakes)
    if m is None:
        raise GameError(
            f"the description's stakes {description.stakes[:60]!r} cannot be read",
            game,
            "stakes such as 'Limit $1/$2' or 'Pot Limit ($0.05/$0.10)'",
        )
    limit = _LIMITS.get(m.group(1))
    if limit is None:
        raise GameError(f"{m.group(1)} games are not read", game, "Limit, Pot Limit or No Limit")
    return limit, (Decimal(m.group(2)), Decimal(m.group(3)))


class _Money:
    """Each player's money in each betting round, for the ``ALL_IN`` reading and the uncalled
    bet."""

    def __init__(self) -> None:
        self.rounds: list[dict[str, Decimal]] = [{}]
        self.dead = _ZERO  # antes: pot money outside the rounds

    def new_round(self) -> None:
        if self.rounds[-1]:
            self.rounds.append({})

    @property
    def top(self) -> Decimal:
        return max(self.rounds[-1].values(), default=_ZERO)

    def put(self, player: str, amount: Decimal) -> Decimal:
        """Add ``amount``; the player's round total."""
        bets = self.rounds[-1]
        total = bets.get(player, _ZERO) + amount
        bets[player] = total
        return total

    def of(self, player: str) -> Decimal:
        return self.rounds[-1].get(player, _ZERO)

    def total(self) -> Decimal:
        return self.dead + sum((sum(r.values(), _ZERO) for r in self.rounds), _ZERO)

    def uncalled(self) -> tuple[str, Decimal] | None:
        """The excess of the last round anyone put money in over what the others matched."""
        for bets in reversed(self.rounds):
            if not bets:
                continue
            ranked = sorted(bets.items(), key=lambda kv: kv[1], reverse=True)
            second = ranked[1][1] if len(ranked) > 1 else _ZERO
            player, top = ranked[0]
            return (player, top - second) if top > second else None
        return None


class _Reader:
    """The events of one game, in the order of its elements."""

    def __init__(self, game: Node, names: dict[str, str], line: Callable[[Node], int]) -> None:
        self.game = game
        self.names = names  # XML seat -> nickname
        self.line = line
        self.events: list[Event] = []
        self.money = _Money()
        self.hero: str | None = None
        self.hero_hand: tuple[Card, ...] | None = None  # as the XML places them
        self.hero_listed: tuple[Card, ...] = ()  # as the last Dealt to lists them
        self.initial_blinds: list[int] = []
        self.dealt_at = 0  # where the hero's first Dealt to goes: after the posts
        self.winners: list[tuple[Node, str, Decimal]] = []
        self.cancelled = False
        self.reached_draw = False
        self.stacks: dict[str, Decimal] = {}
        self.spent: dict[str, Decimal] = {}

    def player(self, node: Node) -> str:
        seat = _attr(node, "player")
        name = self.names.get(seat)
        if name is None:
            raise GameError(
                f"player={seat[:20]!r} is not a seat of this game", node, "a seat number"
            )
        return name

    def read(self) -> None:
        last = -1
        seen: set[str] = set()
        for rnd in self.game.children:
            if rnd.tag == "players":
                continue
            if rnd.tag != "round":
                raise GameError(f"<{rnd.tag}> cannot come here", rnd, "a <round> element")
            rid = _attr(rnd, "id")
            spec = _ROUNDS.get(rid)
            if spec is None:
                raise GameError(f"unknown round {rid[:40]!r}", rnd, "a Merge round id")
            order, street, section = spec
            if order < last or rid in seen or (order == last and rid != "END_OF_GAME"):
                raise GameError(f"round {rid} cannot come here", rnd, "the rounds in game order")
            if self.cancelled:
                raise GameError(
                    f"round {rid} after the game was cancelled", rnd, "the end of the game"
                )
            last = order
            seen.add(rid)
            if section is not None:
                self.events.append(SectionMarker(section, line=self.line(rnd)))
            if rid == "BLINDS":
                self.blinds(rnd)
                self.dealt_at = len(self.events)
            elif rid in _BETTING:
                self.betting(rnd, street)
            elif rid in _DRAWING:
                self.reached_draw = True
                self.drawing(rnd, street)
            elif rid == "SHOWDOWN":
                self.showdown(rnd)
            elif rid == "GAME_CANCELLED":
                self.cancel(rnd)
            else:
                self.end(rnd)

    def chat(self, node: Node) -> None:
        name = _attr(node, "player")
        self.events.append(Chat(name, node.attrs.get("text", ""), line=self.line(node)))

    def _unexpected(self, node: Node, rnd: Node, expected: str) -> GameError:
        what = node.attrs.get("type", "")
        kind = f"<{node.tag} type={what[:40]!r}>" if what else f"<{node.tag}>"
        return GameError(f"{kind} cannot come in round {rnd.attrs.get('id')}", node, expected)

    def blinds(self, rnd: Node) -> None:
        for node in rnd.children:
            kind = node.attrs.get("type")
            if node.tag == "event" and kind == "CHAT":
                self.chat(node)
                continue
            post = _BLINDS.get(kind or "") if node.tag == "event" else None
            if post is None:
                raise self._unexpected(node, rnd, "SMALL_BLIND, BIG_BLIND, INITIAL_BLIND or ANTE")
            player = self.player(node)
            amount = _amount(node)
            # Merge has no all-in mark on posts: a post of the whole stack is one.
            spent = self.spent.get(player, _ZERO) + amount
            self.spent[player] = spent
            all_in = spent == self.stacks.get(player)
            if post is PostKind.ANTE:
                self.money.dead += amount
            else:
                self.money.put(player, amount)
            if kind == "INITIAL_BLIND":
                self.initial_blinds.append(len(self.events))
            self.events.append(Post(player, post, amount, all_in, line=self.line(node)))

    def betting(self, rnd: Node, street: Street) -> None:
        if street is not Street.PREDRAW:
            self.money.new_round()
        for node in rnd.children:
            kind = node.attrs.get("type", "")
            if node.tag == "cards":
                if kind != "HOLE" or street is not Street.PREDRAW:
                    raise self._unexpected(node, rnd, "a betting event")
                self.hole(node)
                continue
            if node.tag != "event":
                raise self._unexpected(node, rnd, "a betting event")
            if kind == "CHAT":
                self.chat(node)
                continue
            self.action(node, rnd, street, kind)

    def action(self, node: Node, rnd: Node, street: Street, kind: str) -> None:
        line = self.line(node)
        simple = _SIMPLE.get(kind)
        if simple is not None:
            self.events.append(Action(street, self.player(node), simple, line=line))
            return
        if kind not in ("BET", "RAISE", "CALL", "ALL_IN"):
            raise self._unexpected(node, rnd, "BET, RAISE, CALL, CHECK, FOLD, ALL_IN or CHAT")
        player = self.player(node)
        amount = _amount(node)
        money = self.money
        top = money.top
        if kind == "RAISE":
            # A raise-to total: what the player's round comes to.
            if amount <= money.of(player):
                raise GameError(
                    f"RAISE to {amount} is not above what {player} has in this round",
                    node,
                    "a raise-to total",
                )
            money.put(player, amount - money.of(player))
            self.events.append(Action(street, player, ActionKind.RAISE, None, amount, line=line))
            return
        total = money.put(player, amount)
        if kind == "CALL":
            self.events.append(Action(street, player, ActionKind.CALL, amount, line=line))
        elif kind == "BET":
            self.events.append(Action(street, player, ActionKind.BET, amount, amount, line=line))
        elif total <= top:
            self.events.append(
                Action(street, player, ActionKind.CALL, amount, None, True, line=line)
            )
        elif top == _ZERO:
            self.events.append(
                Action(street, player, ActionKind.BET, amount, amount, True, line=line)
            )
        else:
            self.events.append(
                Action(street, player, ActionKind.RAISE, None, total, True, line=line)
            )

    def hole(self, node: Node) -> None:
        player = self.player(node)
        if self.hero is not None:
            raise GameError("a second HOLE cards element", node, "one HOLE cards element")
        self.hero = player
        cards = _cards(node)
        self.hero_hand = cards
        self.hero_listed = cards
        self.events.insert(
            self.dealt_at, DealtTo(Street.PREDRAW, player, cards, line=self.line(node))
        )

    def drawing(self, rnd: Node, street: Street) -> None:
        # The hero's cards element ends the round; his DRAW event, earlier, needs it.
        drawn = [n for n in rnd.children if n.tag == "cards"]
        new_hand = None
        if drawn:
            node = drawn[0]
            who = self.player(node)
            if node.attrs.get("type") != "DRAW_DRAWN_CARDS" or len(drawn) > 1:
                raise self._unexpected(drawn[-1], rnd, "one DRAW_DRAWN_CARDS element")
            if who != self.hero or self.hero_hand is None:
                raise GameError(
                    f"drawn cards for {who}, who was dealt no HOLE cards", node, "the hero's cards"
                )
            new_hand = _cards(node)
        old = self.hero_hand
        pat = False
        for node in rnd.children:
            kind = node.attrs.get("type", "")
            line = self.line(node)
            if node.tag == "event" and kind == "CHAT":
                self.chat(node)
            elif node.tag == "event" and kind == "DRAW":
                text = node.attrs.get("text", "")
                if len(text) != 1 or text not in "012345":
                    raise GameError(f"DRAW text={text[:20]!r} is not a card count", node, "0 to 5")
                player, count = self.player(node), int(text)
                if player == self.hero and new_hand is not None and old is not None:
                    if count == 0:
                        pat = True
                        self.events.append(Draw(street, player, 0, None, True, new_hand, line=line))
                    else:
                        gone = tuple(c for c in old if c not in new_hand)
                        self.events.append(Draw(street, player, count, gone, line=line))
                else:
                    self.events.append(Draw(street, player, count, None, count == 0, line=line))
            elif node.tag == "cards" and new_hand is not None and old is not None:
                # Kept in the order the last Dealt to listed them (kept, then new).
                kept = tuple(c for c in self.hero_listed if c in new_hand)
                fresh = tuple(c for c in new_hand if c not in old)
                if not (pat and not fresh):
                    self.events.append(DealtTo(street, self.player(node), kept, fresh, line=line))
                    self.hero_listed = kept + fresh
                self.hero_hand = new_hand
            else:
                raise self._unexpected(node, rnd, "DRAW events and the hero's drawn cards")

    def showdown(self, rnd: Node) -> None:
        shows: list[str] = []
        for node in rnd.children:
            kind = node.attrs.get("type", "")
            if node.tag == "event" and kind == "CHAT":
                self.chat(node)
            elif node.tag == "event" and kind == "SHOW":
                shows.append(self.player(node))
            elif node.tag == "event" and kind == "MUCK":
                self.events.append(Mucks(self.player(node), line=self.line(node)))
            elif node.tag == "cards" and kind == "SHOWN":
                player = self.player(node)
                if player not in shows:
                    raise GameError(
                        f"SHOWN cards of {player}, who has no SHOW event",
                        node,
                        "a SHOW event first",
                    )
                shows.remove(player)
                self.events.append(Shows(player, _cards(node), line=self.line(node)))
            else:
                raise self._unexpected(node, rnd, "SHOW, MUCK or SHOWN cards")
        if shows:
            raise GameError(f"{shows[0]} shows but no SHOWN cards follow", rnd, "SHOWN cards")

    def cancel(self, rnd: Node) -> None:
        for node in rnd.children:
            if node.tag == "event" and node.attrs.get("type") == "GAME_CANCELLED":
                self.events.append(HandCancelled(line=self.line(node)))
                self.cancelled = True
            elif node.tag == "event" and node.attrs.get("type") == "CHAT":
                self.chat(node)
            else:
                raise self._unexpected(node, rnd, "the GAME_CANCELLED event")
        if not self.cancelled:
            raise GameError("a GAME_CANCELLED round without its event", rnd, "GAME_CANCELLED")

    def end(self, rnd: Node) -> None:
        for node in rnd.children:
            kind = node.attrs.get("type", "")
            if node.tag == "event" and kind == "CHAT":
                self.chat(node)
            elif node.tag == "event" and kind == "MUCK":
                self.events.append(Mucks(self.player(node), line=self.line(node)))
            elif node.tag == "winner":
                player = self.player(node)
                amount = _amount(node)
                self.winners.append((node, player, amount))
                self.events.append(Collected(player, amount, _pot(node), line=self.line(node)))
            else:
                raise self._unexpected(node, rnd, "MUCK events and <winner> elements")

    def settle(self) -> None:
        """The uncalled bet out of the winner's amount, and the pot it implies."""
        if self.cancelled:
            return
        if not self.winners:
            raise GameError("the game ends with no <winner>", self.game, "a <winner> element")
        first, _, _ = self.winners[0]
        line = self.line(first)
        returned = self.money.uncalled()
        total = self.money.total()
        at = next(k for k, e in enumerate(self.events) if isinstance(e, Collected))
        if returned is not None:
            player, back = returned
            total -= back
            # Taken from the last pot the player wins (the excess is above every pot).
            for k in range(len(self.events) - 1, at - 1, -1):
                e = self.events[k]
                if isinstance(e, Collected) and e.player == player:
                    if e.amount < back:
                        node = next(n for n, p, _ in self.winners if p == player)
                        raise GameError(
                            f"{player} wins {e.amount}, less than the uncalled bet of {back} the "
                            "winner's amount includes",
                            node,
                            f"at least {back}",
                        )
                    self.events[k] = Collected(player, e.amount - back, e.pot, line=e.line)
                    break
            self.events.insert(at, UncalledBet(player, back, line=line))
            at += 1
        won = sum((e.amount for e in self.events if isinstance(e, Collected)), _ZERO)
        # The summary the game does not print: the pot and the rake the winners imply.
        self.events.append(SectionMarker(Section.SUMMARY, line=line))
        pots: dict[int, Decimal] = {}
        for e in self.events:
            if isinstance(e, Collected):
                pots[e.pot_index] = pots.get(e.pot_index, _ZERO) + e.amount
        if max(pots, default=0) > 0:  # side pots (the main one may have come to nothing)
            nets = [pots.get(k, _ZERO) for k in range(max(pots) + 1)]
            self.events.append(
                SummaryPot(total, total - won, nets[0], tuple(nets[1:]), len(nets) > 2, line=line)
            )
        else:
            self.events.append(SummaryPot(total, total - won, line=line))


def _pot(node: Node) -> str:
    number = node.attrs.get("potnumber", "1")
    if not number.isdigit() or len(number) > 3 or number == "0":
        raise GameError(f"potnumber={number[:20]!r} is not a pot number", node, "1, 2, ...")
    n = int(number)
    return "pot" if n == 1 else "side pot" if n == 2 else f"side pot-{n - 1}"


def _fits_limit(events: list[Event], big_blind: Decimal) -> bool:
    """Whether every bet and raise is a fixed-limit one with ``big_blind`` the small bet: a
    bet of the street's size, a raise of one more."""
    top = big_blind
    street = Street.PREDRAW
    for e in events:
        if not isinstance(e, Action) or e.kind not in (ActionKind.BET, ActionKind.RAISE):
            continue
        size = big_blind if e.street <= Street.DRAW1 else 2 * big_blind
        if e.street != street:
            street, top = e.street, _ZERO
        to = e.to_amount
        if to is None:
            return False
        if not e.all_in and to != top + size:
            return False
        top = max(top, to)
    return True


def build_hand(
    chunk: Chunk, game: Node, description: Description | None, line: Callable[[Node], int]
) -> Hand | Unsupported:
    """The hand of a parsed ``<game>`` read under ``description``; ``GameError`` for what
    cannot be read. ``line`` maps a node to its line in the file."""
    gid = _attr(game, "id")
    label = game_of(game, description)
    if label is not None:
        return Unsupported(SITE, label, chunk.path, chunk.first_line, gid)
    players = next((n for n in game.children if n.tag == "players"), None)
    if players is None:
        raise GameError("the game has no <players>", game, "a <players> element")
    seats: list[Seat] = []
    names: dict[str, str] = {}
    for p in players.children:
        if p.tag != "player":
            raise GameError(f"<{p.tag}> cannot come in <players>", p, "<player> elements")
        seat = _attr(p, "seat")
        if not seat.isdigit() or len(seat) > 2:
            raise GameError(f"seat={seat[:20]!r} is not a seat number", p, "a seat number")
        nick = _attr(p, "nickname")
        if not nick or nick in names.values() or seat in names:
            raise GameError(
                f"seat {seat} ({nick!r}) is listed twice or unnamed", p, "one player a seat"
            )
        balance = _BALANCE.fullmatch(_attr(p, "balance"))
        if balance is None:
            raise GameError("balance= is not an amount", p, "a balance such as $32.80")
        names[seat] = nick
        seats.append(
            Seat(
                int(seat) + 1,
                nick,
                Decimal(balance.group(1)),
                p.attrs.get("dealtin", "true") == "false",
                line=line(p),
            )
        )
    seats.sort(key=lambda s: s.seat)
    dealer = _attr(players, "dealer")
    if dealer not in names:
        raise GameError(
            f"dealer={dealer[:20]!r} is not a seat of this game", players, "a seat number"
        )
    start = _attr(game, "starttime")
    try:
        if len(start) != 14 or not start.isdigit():
            raise ValueError(start)
        s = start
        when = datetime(
            int(s[:4]), int(s[4:6]), int(s[6:8]), int(s[8:10]), int(s[10:12]), int(s[12:])
        )
        started = when.replace(tzinfo=_EST).astimezone(UTC)
    except ValueError:
        raise GameError(f"starttime={start[:30]!r} is not a time", game, "YYYYMMDDHHMMSS") from None
    reader = _Reader(game, names, line)
    reader.stacks = {s.player: s.stack for s in seats}
    reader.read()
    reader.settle()
    events = reader.events
    stakes = _stakes(description, game)
    if stakes is None:
        # No description: the stakes from the big blind (the small bet, in Limit); Limit if
        # every bet and raise fits the fixed sizes, else Pot Limit (docs/findings.md).
        bigs = [e.amount for e in events if isinstance(e, Post) and e.kind is PostKind.BIG_BLIND]
        smalls = [
            e.amount for e in events if isinstance(e, Post) and e.kind is PostKind.SMALL_BLIND
        ]
        if not bigs:
            raise GameError(
                "no description and no big blind: the stakes are unknown", game, "a <description>"
            )
        big = bigs[0]
        if _fits_limit(events, big):
            stakes = (LimitType.FIXED, (big, 2 * big))
        else:
            stakes = (LimitType.POT, (smalls[0] if smalls else big / 2, big))
    limit, amounts = stakes
    data = game.attrs.get("data", "")
    fields = data.split("|")
    table = fields[1] if len(fields) > 1 else gid.partition("-")[0]
    tournament = len(fields) > 4 and fields[4] == "true"
    real = game.attrs.get("realmoney", "true") != "false"
    raw = chunk.raw
    text = "".join(raw)
    if text.endswith("\n"):
        text = text[:-2] if text.endswith("\r\n") else text[:-1]
    layout = MergeLayout(
        money_symbol="$" if real and not tournament else "",
        description=description,
        gametype=game.attrs.get("gametype", TRIPLE_DRAW),
        numholecards=game.attrs.get("numholecards", "5"),
        realmoney=game.attrs.get("realmoney", "true"),
        data=data,
        starttime=start,
        initial_blinds=tuple(reader.initial_blinds),
        newline="\r\n" if raw and raw[0].endswith("\r\n") else "\n",
    )
    return Hand(
        site=SITE,
        hand_id=gid,
        game=Game.TRIPLE_DRAW_27,
        limit_type=limit,
        stakes=amounts,
        currency="USD" if real and not tournament else None,
        is_play_money=not real,
        is_tournament=tournament,
        tournament_id=fields[2] if tournament and len(fields) > 2 else None,
        buy_in=None,
        buy_in_currency=None,
        level=None,
        match_round=None,
        mixed_game=None,
        is_home_game=False,
        club=None,
        started_at=started,
        table_name=table,
        max_seats=None,
        button_seat=int(dealer) + 1,
        seats=tuple(seats),
        hero=reader.hero,
        events=tuple(events),
        source=Source(chunk.path, chunk.first_line, chunk.last_line, text),
        layout=layout,
    )


def error_of(
    chunk: Chunk, exc: GameError, line: Callable[[Node], int], hid: str | None
) -> ParseError:
    """The ``ParseError`` of a ``GameError`` in ``chunk``."""
    n = line(exc.node)
    index = min(max(n - chunk.first_line, 0), len(chunk.contents) - 1)
    return ParseError(
        exc.message,
        file=chunk.path,
        line=n,
        column=exc.node.column,
        text=chunk.contents[index],
        expected=exc.expected,
        first_line=chunk.first_line,
        hand_id=hid,
        site=SITE,
    )
