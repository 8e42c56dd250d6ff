"""Run a function over pieces in worker processes (or a Dask cluster), results in input order.

At most ``in_flight`` pieces are submitted and not yet consumed, so memory stays bounded
however long the input is. ``jobs=1`` calls the function in this process, lazily, one piece
at a time: the same code path, without pickling.
"""

from __future__ import annotations

import functools
import itertools
import multiprocessing
import os
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, Final, Protocol, TypeVar

__all__ = ["START_METHOD", "DaskClient", "cpu_count", "ordered_map"]

T = TypeVar("T")
R = TypeVar("R")

# forkserver: nearly as quick to start as fork, but the workers are forked from a clean
# server process, not from a parent that may hold threads (pyarrow's pools) and locks.
_METHODS: Final = multiprocessing.get_all_start_methods()
START_METHOD: Final = "forkserver" if "forkserver" in _METHODS else "spawn"


class DaskClient(Protocol):
    """What is used of ``distributed.Client``."""

    def submit(self, func: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Submit ``func(*args)``; returns a future with ``result()``."""

    def nthreads(self) -> dict[str, int]:
        """The number of threads of each worker."""


def cpu_count() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def ordered_map(
    func: Callable[[T], R],
    items: Iterable[T],
    *,
    jobs: int = 1,
    in_flight: int | None = None,
    client: DaskClient | None = None,
) -> Iterator[R]:
    """``func`` of every item, in the order of ``items``.

    ``jobs`` worker processes (``1``: in this process), or the workers of a Dask ``client``
    when given. ``func`` and the items must pickle (a module-level function or a
    ``functools.partial`` of one). At most ``in_flight`` items (default ``2 * jobs``, or twice
    the cluster's threads) are being worked on or waiting to be consumed.
    """
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    if client is not None:
        submit = client.submit

        def dask_submit(f: Callable[[T], R], item: T) -> Any:
            # pure=False: two equal pieces are still two tasks, and nothing hashes the text.
            return submit(f, item, pure=False)

        # Twice the threads: every worker busy, and the next piece already queued on each.
        threads = sum(client.nthreads().values()) or 1
        return _bounded(dask_submit, func, items, in_flight or 2 * threads)
    if jobs == 1:
        return map(func, items)
    return _pool(func, items, jobs, in_flight or 2 * jobs)


def _modules_of(func: Callable[..., Any]) -> list[str]:
    """The modules defining ``func`` and, through ``functools.partial``, the functions it
    is given (the piece readers pass the real work as an argument)."""
    names: list[str] = []
    todo: list[object] = [func]
    while todo:
        f = todo.pop()
        if isinstance(f, functools.partial):
            todo += [f.func, *f.args, *f.keywords.values()]
        elif callable(f):
            name = getattr(f, "__module__", None)
            if isinstance(name, str) and name not in ("__main__", "builtins", *names):
                names.append(name)
    return names


def _quiet_worker() -> None:
    """A worker leaves Ctrl-C to the process that started it (a terminal sends it to them
    all): an idle worker would print a traceback of its own."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _pool(func: Callable[[T], R], items: Iterable[T], jobs: int, in_flight: int) -> Iterator[R]:
    rest = iter(items)
    head = list(itertools.islice(rest, 2))
    if len(head) < 2:
        # One piece (or none): starting worker processes (seconds: each imports pandas) would
        # cost more than it could save, and one piece runs the same in this process.
        yield from map(func, head)
        return
    items = itertools.chain(head, rest)
    context = multiprocessing.get_context(START_METHOD)
    if START_METHOD == "forkserver":
        # The server imports the work's module (and with it pandas, pyarrow and the readers)
        # once; each worker forked from it starts with them, where it would otherwise import
        # them itself: about a second of CPU a worker, in every pool the process starts.
        context.set_forkserver_preload(["__main__", *_modules_of(func)])
    with ProcessPoolExecutor(jobs, mp_context=context, initializer=_quiet_worker) as pool:
        try:
            yield from _bounded(pool.submit, func, items, in_flight)
        except (Exception, SystemExit, GeneratorExit):
            raise
        except BaseException:
            # Ctrl-C or SIGTERM (``cli.Terminated``): the shutdown below would wait for the
            # pieces being worked on (the workers ignore Ctrl-C, ``_quiet_worker``); they stop
            # now. Nothing they made is committed: the writer is in this process.
            for process in list((pool._processes or {}).values()):
                process.terminate()
            raise
        finally:
            # The consumer stopped early (an error, a closed generator): drop queued work.
            pool.shutdown(wait=True, cancel_futures=True)


def _bounded(
    submit: Callable[..., Any], func: Callable[[T], R], items: Iterable[T], in_flight: int
) -> Iterator[R]:
    pending: deque[Future[R]] = deque()
    for item in items:
        pending.append(submit(func, item))
        if len(pending) >= in_flight:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()
