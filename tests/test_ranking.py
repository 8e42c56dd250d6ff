"""Tests for the 2-7 hand evaluator (R-RANK-1..7)."""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from pathlib import Path

import pokerkit
import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

from histparse.cards import DECK, RANKS, SUITS, Card, CardError, parse_cards
from histparse.ranking import (
    BEST_RANK,
    CATEGORY_RANKS,
    RANK_COUNT,
    WORST_RANK,
    HandCategory,
    HandError,
    category,
    category_of_rank,
    describe,
    describe_rank,
    hand_rank,
    rank_cards,
    rank_or_none,
    rank_parsed,
)

REAL = Path(__file__).resolve().parent / "data" / "real_histories"  # bytes untouched


def mixed(ranks: str) -> str:
    """``"J-7-4-3-2"`` as cards in rotating suits (c, d, h, s, c): never a flush."""
    letters = ranks.split("-")
    return " ".join(r + SUITS[i % 4] for i, r in enumerate(letters))


def suited(ranks: str, suit: str = "s") -> str:
    return " ".join(r + suit for r in ranks.split("-"))


hands = st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True).map(
    lambda xs: tuple(DECK[x] for x in xs)
)


def is_flush(cards: tuple[Card, ...]) -> bool:
    return len({c.suit for c in cards}) == 1


# --- R-RANK-1: five cards, one deck -------------------------------------------------------


@pytest.mark.parametrize("text", ["", "7h 5s 4d 3h", "7h 5s 4d 3h 2d 8c", "[7h]"])
def test_R_RANK_1_five_cards_only(text: str) -> None:
    with pytest.raises(HandError, match="five cards"):
        hand_rank(text)


def test_R_RANK_1_duplicate_card_rejected() -> None:
    with pytest.raises(HandError, match=r"duplicate card 7h"):
        hand_rank("7h 5s 4d 7h 2d")
    with pytest.raises(ValueError):  # HandError is a ValueError, as the brief requires
        hand_rank(["7h", "7h", "7h", "7h", "7h"])


def test_R_RANK_1_bad_card_text_names_the_card() -> None:
    with pytest.raises(CardError, match="'7x'"):
        hand_rank("7x 5s 4d 3h 2d")


def test_R_RANK_1_out_of_range_card_value() -> None:
    with pytest.raises(CardError, match="52"):
        hand_rank([Card(52), *parse_cards("5s 4d 3h 2d")])


def test_fast_path_rejects_wrong_count_and_impossible_hands() -> None:
    with pytest.raises(HandError, match="five cards, got 4"):
        rank_parsed(parse_cards("7h 5s 4d 3h"))
    seven_hearts = parse_cards("7h")[0]
    with pytest.raises(HandError):
        rank_cards(*[seven_hearts] * 5)  # "five of a kind" exists in no table
    with pytest.raises(HandError):
        rank_cards(60, 1, 2, 3, 4)


def test_input_forms_agree() -> None:
    """Text, bracketed text, card strings, Cards and the fast paths all give one number."""
    cards = parse_cards("7h 5s 4d 3h 2d")
    expected = hand_rank("7h 5s 4d 3h 2d")
    assert hand_rank("[7h 5s 4d 3h 2d]") == expected
    assert hand_rank(["7h", "5s", "4d", "3h", "2d"]) == expected
    assert hand_rank(cards) == expected
    assert hand_rank(list(reversed(cards))) == expected
    assert rank_parsed(cards) == expected
    assert rank_cards(*cards) == expected
    assert rank_cards(*(int(c) for c in cards)) == expected


# --- R-RANK-2: the ace is high; no wheel ----------------------------------------------------


def test_R_RANK_2_a5432_is_ace_high_no_pair() -> None:
    wheel = hand_rank(mixed("A-5-4-3-2"))
    assert category(mixed("A-5-4-3-2")) is HandCategory.NO_PAIR
    assert describe(mixed("A-5-4-3-2")) == "Lo: A,5,4,3,2"
    # Best hand holding an ace: every other ace-high no-pair hand is worse.
    ace_high = [
        hand_rank(mixed("A-" + "-".join(RANKS[r] for r in reversed(rest))))
        for rest in itertools.combinations(range(12), 4)
        if rest[3] - rest[0] != 3 or rest[3] != 11  # skip A-K-Q-J-T, a straight
    ]
    assert wheel == min(ace_high)


def test_R_RANK_2_every_king_high_no_pair_beats_a5432() -> None:
    wheel = hand_rank(mixed("A-5-4-3-2"))
    king_high = [
        hand_rank(mixed("K-" + "-".join(RANKS[r] for r in reversed(rest))))
        for rest in itertools.combinations(range(11), 4)
        if rest[3] - rest[0] != 3 or rest[3] != 10  # skip K-Q-J-T-9, a straight
    ]
    assert len(king_high) == 329
    assert max(king_high) < wheel


def test_R_RANK_2_broadway_is_a_straight_and_a5432_suited_a_flush() -> None:
    assert category(mixed("T-J-Q-K-A")) is HandCategory.STRAIGHT
    assert category(suited("A-5-4-3-2")) is HandCategory.FLUSH
    assert category(suited("T-J-Q-K-A")) is HandCategory.STRAIGHT_FLUSH
    assert hand_rank(mixed("T-J-Q-K-A")) == max(CATEGORY_RANKS[HandCategory.STRAIGHT])


# --- R-RANK-3: category order and the named extremes --------------------------------------

CATEGORY_EXAMPLES = [
    (HandCategory.NO_PAIR, mixed("K-Q-J-T-8")),
    (HandCategory.ONE_PAIR, mixed("2-2-3-4-5")),
    (HandCategory.TWO_PAIR, mixed("3-3-2-2-4")),
    (HandCategory.THREE_OF_A_KIND, mixed("2-2-2-3-4")),
    (HandCategory.STRAIGHT, mixed("6-5-4-3-2")),
    (HandCategory.FLUSH, suited("7-5-4-3-2")),
    (HandCategory.FULL_HOUSE, mixed("2-2-2-3-3")),
    (HandCategory.FOUR_OF_A_KIND, mixed("2-2-2-2-3")),
    (HandCategory.STRAIGHT_FLUSH, suited("6-5-4-3-2")),
]


def test_R_RANK_3_categories_in_order() -> None:
    """The best hand of each category is worse than the worst of the one before."""
    for cat, text in CATEGORY_EXAMPLES:
        assert category(text) is cat
    cats = [cat for cat, _ in CATEGORY_EXAMPLES]
    assert cats == sorted(HandCategory)
    ranges = [CATEGORY_RANKS[c] for c in cats]
    assert ranges[0].start == BEST_RANK
    assert ranges[-1].stop == WORST_RANK + 1
    for before, after in itertools.pairwise(ranges):
        assert before.stop == after.start
    for (_, better), (_, worse) in itertools.pairwise(CATEGORY_EXAMPLES):
        assert hand_rank(better) < hand_rank(worse)


def test_R_RANK_3_named_extremes() -> None:
    no_pair = CATEGORY_RANKS[HandCategory.NO_PAIR]
    one_pair = CATEGORY_RANKS[HandCategory.ONE_PAIR]
    assert hand_rank(mixed("A-K-Q-J-9")) == no_pair[-1]
    assert hand_rank(mixed("2-2-3-4-5")) == one_pair[0]
    assert hand_rank(mixed("2-2-3-4-5")) == hand_rank(mixed("A-K-Q-J-9")) + 1
    assert hand_rank(suited("A-K-Q-J-T", "h")) == WORST_RANK == RANK_COUNT == 7462


def test_category_of_rank_bounds() -> None:
    assert category_of_rank(1) is HandCategory.NO_PAIR
    assert category_of_rank(7462) is HandCategory.STRAIGHT_FLUSH
    for cat, ranks in CATEGORY_RANKS.items():
        assert category_of_rank(ranks[0]) is cat
        assert category_of_rank(ranks[-1]) is cat
    for bad in (0, 7463, -1):
        with pytest.raises(ValueError, match=str(bad)):
            category_of_rank(bad)
        with pytest.raises(ValueError, match=str(bad)):
            describe_rank(bad)


# --- R-RANK-4: comparisons inside a category ----------------------------------------------

BETTER_THAN = [
    ("8-7-6-4-3", "J-5-4-3-2"),  # the rule's own examples
    ("9-8-7-4-3", "9-8-7-5-3"),
    ("9-8-7-5-2", "9-8-7-5-3"),  # decided by the last card
    ("2-2-K-Q-J", "3-3-4-5-6"),  # pair rank before kickers
    ("5-5-8-3-2", "5-5-9-3-2"),  # then kickers from the top
    ("5-5-8-4-2", "5-5-8-4-3"),
    ("6-6-5-5-K", "7-7-2-2-3"),  # two pair: the high pair first
    ("7-7-3-3-A", "7-7-4-4-2"),  # then the low pair
    ("7-7-3-3-2", "7-7-3-3-4"),  # then the kicker
    ("4-4-4-A-K", "5-5-5-2-3"),  # trips rank first
    ("5-5-5-6-3", "5-5-5-6-4"),
    ("8-7-6-5-4", "9-8-7-6-5"),  # straights by the top card
    ("5-5-5-K-K", "6-6-6-2-2"),  # full house: trips first
    ("6-6-6-2-2", "6-6-6-3-3"),
    ("2-2-2-2-A", "3-3-3-3-2"),  # quads first
    ("3-3-3-3-2", "3-3-3-3-4"),
]


@pytest.mark.parametrize(("better", "worse"), BETTER_THAN)
def test_R_RANK_4_examples(better: str, worse: str) -> None:
    assert hand_rank(mixed(better)) < hand_rank(mixed(worse))


@pytest.mark.parametrize(
    ("better", "worse"),
    [("8-7-6-4-3", "J-5-4-3-2"), ("9-8-7-4-3", "9-8-7-5-3"), ("K-Q-J-T-8", "A-5-4-3-2")],
)
def test_R_RANK_4_flushes_compare_like_no_pair(better: str, worse: str) -> None:
    assert hand_rank(suited(better)) < hand_rank(suited(worse))


# --- R-RANK-5: the first five hands -------------------------------------------------------


def test_R_RANK_5_first_five_hands() -> None:
    first = ["7-5-4-3-2", "7-6-4-3-2", "7-6-5-3-2", "7-6-5-4-2", "8-5-4-3-2"]
    assert [hand_rank(mixed(h)) for h in first] == [1, 2, 3, 4, 5]
    assert [describe_rank(n) for n in range(1, 6)] == [
        "Lo: 7,5,4,3,2",
        "Lo: 7,6,4,3,2",
        "Lo: 7,6,5,3,2",
        "Lo: 7,6,5,4,2",
        "Lo: 8,5,4,3,2",
    ]
    # "In at least two suits": the number one in two suits only, and one suit is a flush.
    assert hand_rank("7h 5h 4h 3h 2s") == 1
    assert category("7h 5h 4h 3h 2h") is HandCategory.FLUSH


# --- R-RANK-6: suits never break ties -----------------------------------------------------


@given(hands, st.permutations(range(4)))
def test_R_RANK_6_suit_permutation_keeps_rank(cards: tuple[Card, ...], perm: list[int]) -> None:
    moved = tuple(DECK[c.rank * 4 + perm[c.suit]] for c in cards)
    assert rank_parsed(moved) == rank_parsed(cards)
    assert hand_rank(moved) == hand_rank(cards)


@given(hands, st.lists(st.integers(0, 3), min_size=5, max_size=5))
def test_R_RANK_6_resuit_keeping_flush_status(cards: tuple[Card, ...], suits: list[int]) -> None:
    moved = tuple(DECK[c.rank * 4 + s] for c, s in zip(cards, suits, strict=True))
    assume(len(set(moved)) == 5 and is_flush(moved) == is_flush(cards))
    assert hand_rank(moved) == hand_rank(cards)


def test_R_RANK_6_equal_hands_in_different_suits() -> None:
    assert hand_rank("7h 5s 4d 3h 2d") == hand_rank("7c 5d 4s 3s 2h") == 1
    assert hand_rank("9s 9h 5d 4c 2c") == hand_rank("9c 9d 5h 4s 2s")
    assert hand_rank("Jh 7h 4h 3h 2h") == hand_rank("Jc 7c 4c 3c 2c")


# --- R-RANK-7: the ladder -----------------------------------------------------------------

LADDER_WORST_FIRST = [
    suited("J-7-4-3-2"),
    *(
        mixed(h)
        for h in [
            "8-7-6-5-4",
            "7-6-5-4-3",
            "5-5-5-6-3",
            "2-2-7-6-5",
            "A-9-6-4-2",
            "A-8-7-4-2",
            "A-5-4-3-2",
            "K-J-8-7-4",
            "T-7-5-4-3",
            "T-6-5-4-3",
            "T-6-5-4-2",
            "9-7-6-4-3",
            "8-6-4-3-2",
            "7-6-4-3-2",
            "7-5-4-3-2",
        ]
    ),
]


def test_R_RANK_7_ladder() -> None:
    ranks = [hand_rank(h) for h in LADDER_WORST_FIRST]
    assert len(ranks) == 16
    assert all(worse > better for worse, better in itertools.pairwise(ranks)), ranks
    shuffled = LADDER_WORST_FIRST[:]
    random.Random(7).shuffle(shuffled)
    assert sorted(shuffled, key=hand_rank, reverse=True) == LADDER_WORST_FIRST


# --- Exhaustive pass over all 2,598,960 hands ---------------------------------------------

# Hands per category in 2-7 (no wheel: 9 straights, so 1278 no-pair rank sets).
HANDS_PER_CATEGORY = {
    HandCategory.NO_PAIR: 1278 * 1020,
    HandCategory.ONE_PAIR: 1_098_240,
    HandCategory.TWO_PAIR: 123_552,
    HandCategory.THREE_OF_A_KIND: 54_912,
    HandCategory.STRAIGHT: 9 * 1020,
    HandCategory.FLUSH: 1278 * 4,
    HandCategory.FULL_HOUSE: 3_744,
    HandCategory.FOUR_OF_A_KIND: 624,
    HandCategory.STRAIGHT_FLUSH: 9 * 4,
}
# Distinct values per category. The brief's 1277/10/1277/10 are high-poker numbers that count
# A-2-3-4-5 as a straight; R-RANK-2 (the authority) makes it no-pair, giving 1278/9/1278/9.
VALUES_PER_CATEGORY = {
    HandCategory.NO_PAIR: 1278,
    HandCategory.ONE_PAIR: 2860,
    HandCategory.TWO_PAIR: 858,
    HandCategory.THREE_OF_A_KIND: 858,
    HandCategory.STRAIGHT: 9,
    HandCategory.FLUSH: 1278,
    HandCategory.FULL_HOUSE: 156,
    HandCategory.FOUR_OF_A_KIND: 156,
    HandCategory.STRAIGHT_FLUSH: 9,
}

PK_LABEL = {
    "HIGH_CARD": HandCategory.NO_PAIR,
    "ONE_PAIR": HandCategory.ONE_PAIR,
    "TWO_PAIR": HandCategory.TWO_PAIR,
    "THREE_OF_A_KIND": HandCategory.THREE_OF_A_KIND,
    "STRAIGHT": HandCategory.STRAIGHT,
    "FLUSH": HandCategory.FLUSH,
    "FULL_HOUSE": HandCategory.FULL_HOUSE,
    "FOUR_OF_A_KIND": HandCategory.FOUR_OF_A_KIND,
    "STRAIGHT_FLUSH": HandCategory.STRAIGHT_FLUSH,
}


def naive_category(cards: tuple[Card, ...]) -> HandCategory:
    """An independent, slow classifier used as an oracle."""
    shape = sorted(Counter(c.rank for c in cards).values(), reverse=True)
    ranks = sorted(c.rank for c in cards)
    straight = shape == [1] * 5 and ranks == list(range(ranks[0], ranks[0] + 5))
    flush = is_flush(cards)
    if straight:
        return HandCategory.STRAIGHT_FLUSH if flush else HandCategory.STRAIGHT
    if flush:
        return HandCategory.FLUSH
    return {
        (1, 1, 1, 1, 1): HandCategory.NO_PAIR,
        (2, 1, 1, 1): HandCategory.ONE_PAIR,
        (2, 2, 1): HandCategory.TWO_PAIR,
        (3, 1, 1): HandCategory.THREE_OF_A_KIND,
        (3, 2): HandCategory.FULL_HOUSE,
        (4, 1): HandCategory.FOUR_OF_A_KIND,
    }[tuple(shape)]


@pytest.fixture(scope="module")
def exhaustive() -> tuple[dict[int, tuple[Card, ...]], Counter[int]]:
    """Every hand once: a representative hand per rank number and how many hands share it.

    Also checks that equal (rank multiset, flush) means equal number and vice versa.
    """
    by_shape: dict[tuple[int, ...], int] = {}
    hands_of: Counter[int] = Counter()
    example: dict[int, tuple[Card, ...]] = {}
    for h in itertools.combinations(DECK, 5):
        number = rank_cards(*h)
        # combinations() yields cards in value order, so the ranks are already sorted.
        key = (h[0] >> 2, h[1] >> 2, h[2] >> 2, h[3] >> 2, h[4] >> 2,
               h[0] & 3 == h[1] & 3 == h[2] & 3 == h[3] & 3 == h[4] & 3)  # fmt: skip
        assert by_shape.setdefault(key, number) == number, h
        hands_of[number] += 1
        example.setdefault(number, h)
    assert len(by_shape) == len(example) == 7462  # one number per shape, one shape per number
    return example, hands_of


def test_exhaustive_7462_contiguous_values(
    exhaustive: tuple[dict[int, tuple[Card, ...]], Counter[int]],
) -> None:
    example, hands_of = exhaustive
    assert sum(hands_of.values()) == 2_598_960
    assert sorted(example) == list(range(1, 7463))


def test_exhaustive_category_boundaries(
    exhaustive: tuple[dict[int, tuple[Card, ...]], Counter[int]],
) -> None:
    example, hands_of = exhaustive
    cats = [naive_category(example[n]) for n in range(1, 7463)]
    assert cats == sorted(cats), "categories are monotone in rank"
    assert [category_of_rank(n) for n in range(1, 7463)] == cats
    assert Counter(cats) == VALUES_PER_CATEGORY
    assert {cat: len(r) for cat, r in CATEGORY_RANKS.items()} == VALUES_PER_CATEGORY
    per_cat: Counter[HandCategory] = Counter()
    for n, count in hands_of.items():
        per_cat[cats[n - 1]] += count
    assert per_cat == HANDS_PER_CATEGORY


def test_exhaustive_order_matches_pokerkit(
    exhaustive: tuple[dict[int, tuple[Card, ...]], Counter[int]],
) -> None:
    """One hand per rank number: pokerkit ranks number n strictly better than n + 1."""
    example, _ = exhaustive
    pk = [pokerkit.StandardLowHand("".join(map(str, example[n]))) for n in range(1, 7463)]
    for n, (better, worse) in enumerate(itertools.pairwise(pk), start=1):
        assert better > worse, (n, example[n], example[n + 1])
    assert [PK_LABEL[h.entry.label.name] for h in pk] == [
        category_of_rank(n) for n in range(1, 7463)
    ]


# --- Agreement with pokerkit on random pairs -----------------------------------------------


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def test_random_pairs_agree_with_pokerkit() -> None:
    """50,000 random pairs (seeded), evaluated by pokerkit with their real suits, no cache."""
    rng = random.Random(20240527)
    pk_low = pokerkit.StandardLowHand
    disagreements = []
    ties = 0
    for _ in range(50_000):
        a = rng.sample(DECK, 5)
        b = rng.sample(DECK, 5)
        ours = _sign(rank_parsed(b) - rank_parsed(a))  # +1: a is better (lower number)
        ha, hb = pk_low("".join(map(str, a))), pk_low("".join(map(str, b)))
        theirs = (ha > hb) - (ha < hb)  # pokerkit: greater is better
        ties += ours == 0
        if ours != theirs:
            disagreements.append((a, b, ours, theirs))
    assert disagreements == []
    assert ties > 0  # the sample does exercise equal hands


# --- describe() ---------------------------------------------------------------------------

DESCRIPTIONS = [
    ("9s 8h 7d 6c 3s", "Lo: 9,8,7,6,3"),
    ("Td 8h 7d 6c 2s", "Lo: T,8,7,6,2"),
    ("Ah 5s 4d 3h 2d", "Lo: A,5,4,3,2"),
    ("Ac Kd Qh Js 9c", "Lo: A,K,Q,J,9"),
    ("5h 5s 9d 3h 2d", "Lo: a pair of Fives"),
    ("2h 2s 5s 4s 3c", "Lo: a pair of Deuces"),
    ("8s 7h 6d 5c 4c", "Lo: a straight, Four to Eight"),
    ("6s 5h 4d 3c 2c", "Lo: a straight, Deuce to Six"),
    ("Ts Jh Qd Kc Ac", "Lo: a straight, Ten to Ace"),
    ("Jd Js 6c 6h As", "Lo: two pair, Jacks and Sixes"),
    ("Ad As Ah 3s 8s", "Lo: three of a kind, Aces"),
    ("Jh 7h 4h 3h 2h", "Lo: a flush, Jack high"),
    ("Ah 5h 4h 3h 2h", "Lo: a flush, Ace high"),
    ("5s 5h 5d 6c 6h", "Lo: a full house, Fives full of Sixes"),
    ("6s 6h 5d 5c 5h", "Lo: a full house, Fives full of Sixes"),
    ("Ad As Ah Ac 8s", "Lo: four of a kind, Aces"),
    ("8d 7d 6d 5d 4d", "Lo: a straight flush, Four to Eight"),
    ("9c Kc Qc Jc Tc", "Lo: a straight flush, Nine to King"),
    ("As Ks Qs Js Ts", "Lo: a Royal Flush"),
]


@pytest.mark.parametrize(("cards", "text"), DESCRIPTIONS)
def test_describe_examples(cards: str, text: str) -> None:
    assert describe(cards) == text
    assert describe(cards, prefix="") == text.removeprefix("Lo: ")
    assert describe_rank(hand_rank(cards)) == text


def _pokerstars_2_7_showdowns() -> list[tuple[str, str]]:
    five = r"(?:\S\S ){4}\S\S"
    found = []
    for path in sorted((REAL / "pokerstars").glob("*.txt")):
        text = path.read_bytes().decode("utf-8", errors="replace")
        # Five shown cards only: the 8-Game file also has 7-card stud lows (A-5, not 2-7).
        found += re.findall(rf"shows \[({five})\] \((Lo: [^)]*)\)", text)
        found += re.findall(
            rf"showed \[({five})\] and (?:won \([^)]*\)|lost) with (Lo: [^\r\n]*)", text
        )
    return found


def test_describe_matches_real_pokerstars_showdowns() -> None:
    """Every 2-7 `shows`/`showed` line in the real PokerStars files is worded as we word it."""
    found = _pokerstars_2_7_showdowns()
    assert len(found) >= 50
    wrong = [(cards, text, describe(cards)) for cards, text in found if describe(cards) != text]
    assert wrong == []


@given(hands, st.permutations(range(4)))
def test_describe_suit_independent(cards: tuple[Card, ...], perm: list[int]) -> None:
    moved = tuple(DECK[c.rank * 4 + perm[c.suit]] for c in cards)
    assert describe(moved) == describe(cards)


@given(hands, st.lists(st.integers(0, 3), min_size=5, max_size=5))
def test_describe_depends_on_suits_only_through_flush(
    cards: tuple[Card, ...], suits: list[int]
) -> None:
    moved = tuple(DECK[c.rank * 4 + s] for c, s in zip(cards, suits, strict=True))
    assume(len(set(moved)) == 5)
    if is_flush(moved) == is_flush(cards):
        assert describe(moved) == describe(cards)
    elif len({c.rank for c in cards}) == 5:
        # Same ranks, flush status flipped: the category and so the wording must change.
        assert describe(moved) != describe(cards)


@given(hands)
def test_describe_no_pair_lists_ranks_highest_first(cards: tuple[Card, ...]) -> None:
    assume(category(cards) is HandCategory.NO_PAIR)
    text = describe(cards)
    assert text.startswith("Lo: ")
    listed = text.removeprefix("Lo: ").split(",")
    expected = sorted((c.rank for c in cards), reverse=True)
    assert [RANKS.index(r) for r in listed] == expected


@given(hands)
def test_describe_names_the_category(cards: tuple[Card, ...]) -> None:
    text = describe(cards)
    words = {
        HandCategory.NO_PAIR: re.compile(r"Lo: [2-9TJQKA](,[2-9TJQKA]){4}"),
        HandCategory.ONE_PAIR: re.compile(r"Lo: a pair of \w+"),
        HandCategory.TWO_PAIR: re.compile(r"Lo: two pair, \w+ and \w+"),
        HandCategory.THREE_OF_A_KIND: re.compile(r"Lo: three of a kind, \w+"),
        HandCategory.STRAIGHT: re.compile(r"Lo: a straight, \w+ to \w+"),
        HandCategory.FLUSH: re.compile(r"Lo: a flush, \w+ high"),
        HandCategory.FULL_HOUSE: re.compile(r"Lo: a full house, \w+ full of \w+"),
        HandCategory.FOUR_OF_A_KIND: re.compile(r"Lo: four of a kind, \w+"),
        HandCategory.STRAIGHT_FLUSH: re.compile(
            r"Lo: (a straight flush, \w+ to \w+|a Royal Flush)"
        ),
    }
    assert words[naive_category(cards)].fullmatch(text), text


def test_descriptions_per_category() -> None:
    """The wording never crosses categories and is as fine-grained as the category allows."""
    texts_of: dict[HandCategory, set[str]] = {}
    for n in range(1, 7463):
        texts_of.setdefault(category_of_rank(n), set()).add(describe_rank(n))
    assert {cat: len(t) for cat, t in texts_of.items()} == {
        HandCategory.NO_PAIR: 1278,  # every no-pair hand spelled out
        HandCategory.ONE_PAIR: 13,
        HandCategory.TWO_PAIR: 78,
        HandCategory.THREE_OF_A_KIND: 13,
        HandCategory.STRAIGHT: 9,
        HandCategory.FLUSH: 8,  # Seven high .. Ace high
        HandCategory.FULL_HOUSE: 156,
        HandCategory.FOUR_OF_A_KIND: 13,
        HandCategory.STRAIGHT_FLUSH: 9,
    }
    all_texts = [t for ts in texts_of.values() for t in ts]
    assert len(all_texts) == len(set(all_texts))


@given(st.lists(st.integers(-3, 55), min_size=0, max_size=7))
# The deck's ends, which a random draw rarely holds: the deuce of clubs (0), the ace of spades
# (51), and one past each end.
@example([0, 12, 25, 38, 51])
@example([0, 1, 2, 3, 51])
@example([-1, 12, 25, 38, 50])
@example([1, 12, 25, 38, 52])
def test_rank_or_none_is_hand_rank_or_none(values: list[int]) -> None:
    """The unparsed check refuses exactly what ``hand_rank`` refuses: a wrong count, a
    duplicate, a value off the deck."""
    cards = [int.__new__(Card, v) for v in values]
    try:
        expected: int | None = hand_rank(cards)
    except CardError:
        expected = None
    assert rank_or_none(cards) == expected


def test_rank_or_none_takes_the_deck_ends() -> None:
    """The deuce of clubs (card 0) and the ace of spades (card 51) are cards of the deck."""
    ends = parse_cards("2c 4d 6h 8s As")
    assert (int(ends[0]), int(ends[-1])) == (0, 51)
    assert rank_or_none(ends) == hand_rank("2c 4d 6h 8s As")
    low = [int.__new__(Card, v) for v in (-1, 12, 25, 38, 50)]
    high = [int.__new__(Card, v) for v in (1, 12, 25, 38, 52)]
    assert rank_or_none(low) is None and rank_or_none(high) is None


def test_R_RANK_1_every_rank_multiset_is_its_own_hand() -> None:
    """Without a flush, two different multisets of five ranks are two different 2-7 hands:
    every one of the 6,175 gets its own rank (the evaluator keys a multiset by a product of
    primes, so a prime that is not one, or a repeated one, would give two hands one rank)."""
    ranks_seen: dict[int, tuple[int, ...]] = {}
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue  # five of a kind: not a hand
        # The k-th copy of a rank in suit k; five different ranks would all be suit 0 (a
        # flush), so the first of them takes suit 1.
        copies: Counter[int] = Counter()
        cards = []
        for r in ranks:
            cards.append(r * 4 + copies[r])
            copies[r] += 1
        if len(copies) == 5:
            cards[0] += 1
        rank = rank_cards(*cards)
        assert rank not in ranks_seen, (ranks, ranks_seen.get(rank))
        ranks_seen[rank] = ranks
    assert len(ranks_seen) == 6175
