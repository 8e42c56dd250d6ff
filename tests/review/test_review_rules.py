"""The review's own rules, each where a bug would change rows without changing any equity:
which draws are reviewed, what is skipped and why, the candidate holdings, which queries
``auto`` asks exactly, and the class names of the summary."""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from histparse.cards import parse_cards
from histparse.equity import (
    DEFAULT_POLICY,
    DrawToBest,
    Estimate,
    FixedPlan,
    Holding,
    Situation,
    StandPat,
)
from histparse.game import Game
from histparse.parsing import parse_text, read_histories
from histparse.replayer import read_facts
from histparse.review import best_kept, review, review_hand, spots, summarise
from histparse.review.frame import ALTERNATIVES, review_frame
from histparse.review.spots import (
    MAX_CANDIDATES,
    MIN_SAMPLES,
    DrawReview,
    _cheap_two_draws,
    _one_card_at_most,
    kept_class,
)
from histparse.simulation import simulate

from .test_review import _BREAK

REAL = Path(__file__).resolve().parents[1] / "data" / "real_histories"
STT = REAL / "fulltilt" / "3-Draw-Limit-USD-STT-2max-10-201211.txt"


@pytest.mark.parametrize(
    ("kept", "name"),
    [
        ("8c 6d 4h 3s 2c", "pat 8-6"),
        ("Tc 9d 4h 3s 2c", "pat T-9"),
        ("8c 8d 4h 3s 2c", "pat (paired)"),
        ("7c 5d 3h 2s", "draw 1 to 7"),
        ("Kc 3h", "draw 3 to K"),
        ("", "draw 5"),
    ],
)
def test_kept_class_names_the_hand_kept(kept: str, name: str) -> None:
    assert kept_class(parse_cards(kept)) == name


def test_best_kept_orders_by_rank_then_pairs() -> None:
    """The lowest distinct ranks first (a 2 before a 3 whatever their suits), then a pair's
    second card, then a third."""
    assert best_kept(parse_cards("3c 2d Kh Qs Js"), 1) == tuple(parse_cards("2d"))
    assert best_kept(parse_cards("3c 2d Kh Qs Js"), 2) == tuple(sorted(parse_cards("3c 2d")))
    cards = parse_cards("5c 5d 5h 4s 9d")
    assert best_kept(cards, 3) == tuple(sorted(parse_cards("5c 4s 9d")))
    assert best_kept(cards, 4) == tuple(sorted(parse_cards("5c 5d 4s 9d")))


def test_a_hand_of_another_game_has_no_review() -> None:
    """Only the 2-7 games are valued (their evaluator); a Badugi or A-5 hand gives no row."""
    (hand,) = parse_text(_BREAK)
    assert len(review_hand(read_facts(hand), "Hero")) == 3
    for game in (Game.BADUGI, Game.TRIPLE_DRAW_A5, Game.FIVE_CARD_DRAW):
        assert review_hand(read_facts(dataclasses.replace(hand, game=game)), "Hero") == []


def test_a_pot_without_a_showdown_is_reviewed_where_the_opponent_stood_pat() -> None:
    """Full Tilt #31331056644: no showdown, the opponent stood pat at the third draw only. That
    draw is a row, not valued (its cards were never shown), and says why; the first two draws,
    where it drew, are not rows at all."""
    hand = next(h for h in read_histories(STT) if h.hand_id == "31331056644")
    (row,) = review_hand(read_facts(hand), "Hero")
    assert (row.draw, row.facing, row.reason) == (3, "pat", "cards not shown: Player0")
    assert row.choices == () and row.cost is None and row.method is None
    assert row.candidates == 0 and row.best is None
    # What is known is still there: the draw made, the seat, the hand kept, the pot before it.
    assert (row.actual, row.drew, row.position) == ("keep 4", 1, "BTN")
    assert (row.kept_class, row.pot) == ("draw 1 to 8", Decimal(360))


def test_a_pot_the_opponent_folded_before_the_showdown_has_no_row() -> None:
    folded = (
        _BREAK[: _BREAK.index("Villain: checks\nHero: checks\n*** SHOW DOWN ***")]
        + """Villain: checks
Hero: bets $0.20
Villain: folds
Uncalled bet ($0.20) returned to Hero
Hero collected $1.00 from pot
*** SUMMARY ***
Total pot $1.00 | Rake $0
Seat 1: Hero (button) (small blind) collected ($1.00)
Seat 2: Villain (big blind) folded after the 3rd Draw
"""
    )
    (hand,) = parse_text(folded)
    assert review_hand(read_facts(hand), "Hero") == []


def test_shown_cards_that_clash_with_the_players_are_a_reason_not_a_crash() -> None:
    """A doctored history: the opponent stands pat and shows the 8c the hero held. No holding
    of it fits, so the draw says so."""
    text = _BREAK.replace(
        "*** THIRD DRAW ***\nVillain: discards 1 card", "*** THIRD DRAW ***\nVillain: stands pat"
    ).replace("7h 5d 3d 2h Jc", "7h 5d 3d 2h 8c")
    (row,) = review_hand(read_facts(parse_text(text)[0]), "Hero", draws=(3,))
    assert row.reason == "Villain's shown cards do not fit the player's"
    assert row.choices == ()


def _with_hero_third_draw(discard: str, kept: str, received: str, shown: str, low: str) -> str:
    """``_BREAK`` with the hero's third draw (and so its shown hand) changed."""
    text = _BREAK.replace(
        "Hero: discards 1 card [8c]\nDealt to Hero [6d 4h 3s 2c] [Qh]",
        f"Hero: discards 1 card [{discard}]\nDealt to Hero [{kept}] [{received}]",
    )
    return text.replace("[6d 4h 3s 2c Qh] (Lo: Q,6,4,3,2)", f"[{shown}] (Lo: {low})").replace(
        "[6d 4h 3s 2c Qh] and lost with Lo: Q,6,4,3,2", f"[{shown}] and lost with Lo: {low}"
    )


def test_a_later_draw_never_changes_the_review_of_an_earlier_one() -> None:
    """The dead cards of a draw are the player's discards before it: what it throws at the
    third draw (here the 2c it was dealt at the first) changes nothing at the first two."""
    one = parse_text(_BREAK)[0]
    other = parse_text(
        _with_hero_third_draw("2c", "8c 6d 4h 3s", "Qh", "8c 6d 4h 3s Qh", "Q,8,6,4,3")
    )[0]
    assert read_facts(other).body.final_cards["Hero"] == tuple(parse_cards("8c 6d 4h 3s Qh"))
    rows = {}
    for draw in (1, 2):
        (a,) = review_hand(read_facts(one), "Hero", draws=(draw,), samples=2_000)
        (b,) = review_hand(read_facts(other), "Hero", draws=(draw,), samples=2_000)
        assert a.choices == b.choices, draw
        assert (a.best, a.cost, a.method) == (b.best, b.cost, b.method)
        rows[draw] = a
    # The pot before each draw (the betting after it not yet in), every alternative valued.
    assert [(r.pot, r.position, r.kept_class) for r in rows.values()] == [
        (Decimal("0.40"), "BTN", "draw 1 to 8"),
        (Decimal("0.60"), "BTN", "pat 8-6"),
    ]
    assert all(tuple(c.label for c in r.choices) == ALTERNATIVES for r in rows.values())
    # The first draw is sampled over the opponent's ten candidate holdings (it drew one card at
    # each draw: two of its shown cards were held then), MIN_SAMPLES deals each. A mean of
    # shares in [0, 1] has a standard error of at most 0.5 / sqrt(deals), a little more with
    # the sample's n - 1.
    first = rows[1]
    assert (first.method, first.candidates) == ("monte-carlo", 10)
    for choice in first.choices:
        assert choice.exact is None
        assert 0 < choice.std_error <= 0.51 / math.sqrt(MIN_SAMPLES * 10), choice.label


_FOLDER = _BREAK
for _old, _new in (
    ("Villain ($10 in chips)\n", "Villain ($10 in chips)\nSeat 3: Folder ($10 in chips)\n"),
    ("Hero [8c 6d 4h 3s Kd]\n", "Hero [8c 6d 4h 3s Kd]\nFolder: folds\n"),
    ("J,7,5,3,2\n", "J,7,5,3,2\nSeat 3: Folder folded before the Draw (didn't bet)\n"),
    ("SECOND DRAW ***\nVillain: discards 1 card", "SECOND DRAW ***\nVillain: discards 3 cards"),
    ("THIRD DRAW ***\nVillain: discards 1 card", "THIRD DRAW ***\nVillain: discards 3 cards"),
):
    _FOLDER = _FOLDER.replace(_old, _new)


def test_each_draw_is_valued_with_what_was_dead_unknown_and_hidden_then(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The situations the equity is asked for. A third player folded before the draw (five
    cards out, unknown); the hero's first discard Kd is dead from the second draw on, the
    villain's discards (1, then 3) are dead and unknown; the villain drew 1, 3 and 3, so at the
    first two draws none of its shown cards were in its hand yet (four, then two unknown cards
    kept: one candidate) and at the third two of them were (ten candidates)."""
    seen: dict[int, list[Situation]] = {}
    estimates = spots._estimates

    def spy(situations: Sequence[Situation], me: int, *args: Any) -> list[Estimate]:
        seen.setdefault(situations[0].draws_left, []).extend(situations)
        return estimates(situations, me, *args)

    monkeypatch.setattr(spots, "_estimates", spy)
    rows = review_hand(read_facts(parse_text(_FOLDER)[0]), "Hero", samples=500)
    assert [(r.draw, r.candidates) for r in rows] == [(1, 1), (2, 1), (3, 10)]
    pairs = {tuple(sorted(c)) for c in itertools.combinations(parse_cards("7h 5d 3d 2h Jc"), 2)}
    kd = tuple(parse_cards("Kd"))
    for left, dead, unknown_dead, villain, hidden in (
        (3, (), 0, {()}, 4),
        (2, kd, 1, {()}, 2),
        (1, kd, 4, pairs, 0),
    ):
        situations = seen[left]
        assert {(s.dead, s.unknown_dead, s.unknown_out) for s in situations} == {
            (dead, unknown_dead, 5)
        }, left
        assert {tuple(sorted(s.holdings[0].cards)) for s in situations} == villain, left
        assert {s.holdings[0].hidden for s in situations} == {hidden}, left


def test_candidate_holdings_past_the_cap_are_a_seeded_sample() -> None:
    """Two opponents drawing one at the last draw: 5 x 5 = 25 ways they held their shown
    cards, valued over a seeded sample of MAX_CANDIDATES (the same every run)."""
    hand = next(itertools.islice(simulate(381, seed=35), 380, None))
    assert hand.hand_id == "62836517590000035"
    (row,) = review_hand(read_facts(hand), "Hero", draws=(3,), samples=1_000)
    assert row.facing == "draw 1, draw 1" and row.candidates == MAX_CANDIDATES
    (again,) = review_hand(read_facts(hand), "Hero", draws=(3,), samples=1_000)
    assert again.choices == row.choices


_STAND = StandPat()
# The policy keeps three cards at the draw with one left (the first of ``keep``), or with two.
_KEEP_3_FIRST = DrawToBest(DEFAULT_POLICY.pat_at, keep=(3, 4, 4))
_KEEP_3_LATER = DrawToBest(DEFAULT_POLICY.pat_at, keep=(4, 3, 4))


@pytest.mark.parametrize(
    ("holding", "left", "expected"),
    [
        (Holding.of("9c 8d 7h 5s 2c", policy=_STAND), 2, True),  # pat, whatever it holds
        (Holding.of("7c 5d 3h 2s"), 2, True),  # four low of distinct ranks: kept
        (Holding.of("7c 5d 3h 2s", hidden=1), 2, False),  # an unknown card
        (Holding.of("7c 5d 3h"), 2, False),  # two cards now
        (Holding.of("Kc 5d 3h 2s"), 2, False),  # three low: may break
        (Holding.of("9c 8d 5d 3h 2s"), 2, True),  # four low kept: one card at most
        (Holding.of("8c 5d 3h 2s"), 2, True),  # an 8 is low (the policy keeps it)
        (Holding.of("8c 5d 5h 2s"), 2, False),  # a pair: three low ranks, may break
        (Holding.of("7c 5d 3h", policy=_STAND), 2, False),  # two cards now, pat or not
        (Holding.of("Td 9c 8c 7c 5c"), 1, True),  # the worst T-low is still pat
        (Holding.of("Tc 9d 4h 3s 2c"), 1, True),  # a T-low: pat with one draw left
        (Holding.of("Tc 9d 4h 3s 2c"), 2, False),  # not with two (pat at a 9-low)
        (Holding.of("Tc 9d 5h 4s 2c"), 1, True),
        (Holding.of("Jc 9d 4h 3s 2c"), 1, False),  # a J-low: broken
        (Holding.of("7c 5d 3h 2s", policy=_KEEP_3_FIRST), 1, False),  # keeps three now
        (Holding.of("7c 5d 3h 2s", policy=_KEEP_3_FIRST), 2, False),
        (Holding.of("7c 5d 3h 2s", policy=_KEEP_3_LATER), 1, True),  # three only later
        (Holding.of("7c 5d 3h 2s", policy=_KEEP_3_LATER), 2, False),
        (Holding.of("7c 5d 3h 2s", policy=FixedPlan((4, 4, 4))), 2, False),
    ],
)
def test_which_holdings_read_one_card_at_most_per_draw(
    holding: Holding, left: int, expected: bool
) -> None:
    assert _one_card_at_most(holding, left) is expected


def test_auto_is_exact_with_two_draws_left_only_heads_up_and_one_two_card_draw() -> None:
    one = Holding.of("7c 5d 3h 2s")
    two = Holding.of("7h 5s 3d")
    pat = Holding.of("9c 8d 7h 5s 2c", policy=_STAND)
    assert _cheap_two_draws([one, pat]) and _cheap_two_draws([two, one])
    assert _cheap_two_draws([pat, two])
    assert not _cheap_two_draws([two, Holding.of("8h 6s 4d")])  # two two-card draws
    assert not _cheap_two_draws([one, pat, Holding.of("8h 6s 4d 2d")])  # three players
    assert not _cheap_two_draws([Holding.of("7h 5s"), one])  # a three-card draw
    hidden = Holding.of("7h 5s", hidden=1)
    assert not _cheap_two_draws([hidden, one])
    # A one-card draw that may break later (three low cards and a king): exact against a draw
    # of one card or none, not against a two-card draw; an unknown card never.
    breaking = Holding.of("Kc 5d 3h 2s")
    assert _cheap_two_draws([breaking, pat]) and _cheap_two_draws([one, breaking])
    assert not _cheap_two_draws([breaking, two]) and not _cheap_two_draws([two, breaking])
    assert not _cheap_two_draws([Holding.of("7c 5d 3h", hidden=1), pat])
    # Two draws left, not three: a policy that keeps three only at its third draw from the end
    # reads one card at most at each of the two (against a two-card draw).
    keep_later = DrawToBest(DEFAULT_POLICY.pat_at, keep=(4, 4, 3))
    assert _cheap_two_draws([Holding.of("7c 5d 3h 2s", policy=keep_later), two])


def test_the_review_records_are_frozen() -> None:
    (hand,) = parse_text(_BREAK)
    (row,) = review_hand(read_facts(hand), "Hero", draws=(3,))
    with pytest.raises(dataclasses.FrozenInstanceError):
        row.cost = None  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        row.choices[0].equity = 1.0  # type: ignore[misc]


def test_the_tables_keep_their_columns_with_nothing_valued() -> None:
    """``review`` and ``summarise`` of no draw, or of draws none of which could be valued, have
    the columns of full ones (a notebook's code runs on them unchanged)."""
    (hand,) = parse_text(_BREAK)
    full = review([hand], "Hero", samples=500)
    # The last draw is exact (its fraction given), the first two sampled (none).
    exact = dict(zip(full["draw"], full["exact_actual"], strict=True))
    assert sorted(exact) == [1, 2, 3] and Fraction(exact[3]) > 0
    assert pd.isna(exact[1]) and pd.isna(exact[2])
    groups = ["draw", "position", "kept_class", "facing"]
    assert list(summarise(full).columns) == [
        *groups, "decisions", "mistakes", "mean_cost_equity", "total_cost"
    ]  # fmt: skip
    empty = review([], "Hero")
    assert empty.empty and list(empty.columns) == list(full.columns)
    assert list(summarise(empty).columns) == list(summarise(full).columns)
    real = next(h for h in read_histories(STT) if h.hand_id == "31331056644")
    unvalued = review([real], "Hero")
    assert len(unvalued) == 1 and list(unvalued.columns) == list(full.columns)
    summary = summarise(unvalued)
    assert summary.empty and list(summary.columns) == list(summarise(full).columns)


def test_rows_are_the_costliest_first_then_by_site_hand_and_draw() -> None:
    (hand,) = parse_text(_BREAK)
    (row,) = review_hand(read_facts(hand), "Hero", draws=(3,))
    rows = [
        dataclasses.replace(
            row,
            site=site,
            hand_id=hand_id,
            draw=draw,
            cost_equity=cost,
            cost=row.cost if cost else Decimal(0),
        )
        for site, hand_id, draw, cost in (
            ("b", "1", 1, 0.0),
            ("a", "2", 2, 0.0),
            ("a", "2", 1, 0.0),
            ("a", "1", 3, 0.0),
            ("a", "9", 1, 0.25),
        )
    ]
    rows.append(dataclasses.replace(_skipped(row), hand_id="0"))
    frame = review_frame(rows)
    assert list(zip(frame["site"], frame["hand_id"], frame["draw"], strict=True)) == [
        ("a", "9", 1),  # the costliest
        ("a", "1", 3),
        ("a", "2", 1),
        ("a", "2", 2),
        ("b", "1", 1),
        (row.site, "0", 3),  # not valued: last
    ]
    # The summary: the costliest situation first, then, among equal totals, the key's order
    # (draw, position, kept class, facing), not the order of the rows.
    summary = summarise(frame)
    assert list(summary["draw"]) == [1, 2, 3] and list(summary["decisions"]) == [3, 1, 1]
    assert list(summary["total_cost"]) == [row.cost, 0, 0] and row.cost


def _skipped(row: DrawReview) -> DrawReview:
    return dataclasses.replace(
        row, choices=(), best=None, cost_equity=None, cost=None, method=None, reason="why"
    )


def test_every_row_keeps_the_reviews_laws() -> None:
    """Over simulated six-max hands: the best choice has the highest equity, the cost is the
    pot times the equity given up (never negative, exact where both are), a row is ``exact``
    exactly when every choice is, an exact choice's equity is its fraction's with no error, and
    a draw not valued has a reason and nothing else."""
    seen = {"exact": 0, "monte-carlo": 0, "reason": 0}
    for hand in simulate(150, seed=7):
        for row in review_hand(read_facts(hand), "Hero", samples=300):
            if row.reason is not None:
                assert row.choices == () and row.cost is None and row.best is None
                seen["reason"] += 1
                continue
            labels = [c.label for c in row.choices]
            assert tuple(labels[:6]) == ALTERNATIVES and len(labels) <= 7
            assert all(0 <= c.equity <= 1 for c in row.choices)
            by_label = {c.label: c for c in row.choices}
            best, actual = by_label[row.best], by_label[row.actual]
            assert best.equity == max(c.equity for c in row.choices)
            assert row.cost_equity == best.equity - actual.equity >= 0
            assert row.cost is not None and row.cost >= 0
            exact = all(c.exact is not None for c in row.choices)
            assert row.method == ("exact" if exact else "monte-carlo")
            seen[row.method] += 1
            for c in row.choices:
                if c.exact is not None:
                    assert c.equity == float(c.exact) and c.std_error == 0
            if best.exact is not None and actual.exact is not None:
                gap = best.exact - actual.exact
                assert row.cost == (row.pot * gap.numerator / gap.denominator).quantize(
                    Decimal("0.01")
                )
    assert min(seen.values()) >= 3, seen  # each kind of row met
