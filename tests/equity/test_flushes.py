"""Flushes apart (``histparse/equity/flushes.py``): the shares by ranks alone, corrected on the
paths that hold a flush, equal the shares with the suits tracked card by card (issue 35)."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from histparse.cards import DECK, parse_cards
from histparse.equity import Holding, Method, Situation, StandPat, equity, flushes, parse_policy
from histparse.equity.budget import QUICK
from histparse.equity.deal import TooManyDeals
from histparse.equity.exact import exact_by_cards
from histparse.equity.flushes import flush_paths
from histparse.equity.ranked import Classes, FlushPossible, RankPaths, exact_by_ranks


def _mass(paths: RankPaths, pool: int) -> Fraction:
    """The probability of the paths: each weight over ``(N)_m``."""
    pairs = zip(paths.weight.tolist(), paths.sizes.tolist(), strict=True)
    return sum((Fraction(w, math.perm(pool, m)) for w, m in pairs), Fraction(0))


@pytest.mark.parametrize(
    ("first", "hidden", "second", "draws"),
    [
        # a two-card draw to a heart flush against a one-card draw (hearts tracked)
        ("8h 6h 3h", 0, "9d 6c 3s 2h", 2),
        # a one-card against a two-card draw, a diamond flush possible through a broken pair
        ("7c 4d 3h 2s", 0, "8h 5d 3s", 2),
        # four clubs drawing one against a pat 9
        ("7c 5c 4c 2c", 0, "9h 8d 6d 4s 3h", 2),
        # clubs found first, hearts possible only at the other's last draw (two cards, one)
        ("7c 5c 4c 2c", 0, "6h 3h 2h", 1),
        ("7c 5c 4c 2c", 0, "6h 4h 3h 2h", 1),
        # a card held that nobody saw, served before the first draw
        ("7c 5c 3c", 1, "8d 6d 4d 2d", 2),
        ("6h 3h 2h", 1, "7c 5c 4c 2c", 2),
        ("7c 5c 4c 2c", 1, "6h 3h 2h", 2),  # five cards held: the first draw decides
    ],
)
def test_flushes_apart_equal_the_suits_tracked(
    first: str, hidden: int, second: str, draws: int
) -> None:
    pb = StandPat() if len(second.split()) == 5 else parse_policy("draw")
    holdings = (Holding.of(first, hidden=hidden), Holding.of(second, policy=pb))
    situation = Situation(holdings, draws_left=draws)
    split = exact_by_ranks(situation)
    assert split[0] == exact_by_ranks(situation, split=False)[0]
    assert sum(split[0]) == 1


@pytest.mark.parametrize(
    ("hand", "draws", "tracked"),
    [("8h 6h 3h", 2, 7), ("7c 5c 4c 2c", 3, 1), ("8c 7c 5c 3c 2c", 2, 1), ("7c 4d 3h", 2, 3)],
)
def test_the_paths_through_a_flush_weigh_the_same_played_and_loose(
    hand: str, draws: int, tracked: int
) -> None:
    """Both processes read the same cards up to the first flush: their paths through it have
    one probability (``split_shares`` relies on it; each correction adds up to 0)."""
    situation = Situation((Holding.of(hand), Holding.of("Kd Qd Jd")), draws_left=draws)
    classes = Classes.of(situation.unseen, tracked)
    played, loose = flush_paths(situation.holdings[0], draws, classes, QUICK)
    pool = len(situation.unseen)
    assert _mass(played, pool) == _mass(loose, pool) > 0
    if len(hand.split()) == 5:  # a flush held at the first decision: always through it
        assert _mass(played, pool) == 1
    else:
        assert _mass(played, pool) < Fraction(1, 2)
    # Played, a flush is a loss: it is broken; loose, the paths stand on it more often.
    assert played.rank.max() >= loose.rank.max()


def test_a_flush_both_processes_break_alike_does_not_part_them() -> None:
    """K-8-7-5-3 of clubs with two draws left: loose, a K-low is no hand to stand pat on, so
    both processes throw the king alike and read the same cards on. They part only on a
    later flush the loose process would stand pat on (a club 2 to T at the next draw) or one
    held at the showdown: less than half the paths, where parting at every flush held was
    all of them. The shares stay the card method's."""
    situation = Situation((Holding.of("Kc 8c 7c 5c 3c"), Holding.of("9d 6s 4h 2d")), draws_left=2)
    classes = Classes.of(situation.unseen, 1)
    played, loose = flush_paths(situation.holdings[0], 2, classes, QUICK)
    pool = len(situation.unseen)
    assert Fraction(1, 10) < _mass(played, pool) == _mass(loose, pool) < Fraction(1, 2)
    assert exact_by_ranks(situation)[0] == exact_by_cards(situation)[0]


def test_flush_paths_need_the_suit_tracked() -> None:
    """Untracked, a flush draw cannot be told from a rainbow one: refused, not guessed."""
    situation = Situation((Holding.of("8h 6h 3h"), Holding.of("Kd Qd Jd")), draws_left=2)
    with pytest.raises(FlushPossible):
        flush_paths(situation.holdings[0], 2, Classes.of(situation.unseen, 3), QUICK)


@pytest.mark.parametrize(
    ("first", "second", "draws", "fraction"),
    [
        ("7c 4d 3h 2s", "8h 5d 3s", 3, Fraction(1460697777727, 2115597884400)),
        ("7c 4d", "8h 5c 3d 2c", 2, Fraction(386671877, 1498691040)),
    ],
)
def test_auto_is_exact_where_it_sampled_before(
    first: str, second: str, draws: int, fraction: Fraction
) -> None:
    """Past the quick budget with the suits tracked (27 s and 16 s under the full budget),
    within it by ranks: ``auto`` answers the full budget's fraction."""
    situation = Situation((Holding.of(first), Holding.of(second)), draws_left=draws)
    found = equity(situation)
    assert found.method is Method.EXACT and found.not_exact is None
    assert found.players[0].exact == fraction


@pytest.mark.parametrize(
    ("first", "second", "draws"),
    [("7s 5s 4s 2s", "9d 6c 3s 2h", 2), ("7c 4d 3h 2h", "6s 5s 2s", 1)],
)
def test_a_spade_flush_is_valued_with_every_card_its_own_class(
    first: str, second: str, draws: int
) -> None:
    """With the suits tracked a possible spade flush left only the card method; flushes apart,
    only the paths through a flush are read card by card, and the fraction is the cards'."""
    situation = Situation((Holding.of(first), Holding.of(second)), draws_left=draws)
    with pytest.raises(FlushPossible):
        exact_by_ranks(situation, split=False)
    assert exact_by_ranks(situation)[0] == exact_by_cards(situation)[0]


def test_the_stub_running_out_on_a_path_through_a_flush_is_refused() -> None:
    """A made 8 in clubs: played, the flush is broken and the player draws; loose, it stands
    pat on the 8 and reads nothing. With 37 of the 43 unseen cards out of play the loose
    processes fit in the stub, the played ones may not (R-DRAW-3): refused, as with the suits
    tracked, where 36 out leaves room for both."""
    pair = (Holding.of("8c 7c 5c 3c 2c"), Holding.of("7d 4h 3s 2s"))
    with pytest.raises(TooManyDeals, match="stub could run out"):
        exact_by_ranks(Situation(pair, draws_left=3, unknown_out=37))
    roomy = Situation(pair, draws_left=3, unknown_out=36)
    assert exact_by_ranks(roomy)[0] == exact_by_ranks(roomy, split=False)[0]


def test_a_five_card_draw_from_a_suit_with_one_card_left() -> None:
    """The last draw's flushes are served from one suit's cards; where a suit has fewer cards
    left than the draw needs there is no multiset to serve (it once divided by zero). On a
    deck of ten cards, one of them a diamond: the fraction is the card method's."""
    drawer = Holding.of("Kc Qd Jh Ts 9c", policy=parse_policy("plan:5"))
    other = Holding.of("7d 5c 3h 2s")
    keep = set(parse_cards("2c 3c 4c 5c 6c 8c 9d 8d 4h 6s"))
    held = {*drawer.cards, *other.cards}
    out = tuple(c for c in DECK if c not in keep and c not in held)
    situation = Situation((drawer, other), draws_left=1, out=out)
    assert (
        exact_by_ranks(situation)[0]
        == exact_by_cards(situation)[0]
        == (
            Fraction(5, 84),
            Fraction(79, 84),
        )
    )


@pytest.mark.parametrize("kept", [5, 4, 3])
def test_the_last_draws_that_may_make_a_flush(kept: int) -> None:
    """Clubs tracked. A state whose kept cards may all be one untracked suit (each a rank
    class of hearts, diamonds or spades) might make that flush with any draw, even of one
    card: refused (the caller tracks more). All clubs, it is served from the clubs. A pat
    state draws nothing either way."""
    situation = Situation((Holding.of("8h 6h 3h"), Holding.of("Kd Qd Jd")), draws_left=1)
    classes = Classes.of(situation.unseen, 0b0001)
    untracked = int(classes.suits[0])
    assert untracked == 0b1110
    for suits in (untracked, 0b0001):
        hands = np.full((1, 5), -1, dtype=np.int16)
        hands[0, :kept] = [(rank << 4) | suits for rank in range(kept)]
        counts = np.zeros((1, len(classes.count)), np.int8)
        rows = (hands, counts, np.ones(1, np.int64), np.zeros(1, np.int64))
        if kept == 5:
            assert flushes._flush_draws(rows, classes) == []
        elif suits == untracked:
            with pytest.raises(FlushPossible):
                flushes._flush_draws(rows, classes)
        else:
            [(suited, sub, chosen)] = flushes._flush_draws(rows, classes)
            assert set(suited.suits.tolist()) == {0b0001} and len(sub) == 13  # no club seen
            assert chosen.tolist() == [0]
