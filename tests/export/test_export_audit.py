"""Export with the real auditor (``histparse.auditor``): its findings land in DIR/findings."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from test_export import DATA, assert_tables_equal, real_hands

from histparse.export import export_histories, load, load_findings
from histparse.export.findings import _auditor, auditor_available
from histparse.frames import tables

pytestmark = pytest.mark.skipif(not auditor_available(), reason="histparse.auditor not installed")


def test_audit_findings_are_exported_with_their_counts(tmp_path: Path) -> None:
    audit = _auditor()
    assert audit is not None
    hands = real_hands()
    expected = list(audit(hands))
    result = export_histories([DATA], tmp_path / "ds")
    assert result.audited and result.findings == len(expected)
    # One batch, audited in input order: exactly the auditor's findings, and the hands table
    # that tables() makes with them.
    assert_tables_equal(load(tmp_path / "ds"), tables(hands, findings=expected))
    f = load_findings(tmp_path / "ds")
    got = sorted(zip(f["hand_id"], f["code"].astype(str), f["line"], strict=True))
    want = sorted((x.hand_id, x.code, x.line) for x in expected)  # type: ignore[attr-defined]
    assert got == want
    assert set(f["severity"].astype(str)) <= {"info", "warning", "error"}


def test_the_corrupt_real_hand_is_flagged(tmp_path: Path) -> None:
    corrupt = next(DATA.glob("*duplicate.holecards.txt"))
    export_histories([corrupt], tmp_path / "ds")
    f = load_findings(tmp_path / "ds")
    assert (f["severity"].astype(str) == "error").any()
    hands = load(tmp_path / "ds").hands
    assert int(hands["findings"].iloc[0]) == len(f)


def test_no_audit_records_no_audit_findings(tmp_path: Path) -> None:
    result = export_histories([DATA], tmp_path / "ds", audit=False)
    assert not result.audited and result.findings == 0
    assert (load(tmp_path / "ds").hands["findings"] == 0).all()
    assert isinstance(load_findings(tmp_path / "ds"), pd.DataFrame)
