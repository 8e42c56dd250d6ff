"""A hand made by code (the simulator's, in PokerStars' shape) as Kings Club would print it.

``histparse generate --site kingsclub`` writes simulated sessions as Kings Club text. The same
play in Kings Club's shape: a ``Dealt to`` line for every player (face down but the hero's),
the hero's discards and new cards on one line, no uncalled-bet line (the return is silent),
no showdown marker, no muck (a player who mucked is left out), and a summary ledger (stack
after the hand, net result), the ``Rake`` line (none when nothing is raked) and the ``wins``
lines. Chat, status and cap lines have no Kings Club words and are left out.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from typing import Final

from histparse.events import (
    Action,
    Collected,
    DealtHidden,
    DealtTo,
    Draw,
    Event,
    Hand,
    Post,
    SeatResult,
    Section,
    SectionMarker,
    Shows,
    Source,
    SummaryPot,
)
from histparse.game import Game, Street
from histparse.ledger import contributions
from histparse.sites.kingsclub.layout import KingsClubLayout
from histparse.sites.kingsclub.read import SITE

__all__ = ["as_kings_club"]

_ZERO: Final = Decimal(0)
_KEPT: Final = (Post, Action, Draw, Shows, Collected)


def _pot(name: str) -> str:
    if name in ("pot", "main pot"):
        return "pot"
    return "side pot-" + (name.rpartition("-")[2] if "-" in name else "1")


def _events(hand: Hand) -> list[Event]:
    hero = hand.hero
    dealt = [s.player for s in hand.dealt_in()]
    events = hand.events
    out: list[Event] = []
    rake = _ZERO
    dealt_done = False
    for k, e in enumerate(events):
        if isinstance(e, SummaryPot):
            rake = e.rake
            continue
        if isinstance(e, SectionMarker):
            if e.section in (Section.FIRST_DRAW, Section.SECOND_DRAW, Section.THIRD_DRAW):
                out.append(e)
            continue
        if isinstance(e, DealtTo):
            if e.new is None and not dealt_done:
                dealt_done = True
                for p in dealt:
                    if p == e.player:
                        out.append(e)
                    else:
                        out.append(DealtHidden(Street.PREDRAW, p, 5, line=0))
            continue  # a hero's draw: its new cards go on the draw line
        if isinstance(e, Draw) and e.player == hero and e.count and e.discarded:
            answer = next(
                (
                    x
                    for x in events[k + 1 :]
                    if isinstance(x, DealtTo) and x.player == hero and x.new is not None
                ),
                None,
            )
            if answer is not None and answer.new is not None:
                e = replace(e, drawn=(answer.new,), pat=False, pat_cards=None)
            out.append(e)
            continue
        if isinstance(e, Draw):
            e = replace(e, discarded=None, pat_cards=None, drawn=())
        elif isinstance(e, Shows):
            e = replace(e, description=None)
        elif isinstance(e, Collected):
            e = replace(e, pot=_pot(e.pot))
        elif not isinstance(e, _KEPT):
            continue
        out.append(e)
    out.append(SectionMarker(Section.SUMMARY, line=0))
    put = contributions(hand)
    won: dict[str, Decimal] = {}
    for e in out:
        if isinstance(e, Collected):
            won[e.player] = won.get(e.player, _ZERO) + e.amount
    for s in hand.dealt_in():
        net = won.get(s.player, _ZERO) - put.get(s.player, _ZERO)
        out.append(SeatResult(s.seat, s.player, s.stack + net, net, line=0))
    wins = [e for e in out if isinstance(e, Collected)]
    out = [e for e in out if not isinstance(e, Collected)]
    if rake:
        total = sum((w.amount for w in wins), _ZERO) + rake
        out.append(SummaryPot(total, rake, line=0))
    return out + list(wins)


def as_kings_club(hand: Hand) -> Hand:
    """``hand`` (a 2-7 hand made by code) as a Kings Club hand, its lines renumbered from its
    first line. Its ``source`` is left to whoever writes it out."""
    if hand.game not in (Game.TRIPLE_DRAW_27, Game.SINGLE_DRAW_27):
        raise ValueError(f"Kings Club hands of {hand.game.label} are not written")
    events = _events(hand)
    seats = tuple(replace(s, trailing="", line=0, sitting_out=False) for s in hand.dealt_in())
    first = hand.source.first_line or 1
    seats = tuple(replace(s, line=first + 3 + k) for k, s in enumerate(seats))
    line = first + 3 + len(seats) + 1  # the three header lines, the seats, 1ST BETTING ROUND
    renumbered: list[Event] = []
    for e in events:
        renumbered.append(replace(e, line=line, trailing=""))
        line += 1
    return replace(
        hand,
        site=SITE,
        seats=seats,
        events=tuple(renumbered),
        layout=KingsClubLayout(newline=getattr(hand.layout, "newline", "\r\n")),
        source=Source(hand.source.path, first, line - 1, ""),
        currency="USD",
        is_play_money=False,
        is_tournament=False,
        tournament_id=None,
        buy_in=None,
        buy_in_currency=None,
        level=None,
        match_round=None,
        mixed_game=None,
        club=None,
        is_home_game=False,
        max_seats=None,
    )
