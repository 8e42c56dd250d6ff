"""Generated hands survive write → parse unchanged, replay legally through the engine from the
parsed events alone, and conserve chips (issue 4's "done when").

The replay here drives ``HandState`` from what the text says, with ``check=True`` everywhere:
every post, action and draw must be legal, every uncalled bet, reshuffle line and pot must agree
with the engine, and the settlement must give each player what the ``collected`` lines say.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from histparse.engine import GameConfig, HandState, Phase
from histparse.engine import Seat as EngineSeat
from histparse.events import (
    Action,
    Collected,
    DealtTo,
    Draw,
    Hand,
    Mucks,
    Post,
    Reshuffle,
    Shows,
    SummaryPot,
    UncalledBet,
)
from histparse.game import ActionKind, LimitType, PostKind, Street
from histparse.parsing import parse_text
from histparse.simulation import HardCase, SimConfig, TournamentStructure, simulate
from histparse.writing import write_hands

LIMITS = list(LimitType)


def minor(amount: Decimal, tournament: bool) -> int:
    return int(amount if tournament else amount * 100)


def game_config(hand: Hand) -> GameConfig:
    t = hand.is_tournament
    low, high = (minor(a, t) for a in hand.stakes)
    antes = [minor(p.amount, t) for p in hand.posts if p.kind is PostKind.ANTE and not p.all_in]
    ante = max(antes, default=0)
    if hand.limit_type is LimitType.FIXED:
        return GameConfig.fixed_limit(low, high, small_blind=low // 2, big_blind=low, ante=ante)
    if hand.limit_type is LimitType.POT:
        return GameConfig.pot_limit(low, high, ante=ante)
    return GameConfig.no_limit(low, high, ante=ante)


def replay(hand: Hand) -> None:
    """Drive the engine from the parsed events; assert everything the text claims."""
    t = hand.is_tournament
    state = HandState(
        game_config(hand),
        [EngineSeat(s.seat, s.player, minor(s.stack, t)) for s in hand.seats],
        hand.button_seat,
    )
    events = hand.events
    pending_draw: Draw | None = None
    uncalled_seen = 0
    collected: dict[str, int] = {}
    total = rake = None
    for k, e in enumerate(events):
        if isinstance(e, Post):
            state.post(e.player, e.kind, minor(e.amount, t))
        elif isinstance(e, DealtTo):
            if e.new is None:
                state.deal({e.player: e.kept})
            else:
                assert pending_draw is not None and pending_draw.player == e.player
                assert pending_draw.discarded is not None
                result = state.draw(e.player, pending_draw.count, pending_draw.discarded, e.new)
                assert tuple(result.kept) == e.kept
                pending_draw = None
        elif isinstance(e, Action):
            assert state.street is e.street
            if e.kind is ActionKind.FOLD:
                state.fold(e.player)
            elif e.kind is ActionKind.CHECK:
                state.check(e.player)
            elif e.kind is ActionKind.CALL:
                assert e.amount is not None
                r = state.call(e.player, minor(e.amount, t))
                assert r.all_in is e.all_in
            else:
                assert e.to_amount is not None and e.amount is not None
                to = minor(e.to_amount, t)
                before = state.current_bet
                r = state.act(e.player, e.kind, to)
                assert r.all_in is e.all_in
                if e.kind is ActionKind.RAISE:
                    assert minor(e.amount, t) == to - before
        elif isinstance(e, Reshuffle):
            nxt = events[k + 1]
            assert isinstance(nxt, Draw)
            assert state.would_reshuffle(nxt.count), f"hand {hand.hand_id}: stray reshuffle"
        elif isinstance(e, Draw):
            if not e.pat and e.player == hand.hero:
                pending_draw = e
            else:
                if e.count:
                    prev = events[k - 1]
                    # "The deck is reshuffled" must precede every draw that runs the stub out.
                    assert isinstance(prev, Reshuffle) or not state.would_reshuffle(e.count)
                state.draw(e.player, e.count)
        elif isinstance(e, UncalledBet):
            returned = state.uncalled_bets[uncalled_seen]
            uncalled_seen += 1
            assert (returned.player, returned.amount) == (e.player, minor(e.amount, t))
        elif isinstance(e, Shows):
            state.show(e.player, e.cards)
        elif isinstance(e, Mucks):
            state.muck(e.player)
        elif isinstance(e, Collected):
            collected[e.player] = collected.get(e.player, 0) + minor(e.amount, t)
        elif isinstance(e, SummaryPot):
            total, rake = minor(e.total, t), minor(e.rake, t)
            if e.main is not None:
                # Printed pots are net of the rake, taken from the main pot first.
                left, nets = rake, []
                for pot in state.pots():
                    take = min(pot.amount, left)
                    left -= take
                    nets.append(pot.amount - take)
                assert nets == [minor(e.main, t)] + [minor(s, t) for s in e.sides]
    assert uncalled_seen == len(state.uncalled_bets)
    assert state.phase in (Phase.SHOWDOWN, Phase.UNCONTESTED)
    assert total == state.pot and rake is not None
    settlement = state.settle(rake)
    for p in settlement.players:
        assert p.collected == collected.get(p.player, 0), f"hand {hand.hand_id}: {p.player}"


def conserve(hand: Hand) -> None:
    """Chips from the events alone (docs/formats.md §1.8): contributions = total pot and
    total - rake = collected."""
    t = hand.is_tournament
    street_total: dict[str, int] = {}
    street = Street.PREDEAL
    paid = 0
    for e in hand.events:
        if isinstance(e, Post):
            amount = minor(e.amount, t)
            paid += amount
            if e.kind is not PostKind.ANTE:
                street_total[e.player] = street_total.get(e.player, 0) + amount
        elif isinstance(e, Action):
            if e.street is not street and e.street is not Street.PREDRAW:
                street_total = {}
            street = e.street
            if e.kind is ActionKind.CALL or e.kind is ActionKind.BET:
                assert e.amount is not None
                paid += minor(e.amount, t)
                street_total[e.player] = street_total.get(e.player, 0) + minor(e.amount, t)
            elif e.kind is ActionKind.RAISE:
                assert e.to_amount is not None
                to = minor(e.to_amount, t)
                paid += to - street_total.get(e.player, 0)
                street_total[e.player] = to
        elif isinstance(e, UncalledBet):
            paid -= minor(e.amount, t)
    pot = hand.events_of(SummaryPot)[0]
    won = sum(minor(c.amount, t) for c in hand.events_of(Collected))
    assert paid == minor(pot.total, t), f"hand {hand.hand_id}"
    assert minor(pot.total, t) - minor(pot.rake, t) == won, f"hand {hand.hand_id}"


def without_text(hands: Iterable[Hand]) -> list[Hand]:
    return [dataclasses.replace(h, source=dataclasses.replace(h.source, text="")) for h in hands]


def round_trip(config: SimConfig, hands: int, seed: int) -> list[Hand]:
    generated = list(simulate(hands, seed, config))
    assert len(generated) == hands
    text = write_hands(generated)
    parsed = parse_text(text, config.path)
    assert without_text(parsed) == generated
    return parsed


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 6),
    limit=st.sampled_from(LIMITS),
    tournament=st.booleans(),
    focus=st.frozensets(st.sampled_from(list(HardCase)), max_size=3),
)
def test_generated_hands_round_trip_replay_and_conserve_chips(
    seed: int, players: int, limit: LimitType, tournament: bool, focus: frozenset[HardCase]
) -> None:
    config = SimConfig(
        players=players,
        limit=limit,
        stakes=(Decimal("0.25"), Decimal("0.50")),
        tournament=TournamentStructure(hands_per_level=4) if tournament else None,
        focus=focus,
    )
    for hand in round_trip(config, 60, seed):
        conserve(hand)
        replay(hand)


def test_thousands_of_default_hands_round_trip_and_replay() -> None:
    parsed = round_trip(SimConfig(), 1500, 11)
    parsed += round_trip(SimConfig(focus=frozenset(HardCase)), 500, 12)
    for hand in parsed:
        conserve(hand)
        replay(hand)


def test_line_numbers_and_source_follow_the_file_layout() -> None:
    config = SimConfig(path="out.txt", newline="\n", bom=True, source_text=True)
    generated = list(simulate(30, 4, config))
    text = write_hands(generated)
    parsed = parse_text(text, "out.txt")
    assert parsed == generated
    assert generated[0].layout.bom and not any(h.layout.bom for h in generated[1:])
    assert generated[0].source.first_line == 1
    lines = text.lstrip("\ufeff").split("\n")
    for hand in generated:
        src = hand.source
        assert lines[src.first_line - 1].startswith("PokerStars Hand #" + hand.hand_id)
        assert "\n".join(lines[src.first_line - 1 : src.last_line]) == src.text
        for e in hand.events:
            assert lines[e.line - 1].rstrip() != ""
