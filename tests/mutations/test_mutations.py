"""Mutation tests: inject each kind of fault into correct hands; the auditor must report it with
the right code, and the untouched hands must stay clean."""

from __future__ import annotations

from functools import cache

import pytest
from faults import FAULTS, OVER_STACK, correct_hands

from histparse.auditor import Severity
from histparse.events import Hand
from histparse.replayer import replay
from histparse.simulation import HardCase, SimConfig, simulate


@cache
def _hands() -> tuple[Hand, ...]:
    return tuple(correct_hands())


def test_untouched_hands_are_clean() -> None:
    hands = _hands()
    assert len(hands) == 38  # 36 correct real Triple Draw hands and 2 hand-built fixtures
    for hand in hands:
        found = [f for f in replay(hand).findings if f.severity >= Severity.WARNING]
        assert found == [], (hand.hand_id, found)


@pytest.mark.parametrize("name", sorted(FAULTS))
def test_fault_is_detected(name: str) -> None:
    code, inject = FAULTS[name]
    mutated = [m for m in (inject(h) for h in _hands()) if m is not None]
    assert mutated, f"no hand offers a place for the fault {name!r}"
    missed = []
    for hand in mutated:
        codes = replay(hand).codes
        if code not in codes:
            missed.append((hand.hand_id, sorted(codes)))
    assert missed == [], f"{name}: {len(missed)} of {len(mutated)} mutated hands missed {code}"


@cache
def _simulated() -> tuple[Hand, ...]:
    return tuple(simulate(300, seed=5, config=SimConfig(focus=frozenset(HardCase))))


@pytest.mark.parametrize("name", sorted(FAULTS))
def test_fault_is_detected_in_simulated_hands(name: str) -> None:
    """The same faults in simulated hands with side pots, splits, caps and all-ins."""
    code, inject = FAULTS[name]
    accepted = {code, "BET-ALLIN"} if name in OVER_STACK else {code}
    hands = _simulated()
    assert all(not replay(h).findings for h in hands[:50])
    mutated = [m for m in (inject(h) for h in hands) if m is not None]
    assert mutated, f"no simulated hand offers a place for the fault {name!r}"
    missed = [m.hand_id for m in mutated if not accepted & replay(m).codes]
    assert missed == [], f"{name}: {len(missed)} of {len(mutated)} mutated hands missed {code}"
