"""The replay's result: the rules' settlement in ``Decimal`` next to the line facts, checked.

Built through twins (``histparse._records``), like the engine's per-action results: their
dataclass constructors, which mypy would check, cost 2-3% of the replay for these records
(measured), beyond the budget of the split into jobs. A replay with findings is copied with
them (``dataclasses.replace``) rather than changed in place.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from operator import attrgetter, itemgetter

from histparse._records import twin
from histparse.cards import Card
from histparse.engine import (
    HandState,
    Position,
    Settlement,
    assign_positions,
    expected_blinds,
)
from histparse.engine.positions import first_left_of
from histparse.events import Hand, Seat, Section
from histparse.game import LimitType
from histparse.money import Money
from histparse.replayer.checks import run_hand_checks
from histparse.replayer.checks.anomaly import mark_known_anomaly
from histparse.replayer.checks.common import real_big_blind
from histparse.replayer.facts import Facts
from histparse.replayer.feed import Feed
from histparse.replayer.findings import Finding
from histparse.replayer.steps import Act, DrawRecord, Step
from histparse.replayer.types import LineFacts, PlayerMoney, PotOutcome, Replay, Returned

__all__ = ["build_result"]

_ZERO = Decimal(0)
Cards = tuple[Card, ...]
_FIXED = LimitType.FIXED
_SHOW_DOWN = Section.SHOW_DOWN
_POST_SB, _POST_BB = Act.POST_SB, Act.POST_BB
_SEAT_NUMBER = attrgetter("seat")
_AMOUNT = itemgetter(1)
_tuple_new = tuple.__new__


def _rules(
    settlement: Settlement, state: HandState, money: Money, facts: Facts
) -> tuple[tuple[PotOutcome, ...], tuple[Returned, ...], dict[str, Decimal], Decimal]:
    """The settlement and the returned money in ``Decimal``."""
    to_dec = money.to_decimal
    returned = tuple([Returned(u.player, to_dec(u.amount)) for u in state.uncalled_bets])
    by_pot: dict[int, list[tuple[str, Decimal]]] = {}
    for c in facts.collected:
        by_pot.setdefault(c.pot_index, []).append((c.player, c.amount))
    pots: list[PotOutcome] = []
    for result in settlement.pots:
        shares = result.shares
        if len(shares) == 1:
            ((winner, share),) = shares
            dec_shares: tuple[tuple[str, Decimal], ...] = ((winner, to_dec(share)),)
            odd: tuple[str, ...] = ()
        else:
            low = min([s for _, s in shares]) if shares else 0
            dec_shares = tuple([(p, to_dec(s)) for p, s in shares])
            odd = tuple([p for p, s in shares if s > low])
        pot = _PotOutcomeParts()
        pot.index = result.index
        pot.amount = to_dec(result.amount)
        pot.rake = to_dec(result.rake)
        pot.eligible = result.eligible
        pot.winners = result.winners
        pot.shares = dec_shares
        pot.odd_chips = odd
        pot.collected = tuple(by_pot.get(result.index, ()))
        pot.__class__ = PotOutcome
        pots.append(pot)
    rightful = {pr.player: to_dec(pr.collected) for pr in settlement.players}
    return tuple(pots), returned, rightful, to_dec(settlement.total_pot)


def build_result(feed: Feed, findings: list[Finding], *, check: bool) -> Replay:
    """The ``Replay`` of the pass that filled ``feed`` (its line facts and the engine's
    outcome), with ``findings`` and, when ``check``, the findings of the per-hand checks, in
    line order."""
    facts: Facts = feed
    hand = feed.hand
    settlement = feed.settlement
    state = feed.state
    pots: tuple[PotOutcome, ...] = ()
    returned: tuple[Returned, ...] = ()
    rightful: dict[str, Decimal] | None = None
    total: Decimal | None = None
    showdown: bool | None = None
    if settlement is not None and state is not None:
        pots, returned, rightful, total = _rules(settlement, state, feed.money, facts)
        showdown = feed.showdown
    reached = feed.reached_draw if settlement is not None else None
    body = line_facts(facts, reached, showdown)
    players = _players(hand, facts, body, rightful)
    big_blind = feed.big_blind
    money = feed.money
    replayed = _ReplayParts()
    replayed.hand = hand
    replayed.profile = feed.profile
    replayed.unit = money.unit
    replayed.complete = settlement is not None
    replayed.blinds = feed.blinds
    replayed.big_blind = None if big_blind is None else money.to_decimal(big_blind)
    replayed.pots = pots
    replayed.returned = returned
    replayed.total_pot = total
    replayed.players = tuple(players)
    replayed.body = body
    replayed.findings = ()
    replayed.states = tuple(feed.states)
    replayed.settlement = settlement
    replayed.audited = True
    replayed.__class__ = Replay
    result: Replay = replayed
    if check:
        findings.extend(run_hand_checks(result))
    if not findings:
        return result
    findings.sort(key=_line_of)
    findings = mark_known_anomaly(hand, findings)
    # A copy, not a change in place: the replay without findings is what the checks read.
    return replace(result, findings=tuple(findings))


def line_facts(facts: Facts, reached_draw: int | None, showdown: bool | None) -> LineFacts:
    """The record's line facts (``LineFacts``) of a finished pass: what every reader of the
    hand takes, the same with or without the engine."""
    hand = facts.hand
    got: dict[str, Decimal] = {}
    for c in facts.collected:
        got[c.player] = got.get(c.player, _ZERO) + c.amount
    posts = tuple(facts.posts)
    dealt_in = facts.dealt_in
    seats = _in_seat_order(hand, dealt_in)
    steps = tuple(facts.steps)
    small_bet, big_bet, small_blind, big_blind = _stakes(facts)
    body = _LineFactsParts()
    body.cancelled = facts.cancelled
    body.dealt_in = dealt_in
    body.posts = posts
    body.folds = facts.folds
    body.shows = facts.shows
    body.mucks = facts.mucks
    body.collected = tuple(facts.collected)
    body.uncalled = tuple(facts.uncalled)
    body.voluntary = frozenset(facts.voluntary)
    body.contributed = facts.contributed
    body.sections = tuple(facts.sections)
    body.summary_pot = facts.summary_pot
    body.summary_seats = tuple(facts.summary_seats)
    body.reached_draw = reached_draw
    body.showdown = showdown
    body.collected_totals = got
    body.big_blind_player = real_big_blind(hand, posts) if posts else None
    body.seats = seats
    body.positions = _positions(hand, seats, steps)
    body.steps = steps
    body.draw_records = _draw_records(facts)
    body.all_in = frozenset(facts.all_in)
    body.invested = _invested(facts)
    body.dealt_cards = facts.dealt
    body.final_cards = _final_cards(facts)
    body.reshuffles = tuple(facts.reshuffles)
    body.draw_lines = tuple(facts.draw_lines)
    body.dealt_to = tuple(facts.dealt_to)
    body.small_bet = small_bet
    body.big_bet = big_bet
    body.small_blind = small_blind
    body.big_blind = big_blind
    body.has_showdown = _has_showdown(facts, dealt_in)
    body.__class__ = LineFacts
    result: LineFacts = body
    return result


def _in_seat_order(hand: Hand, dealt_in: tuple[str, ...]) -> tuple[Seat, ...]:
    """The dealt-in seats, by seat number."""
    named = set(dealt_in)
    return tuple(sorted([s for s in hand.seats if s.player in named], key=_SEAT_NUMBER))


def _positions(hand: Hand, seats: tuple[Seat, ...], steps: tuple[Step, ...]) -> dict[str, Position]:
    """Each dealt-in player's position: from the dealt-in seats, the button and whether a
    small blind was posted. A dead small blind (nobody posts one, and the first seat left of
    the button posts the big blind) leaves no SB: that seat is the BB."""
    if not seats:
        return {}
    numbers = [s.seat for s in seats]
    small_blind_posted = True
    if not any(s.act is _POST_SB for s in steps if s.round == 0):
        first = seats[first_left_of(numbers, hand.button_seat)].player
        small_blind_posted = not any(s.act is _POST_BB and s.player == first for s in steps)
    by_seat = assign_positions(numbers, hand.button_seat, small_blind_posted=small_blind_posted)
    return {s.player: by_seat[s.seat] for s in seats}


def _stakes(facts: Facts) -> tuple[Decimal, Decimal, Decimal | None, Decimal]:
    """(small bet, big bet, small blind or None, big blind) of the stake as posted.

    Limit headers give the bets and the big blind equals the small bet (R-BET-4); the small
    blind is whatever was posted. Pot and No Limit headers give the blinds; their "small bet"
    and "big bet" are by convention the big blind and twice it. A blind posted in full
    replaces the header's.
    """
    low, high = facts.hand.stakes
    if facts.hand.limit_type is _FIXED:
        small_bet, big_bet, small_blind, big_blind = low, high, None, low
    else:
        small_bet, big_bet, small_blind, big_blind = high, high * 2, low, high
    if facts.sb_posted is not None:
        small_blind = facts.sb_posted
    if facts.bb_posted is not None:
        big_blind = facts.bb_posted
    return small_bet, big_bet, small_blind, big_blind


def _invested(facts: Facts) -> dict[str, Decimal]:
    """What each player put in, net of the uncalled bets: the printed ones, and on a site
    that returns them silently (no line, no collection of it) the top contributor's excess
    over everyone else (R-BET-7)."""
    invested = dict(facts.contributed)
    for u in facts.uncalled:
        invested[u.player] = invested.get(u.player, _ZERO) - u.amount
    profile = facts.profile
    if invested and not profile.prints_uncalled_bets and not profile.collects_uncalled:
        ranked = sorted(invested.items(), key=_AMOUNT, reverse=True)
        excess = ranked[0][1] - (ranked[1][1] if len(ranked) > 1 else _ZERO)
        if excess > 0:
            invested[ranked[0][0]] -= excess
    return invested


def _draw_records(facts: Facts) -> tuple[DrawRecord, ...]:
    """The draws table's rows: each draw line with the cards the hand shows for it."""
    received, kept = facts.received, facts.kept
    records: list[DrawRecord] = []
    make = _tuple_new
    for d in facts.draw_lines:
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
        records.append(
            make(DrawRecord, (k, d.player, d.count, False, disc, got, kept.get((k, d.player))))
        )
    return tuple(records)


def _final_cards(facts: Facts) -> dict[str, Cards]:
    """Each player's last known five: the summary's, a show's over it, the hero's own."""
    final: dict[str, Cards] = {}
    for s in facts.summary_seats:
        if s.cards is not None:
            final[s.player] = s.cards
    for p, shows in facts.shows.items():
        final[p] = shows.cards
    hero = facts.hand.hero
    if hero is not None and facts.hero_cards is not None and hero in facts.dealt_in:
        final.setdefault(hero, facts.hero_cards)
    return final


def _has_showdown(facts: Facts, dealt_in: tuple[str, ...]) -> bool:
    """At least two dealt-in players who did not fold, and the showdown's marker on a site
    that prints one (``marks_showdown``; Kings Club prints none)."""
    if facts.profile.marks_showdown and not any(m.section is _SHOW_DOWN for m in facts.sections):
        return False
    folds = facts.folds
    return sum(1 for p in dealt_in if p not in folds) >= 2


def _players(
    hand: Hand, facts: Facts, body: LineFacts, rightful: dict[str, Decimal] | None
) -> list[PlayerMoney]:
    """Each seated player's money as the lines say it, and the rules' award."""
    got = body.collected_totals
    back: dict[str, Decimal] = {}
    for u in facts.uncalled:
        back[u.player] = back.get(u.player, _ZERO) + u.amount
    dealt = facts.dealt_in
    contributed = facts.contributed
    players: list[PlayerMoney] = []
    for s in hand.seats:
        name = s.player
        invested = contributed.get(name, _ZERO)
        if name in back:
            invested -= back[name]
        collected = got.get(name, _ZERO)
        player = _PlayerMoneyParts()
        player.player = name
        player.seat = s.seat
        player.dealt_in = name in dealt
        player.starting_stack = s.stack
        player.invested = invested
        player.collected = collected
        player.net = collected - invested
        player.rightful = None if rightful is None else rightful.get(name, _ZERO)
        player.__class__ = PlayerMoney
        players.append(player)
    return players


def build_facts(facts: Facts) -> Replay:
    """The record of a facts-only pass (``read_facts``): the line facts, no verdicts."""
    hand = facts.hand
    body = line_facts(facts, None, None)
    record = _ReplayParts()
    record.hand = hand
    record.profile = facts.profile
    record.unit = Money.for_hand(hand).unit
    record.complete = False
    seats = body.seats
    record.blinds = None
    if len(seats) >= 2:
        record.blinds = expected_blinds(hand.button_seat, [s.seat for s in seats])
    record.big_blind = None
    record.pots = ()
    record.returned = ()
    record.total_pot = None
    record.players = tuple(_players(hand, facts, body, None))
    record.body = body
    record.findings = ()
    record.states = ()
    record.settlement = None
    record.audited = False
    record.__class__ = Replay
    result: Replay = record
    return result


# Built through their mutable twins (histparse._records): once per hand, per seat and per pot,
# where the dataclass constructors measured at several percent of the replay.
_LineFactsParts = twin(LineFacts)
_PotOutcomeParts = twin(PotOutcome)
_PlayerMoneyParts = twin(PlayerMoney)
_ReplayParts = twin(Replay)


def _line_of(f: Finding) -> int:
    return f.line
