"""``histparse parse PATH...``: what it prints and its exit status (0 / 1 / 2)."""

from __future__ import annotations

from pathlib import Path

import pytest

import histparse.cli as cli

DATA = Path(__file__).resolve().parents[1] / "data" / "pokerstars"


@pytest.fixture(autouse=True)
def parse_command(monkeypatch: pytest.MonkeyPatch) -> None:
    # The lead registers the command in COMMAND_MODULES; make sure it is there for the test.
    if "parse_cmd" not in cli.COMMAND_MODULES:
        monkeypatch.setattr(cli, "COMMAND_MODULES", (*cli.COMMAND_MODULES, "parse_cmd"))


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = cli.main(["parse", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_clean_folder_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, str(DATA))
    assert status == 0
    assert "42 parsed, 0 rejected, 344 unsupported" in out
    assert "read 386 hand(s) from 22 file(s)" in out
    assert "PokerStars  Triple Draw 2-7 Lowball Limit" in out
    assert "8-Game (Triple Draw 2-7 Lowball Limit)" in out and "Badugi Limit" in out
    assert "rejected:" not in out


def test_rejected_hands_are_listed_and_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = (DATA / "3-Draw-Limit-USD-1-2-200809.Hand.cancelled.txt").read_text("utf-8")
    path = tmp_path / "mixed.txt"
    text = good + "\n\nnot a hand\n\n" + good.replace("Hand cancelled", "Hand ???")
    path.write_text(text)
    lines = text.split("\n")
    junk, bad = lines.index("not a hand") + 1, lines.index("Hand ???") + 1
    status, out, _ = run(capsys, str(path))
    assert status == 1
    assert "read 3 hand(s) from 1 file(s): 1 parsed, 2 rejected, 0 unsupported" in out
    rejected = out.split("rejected:\n", 1)[1].splitlines()
    assert len(rejected) == 2
    assert rejected[0].startswith(f"  {path}:{junk}:1: text outside a hand")
    assert rejected[1].startswith(f"  {path}:{bad}:1: unrecognised line") and "'Hand ???'" in out


def test_quiet_prints_counts_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "junk.txt"
    path.write_text("junk\n")
    status, out, _ = run(capsys, "-q", str(path))
    assert status == 1 and "1 rejected" in out and "junk" not in out.split("\n", 1)[1]


def test_missing_path_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, str(DATA), str(tmp_path / "nope.txt"))
    assert status == 2 and out == ""
    assert "nope.txt" in err


def test_unreadable_file_exits_6(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import histparse.parsing.reader as reader
    import histparse.textio as textio

    path = tmp_path / "locked.txt"
    path.write_text("x")

    def refuse(p: object) -> object:
        raise PermissionError(13, "Permission denied", str(p))

    monkeypatch.setattr(reader, "decoded_lines", refuse)
    monkeypatch.setattr(textio, "decoded_lines", refuse)
    # One job: this process reads the file (worker processes would not see the stand-in).
    status, _, err = run(capsys, "--jobs", "1", str(path))
    assert status == 6 and "locked.txt" in err and "Permission denied" in err


def test_many_rejected_chunks_are_all_listed_in_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The list waits in a spooled file while the counts are made: force it onto disk.
    import histparse.cli.spool as spool

    monkeypatch.setattr(spool, "SPOOL_BYTES", 100)
    junk = tmp_path / "notes.txt"
    junk.write_text("".join(f"note {i}\n\n" for i in range(3000)), encoding="utf-8")
    status, out, _ = run(capsys, str(junk), "--jobs", "1")
    assert status == 1 and "3000 rejected" in out
    listed = out.split("rejected:\n", 1)[1].splitlines()
    assert len(listed) == 3000
    assert listed[0].startswith(f"  {junk}:1:1: text outside a hand")
    assert listed[-1].startswith(f"  {junk}:5999:1:") and "'note 2999'" in listed[-1]
    status, quiet, _ = run(capsys, str(junk), "-q")
    assert status == 1 and "rejected:" not in quiet


def test_a_closed_pipe_ends_the_command_quietly(tmp_path: Path) -> None:
    import subprocess
    import sys

    junk = tmp_path / "notes.txt"
    junk.write_text("".join(f"note {i}\n\n" for i in range(5000)), encoding="utf-8")
    cmd = [sys.executable, "-m", "histparse", "parse", str(junk), "--jobs", "1"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline().startswith(b"read 5000 hand(s)")
    proc.stdout.close()  # like `| head -1`: the rest of the output has nowhere to go
    err = proc.stderr.read()
    assert proc.wait() == 1
    assert b"Traceback" not in err and b"BrokenPipe" not in err


def test_a_file_changed_while_read_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import histparse.cli.parse_cmd as parse_cmd
    from histparse.parallel.ranges import FileChanged

    def rewritten(args: object) -> int:
        raise FileChanged("h.txt:40: expected 12 line(s) from here, found 9")

    monkeypatch.setattr(parse_cmd, "run", rewritten)
    assert cli.main(["parse", str(DATA)]) == 6
    assert capsys.readouterr().err == (
        "histparse parse: h.txt:40: expected 12 line(s) from here, found 9\n"
    )
