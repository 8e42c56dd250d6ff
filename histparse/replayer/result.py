"""The replay's result: the rules' settlement in ``Decimal`` next to the line facts, checked.

``LineFacts`` and ``Replay`` (once per hand) are built with their own constructors, so mypy
checks every field. The players and pots (several per hand) are still built through twins
(``histparse._records``): their constructors measured at several percent of the replay.
"""

from __future__ import annotations

from decimal import Decimal

from histparse._records import twin
from histparse.engine import HandState, Settlement
from histparse.replayer.checks import run_hand_checks
from histparse.replayer.checks.common import real_big_blind
from histparse.replayer.facts import Facts
from histparse.replayer.feed import Feed
from histparse.replayer.findings import Finding
from histparse.replayer.money import Money
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


def build_result(facts: Facts, feed: Feed, findings: list[Finding], *, check: bool) -> Replay:
    """The ``Replay`` of the pass that filled ``facts`` and ``feed``, with ``findings`` and,
    when ``check``, the findings of the per-hand checks, in line order."""
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
    got: dict[str, Decimal] = {}
    for c in facts.collected:
        got[c.player] = got.get(c.player, _ZERO) + c.amount
    back: dict[str, Decimal] = {}
    for u in facts.uncalled:
        back[u.player] = back.get(u.player, _ZERO) + u.amount
    posts = tuple(facts.posts)
    body = LineFacts(
        cancelled=facts.cancelled,
        dealt_in=facts.dealt_in,
        posts=posts,
        folds=facts.folds,
        shows=facts.shows,
        mucks=facts.mucks,
        collected=tuple(facts.collected),
        uncalled=tuple(facts.uncalled),
        voluntary=frozenset(facts.voluntary),
        contributed=facts.contributed,
        sections=tuple(facts.sections),
        summary_pot=facts.summary_pot,
        summary_seats=tuple(facts.summary_seats),
        reached_draw=feed.reached_draw if settlement is not None else None,
        showdown=showdown,
        collected_totals=got,
        big_blind_player=real_big_blind(hand, posts) if posts else None,
    )
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
    big_blind = feed.big_blind
    money = feed.money
    # The checks read a replay without findings; the result then carries theirs and the pass's.
    fields = (
        hand,
        feed.profile,
        money.unit,
        settlement is not None,
        feed.blinds,
        None if big_blind is None else money.to_decimal(big_blind),
        pots,
        returned,
        total,
        tuple(players),
        body,
    )
    states = tuple(feed.states)
    result = Replay(*fields, (), states, settlement)
    if check:
        findings.extend(run_hand_checks(result))
    if not findings:
        return result
    findings.sort(key=_line_of)
    return Replay(*fields, tuple(findings), states, settlement)


# Built through their mutable twins (histparse._records): once per seat and per pot of every
# hand, where the dataclass __init__ would cost several percent of the replay.
_PotOutcomeParts = twin(PotOutcome)
_PlayerMoneyParts = twin(PlayerMoney)


def _line_of(f: Finding) -> int:
    return f.line
