"""The dataset check's duplicate-id search (``export.check.repeated_id``) against a count."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pyarrow as pa
import pytest
from hypothesis import given
from hypothesis import strategies as st

from histparse.export import check
from histparse.export.check import id_keys, repeated_id

# Plain numbers, numbers with a leading zero (text, never equal to the number), and words.
_IDS = st.one_of(
    st.integers(0, 10**19 - 1).map(str),
    st.integers(0, 999).map(lambda n: f"0{n}"),
    st.sampled_from(["5107126-65-1293448283", "a", "B7", "", "ab", "ba"]),
)
_FILES = st.lists(st.lists(_IDS, max_size=6), max_size=5)


def _found(files: list[list[str]]) -> tuple[str, int, list[int]] | None:
    arrays = [pa.array(ids, pa.string()) for ids in files]
    return repeated_id([(k, id_keys(a)) for k, a in enumerate(arrays)], arrays.__getitem__)


def _agrees(files: list[list[str]], found: tuple[str, int, list[int]] | None) -> None:
    counts = Counter(i for ids in files for i in ids)
    if all(n == 1 for n in counts.values()):
        assert found is None
        return
    assert found is not None
    hand_id, times, where = found
    assert counts[hand_id] == times > 1
    assert where == [k for k, ids in enumerate(files) if hand_id in ids]


@given(_FILES)
def test_the_repeated_id_is_one_a_count_finds(files: list[list[str]]) -> None:
    _agrees(files, _found(files))


@given(_FILES)
def test_equal_hashes_of_different_ids_are_not_a_repeat(files: list[list[str]]) -> None:
    """Every text id hashed to one key: the texts decide."""
    with pytest.MonkeyPatch.context() as m:
        m.setattr(check, "_hashes", lambda ids: np.full(len(ids), 7, dtype=np.uint64))
        _agrees(files, _found(files))


def test_numbers_are_keys_and_texts_are_hashed_by_their_bytes() -> None:
    numbers = id_keys(pa.array(["12", "0", "9999999999999999999"]))
    assert numbers.hashed is None and numbers.keys.tolist() == [12, 0, 10**19 - 1]
    mixed = id_keys(pa.array(["12", "x", "012", "10000000000000000000", "-5"]))
    assert mixed.hashed is not None and mixed.hashed.tolist() == [False, *[True] * 4]
    assert mixed.keys[0] == 12  # a number's key whatever else its file holds
    # A slice of an array (its offset not 0) hashes as the same texts alone.
    words = pa.array(["x", "ab", "ba", "", "ab"])
    keys = id_keys(words.slice(1)).keys.tolist()
    assert keys == id_keys(pa.array(["ab", "ba", "", "ab"])).keys.tolist()
    assert keys[0] == keys[3] and len({keys[0], keys[1], keys[2]}) == 3
