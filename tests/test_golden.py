"""The commands' outputs on the real histories, the samples and 6,000 generated hands are held
still: a change that means to keep behaviour must keep these digests (see ``tests/golden.py``)."""

from __future__ import annotations

import json

import pytest
from golden import CORPORA, RECORD, digests_of


def test_the_record_holds_every_corpus() -> None:
    assert set(json.loads(RECORD.read_text())) == set(CORPORA)


# One test a corpus, so that the workers share them (one test took ~36 s of a worker's wall).
@pytest.mark.slow
@pytest.mark.parametrize("corpus", CORPORA)
def test_outputs_equal_the_recorded_ones(corpus: str) -> None:
    recorded = json.loads(RECORD.read_text())[corpus]
    now = digests_of(corpus)
    changed = [name for name, digest in recorded.items() if now.get(name) != digest]
    assert not changed, f"outputs changed: {corpus} {changed}"
    assert now == recorded
