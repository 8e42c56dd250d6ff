"""Input that used to stop, hang or slow a run (issue 22): absurd amounts, an exception inside
one hand, paths that are not regular files, deep or unreadable directories, a long run of
blank bytes before a header. docs/scale.md and README ("Exit status") say what happens now."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import histparse.auditor.run as audit_run
from histparse.auditor import audit_results
from histparse.cli import main
from histparse.parallel import audit_paths
from histparse.parallel.pieces import iter_pieces, plan_pieces
from histparse.parsing import ParseError, UnreadablePath, expand_paths, parse_results

BASE = Path(__file__).resolve().parent / "data" / "hardening" / "three_hands.txt"
HANDS = BASE.read_text(encoding="utf-8").strip("\n").split("\n\n\n")
SECOND_ID = re.search(r"#(\d+)", HANDS[1])[1]  # type: ignore[index]


def _write(path: Path, hands: list[str]) -> Path:
    path.write_text("\n\n\n".join(hands) + "\n", encoding="utf-8")
    return path


def _huge(hand: str) -> str:
    return re.sub(
        r"(: (?:bets|calls) \$)([0-9.]+)", lambda m: m[1] + "1" + "0" * 4400, hand, count=1
    )


def test_an_amount_of_thousands_of_digits_is_rejected_at_parse_time() -> None:
    results = parse_results(HANDS[0] + "\n\n\n" + _huge(HANDS[1]) + "\n")
    error = results[1]
    assert isinstance(error, ParseError)
    assert "a number of 4,401 digits" in str(error)
    assert error.hand_id == SECOND_ID
    assert len(str(error)) < 400


def test_audit_and_show_go_on_after_an_absurd_amount(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path / "huge.txt", [HANDS[0], _huge(HANDS[1]), HANDS[2]])
    assert main(["audit", "-q", str(path)]) == 5
    out = capsys.readouterr().out
    assert "2 parsed, 1 rejected" in out and "4,401 digits" in out
    assert main(["show", SECOND_ID, str(path)]) == 1
    assert "4,401 digits" in capsys.readouterr().err
    first = re.search(r"#(\d+)", HANDS[0])[1]  # type: ignore[index]
    assert main(["show", first, str(path)]) == 0


def test_an_exception_inside_one_hand_is_that_hands_finding(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = audit_run.replay

    def failing(hand, **kw):  # type: ignore[no-untyped-def]
        if hand.hand_id == SECOND_ID:
            raise ValueError("Exceeds the limit (4300 digits)\nfor integer string conversion")
        return real(hand, **kw)

    monkeypatch.setattr(audit_run, "replay", failing)
    path = _write(tmp_path / "h.txt", HANDS)
    for findings in (
        list(audit_results(parse_results(path.read_text()))),
        list(audit_paths([path], jobs=1)),
    ):
        failed = [f for f in findings if f.code == "AUDIT-FAILED"]
        assert len(failed) == 1
        assert failed[0].hand_id == SECOND_ID and failed[0].line > 1
        assert "ValueError: Exceeds the limit (4300 digits) for integer" in failed[0].message
        assert "\n" not in failed[0].message


def test_a_parser_crash_on_one_hand_is_a_rejection(monkeypatch: pytest.MonkeyPatch) -> None:
    from histparse import sites

    site = sites.site_for(HANDS[0].splitlines()[0])
    assert site is not None
    real = type(site).parse

    def failing(self, chunk):  # type: ignore[no-untyped-def]
        if SECOND_ID in chunk.contents[0]:
            raise IndexError("list index out of range")
        return real(self, chunk)

    monkeypatch.setattr(type(site), "parse", failing)
    results = parse_results("\n\n\n".join(HANDS) + "\n")
    assert [type(r).__name__ for r in results] == ["Hand", "ParseError", "Hand"]
    assert "parser failed on this hand: IndexError: list index out of range" in str(results[1])


def test_a_table_crash_on_one_hand_leaves_it_out(monkeypatch: pytest.MonkeyPatch) -> None:
    import histparse.frames.build as build
    from histparse.frames import tables
    from histparse.parsing import parse_text

    real = build._add_hand

    def failing(record, n, acc, *rest):  # type: ignore[no-untyped-def]
        if record.hand.hand_id == SECOND_ID:
            raise KeyError("boom")
        return real(record, n, acc, *rest)

    monkeypatch.setattr(build, "_add_hand", failing)
    refused: list[str] = []
    t = tables(parse_text("\n\n\n".join(HANDS)), on_error=lambda h, e: refused.append(str(e)))
    assert len(t.hands) == 2
    assert len(refused) == 1 and "KeyError" in refused[0]


def test_show_of_a_hand_that_cannot_be_rendered_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import histparse.cli.show_cmd as show_cmd

    def failing(hand):  # type: ignore[no-untyped-def]
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(show_cmd, "render_hand", failing)
    path = _write(tmp_path / "h.txt", HANDS)
    assert main(["show", SECOND_ID, str(path)]) == 4
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "RecursionError" in err


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "histparse", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_named_not_read_identically_for_every_jobs(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    good = _write(tmp_path / "good.txt", HANDS)
    outs = []
    for jobs in ("1", "2"):
        done = _cli("parse", "--jobs", jobs, str(fifo), str(good))
        assert done.returncode == 3
        assert done.stderr.strip() == (
            f"histparse parse: skipped {fifo}: not a regular file (a FIFO); only regular "
            "files are read"
        )
        outs.append(done.stdout)
    assert outs[0] == outs[1] and "3 parsed" in outs[0]
    # Found in a directory too.
    listed: list[UnreadablePath] = []
    assert expand_paths([tmp_path], listed) == [str(good)]
    assert [e.filename for e in listed] == [str(fifo)]


@pytest.mark.parametrize("path", ["/dev/zero", "/proc/self/status"])
def test_devices_and_proc_files_are_named_not_read(path: str) -> None:
    if not os.path.exists(path):
        pytest.skip(f"no {path} here")
    for jobs in ("1", "2"):
        done = _cli("parse", "--jobs", jobs, path)
        assert done.returncode == 3
        assert done.stderr.startswith(f"histparse parse: skipped {path}: not a regular file")
        assert done.stderr.count("\n") == 1
    with pytest.raises(UnreadablePath, match="not a regular file"):
        expand_paths([path])


def test_a_directory_nested_1000_deep_is_walked(tmp_path: Path) -> None:
    deep = tmp_path
    for _ in range(1000):
        deep = deep / "d"
        deep.mkdir()  # one at a time: os.makedirs itself recurses
    _write(deep / "h.txt", HANDS)
    try:
        assert expand_paths([tmp_path]) == [str(deep / "h.txt")]
    finally:
        # Removed bottom up here: shutil.rmtree (pytest's clean-up) recurses too.
        (deep / "h.txt").unlink()
        while deep != tmp_path:
            deep.rmdir()
            deep = deep.parent


def test_an_unreadable_directory_is_named_and_the_rest_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "locked").mkdir()
    _write(tmp_path / "locked" / "h.txt", HANDS)
    _write(tmp_path / "h.txt", HANDS)
    real = os.scandir
    locked = str(tmp_path / "locked")

    def scandir(path):  # type: ignore[no-untyped-def]
        if os.fspath(path) == locked:
            raise PermissionError(13, "Permission denied", locked)
        return real(path)

    # Root reads everything: a refused directory is simulated.
    monkeypatch.setattr(os, "scandir", scandir)
    for command in ("parse", "audit", "stats"):
        assert main([command, "--jobs", "1", str(tmp_path)]) == 3
        err = capsys.readouterr().err
        assert f"skipped {locked}: cannot read the directory: Permission denied" in err
        assert "Traceback" not in err


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads every file")
def test_an_unreadable_file_is_named_and_the_rest_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    locked = _write(tmp_path / "locked.txt", HANDS)
    locked.chmod(0)
    _write(tmp_path / "h.txt", HANDS)
    for command in ("parse", "audit", "stats", "export"):
        extra = ["--out", str(tmp_path / "ds")] if command == "export" else []
        assert main([command, str(tmp_path), *extra]) == 3
        assert f"skipped {locked}: cannot read" in capsys.readouterr().err


def test_a_long_run_of_blank_lines_plans_the_same_pieces(tmp_path: Path) -> None:
    # Linear now (bench/bench_blank_run.py measures it); the pieces are still those of a full read.
    text = "\n\n\n".join(HANDS)
    path = tmp_path / "blank.txt"
    path.write_text(text + "\n" * 300_000 + text.replace("Hand #6", "Hand #8") + "\n")
    planned = [(p.first_line, p.hands) for p in plan_pieces([str(path)], 2, block_size=4096)]
    read = [(p.first_line, p.hands) for p in iter_pieces([str(path)], 2)]
    assert planned == read


def test_a_seat_0_the_reader_allows_is_a_finding_not_a_crash() -> None:
    """Found by the fuzz (tests/test_fuzz.py): a Full Tilt ``Seat 0:`` line raised the
    engine's ConfigError out of ``replay`` and so out of ``show``."""
    from histparse.events import Hand
    from histparse.replayer import replay
    from histparse.show import render_hand

    real = Path(__file__).resolve().parent / "data" / "real_histories" / "fulltilt"
    text = (real / "3-Draw-Limit-USD-5-10-201211.txt").read_text(encoding="ascii")
    first = text.replace("\r\n", "\n").split("\n\n\n")[0]
    (hand,) = parse_results(first.replace("\nSeat 1: ", "\nSeat 0: ", 1) + "\n")
    assert isinstance(hand, Hand)
    codes = replay(hand).codes
    assert "REPLAY-UNSUPPORTED" in codes
    assert render_hand(hand)
