"""The players table's second-policy columns (issue 35, item 3) and a version 4 dataset, which
has none of them, loaded with them null."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from histparse.allin import SECOND_POLICY, SECOND_POLICY_NAME, allin_ev
from histparse.export import export_files, load
from histparse.export.schema import SCHEMA_VERSION, VERSION_KEY
from histparse.frames import tables
from histparse.parsing import read_histories
from histparse.replayer import replay

TD_2009 = (
    Path(__file__).resolve().parents[1]
    / "data"
    / "real_histories"
    / "pokerstars"
    / "3-Draw-Limit-USD-0.10-0.20-200911.txt"
)
NEW = ["allin_equity_alt", "allin_policy_alt", "allin_equity_diff"]


def test_each_all_in_row_gives_the_second_policy_and_the_difference() -> None:
    players = tables(read_histories(TD_2009, on_error="skip")).players
    allin = players[players["allin_method"].notna()]
    assert len(allin) == 7
    assert (allin["allin_policy_alt"].astype(str) == SECOND_POLICY_NAME).all()
    assert allin["allin_equity_alt"].notna().all()
    diff = allin["allin_equity_alt"] - allin["allin_equity"]
    assert (allin["allin_equity_diff"] - diff).abs().max() < 1e-12
    # Null where the other all-in columns are: no all-in showdown.
    rest = players[players["allin_method"].isna()]
    assert all(rest[c].isna().all() for c in NEW)
    # cypis28 draws against a pat 7-6: a looser pat (J/T/9) stands pat on hands that still
    # lose, so its equity falls; on the last betting round the result depends on no policy.
    (h,) = [h for h in read_histories(TD_2009, on_error="skip") if h.hand_id == "35839118248"]
    ev = allin_ev(replay(h), alt_policy=SECOND_POLICY)
    assert ev is not None and not isinstance(ev, str)
    cyp = allin[(allin["hand_id"] == "35839118248") & (allin["player"] == "cypis28")].iloc[0]
    assert cyp["allin_equity_alt"] == pytest.approx(ev.player("cypis28").equity_alt)  # type: ignore[union-attr]
    assert cyp["allin_equity_diff"] < 0
    last = allin[allin["allin_method"] == "result"]
    assert len(last) and (last["allin_equity_diff"] == 0).all()


def _as_version_4(root: Path) -> None:
    """Rewrite an exported dataset as version 4 wrote it: no second-policy columns, version 4
    in the marker, the commit records and every file's metadata."""
    for path in root.rglob("*.parquet"):
        table = pq.read_table(path)
        if path.relative_to(root).parts[0] == "players":
            table = table.drop_columns(NEW)
        meta = dict(table.schema.metadata or {})
        meta[VERSION_KEY] = b"4"
        pq.write_table(table.replace_schema_metadata(meta), path)
    for path in [root / "_histparse.json", *(root / "_commits").glob("*.json")]:
        data = json.loads(path.read_text(encoding="utf-8"))
        data["schema_version"] = 4
        path.write_text(json.dumps(data), encoding="utf-8")


def test_a_version_4_dataset_loads_with_the_new_columns_null(tmp_path: Path) -> None:
    assert SCHEMA_VERSION == 5
    out = tmp_path / "data"
    export_files([str(TD_2009)], out, audit=False)
    fresh = load(out).players
    assert fresh["allin_equity_alt"].notna().sum() == 7
    _as_version_4(out)
    old = load(out).players
    assert all(old[c].isna().all() for c in NEW)
    assert old["allin_equity"].equals(fresh["allin_equity"])
    assert list(old.columns) == list(fresh.columns)
