"""Property tests: random legal play always ends in a valid, chip-conserving terminal state,
and a replay that knows only one player's cards agrees with a fully dealt hand."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from histparse.engine import Dealer, GameConfig, HandState, Phase, Seat, Settlement
from histparse.game import ActionKind, LimitType, PostKind


def random_config(rng: random.Random) -> GameConfig:
    limit = rng.choice(list(LimitType))
    ante = rng.choice([0, 0, 1, 3])
    if limit is LimitType.FIXED:
        return GameConfig.fixed_limit(
            10, ante=ante, cap_lifted_heads_up=rng.random() < 0.5, small_blind=rng.choice([5, 4])
        )
    if limit is LimitType.POT:
        return GameConfig.pot_limit(5, 10, ante=ante)
    return GameConfig.no_limit(rng.choice([5, 10]), 10, ante=ante)


def random_table(rng: random.Random) -> tuple[GameConfig, list[Seat], int]:
    n = rng.randint(2, 6)
    numbers = sorted(rng.sample(range(1, 10), n))
    # Small stacks make all-ins, side pots and short posts common.
    seats = [
        Seat(s, f"P{s}", rng.choice([rng.randint(1, 40), rng.randint(20, 400)])) for s in numbers
    ]
    if rng.random() < 0.2:  # a seated player who is not dealt in
        free = [s for s in range(1, 10) if s not in numbers]
        seats.append(Seat(free[0], "Away", 100, dealt_in=False))
    button = rng.choice([*numbers, rng.randint(1, 9)])
    return random_config(rng), seats, button


def post_blinds(hands: list[HandState], rng: random.Random) -> None:
    """The same posts on every hand: antes, blinds, sometimes an extra or dead blind."""
    first = hands[0]
    cfg = first.config
    seat_name = {first.snapshot().players[i].seat: p for i, p in enumerate(first.players)}
    blinds = first.expected_blinds()

    def post(player: str, kind: PostKind) -> None:
        if first.snapshot().player(player).all_in:
            return
        for h in hands:
            h.post(player, kind)

    if cfg.ante:
        for p in first.players:
            post(p, PostKind.ANTE)
    post(seat_name[blinds.small_blind], PostKind.SMALL_BLIND)
    post(seat_name[blinds.big_blind], PostKind.BIG_BLIND)
    others = [p for s, p in seat_name.items() if s not in (blinds.small_blind, blinds.big_blind)]
    if others and rng.random() < 0.2:
        post(rng.choice(others), PostKind.BIG_BLIND)
    if others and rng.random() < 0.1:
        post(rng.choice(others), rng.choice([PostKind.DEAD_BLIND, PostKind.SMALL_AND_BIG_BLIND]))


def choose_action(hand: HandState, rng: random.Random) -> tuple[ActionKind, int | None]:
    legal = hand.legal_actions()
    kinds = legal.kinds
    # Folding whenever allowed ends most hands pre-draw; make it rarer when checking is free.
    if legal.can_check and len(kinds) > 1 and rng.random() < 0.9:
        kinds = tuple(k for k in kinds if k is not ActionKind.FOLD)
    kind = rng.choice(kinds)
    if kind is ActionKind.BET or kind is ActionKind.RAISE:
        to = rng.choice([legal.min_to, legal.max_to, rng.randint(legal.min_to, legal.max_to)])
        return kind, to
    return kind, None


def play_dealt_hand(rng: random.Random) -> tuple[list[Seat], HandState, Settlement]:
    cfg, seats, button = random_table(rng)
    hand = HandState(cfg, seats, button, dealer=Dealer(rng.randrange(2**32)))
    post_blinds([hand], rng)
    hand.deal()
    while hand.phase is Phase.BETTING or hand.phase is Phase.DRAWING:
        player = hand.to_act
        assert player is not None
        if hand.phase is Phase.BETTING:
            kind, to = choose_action(hand, rng)
            hand.act(player, kind, to)
        else:
            cards = [c for c in hand.hand_of(player) if c is not None]
            count = rng.choice([0, 1, 2, 3, 5, rng.randint(0, 5)])
            hand.draw(player, count, rng.sample(cards, count))
    rake = rng.randint(0, min(hand.pot, 5))
    return seats, hand, hand.settle(rake)


@settings(max_examples=500, deadline=None)
@given(st.randoms(use_true_random=False))
def test_random_legal_play_conserves_chips(rng: random.Random) -> None:
    """Random legal play ends COMPLETE with chips conserved (R-SHOW-4), sane pots and no
    unmatched money left in them (R-BET-7)."""
    seats, hand, result = play_dealt_hand(rng)
    assert hand.phase is Phase.COMPLETE
    dealt = [s for s in seats if s.dealt_in]
    start = sum(s.stack for s in dealt)
    assert sum(p.final_stack for p in result.players) + result.rake == start
    assert sum(p.invested for p in result.players) == sum(p.collected for p in result.players) + (
        result.rake
    )
    assert sum(p.amount for p in result.pots) == result.total_pot
    assert all(p.final_stack >= 0 for p in result.players)
    snap = hand.snapshot()
    live = {p.name for p in snap.players if not p.folded}
    for pot in result.pots:
        assert set(pot.winners) <= set(pot.eligible) <= live
        assert sum(s for _, s in pot.shares) == pot.net
        shares = [s for _, s in pot.shares]
        assert max(shares) - min(shares) <= 1  # R-SHOW-2: equal split, odd chips one at a time
    # Eligibility shrinks from the main pot to the last side pot (R-SHOW-3).
    for a, b in zip(result.pots, result.pots[1:], strict=False):
        assert set(b.eligible) < set(a.eligible)
    # R-BET-7: money nobody could match (bets, antes, dead blinds) was returned, so no live
    # player alone put in more than everyone else.
    top = max(p.invested for p in result.players)
    tops = [p.player for p in result.players if p.invested == top]
    assert len(tops) > 1 or tops[0] not in live


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False))
def test_replay_with_one_known_hand_agrees_with_dealt_hand(rng: random.Random) -> None:
    """A replay that sees only the hero's cards (opponents' draws as counts, R-DRAW-3
    reshuffles included) accepts every real event and settles exactly like the dealt hand."""
    cfg, seats, button = random_table(rng)
    truth = HandState(cfg, seats, button, dealer=Dealer(rng.randrange(2**32)))
    replay = HandState(cfg, seats, button)
    hero = rng.choice(truth.players)
    post_blinds([truth, replay], rng)
    truth.deal()
    replay.deal({hero: [c for c in truth.hand_of(hero) if c is not None]})
    assert replay.snapshot().players == tuple(
        p if p.name == hero else replace(p, cards=(None,) * 5) for p in truth.snapshot().players
    )
    while truth.phase is Phase.BETTING or truth.phase is Phase.DRAWING:
        player = truth.to_act
        assert player is not None and replay.to_act == player
        if truth.phase is Phase.BETTING:
            assert replay.legal_actions() == truth.legal_actions()
            kind, to = choose_action(truth, rng)
            assert replay.act(player, kind, to) == truth.act(player, kind, to)
        else:
            cards = [c for c in truth.hand_of(player) if c is not None]
            count = rng.choice([0, 2, 3, 5, 5, rng.randint(0, 5)])
            discards = rng.sample(cards, count)
            assert replay.would_reshuffle(count) == truth.would_reshuffle(count)
            real = truth.draw(player, count, discards)
            if player == hero:
                seen = replay.draw(player, count, discards, real.received)
                assert seen == real
            else:
                seen = replay.draw(player, count)
                assert (seen.reshuffled, seen.from_old_stub, seen.stub_after) == (
                    real.reshuffled,
                    real.from_old_stub,
                    real.stub_after,
                )
    assert replay.phase is truth.phase
    if truth.phase is Phase.SHOWDOWN:
        assert replay.showdown_order() == truth.showdown_order()
        for player in truth.showdown_order():
            replay.show(player, [c for c in truth.hand_of(player) if c is not None])
    rake = rng.randint(0, min(truth.pot, 3))
    assert replay.settle(rake) == truth.settle(rake)
