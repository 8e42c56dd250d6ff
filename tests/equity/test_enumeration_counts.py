"""The count check ahead of exact enumeration (``deal._check_counts``) gives up only where
the enumeration itself would: Monte Carlo then starts without first building thousands of
rows, and no situation that could be enumerated is sampled instead."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from histparse.cards import Card
from histparse.equity import Holding, Situation, StandPat
from histparse.equity.deal import TooManyDeals, _check_counts, _Tree, enumerate_deals
from histparse.equity.policy import DEFAULT_POLICY


@st.composite
def situations(draw: st.DrawFn) -> Situation:
    players = draw(st.integers(2, 3))
    deck = draw(st.permutations(range(52)))
    draws_left = draw(st.integers(1, 3))
    holdings = []
    at = 0
    for _ in range(players):
        known = draw(st.integers(0, 5))
        hidden = draw(st.integers(0, 5 - known))
        cards = tuple(Card(c) for c in deck[at : at + known])
        at += known
        pat = known + hidden == 5 and draw(st.booleans())
        holdings.append(Holding(cards, hidden=hidden, policy=StandPat() if pat else DEFAULT_POLICY))
    dead = tuple(Card(c) for c in deck[at : at + draw(st.integers(0, 6))])
    return Situation(
        tuple(holdings),
        draws_left=draws_left,
        dead=dead,
        unknown_dead=draw(st.integers(0, 4)),
        unknown_out=draw(st.integers(0, 10)),
    )


def _tree_fails(situation: Situation, limit: int) -> bool:
    try:
        _Tree(situation, limit).play()
    except TooManyDeals:
        return True
    return False


@given(situations(), st.sampled_from([1, 50, 2_500, 20_000]))
@settings(max_examples=150, deadline=None)
def test_the_count_check_refuses_only_what_enumeration_refuses(
    situation: Situation, limit: int
) -> None:
    try:
        _check_counts(situation, limit)
    except TooManyDeals:
        assert _tree_fails(situation, limit)


def test_a_three_draw_all_in_is_refused_by_counts_alone() -> None:
    """Two players drawing three each with three draws left: C(42, 3) x C(39, 3) rows after
    the first draw's deals alone, far past the all-in EV's budget."""
    situation = Situation((Holding.of("7c 5d"), Holding.of("8h 4s")), draws_left=3)
    try:
        _check_counts(situation, 20_000)
    except TooManyDeals as exc:
        assert "more than 20000 deals" in str(exc)
    else:
        raise AssertionError("the counts alone exceed the limit")


def test_what_passes_the_counts_is_enumerated_as_before() -> None:
    """A pat hand against a one-card draw: 43 deals, the exact odds 26/43."""
    situation = Situation(
        (Holding.of("Ts 8h 6d 4c 2s", policy=StandPat()), Holding.of("7h 4d 3c 2h")),
        draws_left=1,
    )
    _check_counts(situation, 43)
    deals = enumerate_deals(situation, 43)
    assert deals.denominators is not None
    assert len(deals.ranks) == 43
    assert np.all(deals.denominators == 43)
