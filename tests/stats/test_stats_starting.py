"""Starting-hand and kept-hand classes (docs/stats.md, "Starting hands and kept cards") and the
results tables by class, counted by hand on real hands."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from histparse.cards import DECK, parse_cards
from histparse.frames import tables
from histparse.parsing import read_histories
from histparse.stats import (
    KeptClass,
    StartClass,
    kept_class,
    kept_hands,
    start_class,
    starting_hands,
)

TD_2009 = (
    Path(__file__).resolve().parents[1]
    / "data"
    / "pokerstars"
    / ("3-Draw-Limit-USD-0.10-0.20-200911.txt")
)
D = Decimal


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("7h 5d 4c 3s 2h", StartClass.PAT_7),
        ("8h 6d 4c 3s 2h", StartClass.PAT_8),
        ("Th 9d 8c 6s 2h", StartClass.PAT_T),
        ("7h 6h 5h 3h 2h", StartClass.ONE_7),  # a flush: not made; four cards to a seven
        ("6h 5d 4c 3s 2h", StartClass.ONE_7),  # a straight: not made
        ("Kh 8d 4c 3s 2h", StartClass.ONE_8),
        ("9h 9d 7c 3s 2h", StartClass.ONE_9),
        ("Jh Td 8c 6s 2h", StartClass.PAT_J),
        ("Kh Qd 8c 6s 2h", StartClass.TWO_ROUGH),  # a made king is read as its draw
        ("Kh Kd 7c 4s 2h", StartClass.TWO_SMOOTH),
        ("Kh Kd Qc 4s 2h", StartClass.THREE_SMOOTH),
        ("Kh Kd Qc 8s 2h", StartClass.THREE_ROUGH),
        ("Ah Kd Qc Js 2h", StartClass.WORSE),
    ],
)
def test_start_classes(cards: str, expected: StartClass) -> None:
    assert start_class(parse_cards(cards)) is expected


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("7h 5d 4c 3s 2h", KeptClass.PAT_7),
        ("Qh 9d 8c 6s 2h", KeptClass.PAT_J),
        ("Th 9d 8c 6s 2h", KeptClass.PAT_T),
        ("7h 7d 4c 3s 2h", KeptClass.SNOW),
        ("7h 4c 3s 2h", KeptClass.ONE_7),
        ("9h 4c 3s 2h", KeptClass.ONE_9),
        ("4h 4c 3s 2h", KeptClass.ONE_T),
        ("8h 3s 2h", KeptClass.TWO_8),
        ("3d Tc 7c", KeptClass.TWO_9),
        ("5h 2h", KeptClass.THREE_7),
        ("8h 2h", KeptClass.THREE_8),
        ("2h", KeptClass.MORE),
        ("", KeptClass.MORE),
    ],
)
def test_kept_classes(cards: str, expected: KeptClass) -> None:
    assert kept_class(parse_cards(cards) if cards else ()) is expected


def test_bad_cards_have_no_class() -> None:
    assert start_class(parse_cards("7h 5d 4c 3s")) is None
    assert start_class(parse_cards("7h 7h 4c 3s 2h")) is None
    assert kept_class(parse_cards("7h 7h 4c")) is None


@given(st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True))
def test_every_five_cards_have_one_start_class(cards: list[int]) -> None:
    cls = start_class(cards)
    assert cls is not None
    # Standing pat on the made hand keeps the same top card class for pat 7 to pat T.
    if cls.value.startswith("pat") and cls is not StartClass.PAT_J:
        assert kept_class(cards) is not None and kept_class(cards).value == cls.value


def test_hero_results_counted_by_hand() -> None:
    """Hero in two hands of the 2009 file.

    #35839001292: dealt 8s Ts 8h 2s 3s (2-8-3 and a pair: a rough two-card draw), folds the
      big blind to a raise: -0.10, -1 bb.
    #35839050562: dealt Kh Th 3d Tc 7c (3 and 7: a smooth three-card draw), keeps 3d Tc 7c at
      the first draw (three cards, a ten: 2-card 9 or worse), 3d 7c 5c at the second (2-card 7),
      stands pat on 7-5-4-3-2 at the third (pat 7), and wins: 1.24 for 0.60 in, +6.4 bb.
    """
    hands = [h for h in read_histories(TD_2009) if h.hand_id in {"35839001292", "35839050562"}]
    t = tables(hands)
    s = starting_hands(t, "Hero")
    cols = ["count", "played", "won", "net"]
    assert s.loc["2-card rough", cols].tolist() == [1, 0, 0, D("-0.10")]
    assert s.loc["3-card smooth", cols].tolist() == [1, 1, 1, D("0.64")]
    assert s.loc["3-card smooth", "net_bb"] == D("6.40")
    assert s.loc["3-card smooth", "bb_per_100"] == D("640.00")
    assert s["count"].sum() == 2 and s.attrs["unit"] == "USD"
    k1, k2, k3 = (kept_hands(t, "Hero", draw=k) for k in (1, 2, 3))
    assert k1.loc["2-card 9 or worse", ["count", "won", "net"]].tolist() == [1, 1, D("0.64")]
    assert k2.loc["2-card 7", "count"] == 1 and k3.loc["pat 7", "count"] == 1
    assert k1["count"].sum() == k2["count"].sum() == k3["count"].sum() == 1
    with pytest.raises(ValueError, match="draw must be"):
        kept_hands(t, "Hero", draw=4)
