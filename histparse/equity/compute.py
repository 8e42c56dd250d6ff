"""The public entry points: ``equity`` of each player and ``chance_to_make`` a hand."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal

import numpy as np

from histparse.equity.budget import Budget, budget_for
from histparse.equity.deal import (
    Deals,
    OverBudget,
    Situation,
    TooManyDeals,
    enumerate_deals,
    monte_carlo,
    monte_carlo_many,
)
from histparse.equity.exact import exact_shares
from histparse.equity.multiway import multiway_shares
from histparse.equity.result import Estimate, Method, pot_shares, share_estimates

__all__ = [
    "DEFAULT_SAMPLES",
    "EXACT_LIMIT",
    "Equity",
    "NotExact",
    "chance_to_make",
    "deals_for",
    "deals_for_many",
    "equity",
]

DEFAULT_SAMPLES: Final = 100_000
EXACT_LIMIT: Final = 1_000_000
SMALL_ENUMERATION: Final = 20_000
"""Heads-up, deals this few are listed outright before the paths method is tried."""
"""Enumerate exactly when there are at most this many deals (one draw left heads-up: 1,722
deals with one card each drawn, 671,580 with two each)."""

MethodChoice = Literal["auto", "exact", "monte-carlo"]


class NotExact(ValueError):
    """``method="exact"`` found no exact answer: past its budget (``over_budget``: heads-up,
    a larger one from ``Budget.scaled`` may answer), or where the stub could run out (which
    no budget changes)."""

    def __init__(self, message: str, *, over_budget: bool = False) -> None:
        super().__init__(message)
        self.over_budget = over_budget


@dataclass(frozen=True, slots=True)
class Equity:
    """Each player's expected share of the pot (``players[i]``: the i-th holding), how it was
    found (exact enumeration or Monte Carlo), over how many deals or samples, and the seed."""

    players: tuple[Estimate, ...]
    method: Method
    samples: int
    seed: int | None
    paths: tuple[int, ...] | None = None
    """Each player's number of distinct paths when an exact paths method answered (heads-up,
    or three players or more with two or three draws left; ``samples`` is then their
    product), else None."""
    not_exact: str | None = None
    """Heads-up, when the exact paths method refused within its budget and the deals were
    sampled: why (``method="exact"`` tries the full budget), else None."""

    @property
    def equities(self) -> tuple[float, ...]:
        """The players' equities as floats."""
        return tuple(e.value for e in self.players)


def deals_for(
    situation: Situation,
    *,
    method: MethodChoice = "auto",
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    exact_limit: int = EXACT_LIMIT,
) -> tuple[Deals, Method]:
    """The deals of ``situation``: all of them when ``method`` allows and there are at most
    ``exact_limit`` (and the stub cannot run out), else ``samples`` random ones from ``seed``."""
    if method not in ("auto", "exact", "monte-carlo"):
        raise ValueError(f"method: auto, exact or monte-carlo, not {method!r}")
    if method != "monte-carlo":
        try:
            return enumerate_deals(situation, exact_limit), Method.EXACT
        except TooManyDeals as exc:
            if method == "exact":
                raise NotExact(f"cannot enumerate exactly: {exc}") from None
    return monte_carlo(situation, samples, seed), Method.MONTE_CARLO


def deals_for_many(
    situations: Sequence[Situation], *, samples: int, seed: int, exact_limit: int
) -> list[tuple[Deals, Method]]:
    """The deals of each situation: all of them where there are at most ``exact_limit``, else
    ``samples`` random ones, the situations that need sampling played together from ``seed``
    (``monte_carlo_many``)."""
    found: list[tuple[Deals, Method] | None] = []
    for situation in situations:
        try:
            found.append((enumerate_deals(situation, exact_limit), Method.EXACT))
        except TooManyDeals:
            found.append(None)
    sampled = [i for i, f in enumerate(found) if f is None]
    drawn = monte_carlo_many([situations[i] for i in sampled], samples, seed)
    for i, deals in zip(sampled, drawn, strict=True):
        found[i] = (deals, Method.MONTE_CARLO)
    return [f for f in found if f is not None]


def equity(
    situation: Situation,
    *,
    method: MethodChoice = "auto",
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    exact_limit: int = EXACT_LIMIT,
    contenders: Sequence[int] | None = None,
    budget: Budget | None = None,
) -> Equity:
    """Each player's equity in a pot contested by ``contenders`` (indices; all by default).
    ``budget`` bounds the exact heads-up methods (``histparse.equity.budget``): by default
    the quick one under ``auto`` and the full one under ``exact``; a caller asking many
    exact queries (the review) passes the quick one.

    >>> from histparse.equity import Holding, Situation, StandPat
    >>> pat = Holding.of("Ts 8h 6d 4c 2s", policy=StandPat())
    >>> result = equity(Situation((pat, Holding.of("7h 4d 3c 2h")), draws_left=1))
    >>> result.method.value, result.players[0].exact
    ('exact', Fraction(26, 43))
    """
    if len(situation.holdings) < 2:
        raise ValueError("equity needs 2 to 6 players (chance_to_make takes one)")
    if method not in ("auto", "exact", "monte-carlo"):
        raise ValueError(f"method: auto, exact or monte-carlo, not {method!r}")
    who = range(len(situation.holdings)) if contenders is None else contenders
    if budget is None:
        budget = budget_for(method)
    refused = ""  # why the paths method could not answer (heads-up)
    over_budget = False  # ... and whether a larger budget might
    if method != "monte-carlo" and len(situation.holdings) == 2:
        # Heads-up: a few deals are listed outright; otherwise the paths method is exact for
        # any number of draws, where it is feasible (exact.py).
        small = min(exact_limit, SMALL_ENUMERATION)
        try:
            deals = enumerate_deals(situation, small)
        except TooManyDeals:
            try:
                shares, paths = exact_shares(situation, who, budget)
            except TooManyDeals as exc:
                refused, over_budget = str(exc), isinstance(exc, OverBudget)
            else:
                return _exact(shares, paths[0] * paths[1], paths)
        else:
            winners = pot_shares(deals.ranks, who) > 0
            estimates = tuple(share_estimates(deals, winners))
            return Equity(estimates, Method.EXACT, len(deals.ranks), None)
    if method != "monte-carlo" and len(situation.holdings) > 2 and situation.draws_left:
        # Three players or more: exact by card classes (multiway.py), at the last draw by each
        # player's draws, with more left by its class paths (within the budget: the quick one
        # keeps to a few tenths of a second); else listed or sampled below.
        try:
            shares, count, sizes = multiway_shares(situation, who, budget.quick)
        except TooManyDeals:
            pass
        else:
            return _exact(shares, count, sizes)
    try:
        deals, how = deals_for(
            situation, method=method, samples=samples, seed=seed, exact_limit=exact_limit
        )
    except NotExact as exc:
        message = f"{exc}; heads-up paths: {refused}" if refused else str(exc)
        raise NotExact(message, over_budget=over_budget) from None
    winners = pot_shares(deals.ranks, who) > 0
    estimates = tuple(share_estimates(deals, winners))
    if how is Method.EXACT:
        return Equity(estimates, how, len(deals.ranks), None)
    return Equity(estimates, how, len(deals.ranks), seed, None, refused or None)


def _exact(shares: Sequence[Fraction], count: int, paths: tuple[int, ...] | None) -> Equity:
    """An exact answer from fractions: over ``count`` deals, or the product of ``paths``."""
    found = tuple(Estimate(float(v), 0.0, count, Method.EXACT, v) for v in shares)
    return Equity(found, Method.EXACT, count, None, paths)


def chance_to_make(
    situation: Situation,
    at_or_below: int,
    *,
    player: int = 0,
    method: MethodChoice = "auto",
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    exact_limit: int = EXACT_LIMIT,
) -> Estimate:
    """The probability that ``player`` ends with a hand ranked at or below ``at_or_below``
    (see ``policy.threshold``) after the draws left."""
    deals, _ = deals_for(
        situation, method=method, samples=samples, seed=seed, exact_limit=exact_limit
    )
    made = (deals.ranks[:, player] <= at_or_below)[:, None]
    return share_estimates(deals, np.asarray(made))[0]
