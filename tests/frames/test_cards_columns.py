"""Cards in the tables: the hero's dealt cards, what was kept and received at each draw, every
final known hand with its 2-7 rank and class, and each hand's source file and line; counted by
hand from ``sample_histories/3-Draw-Limit-USD-0.10-0.20-200911.txt``, hand 35839050562."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from histparse.frames import Tables
from histparse.parallel.tables import tables_of_paths

FILE = str(
    Path(__file__).resolve().parents[2]
    / "sample_histories"
    / "3-Draw-Limit-USD-0.10-0.20-200911.txt"
)
HAND = "35839050562"


@pytest.fixture(scope="module")
def t() -> Tables:
    run = tables_of_paths([FILE])
    assert run.tables is not None
    return run.tables


def _first_line_of(hand_id: str) -> int:
    with open(FILE, encoding="utf-8-sig") as f:
        for n, line in enumerate(f, 1):
            if f"#{hand_id}:" in line:
                return n
    raise AssertionError(hand_id)


def test_source_file_and_line_lead_back_to_the_hand(t: Tables) -> None:
    row = t.hands.set_index("hand_id").loc[HAND]
    assert row["source_file"] == FILE
    assert row["source_line"] == _first_line_of(HAND)
    assert t.hands["digest"].str.fullmatch("[0-9a-f]{16}").all()
    assert t.hands["digest"].is_unique


def test_hero_dealt_kept_and_received(t: Tables) -> None:
    p = t.players[t.players["hand_id"] == HAND].set_index("player")
    # Dealt to Hero [Kh Th 3d Tc 7c]; the others' cards are not dealt face up.
    assert p.loc["Hero", "dealt_cards"] == "Kh Th 3d Tc 7c"
    assert pd.isna(p.loc["rumble1111", "dealt_cards"])
    d = t.draws[(t.draws["hand_id"] == HAND) & (t.draws["player"] == "Hero")].set_index("draw")
    # Draw 1: discards [Kh Th], keeps [3d Tc 7c], gets [5c Qs]; draw 2: discards [Qs Tc],
    # keeps [3d 7c 5c], gets [4c 2s]; draw 3: stands pat on [3d 7c 5c 4c 2s].
    assert d.loc[1, ["kept_cards", "discarded_cards", "received_cards"]].tolist() == [
        "3d Tc 7c", "Kh Th", "5c Qs"
    ]  # fmt: skip
    assert d.loc[2, ["kept_cards", "discarded_cards", "received_cards"]].tolist() == [
        "3d 7c 5c", "Qs Tc", "4c 2s"
    ]  # fmt: skip
    assert d.loc[3, ["kept_cards", "pat", "received_cards"]].tolist() == [
        "3d 7c 5c 4c 2s", True, ""
    ]  # fmt: skip
    other = t.draws[(t.draws["hand_id"] == HAND) & (t.draws["player"] == "rumble1111")]
    assert other["kept_cards"].isna().all()  # an opponent's kept cards are not known


def test_final_known_hands_with_rank_and_class(t: Tables) -> None:
    p = t.players[t.players["hand_id"] == HAND].set_index("player")
    # Hero shows [5c 4c 3d 2s 7c] (Lo: 7,5,4,3,2): the best 2-7 hand, rank 1.
    assert p.loc["Hero", ["final_cards", "final_rank", "final_class"]].tolist() == [
        "5c 4c 3d 2s 7c", 1, "7-low"
    ]  # fmt: skip
    # rumble1111 mucked [8s 7d 3c 6d 2h]: revealed in the summary, an 8-low.
    assert p.loc["rumble1111", "final_cards"] == "8s 7d 3c 6d 2h"
    assert p.loc["rumble1111", "final_class"] == "8-low"
    # Hero's 7-5-4-3-2 beats the 8-7-6-3-2: a smaller rank is better.
    assert p.loc["Hero", "final_rank"] < p.loc["rumble1111", "final_rank"]
