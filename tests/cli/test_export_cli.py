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


def test_a_hand_the_tables_cannot_hold_is_refused_not_fatal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Found by fuzzing: a Rake with four decimals and a hand dated 2413 each used to stop
    # the export (and `stats`) with a traceback; now each is one TABLE-REJECTED finding.
    from test_tables import HEADS_UP

    hands = [
        HEADS_UP,
        HEADS_UP.replace("#1000000001", "#2").replace("| Rake $0.10", "| Rake $0.1010"),
        HEADS_UP.replace("#1000000001", "#3").replace("2012/06/07", "2413/06/07"),
        HEADS_UP.replace("#1000000001", "#4"),
    ]
    path = tmp_path / "h.txt"
    path.write_text("\n\n".join(hands), encoding="utf-8")
    out = tmp_path / "ds"
    for jobs in ("1", "2"):
        assert main(["export", str(path), "--out", str(out), "--jobs", jobs, "-q"]) == 1
        assert sorted(load(out).hands["hand_id"]) == ["1000000001", "4"]
    capsys.readouterr()
    f = load_findings(out)
    assert list(f["code"].astype(str)) == ["TABLE-REJECTED"] * 2
    lines = HEADS_UP.count("\n") + 2  # each hand, then the blank line of the join
    assert list(f["line"]) == [1 + lines, 1 + 2 * lines]
    assert "0.1010 does not fit" in f["message"].iloc[0]
    assert "2413-06-07 is outside" in f["message"].iloc[1]
    assert main(["stats", str(path)]) == 1  # reported, with the others' statistics
    err = capsys.readouterr().err
    assert "2 hand(s) left out" in err and f"{path}:{1 + lines}" in err
