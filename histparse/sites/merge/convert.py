"""A hand made by code (the simulator's, in PokerStars' shape) as a Merge game.

``histparse generate --site merge`` writes simulated sessions as Merge XML. The hand is written
as a ``<game>`` (``write.write_game``: Merge's rounds, ``RAISE`` totals, ``ALL_IN``
increments, the winner's amount with its uncalled bet) and read back, so the hand returned is
exactly what reading the file gives: Merge's events, its line numbers from the game's first
line. What Merge has no element for (cap and reshuffle lines, table status lines, summaries,
tournament placings) is left out.
"""

from __future__ import annotations

from dataclasses import replace

from histparse.events import Hand
from histparse.game import Game
from histparse.reading import ParseError
from histparse.sites.base import WriteError
from histparse.sites.merge.stream import read_lines
from histparse.sites.merge.write import description_of, write_game

__all__ = ["as_merge"]


def as_merge(hand: Hand) -> Hand:
    """``hand`` (a 2-7 Triple Draw hand made by code) as a Merge game."""
    if hand.game is not Game.TRIPLE_DRAW_27:
        raise ValueError(f"Merge games of {hand.game.label} are not written")
    seats = tuple(s for s in hand.seats if s.out_of_hand is None)
    text = write_game(replace(hand, seats=seats))
    first = hand.source.first_line or 1
    description = description_of(hand)
    head = (
        []
        if description is None
        else [f'<description type="{description.type}" stakes="{description.stakes}"/>\n']
    )
    lines = head + [line + "\n" for line in text.split("\r\n")]
    (result,) = list(read_lines(iter(lines), hand.source.path, first - len(head)))
    if isinstance(result, ParseError):
        raise WriteError(f"hand {hand.hand_id} does not read back as a Merge game: {result}")
    if not isinstance(result, Hand):
        raise WriteError(f"hand {hand.hand_id} reads back as {result}")
    return result
