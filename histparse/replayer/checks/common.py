"""Small facts several checks need: who really posted the big blind, money and markers as the
hand prints them."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from histparse.engine.positions import clockwise_from
from histparse.events import Hand, Post, Section
from histparse.game import PostKind
from histparse.money import hand_places, money_text
from histparse.sites import words_for

__all__ = ["BLIND_KINDS", "LIVE_BIG_BLINDS", "marker_text", "money", "real_big_blind"]

LIVE_BIG_BLINDS = (PostKind.BIG_BLIND, PostKind.SMALL_AND_BIG_BLIND)
BLIND_KINDS = (
    PostKind.SMALL_BLIND,
    PostKind.BIG_BLIND,
    PostKind.SMALL_AND_BIG_BLIND,
    PostKind.DEAD_BLIND,
)


def real_big_blind(hand: Hand, posts: Iterable[Post]) -> str | None:
    """The player who posted the table's big blind: of the big-blind posters, the first one
    clockwise from the button (a new player's extra big blind comes later; docs/formats.md §1.4)."""
    posters = {p.player for p in posts if p.kind in LIVE_BIG_BLINDS}
    if not posters:
        return None
    if len(posters) == 1:  # the usual hand: no seat order to look at
        (poster,) = posters
        for s in hand.seats:
            if s.player == poster:
                return poster
        return None
    seat_player = {s.seat: s.player for s in hand.seats if s.player in posters}
    for seat in clockwise_from(sorted(seat_player), hand.button_seat):
        return seat_player[seat]
    return None


def marker_text(hand: Hand, section: Section) -> str:
    """The marker line of ``section`` as the hand's site prints it (``*** FIRST DRAW ***``)."""
    return words_for(hand.site).markers[section]


def money(hand: Hand, amount: Decimal) -> str:
    """``amount`` in the hand's own money (``$0.10``, ``€1.50``, ``1,500`` chips): the one
    format of every finding message, ``histparse.money.money_text``."""
    return money_text(amount, hand.layout.money_symbol, hand_places(hand))
