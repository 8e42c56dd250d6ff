"""Interrupted exports, leftovers, the writer lock and directories that are not datasets."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow.dataset as pads
import pytest
from test_export import assert_tables_equal, real_hands

from histparse.export import DatasetError, export_results, load
from histparse.export import findings as findings_module
from histparse.export import store as store_module
from histparse.export.store import MARKER, DatasetDir
from histparse.frames import tables


@pytest.fixture(autouse=True)
def _no_auditor(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(findings_module, "_auditor", lambda: None)


def _part_files(out: Path) -> set[str]:
    return {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()} - {
        MARKER,
        ".histparse.lock",
    }


def _committed(out: Path) -> set[str]:
    store = DatasetDir.open(out)
    rels = {rel for files in store.files.values() for rel in files}
    records = {f"_commits/{p.name}" for p in (out / "_commits").glob("*.json")}
    return rels | records


def _fail_on_call(n: int, real: Callable[..., Any], exc: BaseException) -> Callable[..., Any]:
    calls = {"n": 0}

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == n:
            raise exc
        return real(*args, **kwargs)

    return wrapper


def _assert_whole_batches(out: Path, hands: list[Any], batch: int) -> int:
    """The dataset holds the first k whole batches and nothing else; returns k."""
    assert _part_files(out) == _committed(out), "a file of the interrupted batch was left"
    n = len(load(out).hands)
    assert n % batch == 0
    written = hands[:n]
    assert_tables_equal(load(out), tables(written))
    assert len(pd.read_parquet(out / "hands")) == n
    assert len(pd.read_parquet(out / "players")) == len(tables(written).players)
    return n // batch


@pytest.mark.parametrize(("batch", "file"), [(1, 1), (1, 3), (2, 1)])
def test_interrupted_while_writing_leaves_the_previous_batches(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    fail_in_batch: Callable[[pytest.MonkeyPatch, int, int], None],
    batch: int,
    file: int,
) -> None:
    hands = real_hands()
    out = tmp_path / "ds"
    export_results(hands[:10], out, batch_size=10)
    with monkeypatch.context() as patch:
        fail_in_batch(patch, batch, file)
        with pytest.raises(KeyboardInterrupt):
            export_results(hands, out, batch_size=10)
    kept = _assert_whole_batches(out, hands, 10)
    assert kept == batch  # the first export's batch, then this one's before the failing one
    result = export_results(hands, out, batch_size=10)
    assert (result.new, result.already_present) == (len(hands) - 10 * kept, 10 * kept)
    assert_tables_equal(load(out), tables(hands))


def test_interrupted_while_renaming_leaves_the_previous_batches(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hands = real_hands()
    out = tmp_path / "ds"
    export_results(hands[:10], out, batch_size=10)
    failing = _fail_on_call(3, store_module.os.replace, OSError(28, "No space left on device"))
    monkeypatch.setattr(store_module.os, "replace", failing)
    with pytest.raises(OSError):
        export_results(hands, out, batch_size=10)
    assert _assert_whole_batches(out, hands, 10) == 1


def test_leftovers_of_a_killed_export_are_ignored_then_removed(tmp_path: Path) -> None:
    hands = real_hands()
    out = tmp_path / "ds"
    export_results(hands[:10], out)
    committed = next((out / "hands").rglob("part-*.parquet"))
    # What a process killed between renaming its files and writing its commit record leaves,
    # and what one killed while writing leaves.
    orphan = committed.with_name("part-29990101T000000000000Z-deadbeef.parquet")
    shutil.copy(committed, orphan)
    partial = committed.with_name(".part-29990101T000000000000Z-deadbeef.parquet.tmp")
    partial.write_bytes(b"PAR1 half a file")
    assert_tables_equal(load(out), tables(hands[:10]))
    # Plain readers skip the partial file (hidden, not *.parquet).
    assert len(pads.dataset(out / "hands", partitioning="hive").to_table()) > 0
    result = export_results(hands, out)
    assert result.recovered_files == 2
    assert not orphan.exists() and not partial.exists()
    assert len(pd.read_parquet(out / "hands")) == len(hands)
    assert_tables_equal(load(out), tables(hands))


def test_a_second_export_into_a_busy_dataset_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "ds"
    store = DatasetDir.create(out)
    with store.locked(), pytest.raises(DatasetError, match="another export"):
        export_results(real_hands()[:2], out)
    assert export_results(real_hands()[:2], out).new == 2


def test_a_directory_that_is_not_a_dataset_is_refused(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(DatasetError, match="not a histparse dataset"):
        export_results(real_hands()[:1], tmp_path)
    with pytest.raises(DatasetError, match="not a histparse dataset"):
        load(tmp_path)
    with pytest.raises(DatasetError, match="no such dataset"):
        load(tmp_path / "missing")
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_another_schema_version_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "ds"
    export_results(real_hands()[:1], out)
    marker = json.loads((out / MARKER).read_text())
    marker["schema_version"] = 999
    (out / MARKER).write_text(json.dumps(marker))
    with pytest.raises(DatasetError, match="schema version 999"):
        load(out)
    with pytest.raises(DatasetError, match="schema version 999"):
        export_results(real_hands()[:1], out)


def test_a_missing_committed_file_is_reported(tmp_path: Path) -> None:
    out = tmp_path / "ds"
    export_results(real_hands()[:3], out)
    victim = next((out / "draws").rglob("part-*.parquet"))
    victim.unlink()
    with pytest.raises(DatasetError, match="is missing"):
        load(out)


def test_bad_batch_size(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="batch_size"):
        export_results([], tmp_path / "ds", batch_size=0)
