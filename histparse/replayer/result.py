"""The replay's result: the rules' settlement in ``Decimal`` next to the line facts, checked.

Built through twins (``histparse._records``), like the engine's per-action results: their
dataclass constructors, which mypy would check, cost 2-3% of the replay for these records
(measured), beyond the budget of the split into jobs. A replay with findings is copied with
them (``dataclasses.replace``) rather than changed in place.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from histparse._records import twin
from histparse.engine import HandState, Settlement, expected_blinds
from histparse.events import Hand
from histparse.money import Money
from histparse.replayer.checks import run_hand_checks
from histparse.replayer.checks.anomaly import mark_known_anomaly
from histparse.replayer.checks.common import real_big_blind
from histparse.replayer.facts import Facts
from histparse.replayer.feed import Feed
from histparse.replayer.findings import Finding
from histparse.replayer.types import LineFacts, PlayerMoney, PotOutcome, Replay, Returned

__all__ = ["build_result"]

_ZERO = Decimal(0)


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
    hand takes, the same with or without the engine (what is derived from them is derived on
    first use: ``histparse.replayer.derived``)."""
    hand = facts.hand
    got: dict[str, Decimal] = {}
    for c in facts.collected:
        got[c.player] = got.get(c.player, _ZERO) + c.amount
    posts = tuple(facts.posts)
    body = _LineFactsParts()
    body.cancelled = facts.cancelled
    body.dealt_in = facts.dealt_in
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
    body.hand = hand
    body.profile = facts.profile
    body.moves = tuple(facts.moves)
    body.reshuffles = tuple(facts.reshuffles)
    body.draw_lines = tuple(facts.draw_lines)
    body.dealt_to = tuple(facts.dealt_to)
    body.unrecorded = facts.unrecorded
    body.derived = {}
    body.__class__ = LineFacts
    result: LineFacts = body
    return result


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
