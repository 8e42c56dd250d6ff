"""``histparse audit PATH... [--json] [--min-severity LEVEL]``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from histparse.cli import main

TESTS = Path(__file__).resolve().parents[1]
REAL = TESTS / "data" / "pokerstars"
CLEAN = REAL / "Triple Draw 2-7 Lowball-FL-USD-0.10-0.20-201106.sample.txt"
CORRUPT = REAL / "Triple Draw 2-7 Lowball-FL-USD-1.00-2.00-201206.duplicate.holecards.txt"
CANCELLED = REAL / "3-Draw-Limit-USD-1-2-200809.Hand.cancelled.txt"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["audit", *args])
    out = capsys.readouterr()
    return status, out.out, out.err


def test_clean_file_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, str(CLEAN))
    assert status == 0
    assert out.startswith("audited 1 hand from 1 file: 1 parsed, 0 rejected, 0 unsupported")
    assert "findings: 0 errors, 0 warnings, 0 info" in out


def test_errors_exit_5_and_are_grouped_by_code(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, str(CORRUPT), str(CANCELLED))
    assert status == 5
    assert "worst hands:\n  #81631597149  8 errors" in out
    assert "CARD-HERO-DRAW (error, R-DRAW-2): 5 findings in 1 hand" in out
    assert "CARD-DUPLICATE (error, R-RANK-1): 3 findings in 1 hand" in out
    # Worst codes first: errors before the cancelled hand's info.
    assert out.index("CARD-HERO-DRAW (") < out.index("HAND-CANCELLED (")
    assert f"{CORRUPT}:21: Hero discards 2 card(s)" in out


def test_min_severity_filters_but_keeps_the_exit_status(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, str(CANCELLED), "--min-severity", "warning")
    assert status == 0
    assert "HAND-CANCELLED" not in out and "1 info (showing warning and above)" in out
    status, out, _ = run(capsys, str(CORRUPT), "--min-severity", "error", "--json")
    assert status == 5
    assert len(json.loads(out)["findings"]) == 8


def test_json_document(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, str(REAL), "--json")
    assert status == 5
    doc = json.loads(out)
    assert (doc["hands_read"], doc["hands_parsed"], doc["hands_rejected"]) == (386, 42, 0)
    assert doc["hands_unsupported"] == 344
    keys = {"site", "hand_id", "code", "severity", "message", "file", "line"}
    assert all(keys <= set(f) for f in doc["findings"])
    assert {f["code"] for f in doc["findings"]} == {
        "CARD-HERO-DRAW",
        "CARD-DUPLICATE",
        "HAND-CANCELLED",
    }


def test_rejected_hands_are_findings(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text(CLEAN.read_text(encoding="utf-8-sig").replace("Player4: folds", "Player4: ?"))
    status, out, _ = run(capsys, str(bad), "--json")
    doc = json.loads(out)
    assert status == 5
    assert doc["hands_rejected"] == 1
    (f,) = doc["findings"]
    assert (f["code"], f["severity"], f["file"], f["line"]) == (
        "PARSE-REJECTED",
        "error",
        str(bad),
        13,
    )


def test_cannot_run_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, str(REAL / "no-such-file.txt"))
    assert status == 2 and "no such file" in err
    with pytest.raises(SystemExit) as exc:
        main(["audit", str(CLEAN), "--min-severity", "fatal"])
    assert exc.value.code == 2
    assert "unknown severity 'fatal'" in capsys.readouterr().err
