"""Export and load cannot be turned against the disk (issue 22): two exports racing into a new
directory, commit records and symbolic links that lead out of the dataset, a full disk.
docs/export.md and README ("Exit status and bad input") say what happens now."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from histparse.cli import main
from histparse.export import DatasetError, export_results, load
from histparse.export import findings as findings_module
from histparse.export import store as store_module
from histparse.export.store import DatasetDir
from histparse.parsing import parse_results

BASE = Path(__file__).resolve().parent / "data" / "hardening" / "three_hands.txt"
HANDS = parse_results(BASE.read_text(encoding="utf-8"), str(BASE))

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="flock and symlinks")


@pytest.fixture(autouse=True)
def _no_auditor(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(findings_module, "_auditor", lambda: None)


def _export_cli(out: Path) -> int:
    return main(["export", str(BASE), "--out", str(out), "--jobs", "1", "--no-audit", "-q"])


def _only_line(err: str) -> str:
    lines = err.strip("\n").split("\n")
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


# -- two exports racing into a new directory ----------------------------------------------------


def test_the_loser_of_a_race_into_a_new_directory_says_another_export_is_writing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "new" / "ds"  # not there yet: the winner makes it under its lock
    with DatasetDir.writing(out):
        assert _export_cli(out) == 2
    line = _only_line(capsys.readouterr().err)
    assert line == f"histparse export: {out}: another export is writing this dataset"
    # Once the winner is done the same export goes through.
    assert _export_cli(out) == 0
    assert len(load(out).hands) == len(HANDS)


def test_two_processes_racing_into_a_new_directory(tmp_path: Path) -> None:
    out = tmp_path / "ds"
    holder = textwrap.dedent(
        f"""
        import sys
        from histparse.export.store import DatasetDir
        with DatasetDir.writing({str(out)!r}):
            print("locked", flush=True)
            sys.stdin.read()
        """
    )
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    with subprocess.Popen(
        [sys.executable, "-c", holder],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    ) as winner:
        assert winner.stdout is not None and winner.stdin is not None
        assert winner.stdout.readline() == "locked\n"
        with pytest.raises(DatasetError, match="another export is writing this dataset"):
            export_results(HANDS, out)
        winner.stdin.close()
        assert winner.wait(timeout=60) == 0
    assert export_results(HANDS, out).new == len(HANDS)


def test_a_racing_exports_marker_in_the_making_is_not_a_foreign_directory(tmp_path: Path) -> None:
    out = tmp_path / "ds"
    out.mkdir()
    (out / ".histparse.lock").touch()
    (out / "._histparse.json.tmp").write_text("{")  # the winner's marker, not yet renamed
    with DatasetDir.writing(out) as store:
        assert store.commits == 0


def test_a_foreign_directory_gets_no_lock_file(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(DatasetError, match="not a histparse dataset"), DatasetDir.writing(tmp_path):
        pass
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


# -- commit records and symbolic links out of the dataset -------------------------------------


def _record(out: Path) -> Path:
    (record,) = (out / "_commits").glob("*.json")
    return record


@pytest.mark.parametrize(
    "rel",
    ["hands/../../victim.parquet", "/etc/passwd", "hands/site=x/../../../victim", "hands//x"],
)
def test_a_commit_record_naming_a_path_outside_is_refused_by_load_and_export(
    tmp_path: Path, rel: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ds"
    export_results(HANDS, out)
    (tmp_path / "victim.parquet").write_bytes(b"PAR1 not yours")
    record = _record(out)
    data = json.loads(record.read_text())
    data["files"].append(rel)
    record.write_text(json.dumps(data))
    with pytest.raises(DatasetError, match="names a path outside the dataset"):
        load(out)
    with pytest.raises(DatasetError, match="names a path outside the dataset"):
        export_results(HANDS, out)
    assert _export_cli(out) == 2
    assert "names a path outside the dataset" in _only_line(capsys.readouterr().err)
    assert (tmp_path / "victim.parquet").read_bytes() == b"PAR1 not yours"


def test_a_committed_file_that_is_a_symlink_out_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "ds"
    export_results(HANDS, out)
    part = next((out / "hands").rglob("part-*.parquet"))
    outside = tmp_path / "elsewhere.parquet"
    part.rename(outside)
    part.symlink_to(outside)
    with pytest.raises(DatasetError, match="symbolic link out of the dataset"):
        load(out)


def test_recovery_never_follows_a_symlink_out_nor_deletes_outside(tmp_path: Path) -> None:
    out = tmp_path / "ds"
    export_results(HANDS[:1], out)
    # Files that look like an interrupted export's leftovers, but outside the dataset.
    victims = tmp_path / "victims"
    victims.mkdir()
    bait = [victims / "part-29990101T000000000000Z-deadbeef.parquet", victims / ".x.parquet.tmp"]
    for path in bait:
        path.write_bytes(b"keep me")
    (out / "hands" / "site=Linked").symlink_to(victims, target_is_directory=True)
    (out / "players" / "part-29990101T000000000000Z-cafe.parquet").symlink_to(bait[0])
    result = export_results(HANDS, out)
    assert result.recovered_files == 0
    assert all(p.read_bytes() == b"keep me" for p in bait)
    assert len(load(out).hands) == len(HANDS)


@pytest.mark.parametrize("folder", ["hands", "_commits"])
def test_a_dataset_folder_that_is_a_symlink_is_refused_and_left_alone(
    tmp_path: Path, folder: str
) -> None:
    out = tmp_path / "ds"
    export_results(HANDS[:1], out)
    victims = tmp_path / "victims"
    (out / folder).rename(victims)
    (out / folder).symlink_to(victims, target_is_directory=True)
    leftover = victims / ".part-29990101T000000000000Z-deadbeef.parquet.tmp"
    leftover.write_bytes(b"keep me")
    with pytest.raises(DatasetError, match="is a symbolic link"):
        export_results(HANDS, out)
    assert leftover.read_bytes() == b"keep me"


# -- a full disk and other OS errors ---------------------------------------------------------


def test_a_full_disk_names_the_file_and_leaves_the_dataset_consistent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ds"
    export_results(HANDS[:1], out)
    before = load(out)
    files_before = sorted(p.relative_to(out) for p in out.rglob("*"))
    # The one place a data file's bytes are written (the workers encode, the writer writes).
    real = store_module._write_part
    calls = {"n": 0}

    def full(f: Any, table: Any, compression: str) -> None:
        calls["n"] += 1
        if calls["n"] == 2:  # the batch's second table: the first is already on disk
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(f, table, compression)

    monkeypatch.setattr(store_module, "_write_part", full)
    assert _export_cli(out) == 6
    line = _only_line(capsys.readouterr().err)
    assert line.startswith(f"histparse export: {out}{os.sep}")
    assert line.endswith(".parquet: No space left on device")
    # Nothing of the failed batch is left, and the dataset reads as before.
    assert sorted(p.relative_to(out) for p in out.rglob("*")) == files_before
    assert len(load(out).hands) == len(before.hands)
    monkeypatch.setattr(store_module, "_write_part", real)
    assert _export_cli(out) == 0
    assert len(load(out).hands) == len(HANDS)


def test_a_commit_record_that_cannot_be_written_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ds"
    export_results(HANDS[:1], out)
    real_replace = os.replace

    def replace(src: Any, dst: Any) -> None:
        if str(dst).endswith(".json"):
            raise OSError(errno.EDQUOT, os.strerror(errno.EDQUOT))
        real_replace(src, dst)

    monkeypatch.setattr(store_module.os, "replace", replace)
    assert _export_cli(out) == 6
    line = _only_line(capsys.readouterr().err)
    assert f"{out / '_commits'}{os.sep}" in line and line.endswith(os.strerror(errno.EDQUOT))
    monkeypatch.setattr(store_module.os, "replace", real_replace)
    assert len(load(out).hands) == 1
    assert not list(out.rglob("*.tmp"))
