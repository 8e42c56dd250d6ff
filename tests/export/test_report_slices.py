"""``stats`` from a dataset sums a players file a slice at a time (``export.report._slices``)."""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from histparse.export import report
from histparse.export.schema import FILE_SCHEMAS


def test_slices_are_the_whole_file_typed_with_a_missing_column_null(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    schema = FILE_SCHEMAS["players"]
    columns = ["hand_id", "player", "vpip", "vpip_opp"]
    n = 10
    # As an older version wrote it: no ``vpip_opp``, ``vpip`` stored wider than the schema's.
    old = pa.table(
        {"hand_id": [str(i // 2) for i in range(n)], "player": ["a", "b"] * 5, "vpip": range(n)},
        schema=pa.schema(
            [schema.field("hand_id"), schema.field("player"), pa.field("vpip", pa.int64())]
        ),
    )
    path = tmp_path / "players.parquet"
    pq.write_table(old, path, row_group_size=3)
    monkeypatch.setattr(report, "_PLAYERS_SLICE", 4)
    slices = list(report._slices(str(path), columns))
    # Row groups of 3 gathered to at least 4 rows a slice (the last one holds the rest).
    sizes = [s.num_rows for s in slices]
    assert sum(sizes) == n and len(sizes) > 1 and min(sizes[:-1]) >= 4
    whole = pa.concat_tables(slices)
    assert whole.schema == pa.schema([schema.field(c).with_nullable(True) for c in columns])
    assert whole["vpip"].to_pylist() == [i != 0 for i in range(n)]
    assert whole["vpip_opp"].null_count == n
