"""Writers: hands back to their site's text, byte for byte, through the site registry.

A hand is written by the site it came from (``Hand.site``); a hand of a site histparse has
no writer for raises ``NotWritable``, it is never printed as another site's text.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterable, Iterator

from histparse.events import Hand
from histparse.sites import NotWritable, Site, WriteError, site_named
from histparse.textio import BOM

__all__ = ["NotWritable", "WriteError", "write_file", "write_hand", "write_hands"]


def _site(hand: Hand) -> Site:
    site = site_named(hand.site)
    if site is None:
        raise NotWritable(f"hand {hand.hand_id}: no site called {hand.site!r} is registered")
    return site


def write_hand(hand: Hand) -> str:
    """The hand as its site prints it, from the first line to the end of the last, with the
    hand's own line endings, no final newline and no BOM: for a parsed hand, exactly
    ``hand.source.text``. Raises ``WriteError`` for a hand its site could not have printed."""
    return _site(hand).write(hand)


def _pieces(
    hands: Iterable[Hand], newline: str | None, bom: bool | None, counted: list[int]
) -> Iterator[str]:
    """A file's text in pieces, by the site of the first hand; every hand must be of it."""
    it = iter(hands)
    first = next(it, None)
    if first is None:
        if bom:
            yield BOM  # an empty file: nothing but the BOM asked for
        return
    site = _site(first)

    def same_site() -> Iterator[Hand]:
        for hand in itertools.chain((first,), it):
            if hand.site != first.site:
                raise NotWritable(
                    f"hand {hand.hand_id} is a {hand.site} hand in a file of {first.site} hands"
                )
            counted[0] += 1
            yield hand

    yield from site.write_file(same_site(), newline=newline, bom=bom)


def write_hands(
    hands: Iterable[Hand], *, newline: str | None = None, bom: bool | None = None
) -> str:
    """A whole file of one site's hands, laid out as the site lays out its files (PokerStars:
    each hand followed by its line ending and three empty lines).

    ``newline`` (``"\\n"`` or ``"\\r\\n"``) forces one line ending on every line; None keeps
    each hand's own. ``bom`` puts a BOM (as ``"\\ufeff"``) at the start of the text; None takes
    it from the first hand's layout."""
    return "".join(_pieces(hands, newline, bom, [0]))


def write_file(
    path: str | os.PathLike[str],
    hands: Iterable[Hand],
    *,
    newline: str | None = None,
    bom: bool | None = None,
) -> int:
    """Write ``hands`` to ``path`` laid out as ``write_hands`` does, in UTF-8 (a BOM is written as
    its three UTF-8 bytes), one hand at a time; returns the number of hands written."""
    counted = [0]
    with open(path, "w", encoding="utf-8", newline="") as handle:
        for piece in _pieces(hands, newline, bom, counted):
            handle.write(piece)
    return counted[0]
