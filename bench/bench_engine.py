"""Engine speed on one core: full random hands driven through ``histparse.engine``, and the
engine calls the replayer makes for the real PokerStars Triple Draw hands.

* random hands: hands and events per second, fixed and no limit, 2 and 6 players, with a
  dealer (real cards) and with counts only (unknown cards, as a replay of a history);
* replay calls: every ``HandState`` call ``histparse.replayer`` makes for the real TD hands of
  ``tests/data/pokerstars`` (posts, deal, actions with stated amounts, draws, shows,
  settlement), recorded once and then timed on fresh states: microseconds per real hand.

Run: ``python bench/bench_engine.py [hands]``.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

from histparse.cards import DECK
from histparse.engine import Dealer, EngineError, GameConfig, HandState, Phase, Seat
from histparse.events import Hand
from histparse.game import ActionKind, Game, LimitType, PostKind
from histparse.parsing import read_results
from histparse.replayer import driver

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "pokerstars"

Call = tuple[str, tuple[Any, ...], dict[str, Any]]


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


def random_hands(n: int) -> None:
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


def replay_calls() -> list[list[Call]]:
    """The engine calls of ``replay`` on every real TD hand, one list per hand (the first
    call builds the state). A recording subclass stands in for ``HandState`` in the
    replayer's module while it runs."""
    recorded: list[list[Call]] = []

    class Recording(HandState):
        __slots__ = ("_calls",)

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._calls: list[Call] = [("__init__", args, kwargs)]
            recorded.append(self._calls)

    def recorder(name: str) -> Any:
        method = getattr(HandState, name)

        def record(self: Recording, *args: Any, **kwargs: Any) -> Any:
            self._calls.append((name, args, kwargs))
            return method(self, *args, **kwargs)

        return record

    for name in ("post", "deal", "act", "draw", "show", "muck", "settle", "stack", "is_live"):
        setattr(Recording, name, recorder(name))
    for name in ("hand_of", "would_reshuffle", "bet_of", "legal_actions"):
        if hasattr(HandState, name):  # bet_of is new: older engines can be timed too
            setattr(Recording, name, recorder(name))
    hands = [h for h in read_results(DATA) if isinstance(h, Hand) and h.game is Game.TRIPLE_DRAW_27]
    names = vars(driver)  # the module's globals: what its code looks HandState up in
    names["HandState"] = Recording
    try:
        for hand in hands:
            driver.replay(hand)
    finally:
        names["HandState"] = HandState
    return recorded


def run_calls(recorded: list[list[Call]]) -> None:
    for calls in recorded:
        _, args, kwargs = calls[0]
        state = HandState(*args, **kwargs)
        for name, args, kwargs in calls[1:]:
            # The replayer's rejected attempts raise here as they did in the replay; a
            # contextlib.suppress() per call would cost more than many calls it times.
            try:  # noqa: SIM105
                getattr(state, name)(*args, **kwargs)
            except EngineError:
                pass


def replay_calls_speed(rounds: int = 30) -> None:
    recorded = replay_calls()
    calls = sum(len(c) for c in recorded)
    best = float("inf")
    for _ in range(7):
        start = time.process_time()
        for _ in range(rounds):
            run_calls(recorded)
        best = min(best, time.process_time() - start)
    per_hand = best / (rounds * len(recorded))
    print(
        f"replay calls of the {len(recorded)} real TD hands ({calls / len(recorded):.0f} "
        f"calls/hand): {per_hand * 1e6:6.1f} us/hand CPU, {1 / per_hand:8.0f} hands/s"
    )


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    random_hands(n)
    replay_calls_speed()


if __name__ == "__main__":
    main()
