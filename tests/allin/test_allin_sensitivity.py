"""Policy sensitivity of the all-in equity: the same all-in under a second, named policy."""

from __future__ import annotations

from pathlib import Path

import pytest

from histparse.allin import (
    SECOND_POLICY_NAME,
    AllInSensitivity,
    allin_ev,
    allin_sensitivity,
)
from histparse.equity import parse_policy
from histparse.parsing import read_histories
from histparse.replayer import replay

TD_2009 = (
    Path(__file__).resolve().parents[1]
    / "data"
    / "real_histories"
    / "pokerstars"
    / "3-Draw-Limit-USD-0.10-0.20-200911.txt"
)


def _replay(hand_id: str):  # type: ignore[no-untyped-def]
    for h in read_histories(TD_2009, on_error="skip"):
        if h.hand_id == hand_id:
            return replay(h)
    raise LookupError(hand_id)


def test_a_looser_pat_changes_the_drawer_s_equity() -> None:
    """cypis28 (all-in with two draws left, drawing one to 8-7-6-3-2 candidates) against a pat
    7-6-5-4-2: under the default policy the equity is allin_ev's; under the second policy a
    drawer that makes a J-low or T-low stands pat and still loses, so its equity falls."""
    r = _replay("35839118248")
    found = allin_sensitivity(r)
    assert isinstance(found, AllInSensitivity)
    assert found.contenders == ("cypis28", "bakter9")
    ev = allin_ev(r)
    assert ev is not None and not isinstance(ev, str)
    assert found.default[0] == pytest.approx(ev.player("cypis28").equity)  # type: ignore[union-attr]
    assert found.second[0] < found.default[0]
    assert found.difference[0] == pytest.approx(found.second[0] - found.default[0])
    assert sum(found.second) == pytest.approx(1)
    assert found.policy == parse_policy(SECOND_POLICY_NAME).describe()


def test_the_same_policy_changes_nothing() -> None:
    r = _replay("35839118248")
    found = allin_sensitivity(r, parse_policy("draw"))
    assert isinstance(found, AllInSensitivity)
    assert found.difference == (0.0, 0.0)
