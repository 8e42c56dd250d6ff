"""Equity from the deals: each player's share of a pot, its standard error, the method."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from histparse.equity.deal import Deals

__all__ = ["Estimate", "Method", "pot_shares", "share_estimates"]

# Every tie splits among at most six players: 60 is a multiple of every split's denominator.
_SPLITS = 60


class Method(Enum):
    """How an equity was found."""

    EXACT = "exact"
    MONTE_CARLO = "monte-carlo"


@dataclass(frozen=True, slots=True)
class Estimate:
    """One probability or share: ``value`` with its standard error (0 when exact), the number
    of deals it comes from (all of them, or the samples) and, when exact, the fraction."""

    value: float
    std_error: float
    samples: int
    method: Method
    exact: Fraction | None = None


def pot_shares(ranks: npt.NDArray[np.int16], contenders: Sequence[int]) -> npt.NDArray[np.float64]:
    """Each deal's share of a pot for every player (0 for a player not contending): the best
    (lowest) rank among the contenders wins, ties split (R-SHOW-2)."""
    mask = np.zeros(ranks.shape[1], dtype=np.bool_)
    mask[list(contenders)] = True
    masked = np.where(mask, ranks, np.iinfo(np.int16).max)
    winners = masked == masked.min(axis=1, keepdims=True)
    shares: npt.NDArray[np.float64] = winners / winners.sum(axis=1, keepdims=True)
    return shares


def share_estimates(deals: Deals, winners_of: npt.NDArray[np.bool_]) -> list[Estimate]:
    """Estimates of each column's expected share, where ``winners_of[deal, player]`` marks the
    deal's winners (a share of 1 / their number each)."""
    counts = winners_of.sum(axis=1)
    shares = winners_of / np.maximum(counts, 1)[:, None]
    n = len(shares)
    if deals.denominators is None:
        out = []
        for col in shares.T:
            sd = float(col.std(ddof=1)) if n > 1 else 0.0
            out.append(Estimate(float(col.mean()), sd / math.sqrt(n), n, Method.MONTE_CARLO))
        return out
    den = deals.denominators
    # Exact: sum 1 / (den * count) over each player's winning deals, grouped by (den, count).
    common = math.lcm(*(int(d) for d in np.unique(den))) * _SPLITS
    nums = [0] * shares.shape[1]
    for d in np.unique(den):
        same_den = den == d
        for c in np.unique(counts[same_den]):
            if not c:
                continue
            group = same_den & (counts == c)
            weight = common // (int(d) * int(c))
            for player, won in enumerate(winners_of[group].sum(axis=0).tolist()):
                nums[player] += weight * int(won)
    out = []
    for num in nums:
        value = Fraction(num, common)
        out.append(Estimate(float(value), 0.0, n, Method.EXACT, value))
    return out
