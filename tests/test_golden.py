"""The commands' outputs on the real histories, the samples and 6,000 generated hands are held
still: a change that means to keep behaviour must keep these digests (see ``tests/golden.py``)."""

from __future__ import annotations

import json

import pytest
from golden import RECORD, all_digests


@pytest.mark.slow
def test_outputs_equal_the_recorded_ones() -> None:
    recorded = json.loads(RECORD.read_text())
    now = all_digests()
    changed = [
        f"{corpus} {name}"
        for corpus, digests in recorded.items()
        for name, digest in digests.items()
        if now[corpus].get(name) != digest
    ]
    assert not changed, f"outputs changed: {changed}"
    assert now == recorded
