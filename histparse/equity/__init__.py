"""Draw equity for 2-7 Triple Draw and Single Draw: who wins how often from here.

``equity(Situation(...))`` gives each player's share of the pot with the draws left played out
by named draw policies (``policy``), exactly when the deals are few enough and by seeded Monte
Carlo otherwise; ``evaluate`` ranks many hands at once (numpy). See docs/equity.md.
"""

from __future__ import annotations

from histparse.equity.budget import FULL, QUICK, Budget, budget_for
from histparse.equity.compute import (
    DEFAULT_SAMPLES,
    EXACT_LIMIT,
    Equity,
    NotExact,
    chance_to_make,
    deals_for,
    deals_for_many,
    equity,
)
from histparse.equity.deal import Deals, Holding, Situation
from histparse.equity.evaluator import evaluate, evaluate_columns
from histparse.equity.policy import (
    DEFAULT_POLICY,
    DrawToBest,
    FixedPlan,
    Policy,
    StandPat,
    draw_to_best,
    parse_policy,
    threshold,
)
from histparse.equity.result import Estimate, Method, pot_shares

__all__ = [
    "DEFAULT_POLICY",
    "DEFAULT_SAMPLES",
    "EXACT_LIMIT",
    "FULL",
    "QUICK",
    "Budget",
    "Deals",
    "DrawToBest",
    "Equity",
    "Estimate",
    "FixedPlan",
    "Holding",
    "Method",
    "NotExact",
    "Policy",
    "Situation",
    "StandPat",
    "budget_for",
    "chance_to_make",
    "deals_for",
    "deals_for_many",
    "draw_to_best",
    "equity",
    "evaluate",
    "evaluate_columns",
    "parse_policy",
    "pot_shares",
    "threshold",
]
