"""Output that can be abused (issue 22): CSV cells that spreadsheets run, names that drive the
terminal, the same hand exported twice across months. README "Exit status and bad input"."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pandas as pd
import pytest

from histparse.cli import main
from histparse.cli.safe_text import safe_csv
from histparse.textio import visible

BASE = Path(__file__).resolve().parent / "data" / "hardening" / "three_hands.txt"
TEXT = BASE.read_text(encoding="utf-8")
PLAYER = re.search(r"Seat 1: (\S+) \(", TEXT)[1]  # type: ignore[index]
NASTY = ["=HYPERLINK(1)", "+1", "-2", "@SUM(A1)", "a\rb", "x\ny", 'q"uote', "plain"]


def test_stats_csv_cells_are_quoted_and_neutralised() -> None:
    frame = pd.DataFrame({"player": NASTY, "hands": range(len(NASTY))})
    out = io.StringIO()
    safe_csv(frame, out)
    back = pd.read_csv(io.StringIO(out.getvalue()))
    assert list(back["hands"]) == list(range(len(NASTY)))
    players = list(back["player"])
    assert players[:4] == ["'=HYPERLINK(1)", "'+1", "'-2", "'@SUM(A1)"]
    assert players[4:] == ["a\rb", "x\ny", 'q"uote', "plain"]
    duckdb = pytest.importorskip("duckdb")
    rows = duckdb.read_csv(io.StringIO(out.getvalue())).fetchall()
    assert [r[0] for r in rows] == players


def test_the_stats_command_writes_a_safe_csv(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "h.txt").write_text(TEXT.replace(PLAYER, "=cmd|x"), encoding="utf-8")
    assert main(["stats", "--jobs", "1", "--csv", str(tmp_path)]) == 0
    back = pd.read_csv(io.StringIO(capsys.readouterr().out))
    assert "'=cmd|x" in set(back["player"])


def test_names_with_controls_escapes_and_bidi_are_made_visible(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    nasty = "ev\x1b[31mil\u202egnp"
    assert visible(nasty) == "ev\\x1b[31mil\\u202egnp"
    assert visible("José Ñ 李") == "José Ñ 李"
    (tmp_path / "h.txt").write_text(TEXT.replace(PLAYER, nasty), encoding="utf-8")
    hand_id = re.search(r"#(\d+)", TEXT)[1]  # type: ignore[index]
    for argv in (["show", hand_id, str(tmp_path)], ["stats", "--jobs", "1", str(tmp_path)]):
        main(argv)
        out = capsys.readouterr().out
        assert "\x1b" not in out and "\u202e" not in out
        assert "ev\\x1b[31mil\\u202egnp" in out


def test_export_writes_a_hand_once_across_months(tmp_path: Path) -> None:
    from histparse.export import load

    first = TEXT.split("\n\n\n")[0]
    moved = first.replace("2013/06/05 16:00:00 ET", "2013/07/05 16:00:00 ET")
    (tmp_path / "a.txt").write_text(first + "\n", encoding="utf-8")
    (tmp_path / "b.txt").write_text(moved + "\n", encoding="utf-8")
    out = tmp_path / "ds"
    assert main(["export", "-q", "--jobs", "1", str(tmp_path / "a.txt"), "--out", str(out)]) == 0
    assert main(["export", "-q", "--jobs", "1", str(tmp_path / "b.txt"), "--out", str(out)]) == 0
    both = tmp_path / "both"
    assert main(["export", "-q", "--jobs", "1", str(tmp_path), "--out", str(both)]) == 0
    for ds in (out, both):
        hands = load(ds).hands
        assert len(hands) == 1, ds
