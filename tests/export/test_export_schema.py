"""The Arrow schemas, their version, the docs, and reading a dataset with other tools."""

from __future__ import annotations

import dataclasses
from datetime import datetime, timedelta, timezone
from decimal import Decimal
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.dataset as pads
import pyarrow.parquet as pq
import pytest
from test_export import DATA, real_hands

from histparse.export import (
    DATASETS,
    FILE_SCHEMAS,
    PARTITION_SCHEMA,
    PARTITIONING,
    SCHEMA_VERSION,
    SCHEMAS,
    TABLES,
    DatasetError,
    export_histories,
    export_results,
    load,
    read_arrow,
)
from histparse.export import findings as findings_module
from histparse.export import schema as schema_module
from histparse.export.writer import month_of
from histparse.frames import SCHEMAS as TABLE_SCHEMAS
from histparse.frames import Kind

DOC = Path(__file__).resolve().parents[2] / "docs" / "parquet.md"


@pytest.fixture(autouse=True)
def _no_auditor(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(findings_module, "_auditor", lambda: None)


@pytest.fixture(scope="module")
def dataset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("schema") / "ds"
    bad = tmp_path_factory.mktemp("bad") / "bad.txt"
    bad.write_text("not a hand\n", encoding="utf-8")
    export_histories([DATA, bad], out, batch_size=15)
    return out


# ---------------------------------------------------------------------------------- schema


def test_every_table_column_kind_has_an_arrow_type() -> None:
    for kind in Kind:
        assert isinstance(schema_module.arrow_type(kind), pa.DataType)


def test_the_stored_layout_matches_its_version() -> None:
    """A change in what the files hold must come with a new SCHEMA_VERSION (and then a new
    SCHEMA_FINGERPRINT): older datasets are refused rather than misread."""
    assert schema_module.fingerprint() == schema_module.SCHEMA_FINGERPRINT, (
        "the Parquet layout changed: bump SCHEMA_VERSION and update SCHEMA_FINGERPRINT"
    )


def test_schemas_follow_the_table_columns() -> None:
    assert DATASETS == ("hands", "players", "actions", "draws", "findings")
    for name in TABLES:
        cols = TABLE_SCHEMAS[name]
        assert SCHEMAS[name].names == [c.name for c in cols] + ["month"]
        assert FILE_SCHEMAS[name].names == [c.name for c in cols if c.name != "site"]
        for c in cols:
            f = SCHEMAS[name].field(c.name)
            if c.kind is Kind.MONEY:
                assert f.type == pa.decimal128(18, 2)
            if c.kind is Kind.TIMESTAMP:
                assert f.type == pa.timestamp("us", tz="UTC")
            if c.name != "site":
                assert f.nullable == c.nullable
    assert FILE_SCHEMAS["findings"].names == [
        "site",
        "hand_id",
        "code",
        "severity",
        "message",
        "file",
        "line",
    ]
    assert PARTITION_SCHEMA.names == ["site", "month"]
    assert PARTITIONING.schema.equals(PARTITION_SCHEMA)


def test_every_file_carries_its_schema_and_version(dataset: Path) -> None:
    files = sorted(dataset.rglob("part-*.parquet"))
    assert {p.relative_to(dataset).parts[0] for p in files} == set(DATASETS)
    for path in files:
        name = path.relative_to(dataset).parts[0]
        schema = pq.read_schema(path)
        assert schema.equals(FILE_SCHEMAS[name], check_metadata=True), path
        assert schema_module.schema_version_of(schema) == SCHEMA_VERSION


def test_read_arrow_has_the_full_schema(dataset: Path) -> None:
    for name in DATASETS:
        table = read_arrow(dataset, name)
        assert table.schema.equals(SCHEMAS[name]), name
        assert table.num_rows > 0


def test_docs_describe_every_column_and_the_version() -> None:
    text = DOC.read_text(encoding="utf-8")
    for name in DATASETS:
        assert schema_module.markdown(name) in text, f"docs/parquet.md: {name} is out of date"
    assert f"schema version is **{SCHEMA_VERSION}**" in text


# --------------------------------------------------------------------------------- readers


def test_pandas_reads_each_dataset(dataset: Path) -> None:
    tables = load(dataset)
    for name in TABLES:
        df = pd.read_parquet(dataset / name)
        assert len(df) == len(getattr(tables, name))
        assert set(df.columns) == set(SCHEMAS[name].names)
    hands = pd.read_parquet(dataset / "hands")
    assert set(hands["site"].astype(str)) == {"PokerStars"}
    assert all(isinstance(v, Decimal) for v in hands["total_pot"].dropna())
    assert str(hands["started_at"].dt.tz) == "UTC"
    findings = pd.read_parquet(dataset / "findings")
    assert "PARSE-REJECTED" in set(findings["code"].astype(str))


def test_pyarrow_dataset_reads_with_the_documented_partitioning(dataset: Path) -> None:
    expected = load(dataset).hands
    for partitioning in ("hive", PARTITIONING):
        ds = pads.dataset(dataset / "hands", format="parquet", partitioning=partitioning)
        table = ds.to_table(filter=pads.field("month") == "2009-11")
        want = expected[expected["started_at"].dt.strftime("%Y-%m") == "2009-11"]
        assert table.num_rows == len(want) > 0
        assert table.schema.field("total_pot").type == pa.decimal128(18, 2)
        assert table.schema.field("started_at").type == pa.timestamp("us", tz="UTC")
    ds = pads.dataset(dataset / "players", schema=SCHEMAS["players"], partitioning=PARTITIONING)
    assert ds.to_table().schema.names == SCHEMAS["players"].names


def test_money_is_exact_in_every_reader(tmp_path: Path) -> None:
    hand = real_hands()[0]
    out = tmp_path / "ds"
    export_results([hand], out)
    total = load(out).hands["total_pot"].iloc[0]
    assert isinstance(total, Decimal)
    assert pd.read_parquet(out / "hands")["total_pot"].iloc[0] == total


def test_duckdb_reads_each_dataset(dataset: Path) -> None:
    duckdb = pytest.importorskip("duckdb")
    tables = load(dataset)
    con = duckdb.connect()
    for name in TABLES:
        glob = (dataset / name / "**" / "*.parquet").as_posix()
        n = con.execute(f"SELECT count(*) FROM read_parquet('{glob}', hive_partitioning = true)")
        assert n.fetchall() == [(len(getattr(tables, name)),)]
    glob = (dataset / "players" / "**" / "*.parquet").as_posix()
    row = con.execute(
        f"SELECT site, sum(net), typeof(sum(net)) FROM read_parquet('{glob}', "
        "hive_partitioning = true) GROUP BY site"
    ).fetchall()
    net = tables.players["net"].sum()
    assert row == [("PokerStars", net, "DECIMAL(38,2)")]
    glob = (dataset / "hands" / "**" / "*.parquet").as_posix()
    kind = con.execute(
        f"SELECT DISTINCT typeof(started_at) FROM read_parquet('{glob}', hive_partitioning = true)"
    ).fetchall()
    assert kind == [("TIMESTAMP WITH TIME ZONE",)]


def test_site_names_are_encoded_in_paths(tmp_path: Path) -> None:
    hand = dataclasses.replace(real_hands()[0], site="Poker Stars/Ω")
    out = tmp_path / "ds"
    export_results([hand], out)
    (site_dir,) = (out / "hands").iterdir()
    assert site_dir.name == "site=Poker%20Stars%2F%CE%A9"
    assert list(pd.read_parquet(out / "hands")["site"].astype(str)) == ["Poker Stars/Ω"]
    assert list(load(out).hands["site"].astype(str)) == ["Poker Stars/Ω"]


def test_a_table_that_does_not_fit_its_schema_is_refused() -> None:
    from histparse.export.writer import _arrow
    from histparse.frames import tables

    hands = tables(real_hands()[:2]).hands
    hands["hand_id"] = hands["hand_id"].astype(object).where([True, False], None)
    with pytest.raises(DatasetError, match="hands table does not fit"):
        _arrow("hands", hands)


def test_the_partition_month_is_the_utc_month() -> None:
    hand = real_hands()[0]
    late = datetime(2011, 6, 30, 23, 30, tzinfo=timezone(timedelta(hours=-4)))  # ET, summer
    assert month_of(dataclasses.replace(hand, started_at=late)) == "2011-07"
    naive = datetime(2011, 6, 30, 23, 30)
    assert month_of(dataclasses.replace(hand, started_at=naive)) == "2011-06"
