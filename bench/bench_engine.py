"""Hands per second for full random hands driven through histparse.engine (one core)."""

from __future__ import annotations

import random
import sys
import time

from histparse.cards import DECK
from histparse.engine import Dealer, GameConfig, HandState, Phase, Seat
from histparse.game import ActionKind, LimitType, PostKind


def play(rng: random.Random, config: GameConfig, players: int, dealer: bool) -> int:
    seats = [Seat(k, f"P{k}", rng.randint(50, 500)) for k in range(1, players + 1)]
    hand = HandState(config, seats, players, dealer=Dealer(rng=rng) if dealer else None)
    hand.post("P1", PostKind.SMALL_BLIND)
    hand.post("P2", PostKind.BIG_BLIND)
    hand.deal()
    events = 3
    while hand.phase is Phase.BETTING or hand.phase is Phase.DRAWING:
        player = hand.to_act or ""
        if hand.phase is Phase.BETTING:
            legal = hand.legal_actions()
            r = rng.random()
            if legal.can_raise and r < 0.2:
                hand.act(player, ActionKind.RAISE, legal.min_to)
            elif legal.can_bet and r < 0.3:
                hand.act(player, ActionKind.BET, legal.min_to)
            elif legal.can_check:
                hand.act(player, ActionKind.CHECK)
            elif r < 0.85:
                hand.act(player, ActionKind.CALL)
            else:
                hand.act(player, ActionKind.FOLD)
        else:
            count = rng.randint(0, 3)
            if dealer:
                held = hand.hand_of(player)
                hand.draw(player, count, held[:count])  # type: ignore[arg-type]
            else:
                hand.draw(player, count)
        events += 1
    if hand.phase is Phase.SHOWDOWN and not dealer:
        order = hand.showdown_order()
        cards = rng.sample(DECK, 5 * len(order))
        for k, p in enumerate(order):
            hand.show(p, cards[5 * k : 5 * k + 5])
    hand.settle(rake=1 if hand.pot > 20 else 0)
    return events


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    for label, config in (
        ("fixed limit", GameConfig.fixed_limit(10)),
        ("no limit", GameConfig(LimitType.NO_LIMIT, 5, 10)),
    ):
        for players in (2, 6):
            for dealer in (True, False):
                rng = random.Random(1)
                start = time.perf_counter()
                events = sum(play(rng, config, players, dealer) for _ in range(n))
                dt = time.perf_counter() - start
                mode = "dealer" if dealer else "counts"
                print(
                    f"{label:11} {players} players {mode:6}: {n / dt:8.0f} hands/s "
                    f"{events / dt:9.0f} events/s ({events / n:.1f} events/hand)"
                )


if __name__ == "__main__":
    main()
