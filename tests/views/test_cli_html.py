"""``histparse show ... --html FILE`` and ``histparse audit ... --html FILE``."""

from __future__ import annotations

from pathlib import Path

import pytest

from histparse.cli import main

from .conftest import FLAGGED, PLAIN, STARS


def test_show_html_writes_one_page_and_prints_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "hand.html"
    assert main(["show", "#35839001292", str(STARS), "--html", str(out)]) == 0
    assert capsys.readouterr().out == ""
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and 'data-hand="35839001292"' in page
    assert 'class="hp-tblroot"' in page and "<title>PokerStars hand #35839001292</title>" in page


def test_show_html_of_a_missing_hand_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "hand.html"
    assert main(["show", "1", str(PLAIN), "--html", str(out)]) == 1
    assert not out.exists()


def test_an_unwritable_page_is_exit_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "no" / "such" / "dir.html"
    assert main(["show", "35839001292", str(PLAIN), "--html", str(out)]) == 2
    assert main(["audit", str(PLAIN), "--html", str(out), "-q"]) == 2
    assert "cannot write" in capsys.readouterr().err


def test_audit_html_exit_status_follows_the_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clean, flagged = tmp_path / "clean.html", tmp_path / "flagged.html"
    assert main(["audit", str(PLAIN), "--html", str(clean), "-q"]) == 0
    assert main(["audit", str(FLAGGED), "--html", str(flagged), "-q"]) == 1
    assert capsys.readouterr().out == ""
    assert "no findings" in clean.read_text(encoding="utf-8")
    page = flagged.read_text(encoding="utf-8")
    assert "CARD-DUPLICATE" in page and '<details id="hand-1">' in page


def test_audit_html_min_severity_leaves_out_the_lower_findings(tmp_path: Path) -> None:
    out = tmp_path / "a.html"
    cancelled = STARS / "3-Draw-Limit-USD-1-2-200809.Hand.cancelled.txt"
    assert main(["audit", str(cancelled), "--html", str(out), "--min-severity", "warning"]) == 0
    page = out.read_text(encoding="utf-8")
    assert "HAND-CANCELLED" not in page and "1 info" in page
