"""``HandIds``, the compact set of hand ids an export remembers, is a set of strings: same
membership and size as a Python ``set`` for any ids (numbers, leading zeros, numbers past 64
bits, text), whenever its recent ids are merged into the array."""

from __future__ import annotations

import sys

from hypothesis import given
from hypothesis import strategies as st

from histparse.export.ids import HandIds

_IDS = st.one_of(
    st.integers(0, 2**64).map(str),  # numbers, some past int64
    st.integers(0, 999).map(lambda n: f"0{n}"),  # a leading zero: not the number's form
    st.text(min_size=1, max_size=6),  # anything else, non-ASCII digits included
    st.sampled_from(["0", "9223372036854775807", "9223372036854775808", "٣", "12a"]),
)


@given(st.lists(_IDS, max_size=60), st.lists(_IDS, max_size=30), st.integers(1, 8))
def test_hand_ids_behave_as_a_set_of_strings(
    first: list[str], then: list[str], merge_at: int
) -> None:
    ids = HandIds(first, merge_at=merge_at)
    model = set(first)
    for hand_id in then:
        assert (hand_id in ids) == (hand_id in model)
        ids.add(hand_id)
        model.add(hand_id)
        assert hand_id in ids
    assert len(ids) == len(model)
    for hand_id in [*first, *then, "1", "01", "x"]:
        assert (hand_id in ids) == (hand_id in model)
    assert 5 not in ids  # not a string


def test_numeric_ids_cost_about_eight_bytes_each() -> None:
    ids = HandIds(str(62_829_200_000 + 3 * k) for k in range(200_000))
    assert len(ids) == 200_000 and "62829200003" in ids and "62829200004" not in ids
    held = sys.getsizeof(ids._sorted) + sys.getsizeof(ids._recent) + sys.getsizeof(ids._texts)
    assert held < 12 * 200_000  # a set of ints would take ~60 bytes an id
