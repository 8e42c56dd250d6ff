"""The export's Arrow tables (made without pandas) equal the pandas tables converted."""

from __future__ import annotations

from pathlib import Path

from histparse.events import Hand
from histparse.export.arrow_tables import arrow_tables
from histparse.export.schema import TABLES
from histparse.export.writer import _arrow
from histparse.frames import tables
from histparse.frames.build import table_data
from histparse.parsing import read_results
from histparse.stats.errors import TableError

DATA = Path(__file__).resolve().parents[1] / "data"


def test_arrow_tables_equal_the_pandas_tables_converted() -> None:
    files = sorted((DATA / "pokerstars").glob("*.txt")) + sorted(
        (DATA / "real_histories").rglob("*.txt")
    )
    hands = [r for f in files for r in read_results(f) if isinstance(r, Hand)]
    refused: list[TableError] = []
    refused_too: list[TableError] = []
    old = tables(hands, on_error=lambda h, e: refused.append(e))
    new = arrow_tables(list(table_data(hands, on_error=lambda h, e: refused_too.append(e))))
    assert len(hands) > 100 and [str(e) for e in refused] == [str(e) for e in refused_too]
    for name in TABLES:
        expected = _arrow(name, getattr(old, name))
        assert new[name].num_rows == expected.num_rows > 0
        assert new[name].equals(expected, check_metadata=True), name
