"""Fixtures of the export tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from histparse.export import store as store_module

FailInBatch = Callable[[pytest.MonkeyPatch, int, int], None]


def _fail_in_batch(monkeypatch: pytest.MonkeyPatch, batch: int, file: int) -> None:
    """Ctrl-C while the ``file``-th data file of this export's ``batch``-th commit is written
    (a commit's files: each piece's encoded tables, the writer's tables, the findings)."""
    real_commit, real_write = store_module.DatasetDir.commit, store_module._write_part
    seen = {"commits": 0, "files": 0}

    def write(*args: Any) -> None:
        seen["files"] += 1
        if (seen["commits"], seen["files"]) == (batch, file):
            raise KeyboardInterrupt
        real_write(*args)

    def commit(self: store_module.DatasetDir, *args: Any, **kwargs: Any) -> None:
        seen["commits"] += 1
        seen["files"] = 0
        real_commit(self, *args, **kwargs)

    monkeypatch.setattr(store_module.DatasetDir, "commit", commit)
    monkeypatch.setattr(store_module, "_write_part", write)


@pytest.fixture
def fail_in_batch() -> FailInBatch:
    """``fail(patch, batch, file)``: Ctrl-C at that data file of that commit of the export."""
    return _fail_in_batch
