"""The dataset check's duplicate-id search (``export.check.repeated_id``) against a count."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pyarrow as pa
from hypothesis import given
from hypothesis import strategies as st

from histparse.export.check import _compact_ids, repeated_id

# Plain numbers, numbers with a leading zero (text, never equal to the number), and words.
_IDS = st.one_of(
    st.integers(0, 10**19 - 1).map(str),
    st.integers(0, 999).map(lambda n: f"0{n}"),
    st.sampled_from(["5107126-65-1293448283", "a", "B7"]),
)


@given(st.lists(st.lists(_IDS, max_size=6), max_size=5))
def test_the_repeated_id_is_one_a_count_finds(files: list[list[str]]) -> None:
    compact = [_compact_ids(pa.chunked_array([pa.array(ids, pa.string())])) for ids in files]
    found = repeated_id(compact)
    counts = Counter(i for ids in files for i in ids)
    if all(n == 1 for n in counts.values()):
        assert found is None
        return
    assert found is not None
    hand_id, times, where = found
    assert counts[hand_id] == times > 1
    assert where == [k for k, ids in enumerate(files) if hand_id in ids]


def test_plain_numbers_are_kept_as_integers_and_others_as_text() -> None:
    numbers = _compact_ids(pa.chunked_array([pa.array(["12", "0", "9999999999999999999"])]))
    assert isinstance(numbers, np.ndarray) and numbers.tolist() == [12, 0, 10**19 - 1]
    for odd in (["012"], ["12", "x"], ["10000000000000000000"], ["-5"]):
        assert isinstance(_compact_ids(pa.chunked_array([pa.array(odd)])), pa.Array)
