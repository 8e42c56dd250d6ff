"""The vectorised evaluator agrees with ``histparse.ranking`` on every hand (R-RANK-1..7)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from histparse.cards import parse_cards
from histparse.equity import evaluate, evaluate_columns, threshold
from histparse.equity.evaluator import CARD_VALUES
from histparse.ranking import hand_rank, rank_cards


@pytest.fixture(scope="module")
def all_hands() -> np.ndarray:
    """All 2,598,960 five-card hands, one per row."""
    return np.array(list(itertools.combinations(range(52), 5)), dtype=np.int8)


def test_every_five_card_hand_ranks_as_hand_rank(all_hands: np.ndarray) -> None:
    """R-RANK-1..7: the numpy path gives ``rank_cards``'s number for each of the 2,598,960.
    ``rank_cards`` is asked once per (rank multiset, flush): tests/test_ranking.py's exhaustive
    fixture holds its number equal across the hands of one such shape, on all of them."""
    assert len(all_hands) == 2_598_960
    fast = evaluate(all_hands)
    ranks = all_hands.astype(np.int64) >> 2  # combinations() sorts the cards, so the ranks
    suits = all_hands & 3
    flush = (suits == suits[:, :1]).all(axis=1)
    shape = ((ranks * 13 ** np.arange(5)).sum(axis=1)) * 2 + flush
    _, first, where = np.unique(shape, return_index=True, return_inverse=True)
    assert len(first) == 7462
    slow = np.array([rank_cards(*h) for h in all_hands[first].tolist()], dtype=np.int16)
    assert np.array_equal(fast, slow[where])


def test_dealt_hand_counts(all_hands: np.ndarray) -> None:
    """The issue's reference counts: 7-low 4,080 hands, 8-low 14,280, 9-low 34,680, J-low or
    better 9.655% (R-RANK-4, R-RANK-5)."""
    ranks = evaluate(all_hands)
    assert int((ranks <= threshold("7")).sum()) == 4_080
    assert int((ranks <= threshold("8")).sum()) == 4_080 + 14_280
    assert int((ranks <= threshold("9")).sum()) == 4_080 + 14_280 + 34_680
    assert round(float((ranks <= threshold("J")).mean()) * 100, 3) == 9.655


def test_the_rank_keys_separate_every_rank_multiset() -> None:
    sums = {
        sum(int(CARD_VALUES[r * 4]) & ((1 << 19) - 1) for r in ranks)
        for ranks in itertools.combinations_with_replacement(range(13), 5)
        if ranks[0] != ranks[4]
    }
    assert len(sums) == 6175  # every rank multiset of a five-card hand


@given(st.lists(st.permutations(range(52)).map(lambda p: p[:5]), min_size=1, max_size=20))
def test_columns_and_rows_agree_in_any_order(hands: list[list[int]]) -> None:
    """Suits never break ties and order does not matter (R-RANK-6)."""
    arr = np.array(hands, dtype=np.int8)
    by_rows = evaluate(arr)
    shuffled = arr[:, ::-1]
    by_cols = evaluate_columns(*(shuffled[:, i] for i in range(5)))
    assert by_rows.tolist() == by_cols.tolist() == [rank_cards(*h) for h in hands]


def test_known_hands() -> None:
    hands = ["7h 5s 4d 3h 2d", "7h 5h 4h 3h 2h", "Ah Kh Qh Jh Th", "Ah 2d 3c 4s 5h"]
    assert evaluate([parse_cards(h) for h in hands]).tolist() == [hand_rank(h) for h in hands]
    with pytest.raises(ValueError, match="shape"):
        evaluate(np.zeros((3, 4), dtype=np.int8))
