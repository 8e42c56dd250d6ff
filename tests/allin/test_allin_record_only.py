"""The all-in EV and the fairness observations read the record of a hand, never its events
(issue 32, one reading of a hand): with the hand's events taken away from the record, they
give the same answers."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest

from histparse.allin import AllInEV, AllInSkipped, allin_ev, snapshot
from histparse.allin.ev import SKIP_UNSETTLED
from histparse.events import Hand
from histparse.fairness import fairness_record, fairness_report, hero_view
from histparse.parsing import parse_hand, read_histories
from histparse.replayer import Replay, read_facts, replay
from histparse.simulation import HardCase, SimConfig, simulate

DATA = Path(__file__).resolve().parents[1] / "data"
HANDS = Path(__file__).resolve().parent / "hands"
REAL = DATA / "real_histories"
STARS = REAL / "pokerstars"
ALL_IN_FILES = (
    STARS / "3-Draw-Limit-USD-0.10-0.20-200911.txt",
    STARS / "2-7 Single Draw-NL-USD-2max-STT-1.40-201212.ante.all.in.txt",
    STARS / "2-7 Single Draw-NL-USD-0.25-0.50-201106.allin.txt",
)


def _without_events(r: Replay) -> Replay:
    """``r`` with a hand that has no events: a reader that walks them sees an empty hand."""
    return dataclasses.replace(r, hand=dataclasses.replace(r.hand, events=()))


def _real_all_ins() -> list[Replay]:
    found = []
    for path in ALL_IN_FILES:
        for h in read_histories(path, on_error=lambda e: None):
            r = replay(h)
            if r.body.all_in:
                found.append(r)
    return found


def _reshuffled_all_ins() -> list[Replay]:
    """The two simulated hands with a reshuffle around an all-in, and the all-in showdowns of
    300 simulated hands where reshuffles are frequent."""
    found = [replay(parse_hand(p.read_text(encoding="utf-8"), p.name)) for p in HANDS.iterdir()]
    config = SimConfig(focus=frozenset({HardCase.RESHUFFLE, HardCase.ALL_IN}))
    for h in simulate(300, 3, config):
        r = replay(h)
        if r.body.all_in:
            found.append(r)
    return found


@pytest.mark.parametrize("source", [_real_all_ins, _reshuffled_all_ins])
def test_allin_ev_reads_the_record_alone(source: Callable[[], list[Replay]]) -> None:
    records = source()
    valued = 0
    for r in records:
        bare = _without_events(r)
        assert snapshot(bare) == snapshot(r), r
        ev = allin_ev(r)
        assert allin_ev(bare) == ev, r
        valued += isinstance(ev, AllInEV)
    assert valued >= 3


def test_an_unsettled_all_in_reads_the_record_alone() -> None:
    """The engine stops on a wrong call: the skip reason comes from the record's all-in
    players and folds."""
    path = HANDS / "reshuffle-then-all-in.txt"
    text = path.read_text(encoding="utf-8").replace("Mamega: calls $0.15", "Mamega: calls $0.10")
    r = replay(parse_hand(text))
    assert not r.complete
    assert allin_ev(_without_events(r)) == allin_ev(r) == AllInSkipped(SKIP_UNSETTLED)


def _hero_hands() -> list[Hand]:
    real = [h for h in read_histories(REAL, on_error=lambda e: None) if h.hero is not None]
    config = SimConfig(focus=frozenset({HardCase.RESHUFFLE}))
    return [*real, *simulate(300, 4, config)]


def test_hero_view_reads_the_record_alone() -> None:
    hands = _hero_hands()
    views = skipped = 0
    for h in hands:
        r = read_facts(h)
        view = hero_view(r)
        assert hero_view(_without_events(r)) == view, h
        assert hero_view(_without_events(r), "nobody") is None
        if view is not None:
            views += 1
            skipped += view.skipped_draws
    assert views >= 300 and skipped > 0


def test_fairness_report_takes_records_or_hands() -> None:
    hands = _hero_hands()
    from_hands = fairness_report(hands, by=["site"])
    # Each hand's record as the fairness command makes it: the engine's for an all-in showdown.
    records = [_without_events(fairness_record(h)) for h in hands]
    from_records = fairness_report(records, by=["site"])
    assert from_records.to_json() == from_hands.to_json()
    assert from_hands.hands_used >= 300
