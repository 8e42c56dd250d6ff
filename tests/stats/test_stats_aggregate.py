"""``player_stats`` and ``showdown_classes`` on hand-made hands."""

from __future__ import annotations

from decimal import Decimal

import pandas as pd
import pytest
from test_stats_flags import fixture_a, fixture_b, fixture_c, fixture_d, fixture_e
from test_tables_builder import HandBuilder, minutes

from histparse.events import Hand
from histparse.frames import tables
from histparse.stats import STATS, player_stats, showdown_classes
from histparse.stats.aggregate import RESULT_COLUMNS

D = Decimal


def walk(hand_id: str, at: int, *, table: str = "Test I", bb: str = "0.10") -> Hand:
    """Heads-up: X (button, small blind) folds, Y wins the blinds. X -SB, Y +SB."""
    sb = str(D(bb) / 2)
    h = HandBuilder(["X", "Y"], button=1, hand_id=hand_id, started_at=minutes(at), table=table,
                    stakes=(bb, str(D(bb) * 2)))  # fmt: skip
    h.sb("X", sb).bb("Y", bb).deal().fold("X").uncalled("Y", sb)
    return h.collect("Y", str(2 * D(sb))).build()


def test_rates_and_results_per_player() -> None:
    t = tables([fixture_a(), fixture_b()])
    s = player_stats(t).set_index("player")
    # B played both: BB in A (called, lost 0.40) and BB in B (folded to the steal, lost 0.10).
    assert s.loc["B", "hands"] == 2
    assert s.loc["B", "net"] == D("-0.50")
    # -4 bb and -1 bb over 2 hands: -250 bb/100; big bet 0.20: -125 BB/100.
    assert (s.loc["B", "bb_per_100"], s.loc["B", "BB_per_100"]) == (D("-250.00"), D("-125.00"))
    assert (s.loc["B", "vpip"], s.loc["B", "vpip_opp"], s.loc["B", "vpip_rate"]) == (1, 2, 0.5)
    assert s.loc["B", "fold_bb_to_steal_rate"] == 1.0
    assert s.loc["B", "rake_share"] == D("0.02")
    assert pd.isna(s.loc["C", "three_bet_rate"])  # never faced two bets
    assert s.loc["F", "af_rate"] == pytest.approx(float("inf")) or pd.isna(s.loc["F", "af_rate"])
    assert s.loc["E", "af_rate"] == pytest.approx(2 / 3)
    assert s.loc["E", "cards_drawn_1_rate"] == 1.0
    assert list(s.columns[: 1 + len(RESULT_COLUMNS)]) == ["unit", *RESULT_COLUMNS]
    for st in STATS:
        assert {st.name, st.opp, st.rate} <= set(s.columns)


def test_big_blinds_per_100_across_stakes_is_exact_then_rounded() -> None:
    # Y wins 0.05 (half a 0.10 big blind) and then 1.5 chips at a 3-chip big blind (half a big
    # blind): 0.5 + 0.5 = 1 big blind over 2 hands = 50 bb/100 exactly.
    t = tables([walk("1", 0), walk("2", 5, bb="3")])
    s = player_stats(t).set_index("player")
    assert s.loc["Y", "bb_per_100"] == D("50.00")
    assert s.loc["Y", "net"] == D("1.55")  # amounts of different stakes simply add up
    assert s.loc["X", "bb_per_100"] == D("-50.00")
    # X at a 3-chip big blind alone: -1.5 / 3 ... and 1/3 of a big blind does not terminate:
    h = HandBuilder(["X", "Y"], button=1, stakes=("3", "6"), currency=None)
    h.sb("X", "1").bb("Y", "3").deal().fold("X").uncalled("Y", "2").collect("Y", "2")
    s2 = player_stats(tables([h.build()])).set_index("player")
    assert s2.loc["Y", "bb_per_100"] == D("33.33")  # 100 x (1/3) rounded half-even
    assert s2.loc["X", "BB_per_100"] == D("-16.67")  # 100 x (-1/6)


def test_by_position_splits_and_adds_up() -> None:
    t = tables([fixture_a(), fixture_b(), fixture_c(), fixture_d(), fixture_e()])
    by = player_stats(t, by="position")
    b = by[by["player"] == "B"].set_index("unit")
    # The BB in A, B and D (dollars) and in E (tournament chips): two rows, never added.
    assert set(b["position"]) == {"BB"}
    assert b["hands"].to_dict() == {"USD": 3, "tournament chips": 1}
    overall = player_stats(t)
    assert (
        by.groupby(["player", "unit"], observed=True)["hands"].sum().to_dict()
        == overall.groupby(["player", "unit"], observed=True)["hands"].sum().to_dict()
    )


def test_sessions_and_dates() -> None:
    # Hands at 0, 20 and 45 minutes are one session (gaps under 30); at 100 a new one; at
    # 24 hours and 10 minutes a new day.
    hands = [walk(str(i), m) for i, m in enumerate([0, 20, 45, 100, 24 * 60 + 10])]
    t = tables(hands)
    sessions = player_stats(t, by="session", players="Y")
    assert list(sessions["session"]) == ["2020-01-01 12:00", "2020-01-01 13:40",
                                         "2020-01-02 12:10"]  # fmt: skip
    assert list(sessions["hands"]) == [3, 1, 1]
    dates = player_stats(t, by="date", players=["Y"])
    assert list(dates["date"]) == ["2020-01-01", "2020-01-02"] and list(dates["hands"]) == [4, 1]
    assert list(player_stats(t, by="table")["table"].unique()) == ["Test I"]
    stakes = player_stats(t, by="stakes", players="Y")
    assert list(stakes["stakes"]) == ["0.10/0.20 USD Limit"]


def test_unknown_grouping_and_player_filter() -> None:
    t = tables([fixture_a()])
    with pytest.raises(ValueError, match="cannot group by 'seat'"):
        player_stats(t, by="seat")
    assert player_stats(t, players="nobody").empty
    assert list(player_stats(t, players=["F", "E"])["player"]) == ["E", "F"]


def test_showdown_classes() -> None:
    t = tables([fixture_a(), fixture_d()])
    sd = showdown_classes(t)
    assert list(sd.index) == [
        "7-low", "8-low", "9-low", "T-low", "J-low", "Q-low or worse", "paired or worse",
    ]  # fmt: skip
    assert sd.loc["7-low", ["count", "won", "net"]].tolist() == [1, 1, D("1.61")]  # F in A
    assert sd.loc["8-low", ["count", "won", "net"]].tolist() == [1, 0, D("-1.20")]  # E in A
    assert sd.loc["9-low", ["count", "won", "net"]].tolist() == [1, 1, D("0.20")]  # A in D
    assert sd.loc["paired or worse", ["count", "won", "net"]].tolist() == [
        1,
        0,
        D("-0.10"),
    ]  # B in D
    assert sd.loc["J-low", ["count", "won", "net"]].tolist() == [0, 0, D("0")]
    only_f = showdown_classes(t, "F")
    assert only_f["count"].sum() == 1
