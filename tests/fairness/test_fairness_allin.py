"""The all-in test of ``histparse fairness``: pot shares won against the equity when the last
chip went in, over the player's all-in showdowns with draws left."""

from __future__ import annotations

import dataclasses
import random
from functools import cache
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from histparse.events import Hand
from histparse.fairness import FairnessCounts, FairnessTest, fairness_report
from histparse.fairness.allin import NOT_REPLAYED, AllInSeen, fairness_record, hero_allin
from histparse.fairness.report import FAMILY_SIZE, _group_tests
from histparse.parsing import read_histories
from histparse.replayer import read_facts, replay
from histparse.simulation import HardCase, SimConfig, simulate

REAL = Path(__file__).resolve().parents[1] / "data" / "real_histories"
_LEVEL = 0.01 / FAMILY_SIZE


def _allin_test(seen: list[AllInSeen | str]) -> FairnessTest:
    counts = FairnessCounts()
    for s in seen:
        counts.add_allin(s)
    return next(t for t in _group_tests((), counts, _LEVEL) if t.name == "allin")


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_results_drawn_from_the_equity_give_a_small_z(seed: int) -> None:
    """A fair deal: each all-in won with the probability its equity says."""
    rng = random.Random(seed)
    seen: list[AllInSeen | str] = []
    for _ in range(400):
        eq = rng.uniform(0.05, 0.95)
        seen.append(AllInSeen(eq, float(rng.random() < eq)))
    t = _allin_test(seen)
    assert t.enough and abs(t.statistic) < 4.5  # 1 in 100,000 under the null
    assert t.effect_low <= t.effect <= t.effect_high
    assert t.sample == 400


def test_a_player_who_loses_every_allin_as_favourite_is_flagged() -> None:
    rng = random.Random(1)
    seen: list[AllInSeen | str] = []
    for _ in range(60):
        eq = rng.uniform(0.05, 0.95)
        seen.append(AllInSeen(eq, 0.0 if eq > 0.5 else float(rng.random() < eq)))
    seen += ["a contender's cards were not shown"] * 3
    counts = FairnessCounts()
    for s in seen:
        counts.add_allin(s)
    assert counts.allin.n == 60 and counts.allin_skipped == {
        "a contender's cards were not shown": 3
    }
    t = _allin_test(seen)
    assert t.enough and t.statistic < -4 and t.p_value is not None and t.p_value < _LEVEL
    assert t.effect_high < 0 and t.direction.startswith("fewer pot shares won")


def test_too_few_allins_give_no_verdict() -> None:
    t = _allin_test([AllInSeen(0.5, 0.0)] * 29)
    assert not t.enough and t.p_value is None and t.sample == 29


@cache
def _allin_hands() -> tuple[tuple[Hand, AllInSeen | str | None], ...]:
    """Simulated hands with all-ins made frequent, each with its hero's all-in (once)."""
    hands = simulate(2500, 11, SimConfig(focus=frozenset({HardCase.ALL_IN})))
    return tuple((h, hero_allin(fairness_record(h), h.hero or "")) for h in hands)


def test_fair_allins_pass_and_favourites_that_always_lose_are_flagged() -> None:
    """End to end on the simulator's fair deal, then on a rigged set made of the same hands:
    each all-in the hero won as favourite replaced by one it lost as favourite (what a dealer
    that never lets the hero win as favourite leaves in the histories). Only the all-in hands
    are passed: the others change nothing here and cost time."""
    hands = [h for h, seen in _allin_hands() if seen is not None]
    fair = fairness_report(hands)
    t = next(t for t in fair.tests if t.name == "allin")
    assert t.enough and t.sample >= 50 and abs(t.statistic) < 3.5 and not t.alarm
    lost: list[Hand] = []
    won = 0
    rigged: list[Hand] = []
    for h, seen in _allin_hands():
        if isinstance(seen, AllInSeen) and seen.equity > 0.5:
            won += seen.won > 0
            if seen.won == 0:
                lost.append(h)
                rigged.append(h)
        elif seen is not None:
            rigged.append(h)
    assert lost and won >= 10
    rigged += [lost[i % len(lost)] for i in range(won)]
    report = fairness_report(rigged)
    t = next(t for t in report.tests if t.name == "allin")
    assert t.alarm and t.statistic < -4 and report.verdict == "alarm"
    assert t.direction.startswith("fewer pot shares won")
    assert t.sample == next(x for x in fair.tests if x.name == "allin").sample  # one for one


def test_the_allin_is_read_off_the_engine_record_alone() -> None:
    """The engine's record of an all-in hand values it with or without the hand's events; the
    line facts alone cannot (no pots) and say so, never drop it silently."""
    pairs = [(h, seen) for h, seen in _allin_hands() if seen is not None][:25]
    assert sum(isinstance(seen, AllInSeen) for _, seen in pairs) >= 10
    for h, seen in pairs:
        full = replay(h)
        bare = dataclasses.replace(full, hand=dataclasses.replace(h, events=()))
        assert hero_allin(bare, h.hero or "") == seen
        assert hero_allin(read_facts(h), h.hero or "") == NOT_REPLAYED


def test_real_allins_not_valued_are_counted_with_their_reason() -> None:
    hands = list(read_histories(REAL, on_error=lambda e: None))
    report = fairness_report(hands)
    skipped = dict(report.groups[0].allin_skipped)
    assert sum(skipped.values()) >= 1 and all(isinstance(r, str) and r for r in skipped)
    t = next(t for t in report.tests if t.name == "allin")
    assert t.sample >= 1 and not t.enough  # a handful of real all-ins: no verdict
