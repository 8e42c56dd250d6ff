"""``HandIds``, the compact set of hand ids an audit or export remembers, is a set of strings:
same membership and size as a Python ``set`` for any ids (numbers, leading zeros, numbers past
64 bits, text), whenever its recent ids are merged into the array. ``HandStore`` (on disk) is
a set of ``(site, hand id)``; ``HandDigests`` a dict of hand id -> (digest, ``file:line``)."""

from __future__ import annotations

import sys

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from histparse.handids import HandDigests, HandIds, digest_numbers, id_numbers
from histparse.handstore import HandStore

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


@given(
    st.lists(st.tuples(st.sampled_from(["PokerStars", "Winamax", "Full Tilt"]), _IDS), max_size=80)
)
def test_add_new_says_whether_the_key_was_new_as_a_set_would(keys: list[tuple[str, str]]) -> None:
    seen = HandStore()
    ids = HandIds(merge_at=3)
    model: set[tuple[str, str]] = set()
    for site, hand_id in keys:
        assert seen.add_new(site, hand_id) == ((site, hand_id) not in model)
        assert ids.add_new(hand_id) == (hand_id not in {h for _, h in model})
        model.add((site, hand_id))
        assert (site, hand_id) in seen
    for site, hand_id in [*keys, ("PokerStars", "1"), ("Merge", "1")]:
        assert ((site, hand_id) in seen) == ((site, hand_id) in model)
    assert "1" not in seen and ("PokerStars",) not in seen  # not a key


_DIGESTS = st.one_of(
    st.integers(0, 2**64 - 1).map(lambda n: f"{n:016x}"),  # the tables' digests
    st.sampled_from(["", "ABCDEF0123456789", "0" * 15, "0x12345678901234", "ffffffffffffffff"]),
)
_PUTS = st.lists(
    st.tuples(_IDS, _DIGESTS, st.sampled_from(["", "a.txt", "dir/b.txt"]), st.integers(1, 10**6)),
    max_size=60,
)


@given(_PUTS, st.integers(1, 8))
def test_hand_digests_behave_as_a_dict(
    puts: list[tuple[str, str, str, int]], merge_at: int
) -> None:
    kept = HandDigests(merge_at=merge_at)
    model: dict[str, tuple[str, str]] = {}
    for hand_id, digest, file, line in puts:
        assert kept.get(hand_id) == model.get(hand_id)
        kept.put(hand_id, digest, file, line)
        model[hand_id] = (digest, f"{file}:{line}" if file else "")
        assert kept.get(hand_id) == model[hand_id]
    assert len(kept) == len(model)
    for hand_id in [*model, "1", "01", "x"]:
        assert kept.get(hand_id) == model.get(hand_id)


def test_numeric_ids_with_their_digests_cost_about_24_bytes_each() -> None:
    kept = HandDigests()
    for k in range(100_000):
        kept.put(str(62_829_200_000 + 3 * k), f"{k * 7919:016x}", "hands.txt", 20 * k + 1)
    assert len(kept) == 100_000 and kept.get("62829200003") == (f"{7919:016x}", "hands.txt:21")
    held = sum(sys.getsizeof(a) for a in (kept._ids, kept._digests, kept._files, kept._lines))
    assert held + sys.getsizeof(kept._recent) < 32 * 100_000  # a dict of tuples: ~400 bytes


_NUMERIC = st.integers(0, 2**63 - 1).map(str)


@given(
    st.lists(st.tuples(st.booleans(), st.lists(st.one_of(_NUMERIC, _IDS), max_size=12))),
    st.integers(1, 20),
)
def test_bulk_adds_behave_as_the_set(steps: list[tuple[bool, list[str]]], merge_at: int) -> None:
    """A writer's piece goes in at once (``add_numbers`` of the ids ``contains_numbers`` found
    new), between hands added one at a time: still a set of strings."""
    ids = HandIds(merge_at=merge_at)
    model: set[str] = set()
    for bulk, batch in steps:
        numbers = id_numbers(batch)
        if bulk and numbers is not None:
            found = ids.contains_numbers(numbers)
            assert found.tolist() == [h in model for h in batch]
            fresh = sorted({int(h) for h, f in zip(batch, found.tolist(), strict=True) if not f})
            ids.add_numbers(np.array(fresh, dtype=np.int64))
            model.update(str(n) for n in fresh)
        else:
            for hand_id in batch:
                assert ids.add_new(hand_id) == (hand_id not in model)
                model.add(hand_id)
        assert len(ids) == len(model)
    for hand_id in [*model, "1", "01", "x"]:
        assert (hand_id in ids) == (hand_id in model)


@given(
    st.lists(st.tuples(st.booleans(), _PUTS)),
    st.integers(1, 20),
)
def test_bulk_puts_behave_as_the_dict(
    steps: list[tuple[bool, list[tuple[str, str, str, int]]]], merge_at: int
) -> None:
    """``put_numbers`` (a plain piece: numeric ids once each, 16-hex digests) between single
    puts: the later put of an id wins, as in a dict."""
    kept = HandDigests(merge_at=merge_at)
    model: dict[str, tuple[str, str]] = {}
    for bulk, puts in steps:
        once = list({hand_id: (hand_id, d, f, n) for hand_id, d, f, n in puts}.values())
        numbers = id_numbers(h for h, _, _, _ in once)
        digests = digest_numbers(d for _, d, _, _ in once)
        if bulk and numbers is not None and digests is not None:
            files = sorted({f for _, _, f, _ in once})
            index = np.array([files.index(f) for _, _, f, _ in once], dtype=np.int32)
            lines = np.array([n for _, _, _, n in once], dtype=np.int64)
            kept.put_numbers(numbers, digests, files, index, lines)
        else:
            for hand_id, digest, file, line in once:
                kept.put(hand_id, digest, file, line)
        for hand_id, digest, file, line in once:
            model[hand_id] = (digest, f"{file}:{line}" if file else "")
        for hand_id in model:
            assert kept.get(hand_id) == model[hand_id]
    assert len(kept) == len(model)


def test_the_numbers_of_a_piece_or_none() -> None:
    numbers = id_numbers(["62829200243000001", "0", "9223372036854775807"])
    assert numbers is not None and numbers.tolist() == [62829200243000001, 0, 2**63 - 1]
    for odd in ("01", "9223372036854775808", "12a", "٣"):
        assert id_numbers(["1", odd]) is None
    digests = digest_numbers(["00000000000000ff", "ffffffffffffffff"])
    assert digests is not None and digests.tolist() == [255, 2**64 - 1]
    for bad in (None, "", "ABCDEF0123456789", "0" * 15):
        assert digest_numbers(["00000000000000ff", bad]) is None
