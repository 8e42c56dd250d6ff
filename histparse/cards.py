"""Playing cards: a card is a small int (rank * 4 + suit) that prints as ``7h``."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

RANKS: Final = "23456789TJQKA"
SUITS: Final = "cdhs"


class CardError(ValueError):
    """A card or a list of cards could not be read."""


class Card(int):
    """One card. ``int(card) == rank_index * 4 + suit_index``, 2 is rank 0 and the ace 12.

    Cards are interned: there are exactly 52 instances, so ``is`` and ``==`` agree.

    >>> card = parse_card("7h")
    >>> int(card), card.rank, card.suit, str(card)
    (22, 5, 2, '7h')
    >>> card is parse_card("7h")
    True
    """

    __slots__ = ()

    @property
    def rank(self) -> int:
        """Rank index: 0 for a deuce up to 12 for an ace (the ace is always high in 2-7)."""
        return self >> 2

    @property
    def suit(self) -> int:
        """Suit index into ``SUITS``."""
        return self & 3

    def __str__(self) -> str:
        return RANKS[self >> 2] + SUITS[self & 3]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


DECK: Final[tuple[Card, ...]] = tuple(Card(i) for i in range(52))
_BY_TEXT: Final[dict[str, Card]] = {str(c): c for c in DECK}
_TEXTS: Final[tuple[str, ...]] = tuple(str(c) for c in DECK)


def parse_card(text: str) -> Card:
    """Read one card such as ``7h`` or ``Td``; raise ``CardError`` naming the bad text.

    >>> parse_card("Td"), parse_card("td")
    (Card('Td'), Card('Td'))
    >>> parse_card("1h")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    histparse.cards.CardError: not a card: '1h' (expected a rank from 23456789TJQKA and ...)
    """
    card = _BY_TEXT.get(text)
    if card is None:
        # Accept a lower-case rank letter ("td") but nothing looser: sites write "Td".
        card = _BY_TEXT.get(text[:1].upper() + text[1:]) if len(text) == 2 else None
        if card is None:
            raise CardError(
                f"not a card: {text!r} (expected a rank from {RANKS} and a suit from {SUITS})"
            )
    return card


def parse_cards(cards: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Read cards from ``"7h 5s"``, ``"[7h 5s]"`` or a sequence of card strings or cards.

    >>> parse_cards("[7h 5s]")
    (Card('7h'), Card('5s'))
    >>> parse_cards(["Ah", parse_card("7h")])
    (Card('Ah'), Card('7h'))
    """
    if isinstance(cards, str):
        text = cards.strip()
        if text.startswith("[") and text.endswith("]"):
            text = text[1:-1]
        items: Iterable[str | Card] = text.split()
    else:
        items = cards
    return tuple(c if isinstance(c, Card) else parse_card(c) for c in items)


def format_cards(cards: Sequence[Card]) -> str:
    """Cards separated by spaces, as sites print them: ``7h 5s 4d``.

    >>> format_cards(parse_cards("[7h 5s 4d]"))
    '7h 5s 4d'
    """
    try:
        # Each card's text looked up, not made: str() is a Python-level call per card, and the
        # tables format about fifteen cards a hand (four times as fast, measured).
        return " ".join(map(_TEXTS.__getitem__, cards))
    except IndexError:  # not a card of the deck: its own text, whatever that says
        return " ".join(map(str, cards))


def format_hand(cards: Sequence[Card]) -> str:
    """Cards in brackets, as sites print a hand: ``[7h 5s 4d 3h 2d]``.

    >>> format_hand(parse_cards("7h 5s 4d 3h 2d"))
    '[7h 5s 4d 3h 2d]'
    """
    return "[" + format_cards(cards) + "]"
