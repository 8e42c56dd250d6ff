"""2-7 (Deuce-to-Seven) hand ranking: every five-card hand gets a number, 1 is best.

Rank 1 is 7-5-4-3-2 not all one suit; rank 7462 is the royal flush. The ace is always high,
A-2-3-4-5 is an ace-high no-pair hand and T-J-Q-K-A is a straight (R-RANK-2). Equal hands get
equal numbers whatever their suits (R-RANK-6).

The tables are built from first principles at import time (a few milliseconds): every rank
pattern is classified, the patterns are sorted by the rules of R-RANK-3/4, and the product of
one prime per card rank (unique per rank multiset) is mapped to the position in that order.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from enum import IntEnum
from types import MappingProxyType
from typing import Final

from histparse.cards import RANKS, Card, CardError, format_cards, parse_cards

__all__ = [
    "BEST_RANK",
    "CATEGORY_RANKS",
    "RANK_COUNT",
    "WORST_RANK",
    "HandCategory",
    "HandError",
    "category",
    "category_of_rank",
    "describe",
    "describe_rank",
    "hand_rank",
    "rank_cards",
    "rank_or_none",
    "rank_parsed",
]

RANK_COUNT: Final = 7462
BEST_RANK: Final = 1
WORST_RANK: Final = RANK_COUNT


class HandError(CardError):
    """Cards that do not form one five-card hand (wrong count, duplicates, unknown card)."""


class HandCategory(IntEnum):
    """Hand categories of 2-7, best (lowest) first, so ``<`` means "better category"."""

    NO_PAIR = 1
    ONE_PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9


# A rank multiset is identified by the product of one prime per card (unique factorisation),
# which is one multiplication per card and needs no sorting on the hot path.
_PRIMES: Final = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
_CARD_PRIME: Final[tuple[int, ...]] = tuple(_PRIMES[c >> 2] for c in range(52))

_PLURAL: Final = (
    "Deuces", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights",
    "Nines", "Tens", "Jacks", "Queens", "Kings", "Aces",
)  # fmt: skip
_SINGULAR: Final = (
    "Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight",
    "Nine", "Ten", "Jack", "Queen", "King", "Ace",
)  # fmt: skip

_Order = tuple[HandCategory, tuple[int, ...]]

# Group sizes, largest first, of a hand that is neither a straight nor a flush.
_BY_SHAPE: Final[dict[tuple[int, ...], HandCategory]] = {
    (1, 1, 1, 1, 1): HandCategory.NO_PAIR,
    (2, 1, 1, 1): HandCategory.ONE_PAIR,
    (2, 2, 1): HandCategory.TWO_PAIR,
    (3, 1, 1): HandCategory.THREE_OF_A_KIND,
    (3, 2): HandCategory.FULL_HOUSE,
    (4, 1): HandCategory.FOUR_OF_A_KIND,
}


def _classify(ranks: Sequence[int], flush: bool) -> _Order:
    """Category and tie-break ranks of one pattern; smaller tuples are better hands.

    The tie-break lists the ranks by group size, then by rank, both descending: exactly the
    order high poker compares them in (R-RANK-4), so comparing the tuples "lower wins" is the
    2-7 order within a category.
    """
    counts = Counter(ranks)
    order = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
    shape = sorted(counts.values(), reverse=True)
    straight = len(counts) == 5 and order[0] - order[4] == 4
    if straight:
        cat = HandCategory.STRAIGHT_FLUSH if flush else HandCategory.STRAIGHT
        return cat, order[:1]
    if flush:
        return HandCategory.FLUSH, order
    return _BY_SHAPE[tuple(shape)], order


def _prime_key(ranks: Iterable[int]) -> int:
    key = 1
    for r in ranks:
        key *= _PRIMES[r]
    return key


def _build() -> tuple[dict[int, int], dict[int, int], list[_Order]]:
    """Number every distinct 2-7 hand: (non-flush table, flush table, order by rank - 1)."""
    patterns: list[tuple[_Order, bool, int]] = []
    for combo in itertools.combinations_with_replacement(range(13), 5):
        if combo[0] == combo[4]:
            continue  # five of a kind needs a fifth suit
        patterns.append((_classify(combo, False), False, _prime_key(combo)))
    for combo in itertools.combinations(range(13), 5):
        patterns.append((_classify(combo, True), True, _prime_key(combo)))
    patterns.sort(key=lambda p: p[0])
    plain: dict[int, int] = {}
    suited: dict[int, int] = {}
    orders: list[_Order] = []
    for number, (order, flush, key) in enumerate(patterns, start=1):
        (suited if flush else plain)[key] = number
        orders.append(order)
    return plain, suited, orders


_PLAIN, _SUITED, _ORDERS = _build()
_CATEGORY_OF: Final[tuple[HandCategory, ...]] = tuple(o[0] for o in _ORDERS)


def _category_ranks() -> Mapping[HandCategory, range]:
    first: dict[HandCategory, int] = {}
    last: dict[HandCategory, int] = {}
    for number, cat in enumerate(_CATEGORY_OF, start=1):
        first.setdefault(cat, number)
        last[cat] = number
    return MappingProxyType({cat: range(first[cat], last[cat] + 1) for cat in HandCategory})


CATEGORY_RANKS: Final[Mapping[HandCategory, range]] = _category_ranks()
"""The rank numbers of each category, e.g. ``CATEGORY_RANKS[HandCategory.NO_PAIR]``."""


def rank_cards(c0: int, c1: int, c2: int, c3: int, c4: int, /) -> int:
    """Fast path: the rank number of five parsed cards (``Card`` or its int value).

    Does not validate: duplicates or negative values give a meaningless number, so use
    ``hand_rank`` for untrusted input. Five cards of one rank or a value above 51 raise
    ``HandError``.

    >>> rank_cards(*parse_cards("7h 5s 4d 3h 2d"))
    1
    """
    p = _CARD_PRIME
    try:
        # The chained comparison usually stops at the first pair, so the flush test is cheap.
        if c0 & 3 == c1 & 3 == c2 & 3 == c3 & 3 == c4 & 3:
            return _SUITED[p[c0] * p[c1] * p[c2] * p[c3] * p[c4]]
        return _PLAIN[p[c0] * p[c1] * p[c2] * p[c3] * p[c4]]
    except (KeyError, IndexError):
        raise HandError(f"not a five-card hand: {(c0, c1, c2, c3, c4)!r}") from None


def rank_parsed(cards: Sequence[int]) -> int:
    """Fast path for a sequence of five parsed cards; see ``rank_cards``.

    >>> rank_parsed(parse_cards("8h 5s 4d 3h 2d"))
    5
    """
    try:
        c0, c1, c2, c3, c4 = cards
    except ValueError:
        raise HandError(f"a 2-7 hand has five cards, got {len(cards)}") from None
    return rank_cards(c0, c1, c2, c3, c4)


def rank_or_none(cards: Sequence[Card]) -> int | None:
    """``hand_rank`` of parsed cards, or None where it would raise (not five distinct cards of
    the deck), checked without parsing them again (the tables' final hands of 20,000 hands:
    0.23 s against 0.32 through ``hand_rank``).

    >>> rank_or_none(parse_cards("7h 5s 4d 3h 2d")), rank_or_none(parse_cards("7h 7h 4d 3h 2d"))
    (1, None)
    """
    if len(cards) != 5 or len(set(cards)) != 5 or min(cards) < 0 or max(cards) > 51:
        return None
    return rank_cards(*cards)


def _checked(cards: str | Iterable[str | Card]) -> tuple[Card, ...]:
    parsed = parse_cards(cards)
    for card in parsed:
        if not 0 <= card < 52:
            raise CardError(f"not a card: Card({int(card)}) (card values are 0..51)")
    if len(parsed) != 5:
        shown = format_cards(parsed)
        raise HandError(f"a 2-7 hand has five cards, got {len(parsed)}: {shown!r}")
    if len(set(parsed)) != 5:
        dups = sorted({c for c in parsed if parsed.count(c) > 1})
        shown = format_cards(parsed)
        raise HandError(f"duplicate card {format_cards(dups)} in hand {shown!r}")
    return parsed


def hand_rank(cards: str | Iterable[str | Card]) -> int:
    """Rank of a five-card hand: 1 (7-5-4-3-2) is best, 7462 (royal flush) is worst.

    ``cards`` is text such as ``"7h 5s 4d 3h 2d"`` or ``"[7h 5s 4d 3h 2d]"``, or a sequence of
    card strings or ``Card``s. Raises ``CardError`` for unreadable cards and ``HandError`` (a
    ``CardError``, hence a ``ValueError``) for a wrong card count or a duplicate card.

    >>> hand_rank("7h 5s 4d 3h 2d"), hand_rank("7h 5h 4h 3h 2h"), hand_rank("Ah Kh Qh Jh Th")
    (1, 5864, 7462)
    >>> hand_rank("7h 7h 4d 3h 2d")
    Traceback (most recent call last):
    ...
    histparse.ranking.HandError: duplicate card 7h in hand '7h 7h 4d 3h 2d'
    """
    c0, c1, c2, c3, c4 = _checked(cards)
    return rank_cards(c0, c1, c2, c3, c4)


def _check_rank(rank: int) -> None:
    if not BEST_RANK <= rank <= WORST_RANK:
        raise ValueError(f"not a 2-7 rank number: {rank} (expected {BEST_RANK}..{WORST_RANK})")


def category_of_rank(rank: int) -> HandCategory:
    """The category of a rank number from ``hand_rank``.

    >>> category_of_rank(1).name, category_of_rank(7462).name
    ('NO_PAIR', 'STRAIGHT_FLUSH')
    """
    _check_rank(rank)
    return _CATEGORY_OF[rank - 1]


def category(cards: str | Iterable[str | Card]) -> HandCategory:
    """The category of a five-card hand (validated like ``hand_rank``).

    >>> category("5h 5s 4d 3h 2d")
    <HandCategory.ONE_PAIR: 2>
    >>> category("Ah 2d 3c 4s 5h").name  # the ace is high: no wheel straight in 2-7
    'NO_PAIR'
    """
    return _CATEGORY_OF[hand_rank(cards) - 1]


def describe_rank(rank: int, *, prefix: str = "Lo: ") -> str:
    """PokerStars' wording for the hand with this rank number, e.g. ``Lo: a pair of Fives``.

    Pass ``prefix=""`` for the bare wording (``a pair of Fives``).

    >>> describe_rank(1), describe_rank(1, prefix="")
    ('Lo: 7,5,4,3,2', '7,5,4,3,2')
    """
    _check_rank(rank)
    cat, order = _ORDERS[rank - 1]
    match cat:
        case HandCategory.NO_PAIR:
            text = ",".join(RANKS[r] for r in order)
        case HandCategory.ONE_PAIR:
            text = f"a pair of {_PLURAL[order[0]]}"
        case HandCategory.TWO_PAIR:
            text = f"two pair, {_PLURAL[order[0]]} and {_PLURAL[order[1]]}"
        case HandCategory.THREE_OF_A_KIND:
            text = f"three of a kind, {_PLURAL[order[0]]}"
        case HandCategory.STRAIGHT:
            text = f"a straight, {_SINGULAR[order[0] - 4]} to {_SINGULAR[order[0]]}"
        case HandCategory.FLUSH:
            text = f"a flush, {_SINGULAR[order[0]]} high"
        case HandCategory.FULL_HOUSE:
            text = f"a full house, {_PLURAL[order[0]]} full of {_PLURAL[order[1]]}"
        case HandCategory.FOUR_OF_A_KIND:
            text = f"four of a kind, {_PLURAL[order[0]]}"
        case HandCategory.STRAIGHT_FLUSH:
            if order[0] == 12:
                text = "a Royal Flush"
            else:
                text = f"a straight flush, {_SINGULAR[order[0] - 4]} to {_SINGULAR[order[0]]}"
    return prefix + text


def describe(cards: str | Iterable[str | Card], *, prefix: str = "Lo: ") -> str:
    """PokerStars' wording of a 2-7 hand, e.g. ``Lo: 9,8,7,6,3`` or ``Lo: a straight, Four to
    Eight`` (validated like ``hand_rank``).

    >>> describe("9s 8d 7c 6h 5s"), describe("Ah Kh Qh Jh Th", prefix="")
    ('Lo: a straight, Five to Nine', 'a Royal Flush')
    """
    return describe_rank(hand_rank(cards), prefix=prefix)
