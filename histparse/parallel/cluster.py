"""Connect to a Dask distributed cluster (the optional ``histparse[dask]`` extra)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

__all__ = ["DaskUnavailable", "dask_client"]


class DaskUnavailable(RuntimeError):
    """``distributed`` is not installed."""


@contextlib.contextmanager
def dask_client(address: str, *, workers: int = 2) -> Iterator[Any]:
    """A ``distributed.Client`` of the scheduler at ``address`` (``tcp://host:8786``), or of a
    new local cluster of ``workers`` single-threaded worker processes for ``"local"``; closed
    (and the local cluster stopped) on exit. Raises ``DaskUnavailable`` without Dask."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise DaskUnavailable("--scheduler needs Dask: pip install 'histparse[dask]'") from None
    if address == "local":
        # One thread per worker: parsing is pure Python, threads would share one GIL.
        with (
            LocalCluster(  # type: ignore[no-untyped-call]
                n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
            ) as cluster,
            Client(cluster) as client,  # type: ignore[no-untyped-call]
        ):
            yield client
    else:
        with Client(address) as client:  # type: ignore[no-untyped-call]
            yield client
