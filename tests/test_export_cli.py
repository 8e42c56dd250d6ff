"""``histparse export PATH... --out DIR``."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_export import DATA, real_hands

from histparse.cli import main
from histparse.export import findings as findings_module
from histparse.export import load, load_findings


@pytest.fixture(autouse=True)
def _no_auditor(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(findings_module, "_auditor", lambda: None)


def test_export_then_export_again(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "ds"
    n = len(real_hands())
    assert main(["export", str(DATA), "--out", str(out)]) == 0
    first = capsys.readouterr().out
    assert f"{n} new hand(s), 0 already present" in first
    assert "0 rejected" in first
    assert "histparse.auditor is not installed" in first
    assert len(load(out).hands) == n
    assert main(["export", str(DATA), str(DATA), "--out", str(out)]) == 0
    second = capsys.readouterr().out
    assert f"0 new hand(s), {2 * n} already present" in second


def test_rejected_hands_give_status_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("garbage line\n", encoding="utf-8")
    out = tmp_path / "ds"
    assert main(["export", str(bad), "--out", str(out), "--no-audit"]) == 1
    text = capsys.readouterr().out
    assert "1 rejected" in text and "--no-audit" in text
    assert list(load_findings(out)["code"].astype(str)) == ["PARSE-REJECTED"]


def test_could_not_run_gives_status_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", str(tmp_path / "missing.txt"), "--out", str(tmp_path / "ds")]) == 2
    assert "missing.txt" in capsys.readouterr().err
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "x").write_text("x")
    assert main(["export", str(DATA), "--out", str(tmp_path / "other")]) == 2
    assert "not a histparse dataset" in capsys.readouterr().err


def test_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "ds"
    args = ["export", str(DATA), "-o", str(out), "--batch-size", "4", "--compression", "none"]
    assert main([*args, "-q"]) == 0
    assert capsys.readouterr().out == ""
    assert len(list((out / "_commits").glob("*.json"))) == -(-len(real_hands()) // 4)
    with pytest.raises(SystemExit):
        main(["export", str(DATA), "--out", str(out), "--batch-size", "0"])
    assert "at least 1" in capsys.readouterr().err
