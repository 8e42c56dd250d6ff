"""``sessions``: start, end and hands of each session match the hands' own times, counted by
hand on hand-made hands and on a generated multi-table file."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pandas as pd
import pytest
from test_stats_aggregate import walk
from test_tables_builder import minutes

from histparse.frames import tables
from histparse.simulation import SimConfig, simulate
from histparse.stats.sessions import SESSION_COLUMNS, sessions

D = Decimal


def test_sessions_by_hand() -> None:
    # Y wins 0.05 (half a big blind of 0.10) every hand. Hands at 0, 20 and 45 minutes are one
    # session (gaps under 30); 100 starts a second; 24 h 10 a third, on another table.
    hands = [walk(str(i), m) for i, m in enumerate([0, 20, 45, 100])]
    hands.append(walk("9", 24 * 60 + 10, table="Test II"))
    s = sessions(tables(hands), "Y")
    assert list(s.columns) == list(SESSION_COLUMNS)
    assert s["session"].tolist() == [1, 2, 3]
    assert s["start"].tolist() == [pd.Timestamp(minutes(m)) for m in (0, 100, 24 * 60 + 10)]
    assert s["end"].tolist() == [pd.Timestamp(minutes(m)) for m in (45, 100, 24 * 60 + 10)]
    assert s["hands"].tolist() == [3, 1, 1]
    assert s["duration"].tolist()[0] == timedelta(minutes=45)
    assert s["net"].tolist() == [D("0.15"), D("0.05"), D("0.05")]
    assert s["net_bb"].tolist() == [D("1.50"), D("0.50"), D("0.50")]
    assert s["bb_per_100"].tolist()[0] == D("50.00")
    # 3 hands in 45 minutes: 4 an hour; 0.15 in 0.75 h: 0.20 an hour.
    assert s["hands_per_hour"].tolist()[0] == pytest.approx(4.0)
    assert s["net_per_hour"].tolist()[0] == D("0.20")
    assert pd.isna(s["hands_per_hour"].tolist()[1]) and pd.isna(s["net_per_hour"].tolist()[1])
    assert s["table_names"].tolist() == ["Test I", "Test I", "Test II"]
    assert s["unit"].tolist() == ["USD"] * 3


def test_generated_multi_table_sessions_match_the_hands() -> None:
    hands = list(simulate(400, 1, SimConfig()))  # seed 1: the hero changes tables
    t = tables(hands)
    s = sessions(t, "Hero")
    dealt = t.players[t.players["player"] == "Hero"]
    ids = set(dealt["hand_id"].astype(str))
    mine = sorted(h.started_at for h in hands if h.hand_id in ids)
    # Recount by hand: a new session wherever the gap reaches 30 minutes.
    runs: list[list[object]] = []
    for at in mine:
        if runs and at - runs[-1][-1] <= timedelta(minutes=30):  # type: ignore[operator]
            runs[-1].append(at)
        else:
            runs.append([at])
    assert s["hands"].sum() == len(dealt)
    assert len(s) == len(runs)
    assert s["start"].tolist() == [pd.Timestamp(r[0]) for r in runs]  # type: ignore[arg-type]
    assert s["end"].tolist() == [pd.Timestamp(r[-1]) for r in runs]  # type: ignore[arg-type]
    assert (s["tables"] >= 1).all() and s["tables"].max() > 1  # tables change within a session


def test_sessions_command(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    import json
    from pathlib import Path

    from histparse.cli import main

    samples = str(Path(__file__).resolve().parents[2] / "sample_histories")
    assert main(["sessions", samples, "--player", "hero", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {r["unit"] for r in rows} == {"USD", "tournament chips"}
    assert all(r["start"] <= r["end"] for r in rows)
    assert main(["sessions", samples, "--player", "hero"]) == 0
    assert " USD" in capsys.readouterr().out
