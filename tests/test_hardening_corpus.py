"""Issue 22's generated corpus, small: tables reused across days (the same seed, so the same
table names, on other days and stakes), short-stack sit & gos, pot- and no-limit cash, audited
together with the check across hands, give no error and no warning. The 20,000-hand run is
``bench/bench_hardening_corpus.py``."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

from histparse.auditor import Severity, audit
from histparse.game import LimitType
from histparse.simulation import SimConfig, TournamentStructure, simulate

HANDS_EACH = 120


def _day(month: int, day: int) -> datetime:
    return datetime(2024, month, day, 10, 0, tzinfo=UTC)


RUNS = [
    (7, SimConfig(start=_day(1, 1))),
    (7, SimConfig(start=_day(2, 1))),  # the same tables a month later: stacks do not follow
    (7, SimConfig(start=_day(3, 5), stakes=(Decimal("0.25"), Decimal("0.50")))),
    (8, SimConfig(tournament=TournamentStructure(starting_stack=300))),
    (9, SimConfig(players=3, tournament=TournamentStructure(starting_stack=150))),
    (10, SimConfig(limit=LimitType.NO_LIMIT, stakes=(Decimal("0.10"), Decimal("0.25")))),
    (11, SimConfig(players=2, limit=LimitType.POT, stakes=(Decimal("0.10"), Decimal("0.25")))),
]


def test_the_generated_corpus_audits_without_error_or_warning() -> None:
    hands = [h for seed, config in RUNS for h in simulate(HANDS_EACH, seed=seed, config=config)]
    first = {h.table_name for h in hands[:HANDS_EACH]}
    assert first & {h.table_name for h in hands[HANDS_EACH : 2 * HANDS_EACH]}  # reused
    assert any(h.is_tournament for h in hands)
    bad = [f for f in audit(hands) if f.severity >= Severity.WARNING]
    assert bad == [], bad[:5]
