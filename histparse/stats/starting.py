"""Classes of a starting hand (the five cards dealt) and of the cards kept at a draw.

A triple-draw player reads a starting hand by how it is played: a made hand by its top card
(pat 7 ... pat T), else by the best draw in it (one card to a 7, 8 or 9; two or three cards,
smooth or rough), a made jack after the one-card draws; a made queen, king or ace is read as
the draw it holds. The kept cards of
a draw are read the same way: five kept (stood pat) by the made hand, fewer by the cards drawn
and the highest kept card. The exact rules are in ``docs/stats.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from histparse.cards import Card

__all__ = ["KeptClass", "StartClass", "kept_class", "start_class"]

_SEVEN, _EIGHT, _NINE, _TEN = 5, 6, 7, 8  # rank indexes (deuce is 0)


class StartClass(StrEnum):
    """A starting hand's class, best first (roughly)."""

    PAT_7 = "pat 7"
    PAT_8 = "pat 8"
    PAT_9 = "pat 9"
    PAT_T = "pat T"
    ONE_7 = "1-card 7"
    ONE_8 = "1-card 8"
    ONE_9 = "1-card 9"
    PAT_J = "pat J"
    TWO_SMOOTH = "2-card smooth"
    TWO_ROUGH = "2-card rough"
    THREE_SMOOTH = "3-card smooth"
    THREE_ROUGH = "3-card rough"
    WORSE = "4-5 cards"


class KeptClass(StrEnum):
    """What a player kept at a draw, best first."""

    PAT_7 = "pat 7"
    PAT_8 = "pat 8"
    PAT_9 = "pat 9"
    PAT_T = "pat T"
    PAT_J = "pat J or worse"
    SNOW = "pat, no made hand"
    ONE_7 = "1-card 7"
    ONE_8 = "1-card 8"
    ONE_9 = "1-card 9"
    ONE_T = "1-card T or worse"
    TWO_7 = "2-card 7"
    TWO_8 = "2-card 8"
    TWO_9 = "2-card 9 or worse"
    THREE_7 = "3-card 7"
    THREE_8 = "3-card 8 or worse"
    MORE = "4-5 cards"


_PAT_START = {
    _SEVEN: StartClass.PAT_7,
    _EIGHT: StartClass.PAT_8,
    _NINE: StartClass.PAT_9,
    _TEN: StartClass.PAT_T,
}
_ONE_START = {_SEVEN: StartClass.ONE_7, _EIGHT: StartClass.ONE_8, _NINE: StartClass.ONE_9}
_PAT_KEPT = {_SEVEN: KeptClass.PAT_7, _EIGHT: KeptClass.PAT_8, _NINE: KeptClass.PAT_9}


def _made(cards: Sequence[Card]) -> bool:
    """Five different ranks, not a straight, not a flush: a no-pair 2-7 hand."""
    ranks = {c >> 2 for c in cards}
    if len(ranks) != 5 or max(ranks) - min(ranks) == 4:
        return False
    return len({c & 3 for c in cards}) > 1


def start_class(cards: Sequence[Card]) -> StartClass | None:
    """The class of five dealt cards; None if they are not five distinct cards."""
    if len(cards) != 5 or len(set(cards)) != 5:
        return None
    top = max(c >> 2 for c in cards)
    made = _made(cards)
    if made and top <= _TEN:
        return _PAT_START.get(top, StartClass.PAT_7)
    low = sorted({c >> 2 for c in cards if c >> 2 <= _NINE})
    if len(low) >= 4:
        return _ONE_START.get(max(low[3], _SEVEN), StartClass.ONE_9)
    if made and top == _TEN + 1:
        return StartClass.PAT_J
    low = [r for r in low if r <= _EIGHT]
    if len(low) == 3:
        return StartClass.TWO_SMOOTH if low[-1] <= _SEVEN else StartClass.TWO_ROUGH
    if len(low) == 2:
        return StartClass.THREE_SMOOTH if low[-1] <= _SEVEN else StartClass.THREE_ROUGH
    return StartClass.WORSE


def kept_class(kept: Sequence[Card]) -> KeptClass | None:
    """The class of the cards kept at a draw (all five when standing pat); None if they are
    more than five or not distinct."""
    n = len(kept)
    if n > 5 or len(set(kept)) != n:
        return None
    if n <= 1:
        return KeptClass.MORE
    top = max(max(c >> 2 for c in kept), _SEVEN)
    if n == 5:
        if not _made(kept):
            return KeptClass.SNOW
        if top <= _NINE:
            return _PAT_KEPT[top]
        return KeptClass.PAT_T if top == _TEN else KeptClass.PAT_J
    paired = len({c >> 2 for c in kept}) != n
    if n == 4:
        if paired or top > _NINE:
            return KeptClass.ONE_T
        return (KeptClass.ONE_7, KeptClass.ONE_8, KeptClass.ONE_9)[top - _SEVEN]
    if n == 3:
        if paired or top > _EIGHT:
            return KeptClass.TWO_9
        return KeptClass.TWO_7 if top == _SEVEN else KeptClass.TWO_8
    if paired or top > _SEVEN:
        return KeptClass.THREE_8
    return KeptClass.THREE_7
