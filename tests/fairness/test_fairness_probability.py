"""Exact probabilities of a fair deal (histparse.fairness.probability)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from math import comb

from histparse.cards import DECK, parse_cards
from histparse.fairness.probability import (
    CLASS_COUNTS,
    CLASS_PROBABILITY,
    CLASSES,
    hand_class,
    made,
    made_probability,
)


def test_class_counts_are_the_known_2_7_counts() -> None:
    """R-RANK-3 and R-RANK-4 (no wheel, straights and flushes count against): the deals of each
    class, as issue 20's reference values state them."""
    assert CLASS_COUNTS["7-low"] == 4_080
    assert CLASS_COUNTS["8-low"] == 14_280
    assert CLASS_COUNTS["9-low"] == 34_680
    good = sum(CLASS_COUNTS[c] for c in ("7-low", "8-low", "9-low", "T-low", "J-low"))
    assert round(100 * good / comb(52, 5), 3) == 9.655
    assert CLASS_COUNTS["pair"] == 1_098_240
    assert CLASS_COUNTS["two pair"] == 123_552
    assert CLASS_COUNTS["straight"] == 9_180 and CLASS_COUNTS["flush"] == 5_112
    assert sum(CLASS_COUNTS.values()) == comb(52, 5)
    assert sum(CLASS_PROBABILITY.values()) == 1


def test_hand_class_agrees_with_the_counts_on_every_deal() -> None:
    """Every one of the 2,598,960 five-card hands, classified one by one, gives the counts."""
    counts: Counter[str] = Counter(hand_class(h) for h in combinations(DECK, 5))
    assert dict(counts) == {c: n for c, n in CLASS_COUNTS.items() if n}
    assert set(counts) <= set(CLASSES)


def _brute(kept: tuple[int, ...], unseen: list[int], k: int, target: int) -> float:
    hits = sum(made((*kept, *drawn), target) for drawn in combinations(unseen, k))  # type: ignore[arg-type]
    return hits / comb(len(unseen), k)


def test_made_probability_reference_values() -> None:
    """A one-card draw to 2-3-6-7 (the fifth card thrown) makes a 7-low 17.02% and an 8 or
    better 25.53% of the time with one draw (issue 20's reference values)."""
    kept = parse_cards("7h 3c 6d 2s")
    seen = set(parse_cards("7h 3c 6d 2s Kd"))
    unseen = [c for c in DECK if c not in seen]
    assert round(100 * made_probability(kept, unseen, 1, 5), 2) == 17.02
    assert round(100 * made_probability(kept, unseen, 1, 6), 2) == 25.53


def test_made_probability_equals_brute_force_enumeration() -> None:
    """Counted by rank pattern, the chance equals enumerating every draw (suited kept cards
    included, where a flush must be taken out)."""
    rng = random.Random(3)
    cases = [
        (parse_cards("7h 5h 3h 2h"), 1),  # four suited: flushes to take out
        (parse_cards("7h 5h 3h"), 2),
        (parse_cards("8c 4d"), 3),
        (parse_cards("6s 5s 4s"), 2),  # straights to take out
    ]
    for _ in range(6):
        hand = rng.sample(DECK, 5)
        k = rng.randint(1, 3)
        cases.append((tuple(hand[: 5 - k]), k))
    for kept, k in cases:
        seen = set(kept) | set(
            rng.sample([c for c in DECK if c not in kept], k + rng.randint(0, 4))
        )
        unseen = [c for c in DECK if c not in seen]
        for target in (5, 6, 7):
            assert (
                abs(made_probability(kept, unseen, k, target) - _brute(kept, unseen, k, target))
                < 1e-12
            )


def test_made_probability_is_zero_when_a_kept_card_is_too_high_or_paired() -> None:
    unseen = [c for c in DECK if c not in parse_cards("9h 5c 3d 2s Kd")]
    assert made_probability(parse_cards("9h 5c 3d 2s"), unseen, 1, 6) == 0.0
    unseen = [c for c in DECK if c not in parse_cards("5h 5c 3d 2s Kd")]
    assert made_probability(parse_cards("5h 5c 3d 2s"), unseen, 1, 7) == 0.0
