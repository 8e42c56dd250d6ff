"""``histparse watch``: a file that grows in steps (a hand cut in the middle included), and a
watch killed with -9 and restarted, end with the dataset a one-shot export of the final file
makes; ``compact`` keeps every table with fewer files; the writer's lock file is removed."""

from __future__ import annotations

import contextlib
import io
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq
import pytest
from test_export import assert_tables_equal

import histparse
from histparse.cli import main
from histparse.export import export_histories, load, load_findings
from histparse.export.compact import compact
from histparse.export.errors import DatasetError
from histparse.export.store import LOCK, DatasetDir
from histparse.export.watch import STATE, load_marks, watch

HANDS = 80


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    path = tmp_path_factory.mktemp("gen") / "full.txt"
    histparse.write_file(path, histparse.simulate(HANDS, seed=11))
    return path.read_bytes()


def _cuts(data: bytes) -> list[int]:
    """Byte offsets to grow the file to: after some whole hands, in the middle of a hand (in
    the middle of a line), and the end."""
    header = b"PokerStars Hand #"
    starts = [i for i in range(len(data)) if data.startswith(header, i)]
    mid = starts[31] + 57  # inside the 32nd hand's header line
    return [starts[5], starts[20] + 400, mid, starts[50], len(data)]


def _findings(out: Path) -> pd.DataFrame:
    df = load_findings(out)
    keys = ["file", "line", "code", "hand_id", "message"]
    return df.sort_values(keys, ignore_index=True)


def _same_as_one_shot(watched: Path, folder: Path, tmp: Path) -> None:
    one_shot = tmp / "one-shot"
    export_histories([folder], one_shot)
    assert_tables_equal(load(watched), load(one_shot))
    pd.testing.assert_frame_equal(_findings(watched), _findings(one_shot))


def test_a_growing_file_ends_as_a_one_shot_export(history: bytes, tmp_path: Path) -> None:
    folder, out = tmp_path / "client", tmp_path / "ds"
    folder.mkdir()
    target = folder / "table.txt"
    done = 0
    counts = []
    for cut in _cuts(history):
        with open(target, "ab") as f:
            f.write(history[done:cut])
        done = cut
        # A long settle: only hands followed by the next header are finished.
        watch([folder], out, once=True, settle=3600)
        counts.append(len(load(out, only=("hands",)).hands) if (out / STATE).exists() else 0)
    assert counts[:4] == [4, 20, 30, 49]  # the cut hand waits for the rest of it
    assert counts[4] == 79  # the last hand waits for the file to be quiet
    # Quiet now: the last hand is finished, and a half-written end never is.
    with open(target, "ab") as f:
        f.write(history[: history.index(b"\n", 200) + 1])  # a hand cut after a few lines
    watch([folder], out, once=True, settle=0)
    assert len(load(out, only=("hands",)).hands) == HANDS
    with open(target, "r+b") as f:
        f.truncate(len(history))
    mark = load_marks(out)[str(target)]
    assert mark.offset == len(history)
    _same_as_one_shot(out, folder, tmp_path)
    assert not (out / LOCK).exists()


def _watch_process(folder: Path, out: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(Path(histparse.__file__).parents[1])}
    cmd = [sys.executable, "-m", "histparse", "watch", str(folder), "--into", str(out)]
    cmd += ["--interval", "0.05", "--settle", "3600", "--no-audit", "-q"]
    return subprocess.Popen(cmd, env=env)


def _wait_for(test: object, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not test():  # type: ignore[operator]
        assert time.monotonic() < deadline, "watch did not catch up"
        time.sleep(0.05)


def test_kill_9_and_restart_lose_and_double_nothing(history: bytes, tmp_path: Path) -> None:
    folder, out = tmp_path / "client", tmp_path / "ds"
    folder.mkdir()
    target = folder / "table.txt"
    cuts = _cuts(history)
    target.write_bytes(history[: cuts[0]])
    proc = _watch_process(folder, out)
    try:
        _wait_for(lambda: (out / STATE).exists())
        with open(target, "ab") as f:
            f.write(history[cuts[0] : cuts[2]])  # up to the middle of a hand
        time.sleep(0.2)  # killed while it reads, commits, or waits: any moment must do
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    assert (out / LOCK).exists()  # a dead writer's lock file stays behind...
    with open(target, "ab") as f:
        f.write(history[cuts[2] :])
    messages: list[str] = []
    watch([folder], out, once=True, settle=0, audit=False, on_start=messages.append)
    # ... and is found stale (its lock free) and cleared.
    assert messages and "stale lock" in messages[0]
    assert not (out / LOCK).exists()
    one_shot = tmp_path / "one-shot"
    export_histories([folder], one_shot, audit=False)
    assert_tables_equal(load(out), load(one_shot))
    pd.testing.assert_frame_equal(_findings(out), _findings(one_shot))


@pytest.mark.parametrize("max_rows", [10_000, 400])
def test_compact_keeps_every_table_with_fewer_files(
    history: bytes, tmp_path: Path, max_rows: int
) -> None:
    folder, out = tmp_path / "client", tmp_path / "ds"
    folder.mkdir()
    target = folder / "table.txt"
    done = 0
    for cut in _cuts(history):
        with open(target, "ab") as f:
            f.write(history[done:cut])
        done = cut
        watch([folder], out, once=True, settle=0)
    before = load(out)
    findings = _findings(out)
    stats = _stats(out)
    files = sum(len(v) for v in DatasetDir.open(out).files.values())
    result = compact(out, max_rows=max_rows)
    store = DatasetDir.open(out)
    after = sum(len(v) for v in store.files.values())
    assert after < files and result.files_after == after and store.commits == 1
    assert_tables_equal(load(out), before)
    pd.testing.assert_frame_equal(_findings(out), findings)
    # Each file of a table holds the hands of its namesake in ``hands`` (a small max_rows
    # makes several files a partition): what stats's file-by-file sums and the check read.
    for name in ("players", "actions", "draws"):
        for rel in store.files[name]:
            ids = set(pq.read_table(out / rel, columns=["hand_id"])["hand_id"].to_pylist())
            twin = out / ("hands/" + rel.split("/", 1)[1])
            assert ids <= set(pq.read_table(twin, columns=["hand_id"])["hand_id"].to_pylist())
    folders = [rel.rsplit("/", 1)[0] for rel in store.files["actions"]]
    assert (max(map(folders.count, folders)) > 1) == (max_rows < 1000)
    assert _stats(out) == stats
    # Nothing left behind: every data file is committed, the old records are gone.
    parts = {p.relative_to(out).as_posix() for p in out.rglob("part-*.parquet")}
    assert parts == {rel for v in store.files.values() for rel in v}
    assert len(list((out / "_commits").glob("*.json"))) == 1
    assert not (out / LOCK).exists()
    # Compact again: nothing to merge, even where a partition holds several files.
    record = sorted((out / "_commits").glob("*.json"))
    assert compact(out, max_rows=max_rows).rows == 0
    assert DatasetDir.open(out).files == store.files
    assert sorted((out / "_commits").glob("*.json")) == record  # no commit made
    # A watch goes on adding after a compaction, skipping what is there.
    assert watch([folder], out, once=True, settle=0).new == 0


def _stats(out: Path) -> str:
    """``stats --by position``'s report from the dataset, as a user reads it."""
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(io.StringIO()):
        assert main(["stats", str(out), "--by", "position", "--csv"]) == 0
    return buf.getvalue()


def test_an_interrupted_compaction_is_invisible_and_cleaned(
    history: bytes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder, out = tmp_path / "client", tmp_path / "ds"
    folder.mkdir()
    for i, cut in enumerate(_cuts(history)[:2]):
        (folder / f"t{i}.txt").write_bytes(history[:cut])
        watch([folder], out, once=True, settle=0, audit=False)
    before = load(out)

    def boom(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(DatasetDir, "commit_written", boom)
    with pytest.raises(OSError):
        compact(out)
    monkeypatch.undo()
    assert_tables_equal(load(out), before)
    parts = {p.relative_to(out).as_posix() for p in out.rglob("part-*.parquet")}
    assert parts == {rel for v in DatasetDir.open(out).files.values() for rel in v}
    assert compact(out).rows > 0
    assert_tables_equal(load(out), before)


def test_a_growing_utf16_file(history: bytes, tmp_path: Path) -> None:
    """The same for a UTF-16 file (Full Tilt's clients write one), grown at odd byte counts
    too: half a UTF-16 unit is never read."""
    folder, out = tmp_path / "client", tmp_path / "ds"
    folder.mkdir()
    text = history.decode("utf-8-sig").encode("utf-16")  # with its BOM
    target = folder / "table.txt"
    starts = [
        i for i in range(0, len(text), 2) if text.startswith("\nPokerStars".encode("utf-16-le"), i)
    ]
    done = 0
    for cut in (starts[9] + 7, starts[40] + 1, len(text)):
        with open(target, "ab") as f:
            f.write(text[done:cut])
        done = cut
        watch([folder], out, once=True, settle=3600, audit=False)
    assert load_marks(out)[str(target)].utf16
    assert len(load(out, only=("hands",)).hands) == 79
    watch([folder], out, once=True, settle=0, audit=False)
    one_shot = tmp_path / "one-shot"
    export_histories([folder], one_shot, audit=False)
    assert_tables_equal(load(out), load(one_shot))


def test_the_commands_as_a_user_runs_them(
    history: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, out = tmp_path / "client", tmp_path / "ds"
    folder.mkdir()
    (folder / "table.txt").write_bytes(history)
    args = ["watch", str(folder), "--into", str(out), "--once", "--settle", "0", "--table"]
    assert main([*args, "--no-audit"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert re.fullmatch(
        r"\d\d:\d\d:\d\d \+80 hand\(s\) from 1 file\(s\); 80 new since start", lines[0]
    )
    # The table of the last hand, one line per opponent (the hero is not one), each count
    # the dataset's own.
    players = load(out, only=("players",)).players
    last = load(out, only=("hands",)).hands.sort_values("started_at").iloc[-1]
    seated = players[players["hand_id"] == last["hand_id"]]
    opponents = [str(p) for p in seated["player"] if p != last["hero"]]
    assert lines[1].startswith(f"  table {last['table_name']} (hand {last['hand_id']}):")
    assert len(lines) == 2 + len(opponents) + 1
    for name in opponents:
        line = next(x for x in lines[2:] if x.strip().startswith(name[:18]))
        mine = players[players["player"] == name]
        vpip = f"VPIP {round(100 * mine['vpip'].sum() / mine['vpip_opp'].sum())}%"
        assert f" {len(mine)} hands " in line and f"{vpip} {mine['vpip'].sum()}/" in line
    histparse.write_file(folder / "next.txt", histparse.simulate(20, seed=12))
    assert main(["watch", str(folder), "--into", str(out), "--once", "--settle", "0"]) == 0
    assert "20 new hand(s) in 1 batch(es)" in capsys.readouterr().out
    assert main(["compact", str(out)]) == 0
    assert "1 commit" in capsys.readouterr().out
    assert main(["compact", str(out)]) == 0
    assert "already compact" in capsys.readouterr().out
    assert main(["compact", str(tmp_path)]) == 2
    assert "not a histparse dataset" in capsys.readouterr().err


def test_a_file_rewritten_in_place_is_read_again(history: bytes, tmp_path: Path) -> None:
    folder, out = tmp_path / "client", tmp_path / "ds"
    folder.mkdir()
    target = folder / "table.txt"
    target.write_bytes(history)
    watch([folder], out, once=True, settle=0, audit=False)
    # Blank lines put before the hands: the saved offset now falls inside the last hand.
    target.write_bytes(b"\r\n" * 4 + history)
    watch([folder], out, once=True, settle=0, audit=False)  # notices, starts over
    result = watch([folder], out, once=True, settle=0, audit=False)
    assert (result.new, result.already_present) == (0, HANDS)
    assert load_marks(out)[str(target)].offset == len(history) + 8
    assert len(load(out, only=("hands",)).hands) == HANDS


def test_the_lock_file_names_its_writer_and_goes_with_it(tmp_path: Path) -> None:
    store = DatasetDir.create(tmp_path / "ds")
    with store.locked():
        assert (store.root / LOCK).read_text().strip() == str(os.getpid())
        with pytest.raises(DatasetError, match="another export"), DatasetDir(store.root).locked():
            pass
        assert (store.root / LOCK).exists()  # the refused writer left the holder's file alone
    assert not (store.root / LOCK).exists()
    (store.root / LOCK).write_text("999999\n")  # a killed writer's
    other = DatasetDir(store.root)
    with other.locked():
        assert other.stale_lock == "pid 999999"
    assert not (store.root / LOCK).exists()


def test_an_empty_folder_is_waited_on_a_missing_path_refused(
    history: bytes, tmp_path: Path
) -> None:
    folder, out = tmp_path / "client", tmp_path / "ds"
    folder.mkdir()
    assert watch([folder], out, once=True).new == 0  # no history written yet
    (folder / "t.txt").write_bytes(history)
    assert watch([folder], out, once=True, settle=0, audit=False).new == HANDS
    with pytest.raises(FileNotFoundError):
        watch([tmp_path / "nowhere"], out, once=True)
