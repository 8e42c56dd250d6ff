"""How the simulated players play: opening ranges by seat, breaks the Break statistic counts,
and hand ids that two seeds never share. The 100,000-hand measurement is written in
sample_histories/generated/README.md; here a small seeded run is checked loosely."""

from __future__ import annotations

import pytest

from histparse.cards import parse_cards
from histparse.frames import Tables, tables
from histparse.simulation import BREAKER, TAG, DrawPolicy, SimConfig, TournamentStructure, simulate
from histparse.simulation.bots import plan_draw
from histparse.simulation.ranges import open_share, start_share
from histparse.stats import player_stats

SIX_MAX = SimConfig(players=6, max_seats=6)


@pytest.fixture(scope="module")
def six_max() -> Tables:
    return tables(simulate(1500, 11, SIX_MAX))


def _rate(t: Tables, name: str, position: str | None = None) -> float:
    p = t.players if position is None else t.players[t.players["position"] == position]
    return float(p[name].sum()) / float(p[name + "_opp"].sum())


def test_a_six_max_table_plays_like_one(six_max: Tables) -> None:
    # 100,000 hands give VPIP 29%, PFR 18%, WTSD 27% (README); 1,500 stay near them.
    assert 0.25 <= _rate(six_max, "vpip") <= 0.45
    assert 0.15 <= _rate(six_max, "pfr") <= 0.30
    assert 0.22 <= _rate(six_max, "wtsd") <= 0.42
    assert _rate(six_max, "break") > 0
    # Opening ranges widen towards the button.
    assert _rate(six_max, "pfr", "UTG") < _rate(six_max, "pfr", "BTN")
    assert _rate(six_max, "steal") > 0.2
    stats = player_stats(six_max)
    assert stats["cbet"].sum() > 0.5 * stats["cbet_opp"].sum()


def test_breakers_stand_pat_then_break() -> None:
    rough_ten = parse_cards("Td 7c 5h 3s 2d")
    assert plan_draw(rough_ten, 2, DrawPolicy.BREAK, False)[0] == ()  # first draw: pat
    assert plan_draw(rough_ten, 1, DrawPolicy.BREAK, False)[0] == (parse_cards("Td")[0],)
    assert plan_draw(rough_ten, 1, DrawPolicy.STANDARD, False)[0] == (parse_cards("Td")[0],)
    assert plan_draw(rough_ten, 1, DrawPolicy.PAT, False)[0] == ()
    nine = parse_cards("9d 8c 5h 3s 2d")
    assert plan_draw(nine, 1, DrawPolicy.BREAK, False)[0] != ()
    assert plan_draw(nine, 1, DrawPolicy.STANDARD, False)[0] == ()


def test_breakers_show_in_the_break_stat() -> None:
    t = tables(simulate(400, 5, SimConfig(players=6, max_seats=6, bots=(BREAKER,))))
    assert _rate(t, "break") > 0.2
    t = tables(simulate(400, 5, SimConfig(players=6, max_seats=6, bots=(TAG,))))
    assert t.players["break"].sum() > 0  # regulars break a rough ten now and then


def test_starting_hand_shares_and_ranges() -> None:
    assert start_share(parse_cards("7h 5d 4c 3s 2h")) < 0.01
    assert start_share(parse_cards("8h 6d 4c 3s 2h")) < 0.01
    assert start_share(parse_cards("Kh 7d 4c 3s 2h")) < 0.05  # one card to a smooth seven
    assert start_share(parse_cards("Ah Kd Qc Js 9h")) > 0.99
    assert start_share(parse_cards("Ah Kd Qc Js Th")) == 1.0
    assert [open_share(b) for b in (5, 4, 3, 2, 1)] == sorted(open_share(b) for b in range(1, 6))
    assert open_share(0) == 0.0 and open_share(8) < open_share(5)


@pytest.mark.parametrize(
    "config",
    [SIX_MAX, SimConfig(players=6, tournament=TournamentStructure())],
    ids=["cash", "sit-and-go"],
)
def test_two_seeds_never_share_an_id(config: SimConfig) -> None:
    one = list(simulate(300, 1, config))
    two = list(simulate(300, 2, config))
    # Runs that start at the same moment: only the seed keeps their ids apart.
    assert one[0].started_at == two[0].started_at
    assert not {h.hand_id for h in one} & {h.hand_id for h in two}
    tours = {h.tournament_id for h in one} & {h.tournament_id for h in two}
    assert tours <= {None}
