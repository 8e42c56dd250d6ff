"""All-in EV in the player statistics: ``ev_net``, ``ev_net_bb`` and ``ev_bb_per_100``."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pandas as pd
import pytest

from histparse.allin import allin_ev
from histparse.cli import main
from histparse.events import Hand
from histparse.frames import tables
from histparse.parallel.tables import tables_of_paths
from histparse.parsing import read_histories
from histparse.replayer import Replay, replay
from histparse.stats import player_stats

REAL = Path(__file__).resolve().parents[1] / "data" / "real_histories" / "pokerstars"
TD_2009 = REAL / "3-Draw-Limit-USD-0.10-0.20-200911.txt"
ALLIN_HANDS = ("35839001292", "35839118248", "35839959625")  # the all-in showdowns


def test_ev_net_is_the_net_less_each_all_in_luck() -> None:
    """Hand-checked: a player's EV net is its net minus the luck (net - EV net) of each all-in
    showdown it contested, as ``allin_ev`` values them one hand at a time; EV bb/100 is that
    over the big blind ($0.10) and the hands."""
    hands = list(read_histories(TD_2009, on_error="skip"))
    stats = player_stats(tables(hands, allin_ev=True)).set_index("player")
    luck: dict[str, Decimal] = {}
    for h in hands:
        if h.hand_id in ALLIN_HANDS:
            ev = allin_ev(replay(h))
            assert ev is not None
            for p in ev.players:
                luck[p.player] = luck.get(p.player, Decimal(0)) + p.luck
    assert any(v != 0 for v in luck.values())
    for name, row in stats.iterrows():
        expected = row["net"] - luck.get(str(name), Decimal(0))
        assert row["ev_net"] == expected, name
        assert row["ev_net_bb"] == (expected / Decimal("0.10")).quantize(Decimal("0.01"))
        per_100 = expected / Decimal("0.10") * 100 / row["hands"]
        assert row["ev_bb_per_100"] == per_100.quantize(Decimal("0.01"))
    cyp = stats.loc["cypis28"]
    assert cyp["ev_net"] != cyp["net"]  # it contested an all-in: luck is not zero


def test_the_tables_take_the_replays_they_are_given() -> None:
    """``tables(replays=)`` takes each hand's record from the caller (an audit's), reads no hand
    again, and gives the same tables as reading the facts (and replaying the three all-in
    showdowns of the file for their EV) itself."""
    hands = list(read_histories(TD_2009, on_error="skip"))
    asked: list[str] = []

    def replays(hand: Hand) -> Replay:
        asked.append(str(hand.hand_id))
        return replay(hand)

    given = tables(hands, replays=replays)
    assert asked == [str(h.hand_id) for h in hands]
    made = tables(hands)
    for name in ("hands", "players", "actions", "draws"):
        pd.testing.assert_frame_equal(getattr(given, name), getattr(made, name))
    assert given.players["allin_equity"].notna().sum() >= 2 * len(ALLIN_HANDS)


def test_ev_is_null_where_it_was_not_computed() -> None:
    """Tables made without the all-in EV give null EV results, never the net read as EV."""
    stats = player_stats(tables(read_histories(TD_2009, on_error="skip"), allin_ev=False))
    for column in ("ev_net", "ev_net_bb", "ev_bb_per_100"):
        assert stats[column].isna().all(), column


def test_stats_json_and_jobs_agree_on_the_ev(capsys: pytest.CaptureFixture[str]) -> None:
    """``stats --json`` carries the EV; ``--jobs 2`` gives the same all-in columns as one
    process (each hand's Monte Carlo is seeded from its own id)."""
    assert main(["stats", str(TD_2009), "--json"]) == 0
    rows = {r["player"]: r for r in json.loads(capsys.readouterr().out)}
    assert rows["cypis28"]["ev_net"] is not None and rows["cypis28"]["ev_bb_per_100"] is not None
    one = tables_of_paths([TD_2009], jobs=1, hands_per_piece=20).tables
    two = tables_of_paths([TD_2009], jobs=2, hands_per_piece=20).tables
    assert one is not None and two is not None
    cols = ["hand_id", "player", "allin_method", "allin_equity", "ev_net", "luck"]
    pd.testing.assert_frame_equal(one.players[cols], two.players[cols])
    assert one.players["allin_method"].notna().sum() == 7
