"""One simulated hand as another seat's history shows it.

The simulator writes a hand from one hero's seat; ``as_seen_by(hand, deal, player)`` gives the
same hand from ``player``'s seat: ``player``'s ``Dealt to`` lines and draws with cards, the
former hero's draws without them. Everything public (actions, amounts, the showdown, the
summary) is unchanged, so the copies of one hand agree as real copies from several players'
files do. Line numbers are those of the first copy: writing the hand and reading it back gives
the true ones.
"""

from __future__ import annotations

from dataclasses import replace

from histparse.cards import Card
from histparse.events import DealtTo, Draw, Event, Hand
from histparse.game import Street
from histparse.simulation.deal import FullDeal

__all__ = ["as_seen_by"]

Cards = tuple[Card, ...]


def as_seen_by(hand: Hand, deal: FullDeal, player: str) -> Hand:
    """``hand`` as ``player``'s own history shows it (``player`` was dealt in)."""
    if player == hand.hero:
        return hand
    old = hand.hero
    held = list(deal.initial(player))
    turns = {(d.player, d.number): d for d in deal.draws}
    numbers = {Street.DRAW1: 1, Street.DRAW2: 2, Street.DRAW3: 3}
    events: list[Event] = []
    for ev in hand.events:
        if isinstance(ev, DealtTo):
            if ev.player != old:
                events.append(ev)
            elif ev.street is Street.PREDRAW:
                events.append(replace(ev, player=player, kept=tuple(held)))
            # The former hero's cards after a draw are no longer shown.
            continue
        if isinstance(ev, Draw) and ev.player == old:
            if ev.count:
                events.append(replace(ev, discarded=None))
            else:
                events.append(replace(ev, pat_cards=None, trailing=" "))
            continue
        if isinstance(ev, Draw) and ev.player == player:
            turn = turns[(player, numbers[ev.street])]
            if not turn.discarded:
                events.append(replace(ev, pat_cards=tuple(held), trailing=""))
                continue
            kept = tuple(c for c in held if c not in turn.discarded)
            events.append(replace(ev, discarded=turn.discarded))
            events.append(DealtTo(ev.street, player, kept, turn.received, line=ev.line))
            held = [*kept, *turn.received]
            continue
        events.append(ev)
    return replace(hand, hero=player, events=tuple(events))
