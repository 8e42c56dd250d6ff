"""One front for every command: on a folder holding one file twice, and a third copy with one
hand changed, ``parse``, ``audit`` (text, ``--json``, ``--html``), ``stats``, ``fairness``,
``convert``, ``browse`` and ``review`` count the same hands, skip the same second readings and
report the same conflict."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from histparse.cli import main

TRIPLE = (
    Path(__file__).resolve().parents[1]
    / "data"
    / "pokerstars"
    / "3-Draw-Limit-USD-0.10-0.20-200911.txt"
)
HANDS = 17  # the file's hands, one table: every hand is chained to the one before
# The stack line changed in the third copy's first hand.
STACK = "Seat 3: Eisenherz73 ($7.54 in chips)"

COUNTS = (
    f"read {3 * HANDS} hand(s) from 3 file(s): {3 * HANDS} parsed, 0 rejected, 0 unsupported; "
    f"{2 * HANDS} duplicate(s) skipped (same site and hand id as a hand read before, 1 of them "
    "with different content)"
)
CONFLICT = re.compile(
    r"conflict: .*c\.txt:1: PokerStars hand \d+ differs from the hand with that id read "
    r"at .*a\.txt:1"
)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    text = TRIPLE.read_text(encoding="utf-8-sig")
    assert text.index(STACK) < text.index("PokerStars Game #", 1)
    d = tmp_path / "histories"
    d.mkdir()
    shutil.copy(TRIPLE, d / "a.txt")
    shutil.copy(TRIPLE, d / "b.txt")
    (d / "c.txt").write_text(text.replace(STACK, "Seat 3: Eisenherz73 ($7.55 in chips)", 1))
    return d


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    got = capsys.readouterr()
    return status, got.out, got.err


def _front_lines(err: str, command: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith(f"histparse {command}: ")]


def test_every_command_counts_the_same_hands(
    folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    alone = str(folder / "a.txt")
    d = str(folder)

    status, out, err = _run(capsys, "parse", "-j", "1", d)
    assert status == 0
    assert out.splitlines()[0] == COUNTS
    assert len([line for line in err.splitlines() if CONFLICT.search(line)]) == 1

    # audit --json, on one process and on two: the duplicates' findings are the first
    # reading's, so the folder has the findings of the file alone (none) and no top-up
    # comparing a hand with its own copy.
    for jobs in ("1", "2"):
        status, out, err = _run(capsys, "audit", "--json", "-j", jobs, d)
        doc = json.loads(out)
        assert (doc["hands_read"], doc["hands_parsed"], doc["hands_duplicate"]) == (
            3 * HANDS,
            3 * HANDS,
            2 * HANDS,
        )
        assert doc["findings"] == []
        assert len([line for line in err.splitlines() if CONFLICT.search(line)]) == 1

    status, out, _ = _run(capsys, "audit", "-j", "1", d)
    assert out.splitlines()[:2] == [
        f"audited {3 * HANDS} hands from 3 files: {3 * HANDS} parsed, 0 rejected, 0 unsupported",
        f"skipped {2 * HANDS} duplicate hands (same site and hand id as a hand read before)",
    ]

    page = tmp_path / "audit.html"
    status, _, err = _run(capsys, "audit", "--html", str(page), d)
    assert status == 0
    html = page.read_text(encoding="utf-8")
    assert "STACK-MISMATCH" not in html and "no findings" in html
    assert f"<th>duplicates skipped</th><td>{2 * HANDS}</td>" in html
    assert f"<th>parsed</th><td>{3 * HANDS}</td>" in html
    assert _front_lines(err, "audit")[0] == f"histparse audit: {COUNTS}"

    status, out, err = _run(capsys, "stats", "--json", "-j", "1", alone)
    one = json.loads(out)
    status, out, err = _run(capsys, "stats", "--json", "-j", "1", d)
    assert status == 0  # a duplicate is not a hand left out
    assert json.loads(out) == one
    assert sum(row["hands"] for row in one if row["player"] == "Hero") == HANDS
    assert _front_lines(err, "stats")[0] == f"histparse stats: {COUNTS}"
    assert "left out" not in err

    status, out, err = _run(capsys, "fairness", "--json", d)
    doc = json.loads(out)
    assert (doc["hands_read"], doc["duplicates"], doc["rejected"]) == (HANDS, 2 * HANDS, 0)
    assert _front_lines(err, "fairness")[0] == f"histparse fairness: {COUNTS}"

    one_file = tmp_path / "one.phhs"
    _run(capsys, "convert", "--to", "phh", "--allow-unknown", "-o", str(one_file), alone)
    phhs = tmp_path / "all.phhs"
    status, out, err = _run(capsys, "convert", "--to", "phh", "--allow-unknown", "-o", str(phhs), d)
    assert status == 0
    # Every hand read once: converted or skipped (with its reason), none written twice.
    m = re.match(r"converted (\d+) of (\d+) hand\(s\) to .*; (\d+) skipped", out)
    assert m is not None and int(m[2]) == HANDS and int(m[1]) + int(m[3]) == HANDS
    assert _front_lines(err, "convert")[0] == f"histparse convert: {COUNTS}"
    sections = re.findall(r"^\[(\d+)\]$", phhs.read_text(encoding="utf-8"), re.MULTILINE)
    assert len(sections) == int(m[1]) > 0
    assert phhs.read_text(encoding="utf-8") == one_file.read_text(encoding="utf-8")

    status, out, err = _run(capsys, "browse", "--json", d)
    assert status == 0
    assert len(json.loads(out)) == HANDS
    assert _front_lines(err, "browse")[0] == f"histparse browse: {COUNTS}"
    assert len([line for line in err.splitlines() if CONFLICT.search(line)]) == 1

    status, out, err = _run(capsys, "review", d, "--player", "Hero")
    assert status == 0
    assert f"in {HANDS} hands read" in out
    assert _front_lines(err, "review")[0] == f"histparse review: {COUNTS}"


def test_the_first_reading_wins(folder: Path) -> None:
    """With the changed copy read first, its stack is the one the tables keep."""
    from decimal import Decimal

    from histparse.parallel.tables import tables_of_paths

    # c.txt (changed) now comes before y.txt and z.txt.
    (folder / "a.txt").rename(folder / "y.txt")
    (folder / "b.txt").rename(folder / "z.txt")
    for jobs in (1, 2):
        run = tables_of_paths([folder], jobs=jobs, hands_per_piece=5, allin_ev=False)
        assert run.tables is not None and run.counts is not None
        players = run.tables.players
        first = players[players["hand_id"].astype(str) == "35839001292"]
        stack = first[first["player"].astype(str) == "Eisenherz73"]["starting_stack"]
        assert [Decimal(str(v)) for v in stack] == [Decimal("7.55")]
        assert len(run.tables.hands) == HANDS
        # Both unchanged copies differ from the changed one kept.
        assert (run.counts.duplicates, run.counts.conflicts) == (2 * HANDS, 2)
        assert [(c.file[-5:], c.earlier[-7:]) for c in run.conflicts] == [
            ("y.txt", "c.txt:1"),
            ("z.txt", "c.txt:1"),
        ]
