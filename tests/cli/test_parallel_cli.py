"""``--jobs``, ``--quiet`` and the progress bar of ``parse``, ``audit``, ``stats`` and
``export``: any ``--jobs`` prints the same thing."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

from histparse.cli import main
from histparse.export import load, load_findings

DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    base = tmp_path_factory.mktemp("cli")
    assert main(["generate", "--hands", "30", "--seed", "9", "--out", str(base / "a.txt")]) == 0
    (base / "bad.txt").write_text("garbage\n\nPokerStars Hand #1: nonsense\n", encoding="utf-8")
    return [str(base), str(DATA / "pokerstars")]


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(
    "command",
    [["parse"], ["audit", "--json"], ["audit"], ["stats", "--json"], ["stats", "--by", "position"]],
)
def test_jobs_do_not_change_the_output(
    capsys: pytest.CaptureFixture[str], inputs: list[str], command: list[str]
) -> None:
    one = _run(capsys, *command, *inputs, "--jobs", "1")
    two = _run(capsys, *command, *inputs, "--jobs", "2")
    assert one == two
    assert one[1]
    if command == ["audit", "--json"]:
        assert json.loads(one[1])["hands_rejected"] >= 1


def test_export_jobs_do_not_change_the_dataset(
    capsys: pytest.CaptureFixture[str], inputs: list[str], tmp_path: Path
) -> None:
    one = _run(capsys, "export", *inputs, "--out", str(tmp_path / "1"), "--jobs", "1")
    two = _run(capsys, "export", *inputs, "--out", str(tmp_path / "2"), "-j", "2")
    assert one[0] == two[0] == 1  # the bad chunks are rejected
    assert one[1].replace(str(tmp_path / "1"), "X") == two[1].replace(str(tmp_path / "2"), "X")
    for name in ("hands", "players", "actions", "draws"):
        a = getattr(load(tmp_path / "1"), name).astype(str)
        assert a.equals(getattr(load(tmp_path / "2"), name).astype(str)), name
    assert (
        load_findings(tmp_path / "1").astype(str).equals(load_findings(tmp_path / "2").astype(str))
    )


@pytest.mark.parametrize("value", ["0", "-1", "two"])
def test_bad_jobs_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], inputs: list[str], value: str
) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["parse", *inputs, "--jobs", value])
    assert exc.value.code == 2
    assert "--jobs" in capsys.readouterr().err


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("command", ["audit", "export"])
def test_progress_on_a_terminal_unless_quiet(
    monkeypatch: pytest.MonkeyPatch, inputs: list[str], tmp_path: Path, command: str
) -> None:
    def args(n: int) -> list[str]:
        out = ["--out", str(tmp_path / f"ds{n}")] if command == "export" else []
        return [command, *inputs, *out, "--jobs", "1"]

    tty = _Tty()
    monkeypatch.setattr(sys, "stderr", tty)
    main(args(1))
    shown = tty.getvalue()
    assert "\r" in shown and "hands/s" in shown
    assert re.search(r"file (\d+)/\1 *\n$", shown)
    quiet = _Tty()
    monkeypatch.setattr(sys, "stderr", quiet)
    main([*args(2), "--quiet"])
    assert "hands/s" not in quiet.getvalue()


def test_no_progress_when_stderr_is_not_a_terminal(
    capsys: pytest.CaptureFixture[str], inputs: list[str]
) -> None:
    _, _, err = _run(capsys, "audit", *inputs, "--jobs", "1")
    assert "hands/s" not in err and "\r" not in err


def test_scheduler_without_dask_is_a_clear_error(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    inputs: list[str],
    tmp_path: Path,
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    status, _, err = _run(
        capsys, "export", *inputs, "--out", str(tmp_path / "d"), "--scheduler", "local"
    )
    assert status == 2 and "histparse[dask]" in err


def test_the_default_reads_a_small_input_in_this_process(
    capsys: pytest.CaptureFixture[str],
    inputs: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from histparse.parallel import options, pool

    started: list[int] = []

    def no_pool(jobs: int, **kwargs: object) -> object:
        started.append(jobs)
        raise RuntimeError("a worker pool was started")

    monkeypatch.setattr(pool, "ProcessPoolExecutor", no_pool)
    monkeypatch.setattr(options, "cpu_count", lambda: 2)
    for command in (["parse"], ["audit"], ["stats"], ["export", "--out", str(tmp_path / "d")]):
        status, out, _ = _run(capsys, *command, *inputs)
        # The bad chunks are rejected (1), the audit finds (5); no internal error (4).
        assert status in (1, 5) and out, command
    assert not started
    # Asked for, the workers start (here: the refusal above, an internal error).
    status, _, _ = _run(capsys, "parse", *inputs, "--jobs", "2")
    assert (status, started) == (4, [2])


def test_the_default_uses_every_core_from_two_mib_of_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from histparse.parallel import options

    monkeypatch.setattr(options, "cpu_count", lambda: 8)
    small, big = tmp_path / "small.txt", tmp_path / "big.txt"
    small.write_bytes(b"x" * (options.SMALL_INPUT - 1))
    with open(big, "wb") as f:
        f.truncate(1)
    assert options.jobs_for(None, [str(small)]) == 1
    assert options.jobs_for(None, [str(small), str(big)]) == 8  # the sizes add up
    assert options.jobs_for(None, [str(tmp_path / "gone.txt")]) == 1
    assert options.jobs_for(3, [str(small)]) == 3
    monkeypatch.setattr(options, "cpu_count", lambda: 1)
    assert options.jobs_for(None, [str(small), str(big)]) == 1
