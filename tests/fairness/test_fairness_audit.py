"""The auditor's report: the standards' sequence tests, several players at once, the power
table and the certificate (byte-identical re-runs)."""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from histparse.cards import DECK, Card
from histparse.cli import main
from histparse.fairness import DrawSeen, HeroView, fairness_report
from histparse.fairness.report import FairnessCounts, _group_tests
from histparse.fairness.significance import holm
from histparse.fairness.standards import (
    COUPON_BIN_P,
    MEDIAN_RANK,
    RANK_COUNTS,
    SequenceCounts,
    coupon_length_probabilities,
    kolmogorov_sf,
    sequence_stats,
)
from histparse.ranking import rank_cards
from histparse.simulation import SimConfig, simulate
from histparse.writing import write_file

_LOW = [c for c in DECK if c >> 2 < 6]


def _deal(rng: random.Random) -> tuple[Card, ...]:
    """A second, independent dealer written for the test: five cards off a shuffled deck."""
    deck = list(DECK)
    rng.shuffle(deck)
    return tuple(deck[:5])


def _counts(hands: list[tuple[Card, ...]], tables: int = 3) -> FairnessCounts:
    counts = FairnessCounts()
    for i, dealt in enumerate(hands):
        counts.add(HeroView("p", dealt, (), 0), f"t{i % tables}")
    return counts


def _p(counts: FairnessCounts) -> dict[str, float | None]:
    return {t.name: t.p_value for t in _group_tests((), counts, 0.01 / 18)}


def test_exact_laws_sum_to_one() -> None:
    assert sum(RANK_COUNTS) == 2_598_960
    assert abs(sum(COUPON_BIN_P) - 1.0) < 1e-12
    # Two equally likely coupons: T <= 3 unless the first three agree: 1 - 2 / 8.
    assert coupon_length_probabilities([0.5, 0.5], 3)[3] == pytest.approx(0.75)


def test_coupon_bins_hold_for_drawn_classes() -> None:
    """The coupon test's bin probabilities (inclusion-exclusion over the eight classes' exact
    chances) against stretches of classes drawn with those chances: 80,000 stretches, a
    chi-square on 9 degrees of freedom below its 99.9% point. (The 50,000-hand calibration
    showed 3 of 400 coupon p-values under 0.001; 8,000,000 drawn classes, 114,485 stretches,
    gave 8.2: the bins are right.)"""
    import numpy as np

    from histparse.fairness.standards import _COUPON_P, COUPON_EDGES

    rng = np.random.default_rng(36)
    classes = rng.choice(len(_COUPON_P), size=5_600_000, p=np.array(_COUPON_P)).astype(np.int64)
    # Stretch ends found with numpy: the first position at which all eight have been seen.
    lengths: list[int] = []
    start, n = 0, len(classes)
    full = (1 << len(_COUPON_P)) - 1
    chunk = 400
    while start < n and len(lengths) < 60_000:
        bits = np.bitwise_or.accumulate(1 << classes[start : start + chunk])
        done = np.flatnonzero(bits == full)
        if not len(done):
            chunk *= 2
            continue
        lengths.append(int(done[0]) + 1)
        start += int(done[0]) + 1
    assert len(lengths) == 60_000
    bins = np.searchsorted(np.array(COUPON_EDGES), np.array(lengths), side="left")
    observed = np.bincount(bins, minlength=len(COUPON_BIN_P))
    expected = np.array(COUPON_BIN_P) * len(lengths)
    assert float(((observed - expected) ** 2 / expected).sum()) < 27.88


def test_fair_dealer_of_the_test_raises_nothing() -> None:
    rng = random.Random(36)
    p = _p(_counts([_deal(rng) for _ in range(6000)]))
    for name in ("dealt-ks", "runs", "serial", "repeats", "coupon", "dealt-low"):
        assert p[name] is not None and p[name] > 1e-4, (name, p[name])


def test_sequence_faults_are_found() -> None:
    """A dealer that alternates good and bad hands fails runs and serial correlation; one that
    repeats the last hand one time in fifty fails the repeats test."""
    rng = random.Random(5)
    alternating: list[tuple[Card, ...]] = []
    for i in range(3000):
        hand = _deal(rng)
        while (rank_cards(*hand) <= MEDIAN_RANK) != (i % 2 == 0):
            hand = _deal(rng)
        alternating.append(hand)
    p = _p(_counts(alternating, tables=1))
    assert p["runs"] is not None and p["runs"] < 1e-10
    assert p["serial"] is not None and p["serial"] < 1e-10
    repeated = [_deal(rng)]
    for _ in range(3000):
        repeated.append(repeated[-1] if rng.random() < 0.02 else _deal(rng))
    p = _p(_counts(repeated, tables=1))
    assert p["repeats"] is not None and p["repeats"] < 1e-10


def test_a_low_stacked_deal_fails_ks() -> None:
    rng = random.Random(9)
    hands = []
    for _ in range(4000):
        hand = _deal(rng)
        if rng.random() < 0.1:
            hand = tuple(rng.sample(_LOW, 5))
        hands.append(hand)
    p = _p(_counts(hands))
    assert p["dealt-ks"] is not None and p["dealt-ks"] < 1e-4


@settings(max_examples=30, deadline=None)
@given(st.floats(0.001, 0.2), st.integers(10, 5000))
def test_kolmogorov_tail_is_a_probability_and_falls(d: float, n: int) -> None:
    p = kolmogorov_sf(d, n)
    assert 0.0 <= p <= 1.0
    assert kolmogorov_sf(d * 1.5, n) <= p


def test_a_card_served_again_without_a_reshuffle_is_an_alarm() -> None:
    """The returned-discard fault: the player's own discard comes back at the next draw."""
    hands = list(simulate(400, 21, SimConfig()))
    report = fairness_report(hands)
    assert not next(t for t in report.tests if t.name == "returned").alarm
    counts = FairnessCounts()
    views = [HeroView("p", _deal(random.Random(i)), (), 0) for i in range(200)]
    for v in views:
        counts.add(v)
    counts.add(replace(views[0], returned=1))
    test = next(t for t in _group_tests((), counts, 0.01) if t.name == "returned")
    assert test.enough and test.p_value == 0.0


def test_players_are_tested_each_and_pooled() -> None:
    a = list(simulate(150, 1, SimConfig(hero="Alice")))
    b = list(simulate(150, 2, SimConfig(hero="Bob")))
    report = fairness_report([*a, *b], by=["player"])
    assert [g.key for g in report.groups] == [(), ("Alice",), ("Bob",)]
    assert report.groups[0].hands == report.groups[1].hands + report.groups[2].hands
    decided = sum(1 for t in report.tests if t.enough)
    assert decided > 2 * 18  # one family over every group
    assert report.power and all(r.hands is None or r.hands > 0 for r in report.power)


def test_rerun_gives_the_same_bytes_and_the_certificate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one, two = tmp_path / "a.txt", tmp_path / "b.txt"
    write_file(one, simulate(60, 3, SimConfig(hero="Alice")))
    write_file(two, simulate(60, 4, SimConfig(hero="Bob")))
    outputs = []
    for form in (["--json"], []):
        runs = []
        for _ in range(2):
            main(["fairness", "--by", "player", *form, str(tmp_path)])
            runs.append(capsys.readouterr().out.encode())
        assert runs[0] == runs[1]
        outputs.append(runs[0].decode())
    data = json.loads(outputs[0])
    cert = data["certificate"]
    assert cert["command"] == f"histparse fairness --by player --alpha 0.01 --json {tmp_path}"
    assert [i["sha256"] for i in cert["inputs"]] == [
        hashlib.sha256(p.read_bytes()).hexdigest() for p in (one, two)
    ]
    assert {row["fault"] for row in data["power"]} >= {"draws-low-2%", "repeated-deal-0.1%"}
    assert cert["inputs"][0]["sha256"] in outputs[1] and "command: histparse" in outputs[1]


def test_sequence_stats_need_hands() -> None:
    stats = sequence_stats(SequenceCounts(), 100)
    assert all(s.p_value is None for s in stats)


def _rigged_dealer(
    hands: int, seed: int, deal: float = 0.0, draws: float = 0.0, rounds: int = 3
) -> list[HeroView]:
    """A second, independent rig written for the test: six players dealt from a shuffled
    deck; the player draws three times, throwing pairs and cards above an eight; with chance
    ``deal`` (``draws``) each high card dealt (served at a draw) to the player is swapped for
    the stub's next low card. No betting, so nothing selects which draws are seen.
    ``rounds``: how many of the three draws the player takes (``bench/bench_calibration.py``
    runs the full sizes: counting draws is the slow part)."""
    rng = random.Random(seed)
    full = frozenset(DECK)
    views = []
    for _ in range(hands):
        stub = list(DECK)
        rng.shuffle(stub)
        hand = [stub.pop() for _ in range(5)]
        del stub[-25:]  # the five other players' hands
        for cards, chance in ((hand, deal),):
            _swap(cards, stub, chance, rng)
        dealt, seen, seen_draws = tuple(hand), set(hand), []
        for number in range(1, rounds + 1):
            ranks: set[int] = set()
            kept = []
            for c in sorted(hand):
                if c >> 2 <= 6 and c >> 2 not in ranks:
                    kept.append(c)
                    ranks.add(c >> 2)
            new = [stub.pop() for _ in range(5 - len(kept))]
            _swap(new, stub, draws, rng)
            if new:
                seen_draws.append(DrawSeen(number, tuple(kept), tuple(new), full - seen))
            seen.update(new)
            hand = kept + new
        views.append(HeroView("p", dealt, tuple(seen_draws), 0))
    return views


def _swap(cards: list[Card], stub: list[Card], chance: float, rng: random.Random) -> None:
    for i, card in enumerate(cards):
        if card >> 2 >= 8 and chance and rng.random() < chance:
            for j in range(len(stub) - 1, -1, -1):
                if stub[j] >> 2 < 6:
                    cards[i], stub[j] = stub[j], card
                    break


def _alarms(views: list[HeroView]) -> set[str]:
    counts = FairnessCounts()
    for v in views:
        counts.add(v, "t")
    tests = [t for t in _group_tests((), counts, 0.01 / 18) if t.enough]
    reject = holm([t.p_value or 1.0 for t in tests], 0.01)
    return {t.name for t, r in zip(tests, reject, strict=True) if r}


def test_the_second_rig_fair_passes_and_rigs_are_flagged() -> None:
    """On the test's own dealer: 10,000 fair dealt hands raise nothing and a 5% rig of the
    deal is flagged; at the draws (one draw a hand, 2,000 hands), fair raises nothing and a
    20% rig of the draws alone is flagged by the draw tests, not the deal's."""
    assert _alarms(_rigged_dealer(10000, 1, rounds=0)) == set()
    assert {"dealt-low", "dealt-high"} & _alarms(_rigged_dealer(10000, 2, deal=0.05, rounds=0))
    assert _alarms(_rigged_dealer(2000, 4, rounds=1)) == set()
    flagged = _alarms(_rigged_dealer(2000, 3, draws=0.2, rounds=1))
    assert {"drawn-low", "drawn-high"} & flagged
    assert not {"dealt-low", "dealt-high", "dealt-ranks"} & flagged


def test_a_draws_only_rig_leaves_the_deal_fair() -> None:
    """``rig_draws_only``: the deal is the fair dealer's, card for card; the draws are rigged."""
    from histparse.engine import Dealer
    from histparse.simulation.rig import RiggedDealer

    fair = Dealer(rng=random.Random(8)).deal_hands(6)
    rigged = RiggedDealer(1.0, random.Random(8), 0, draws_only=True)
    assert rigged.deal_hands(6) == fair
    rigged.serving = True
    assert not any(c >> 2 >= 8 for c in rigged.take(5))  # every high card swapped for a low one
