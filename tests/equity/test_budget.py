"""The exact heads-up methods' budgets (``histparse.equity.budget``): ``method="auto"`` keeps to
the quick one and samples past it, ``method="exact"`` to the full one; every limit refuses; and
the pairing's integer sums stay exact past int64."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from histparse.equity import (
    Holding,
    Method,
    NotExact,
    Situation,
    budget,
    compute,
    equity,
    flushes,
    joint,
    ranked,
)
from histparse.equity.budget import FULL, QUICK, Budget
from histparse.equity.deal import TooManyDeals
from histparse.equity.ranked import exact_by_ranks

_NOTHING = Budget(states=0, last=0, keys=0, rows=0, cells=0, cards=0, flushes=0)
# Two one-card draws, three draws left: served before the last draw, and paired as paths
# (not summed into the pairing), so every limit is met on the way.
_PAIRED = Situation((Holding.of("7c 4d 3h 2s"), Holding.of("8h 5c 3d 2c")), draws_left=3)


def test_auto_keeps_to_the_quick_budget_and_exact_to_the_full(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    situation = Situation((Holding.of("7c 4d 3h 2s"), Holding.of("8h 5c 3d")), draws_left=2)
    truth = exact_by_ranks(situation)[0]
    monkeypatch.setattr(budget, "QUICK", _NOTHING)
    assert equity(situation, samples=2_000).method is Method.MONTE_CARLO
    found = equity(situation, method="exact")
    assert found.method is Method.EXACT
    assert (found.players[0].exact, found.players[1].exact) == truth


@pytest.mark.parametrize(
    ("limit", "message"),
    [
        ("states", "class cards served"),
        ("last", "class cards served"),
        ("keys", "rows for the first player"),
        ("rows", "shared-class rows"),
        ("cells", "cells pairing"),
    ],
)
def test_each_limit_of_a_budget_refuses(limit: str, message: str) -> None:
    truth = exact_by_ranks(_PAIRED, FULL)[0]
    assert exact_by_ranks(_PAIRED, QUICK)[0] == truth
    with pytest.raises(TooManyDeals, match=message):
        exact_by_ranks(_PAIRED, dataclasses.replace(FULL, **{limit: 0}))


def test_the_pairings_rows_are_bounded_before_the_second_players_paths(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A full query past the pairing's limit is refused once the first player's paths are
    known: the other's last draw (the longer one) is never served."""
    served: list[int] = []
    original = ranked._last_serve

    def counted(*args: object) -> ranked.RankPaths:
        served.append(1)
        return original(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(ranked, "_last_serve", counted)
    with pytest.raises(TooManyDeals, match="rows for the first player"):
        exact_by_ranks(_PAIRED, dataclasses.replace(FULL, keys=10))
    assert len(served) == 1
    served.clear()
    exact_by_ranks(_PAIRED, FULL)  # each pass (suits tracked or not) serves both players
    assert len(served) >= 2 and len(served) % 2 == 0


_BIG = st.integers(min_value=0, max_value=2**62)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(_BIG, _BIG), max_size=12), st.integers(min_value=1, max_value=5))
def test_exact_dot_is_the_sum_of_the_products(pairs: list[tuple[int, int]], rows: int) -> None:
    a = np.array([x for x, _ in pairs], dtype=np.int64)
    b = np.array([y for _, y in pairs], dtype=np.int64)
    expected = sum(x * y for x, y in pairs)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(joint, "_DOT_ROWS", rows)  # chunks of a few rows: their joins too
        assert joint.exact_dot(a, b) == expected


def test_exact_dot_where_only_the_sum_passes_int64() -> None:
    """Four products of 2**62 each fit int64; their sum, 2**64, does not."""
    a = np.full(4, 2**31, dtype=np.int64)
    assert joint.exact_dot(a, a) == 2**64


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(min_value=0, max_value=4), _BIG), min_size=1, max_size=40))
def test_exact_bincount_adds_large_weights_exactly(rows: list[tuple[int, int]]) -> None:
    keys = np.array([k for k, _ in rows], dtype=np.intp)
    weights = np.array([w for _, w in rows], dtype=np.int64)
    expected = [sum(w for k, w in rows if k == key) for key in range(5)]
    # A bin may pass int64 here: the test's own sums are Python ints, compared where they fit.
    got = joint.exact_bincount(keys, weights, 5)
    for key in range(5):
        if expected[key] < 2**63:
            assert int(got[key]) == expected[key]


def test_exact_bincount_limbs_are_narrow_enough_for_their_rows() -> None:
    """Three rows of 2**52 - 1 in one bin: limbs of 51 bits add up below 2**53, one bit wider
    they would pass it at an odd sum, which a float cannot hold."""
    weights = np.full(3, 2**52 - 1, dtype=np.int64)
    got = joint.exact_bincount(np.zeros(3, dtype=np.intp), weights, 2)
    assert got.tolist() == [3 * (2**52 - 1), 0]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.lists(st.integers(min_value=0, max_value=4), min_size=7, max_size=7),
                min_size=1, max_size=30))  # fmt: skip
def test_supports_list_each_path_once_with_its_classes_ascending(rows: list[list[int]]) -> None:
    counts = np.array(rows, dtype=np.int8)
    seen: dict[int, tuple[list[int], list[int]]] = {}
    for index, where, read in joint._supports(counts):
        assert where.shape == read.shape == (len(index), where.shape[1])
        for r, w, x in zip(index.tolist(), where.tolist(), read.tolist(), strict=True):
            assert r not in seen
            seen[r] = (w, x)
    assert sorted(seen) == list(range(len(rows)))
    for r, row in enumerate(rows):
        classes = [c for c, n in enumerate(row) if n]
        assert seen[r] == (classes, [row[c] for c in classes])


def test_the_budgets_give_the_same_fraction_as_the_cards() -> None:
    """The full budget changes what is answered, never the answer: both budgets and the card
    method agree on a query all three can do (a diamond flush possible)."""
    from histparse.equity.exact import exact_by_cards

    situation = Situation((Holding.of("7c 4d 3h 2s"), Holding.of("8h 5d 3s")), draws_left=1)
    quick, full = exact_by_ranks(situation, QUICK)[0], exact_by_ranks(situation, FULL)[0]
    assert quick == full == exact_by_cards(situation)[0]
    assert sum(full) == Fraction(1)


def test_pairing_a_block_of_keys_at_a_time_gives_the_same_fraction(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A's keys are paired in blocks of whole class sets (a table of every key at once can
    take gigabytes); blocks of one set each must give the fraction of one block for all."""
    whole = exact_by_ranks(_PAIRED, FULL)[0]
    blocks: list[int] = []
    original = joint._key_blocks

    def counted(*args: object) -> list[tuple[tuple[int, int], tuple[int, int]]]:
        found = original(*args)  # type: ignore[arg-type]
        blocks.append(len(found))
        return found

    monkeypatch.setattr(joint, "_key_blocks", counted)
    monkeypatch.setattr(joint, "_BLOCK_CELLS", 1)
    assert exact_by_ranks(_PAIRED, FULL)[0] == whole
    assert max(blocks) > 10  # one set a block: many blocks at some size of set


def test_the_review_asks_for_exact_equity_within_the_quick_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The review's exact queries, ``--method exact`` included, keep to the quick budget: a
    full one can take a minute a query, and a review asks thousands."""
    from histparse.review import spots

    asked: list[Budget] = []
    original = compute.exact_shares

    def spy(situation: Situation, who: object, budget: Budget) -> object:
        asked.append(budget)
        return original(situation, who, budget)  # type: ignore[arg-type]

    monkeypatch.setattr(compute, "exact_shares", spy)
    situation = Situation((Holding.of("7c 4d 3h 2s"), Holding.of("8h 5c 3d 2c")), draws_left=2)
    for method in ("auto", "exact"):
        found = spots._estimates([situation], 0, method, 2_000, 0)
        assert found[0].method is Method.EXACT
    assert asked == [QUICK, QUICK]
    asked.clear()
    equity(situation, method="exact")
    assert asked == [FULL]


def _supports_of(*sizes: int) -> np.ndarray:
    """Paths reading one card of each of their first ``size`` classes."""
    counts = np.zeros((len(sizes), 8), dtype=np.int8)
    for row, size in enumerate(sizes):
        counts[row, :size] = 1
    return counts


def test_check_key_rows_counts_every_set_size_the_other_player_can_share() -> None:
    # Supports 1, 3, 3: per size of set t the rows are 3, 7, 6, 2 (t = 0..3).
    counts = _supports_of(1, 3, 3)
    joint.check_key_rows(counts, 3, 7)  # the most rows (7, at t = 1) is the limit: passes
    with pytest.raises(TooManyDeals, match="more than 6 shared-class rows"):
        joint.check_key_rows(counts, 3, 6)
    # Supports 4, 4: rows 2, 8, 12, 8, 2. Sets larger than the other player reads are none.
    counts = _supports_of(4, 4)
    joint.check_key_rows(counts, 1, 8)
    with pytest.raises(TooManyDeals):
        joint.check_key_rows(counts, 2, 11)
    joint.check_key_rows(counts, 2, 12)


# A two-card draw to a heart flush against a one-card draw, two draws left: flushes apart,
# eight pairings (the paths through a flush by suits, then against the loose paths by ranks).
_SPLIT = Situation((Holding.of("8h 6h 3h"), Holding.of("9d 6c 3s 2h")), draws_left=2)


def _tables_built(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list of the cells of each pairing table built (A's keys times B's cells)."""
    tables: list[int] = []
    original = joint._table_of_b

    def counted(*args: Any) -> Any:
        tables.append(len(args[2].key_set) * args[5])
        return original(*args)

    monkeypatch.setattr(joint, "_table_of_b", counted)
    return tables


@pytest.mark.parametrize("situation", [_PAIRED, _SPLIT], ids=["one pairing", "flushes apart"])
def test_the_full_budget_finds_the_cells_past_it_before_pairing(
    monkeypatch: pytest.MonkeyPatch, situation: Situation
) -> None:
    """Under the full budget (``check_first``) every pairing's cells are counted before the
    first table is built: a pairing past the limit is refused after no pairing work. The
    quick budget finds it where it comes, after the tables before it; both refuse the same
    queries."""
    tables = _tables_built(monkeypatch)
    truth = exact_by_ranks(situation, FULL)[0]
    largest = max(tables)
    assert tables.index(largest) > 0  # found after some tables were built
    for check_first, built in ((True, 0), (False, tables.index(largest))):
        tight = dataclasses.replace(FULL, check_first=check_first)
        tables.clear()
        assert exact_by_ranks(situation, dataclasses.replace(tight, cells=largest))[0] == truth
        tables.clear()
        with pytest.raises(TooManyDeals, match="cells pairing"):
            exact_by_ranks(situation, dataclasses.replace(tight, cells=largest - 1))
        assert len(tables) == built
    assert FULL.check_first and not QUICK.check_first


# Both drawing one card to a flush (hearts, diamonds), two draws left: every one of the eight
# pairings has paths on both sides.
_BOTH = Situation((Holding.of("8h 6h 3h 2h"), Holding.of("7d 4d 3d 2d")), draws_left=2)


@pytest.mark.parametrize("budget", [FULL, QUICK], ids=["full", "quick"])
@pytest.mark.parametrize("situation", [_SPLIT, _BOTH], ids=["one flush", "two flushes"])
def test_flushes_apart_check_every_pairing_before_the_first(
    monkeypatch: pytest.MonkeyPatch, budget: Budget, situation: Situation
) -> None:
    """Flushes apart pair the loose processes, then up to eight times more: under either
    budget each pairing's bounds are checked (``check_pairing``: the cells too under the
    full one) before the first is made (the loose one's where it is paired: the test
    below)."""
    truth = exact_by_ranks(situation, QUICK)[0]
    events: list[str] = []

    def spy(name: str, module: Any, attr: str) -> None:
        original = getattr(module, attr)

        def logged(*args: Any, **kwargs: Any) -> Any:
            events.append(name)
            return original(*args, **kwargs)

        monkeypatch.setattr(module, attr, logged)

    spy("check", flushes, "check_pairing")
    spy("check", ranked, "check_pairing")
    spy("pair", flushes, "pair_sums")
    spy("pair", ranked, "pair_sums")
    assert exact_by_ranks(situation, budget)[0] == truth
    pairs = events.count("pair")
    assert pairs >= (8 if situation is _BOTH else 3)  # the pairings with paths on both sides
    assert events == ["check"] * pairs + ["pair"] * pairs, events


# A one-card draw against a two-card draw to a heart flush, two draws left: under the full
# budget the heart draw's last draw is summed into the loose pairing.
_SUMMED = Situation((Holding.of("7c 4d 3s 2s"), Holding.of("8h 6h 3h")), draws_left=2)


@pytest.mark.parametrize(("situation", "paired"), [(_SUMMED, False), (_PAIRED, True)])
def test_the_loose_pairing_is_checked_only_where_it_is_paired(
    situation: Situation, paired: bool
) -> None:
    """``check_shares`` checks the loose processes' pairing, not a last draw summed into it
    (its bounds are its own: a limit of no cells must not refuse it); where the paths are
    paired (two one-card draws with three draws left) the same limit refuses."""
    coarse = ranked.Classes.of(situation.unseen, 0, flushes=False)
    states = [
        ranked._before_last(h, situation.draws_left, coarse, FULL) for h in situation.holdings
    ]
    paths = [ranked._final_paths(situation, p, states[p], coarse, FULL) for p in range(2)]
    first, rows = ranked._first(states, coarse)
    assert ranked._sums_last_draw(states[1 - first], rows[1 - first], paths[first]) != paired
    none = dataclasses.replace(FULL, cells=0)
    if paired:
        with pytest.raises(TooManyDeals, match="cells pairing"):
            ranked.check_shares(situation, coarse, none, paths.__getitem__, states)
    else:
        ranked.check_shares(situation, coarse, none, paths.__getitem__, states)


def _flush_draws_served(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that grows by one each time flushes apart serve the last draws of one suit."""
    served: list[int] = []
    original = flushes._final_flushes

    def counted(*args: Any) -> None:
        served.append(1)
        original(*args)

    monkeypatch.setattr(flushes, "_final_flushes", counted)
    return served


def test_the_flush_draws_are_bounded_before_any_is_served(monkeypatch: pytest.MonkeyPatch) -> None:
    """Flushes apart serve the last draws of one suit to the states not parted yet: their
    class cards are counted (``check_flush_draws``) before any is served, and ``flushes`` is
    the limit: at it the query answers, one below it is refused with none served."""
    served = _flush_draws_served(monkeypatch)
    with pytest.raises(TooManyDeals, match="flush draws") as refused:
        exact_by_ranks(_SPLIT, dataclasses.replace(FULL, flushes=0))
    assert served == []
    total = int(str(refused.value).split("up to ")[1].split()[0])
    assert total > 0
    truth = exact_by_ranks(_SPLIT, QUICK)[0]
    assert exact_by_ranks(_SPLIT, dataclasses.replace(FULL, flushes=total))[0] == truth
    assert served
    served.clear()
    with pytest.raises(TooManyDeals, match="flush draws"):
        exact_by_ranks(_SPLIT, dataclasses.replace(FULL, flushes=total - 1))
    assert served == []


def test_auto_refuses_a_four_card_draw_with_two_draws_left_before_its_flush_draws(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A four-card draw with two draws left serves some 21 million class cards to its last
    draws of one suit: past the quick budget, refused before any is served (it took 16-20 s
    to answer or refuse, now about a second); the full budget answers it."""
    served = _flush_draws_served(monkeypatch)
    situation = Situation((Holding.of("7c 4d 3h 2s"), Holding.of("8h")), draws_left=2)
    with pytest.raises(TooManyDeals, match="flush draws"):
        exact_by_ranks(situation, QUICK)
    assert served == []
    assert QUICK.flushes < 21_000_000 <= FULL.flushes


def test_a_pairing_past_its_rows_is_refused_before_any_pairing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every pairing's bounds that need no table (here B's shared-class rows) are checked
    before the first pairing, under the quick budget too: the largest rows of the nine
    pairings, one below, refuse with no pairing made."""
    listed: list[int] = []
    original = joint._listed_rows

    def logged(*args: Any) -> int:
        listed.append(original(*args))
        return listed[-1]

    monkeypatch.setattr(joint, "_listed_rows", logged)
    truth = exact_by_ranks(_BOTH, QUICK)[0]
    largest = max(listed)
    assert exact_by_ranks(_BOTH, dataclasses.replace(QUICK, rows=largest))[0] == truth
    pairs: list[int] = []
    for module in (flushes, ranked):
        monkeypatch.setattr(module, "pair_sums", lambda *a, **k: pairs.append(1))
    with pytest.raises(TooManyDeals, match="shared-class rows"):
        exact_by_ranks(_BOTH, dataclasses.replace(QUICK, rows=largest - 1))
    assert pairs == []


def test_a_last_draw_summed_into_the_loose_pairing_is_never_served(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Flushes apart, a player's loose final paths are found only where a pairing reads
    them: the one-card draw (no flush possible) has no path through a flush, and the heart
    draw's last draw is summed into the loose pairing, so only the one-card draw's final
    paths are served."""
    found: list[int] = []
    original = flushes._final_paths

    def logged(situation: Situation, player: int, *args: Any) -> Any:
        found.append(player)
        return original(situation, player, *args)

    monkeypatch.setattr(flushes, "_final_paths", logged)
    truth = exact_by_ranks(_SUMMED, QUICK)[0]
    found.clear()
    assert exact_by_ranks(_SUMMED, FULL)[0] == truth
    assert found == [0]


@pytest.mark.parametrize(
    ("supports", "order"),
    [([1, 2, 3], [1, 2, 0, 3]), ([4, 4], [2, 1, 3, 0, 4]), ([0, 5], [2, 3, 1, 4, 0, 5])],
)
def test_the_sizes_of_shared_set_are_paired_the_largest_first(
    supports: list[int], order: list[int]
) -> None:
    """Each size of shared class set is paired alone, the most (path, set) rows of A's first:
    one path reading ``s`` classes has C(s, t) rows at size ``t`` (ties by size)."""
    counts = np.zeros((len(supports), 6), dtype=np.int8)
    for row, s in enumerate(supports):
        counts[row, :s] = 1
    assert joint._largest_first(joint._supports(counts), max(supports)) == order


def test_the_bounds_that_need_no_table() -> None:
    """``joint._bounded`` from how many classes each path reads: A's (path, class set) rows
    at each size (here 2, 3 and 1 for sizes 0-2), B's rows (each path once per subset of its
    classes up to the largest A reads: 1 + 2 + 7), and the player with fewer paths as A."""
    counts_a = np.array([[1, 1, 0, 0], [2, 0, 0, 0]], dtype=np.int8)
    counts_b = np.array([[1, 1, 1, 0], [0, 0, 0, 1], [0, 0, 0, 0]], dtype=np.int8)
    side_a = (counts_a, np.zeros(2, dtype=np.int16), np.ones(2, dtype=np.int64))
    side_b = (counts_b, np.zeros(3, dtype=np.int16), np.ones(3, dtype=np.int64))
    fits = dataclasses.replace(QUICK, keys=3, rows=10)
    swap, first, second, most = joint._bounded(side_a, side_b, fits, a_lists=False)
    assert (swap, first[0] is counts_a, second[0] is counts_b, most) == (False, True, True, 2)
    # B with fewer paths lists its sets instead, unless A must (``a_lists``).
    assert joint._bounded(side_b, side_a, fits, a_lists=False)[0] is True
    # Sets are shared up to the fewer classes either reads (B here two, A three).
    assert joint._bounded(side_b, side_a, QUICK, a_lists=True)[::3] == (False, 2)
    with pytest.raises(TooManyDeals, match="up to 10 shared-class rows"):
        joint._bounded(side_a, side_b, dataclasses.replace(fits, rows=9), a_lists=False)
    with pytest.raises(TooManyDeals, match="rows for the first player"):
        joint._bounded(side_a, side_b, dataclasses.replace(fits, keys=2), a_lists=False)


def test_a_scaled_budget_multiplies_every_limit_and_keeps_its_modes() -> None:
    doubled = FULL.scaled(2)
    for field in dataclasses.fields(Budget):
        value = getattr(FULL, field.name)
        assert getattr(doubled, field.name) == (value if isinstance(value, bool) else 2 * value)
    assert FULL.scaled(1) == FULL and FULL.scaled(3).check_first
    assert QUICK.scaled(3).quick and not FULL.scaled(3).quick
    for factor in (0, -2):
        with pytest.raises(ValueError, match="at least 1"):
            QUICK.scaled(factor)


def test_what_a_budget_refuses_twice_the_budget_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    """The cells limit one below the largest pairing table: ``equity(method="exact")`` refuses
    with ``NotExact`` (a ``ValueError``), and answers with the same fraction under the budget
    scaled by two (``histparse equity --budget 2``)."""
    tables = _tables_built(monkeypatch)
    truth = exact_by_ranks(_PAIRED, FULL)[0]
    # No card method (its own budget would answer): the class method alone.
    tight = dataclasses.replace(FULL, cells=max(tables) - 1, cards=0)
    with pytest.raises(NotExact, match="cells pairing"):
        equity(_PAIRED, method="exact", budget=tight)
    found = equity(_PAIRED, method="exact", budget=tight.scaled(2))
    assert (found.players[0].exact, found.players[1].exact) == truth
