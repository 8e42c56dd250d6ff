"""What the record's readers derive from its line facts, on first use (``LineFacts``' properties).

The replay's pass stores what each line says (the steps, the draw and ``Dealt to`` lines, the
blinds posted); the tables' views of them (positions, the draws table's rows, the cards,
``invested`` with a silent return) are functions of those facts, made when a reader asks and
kept on the record. An audit that never asks pays nothing for them (measured: building them
all at the end of every replay cost 7% of the audit).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from decimal import Decimal
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING

from histparse.cards import Card
from histparse.engine import Position, assign_positions
from histparse.engine.positions import first_left_of
from histparse.events import Post, Seat, Section
from histparse.game import ActionKind, LimitType, PostKind
from histparse.replayer.steps import Act, DrawRecord, Step

if TYPE_CHECKING:
    from histparse.replayer.types import LineFacts

__all__ = [
    "all_in",
    "dealt_cards",
    "draw_records",
    "final_cards",
    "has_showdown",
    "invested",
    "positions",
    "seats",
    "stakes",
    "steps",
    "top_excess",
]

Cards = tuple[Card, ...]
_ZERO = Decimal(0)
_FIXED = LimitType.FIXED
_SHOW_DOWN = Section.SHOW_DOWN
_POST_SB, _POST_BB, _POST_ANTE, _POST_DEAD = Act.POST_SB, Act.POST_BB, Act.POST_ANTE, Act.POST_DEAD
_FOLD_ACT, _CHECK_ACT = Act.FOLD, Act.CHECK
_ANTE, _DEAD_BLIND = PostKind.ANTE, PostKind.DEAD_BLIND
_SMALL_BLIND, _SMALL_AND_BIG_BLIND = PostKind.SMALL_BLIND, PostKind.SMALL_AND_BIG_BLIND
_BIG_BLIND = PostKind.BIG_BLIND
_BIG_BLINDS = (_BIG_BLIND, _SMALL_AND_BIG_BLIND)  # the posts that make a big-blind row
# Enum members are singletons; keyed by id() to skip Enum.__hash__, a Python-level call.
_ACT_BY_ID = {
    id(ActionKind.FOLD): Act.FOLD,
    id(ActionKind.CHECK): Act.CHECK,
    id(ActionKind.CALL): Act.CALL,
    id(ActionKind.BET): Act.BET,
    id(ActionKind.RAISE): Act.RAISE,
}
_SEAT_NUMBER = attrgetter("seat")
_AMOUNT = itemgetter(1)
_tuple_new = tuple.__new__


def steps(body: LineFacts) -> tuple[Step, ...]:
    """The actions table's rows: each post and action of ``body.moves``, in order. A ``small &
    big blinds`` post is two rows, its dead small-blind part and its live big-blind part."""
    out: list[Step] = []
    make = _tuple_new
    for e, put, to in body.moves:
        p = e.player
        if isinstance(e, Post):
            kind = e.kind
            if kind is _ANTE or kind is _DEAD_BLIND:
                act = _POST_ANTE if kind is _ANTE else _POST_DEAD
                out.append(make(Step, (0, p, act, e.amount, None, e.all_in, e.line)))
            elif kind is _SMALL_AND_BIG_BLIND:
                dead = e.amount - put
                if dead:
                    out.append(make(Step, (0, p, _POST_DEAD, dead, None, False, e.line)))
                out.append(make(Step, (0, p, _POST_BB, put, to, e.all_in, e.line)))
            else:
                act = _POST_SB if kind is _SMALL_BLIND else _POST_BB
                out.append(make(Step, (0, p, act, e.amount, to, e.all_in, e.line)))
            continue
        act = _ACT_BY_ID[id(e.kind)]
        if act is _FOLD_ACT or act is _CHECK_ACT:
            out.append(make(Step, (int(e.street), p, act, _ZERO, None, e.all_in, e.line)))
        else:
            row = (int(e.street), p, act, put, _ZERO if to is None else to, e.all_in, e.line)
            out.append(make(Step, row))
    return tuple(out)


def all_in(body: LineFacts) -> frozenset[str]:
    """The players a post or an action put all in."""
    return frozenset([e.player for e, _, _ in body.moves if e.all_in])


def _posted(body: LineFacts) -> tuple[Decimal | None, Decimal | None]:
    """The first small blind and the first big blind posted in full (an all-in post may be
    short of the blind; a ``small & big blinds`` post is another post)."""
    small: Decimal | None = None
    big: Decimal | None = None
    for e in body.posts:
        if e.all_in:
            continue
        if e.kind is _SMALL_BLIND:
            if small is None:
                small = e.amount
        elif e.kind is _BIG_BLIND and big is None:
            big = e.amount
    return small, big


def seats(body: LineFacts) -> tuple[Seat, ...]:
    """The dealt-in seats, by seat number."""
    named = set(body.dealt_in)
    return tuple(sorted([s for s in body.hand.seats if s.player in named], key=_SEAT_NUMBER))


def positions(body: LineFacts) -> dict[str, Position]:
    """Each dealt-in player's position: from the dealt-in seats, the button and whether a
    small blind was posted. A dead small blind (nobody posts one, and the first seat left of
    the button posts the big blind) leaves no SB: that seat is the BB."""
    dealt = body.seats
    if not dealt:
        return {}
    hand = body.hand
    posts = body.posts
    numbers = [s.seat for s in dealt]
    small_blind_posted = True
    if not any(e.kind is _SMALL_BLIND for e in posts):
        first = dealt[first_left_of(numbers, hand.button_seat)].player
        small_blind_posted = not any(e.kind in _BIG_BLINDS and e.player == first for e in posts)
    by_seat = _positions_of(tuple(numbers), hand.button_seat, small_blind_posted)
    return {s.player: by_seat[s.seat] for s in dealt}


@functools.lru_cache(maxsize=4096)
def _positions_of(
    numbers: tuple[int, ...], button: int, small_blind_posted: bool
) -> Mapping[int, Position]:
    # A table's hands repeat the same few seatings: ``assign_positions`` once for each (read
    # only: the mapping is shared by every hand of that seating).
    return assign_positions(numbers, button, small_blind_posted=small_blind_posted)


def stakes(body: LineFacts) -> tuple[Decimal, Decimal, Decimal | None, Decimal]:
    """(small bet, big bet, small blind or None, big blind) of the stake as posted.

    Limit headers give the bets and the big blind equals the small bet (R-BET-4); the small
    blind is whatever was posted. Pot and No Limit headers give the blinds; their "small bet"
    and "big bet" are by convention the big blind and twice it. A blind posted in full
    replaces the header's.
    """
    hand = body.hand
    low, high = hand.stakes
    small_blind: Decimal | None
    if hand.limit_type is _FIXED:
        small_bet, big_bet, small_blind, big_blind = low, high, None, low
    else:
        small_bet, big_bet, small_blind, big_blind = high, high * 2, low, high
    posted_small, posted_big = _posted(body)
    if posted_small is not None:
        small_blind = posted_small
    if posted_big is not None:
        big_blind = posted_big
    return small_bet, big_bet, small_blind, big_blind


def top_excess(invested: Mapping[str, Decimal]) -> tuple[str, Decimal] | None:
    """The top contributor and what they put in beyond everyone else (None when nobody is
    ahead): an uncalled bet, which goes back to them (R-BET-7)."""
    if not invested:
        return None
    ranked = sorted(invested.items(), key=_AMOUNT, reverse=True)
    excess = ranked[0][1] - (ranked[1][1] if len(ranked) > 1 else _ZERO)
    return (ranked[0][0], excess) if excess > 0 else None


def invested(body: LineFacts) -> dict[str, Decimal]:
    """What each player put in, net of the uncalled bets: the printed ones, and on a site
    that returns them silently (no line, no collection of it) the top contributor's excess
    over everyone else (R-BET-7)."""
    out = dict(body.contributed)
    for u in body.uncalled:
        out[u.player] = out.get(u.player, _ZERO) - u.amount
    profile = body.profile
    if not profile.prints_uncalled_bets and not profile.collects_uncalled:
        top = top_excess(out)
        if top is not None:
            out[top[0]] -= top[1]
    return out


def dealt_cards(body: LineFacts) -> dict[str, Cards]:
    """The first five of each player whose deal a ``Dealt to`` line shows."""
    dealt: dict[str, Cards] = {}
    for e in body.dealt_to:
        if e.new is None and e.player not in dealt:
            dealt[e.player] = e.kept
    return dealt


def draw_records(body: LineFacts) -> tuple[DrawRecord, ...]:
    """The draws table's rows: each draw line with the cards the hand shows for it."""
    received: dict[tuple[int, str], Cards] = {}
    kept: dict[tuple[int, str], Cards] = {}
    for e in body.dealt_to:
        if e.new is not None:
            key = (int(e.street), e.player)
            received[key] = e.new
            kept[key] = e.kept
        elif e.street:
            # One bracket after a draw: every card was discarded, so all of them are new.
            key = (int(e.street), e.player)
            received[key] = e.kept
            kept[key] = ()
    records: list[DrawRecord] = []
    make = _tuple_new
    for d in body.draw_lines:
        k = int(d.street)
        if d.pat:
            whole = d.pat_cards if d.pat_cards is not None else kept.get((k, d.player))
            records.append(make(DrawRecord, (k, d.player, 0, True, (), (), whole)))
            continue
        # A bracket that does not hold ``count`` cards is a site bug: the cards are unknown.
        disc = d.discarded if d.discarded is not None and len(d.discarded) == d.count else None
        new = received.get((k, d.player))
        if new is None and d.drawn:
            new = d.drawn[0]  # the new cards named on the draw line (Kings Club)
        got = new if new is not None and len(new) == d.count else None
        row = (k, d.player, d.count, False, disc, got, kept.get((k, d.player)))
        records.append(make(DrawRecord, row))
    return tuple(records)


def _hero_cards(body: LineFacts) -> Cards | None:
    """The hero's latest whole hand: a ``Dealt to`` line's, or a stand-pat line's own cards
    (unless the hand's draws were not recorded), whichever came last."""
    hero = body.hand.hero
    best: tuple[int, Cards] | None = None
    for e in body.dealt_to:
        if e.player == hero and (best is None or e.line >= best[0]):
            best = (e.line, e.hand)
    if not body.unrecorded:
        for d in body.draw_lines:
            if d.player == hero and d.pat_cards is not None and (best is None or d.line >= best[0]):
                best = (d.line, d.pat_cards)
    return None if best is None else best[1]


def final_cards(body: LineFacts) -> dict[str, Cards]:
    """Each player's last known five: the summary's, a show's over it, the hero's own."""
    final: dict[str, Cards] = {}
    for s in body.summary_seats:
        if s.cards is not None:
            final[s.player] = s.cards
    for p, shows in body.shows.items():
        final[p] = shows.cards
    hero = body.hand.hero
    if hero is not None and hero in body.dealt_in:
        cards = _hero_cards(body)
        if cards is not None:
            final.setdefault(hero, cards)
    return final


def has_showdown(body: LineFacts) -> bool:
    """At least two dealt-in players who did not fold, and the showdown's marker on a site
    that prints one (``marks_showdown``; Kings Club prints none)."""
    if body.profile.marks_showdown and not any(m.section is _SHOW_DOWN for m in body.sections):
        return False
    folds = body.folds
    return sum(1 for p in body.dealt_in if p not in folds) >= 2
