"""Stakes labels: one label per stake however the site wrote its amounts (issue 32, item 5),
in order of big blind; ``--stakes`` values matched as a label or its amounts, as numbers."""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from pathlib import Path

import pyarrow as pa
import pytest
from hypothesis import given
from hypothesis import strategies as st

from histparse.export.loader import stakes_column
from histparse.frames import tables
from histparse.parsing import read_histories
from histparse.stats import player_stats
from histparse.stats.stakes import (
    UnknownStakesError,
    canonical_stakes,
    match_stakes,
    resolve_stakes,
    stakes_key,
    stakes_label,
)

D = Decimal
MERGE = Path(__file__).resolve().parents[1] / "data" / "real_histories" / "merge_carbon"
LIMITS = ("Limit", "Pot Limit", "No Limit")
UNITS = ("USD", "EUR", "tournament chips", "play money", "chips")


def test_merge_files_writing_1_2_and_1_00_2_00_give_one_stake(tmp_path: Path) -> None:
    """One Merge file writes ``$1/$2``; the same stake written ``$1.00/$2.00`` (as other Merge
    files write it) was a second label, so ``--by stakes`` split it."""
    sample = (MERGE / "3-Draw-Limit-USD-1-2-201104.Sample.with.showdown.txt").read_text()
    assert 'stakes="Limit $1/$2"' in sample
    cents = tmp_path / "cents.txt"
    cents.write_text(sample.replace('stakes="Limit $1/$2"', 'stakes="Limit $1.00/$2.00"'))
    whole = list(read_histories(str(MERGE / "3-Draw-Limit-USD-1-2-201104.Multi.hand.sample.txt")))
    written = list(read_histories(str(cents)))
    assert written[0].stakes == (D("1.00"), D("2.00"))  # the site's places are kept as read
    assert {h.stakes for h in whole} == {(D("1"), D("2"))}
    # The cents file's hand is one of the Multi file's: keep it apart by its id.
    t = tables([*whole, *(dataclasses.replace(h, hand_id="cents") for h in written)])
    assert set(t.hands["stakes"].astype(str)) == {"1/2 USD Limit"}
    by = player_stats(t, by="stakes", players="Hero")
    assert list(by["stakes"]) == ["1/2 USD Limit"]
    assert int(by["hands"].iloc[0]) == len(whole) + 1


@pytest.mark.parametrize(
    ("low", "high", "unit", "limit", "label"),
    [
        ("1.00", "2.00", "USD", "Limit", "1/2 USD Limit"),
        ("0.5", "1", "USD", "No Limit", "0.50/1.00 USD No Limit"),
        ("2.50", "5", "USD", "Limit", "2.50/5.00 USD Limit"),
        ("0.005", "0.010", "USD", "Limit", "0.005/0.01 USD Limit"),
        ("1E+3", "2000.000", "tournament chips", "Limit", "1000/2000 tournament chips Limit"),
        ("0.50", "1.00", "play money", "Limit", "0.50/1.00 play money Limit"),
    ],
)
def test_the_label_form(low: str, high: str, unit: str, limit: str, label: str) -> None:
    assert stakes_label(D(low), D(high), unit, limit) == label
    assert canonical_stakes(label) == label


def _written(value: Decimal, extra: int) -> Decimal:
    """``value`` written with ``extra`` more places (``1`` -> ``1.00``): the same amount."""
    exponent = min(0, int(value.as_tuple().exponent)) - extra
    return value.quantize(D(1).scaleb(exponent))


# Amounts in thousandths, as a site writes them (never a float).
amounts = st.integers(min_value=1, max_value=10**7).map(lambda n: D(n).scaleb(-3).normalize())


@given(amounts, amounts, st.integers(0, 4), st.integers(0, 4), st.sampled_from(UNITS))
def test_equal_stakes_give_equal_labels(
    low: Decimal, high: Decimal, x: int, y: int, unit: str
) -> None:
    a = stakes_label(low, high, unit, "Limit")
    b = stakes_label(_written(low, x), _written(high, y), unit, "Limit")
    assert a == b
    # The label gives back the amounts exactly, and an older label's form comes back to it.
    lo, hi = a.split(" ")[0].split("/")
    assert (D(lo), D(hi)) == (low, high)
    assert canonical_stakes(f"{_written(low, x)}/{_written(high, y)} {unit} Limit") == a
    # And the amounts alone find it, in any places.
    assert match_stakes([f"{_written(low, y)}/{_written(high, x)}"], [a]) == ([a], [])


@given(st.lists(st.tuples(amounts, amounts, st.sampled_from(LIMITS)), min_size=2, max_size=12))
def test_labels_sort_by_big_blind(stakes: list[tuple[Decimal, Decimal, str]]) -> None:
    labels = [stakes_label(low, high, "USD", limit) for low, high, limit in stakes]
    # The big blind: the small bet (low) in fixed limit, the big blind (high) otherwise.
    blind = {
        stakes_label(lo, hi, "USD", lim): lo if lim == "Limit" else hi for lo, hi, lim in stakes
    }
    ordered = sorted(labels, key=stakes_key)
    assert [blind[x] for x in ordered] == sorted(blind[x] for x in labels)


def test_tournaments_and_other_labels_sort_after_the_cash_stakes() -> None:
    labels = ["tournament 7 (10+1 USD)", "10/20 USD Limit", "0.50/1.00 USD No Limit"]
    assert sorted(labels, key=stakes_key) == [
        "0.50/1.00 USD No Limit",
        "10/20 USD Limit",
        "tournament 7 (10+1 USD)",
    ]


KNOWN = ["0.10/0.20 USD Limit", "0.10/0.20 USD No Limit", "1/2 USD Limit", "1/2 EUR Limit"]


@pytest.mark.parametrize(
    ("value", "hits"),
    [
        ("0.10/0.20", ["0.10/0.20 USD Limit", "0.10/0.20 USD No Limit"]),
        (".1/.2", ["0.10/0.20 USD Limit", "0.10/0.20 USD No Limit"]),
        ("0.1/0.2", ["0.10/0.20 USD Limit", "0.10/0.20 USD No Limit"]),
        ("0.10/0.20 usd limit", ["0.10/0.20 USD Limit"]),
        (" 0.1 / 0.2  USD   No Limit ", ["0.10/0.20 USD No Limit"]),
        ("1.00/2.00 USD Limit", ["1/2 USD Limit"]),
        ("1/2", ["1/2 USD Limit", "1/2 EUR Limit"]),
        ("0.10/0.20 EUR Limit", []),
        ("0.2/0.4", []),
        ("USD Limit", []),
    ],
)
def test_a_stakes_value_matches_a_label_or_its_amounts(value: str, hits: list[str]) -> None:
    assert match_stakes([value], KNOWN) == (hits, [] if hits else [value])


def test_an_unknown_stakes_value_is_an_error_listing_the_known_labels() -> None:
    with pytest.raises(UnknownStakesError) as got:
        resolve_stakes(["0.10/0.20", "3/6", "nonsense"], KNOWN)
    message = str(got.value)
    assert "'3/6'" in message and "'nonsense'" in message and "'0.10/0.20'" not in message
    # Every known label, in order of big blind.
    listed = message.split("stakes are ")[1].split(" (")[0].split("; ")
    assert listed == sorted(KNOWN, key=stakes_key) and set(listed) == set(KNOWN)
    assert isinstance(got.value, ValueError)
    assert resolve_stakes([".1/.2"], KNOWN) == KNOWN[:2]


def test_a_dataset_stakes_column_of_an_earlier_version_is_rewritten() -> None:
    old = pa.chunked_array(
        [pa.array(["1/2 USD Limit", "1.00/2.00 USD Limit", None, "tournament 5"])]
    ).dictionary_encode()
    assert stakes_column(old).to_pylist() == [
        "1/2 USD Limit",
        "1/2 USD Limit",
        None,
        "tournament 5",
    ]
    current = pa.chunked_array([pa.array(["1/2 USD Limit", None])]).dictionary_encode()
    assert stakes_column(current) is current  # nothing to rewrite: the column as it is
