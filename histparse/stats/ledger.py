"""One pass over a hand's events: who was dealt in, what each step put in, draws, who collected.

This is the money as the site wrote it, never as a rules engine would recompute it: posts and
actions are summed as the increments ``histparse.ledger`` reads (a raise ``to B`` puts in ``B``
minus what the player already had in the round), uncalled bets come back, and ``collected``
lines are what the player won after rake. Nothing here imports the engine or the auditor.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from operator import attrgetter
from typing import NamedTuple

from histparse.cards import Card
from histparse.events import (
    Action,
    Collected,
    DealtTo,
    Draw,
    Hand,
    HandCancelled,
    Post,
    Seat,
    Section,
    SectionMarker,
    Shows,
    SummaryPot,
    SummarySeat,
    UncalledBet,
)
from histparse.game import ActionKind, LimitType, PostKind
from histparse.ledger import LineLedger
from histparse.sites import draws_unrecorded, profile_for
from histparse.stats.errors import TableError

__all__ = ["Act", "DrawRecord", "Ledger", "Step", "read_ledger", "where"]

Cards = tuple[Card, ...]
_ZERO = Decimal(0)


class Act(StrEnum):
    """The ``action`` column of the actions table."""

    POST_SB = "post_sb"
    POST_BB = "post_bb"
    POST_ANTE = "post_ante"
    POST_DEAD = "post_dead"
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"

    @property
    def is_post(self) -> bool:
        """True for the forced bets."""
        return self in _POSTS


_POSTS = frozenset({Act.POST_SB, Act.POST_BB, Act.POST_ANTE, Act.POST_DEAD})
# Enum members bound once: a class attribute lookup goes through Enum's metaclass (60-300 ns,
# several per line on the hottest loop of the table building).
_POST_SB, _POST_BB, _POST_ANTE, _POST_DEAD = Act.POST_SB, Act.POST_BB, Act.POST_ANTE, Act.POST_DEAD
_CHECK_ACT, _FOLD_ACT, _CALL_ACT = Act.CHECK, Act.FOLD, Act.CALL
_BET_ACT, _RAISE_ACT = Act.BET, Act.RAISE
_ANTE, _DEAD_BLIND = PostKind.ANTE, PostKind.DEAD_BLIND
_SMALL_BLIND, _SMALL_AND_BIG_BLIND = PostKind.SMALL_BLIND, PostKind.SMALL_AND_BIG_BLIND
_SHOW_DOWN = Section.SHOW_DOWN
_FIXED = LimitType.FIXED

_ACT_OF_KIND = {
    ActionKind.FOLD: Act.FOLD,
    ActionKind.CHECK: Act.CHECK,
    ActionKind.CALL: Act.CALL,
    ActionKind.BET: Act.BET,
    ActionKind.RAISE: Act.RAISE,
}
# Enum members are singletons; keying by id() skips Enum.__hash__, a Python-level call, on the
# hottest line of the table building.
_ACT_BY_ID = {id(kind): act for kind, act in _ACT_OF_KIND.items()}
_tuple_new = tuple.__new__
_SEAT_NUMBER = attrgetter("seat")


# Steps and draw records are NamedTuples rather than frozen dataclasses: equally immutable,
# and about four times cheaper to create, which matters at a dozen steps per hand.
class Step(NamedTuple):
    """A post or a betting action. ``amount`` is what the step put in the pot; ``to_amount`` is
    the player's live total in the round afterwards (None for checks, folds, antes and dead
    money, which do not count towards a call)."""

    round: int
    player: str
    act: Act
    amount: Decimal
    to_amount: Decimal | None
    all_in: bool
    line: int


class DrawRecord(NamedTuple):
    """One player's discard or stand-pat at draw ``draw`` (1-3). Cards are None when not known."""

    draw: int
    player: str
    discarded: int
    pat: bool
    discarded_cards: Cards | None
    received_cards: Cards | None
    kept_cards: Cards | None = None  # the cards kept (all five when standing pat), if known


@dataclass(frozen=True, slots=True)
class Ledger:
    """Everything the tables need from one hand, computed in one pass."""

    hand: Hand
    players: tuple[str, ...]  # dealt in, in seat order
    seat: dict[str, int]
    stack: dict[str, Decimal]
    steps: list[Step]
    draws: list[DrawRecord]
    invested: dict[str, Decimal]
    collected: dict[str, Decimal]
    folded: dict[str, int]  # player -> round of the fold
    all_in: set[str]
    total_pot: Decimal | None
    rake: Decimal | None
    small_bet: Decimal
    big_bet: Decimal
    small_blind: Decimal | None
    big_blind: Decimal
    has_showdown: bool
    cancelled: bool = False  # "Hand cancelled": the money went back, there are no results
    final_cards: dict[str, Cards] = field(default_factory=dict)
    dealt_cards: dict[str, Cards] = field(default_factory=dict)  # first five, when known

    @property
    def net(self) -> dict[str, Decimal]:
        """Collected minus invested, per dealt-in player."""
        return {p: self.collected[p] - self.invested[p] for p in self.players}


def _stake_blinds(hand: Hand) -> tuple[Decimal, Decimal, Decimal | None, Decimal]:
    """(small bet, big bet, small blind or None, big blind) from the header alone.

    Limit headers give the bets and the big blind equals the small bet (R-BET-4); the small blind
    is whatever was posted. Pot and No Limit headers give the blinds; their "small bet" and "big
    bet" are by convention the big blind and twice it, so BB/100 is half of bb/100 there.
    """
    low, high = hand.stakes
    if hand.limit_type is _FIXED:
        return low, high, None, low
    return high, high * 2, low, high


def where(hand: Hand, line: int) -> str:
    """Where a table error is: the hand and its file and line, as every ``TableError`` says."""
    return f"{hand.site} hand {hand.hand_id} ({hand.source.path}:{line})"


def _unseated(hand: Hand, seats: dict[str, Seat], involved: set[str]) -> TableError:
    """The error for the first line naming a player who has no seat (the slow path)."""
    for e in hand.events:
        player = getattr(e, "player", None)
        if isinstance(player, str) and player in involved and player not in seats:
            return TableError(f"{where(hand, e.line)}: {player!r} acts but has no seat")
    return TableError(f"{hand.site} hand {hand.hand_id}: a player acts but has no seat")


def read_ledger(hand: Hand) -> Ledger:
    """Walk ``hand.events`` once; raise ``TableError`` for events the tables cannot account for."""
    if hand.partial:
        raise TableError(
            f"{hand.site} hand {hand.hand_id} ({hand.source.path}:{hand.source.first_line}): "
            "the site printed only part of this hand (partial)"
        )
    small_bet, big_bet, small_blind, big_blind = _stake_blinds(hand)
    seats = {s.player: s for s in hand.seats}
    steps: list[Step] = []
    invested: dict[str, Decimal] = {}
    collected: dict[str, Decimal] = {}
    folded: dict[str, int] = {}
    all_in: set[str] = set()
    involved: set[str] = set()
    draw_events: list[Draw] = []
    received: dict[tuple[int, str], Cards] = {}
    shown: dict[str, Cards] = {}
    summary_cards: dict[str, Cards] = {}
    hero = hand.hero
    hero_cards: Cards | None = None
    # A hand whose draws the site did not record (Winamax real money): its stand-pat lines do
    # not give the hero's final hand.
    profile = profile_for(hand.site)
    unrecorded = draws_unrecorded(hand, profile)
    silent_returns = not profile.prints_uncalled_bets and not profile.collects_uncalled
    dealt: dict[str, Cards] = {}
    kept: dict[tuple[int, str], Cards] = {}
    total_pot: Decimal | None = None
    rake: Decimal | None = None
    showdown_marker = False
    cancelled = False
    sb_seen = False
    bb_seen = False
    lines = LineLedger(big_blind)  # what each line puts in, by the one rule
    line_action, line_post = lines.action, lines.post
    r = int(lines.street)  # the betting round of the actions, 0-3

    # Steps are made with tuple.__new__: a NamedTuple's own __new__ is a Python-level call.
    make = _tuple_new
    for e in hand.events:  # the isinstance tests in the order of how often each event comes
        if isinstance(e, Action):
            p = e.player
            involved.add(p)
            if e.street is not lines.street:  # a new betting round (checked once)
                r = int(e.street)
                if not 0 <= r <= 3:
                    raise TableError(f"{where(hand, e.line)}: betting action outside rounds 0-3")
                lines.enter(e.street)
            act = _ACT_BY_ID[id(e.kind)]
            if act is _FOLD_ACT:
                folded[p] = r
                steps.append(make(Step, (r, p, act, _ZERO, None, e.all_in, e.line)))
            elif act is _CHECK_ACT:
                steps.append(make(Step, (r, p, act, _ZERO, None, e.all_in, e.line)))
            else:
                # Booked before the checks below: a line they refuse ends the whole hand.
                # Checks and folds put nothing in, and the round is entered above: no call
                # for them.
                put = line_action(e)
                if act is _RAISE_ACT:
                    if e.to_amount is None:
                        raise TableError(f"{where(hand, e.line)}: raise without a 'to' amount")
                    to = e.to_amount
                    if put < 0:
                        raise TableError(
                            f"{where(hand, e.line)}: {p} raises to less than already in"
                        )
                else:  # a call or a bet
                    if e.amount is None:
                        raise TableError(f"{where(hand, e.line)}: {act.value} without an amount")
                    to = lines.live.get(p, _ZERO)
                invested[p] = invested.get(p, _ZERO) + put
                steps.append(make(Step, (r, p, act, put, to, e.all_in, e.line)))
            if e.all_in:
                all_in.add(p)
        elif isinstance(e, SummarySeat):
            involved.add(e.player)
            if e.cards is not None:
                summary_cards[e.player] = e.cards
        elif isinstance(e, SectionMarker):
            if e.section is _SHOW_DOWN:
                showdown_marker = True
        elif isinstance(e, Draw):
            involved.add(e.player)
            draw_events.append(e)
            if e.player == hero and e.pat_cards is not None and not unrecorded:
                hero_cards = e.pat_cards
        elif isinstance(e, Post):
            p = e.player
            involved.add(p)
            kind = e.kind
            if e.all_in:
                all_in.add(p)
            if kind is _ANTE or kind is _DEAD_BLIND:
                act = _POST_ANTE if kind is _ANTE else _POST_DEAD
                steps.append(make(Step, (0, p, act, e.amount, None, e.all_in, e.line)))
            elif kind is _SMALL_AND_BIG_BLIND:
                # The small-blind part is dead: it is in the pot but not in the player's bet.
                live = line_post(e)
                dead = e.amount - live
                if dead:
                    steps.append(make(Step, (0, p, _POST_DEAD, dead, None, False, e.line)))
                to = lines.live.get(p, _ZERO)
                steps.append(make(Step, (0, p, _POST_BB, live, to, e.all_in, e.line)))
            else:
                is_sb = kind is _SMALL_BLIND
                line_post(e)
                act = _POST_SB if is_sb else _POST_BB
                to = lines.live.get(p, _ZERO)
                steps.append(make(Step, (0, p, act, e.amount, to, e.all_in, e.line)))
                # Blinds are read from what was posted; an all-in post may be short of them.
                if not e.all_in:
                    if is_sb and not sb_seen:
                        small_blind, sb_seen = e.amount, True
                    elif not is_sb and not bb_seen:
                        big_blind, bb_seen = e.amount, True
                        lines.big_blind = big_blind
            invested[p] = invested.get(p, _ZERO) + e.amount
        elif isinstance(e, DealtTo):
            involved.add(e.player)
            if e.new is not None:
                received[(int(e.street), e.player)] = e.new
                kept[(int(e.street), e.player)] = e.kept
            elif e.player not in dealt:
                dealt[e.player] = e.kept
            if e.player == hero:
                hero_cards = e.hand
        elif isinstance(e, Collected):
            involved.add(e.player)
            collected[e.player] = collected.get(e.player, _ZERO) + e.amount
        elif isinstance(e, SummaryPot):
            total_pot, rake = e.total, e.rake
        elif isinstance(e, UncalledBet):
            involved.add(e.player)
            invested[e.player] = invested.get(e.player, _ZERO) - e.amount
        elif isinstance(e, Shows):
            involved.add(e.player)
            shown[e.player] = e.cards
        elif isinstance(e, HandCancelled):
            cancelled = True

    if not involved <= seats.keys():
        raise _unseated(hand, seats, involved)
    if silent_returns and invested:
        # No uncalled-bet line and a collection without it (Kings Club): what the top
        # contributor put in beyond everyone else comes back to them (R-BET-7).
        ranked = sorted(invested.items(), key=lambda kv: kv[1], reverse=True)
        excess = ranked[0][1] - (ranked[1][1] if len(ranked) > 1 else _ZERO)
        if excess > 0:
            invested[ranked[0][0]] -= excess
    # One walk over the seats in seat order for the players and their seats and stacks.
    in_seat_order: list[str] = []
    seat_of: dict[str, int] = {}
    stack: dict[str, Decimal] = {}
    out_of_hand = False
    for s in sorted(hand.seats, key=_SEAT_NUMBER):
        p = s.player
        if p in involved:
            in_seat_order.append(p)
            named = seats[p]  # by name, as the other tables read seats
            seat_of[p] = named.seat
            stack[p] = named.stack
            if s.out_of_hand is not None:
                out_of_hand = True
    if out_of_hand:
        for s in hand.seats:  # the first in the order of the lines
            if s.player in involved and s.out_of_hand is not None:
                raise TableError(
                    f"{where(hand, s.line)}: {s.player!r} is out of hand but appears in the hand"
                )
    players = tuple(in_seat_order)
    n_live = 0
    for p in players:
        if p not in invested:
            invested[p] = _ZERO
        if p not in collected:
            collected[p] = _ZERO
        if p not in folded:
            n_live += 1

    draws: list[DrawRecord] = []
    for d in draw_events:
        k = int(d.street)
        if not 1 <= k <= 3:
            raise TableError(f"{where(hand, d.line)}: a draw outside draws 1-3")
        if d.pat:
            whole = d.pat_cards if d.pat_cards is not None else kept.get((k, d.player))
            draws.append(make(DrawRecord, (k, d.player, 0, True, (), (), whole)))
            continue
        # A bracket that does not hold ``count`` cards is a site bug: the cards are unknown.
        disc = d.discarded if d.discarded is not None and len(d.discarded) == d.count else None
        new = received.get((k, d.player))
        if new is None and d.drawn:
            new = d.drawn[0]  # the new cards named on the draw line (Kings Club)
        got = new if new is not None and len(new) == d.count else None
        drawn = kept.get((k, d.player))
        draws.append(make(DrawRecord, (k, d.player, d.count, False, disc, got, drawn)))

    final_cards = dict(summary_cards)
    final_cards.update(shown)
    if hand.hero is not None and hand.hero in involved and hero_cards is not None:
        final_cards.setdefault(hand.hero, hero_cards)

    return Ledger(
        hand=hand,
        players=players,
        seat=seat_of,
        stack=stack,
        steps=steps,
        draws=draws,
        invested=invested,
        collected=collected,
        folded=folded,
        all_in=all_in,
        total_pot=total_pot,
        rake=rake,
        small_bet=small_bet,
        big_bet=big_bet,
        small_blind=small_blind,
        big_blind=big_blind,
        has_showdown=showdown_marker and n_live >= 2,
        cancelled=cancelled,
        final_cards=final_cards,
        dealt_cards=dealt,
    )
