"""The integrity screens and the benchmark's population (histparse.integrity, simulation)."""

from __future__ import annotations

import json
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from histparse.cards import DECK, Card
from histparse.integrity import Copy, Pool, hand_class, observe, screen
from histparse.parsing import read_histories
from histparse.replayer import replay
from histparse.simulation.population import (
    PopulationConfig,
    labels_of,
    play_population,
    write_histories,
)


def _copy(key: int, players: tuple[str, ...], heads_up: tuple[tuple[str, str, bool], ...]) -> Copy:
    return Copy(
        key=f"S:{key}", hand_id=str(key), path="p", line=1, hero=players[0], players=players,
        net=tuple(Decimal(0) for _ in players), heads_up=heads_up, together=(), showdown=(),
        decisions=(), allin=(), allin_skipped=None, moved=(), cards=(), digests=("0" * 16,) * 4,
    )  # fmt: skip


def test_a_pair_that_never_bets_into_each_other_scores_highest() -> None:
    pool = Pool()
    names = ("a", "b", "c", "d")
    k = 0
    for i in range(400):
        # Heads-up, everyone bets half the time, except a and b against each other.
        for x, y in (("a", "b"), ("a", "c"), ("b", "d"), ("c", "d")):
            aggressive = i % 2 == 0 and {x, y} != {"a", "b"}
            pool.add(_copy(k, names, ((x, y, aggressive), (y, x, aggressive))))
            k += 1
    pairs = screen(pool).pairs
    assert (pairs[0].a, pairs[0].b) == ("a", "b")
    assert pairs[0].apart.z is not None and pairs[0].apart.z > 10
    assert pairs[0].apart.value == 0.0
    others = [q.apart.z for q in pairs[1:] if q.apart.z is not None]
    assert max(others) < pairs[0].apart.z


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.permutations(DECK).map(lambda deck: deck[:5]))
def test_hand_class_orders_no_pair_hands_by_their_top_two_cards(cards: list[Card]) -> None:
    c = hand_class(tuple(cards))
    ranks = sorted((x >> 2 for x in cards), reverse=True)
    if len(set(ranks)) < 5:
        assert c > 300
    elif c < 200:
        assert c == ranks[0] * 13 + ranks[1]


def test_population_histories_replay_clean_and_pool_to_the_full_deal(tmp_path: Path) -> None:
    config = PopulationConfig(players=10, superusers=1, pairs=1, hands_per_table=20)
    played = list(play_population(40, 7, config))
    paths = write_histories(iter(played), tmp_path, labels_of(7, config))
    labels = json.loads((tmp_path / "labels.json").read_text(encoding="utf-8"))
    assert len(labels["superusers"]) == 1 and len(labels["pairs"]) == 1
    pool = Pool()
    for hand in read_histories(*paths):
        r = replay(hand)
        assert not r.findings, (hand.hand_id, hand.hero, r.findings)
        pool.add(observe(r))
    assert not pool.disagreements
    assert pool.seen_counts() == {6: 40}  # every hand from all six seats
    direct = Pool()
    for hand, deal in played:
        cards = tuple(sorted((p, deal.final_hand(p)) for p, _ in deal.dealt))
        direct.add(replace(observe(replay(hand)), cards=cards))
    # Pooling every seat's file gives what the full deal gives: the same decisions counted.
    assert not pool.tally.waiting and not direct.tally.waiting
    assert pool.tally.outcomes == direct.tally.outcomes
    assert screen(pool).pairs[0].collusion == screen(direct).pairs[0].collusion
