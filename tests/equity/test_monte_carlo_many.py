"""Several situations of one shape played as one table of deals (``monte_carlo_many``), as
the all-in EV does with the candidate holdings of one hand."""

from __future__ import annotations

import numpy as np
import pytest

from histparse.equity import Holding, Method, Situation, StandPat, deals_for_many, equity
from histparse.equity.compute import pot_shares
from histparse.equity.deal import monte_carlo_many
from histparse.equity.result import share_estimates


def _pat_against_drawer(pat: str, drawer: str, draws_left: int = 1) -> Situation:
    return Situation(
        (Holding.of(pat, policy=StandPat()), Holding.of(drawer)), draws_left=draws_left
    )


# One shape (a pat hand against a one-card draw, nothing dead), different cards.
SITUATIONS = (
    _pat_against_drawer("Ts 8h 6d 4c 2s", "7h 4d 3c 2h"),  # the pat ten wins 26/43
    _pat_against_drawer("9h 8c 6d 4s 3c", "7c 5d 3h 2s"),
    _pat_against_drawer("8s 7d 5c 3h 2c", "6d 4h 3s 2h"),
)


def test_each_situation_keeps_its_own_odds() -> None:
    """Every situation's share of the joined table agrees with its exact equity within three
    standard errors (the rows do not mix: a mixed table would pull them together)."""
    found = monte_carlo_many(SITUATIONS, 20_000, seed=5)
    assert len(found) == len(SITUATIONS)
    for situation, deals in zip(SITUATIONS, found, strict=True):
        assert deals.ranks.shape == (20_000, 2) and deals.denominators is None
        exact = equity(situation).players[0]
        assert exact.std_error == 0
        est = share_estimates(deals, pot_shares(deals.ranks, (0, 1)) > 0)[0]
        assert abs(est.value - exact.value) < 3 * est.std_error, situation
    assert float(equity(SITUATIONS[0]).players[0].value) == pytest.approx(26 / 43)


def test_the_same_seed_gives_the_same_deals() -> None:
    a = monte_carlo_many(SITUATIONS, 1_000, seed=9)
    b = monte_carlo_many(SITUATIONS, 1_000, seed=9)
    c = monte_carlo_many(SITUATIONS, 1_000, seed=10)
    assert all(np.array_equal(x.ranks, y.ranks) for x, y in zip(a, b, strict=True))
    assert not all(np.array_equal(x.ranks, y.ranks) for x, y in zip(a, c, strict=True))


def test_situations_of_different_shapes_are_played_apart() -> None:
    """A situation with a dead card has a stub one card shorter: it cannot share the table,
    and is played on its own (still each within three standard errors)."""
    other = Situation(
        (Holding.of("7c 5d 3h 2s", discards="Kd"), Holding.of("9h 8c 6d 4s 3c", policy=StandPat())),
        draws_left=1,
    )
    found = monte_carlo_many([SITUATIONS[0], other], 20_000, seed=1)
    est = share_estimates(found[1], pot_shares(found[1].ranks, (0, 1)) > 0)[0]
    assert abs(est.value - 12 / 42) < 3 * est.std_error


def test_deals_for_many_enumerates_what_it_can() -> None:
    """Within the limit each situation is enumerated; beyond it they are sampled together."""
    exact = deals_for_many(SITUATIONS, samples=500, seed=0, exact_limit=10_000)
    assert [m for _, m in exact] == [Method.EXACT] * 3
    sampled = deals_for_many(SITUATIONS, samples=500, seed=0, exact_limit=10)
    assert [m for _, m in sampled] == [Method.MONTE_CARLO] * 3
    assert all(len(d.ranks) == 500 for d, _ in sampled)
