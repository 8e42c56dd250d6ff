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
from histparse.events import DealtTo, Draw
from histparse.game import Street
from histparse.replayer import LineFacts, Replay

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
    reshuffle or because the lines did not show the cards; ``returned``: draws, before any
    reshuffle, that served the player a card they had already seen, which a fair deal never
    does: a discard put back into the stub, or a history that is wrong)."""

    player: str
    dealt: tuple[Card, ...]
    draws: tuple[DrawSeen, ...]
    skipped_draws: int
    returned: int = 0


def hero_view(record: Replay, player: str | None = None) -> HeroView | None:
    """The cards ``player`` (default: the hand's hero) received in the hand of ``record``;
    None when the history does not show a five-card deal to them.

    Reads the record alone: the hero's ``Dealt to`` lines and every draw line (``dealt_to``,
    ``draw_lines``, in the order of their lines), the reshuffles and the seats dealt in,
    never the hand's events (``read_facts`` makes the record without the engine)."""
    hero = record.hand.hero
    who = hero if player is None else player
    if who is None or (player is not None and hero != player):
        return None
    body = record.body
    dealt: tuple[Card, ...] | None = None
    held: tuple[Card, ...] = ()
    seen: set[Card] = set()
    draws: list[DrawSeen] = []
    skipped = returned = 0
    reshuffled = False
    pending: Draw | None = None
    # Cards dealt so far, to see the stub run out: five to each seat dealt in (the record's
    # one decision of who is, as the tables take it).
    served = 5 * len(body.seats)
    # A 'deck is reshuffled' line comes after the draw lines it counts and before the next:
    # it is met just before that draw line (or after the last one).
    reshuffles = frozenset(body.reshuffles)
    for e in _hero_lines(body, who):
        if isinstance(e, DealtTo):
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
                returned += _came_back(reshuffled, draw, held, kept, new, seen)
            else:
                draws.append(DrawSeen(int(e.street), kept, new, _FULL_DECK - seen))
            held = kept + new
            seen.update(new)
        else:
            index, d = e
            if index in reshuffles:
                reshuffled = True  # R-DRAW-3, as the site says
            served += d.count
            if served > len(_FULL_DECK):
                reshuffled = True  # the stub ran out, whether a line says so or not (R-DRAW-3)
            if d.player == who and d.count > 0 and dealt is not None:
                pending = d
                if d.drawn and d.discarded is not None:
                    # The line names the new cards itself (Kings Club): the first run's.
                    pending = None
                    kept = tuple(c for c in held if c not in d.discarded)
                    new = d.drawn[0]
                    ok = (
                        len(new) == d.count
                        and len(kept) + len(new) == 5
                        and set(kept) | set(d.discarded) == set(held)
                        and not seen.intersection(new)
                    )
                    if reshuffled or not ok:
                        skipped += 1
                        returned += _came_back(reshuffled, d, held, kept, new, seen)
                    else:
                        draws.append(DrawSeen(int(d.street), kept, new, _FULL_DECK - seen))
                    held = kept + new
                    seen.update(new)
    if dealt is None:
        return None
    return HeroView(who, dealt, tuple(draws), skipped, returned)


def _came_back(
    reshuffled: bool,
    draw: Draw,
    held: tuple[Card, ...],
    kept: tuple[Card, ...],
    new: tuple[Card, ...],
    seen: set[Card],
) -> int:
    """1 when a draw before any reshuffle whose lines otherwise agree (the discards named, kept
    plus discarded the held hand, the right number of distinct new cards) served a card the
    player had already seen: impossible from a fair stub."""
    whole = (
        draw.discarded is not None
        and set(kept) | set(draw.discarded) == set(held)
        and len(new) == draw.count == len(set(new))
        and len(kept) + len(new) == 5
        and not set(new) & set(kept)
    )
    return int(not reshuffled and whole and bool(seen.intersection(new)))


def _hero_lines(body: LineFacts, who: str) -> list[DealtTo | tuple[int, Draw]]:
    """``who``'s ``Dealt to`` lines and every draw line (with its index among the draw lines),
    in the order of the hand's lines."""
    lines: list[tuple[int, int, DealtTo | tuple[int, Draw]]] = [
        (e.line, 1, e) for e in body.dealt_to if e.player == who
    ]
    lines += [(d.line, 0, (i, d)) for i, d in enumerate(body.draw_lines)]
    lines.sort(key=lambda t: t[:2])  # a draw line before a 'Dealt to' line on the same line
    return [x for _, _, x in lines]
