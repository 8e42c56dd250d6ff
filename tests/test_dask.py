"""Export on a Dask cluster (``distributed.LocalCluster``, two worker processes) writes the
same dataset as a local export."""

from __future__ import annotations

from pathlib import Path

import pytest

from histparse.cli import main
from histparse.export import export_histories, load, load_findings

distributed = pytest.importorskip("distributed")

DATA = Path(__file__).parent / "data"


def _same(a: Path, b: Path) -> None:
    for name in ("hands", "players", "actions", "draws"):
        x = getattr(load(a), name).astype(str)
        assert x.equals(getattr(load(b), name).astype(str)), name
    assert load_findings(a).astype(str).equals(load_findings(b).astype(str))


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    base = tmp_path_factory.mktemp("dask")
    assert main(["generate", "--hands", "40", "--seed", "11", "--out", str(base / "a.txt")]) == 0
    (base / "bad.txt").write_text("garbage\n", encoding="utf-8")
    return [str(base), str(DATA / "pokerstars")]


def test_export_on_a_local_cluster_equals_the_local_export(
    tmp_path: Path, inputs: list[str]
) -> None:
    local = export_histories(inputs, tmp_path / "local", batch_size=25)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        assert len(client.scheduler_info()["workers"]) == 2
        remote = export_histories(
            inputs, tmp_path / "remote", batch_size=25, client=client, hands_per_piece=7
        )
    for field in ("read", "parsed", "rejected", "new", "findings", "batches"):
        assert getattr(local, field) == getattr(remote, field), field
    assert local.new > 0
    _same(tmp_path / "local", tmp_path / "remote")


def test_cli_scheduler_local(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, inputs: list[str]
) -> None:
    status = main(["export", *inputs, "--out", str(tmp_path / "d"), "--scheduler", "local"])
    out = capsys.readouterr().out
    assert status == 1 and "new hand(s)" in out  # bad.txt is rejected
    main(["export", *inputs, "--out", str(tmp_path / "l"), "--jobs", "1", "-q"])
    _same(tmp_path / "d", tmp_path / "l")
