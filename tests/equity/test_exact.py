"""Exact multi-draw equity (``histparse.equity.exact``) against a brute force that serves the
cards in the real order, one card set at a time, on decks reduced by taking cards out of play."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path
from typing import Final

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from histparse.cards import DECK, parse_cards
from histparse.equity import Holding, Method, Situation, StandPat, equity, parse_policy, ranked
from histparse.equity.deal import TooManyDeals
from histparse.equity.exact import exact_by_cards, exact_heads_up, paths_of
from histparse.equity.policy import Policy, keep_mask
from histparse.equity.ranked import FlushPossible, exact_by_ranks
from histparse.ranking import rank_cards


def _keeps(policy: Policy, hand: list[int], draws_left: int, index: int) -> list[int]:
    """The cards ``policy`` keeps from ``hand`` (one hand, through the policy's own rule)."""
    row = np.array([sorted(hand)], dtype=np.int8)
    rank = np.array([rank_cards(*row[0].tolist())], dtype=np.int16)
    if isinstance(policy, StandPat):
        return sorted(hand)
    mask = keep_mask(policy, row, rank, draws_left, index)[0]
    return [int(c) for c, k in zip(row[0], mask, strict=True) if k]


def brute_force(situation: Situation) -> tuple[Fraction, Fraction]:
    """Both players' shares, serving every possible card set to each player in turn from the
    stub (no symmetry argument: the real serving order, every branch with its probability)."""
    holdings = situation.holdings
    unknown_elsewhere = situation.unknowns  # no hidden cards in these tests
    assert all(h.hidden == 0 for h in holdings)

    def serve(hands: tuple[tuple[int, ...], ...], stub: frozenset[int], index: int,
              player: int) -> tuple[Fraction, Fraction]:  # fmt: skip
        if index == situation.draws_left:
            ra, rb = (rank_cards(*h) for h in hands)
            if ra == rb:
                return Fraction(1, 2), Fraction(1, 2)
            return (Fraction(1), Fraction(0)) if ra < rb else (Fraction(0), Fraction(1))
        nxt = (index, player + 1) if player == 0 else (index + 1, 0)
        holding = holdings[player]
        hand = list(hands[player])
        if index == 0 and holding.pending:
            kept = hand
        else:
            kept = _keeps(holding.policy, hand, situation.draws_left - index, index)
        need = 5 - len(kept)
        assert need <= len(stub) - unknown_elsewhere, "the stub runs out in this test"
        if need == 0:
            return serve(hands, stub, *nxt)
        total_a = total_b = Fraction(0)
        options = list(itertools.combinations(sorted(stub), need))
        for cards in options:
            new = list(hands)
            new[player] = tuple(kept) + cards
            a, b = serve(tuple(new), stub - set(cards), *nxt)
            total_a += a
            total_b += b
        return total_a / len(options), total_b / len(options)

    start = tuple(tuple(h.cards) for h in holdings)
    return serve(start, frozenset(situation.unseen), 0, 0)


def _reduced(unseen: str, *holdings: Holding, draws: int) -> Situation:
    """A situation whose unseen cards are only ``unseen``: every other card is out of play."""
    keep = set(parse_cards(unseen))
    held = {c for h in holdings for c in (*h.cards, *h.discards)}
    out = [c for c in DECK if c not in held and c not in keep]
    return Situation(tuple(holdings), draws_left=draws, out=tuple(out))


DRAW = parse_policy("draw")


@pytest.mark.parametrize(
    ("first", "second", "unseen"),
    [
        # two one-card draws
        (("7c 4d 3h 2s", "Kc"), ("8h 5c 3d 2c", "Kd"), "5h 6c 6d 8c 9s Js 4s 2d Qh"),
        # a one-card draw against a two-card draw
        (("7c 4d 3h 2s", "Kc"), ("8h 5c 3d", "Kd Ks"), "5h 6c 6d 7d 9s Js 4s 2d Qh"),
        # a two-card draw that can make a diamond flush (clubs and diamonds tracked)
        (("7c 4d 3h 2s", "Kc"), ("8h 5d 3s", "Kd Kh"), "2d 4d 6d 7d 9d 6c 4s 5h Qs"),
        # hearts: three suits tracked, flushes possible for both players
        (("7h 4h 3h 2s", "Kc"), ("8h 5d 3d", "Kd Ks"), "2h 5h 6h 9h 6d 7d 4d 5c Js"),
    ],
)
def test_three_draws_exact_equals_brute_force_on_a_reduced_deck(
    first: tuple[str, str], second: tuple[str, str], unseen: str
) -> None:
    holdings = (Holding.of(first[0], discards=first[1]), Holding.of(second[0], discards=second[1]))
    situation = _reduced(unseen, *holdings, draws=3)
    truth = brute_force(situation)
    shares, _ = exact_heads_up(situation)
    assert shares == truth
    assert sum(shares) == 1
    # Both methods on their own: by card classes (the first tried) and by cards.
    assert exact_by_ranks(situation)[0] == truth
    assert exact_by_cards(situation)[0] == truth


def test_the_issue_rows_are_exact_fractions() -> None:
    """The full deck: 7-5-3-2 against a pat 9-8-6-4-3 equals the old enumeration; 7-4-3-2
    against 8-5-3-2 both drawing one with three draws, beyond enumeration, is now exact."""
    pat = Holding.of("9h 8c 6d 4s 3c", policy=StandPat())
    situation = Situation((Holding.of("7c 5d 3h 2s"), pat), draws_left=3)
    result = equity(situation, method="exact")
    assert result.method is Method.EXACT
    assert result.players[0].exact == equity(situation, exact_limit=10**6).players[0].exact
    both = Situation((Holding.of("7c 4d 3h 2s"), Holding.of("8h 5c 3d 2c")), draws_left=3)
    found = equity(both, method="exact")
    assert found.method is Method.EXACT and found.paths is not None
    value = found.players[0].exact
    assert value is not None and value.denominator > 1 and 0.55 < value < 0.62
    assert found.players[0].exact + found.players[1].exact == 1  # type: ignore[operator]


_HANDS = st.sampled_from(["7c 4d 3h 2s", "8h 5c 3d", "6s 5s 2d", "Kc 7d 4h 2c", "9d 6c 3s 2h"])


@settings(max_examples=12, deadline=None)
@given(
    first=_HANDS,
    second=_HANDS,
    draws=st.integers(1, 2),
    pat_at=st.sampled_from(["draw", "draw:9", "draw:T,9,8:3", "plan:1,2", "pat"]),
)
def test_exact_equals_brute_force_on_small_decks(
    first: str, second: str, draws: int, pat_at: str
) -> None:
    """The law: wherever both are feasible, the paths method equals serving every card."""
    a, b = parse_cards(first), parse_cards(second)
    if set(a) & set(b):
        return
    policy = parse_policy(pat_at)
    situation = _reduced(
        "2d 4s 5h 6c 7d 8c 9s Kh Qh", Holding(a, policy=policy), Holding(b), draws=draws
    )
    try:
        shares, _ = exact_heads_up(situation)
    except TooManyDeals:
        return  # the stub could run out on this small deck: the method refuses, rightly
    assert shares == brute_force(situation)


def test_paths_of_one_player_sum_to_one() -> None:
    situation = Situation((Holding.of("7c 4d 3h"), Holding.of("Ks Qs Js Ts 9c")), draws_left=2)
    paths = paths_of(situation, 0)
    n, most = len(situation.unseen), int(paths.sizes.max())
    # Each path's probability is w / (n)_m: over the common denominator (n)_most.
    total = sum(
        int(w) * math.perm(n - m, most - m)
        for w, m in zip(paths.weight.tolist(), paths.sizes.tolist(), strict=True)
    )
    assert total == math.perm(n, most)


def test_hidden_cards_are_exact_too() -> None:
    """A player holding unseen cards: the paths method agrees with the enumeration."""
    pat = Holding.of("9h 8c 6d 4s 3c", policy=StandPat())
    situation = Situation((Holding.of("7c 5d 3h", hidden=1), pat), draws_left=1)
    shares, _ = exact_heads_up(situation)
    assert shares[0] == equity(situation, exact_limit=10**6).players[0].exact


def _doc_rows() -> list[list[str]]:
    text = (Path(__file__).parents[2] / "docs" / "equity.md").read_text(encoding="utf-8")
    section = text.split("### Monte Carlo against exact", 1)[1]
    rows = [line.strip("|").split("|") for line in section.splitlines() if line.startswith("| ")]
    return [[cell.strip() for cell in row] for row in rows if "±" in row[4]]


# Rows whose exact value takes seconds under the full budget (two two-card draws with three
# draws left, two three-card draws with two: 4-6 s; draws of one to three cards against three
# to five: 12-72 s; three cards against two with three draws left: ten minutes under twice
# the full budget, as two against three): ``bench/bench_equity.py --full`` and
# ``--budget`` compute them; here their recorded fraction is the exact value (the method
# itself is held to brute force on reduced decks above). Every other row is computed again:
# the ones that took 2.5 to 81 s with the suits tracked card by card take 0.1-0.8 s with
# flushes apart, and their fractions, found the old way, check the new one; the two flush
# draws with three draws left take 2-3 s.
_BENCH_ONLY: Final = {
    ("7c 4d 3h", "8h 5c 2d", "3"),
    ("7c 4d", "8h 5c", "2"),
    ("7c 4d 3h 2s", "8h 5c", "3"),
    ("7c 4d 3h 2s", "8h", "2"),
    ("7c 4d 3h", "8h", "2"),
    ("7c 4d 3h 2s", "Kh Qd Js Tc 9h", "2"),
    ("7c 4d", "8h 5c 3d 2c", "3"),
    ("7c 4d", "8h 5c 3d", "3"),
    ("7c 4d 3h", "8h 5c", "3"),
}


def test_the_docs_table_has_its_rows() -> None:
    rows = _doc_rows()
    assert len(rows) >= 25 and len({tuple(r[:4]) for r in rows}) == len(rows)
    assert {tuple(r[:3]) for r in rows} >= _BENCH_ONLY  # no bench-only row left unread


# One test a row, so that the workers share the rows that take seconds.
@pytest.mark.parametrize("row", _doc_rows(), ids=lambda r: f"{r[0]} v {r[1]}, {r[2]} {r[3]}")
def test_every_monte_carlo_row_of_the_docs_is_within_three_standard_errors(
    row: list[str],
) -> None:
    first, second, draws, policies, mc, fraction, *_ = row
    value, se = (float(x) / 100 for x in mc.split("±"))
    if (first, second, draws) in _BENCH_ONLY:
        assert abs(value - Fraction(fraction)) <= 3 * se, (first, second, draws, policies)
        return
    pa, pb = (p.strip() for p in policies.split("/"))
    situation = Situation(
        (
            Holding.of(first, policy=parse_policy(pa)),
            Holding.of(second, policy=parse_policy(pb)),
        ),
        draws_left=int(draws),
    )
    # Every other row computed again (the one-card v two-card rows by card classes: 0.1 s).
    exact = equity(situation, method="exact").players[0].exact
    assert exact == Fraction(fraction)
    assert abs(value - exact) <= 3 * se, (first, second, draws, policies)


def test_coded_subsets_and_bit_masks_give_the_same_fraction(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Subsets of at most four cards are coded as small ints (a lookup table); beyond, 64-bit
    masks are sorted and searched. Both ways must give the same exact shares."""
    from histparse.equity import exact

    both = Situation((Holding.of("7c 4d 3h 2s"), Holding.of("8h 5c 3d 2c")), draws_left=2)
    one_two = _reduced(
        "5h 6c 6d 7d 9s Js 4s 2d Qh",
        Holding.of("7c 4d 3h 2s", discards="Kc"),
        Holding.of("8h 5c 3d", discards="Kd Ks"),
        draws=3,
    )
    coded = [exact_by_cards(s)[0] for s in (both, one_two)]
    monkeypatch.setattr(exact, "_CODE_MOST", 0)
    assert [exact_by_cards(s)[0] for s in (both, one_two)] == coded


_SUITED = st.sampled_from(
    ["7c 5c 4c 2c", "7d 5d 4d 2d", "8h 6h 3h", "6s 5s 2s", "7c 4d 3h 2s", "8h 5c 3d 2c",
     "9d 6c 3s 2h", "Kc 7d 4h 2c", "8c 7c 5c 3c 2c", "9h 8d 6d 4s 3h", "7c 4d 3h", "8h 5d 2d",
     "6d 4d 3d 2d"]
)  # fmt: skip


@settings(max_examples=25, deadline=None)
@given(
    first=_SUITED,
    second=_SUITED,
    draws=st.integers(1, 2),
    policy=st.sampled_from(["draw", "draw:9", "plan:1,2", "draw:T,9,8:3", "pat"]),
)
def test_card_classes_equal_cards_on_the_full_deck(
    first: str, second: str, draws: int, policy: str
) -> None:
    """The law between the exact methods, on the full deck, whenever they answer: by card
    classes with flushes apart (``flushes.py``), by card classes with the suits tracked card by
    card, and by cards (flushes and pairs of suited cards included); a class method that
    refuses says why."""
    a, b = parse_cards(first), parse_cards(second)
    if set(a) & set(b):
        return
    pa = StandPat() if len(a) == 5 else parse_policy(policy)
    pb = StandPat() if len(b) == 5 else DRAW
    situation = Situation((Holding(a, policy=pa), Holding(b, policy=pb)), draws_left=draws)
    try:
        tracked = exact_by_ranks(situation, split=False)[0]
    except FlushPossible:
        return  # a flush of the highest suit possible: only the cards can value it
    except TooManyDeals:
        return  # more class states than the limit: the cards answer instead
    assert exact_by_ranks(situation)[0] == tracked
    try:
        by_cards = exact_by_cards(situation)[0]
    except TooManyDeals:
        return
    assert tracked == by_cards


def test_a_four_flush_drawing_is_valued_with_its_flushes() -> None:
    """Four clubs drawing one against a pat 9: the clubs are tracked one by one (a flush is a
    loss in 2-7), the other suits by rank; the card method agrees to the fraction."""
    pat = Holding.of("9h 8d 6d 4s 3h", policy=StandPat())
    situation = Situation((Holding.of("7c 5c 4c 2c"), pat), draws_left=2)
    shares, paths = exact_by_ranks(situation)
    assert shares == exact_by_cards(situation)[0]
    assert paths[0] < len(paths_of(situation, 0).rank)


def test_the_class_method_is_the_first_and_much_smaller() -> None:
    """A one-card draw against a two-card draw, two draws left: the class paths are a tenth
    of the card paths or fewer, and ``equity`` reports the class paths it used."""
    situation = Situation((Holding.of("7c 4d 3h 2s"), Holding.of("8h 5c 3d")), draws_left=2)
    found = equity(situation, method="exact")
    assert found.players[0].exact == Fraction(144866717, 209444400)
    assert found.paths is not None and found.paths[1] * 10 < 395_810


def test_the_sparse_pairing_equals_the_dense_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """B's sums go into a dense table when it is small enough, else they are merged by
    sorting (three suits tracked make it large): both ways give the same exact shares."""
    from histparse.equity import joint

    cases = [
        Situation((Holding.of("7c 4d 3h 2s"), Holding.of("8h 5c 3d")), draws_left=2),
        Situation((Holding.of("7h 4h 3d 2s"), Holding.of("8h 5c 3s 2c")), draws_left=2),
    ]
    dense = [exact_by_ranks(s)[0] for s in cases]
    monkeypatch.setattr(joint, "_DENSE_TABLE", 0)
    assert [exact_by_ranks(s)[0] for s in cases] == dense


def test_beyond_the_quick_budget_the_class_method_refuses_and_auto_samples() -> None:
    """A three-card draw against a one-card draw, three draws left: with clubs tracked for
    the paths through a flush its draws before the last would serve 36 million class cards,
    refused from a bound before serving; ``equity(method="auto")`` then samples."""
    situation = Situation((Holding.of("7c 4d"), Holding.of("8h 5c 3d 2c")), draws_left=3)
    with pytest.raises(TooManyDeals, match="class cards served"):
        exact_by_ranks(situation)
    assert equity(situation, samples=2_000).method is Method.MONTE_CARLO


# The last draw summed into the pairing (lastdraw.py).


@contextmanager
def _summed(always: bool) -> Iterator[list[int]]:
    """Every query with the last draw summed where it applies (``always``), or never; yields
    the number of times it answered."""
    calls: list[int] = []
    original_work, original_pair = ranked.PAIR_WORK, ranked.pair_with_last_draw

    def counted(*args: object) -> tuple[Fraction, Fraction]:
        calls.append(1)
        return original_pair(*args)  # type: ignore[arg-type]

    ranked.PAIR_WORK = 10**12 if always else -1  # type: ignore[misc]
    ranked.pair_with_last_draw = counted  # type: ignore[assignment]
    ranked._quick_paths.cache_clear()
    ranked._quick_before_last.cache_clear()
    try:
        yield calls
    finally:
        ranked.PAIR_WORK = original_work  # type: ignore[misc]
        ranked.pair_with_last_draw = original_pair
        ranked._quick_paths.cache_clear()
        ranked._quick_before_last.cache_clear()


@pytest.mark.parametrize(
    ("first", "second", "unseen", "draws"),
    [
        # a one-card draw against a two-card draw (the case it was built for)
        (("7c 4d 3h 2s", "Kc"), ("8h 5c 3d", "Kd Ks"), "5h 6c 6d 7d 9s Js 4s 2d Qh", 3),
        (("7c 4d 3h 2s", "Kc"), ("8h 5c 3d", "Kd Ks"), "5h 6c 6d 7d 9s Js 4s 2d Qh", 2),
        # suits tracked: a diamond flush possible, then flushes for both players
        (("7c 4d 3h 2s", "Kc"), ("8h 5d 3s", "Kd Kh"), "2d 4d 6d 7d 9d 6c 4s 5h Qs", 3),
        (("7h 4h 3h 2s", "Kc"), ("8h 5d 3d", "Kd Ks"), "2h 5h 6h 9h 6d 7d 4d 5c Js", 2),
        # pairs in the stub (classes of several cards), both drawing two
        (("7c 4d 3h", "Kc Qc"), ("8h 5c 3d", "Kd Ks"), "5h 5s 6c 6d 7d 9s 4s 2d 2h", 2),
    ],
)
def test_summed_last_draw_equals_brute_force(
    first: tuple[str, str], second: tuple[str, str], unseen: str, draws: int
) -> None:
    holdings = (Holding.of(first[0], discards=first[1]), Holding.of(second[0], discards=second[1]))
    situation = _reduced(unseen, *holdings, draws=draws)
    with _summed(True) as calls:
        shares, _ = exact_by_ranks(situation)
    assert calls, "the last draw was not summed"
    assert shares == brute_force(situation)
    assert sum(shares) == 1


_LAST_HANDS = st.sampled_from(
    ["7c 4d 3h 2s", "8h 5c 3d", "6s 5s 2d", "Kc 7d 4h 2c", "9d 6c 3s 2h", "7c 7d 4h", "8c 6c"]
)


@settings(max_examples=20, deadline=None)
@given(
    first=_LAST_HANDS,
    second=_LAST_HANDS,
    draws=st.integers(1, 3),
    policy=st.sampled_from(["draw", "draw:9", "draw:T,9,8:3", "plan:1,2", "pat"]),
)
def test_summed_last_draw_equals_brute_force_on_small_decks(
    first: str, second: str, draws: int, policy: str
) -> None:
    """The law for the new path: whatever the hands and policies, equal to serving every card
    (the stub of nine cards; a situation where it could run out is refused)."""
    a, b = parse_cards(first), parse_cards(second)
    if set(a) & set(b):
        return
    situation = _reduced(
        "2d 4s 5h 6c 7d 8c 9s Kh Qh",
        Holding(a, policy=parse_policy(policy)),
        Holding(b),
        draws=draws,
    )
    with _summed(True):
        try:
            shares, _ = exact_by_ranks(situation)
        except TooManyDeals:
            return
    assert shares == brute_force(situation)


@pytest.mark.parametrize(
    ("first", "second", "draws", "pat"),
    [
        ("7c 4d 3h 2s", "8h 5c 3d", 2, False),
        ("7c 4d 3h 2s", "8h 5d 3s", 2, False),  # diamonds tracked
        ("7c 4d 3h 2s", "8h 5c 3d 2c", 3, False),
        ("7c 5c 4c 2c", "9h 8d 6d 4s 3h", 2, True),  # a four-flush against a pat hand
        ("8h 6h", "9d 6c 3s 2h", 1, False),  # a three-card last draw: paths paired instead
    ],
)
def test_summed_last_draw_equals_the_paired_paths_on_the_full_deck(
    first: str, second: str, draws: int, pat: bool
) -> None:
    other = Holding.of(second, policy=StandPat()) if pat else Holding.of(second)
    situation = Situation((Holding.of(first), other), draws_left=draws)
    with _summed(False) as calls:
        paired = exact_by_ranks(situation)[0]
    assert not calls
    with _summed(True) as calls:
        try:
            summed = exact_by_ranks(situation)[0]
        except FlushPossible:  # pragma: no cover - both ways track the same suits
            raise
    assert summed == paired
    assert sum(summed) == 1


def test_a_hidden_card_is_summed_too() -> None:
    """A player holding an unseen card (served first, from the classes) against a two-card
    draw: the states before the last draw carry it; equal to the paired paths."""
    situation = Situation((Holding.of("7c 5d 3h", hidden=1), Holding.of("8h 6c 4d")), draws_left=1)
    with _summed(False):
        paired = exact_by_ranks(situation)[0]
    with _summed(True) as calls:
        summed = exact_by_ranks(situation)[0]
    assert calls and summed == paired


@settings(max_examples=30, deadline=None)
@given(classes=st.integers(1, 14), k=st.integers(1, 5))
def test_class_multisets_are_every_multiset_once_in_order(classes: int, k: int) -> None:
    """The multisets a draw serves: every multiset of ``k`` classes with at most four of one,
    in ``combinations_with_replacement``'s order, as counts and as (classes, how many)."""
    listed = [
        c
        for c in itertools.combinations_with_replacement(range(classes), k)
        if max(c.count(x) for x in c) <= 4
    ]
    counts = ranked._multisets(classes, k)
    assert counts.tolist() == [[c.count(x) for x in range(classes)] for c in listed]
    which, many = ranked._multiset_parts(classes, k)
    for row, w, m in zip(listed, which.tolist(), many.tolist(), strict=True):
        distinct = sorted(set(row))
        assert w[: len(distinct)] == distinct and w[len(distinct) :] == [row[0]] * (
            k - len(distinct)
        )
        assert m == [row.count(x) for x in distinct] + [0] * (k - len(distinct))


@settings(max_examples=40, deadline=None)
@example(capacity=[1] * 9, k=3, read=[1, 0, 0, 1, 0, 0, 0, 0, 0])  # a suit's cards, two read
@given(
    capacity=st.lists(st.integers(1, 4), min_size=1, max_size=9),
    k=st.integers(1, 5),
    read=st.lists(st.integers(0, 4), min_size=9, max_size=9),
)
def test_the_served_bound_counts_the_multisets_that_fit(
    capacity: list[int], k: int, read: list[int]
) -> None:
    """``check_served`` bounds a draw by the multisets its classes' cards allow (two of a class
    of one card never fit), and with classes of one card each by what each row has left: the
    bound is the count ``_fills`` serves there, and never below it elsewhere."""
    n = len(capacity)
    cap = np.array(capacity, dtype=np.int64)
    counts = np.minimum(np.array(read[:n], dtype=np.int8), cap).astype(np.int8)[None, :]
    hands = np.full((1, 5), ranked._EMPTY, dtype=np.int16)
    hands[0, k:] = 0  # a card held: k places to serve
    place = np.cumprod(np.concatenate([[1], cap[:-1] + 1])).astype(np.int64)
    classes = ranked.Classes(cap, np.arange(n, dtype=np.int64), np.full(n, 15), place)
    served = sum(len(f[0]) * k for f in ranked._fills(hands, counts, classes, 10**9, 1))
    fitting = sum(
        1 for c in itertools.combinations_with_replacement(range(n), k)
        if all(c.count(x) <= capacity[x] for x in c)
    )  # fmt: skip
    assert ranked._fitting_count(cap, k) == fitting
    bound = fitting * k
    if max(capacity) == 1:
        bound = math.comb(n - int(counts.sum()), k) * k
        assert served == bound  # exact per row
    assert served <= bound
    if bound:
        with pytest.raises(TooManyDeals, match="class cards served"):
            ranked.check_served(hands, cap, bound - 1, counts)
    ranked.check_served(hands, cap, bound, counts)


def test_a_player_that_could_run_the_stub_out_alone_heads_up() -> None:
    """Nine unseen cards, trip fives broken with three draws left against a pat hand: the
    trips can need ten. Both paths methods refuse it as the stub running out (the card
    method failed with an AxisError serving a draw from fewer cards than it takes); ``auto``
    samples, R-DRAW-3 played per deal, and ``exact`` says why it cannot."""
    out = tuple(parse_cards(
        "3s 8d 8h 8s 4c 7d 4h 4s Tc Td Th Ts Jc Jd Jh Js Qc Qd Qh Qs Kc Kd Kh Ks Ac Ad Ah As "
        "2s 8c 3h 7c 4d"
    ))  # fmt: skip
    situation = Situation(
        (Holding.of("2c 2d 2h 3c 3d", policy=StandPat()), Holding.of("9h 9s 5c 5d 5h")),
        draws_left=3,
        out=out,
    )
    assert len(situation.unseen) == 9
    for method in (exact_by_ranks, exact_by_cards):
        with pytest.raises(TooManyDeals, match="run out"):
            method(situation)
    assert equity(situation, samples=2_000).method is Method.MONTE_CARLO
    with pytest.raises(ValueError, match="run out"):
        equity(situation, method="exact")


def test_the_card_method_counts_a_whole_draw_before_serving_it() -> None:
    """``exact._serve`` counts every (row, card set) of a draw before it makes any: a row
    drawing two from ten unread cards is 45, one drawing one with three of them read 7, a
    pat row nothing; 52 is within a limit of 52 and refused at 51, and a row needing more
    cards than it has left unread means the stub could run out (as many: one set)."""
    from histparse.equity import exact

    pool = np.arange(10, dtype=np.int8) + 20
    hands = np.array([[0, 1, 2, -1, -1], [0, 1, 2, 3, -1], [0, 1, 2, 3, 4]], dtype=np.int8)
    read = np.array([0, 0b111, 0], dtype=np.uint64)
    weight = np.ones(3, dtype=np.int64)
    served = exact._serve(hands, read, weight, pool, 52)
    assert len(served[0]) == 45 + 7 + 1
    with pytest.raises(TooManyDeals, match="more than 51 paths"):
        exact._serve(hands, read, weight, pool, 51)
    short = np.array([[0, 1, -1, -1, -1]], dtype=np.int8)
    with pytest.raises(TooManyDeals, match="stub could run out"):
        exact._serve(short, np.array([0b11111111], dtype=np.uint64), weight[:1], pool, 10**6)
    # Exactly as many unread as it needs: one set.
    last = exact._serve(short, np.array([0b1111111], dtype=np.uint64), weight[:1], pool, 1)
    assert last[0].tolist() == [[0, 1, 27, 28, 29]]
