"""The export's tables take the audit's replays: no hand is replayed twice for its all-in EV."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from histparse.auditor import run as audit_run
from histparse.events import Hand
from histparse.export import export_histories, load
from histparse.export import pieces as export_pieces
from histparse.frames import build as frames_build
from histparse.frames import tables
from histparse.parsing import read_histories
from histparse.replayer import Replay, replay

TD_2009 = (
    Path(__file__).resolve().parents[1]
    / "data" / "real_histories" / "pokerstars" / "3-Draw-Limit-USD-0.10-0.20-200911.txt"
)  # fmt: skip
ALLIN_HANDS = {"35839001292", "35839118248", "35839959625"}  # its all-in showdowns


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Count every replay, wherever the export would make one."""
    made: list[str] = []

    def counted(hand: Hand, **kwargs: object) -> Replay:
        made.append(str(hand.hand_id))
        return replay(hand, **kwargs)  # type: ignore[arg-type]

    # The export's pieces start no replay of their own: the audit's records go to the tables.
    assert not hasattr(export_pieces, "replay")
    for module in (audit_run, frames_build):
        monkeypatch.setattr(module, "replay", counted)
    return made


def test_each_hand_is_replayed_once_and_the_ev_is_the_same(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    made = _counting(monkeypatch)
    run = export_histories([TD_2009], tmp_path / "ds", jobs=1)
    assert len(made) == run.parsed == len(set(made))  # the audit's replays, and no other
    players = load(tmp_path / "ds").players
    expected = tables(read_histories(TD_2009, on_error="skip")).players
    cols = ["hand_id", "player", "allin_method", "allin_equity", "ev_net", "luck"]
    got = players[cols].sort_values(["hand_id", "player"]).reset_index(drop=True)
    want = expected[cols].sort_values(["hand_id", "player"]).reset_index(drop=True)
    pd.testing.assert_frame_equal(got, want, check_dtype=False, check_categorical=False)
    assert set(got.loc[got["allin_equity"].notna(), "hand_id"]) == ALLIN_HANDS


def test_without_the_audit_the_all_in_showdowns_alone_are_replayed(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    made = _counting(monkeypatch)
    export_histories([TD_2009], tmp_path / "ds", jobs=1, audit=False)
    assert sorted(made) == sorted(ALLIN_HANDS)
    assert load(tmp_path / "ds").players["allin_equity"].notna().sum() >= 2 * len(ALLIN_HANDS)
