"""``deal._shuffled``: the Monte Carlo's shuffle of the unseen cards, many rows at once. Its
stream of random numbers is part of every stored all-in EV, so it is held to the plain
column-at-a-time Fisher-Yates pass it replaced (a reference written here)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from hypothesis import given, settings
from hypothesis import strategies as st

from histparse.equity.deal import _shuffled


def _reference(
    rng: np.random.Generator, cards: npt.NDArray[np.int8], n: int, first: int
) -> npt.NDArray[np.int8]:
    size = cards.shape[-1]
    rows = np.broadcast_to(cards, (n, size)).copy()
    every = np.arange(n)
    for col in range(min(first, size - 1)):
        pick = col + (rng.random(n) * (size - col)).astype(np.intp)
        chosen = rows[every, pick]
        rows[every, pick] = rows[:, col]
        rows[:, col] = chosen
    return rows


@given(
    st.integers(1, 48),
    st.integers(1, 300),
    st.integers(0, 50),
    st.integers(0, 2**32 - 1),
    st.booleans(),
)
@settings(max_examples=60, deadline=None)
def test_the_same_rows_and_the_same_stream_as_column_at_a_time(
    size: int, n: int, first: int, seed: int, own_rows: bool
) -> None:
    deck = np.arange(size, dtype=np.int8)
    cards = np.repeat(deck[None], n, axis=0) if own_rows else deck
    rng_a, rng_b = np.random.default_rng(seed), np.random.default_rng(seed)
    got = _shuffled(rng_a, cards, n, first)
    want = _reference(rng_b, cards, n, first)
    assert got.dtype == np.int8 and got.shape == (n, size)
    assert np.array_equal(got, want)
    assert rng_a.random() == rng_b.random()  # the generator is left where it was
    assert np.array_equal(np.sort(got, axis=1), np.broadcast_to(deck, (n, size)))
