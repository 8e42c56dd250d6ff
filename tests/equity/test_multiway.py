"""Three players or more at the last draw (``histparse.equity.multiway``): exact by card
classes, equal to every deal listed card by card, here and in ``enumerate_deals``."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from histparse.cards import DECK, Card, parse_cards
from histparse.equity import (
    Holding,
    Method,
    Situation,
    StandPat,
    equity,
    multiway,
    parse_policy,
)
from histparse.equity.deal import TooManyDeals, enumerate_deals
from histparse.equity.multiway import last_draw_shares, paths_shares
from histparse.equity.policy import DEFAULT_POLICY
from histparse.equity.result import pot_shares, share_estimates
from histparse.ranking import rank_cards


def _listed(situation: Situation, contenders: Sequence[int]) -> tuple[tuple[Fraction, ...], int]:
    """Every card set served to each player in turn from the unseen cards (pending draws and
    pat hands only), ranked by ``rank_cards``: no classes, no symmetry. The shares and the
    number of deals."""
    held = [[int(c) for c in h.cards] for h in situation.holdings]
    draws = [h.pending for h in situation.holdings]
    won = [Fraction(0)] * len(held)
    count = 0

    def serve(player: int, left: list[int], hands: list[list[int]]) -> None:
        nonlocal count
        if player == len(held):
            ranks = [rank_cards(*h) for h in hands]
            best = min(ranks[p] for p in contenders)
            winners = [p for p in contenders if ranks[p] == best]
            for p in winners:
                won[p] += Fraction(1, len(winners))
            count += 1
            return
        for cards in itertools.combinations(left, draws[player]):
            rest = [c for c in left if c not in cards]
            serve(player + 1, rest, [*hands, held[player] + list(cards)])

    serve(0, list(situation.unseen), [])
    return tuple(w / count for w in won), count


@st.composite
def _last_draws(draw: st.DrawFn) -> tuple[Situation, list[int]]:
    """Three or four players at the last draw on a deck cut to one to five cards more than
    they draw: each keeps three to five cards (five: a pat hand), often of one suit."""
    deck = draw(st.permutations(range(52)))
    players = draw(st.integers(3, 4))
    holdings = []
    rest = list(deck)
    for _ in range(players):
        kept = draw(st.integers(3, 5))
        if draw(st.booleans()):  # a suited holding: the first cards of one suit
            suit = rest[0] & 3
            cards = [c for c in rest if c & 3 == suit][:kept]
        else:
            cards = rest[:kept]
        rest = [c for c in rest if c not in cards]
        # The thrown cards known (else they are unseen cards out of the stub: the listing
        # would need twice the cards; the tests on the full deck below have them unknown).
        thrown, rest = rest[: 5 - len(cards)], rest[5 - len(cards) :]
        policy = StandPat() if len(cards) == 5 else DEFAULT_POLICY
        holdings.append(
            Holding(
                tuple(Card(c) for c in cards), discards=tuple(Card(c) for c in thrown),
                policy=policy,
            )
        )  # fmt: skip
    # A few cards more than are drawn: the listing below stays small.
    unseen = sum(h.pending for h in holdings) + draw(st.integers(1, 5))
    out = tuple(Card(c) for c in rest[unseen:])
    contenders = sorted(draw(st.sets(st.integers(0, players - 1), min_size=2)))
    return Situation(tuple(holdings), draws_left=1, out=out), contenders


@settings(max_examples=60, deadline=None)
@given(_last_draws())
def test_the_class_tuples_equal_every_deal_listed(case: tuple[Situation, list[int]]) -> None:
    situation, contenders = case
    left, listed = len(situation.unseen), 1
    for holding in situation.holdings:
        listed *= math.comb(left, holding.pending)
        left -= holding.pending
    assume(listed <= 100_000)  # the listing below is plain Python: a second per 100,000 deals
    try:
        shares, total = last_draw_shares(situation, contenders)
    except TooManyDeals as exc:  # four players drawing two of many suited classes
        assert "tuples of class multisets" in str(exc)
        event("refused: past the tuples' limit")
        return
    event("compared")
    assert (shares, total) == _listed(situation, contenders)
    assert sum(shares) == 1
    assert all(shares[p] == 0 for p in range(len(shares)) if p not in contenders)


def _enumerated(
    situation: Situation, contenders: Sequence[int], limit: int = 2_000_000
) -> list[Fraction | None]:
    deals = enumerate_deals(situation, limit)
    return [e.exact for e in share_estimates(deals, pot_shares(deals.ranks, contenders) > 0)]


def test_three_one_card_draws_with_a_flush_draw_on_the_full_deck() -> None:
    """A heart flush draw among them: the hearts are their own classes."""
    situation = Situation(
        (Holding.of("8h 6h 4h 2h"), Holding.of("7c 5d 3s 2c"), Holding.of("9d 8s 6c 4d")),
        draws_left=1,
    )
    shares, total = last_draw_shares(situation, (0, 1, 2))
    assert total == 40 * 39 * 38  # every deal: 40 unseen cards, one card each
    assert list(shares) == _enumerated(situation, (0, 1, 2))
    # The flush draw's flushes count against it: played as if no flush existed it would win
    # more (a heart completing 8-6-4-2 is an 8-low without the suits).
    plain = Situation(
        (Holding.of("8h 6d 4h 2h"), Holding.of("7c 5d 3s 2c"), Holding.of("9d 8s 6c 4d")),
        draws_left=1,
    )
    assert last_draw_shares(plain, (0, 1, 2))[0][0] > shares[0]


def test_a_known_hand_is_broken_or_kept_by_its_policy() -> None:
    """A five-card hand with a drawing policy breaks as the policy says (the K goes; a fixed
    plan's two cards); a pat one stands; a side pot between two of them gives the others
    nothing."""
    situation = Situation(
        (
            Holding.of("Kd 7c 5d 3h 2s"),
            Holding.of("9s 8c 6d 4s 3c", policy=StandPat()),
            Holding.of("7h 6s 4c 2d"),
            # A fixed plan's first number is the last draw's: two cards (the 9 and the 8).
            Holding.of("9d 8d 6h 3s 2h", policy=parse_policy("plan:2,1")),
        ),
        draws_left=1,
        dead=tuple(parse_cards("Qc Jc")),
    )
    for contenders in ((0, 1, 2, 3), (0, 2)):
        shares, _ = last_draw_shares(situation, contenders)
        assert list(shares) == _enumerated(situation, contenders)
    assert shares[1] == shares[3] == 0


def test_a_ten_low_stands_pat_at_the_last_draw_only() -> None:
    """The default policy stands pat on a T-low with one draw left (with two it would break
    the T): read at the last draw, it serves that hand nothing."""
    situation = Situation(
        (Holding.of("Td 8c 6d 4s 3c"), Holding.of("7h 5s 3h 2d"), Holding.of("9s 6c 4c 2c")),
        draws_left=1,
    )
    shares, total = last_draw_shares(situation, (0, 1, 2))
    assert total == 39 * 38  # two one-card draws: the T-low drew nothing
    assert list(shares) == _enumerated(situation, (0, 1, 2))


@pytest.mark.parametrize("suit", "cdhs")
def test_a_five_card_draw_may_make_a_flush_in_any_suit(suit: str) -> None:
    """A player keeping nothing: every suit tracked, every card its own class. Five cards of
    ``suit`` among the eight left, so the five-card draw makes flushes too, and loses with
    one to the others' trips where as 8-7-5-4-2 it would win."""
    others = [s for s in "cdhs" if s != suit]
    left = [f"{r}{suit}" for r in "87542"] + [f"{r}{s}" for r, s in zip("63A", others, strict=True)]
    known = ["9c", "9d", "9h", "Jh", "Tc", "Td", "Th", "Qs", "Kc", "Kd", "Ks", "Qc", "Qd",
             "Jc", "Jd"]  # fmt: skip
    situation = Situation(
        (
            Holding.of("", discards="Kc Kd Ks Qc Qd"),
            Holding.of("9c 9d 9h Jh", discards="Jc"),
            Holding.of("Tc Td Th Qs", discards="Jd"),
        ),
        draws_left=1,
        out=tuple(c for c in DECK if str(c) not in left + known),
    )
    assert len(situation.unseen) == 8
    shares, total = last_draw_shares(situation, (0, 1, 2))
    assert (shares, total) == _listed(situation, (0, 1, 2))
    assert 0 < shares[0] < 1


def test_the_stub_may_hold_exactly_the_cards_served() -> None:
    """Three one-card draws, their thrown cards unknown: a stub of three is enough, of two
    it could run out."""
    holdings = (Holding.of("7c 5d 3s 2c"), Holding.of("8d 6c 4d 3c"), Holding.of("9h 7h 5h 2h"))
    exact = Situation(holdings, draws_left=1, unknown_out=34)  # 40 unseen, 37 out of the stub
    shares, total = last_draw_shares(exact, (0, 1, 2))
    assert total == 40 * 39 * 38 and list(shares) == _enumerated(exact, (0, 1, 2))
    with pytest.raises(TooManyDeals, match="run out"):
        last_draw_shares(Situation(holdings, draws_left=1, unknown_out=35), (0, 1, 2))


def test_past_its_limits_it_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    situation = Situation(
        (Holding.of("7c 4d 3h"), Holding.of("8h 5c 2d"), Holding.of("6s 4s 3s 2c")),
        draws_left=1,
    )
    assert last_draw_shares(situation, (0, 1, 2), limit=91 * 91 * 13)[1] > 0
    with pytest.raises(TooManyDeals, match="tuples of class multisets"):
        last_draw_shares(situation, (0, 1, 2), limit=91 * 91 * 13 - 1)
    monkeypatch.setattr(multiway, "_BLOCK", 91 * 91 - 1)
    with pytest.raises(TooManyDeals, match="tuples of two players at once"):
        last_draw_shares(situation, (0, 1, 2))
    monkeypatch.setattr(multiway, "_BLOCK", 91 * 91)
    monkeypatch.setattr(multiway, "_MULTISETS", 90)  # two cards of 13 classes: 91 multisets
    with pytest.raises(TooManyDeals, match="more than 90 multisets"):
        last_draw_shares(situation, (0, 1, 2))
    monkeypatch.setattr(multiway, "_MULTISETS", 91)  # both limits met exactly: an answer
    assert last_draw_shares(situation, (0, 1, 2))[1] == 25_520_040


def test_past_the_listing_limit_it_is_still_exact() -> None:
    """Two two-card draws and a one-card draw: 32 million deals, past what is listed, so
    ``equity`` sampled them before; now the fraction, within Monte Carlo's noise of it."""
    situation = Situation(
        (Holding.of("7c 4d 3h"), Holding.of("8h 5c 2d"), Holding.of("6s 4s 3s 2c")),
        draws_left=1,
    )
    with pytest.raises(TooManyDeals):
        enumerate_deals(situation, 1_000_000)
    found = equity(situation)
    assert found.method is Method.EXACT
    assert found.samples == math.comb(42, 2) * math.comb(40, 2) * 38  # 25,520,040 deals
    sampled = equity(situation, method="monte-carlo", samples=200_000)
    for exact, mc in zip(found.players, sampled.players, strict=True):
        assert exact.exact is not None and exact.std_error == 0
        assert abs(mc.value - float(exact.exact)) <= 4 * mc.std_error


@pytest.mark.parametrize(
    ("situation", "why"),
    [
        (
            Situation(
                (Holding.of("7c 4d 3h"), Holding.of("8h 5c 2d"), Holding.of("6s 4s 3s 2c")),
                draws_left=2,
            ),
            "last draw",
        ),
        (
            Situation(
                (Holding.of("7c 4d 3h", hidden=1), Holding.of("8h 5c"), Holding.of("6s 4s")),
                draws_left=1,
            ),
            "hidden",
        ),
        (
            Situation(
                (Holding.of("7c"), Holding.of("8h"), Holding.of("6s")),
                draws_left=1,
                unknown_out=30,  # and twelve thrown: 7 of the 49 unseen in the stub, 12 to serve
            ),
            "run out",
        ),
    ],
)
def test_where_it_does_not_apply_it_refuses(situation: Situation, why: str) -> None:
    with pytest.raises(TooManyDeals, match=why):
        last_draw_shares(situation, range(len(situation.holdings)))


# --------------------------------------------------------------- more draws left: class paths


@st.composite
def _more_draws(draw: st.DrawFn) -> tuple[Situation, list[int]]:
    """Three or four players with two (or three) draws left on a deck cut to 9-13 unseen
    cards: each keeps four or five cards (five: a pat hand, or one its policy may break),
    under one of three policies."""
    deck = draw(st.permutations(range(52)))
    players = draw(st.integers(3, 4))
    policies = [DEFAULT_POLICY, parse_policy("draw:9"), parse_policy("plan:1,1,1")]
    holdings, rest = [], list(deck)
    for _ in range(players):
        kept = draw(st.integers(4, 5))
        cards, rest = rest[:kept], rest[kept:]
        thrown, rest = rest[: 5 - kept], rest[5 - kept :]
        policy = (
            StandPat() if kept == 5 and draw(st.booleans()) else draw(st.sampled_from(policies))
        )
        holdings.append(
            Holding(
                tuple(Card(c) for c in cards), discards=tuple(Card(c) for c in thrown),
                policy=policy,
            )
        )  # fmt: skip
    unseen = draw(st.integers(9, 13))
    out = tuple(Card(c) for c in rest[unseen:])
    contenders = sorted(draw(st.sets(st.integers(0, players - 1), min_size=2)))
    draws = draw(st.sampled_from([2, 2, 2, 3]))
    return Situation(tuple(holdings), draws_left=draws, out=out), contenders


@settings(max_examples=100, deadline=None)
@given(_more_draws())
def test_the_class_paths_equal_every_deal_enumerated(case: tuple[Situation, list[int]]) -> None:
    """Against ``enumerate_deals``, which plays every card set of every draw through the
    policies (the stub cannot run out on these decks, or both refuse)."""
    situation, contenders = case
    try:
        shares, sizes = paths_shares(situation, contenders)
    except TooManyDeals as exc:
        # Past the tuples' limit or the stub's size: the listing refuses too, or is huge.
        assert "tuples" in str(exc) or "run out" in str(exc) or "flush" in str(exc)
        event(f"refused: {str(exc)[:24]}")
        return
    assert len(sizes) == len(situation.holdings)
    try:
        want = _enumerated(situation, contenders, 300_000)
    except TooManyDeals:  # hands broken into big draws: more deals than are listed here
        event("too many deals to list")
        return
    event("compared")
    assert list(shares) == want


def test_three_one_card_draws_with_two_draws_left_on_the_full_deck() -> None:
    """8.3 million tuples of class paths: exact under the full budget (``method="exact"``),
    within Monte Carlo's noise; ``auto`` keeps to its quick limit and samples."""
    situation = Situation(
        (Holding.of("7c 4d 3h 2s"), Holding.of("8h 5c 3d 2c"), Holding.of("9s 6d 4s 2h")),
        draws_left=2,
    )
    found = equity(situation, method="exact")
    assert found.method is Method.EXACT and found.paths == (108, 108, 712)
    assert sum(e.exact for e in found.players if e.exact is not None) == 1
    sampled = equity(situation, method="monte-carlo", samples=100_000)
    for exact, mc in zip(found.players, sampled.players, strict=True):
        assert exact.exact is not None
        assert abs(mc.value - float(exact.exact)) <= 4 * mc.std_error
    assert equity(situation).method is Method.MONTE_CARLO  # 8.3 million > the quick 2 million


def test_two_one_card_draws_against_a_pat_hand_are_exact_under_auto() -> None:
    """Few paths (109 x 109 x 1): within the quick budget, so ``auto`` gives the fraction, the
    full budget's to the last digit; a three-card draw with three draws left is sampled at
    once under ``auto`` (its paths alone would take seconds)."""
    situation = Situation(
        (
            Holding.of("7c 5d 3h 2s"),
            Holding.of("8h 6c 4d 3c"),
            Holding.of("9s 8d 6s 4h 2c", policy=StandPat()),
        ),
        draws_left=2,
    )
    quick = equity(situation)
    assert quick.method is Method.EXACT and quick.paths == (109, 109, 1)
    assert [e.exact for e in quick.players] == [
        e.exact for e in equity(situation, method="exact").players
    ]
    deep = Situation((Holding.of("7c 4d 3h 2s"), Holding.of("8h 5c 3d"), Holding.of("9s 6d")), 3)
    assert equity(deep).method is Method.MONTE_CARLO


def _cut(holdings: Sequence[Holding], left: str, draws: int) -> Situation:
    """The holdings with only ``left`` unseen (every other card out of play)."""
    kept = {str(c) for h in holdings for c in h.cards}
    out = tuple(c for c in DECK if str(c) not in kept and str(c) not in left.split())
    return Situation(tuple(holdings), draws_left=draws, out=out)


def test_a_flush_draw_has_its_suit_tracked() -> None:
    """Four clubs drawing with the 4c and 6c left: the clubs are tracked card by card (not
    possible without: a refusal), and the shares are the enumeration's."""
    situation = _cut(
        (
            Holding.of("7c 5c 3c 2c"),
            Holding.of("8h 6d 4d 3s"),
            Holding.of("9s 8d 6s 4h 2h", policy=StandPat()),
        ),
        "2d 2s 3d 3h 4c 4s 5d 5h 5s 6c 6h 7d",
        draws=2,
    )
    shares, sizes = paths_shares(situation, (0, 1, 2))
    assert sizes == (46, 37, 1)
    assert list(shares) == _enumerated(situation, (0, 1, 2))
    with pytest.raises(TooManyDeals, match="flush possible"):
        paths_shares(situation, (0, 1, 2), most_tracked=0)


def test_a_hidden_card_is_read_as_part_of_its_paths() -> None:
    situation = _cut(
        (
            Holding.of("7c 5d 3h", hidden=1),
            Holding.of("8h 6c 4d 3c"),
            Holding.of("9s 8d 6s 4h 2c", policy=StandPat()),
        ),
        "2d 2h 2s 3d 3s 4c 4s 5c 5h 5s",
        draws=2,
    )
    shares, _ = paths_shares(situation, (0, 1, 2))
    assert list(shares) == _enumerated(situation, (0, 1, 2))


def test_the_paths_limit_and_the_exact_sums() -> None:
    situation = Situation(
        (
            Holding.of("7c 5d 3h 2s"),
            Holding.of("8h 6c 4d 3c"),
            Holding.of("9s 8d 6s 4h 2c", policy=StandPat()),
        ),
        draws_left=2,
    )
    assert paths_shares(situation, (0, 1, 2), limit=109 * 109)[1] == (109, 109, 1)
    with pytest.raises(TooManyDeals, match="tuples of class paths"):
        paths_shares(situation, (0, 1, 2), limit=109 * 109 - 1)
    big = np.full(5, 2**62, dtype=np.int64)  # numpy's own sum wraps around past 2**63
    assert multiway._exact_sum(big) == 5 * 2**62


def test_the_paths_refuse_where_the_stub_could_run_out() -> None:
    """Three one-card draws with two left read six cards or so: a stub of nine is enough (the
    enumeration's fraction), of five it could run out."""
    holdings = (Holding.of("7c 5d 3s 2c"), Holding.of("8d 6c 4d 3c"), Holding.of("9h 7h 5h 2h"))
    fits = _cut(holdings, "2d 2s 3d 3h 4c 4h 4s 5c 5s 6d 6h 6s", draws=2)
    assert len(fits.unseen) - fits.unknowns == 9  # 12 unseen, three thrown unknown
    shares, _ = paths_shares(fits, (0, 1, 2))
    assert list(shares) == _enumerated(fits, (0, 1, 2))
    short = Situation(holdings, draws_left=2, out=fits.out, unknown_out=4)
    with pytest.raises(TooManyDeals, match="run out"):
        paths_shares(short, (0, 1, 2))


def test_auto_keeps_to_the_quick_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """107,653 tuples: past a quick limit of 100,000 ``auto`` samples, ``exact`` still answers."""
    situation = Situation(
        (Holding.of("7c 4d 3h"), Holding.of("8h 5c 2d"), Holding.of("6s 4s 3s 2c")),
        draws_left=1,
    )
    assert equity(situation).method is Method.EXACT
    monkeypatch.setattr(multiway, "QUICK_LIMIT", 100_000)
    assert equity(situation).method is Method.MONTE_CARLO
    assert equity(situation, method="exact").method is Method.EXACT


def test_a_player_that_could_run_the_stub_out_alone_is_refused() -> None:
    """Found by the property test above: nine unseen cards, a pat hand, a pat 8 and trip
    fives broken with three draws left. The trips can need ten cards, so some of its draws
    have no path; its paths carry 35/36 of its probability. Refused as the stub running out
    (R-DRAW-3), where the tuples' check failed with a RuntimeError."""
    out = tuple(parse_cards(
        "3s 8d 8h 8s 4c 7d 4h 4s Tc Td Th Ts Jc Jd Jh Js Qc Qd Qh Qs Kc Kd Kh Ks Ac Ad Ah As"
    ))  # fmt: skip
    situation = Situation(
        (
            Holding.of("2c 2d 2h 3c 3d", policy=StandPat()),
            Holding.of("2s 8c 3h 7c 4d"),
            Holding.of("9h 9s 5c 5d 5h"),
        ),
        draws_left=3,
        out=out,
    )
    assert len(situation.unseen) == 9
    with pytest.raises(TooManyDeals, match="run out"):
        paths_shares(situation, [0, 1])
    # ``equity`` raised the RuntimeError; now the deals are sampled, R-DRAW-3 played per deal.
    assert equity(situation, contenders=[0, 1], samples=2_000).method is Method.MONTE_CARLO
