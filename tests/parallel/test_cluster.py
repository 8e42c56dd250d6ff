"""A real cluster, as a user starts one: ``dask scheduler`` and ``dask worker`` processes on
loopback. ``export --scheduler`` writes the dataset ``--jobs 1`` writes (same rows, same
values, same order; only the batch ids in the file names differ), ``audit --json`` prints the
same report, and a worker killed during a run loses and doubles nothing (its tasks run again
on the others). A few hundred hands: the CPU goes to starting the processes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import histparse
from histparse.cli import main
from histparse.export import export_histories, load, load_findings

distributed = pytest.importorskip("distributed")

DATA = Path(__file__).resolve().parents[1] / "data"
# ``dask scheduler`` / ``dask worker``, the commands a user types (``python -m dask``: the
# same entry point, from the interpreter running the tests).
_DASK = [sys.executable, "-m", "dask"]


def _env() -> dict[str, str]:
    # The workers import histparse from this tree, as the client does.
    root = str(Path(histparse.__file__).parents[1])
    return {**os.environ, "PYTHONPATH": root}


def _worker(scheduler_file: Path, name: str) -> subprocess.Popen[bytes]:
    cmd = [*_DASK, "worker", "--scheduler-file", str(scheduler_file), "--nthreads", "1"]
    cmd += ["--no-nanny", "--no-dashboard", "--name", name, "--memory-limit", "0"]
    return subprocess.Popen(cmd, env=_env(), stderr=subprocess.DEVNULL)


def _wait(test: Callable[[], bool], what: str, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while not test():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.1)


def _address(sfile: Path) -> str | None:
    try:
        return str(json.loads(sfile.read_text())["address"])
    except (OSError, ValueError, KeyError):
        return None  # not written yet, or half written


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The scheduler's address, two workers attached; the scheduler file for more."""
    base = tmp_path_factory.mktemp("cluster")
    sfile = base / "scheduler.json"
    scheduler = subprocess.Popen(
        [
            *_DASK,
            "scheduler",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--no-dashboard",
            "--scheduler-file",
            str(sfile),
        ],
        env=_env(),
        stderr=subprocess.DEVNULL,
    )
    procs = [scheduler]
    try:
        _wait(lambda: _address(sfile) is not None, "the scheduler")
        address = str(_address(sfile))
        assert address.startswith("tcp://127.0.0.1:")
        procs += [_worker(sfile, "w1"), _worker(sfile, "w2")]
        with distributed.Client(address) as client:
            _wait(lambda: len(client.scheduler_info()["workers"]) >= 2, "two workers")
        yield address, sfile
    finally:
        # Killed, not asked to stop: a worker's polite shutdown took half a minute.
        for proc in reversed(procs):
            proc.kill()
            proc.wait()


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    base = tmp_path_factory.mktemp("inputs")
    for seed, n in ((1, 120), (2, 80)):
        out = str(base / f"s{seed}.txt")
        assert main(["generate", "--hands", str(n), "--seed", str(seed), "--out", out]) == 0
    (base / "bad.txt").write_text("garbage\n", encoding="utf-8")
    # UTF-16: its pieces are byte ranges the workers decode.
    ten_game = DATA / "real_histories" / "fulltilt" / "10Game-6max-USD-2.50-5.201104.Sample.txt"
    return [str(base), str(ten_game)]


def _same(a: Path, b: Path) -> None:
    for name in ("hands", "players", "actions", "draws"):
        x, y = getattr(load(a), name).astype(str), getattr(load(b), name).astype(str)
        assert len(x) and x.equals(y), name
    assert load_findings(a).astype(str).equals(load_findings(b).astype(str))


def test_export_on_the_cluster_equals_jobs_1(
    cluster: tuple[str, Path], inputs: list[str], tmp_path: Path
) -> None:
    address, _ = cluster
    # bad.txt is a reject, in both: status 1.
    assert main(["export", *inputs, "--out", str(tmp_path / "c"), "--scheduler", address]) == 1
    assert main(["export", *inputs, "--out", str(tmp_path / "one"), "--jobs", "1", "-q"]) == 1
    _same(tmp_path / "c", tmp_path / "one")


def test_audit_json_on_the_cluster_equals_jobs_1(
    cluster: tuple[str, Path], inputs: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    address, _ = cluster
    status = main(["audit", "--json", *inputs, "--scheduler", address, "-q"])
    on_cluster = capsys.readouterr().out
    assert main(["audit", "--json", *inputs, "--jobs", "1", "-q"]) == status
    report = json.loads(on_cluster)
    assert report == json.loads(capsys.readouterr().out) and report["hands_parsed"] > 200


class _Killing:
    """A client passing tasks on, that kills ``victim`` (-9) once ``after`` were sent."""

    def __init__(self, client: Any, victim: subprocess.Popen[bytes], after: int) -> None:
        self.client, self.victim, self.after, self.sent = client, victim, after, 0

    def submit(self, func: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        self.sent += 1
        if self.sent == self.after:
            self.victim.send_signal(signal.SIGKILL)
        return self.client.submit(func, *args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.client, name)


def test_a_worker_killed_during_an_export(
    cluster: tuple[str, Path], inputs: list[str], tmp_path: Path
) -> None:
    address, sfile = cluster
    victim = _worker(sfile, "victim")
    try:
        with distributed.Client(address) as client:
            _wait(lambda: len(client.scheduler_info()["workers"]) >= 3, "the third worker")
            killing = _Killing(client, victim, after=6)
            # Small pieces: many tasks, the victim holding some when it dies.
            result = export_histories(
                inputs, tmp_path / "k", client=killing, hands_per_piece=10, audit=False
            )
        assert victim.wait(timeout=30) == -signal.SIGKILL
    finally:
        victim.kill()
    export_histories(inputs, tmp_path / "one", audit=False)
    _same(tmp_path / "k", tmp_path / "one")
    assert result.new == len(load(tmp_path / "one").hands)
