"""Hardening, round two (issue 38): each reproducer of the issue gives one clear line naming the
file, a documented exit status (README, "Exit status and bad input"; ``histparse.cli.status``),
and leaves the other files' results intact."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from histparse.cli import main, status
from histparse.export import DatasetError, export_results, load
from histparse.export import findings as findings_module
from histparse.parsing import parse_results, read_results
from histparse.textio import path_label, shown

ROOT = Path(__file__).resolve().parents[1]
BASE = ROOT / "tests" / "data" / "hardening" / "three_hands.txt"
STARS = ROOT / "sample_histories" / "3-Draw-Limit-USD-0.10-0.20-200911.txt"
README = (ROOT / "README.md").read_text(encoding="utf-8")
NOT_UTF8 = os.fsdecode(b"hh\xe9.txt")  # a legal name on Linux; Python holds it as a surrogate

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX names and signals")


@pytest.fixture(autouse=True)
def _no_auditor(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(findings_module, "_auditor", lambda: None)


def _only_line(err: str) -> str:
    lines = err.strip("\n").split("\n")
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


# -- the statuses: distinct, documented in one table ---------------------------------------------


def test_every_status_is_distinct_and_in_the_readme_table() -> None:
    values = {name: getattr(status, name) for name in status.__all__}
    assert len(set(values.values())) == len(values)
    table = README[README.index("## Exit status and bad input") :]
    rows = dict(re.findall(r"^\| (\d+) \| `(EXIT_[A-Z]+)` \|", table, re.MULTILINE))
    assert {name: int(v) for v, name in rows.items()} == values


def test_findings_rejected_hands_and_usage_have_their_own_status(tmp_path: Path) -> None:
    rejected = tmp_path / "nodate.txt"
    rejected.write_text("PokerStars Hand #1: AAAA\n\n", encoding="utf-8")
    assert main(["parse", "-q", str(rejected)]) == status.EXIT_REJECTED
    # A rejected hand is an error finding too: the audit says findings.
    assert main(["audit", "-q", str(rejected)]) == status.EXIT_FINDINGS
    assert main(["parse", str(tmp_path / "missing.txt")]) == status.EXIT_USAGE


def test_a_file_that_cannot_be_written_is_an_io_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "no" / "such" / "page.html"
    assert main(["audit", str(BASE), "--html", str(out), "-q"]) == status.EXIT_IO
    assert "page.html" in _only_line(capsys.readouterr().err)


# -- Ctrl-C and SIGTERM ---------------------------------------------------------------------------

# The child handles Ctrl-C as a terminal's Python does, even when the suite itself runs in the
# background (a shell starts background jobs with SIGINT ignored, and Python keeps that).
_SLOW_EXPORT = """
import signal, sys, time
signal.signal(signal.SIGINT, signal.default_int_handler)
from histparse.export import parallel
def slow(*args, **kwargs):
    print("ready", flush=True)
    time.sleep(60)
parallel.grouped_pieces = slow
from histparse.cli import main
sys.exit(main(["export", sys.argv[1], "--out", sys.argv[2], "--jobs", "1", "-q"]))
"""


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_an_interrupted_export_says_one_line_and_exits_130(tmp_path: Path, signum: int) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", _SLOW_EXPORT, str(BASE), str(tmp_path / "ds")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert child.stdout is not None
    assert child.stdout.readline() == "ready\n"  # inside the export, the dataset locked
    child.send_signal(signum)
    _, err = child.communicate(timeout=60)
    assert child.returncode == status.EXIT_INTERRUPTED
    line = _only_line(err)
    assert line == "histparse export: interrupted; the dataset holds every committed batch"


def test_an_interrupt_in_process_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from histparse.cli import parse_cmd

    def interrupted(args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(parse_cmd, "run", interrupted)
    assert main(["parse", str(BASE)]) == status.EXIT_INTERRUPTED
    assert _only_line(capsys.readouterr().err) == "histparse parse: interrupted"
    # The previous SIGTERM handler is back once the command returns.
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL or callable(
        signal.getsignal(signal.SIGTERM)
    )


# -- file names that are not UTF-8, or hold control characters ----------------------------------


def test_names_are_labelled_losslessly_and_shown_visibly() -> None:
    assert path_label("plain/é name.txt") == "plain/é name.txt"  # UTF-8: byte for byte
    assert path_label(NOT_UTF8) == "hh\\xe9.txt"
    assert path_label(os.fsencode(NOT_UTF8)) == "hh\\xe9.txt"
    assert shown(NOT_UTF8) == "hh\\xe9.txt"
    assert shown("a\x1b[31m\nb.txt") == "a\\x1b[31m\\x0ab.txt"


@pytest.fixture
def hostile_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(STARS, folder / NOT_UTF8)
    (folder / "rej\x1b[31m\n.txt").write_text("PokerStars Hand #1: AAAA\n\n", encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    "args",
    [["parse"], ["stats", "--player", "Eisenherz73"], ["audit"], ["export"], ["audit", "--html"]],
    ids=lambda a: "-".join([*a[:1], a[-1].strip("-")]),
)
def test_a_name_that_is_not_utf8_never_stops_a_command(
    hostile_folder: Path, tmp_path: Path, args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    command = [args[0], str(hostile_folder), *args[1:], "-q"]
    if args[-1] == "--html":
        command[-1:-1] = [str(tmp_path / "page.html")]
        command.remove("-q")
        command.append("-q")
    if args[0] == "export":
        command += ["--out", str(tmp_path / "ds"), "--jobs", "1"]
    got = main(command)
    # The one damaged hand is rejected (a finding for audit); the 17 others are read.
    assert got == (status.EXIT_FINDINGS if args[0] == "audit" else status.EXIT_REJECTED)
    out = capsys.readouterr()
    text = out.out + out.err
    assert "internal error" not in text
    assert "\x1b" not in text  # no escape sequence from a name reaches the terminal
    if args[0] == "export":
        files = load(tmp_path / "ds").hands["source_file"].astype(str)
        assert set(files) == {path_label(str(hostile_folder / NOT_UTF8))}


def test_results_carry_the_label_and_read_the_file(hostile_folder: Path) -> None:
    results = list(read_results(hostile_folder / NOT_UTF8))
    assert len(results) == 17
    assert {r.source.path for r in results} == {  # type: ignore[union-attr]
        path_label(str(hostile_folder / NOT_UTF8))
    }


# -- datasets checked on load ---------------------------------------------------------------------


@pytest.fixture
def dataset(tmp_path: Path) -> Path:
    out = tmp_path / "ds"
    export_results(parse_results(BASE.read_text(encoding="utf-8"), str(BASE)), out)
    return out


def _one(out: Path, table: str) -> Path:
    (path,) = (out / table).rglob("*.parquet")
    return path


def _refused(out: Path, match: str, capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(DatasetError, match=match):
        load(out)
    assert main(["stats", str(out)]) == status.EXIT_USAGE
    line = _only_line(capsys.readouterr().err)
    assert match in line and "internal error" not in line
    return line


def test_a_copied_commit_record_is_refused(
    dataset: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (record,) = (dataset / "_commits").glob("*.json")
    for n in (1, 2):
        shutil.copy(record, record.with_name(f"zz-copy-{n}.json"))
    assert "zz-copy-1.json" in _refused(dataset, "committed already", capsys)


def test_a_part_of_another_schema_is_refused(
    dataset: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    part = _one(dataset, "hands")
    pq.write_table(pa.table({"x": [1, 2, 3]}), part)
    assert part.name in _refused(dataset, "does not have", capsys)


def test_a_part_with_null_ids_is_refused(dataset: Path, capsys: pytest.CaptureFixture[str]) -> None:
    part = _one(dataset, "hands")
    table = pq.read_table(part)
    i = table.schema.get_field_index("hand_id")
    nulls = pa.nulls(table.num_rows, pa.string())
    pq.write_table(table.set_column(i, table.schema.field(i).with_nullable(True), nulls), part)
    assert part.name in _refused(dataset, "with no id", capsys)


def test_a_part_of_many_copies_of_one_row_is_refused(
    dataset: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    part = _one(dataset, "players")
    table = pq.read_table(part)
    pq.write_table(pa.concat_tables([table.slice(0, 1)] * 200), part)
    assert part.name in _refused(dataset, "rows for", capsys)


def test_a_hand_twice_is_refused(dataset: Path, capsys: pytest.CaptureFixture[str]) -> None:
    part = _one(dataset, "hands")
    table = pq.read_table(part)
    pq.write_table(pa.concat_tables([table, table.slice(0, 1)]), part)
    assert part.name in _refused(dataset, "is in 2 rows", capsys)


def test_a_corrupt_part_is_refused(dataset: Path, capsys: pytest.CaptureFixture[str]) -> None:
    part = _one(dataset, "hands")
    data = bytearray(part.read_bytes())
    data[len(data) // 2 : len(data) // 2 + 64] = b"\xff" * 64
    part.write_bytes(bytes(data[: len(data) - 20]))  # footer gone too
    assert part.name in _refused(dataset, "Parquet", capsys)


def test_a_marker_of_another_version_is_refused(
    dataset: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    marker = dataset / "_histparse.json"
    data = json.loads(marker.read_text())
    marker.write_text(json.dumps({**data, "schema_version": 99}))
    _refused(dataset, "schema version 99", capsys)


def test_a_good_dataset_still_loads(dataset: Path) -> None:
    assert len(load(dataset).hands) == 3
    assert main(["stats", str(dataset), "-q"]) == status.EXIT_OK
