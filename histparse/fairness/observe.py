"""What one hand's history reveals, without bias, about the cards a player received: the five
dealt cards and, at each draw, the cards kept, the cards received and the cards not yet seen.

Only the player's own cards are read. Opponents' shown hands are never used: who shows is
chosen by the play of the hand (a player who folds shows nothing), so they are no fair sample.
Draws from the first reshuffle of a hand on are left out: after R-DRAW-3's reshuffle the new
stub holds the earlier discards, some of them the player's own, and which unknown cards are in
it depends on the other players' draws, which the history does not tell.
"""

from __future__ import annotations

from dataclasses import dataclass

from histparse.cards import DECK, Card
from histparse.events import DealtTo, Draw, Hand, Reshuffle
from histparse.game import Street
from histparse.sites import dealt_in_seats, profile_for

__all__ = ["DrawSeen", "HeroView", "hero_view"]

_FULL_DECK = frozenset(DECK)


@dataclass(frozen=True, slots=True)
class DrawSeen:
    """One draw of the player's: ``kept`` plus ``received`` is the new hand; ``unseen`` the
    cards the player had not seen when drawing (neither held nor discarded before)."""

    number: int
    kept: tuple[Card, ...]
    received: tuple[Card, ...]
    unseen: frozenset[Card]


@dataclass(frozen=True, slots=True)
class HeroView:
    """The player's dealt hand and draws in one hand (``skipped_draws``: draws left out after a
    reshuffle or because the lines did not show the cards)."""

    player: str
    dealt: tuple[Card, ...]
    draws: tuple[DrawSeen, ...]
    skipped_draws: int


def hero_view(hand: Hand, player: str | None = None) -> HeroView | None:
    """The cards ``player`` (default: the hand's hero) received in ``hand``; None when the
    history does not show a five-card deal to them."""
    who = hand.hero if player is None else player
    if who is None or (player is not None and hand.hero != player):
        return None
    dealt: tuple[Card, ...] | None = None
    held: tuple[Card, ...] = ()
    seen: set[Card] = set()
    draws: list[DrawSeen] = []
    skipped = 0
    reshuffled = False
    pending: Draw | None = None
    # Cards dealt so far, to see the stub run out: five to each seat dealt in, by the one
    # decision of who is (sites.dealt_in_seats, as the replay and the tables take it).
    served = 5 * len(dealt_in_seats(hand, profile_for(hand.site)))
    for e in hand.events:
        kind = type(e)
        if kind is DealtTo:
            assert isinstance(e, DealtTo)
            if e.player != who:
                continue
            if e.new is None and e.street <= Street.PREDRAW:
                if dealt is None:
                    if len(e.kept) != 5 or len(set(e.kept)) != 5:
                        return None
                    dealt = held = e.kept
                    seen.update(held)
                continue
            draw, pending = pending, None
            if dealt is None or draw is None:
                continue
            # After a draw of five the site lists the new hand alone: nothing kept.
            kept, new = ((), e.kept) if e.new is None else (e.kept, e.new)
            ok = (
                draw.discarded is not None
                and len(new) == draw.count
                and len(kept) + len(new) == 5
                and set(kept) | set(draw.discarded) == set(held)
                and not seen.intersection(new)
            )
            if reshuffled or not ok:
                skipped += 1
            else:
                draws.append(DrawSeen(int(e.street), kept, new, _FULL_DECK - seen))
            held = kept + new
            seen.update(new)
        elif kind is Draw:
            assert isinstance(e, Draw)
            served += e.count
            if served > len(_FULL_DECK):
                reshuffled = True  # the stub ran out, whether a line says so or not (R-DRAW-3)
            if e.player == who and e.count > 0 and dealt is not None:
                pending = e
                if e.drawn and e.discarded is not None:
                    # The line names the new cards itself (Kings Club): the first run's.
                    pending = None
                    kept = tuple(c for c in held if c not in e.discarded)
                    new = e.drawn[0]
                    ok = (
                        len(new) == e.count
                        and len(kept) + len(new) == 5
                        and set(kept) | set(e.discarded) == set(held)
                        and not seen.intersection(new)
                    )
                    if reshuffled or not ok:
                        skipped += 1
                    else:
                        draws.append(DrawSeen(int(e.street), kept, new, _FULL_DECK - seen))
                    held = kept + new
                    seen.update(new)
        elif kind is Reshuffle:
            reshuffled = True
    if dealt is None:
        return None
    return HeroView(who, dealt, tuple(draws), skipped)
