"""``export.sums.GroupSums`` against plain Python sums, and the players columns that
``frames.schema.SAME_AS`` says are always equal."""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal
from pathlib import Path

import pyarrow as pa
from hypothesis import given, settings
from hypothesis import strategies as st

from histparse.export.sums import GroupSums
from histparse.frames import tables
from histparse.frames.schema import SAME_AS
from histparse.parsing import read_histories
from histparse.simulation import SimConfig, simulate

MONEY = pa.decimal128(18, 2)
_ROW = st.tuples(
    st.sampled_from(["ann", "bob", "Ćiro", None]),
    st.sampled_from(["USD", "EUR", None]),
    st.sampled_from([Decimal("0.10"), Decimal("2.00"), None]),
    st.integers(0, 32767),
    st.booleans(),
    st.one_of(st.none(), st.decimals(-(10**15), 10**15, places=2, allow_nan=False)),
)


def _batch(rows: list[tuple[object, ...]]) -> pa.Table:
    player, unit, bb, count, flag, net = zip(*rows, strict=True)
    return pa.table(
        {
            "player": pa.array(player, pa.string()).dictionary_encode(),
            "unit": pa.array(unit, pa.string()),
            "big_blind": pa.array(bb, MONEY),
            "count": pa.array(count, pa.int16()),
            "flag": pa.array(flag, pa.bool_()),
            "net": pa.array(net, MONEY),
        }
    )


@settings(max_examples=40, deadline=None)
@given(st.lists(st.lists(_ROW, min_size=1, max_size=40), min_size=1, max_size=4))
def test_sums_equal_python_sums_over_batches(batches: list[list[tuple[object, ...]]]) -> None:
    sums = GroupSums(["unit", "big_blind"], ["count", "flag"], ["net"])
    expected: dict[tuple[object, ...], list[object]] = defaultdict(lambda: [0, 0, Decimal(0)])
    for rows in batches:
        sums.add(_batch(rows))
        for player, unit, bb, count, flag, net in rows:
            e = expected[(player, unit, bb)]
            e[0] += count  # type: ignore[operator]
            e[1] += int(flag)  # type: ignore[call-overload]
            e[2] += net or Decimal(0)  # type: ignore[operator]
    t = sums.totals()
    got = {
        (p, u, b): [int(c), int(f), n]
        for p, u, b, c, f, n in zip(
            t["player"], t["unit"], t["big_blind"], t["count"], t["flag"], t["net"], strict=True
        )
    }
    assert got == {k: list(v) for k, v in expected.items()}
    assert all(str(n).count(".") == 1 and len(str(n).split(".")[1]) == 2 for n in t["net"])


def test_money_past_int64_is_summed_exactly() -> None:
    big = Decimal("9999999999999999.99")  # the largest decimal128(18, 2) amount
    rows = [("ann", "USD", Decimal("1.00"), 1, True, big)] * 5000
    sums = GroupSums(["unit", "big_blind"], ["count"], ["net"])
    sums.add(_batch(rows))
    assert sums.totals()["net"] == [big * 5000]


def test_same_as_columns_are_equal_on_real_and_generated_tables() -> None:
    data = Path(__file__).resolve().parents[1] / "data" / "pokerstars"
    hands = [h for p in sorted(data.glob("3-Draw*.txt")) for h in read_histories(p)]
    hands += list(simulate(300, 5, SimConfig(players=6, max_seats=6)))
    players = tables(hands, allin_ev=False).players
    assert len(players) > 1000
    for column, same in SAME_AS.items():
        assert players[column].astype("int64").tolist() == players[same].astype("int64").tolist(), (
            column,
            same,
        )
    assert int(players["d2_drew0_opp"].sum()) > 0
