"""Realistic sessions in the simulator (``SimConfig.sessions``): breaks shorter than the
reports' 30-minute session gap, sessions of the planned length ending hours apart, a sit & go
never cut in two; and no plan, no change (the golden corpora are generated without one)."""

from __future__ import annotations

import itertools
from datetime import timedelta

from histparse.frames import tables
from histparse.simulation import SessionPlan, SimConfig, TournamentStructure, simulate
from histparse.stats.sessions import sessions

PLAN = SessionPlan(hands=(30, 70), break_every=(10, 20), break_minutes=(5, 12), gap_hours=(3, 9))


def _gaps(config: SimConfig, n: int, seed: int = 5) -> tuple[list[timedelta], list[int]]:
    hands = list(simulate(n, seed, config))
    times = [h.started_at for h in hands if h.started_at is not None]
    assert len(times) == n
    return [b - a for a, b in itertools.pairwise(times)], [len(h.events) for h in hands]


def test_cash_sessions_end_and_breaks_are_short() -> None:
    config = SimConfig(sessions=PLAN)
    gaps, _ = _gaps(config, 400)
    long = [g for g in gaps if g > timedelta(minutes=30)]
    breaks = [g for g in gaps if timedelta(minutes=4) < g <= timedelta(minutes=30)]
    # 400 hands of 30-70 a session: 5 to 13 sessions, so 4 to 12 gaps of 3-9 hours.
    assert 4 <= len(long) <= 12 and all(timedelta(hours=3) <= g <= timedelta(hours=9) for g in long)
    assert breaks  # a break every 10-20 hands
    t = tables(list(simulate(400, 5, config)), allin_ev=False)
    rows = sessions(t, "Hero")
    assert len(rows) == len(long) + 1
    # Every session but the last has its planned hands; the hero's a new table's each time.
    assert all(30 <= n <= 70 for n in rows["hands"].tolist()[:-1])
    assert sum(rows["hands"].tolist()) == 400


def test_a_sit_and_go_is_never_cut_in_two() -> None:
    config = SimConfig(tournament=TournamentStructure(), sessions=PLAN)
    t = tables(list(simulate(300, 6, config)), allin_ev=False)
    rows = sessions(t, "Hero")
    assert len(rows) >= 2
    hands = t.hands.sort_values("started_at")
    session_of = hands["started_at"].diff().gt(timedelta(minutes=30)).cumsum()
    per_tournament = session_of.groupby(hands["tournament_id"].astype(str)).nunique()
    assert (per_tournament == 1).all()


def test_no_plan_no_pause_and_the_same_seed_the_same_hands() -> None:
    gaps, events = _gaps(SimConfig(), 120)
    # Back to back: 8 s + 2 s an action + up to 30 s.
    assert all(g <= timedelta(seconds=8 + 2 * n + 30) for g, n in zip(gaps, events, strict=False))
    config = SimConfig(sessions=PLAN)
    assert list(simulate(80, 9, config)) == list(simulate(80, 9, config))
