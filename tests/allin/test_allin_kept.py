"""The posterior of what a player seen only at the showdown kept at the all-in
(``histparse.allin.kept``), on hands small enough to count by hand."""

from __future__ import annotations

import itertools
import random

import pytest

from histparse.allin.kept import kept_hands
from histparse.cards import parse_cards


def test_a_brick_drawn_after_the_all_in_was_never_kept() -> None:
    """One draw left; the player drew one and showed 2-3-4-7-K. The unseen cards: 9d Jd Qh
    5c 6h. Keeping 2-3-4-7 with a 9, 5 or 6 the policy stands pat (a 9, 7 or 7-low is a T-low
    or better); with the J or the Q it throws that card and draws one: weight 2/5. A subset
    holding the king is never what the policy keeps (it throws cards above an 8): weight 0.
    The uniform guess gave each of the five subsets 1/5."""
    shown = parse_cards("2c 3d 4h 7s Kc")
    subsets = list(itertools.combinations(shown, 4))
    unseen = parse_cards("9d Jd Qh 5c 6h")
    weights = [w for w, _ in kept_hands(subsets, shown, (1,), 1, unseen, random.Random(0))]
    assert weights == [pytest.approx(2 / 5), 0, 0, 0, 0]
    # With three draws left the policy stands pat only on an 8-low: the 9 is thrown too.
    weights = [w for w, _ in kept_hands(subsets, shown, (1, 0, 0), 3, unseen, random.Random(0))]
    assert weights == [pytest.approx(3 / 5), 0, 0, 0, 0]
    hands = kept_hands(subsets, shown, (1,), 1, unseen, random.Random(0))
    assert [len(h) for _, h in hands] == [2, 0, 0, 0, 0]
    drawn = {hands[0][1].pick(random.Random(s)) for s in range(20)}
    assert {thrown for _, thrown in drawn} == {parse_cards("Jd"), parse_cards("Qh")}
    assert all(set(kept) == set(parse_cards("2c 3d 4h 7s")) for kept, _ in drawn)


def test_a_straight_draw_weighs_more_than_an_eight_draw() -> None:
    """Three draws left (pat on an 8-low); drew one, showed 2-3-4-5-8; unseen 6h 9d Jd 7c.
    2-3-4-5 is thrown to by the 6 (a straight), the 9 and the J (3/4); each subset with the
    8 is made into a pat 8-low by the 6 and the 7 and thrown to by the 9 and the J (2/4)."""
    shown = parse_cards("2c 3d 4h 5s 8c")
    subsets = list(itertools.combinations(shown, 4))
    unseen = parse_cards("6h 9d Jd 7c")
    weights = [w for w, _ in kept_hands(subsets, shown, (1, 0, 0), 3, unseen, random.Random(0))]
    assert weights == [pytest.approx(w) for w in (3 / 4, 2 / 4, 2 / 4, 2 / 4, 2 / 4)]


def test_a_kept_card_not_shown_was_thrown_later_for_four_lower_ranks() -> None:
    """Two draws left; drew two then one; unseen 7c Kd Qh. Keeping 2-3 of the shown hand, the
    hand at the all-in was 2-3-7-K-Q and the policy kept 2-3-7: the 7, not shown, was thrown
    at a later draw, which the policy does only for four lower ranks (or a pair). Shown
    2-3-4-5-9: four ranks below the 7, it fits. Shown 2-3-4-9-K: three, it does not. A
    subset with the 9 never fits (the policy throws it)."""
    unseen = parse_cards("7c Kd Qh")
    shown = parse_cards("2c 3d 4h 5s 9c")
    subsets = [parse_cards("2c 3d"), parse_cards("5s 9c")]
    found = kept_hands(subsets, shown, (2, 1), 2, unseen, random.Random(0))
    assert [len(h) for _, h in found] == [1, 0]
    kept, thrown = found[0][1].pick(random.Random(0))
    assert set(kept) == set(parse_cards("2c 3d 7c")) and set(thrown) == set(parse_cards("Kd Qh"))
    rough = parse_cards("2c 3d 4h 9s Ks")
    found = kept_hands([parse_cards("2c 3d")], rough, (2, 1), 2, unseen, random.Random(0))
    assert len(found[0][1]) == 0
