"""The per-hand checks, run by the replayer on each ``Replay``. The check across hands is the
auditor's (``histparse.auditor.across``), run by ``audit``.

Each module checks one part of a hand and returns findings: ``structure`` (sections, seats,
blinds), ``betting`` (uncalled bets; the engine judges the actions), ``cards`` (hero draws,
descriptions), ``pots`` (money and winners), ``drawlines`` (a draw marker's printed pot, the
replacement lines) and ``summary`` (the summary seat lines); ``anomaly`` marks the findings of
a hand the site is known to have written wrong.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from histparse.replayer.checks.betting import check_uncalled
from histparse.replayer.checks.cards import check_descriptions, check_unrecorded_draws
from histparse.replayer.checks.drawlines import check_draw_lines
from histparse.replayer.checks.pots import check_pots
from histparse.replayer.checks.structure import check_structure
from histparse.replayer.checks.summary import check_summary
from histparse.replayer.findings import Finding

if TYPE_CHECKING:
    from histparse.replayer.types import Replay

__all__ = ["run_hand_checks"]


def run_hand_checks(r: Replay) -> list[Finding]:
    """Every per-hand check that runs after the engine pass."""
    return [
        *check_structure(r),
        *check_uncalled(r),
        *check_descriptions(r),
        *check_unrecorded_draws(r),
        *check_pots(r),
        *check_draw_lines(r),
        *check_summary(r),
    ]
