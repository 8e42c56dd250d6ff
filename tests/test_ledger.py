"""``histparse.ledger``: what each line puts into the pot, and the readers built on it agree with
the replayer on real and generated hands."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from histparse.events import Action, Hand, Post, UncalledBet
from histparse.game import ActionKind, LimitType, PostKind, Street
from histparse.ledger import LineLedger, contributions, header_big_blind, pot_after
from histparse.parsing import read_histories
from histparse.replayer import read_facts, replay
from histparse.show import running_pot
from histparse.simulation import HardCase, SimConfig, TournamentStructure, simulate

D = Decimal
TESTS = Path(__file__).resolve().parent
REAL = (TESTS / "data" / "pokerstars", TESTS / "data" / "real_histories" / "pokerstars")
_ZERO = D(0)


def post(player: str, kind: PostKind, amount: str) -> Post:
    return Post(line=1, player=player, kind=kind, amount=D(amount))


def act(
    player: str,
    kind: ActionKind,
    amount: str | None = None,
    to: str | None = None,
    street: Street = Street.PREDRAW,
) -> Action:
    return Action(
        line=2,
        street=street,
        player=player,
        kind=kind,
        amount=None if amount is None else D(amount),
        to_amount=None if to is None else D(to),
    )


def test_a_raise_puts_in_its_total_less_what_the_player_had() -> None:
    lines = LineLedger(D("0.10"))
    assert lines.post(post("S", PostKind.SMALL_BLIND, "0.05")) == D("0.05")
    assert lines.post(post("B", PostKind.BIG_BLIND, "0.10")) == D("0.10")
    assert lines.action(act("C", ActionKind.RAISE, "0.10", "0.20")) == D("0.20")
    assert lines.action(act("S", ActionKind.CALL, "0.15")) == D("0.15")
    # The big blind (0.10 in) re-raises to 0.30: 0.20 more, not 0.10 or 0.30.
    assert lines.action(act("B", ActionKind.RAISE, "0.10", "0.30")) == D("0.20")
    assert lines.action(act("C", ActionKind.FOLD)) == _ZERO
    assert (lines.have("S"), lines.have("B"), lines.have("C"), lines.top()) == (
        D("0.20"),
        D("0.30"),
        D("0.20"),
        D("0.30"),
    )


def test_a_new_street_starts_a_new_round_and_a_bet_names_its_total() -> None:
    lines = LineLedger(D(10))
    lines.post(post("B", PostKind.BIG_BLIND, "10"))
    lines.action(act("S", ActionKind.CALL, "10"))
    assert lines.action(act("S", ActionKind.CHECK, street=Street.DRAW1)) == _ZERO
    assert lines.have("B") == _ZERO and lines.top() == _ZERO
    assert lines.action(act("B", ActionKind.BET, "20", "20", street=Street.DRAW1)) == D(20)
    assert lines.action(act("S", ActionKind.RAISE, "20", "40", street=Street.DRAW1)) == D(40)
    assert lines.action(act("B", ActionKind.CALL, "20", street=Street.DRAW1)) == D(20)
    assert lines.street is Street.DRAW1 and lines.have("B") == D(40)


def test_puts_reads_without_booking_and_book_books() -> None:
    lines = LineLedger()
    lines.post(post("B", PostKind.BIG_BLIND, "2"))
    raise_ = act("B", ActionKind.RAISE, "2", "6")
    lines.enter(raise_.street)
    assert lines.puts(raise_) == D(4)
    assert lines.have("B") == D(2)
    lines.book("B", D(4))
    assert lines.have("B") == D(6)
    # A raise to less than the player had puts in a negative amount: read as written.
    assert lines.puts(act("B", ActionKind.RAISE, "1", "5")) == D(-1)


def test_only_blinds_are_live_and_the_big_blind_caps_small_and_big_blinds() -> None:
    capped = LineLedger(D("0.10"))
    assert capped.post(post("N", PostKind.SMALL_AND_BIG_BLIND, "0.15")) == D("0.10")
    assert capped.have("N") == D("0.10")
    assert capped.post(post("A", PostKind.ANTE, "0.01")) == _ZERO
    assert capped.post(post("D", PostKind.DEAD_BLIND, "0.05")) == _ZERO
    assert capped.have("A") == _ZERO and capped.have("D") == _ZERO
    uncapped = LineLedger()
    assert uncapped.post(post("N", PostKind.SMALL_AND_BIG_BLIND, "0.15")) == D("0.15")
    # A reader that learns the big blind as it goes sets it.
    uncapped.big_blind = D("0.05")
    assert uncapped.post(post("M", PostKind.SMALL_AND_BIG_BLIND, "0.15")) == D("0.05")


def test_header_big_blind_is_the_small_bet_in_limit_games() -> None:
    hand = next(h for h in real_hands() if h.limit_type is LimitType.FIXED)
    assert header_big_blind(hand) == hand.stakes[0]


@cache
def real_hands() -> tuple[Hand, ...]:
    return tuple(h for h in read_histories(*REAL) if not h.cancelled)


@cache
def generated_hands() -> tuple[Hand, ...]:
    hard = frozenset(HardCase)
    half = (D("0.25"), D("0.50"))
    configs = (
        SimConfig(focus=hard),
        SimConfig(players=2, focus=hard),
        SimConfig(limit=LimitType.NO_LIMIT, stakes=half, focus=hard),
        SimConfig(limit=LimitType.POT, stakes=half, focus=hard),
        SimConfig(tournament=TournamentStructure(), focus=hard),
    )
    return tuple(h for config in configs for h in simulate(150, seed=15, config=config))


def _agrees_with_the_replayer(hand: Hand) -> None:
    r = replay(hand)
    # The replayer's big blind (in engine units) caps small & big blinds; the default is the
    # header's, which is the same amount.
    put_in = contributions(hand, r.big_blind)
    for p in r.players:
        assert put_in.get(p.player, _ZERO) == p.invested, (hand.hand_id, p.player)
    total = sum(put_in.values(), _ZERO)
    if r.complete and r.total_pot is not None and "POT-TOTAL" not in r.codes:
        assert total == r.total_pot, hand.hand_id
    pots = pot_after(hand)
    assert pots == running_pot(hand)
    if pots:
        assert pots[max(pots)] == sum(contributions(hand).values(), _ZERO)
    # The record's money (what the tables hold) is the same rule's, without the engine too.
    for body in (r.body, read_facts(hand).body):
        if hand.site == "PokerStars":
            assert {p: body.invested.get(p, _ZERO) for p in put_in} == put_in
        posted: dict[str, Decimal] = {}
        for e in hand.posts:
            posted[e.player] = posted.get(e.player, _ZERO) + e.amount
        stepped: dict[str, Decimal] = {}
        for step in body.steps:
            if step.act.is_post:
                stepped[step.player] = stepped.get(step.player, _ZERO) + step.amount
        assert stepped == posted, hand.hand_id


def test_the_lines_money_is_the_replayers_on_real_hands() -> None:
    hands = real_hands()
    assert len(hands) > 40
    for hand in hands:
        _agrees_with_the_replayer(hand)


def test_the_lines_money_is_the_replayers_on_generated_hands() -> None:
    hands = generated_hands()
    assert any(isinstance(e, UncalledBet) for h in hands for e in h.events)
    for hand in hands:
        _agrees_with_the_replayer(hand)


def test_a_small_and_big_blinds_post_counts_its_big_blind_towards_a_raise() -> None:
    # A player who is not a blind posts small & big blinds (1.5 big blinds), then raises to two
    # big blinds: the raise puts in one big blind more, for the replayer and the ledger alike.
    for hand in real_hands():
        if hand.is_tournament or hand.limit_type is not LimitType.FIXED:
            continue
        events = list(hand.events)
        k = next((i for i, e in enumerate(events) if isinstance(e, Action)), None)
        first = events[k] if k is not None else None
        if not isinstance(first, Action) or first.kind is not ActionKind.RAISE:
            continue
        if first.player in {p.player for p in hand.posts}:
            continue
        big_blind = header_big_blind(hand)
        assert k is not None
        last_post = max(i for i, e in enumerate(events) if isinstance(e, Post))
        events.insert(last_post + 1, post(first.player, PostKind.SMALL_AND_BIG_BLIND, "0.15"))
        assert big_blind == D("0.10") and first.to_amount == D("0.20")
        posted = replace(hand, events=tuple(events))
        lines = LineLedger(big_blind)
        puts = [
            lines.post(e) if isinstance(e, Post) else lines.action(e)
            for e in posted.events
            if isinstance(e, Post | Action) and e.player == first.player
        ]
        assert puts[:2] == [D("0.10"), D("0.10")]
        _agrees_with_the_replayer(posted)
        assert "STRUCT-SECTIONS" not in replay(posted).codes  # posted before the deal
        return
    pytest.fail("no real hand opens with a raise by a player who posted nothing")


_CONFIGS = (
    SimConfig(focus=frozenset(HardCase)),
    SimConfig(players=2, focus=frozenset(HardCase)),
    SimConfig(limit=LimitType.NO_LIMIT, stakes=(D("0.25"), D("0.50")), focus=frozenset(HardCase)),
    SimConfig(tournament=TournamentStructure(), focus=frozenset(HardCase)),
)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(_CONFIGS))
def test_contributions_add_up_to_the_pot_on_any_generated_hand(
    seed: int, config: SimConfig
) -> None:
    for hand in simulate(5, seed=seed, config=config):
        r = replay(hand)
        assert r.complete and r.total_pot is not None
        assert sum(contributions(hand).values(), _ZERO) == r.total_pot
        _agrees_with_the_replayer(hand)


_CENTS = st.integers(1, 10_000).map(lambda c: D(c).scaleb(-2))


@given(st.lists(st.tuples(st.sampled_from("ABC"), _CENTS, st.booleans()), max_size=12))
def test_what_a_player_puts_in_a_round_adds_up_to_their_last_total(
    steps: list[tuple[str, Decimal, bool]],
) -> None:
    """Bets and raises name totals, calls increments: whatever their order and sizes, a
    player's puts in a round sum to their live money, the last total plus the calls after it."""
    lines = LineLedger()
    put: dict[str, Decimal] = {}
    expected: dict[str, Decimal] = {}
    for player, amount, is_raise in steps:
        if is_raise:
            e = act(player, ActionKind.RAISE, None, str(amount))
            expected[player] = amount
        else:
            e = act(player, ActionKind.CALL, str(amount))
            expected[player] = expected.get(player, _ZERO) + amount
        put[player] = put.get(player, _ZERO) + lines.action(e)
    for player in "ABC":
        assert put.get(player, _ZERO) == expected.get(player, _ZERO) == lines.have(player)


@pytest.mark.parametrize("kind", [ActionKind.BET, ActionKind.RAISE])
def test_a_bet_or_raise_without_a_total_reads_its_amount_as_the_total(kind: ActionKind) -> None:
    lines = LineLedger()
    lines.post(post("B", PostKind.BIG_BLIND, "2"))
    assert lines.action(act("B", kind, "6")) == D(4)
