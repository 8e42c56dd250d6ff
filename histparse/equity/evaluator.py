"""The vectorised 2-7 evaluator: the rank number of many five-card hands at once.

Each card maps to one int32: an additive key of its rank in the low 19 bits and a count of its
suit in a 3-bit field above them. Summing the five cards' values gives the rank multiset's key
(the keys were chosen so that every five-card rank multiset has its own sum) and the number of
cards of each suit; one look-up turns the suit counts into "flush or not" and a second the key
into the rank number of ``histparse.ranking`` (1 best, 7462 worst). That is five gathers, four
additions and two more gathers per hand, all in numpy.
"""

from __future__ import annotations

import itertools
from typing import Final

import numpy as np
import numpy.typing as npt

from histparse.ranking import rank_cards

__all__ = ["CARD_VALUES", "evaluate", "evaluate_columns", "evaluate_ranks"]

# The smallest increasing keys (found greedily, from 0) for which every multiset of at most five
# ranks, no rank more than four times, has its own sum; the build below checks it.
_RANK_KEYS: Final = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
_KEY_BITS: Final = 19  # 5 * 79415 < 2**19
_KEY_MASK: Final = (1 << _KEY_BITS) - 1
_SUIT_BITS: Final = 3  # a suit count is 0..5


def _card_values() -> npt.NDArray[np.int32]:
    values = np.empty(52, dtype=np.int32)
    for card in range(52):
        rank, suit = card >> 2, card & 3
        values[card] = _RANK_KEYS[rank] + (1 << (_KEY_BITS + _SUIT_BITS * suit))
    return values


CARD_VALUES: Final = _card_values()
"""The per-card value summed by ``evaluate`` (index: the card's int value)."""


def _tables() -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int16]]:
    # Suit counts (four 3-bit fields) -> offset of the flush half of the rank table.
    flush_offset = np.zeros(1 << (4 * _SUIT_BITS), dtype=np.int32)
    for suit in range(4):
        flush_offset[5 << (_SUIT_BITS * suit)] = 1 << _KEY_BITS
    table = np.zeros(2 << _KEY_BITS, dtype=np.int16)
    filled: set[int] = set()
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if ranks[0] == ranks[4]:
            continue  # five of a kind: no such hand
        key = sum(_RANK_KEYS[r] for r in ranks)
        if key in filled:
            raise AssertionError(f"rank keys collide at {ranks}")  # pragma: no cover
        filled.add(key)
        # Suits in rotation: a hand of these ranks that is not a flush, as ranking numbers it.
        cards = [r * 4 + i % 4 for i, r in enumerate(ranks)]
        table[key] = rank_cards(*cards)
        if len(set(ranks)) == 5:
            table[(1 << _KEY_BITS) + key] = rank_cards(*(r * 4 for r in ranks))
    return flush_offset, table


_FLUSH_OFFSET, _TABLE = _tables()


def evaluate_columns(
    c0: npt.NDArray[np.integer], c1: npt.NDArray[np.integer], c2: npt.NDArray[np.integer],
    c3: npt.NDArray[np.integer], c4: npt.NDArray[np.integer],
) -> npt.NDArray[np.int16]:  # fmt: skip
    """Rank numbers of the hands whose cards are the five arrays (same shape, values 0..51).

    Like ``histparse.ranking.rank_cards`` it does not validate: duplicate cards in a hand give
    a meaningless number.
    """
    v = CARD_VALUES
    total = v[c0] + v[c1] + v[c2] + v[c3] + v[c4]
    index = (total & _KEY_MASK) + _FLUSH_OFFSET[total >> _KEY_BITS]
    result: npt.NDArray[np.int16] = _TABLE[index]
    return result


def evaluate(hands: npt.ArrayLike) -> npt.NDArray[np.int16]:
    """Rank numbers (1 best, 7462 worst) of an array of hands, shape ``(..., 5)``.

    >>> from histparse.cards import parse_cards
    >>> evaluate([parse_cards("7h 5s 4d 3h 2d"), parse_cards("Ah Kh Qh Jh Th")]).tolist()
    [1, 7462]
    """
    cards = np.asarray(hands)
    if cards.shape[-1:] != (5,):
        raise ValueError(f"hands must have shape (..., 5), got {cards.shape}")
    return evaluate_columns(
        cards[..., 0], cards[..., 1], cards[..., 2], cards[..., 3], cards[..., 4]
    )


_RANK_KEY_ARRAY: Final = np.array(_RANK_KEYS, dtype=np.int32)


def evaluate_ranks(
    ranks: npt.NDArray[np.integer], flush: npt.NDArray[np.bool_] | None = None
) -> npt.NDArray[np.int16]:
    """Rank numbers of hands given by their card ranks (shape ``(..., 5)``, 0..12) and
    whether each is a flush (none by default): the caller knows the suits that matter."""
    keys = _RANK_KEY_ARRAY[ranks].sum(axis=-1)
    if flush is not None:
        keys = keys + np.where(flush, 1 << _KEY_BITS, 0)
    result: npt.NDArray[np.int16] = _TABLE[keys]
    return result
