"""Draw equity: the issue's reference values, exact against Monte Carlo, R-DRAW-3 reshuffles."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from histparse.cards import DECK, parse_cards
from histparse.equity import (
    DEFAULT_POLICY,
    DrawToBest,
    FixedPlan,
    Holding,
    Method,
    Situation,
    StandPat,
    chance_to_make,
    draw_to_best,
    equity,
    evaluate,
    parse_policy,
    threshold,
)
from histparse.equity.deal import _Table
from histparse.equity.policy import keep_mask
from histparse.game import Game


def close(estimate_value: float, expected: float, se: float) -> bool:
    return abs(estimate_value - expected) <= 3 * se


PAT_T8 = Holding.of("Ts 8h 6d 4c 2s", policy=StandPat())
DRAW_7432 = Holding.of("7h 4d 3c 2h")  # its discard unknown: 43 unseen cards


def test_pat_ten_against_a_one_card_draw_exactly() -> None:
    """Issue reference: the pat T-8 wins 26/43 against 7-4-3-2 drawing one (R-SHOW-2)."""
    result = equity(Situation((PAT_T8, DRAW_7432), draws_left=1))
    assert result.method is Method.EXACT
    assert result.players[0].exact == Fraction(26, 43)
    assert result.players[1].exact == Fraction(17, 43)
    assert result.samples == 43 and result.seed is None
    assert result.players[0].std_error == 0.0


def test_pat_ten_by_monte_carlo_within_three_standard_errors() -> None:
    result = equity(
        Situation((PAT_T8, DRAW_7432), draws_left=1), method="monte-carlo", samples=20_000
    )
    assert result.method is Method.MONTE_CARLO and result.samples == 20_000
    first = result.players[0]
    assert 0 < first.std_error < 0.01
    assert close(first.value, 26 / 43, first.std_error)
    assert result.players[0].value + result.players[1].value == pytest.approx(1)


@pytest.mark.parametrize("as_dead", [False, True])
def test_seven_five_draw_against_a_pat_nine(as_dead: bool) -> None:
    """Issue reference: 7-5-3-2 drawing one (Kd thrown) wins 12/42 against a pat 9-8-6-4-3,
    whether the Kd is given as its discard or as a dead card."""
    drawer = Holding.of("7c 5d 3h 2s", discards=() if as_dead else "Kd")
    pat = Holding.of("9h 8c 6d 4s 3c", policy=StandPat())
    dead = parse_cards("Kd") if as_dead else ()
    situation = Situation((drawer, pat), draws_left=1, dead=dead)
    result = equity(situation)
    assert result.players[0].exact == Fraction(12, 42)
    mc = equity(situation, method="monte-carlo", samples=20_000, seed=7)
    assert close(mc.players[0].value, 12 / 42, mc.players[0].std_error)


# A one-card draw to 2-3-6-7, the fifth card thrown: the chance to make a 7 (an 8) or better.
MAKES = [
    (1, "7", 0.1702), (2, "7", 0.3145), (3, "7", 0.4364),
    (1, "8", 0.2553), (2, "8", 0.4496), (3, "8", 0.5964),
]  # fmt: skip


@pytest.mark.parametrize(("draws", "target", "expected"), MAKES)
def test_one_card_draw_to_seven_six(draws: int, target: str, expected: float) -> None:
    """Issue reference values; the player keeps drawing one until it makes the target."""
    holding = Holding.of("2c 3d 6h 7s", discards="Kc", policy=draw_to_best(target))
    situation = Situation((holding,), draws_left=draws)
    exact = chance_to_make(situation, threshold(target))
    assert exact.method is Method.EXACT
    assert round(exact.value, 4) == expected
    # 39 (or 35) of the 47 unseen cards miss each time: the closed form, as a fraction.
    misses = 39 if target == "7" else 35
    miss = Fraction(1)
    for i in range(draws):
        miss *= Fraction(misses - i, 47 - i)
    assert exact.exact == 1 - miss
    mc = chance_to_make(
        situation, threshold(target), method="monte-carlo", samples=20_000, seed=draws
    )
    assert close(mc.value, float(exact.value), mc.std_error)


SMALL_CASES = [
    # two one-card draws, one draw left: 42 * 41 deals
    Situation((Holding.of("7c 5d 3h 2s"), Holding.of("8h 6c 4d 2d")), draws_left=1),
    # two two-card draws with default policies afterwards... one draw left: 861 * 780 deals
    Situation((Holding.of("7c 5d 3h"), Holding.of("8h 6c 4d")), draws_left=1),
    # a hidden card: the drawer's kept card unknown, against a pat hand
    Situation(
        (Holding.of("7c 5d 3h", hidden=1), Holding.of("9h 8c 6d 4s 3c", policy=StandPat())),
        draws_left=1,
    ),
    # two draws left, a one-card draw against a pat hand (the drawer redraws)
    Situation(
        (Holding.of("7c 5d 3h 2s"), Holding.of("9h 8c 6d 4s 3c", policy=StandPat())),
        draws_left=2,
    ),
    # three players, no draw left, one unknown hand
    Situation(
        (Holding.of("9h 8c 6d 4s 3c"), Holding.of("Tc 7d 5h 3s 2c"), Holding.of("", hidden=5)),
        draws_left=0,
    ),
]


@pytest.mark.parametrize("situation", SMALL_CASES)
def test_exact_and_monte_carlo_agree(situation: Situation) -> None:
    exact = equity(situation)
    assert exact.method is Method.EXACT
    assert sum(e.exact or 0 for e in exact.players) == 1
    mc = equity(situation, method="monte-carlo", samples=30_000, seed=3)
    for e, m in zip(exact.players, mc.players, strict=True):
        assert close(m.value, e.value, max(m.std_error, 1e-9)), (e.value, m.value, m.std_error)


def test_the_same_seed_gives_the_same_result() -> None:
    situation = Situation((Holding.of("7c 5d 3h 2s 9d"), Holding.of("9h 8c 6d 4s 3c")), 3)
    # Heads-up this is exact now (the paths method): Monte Carlo on request.
    a = equity(situation, method="monte-carlo", samples=5_000, seed=11)
    b = equity(situation, method="monte-carlo", samples=5_000, seed=11)
    c = equity(situation, method="monte-carlo", samples=5_000, seed=12)
    assert a == b and a.seed == 11 and a.method is Method.MONTE_CARLO
    assert a.equities != c.equities


def test_ties_split_the_pot() -> None:
    """R-RANK-6: the same ranks in other suits split."""
    situation = Situation(
        (Holding.of("7c 5d 4h 3s 2c"), Holding.of("7d 5h 4s 3c 2d"), Holding.of("8c 6d 4c 3d 2h")),
        draws_left=0,
    )
    result = equity(situation)
    assert [e.exact for e in result.players] == [Fraction(1, 2), Fraction(1, 2), 0]
    sub = equity(situation, contenders=[1, 2])
    assert [e.exact for e in sub.players] == [0, 1, 0]


def _play(situation: Situation, n: int, seed: int) -> np.ndarray:
    table = _Table(situation, np.random.default_rng(seed), n)
    table.play()
    return table.hands


def test_draw_3_the_stub_runs_out_and_earlier_discards_come_back() -> None:
    """R-DRAW-3: six players, 30 cards held, 20 earlier discards known: the stub has two
    cards. The first player throws five: it takes the stub's two, then three of the earlier
    discards, never its own. The second throws five and draws from the new stub, which holds
    neither player's discards of this draw. Every card appears once."""
    hands = ["2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d", "2h 3h 4h 5h 6h",
             "2s 3s 4s 5s 6s", "7c 7d 7h 7s 8c", "8d 8h 8s 9c 9d"]  # fmt: skip
    holdings = [Holding.of(h, policy=FixedPlan((5,))) for h in hands[:2]]
    holdings += [Holding.of(h, policy=StandPat()) for h in hands[2:]]
    seen = {c for h in hands for c in parse_cards(h)}
    rest = [c for c in range(52) if c not in seen]
    stub, dead = rest[:2], rest[2:]
    situation = Situation(tuple(holdings), draws_left=1, dead=tuple(DECK[c] for c in dead))
    assert len(situation.unseen) == 2
    final = _play(situation, 300, seed=5)
    first = set(parse_cards(hands[0]))
    second = set(parse_cards(hands[1]))
    for row in final:
        cards = row.reshape(-1).tolist()
        assert len(set(cards)) == 30 and min(cards) >= 0
        p1, p2 = set(row[0].tolist()), set(row[1].tolist())
        assert set(stub) <= p1 and not p1 & first  # the stub's last cards, then the pile
        assert len(p1 & set(dead)) == 3
        assert not p2 & first  # the first player's discards stayed out of the new stub
        assert not p2 & second and p2 <= set(dead)


def test_draw_3_a_card_thrown_in_an_earlier_draw_comes_back() -> None:
    """R-DRAW-3 over two draws: with one card in the stub and the first player's discards of
    the first draw in the pile, its second draw can return them; cards are never duplicated."""
    hands = ["2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d", "2h 3h 4h 5h 6h",
             "2s 3s 4s 5s 6s", "7c 7d 7h 7s 8c", "8d 8h 8s 9c 9d"]  # fmt: skip
    holdings = [Holding.of(hands[0], policy=FixedPlan((5, 5)))]
    holdings += [Holding.of(h, policy=StandPat()) for h in hands[1:]]
    seen = {c for h in hands for c in parse_cards(h)}
    rest = [c for c in range(52) if c not in seen]
    situation = Situation(tuple(holdings), draws_left=2, out=tuple(DECK[c] for c in rest[:16]))
    assert len(situation.unseen) == 6
    first = {int(c) for c in parse_cards(hands[0])}
    back = 0
    for row in _play(situation, 200, seed=2):
        cards = row.reshape(-1).tolist()
        assert len(set(cards)) == 30
        assert not set(cards) & set(rest[:16])  # cards out for good never come back
        back += bool(set(row[0].tolist()) & first)
    assert back == 200  # after six cards the stub is empty: its first discards come back


def test_unknown_cards_out_of_the_stub_make_it_run_out() -> None:
    """Unknown dead cards shrink the stub; the result still sums to one (R-DRAW-3)."""
    holdings = tuple(Holding.of("", hidden=5) for _ in range(6))
    situation = Situation(holdings, draws_left=3, unknown_dead=10)
    result = equity(situation, samples=2_000, seed=1)
    assert result.method is Method.MONTE_CARLO
    assert sum(result.equities) == pytest.approx(1)
    assert all(0.1 < e < 0.25 for e in result.equities)  # six unknown hands: about 1/6 each


def test_policies_keep_the_lowest_distinct_cards() -> None:
    hands = np.sort(
        np.array([parse_cards(h) for h in ("Kc 7d 6h 6s 2c", "9c 7d 5h 3s 2c", "Qc Jd 3h 2s 2c")]),
        axis=1,
    ).astype(np.int8)
    ranks = evaluate(hands)
    keep = keep_mask(DEFAULT_POLICY, hands, ranks, 3, 0)
    kept = [sorted(str(c) for c, k in zip((DECK[c] for c in h.tolist()), m, strict=True) if k)
            for h, m in zip(hands, keep, strict=True)]  # fmt: skip
    assert kept == [["2c", "6h", "7d"], ["2c", "3s", "5h", "7d"], ["2c", "3h"]]
    # With one draw left the 9-7 stands pat (T-low or better), with three it breaks.
    assert keep_mask(DEFAULT_POLICY, hands, ranks, 1, 0)[1].all()
    plan = keep_mask(FixedPlan((1,)), hands, ranks, 1, 0)
    assert plan.sum(axis=1).tolist() == [4, 4, 4]
    assert keep_mask(StandPat(), hands, ranks, 1, 0).all()


def test_policy_text_and_thresholds() -> None:
    assert parse_policy("pat") == StandPat()
    assert parse_policy("draw:9") == DrawToBest(pat_at=(threshold("9"),) * 3) == draw_to_best("9")
    assert parse_policy("draw:none:3").keep == (3, 3, 3)
    assert parse_policy("plan:2,1") == FixedPlan((2, 1))
    assert threshold("9-low") == threshold("9") == threshold("9-8-7-6-4")
    assert threshold("9h 8c 6d 4s 3c") == threshold("9-8-6-4-3")
    for bad in ("fold", "draw:Z", "plan:9", "plan:"):
        with pytest.raises(ValueError, match="bad policy"):
            parse_policy(bad)


def test_situations_are_checked() -> None:
    with pytest.raises(ValueError, match="seen twice"):
        Situation((Holding.of("7c 5d 3h 2s"), Holding.of("7c 8d")), draws_left=1)
    with pytest.raises(ValueError, match="draw"):
        Situation((Holding.of("7c 5d 3h 2s"),), draws_left=2, game=Game.SINGLE_DRAW_27)
    with pytest.raises(ValueError, match="no draw left"):
        Situation((Holding.of("7c 5d 3h 2s"), Holding.of("9h 8c 6d 4s 3c")), draws_left=0)
    with pytest.raises(ValueError, match="more than five"):
        Situation((Holding.of("7c 5d 3h 2s", hidden=2),), draws_left=1)
    with pytest.raises(ValueError, match="2 to 6 players"):
        equity(Situation((Holding.of("7c 5d 3h 2s"),), draws_left=1))
    # Heads-up is exact at any number of draws now (the paths method); three players are not.
    three = (Holding.of("7c 5d 3h 2s 9d"), Holding.of("9h 8c 6d 4s 3c"), Holding.of("Kd Qd"))
    big = Situation(three, 3)
    with pytest.raises(ValueError, match="cannot enumerate"):
        equity(big, method="exact")


def test_single_draw() -> None:
    """2-7 Single Draw: one draw at most; the same reference as triple draw's last draw."""
    situation = Situation((PAT_T8, DRAW_7432), draws_left=1, game=Game.SINGLE_DRAW_27)
    assert equity(situation).players[0].exact == Fraction(26, 43)
