"""On a Dask cluster (``distributed.LocalCluster``, two worker processes) the workers read the
input files themselves: the client sends pieces without text, and the results (audit, tables,
exported dataset) are the same as a local run's, Full Tilt's UTF-16 hands among them."""

from __future__ import annotations

import pickle
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from histparse.cli import main
from histparse.export import export_histories, load, load_findings
from histparse.parallel import Piece, audit_paths, iter_pieces, plan_pieces
from histparse.parallel.tables import tables_of_paths
from histparse.parsing import expand_paths

distributed = pytest.importorskip("distributed")

DATA = Path(__file__).resolve().parents[1] / "data"


def _same(a: Path, b: Path) -> None:
    for name in ("hands", "players", "actions", "draws"):
        x = getattr(load(a), name).astype(str)
        assert x.equals(getattr(load(b), name).astype(str)), name
    assert load_findings(a).astype(str).equals(load_findings(b).astype(str))


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    base = tmp_path_factory.mktemp("dask")
    assert main(["generate", "--hands", "20", "--seed", "11", "--out", str(base / "a.txt")]) == 0
    (base / "bad.txt").write_text("garbage\n", encoding="utf-8")
    # Full Tilt's UTF-16 (LF) 10-Game file too: its pieces are byte ranges the workers decode.
    ten_game = DATA / "real_histories" / "fulltilt" / "10Game-6max-USD-2.50-5.201104.Sample.txt"
    return [str(base), str(DATA / "pokerstars"), str(ten_game)]


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    ) as c:
        yield c


class Recording:
    """A client that passes every task on to a Dask client and keeps what it sent."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.sent: list[Any] = []

    def submit(self, func: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        self.sent.extend(args)
        return self.client.submit(func, *args, **kwargs)

    def nthreads(self) -> dict[str, int]:
        return dict(self.client.nthreads())

    def pieces(self) -> list[Piece]:
        return [x for x in self.sent if isinstance(x, Piece)]


def _textless(pieces: list[Piece]) -> bool:
    return all(p.span is not None and not p.lines for p in pieces)


def test_workers_plan_and_read_the_pieces(cluster: Any, inputs: list[str]) -> None:
    files = expand_paths(inputs)
    # Pieces of 8 hands: several per file, so pieces of one table are planned, read and joined
    # apart (each piece is a Dask task: pieces of 3 took twice as long to test the same).
    key = [(p.index, p.file_index, p.path, p.first_line, p.hands) for p in iter_pieces(files, 8)]
    local = audit_paths(inputs, hands_per_piece=8)
    findings = list(local)
    with distributed.Client(cluster) as dask:
        assert len(dask.scheduler_info()["workers"]) == 2
        client = Recording(dask)
        planned = list(plan_pieces(files, 8, client=client, block_size=4096))
        assert [(p.index, p.file_index, p.path, p.first_line, p.hands) for p in planned] == key
        assert _textless(planned)

        client = Recording(dask)
        run = audit_paths(inputs, client=client, hands_per_piece=8)
        assert list(run) == findings and run.counts == local.counts
        sent = client.pieces()
        assert len(sent) == len(key) and _textless(sent)
        assert max(len(pickle.dumps(p)) for p in sent) < 400

        client = Recording(dask)
        remote_tables = tables_of_paths(inputs, client=client, hands_per_piece=12, allin_ev=False)
        assert client.pieces() and _textless(client.pieces())
    local_tables = tables_of_paths(inputs, hands_per_piece=12, allin_ev=False)
    assert local_tables.tables is not None and remote_tables.tables is not None
    for name in ("hands", "players", "actions", "draws"):
        want = getattr(local_tables.tables, name).astype(str)
        assert getattr(remote_tables.tables, name).astype(str).equals(want), name


def test_export_on_a_local_cluster_equals_the_local_export(
    tmp_path: Path, inputs: list[str], cluster: Any
) -> None:
    local = export_histories(inputs, tmp_path / "local", batch_size=25)
    with distributed.Client(cluster) as dask:
        client = Recording(dask)
        remote = export_histories(
            inputs, tmp_path / "remote", batch_size=25, client=client, hands_per_piece=7
        )
    for field in ("read", "parsed", "rejected", "new", "findings", "batches"):
        assert getattr(local, field) == getattr(remote, field), field
    assert local.new > 0
    _same(tmp_path / "local", tmp_path / "remote")
    sent = client.pieces()
    assert len(sent) > 10
    assert _textless(sent)


def test_cli_scheduler_local(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, inputs: list[str]
) -> None:
    status = main(["export", *inputs, "--out", str(tmp_path / "d"), "--scheduler", "local"])
    out = capsys.readouterr().out
    assert status == 1 and "new hand(s)" in out  # bad.txt is rejected
    main(["export", *inputs, "--out", str(tmp_path / "l"), "--jobs", "1", "-q"])
    _same(tmp_path / "d", tmp_path / "l")


def test_cli_lists_on_a_worker_what_the_client_cannot_see(
    tmp_path: Path, cluster: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A relative path resolves in the workers' directory (the one they started in) but not
    # in the client's, which has moved: the client cannot see the inputs, the workers can.
    relative = str(DATA.relative_to(Path.cwd()) / "pokerstars")
    local = tmp_path / "local"
    assert main(["export", relative, "--out", str(local), "--jobs", "1", "-q"]) == 0
    elsewhere = tmp_path / "client"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    with pytest.raises(FileNotFoundError):
        expand_paths([relative])
    remote = tmp_path / "remote"
    address = cluster.scheduler_address
    assert main(["export", relative, "--out", str(remote), "--scheduler", address, "-q"]) == 0
    _same(local, remote)
    assert len(load(remote).hands) > 0
