"""The on-disk record of the hands an export kept (``histparse.handstore``): it must answer as
a dict of (site, id) -> (month, digest, place) would."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from histparse.handids import id_numbers
from histparse.handstore import HandStore


def test_numbers_added_at_once_are_found_across_query_chunks() -> None:
    store = HandStore()
    try:
        ids = np.arange(10**15, 10**15 + 1_300, dtype=np.int64)
        digests = np.arange(1_300, dtype=np.uint64) * np.uint64(2**40)
        store.add_numbers(
            "ps",
            ids,
            month="2024-01",
            digests=digests,
            files=("a.txt", "b.txt"),
            file_index=(np.arange(1_300) % 2).astype(np.int32),
            lines=np.arange(1_300, dtype=np.int64) * 10,
        )
        assert len(store) == 1_300
        # The one known id sits in the third chunk of 500 asked.
        probe = np.array([*range(1, 1_100), 10**15 + 1_299], dtype=np.int64)
        assert store.any_numbers("ps", probe)
        assert not store.any_numbers("ps", probe[:-1])
        assert not store.any_numbers("ft", ids)  # ids are per site
        assert ("ps", str(10**15 + 7)) in store
        assert store.get("ps", "2024-01", str(10**15 + 7)) == (f"{7 * 2**40:016x}", "b.txt:70")
        assert store.get("ps", "2024-02", str(10**15 + 7)) is None  # another month's hand
    finally:
        store.close()


def test_text_and_number_ids_stay_apart() -> None:
    store = HandStore()
    try:
        assert store.add_new("ps", "0123", month="m", digest="d1", file="f", line=3)
        assert ("ps", "0123") in store
        assert ("ps", "123") not in store  # "0123" is not the number 123
        assert store.add_new("ps", "123")
        assert not store.add_new("ps", "0123")  # kept already: the first is kept
        assert store.get("ps", "m", "0123") == ("d1", "f:3")
        assert store.get("ps", None, "123") is None  # kept without a digest
        assert ("ps", 123) not in store and "ps" not in store
    finally:
        store.close()


_ops = st.lists(
    st.tuples(
        st.sampled_from(["ps", "ft"]),
        st.one_of(st.integers(0, 40).map(str), st.sampled_from(["x1", "007", "-3"])),
        st.sampled_from(["2024-01", "2024-02"]),
        st.one_of(st.none(), st.sampled_from(["aa", "bb"])),
    ),
    max_size=60,
)


@settings(max_examples=40, deadline=None)
@given(_ops)
def test_the_store_answers_as_a_dict(ops: list[tuple[str, str, str, str | None]]) -> None:
    """A law: after any sequence of ``add_new``, the store and a dict model agree on
    membership, on ``get`` and on ``any_numbers``."""
    model: dict[tuple[str, str], tuple[str, str | None, int]] = {}
    store = HandStore()
    try:
        for line, (site, hid, month, digest) in enumerate(ops):
            new = store.add_new(site, hid, month=month, digest=digest, file="f.txt", line=line)
            assert new == ((site, hid) not in model)
            model.setdefault((site, hid), (month, digest, line))
        for site in ("ps", "ft"):
            for hid in [*(str(i) for i in range(41)), "x1", "007", "-3"]:
                kept = model.get((site, hid))
                assert ((site, hid) in store) == (kept is not None)
                for month in ("2024-01", "2024-02"):
                    want = None
                    if kept is not None and kept[0] == month and kept[1] is not None:
                        want = (kept[1], f"f.txt:{kept[2]}")
                    assert store.get(site, month, hid) == want
            numbers = id_numbers(str(i) for i in range(41))
            assert numbers is not None
            in_model = any((site, str(i)) in model for i in range(41))
            assert store.any_numbers(site, numbers) == in_model
        assert len(store) == len(model)
    finally:
        store.close()
