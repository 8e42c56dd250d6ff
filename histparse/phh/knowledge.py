"""Which cards of a hand are known: every player's first five cards and each draw's discards
and replacements, with ``None`` for a card nobody saw.

A simulated hand with its ``FullDeal`` is fully known. A history read from a site knows the
hero's cards (``Dealt to`` lines and the hero's discards) and, for the others, only what they
show: an opponent who stood pat in every draw and whose hand is shown (or listed as mucked in
the summary) held the shown cards from the start; every other opponent card is unknown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter

from histparse.cards import Card
from histparse.events import DealtTo, Draw, Shows, SummarySeat
from histparse.game import Street
from histparse.replayer import LineFacts
from histparse.simulation.deal import FullDeal

__all__ = ["CardKnowledge", "DrawCards", "Slots", "from_deal", "from_record"]

Slots = tuple[Card | None, ...]
HAND_SIZE = 5
_LINE = attrgetter("line")


@dataclass(frozen=True, slots=True)
class DrawCards:
    """One player's draw: the cards thrown and the cards served for them (``None``: unknown)."""

    discarded: Slots
    received: Slots


@dataclass(frozen=True, slots=True)
class CardKnowledge:
    """What is known of every dealt-in player's cards: ``initial[player]`` (five slots) and
    ``draws[(player, number)]`` for each draw 1-3 the player took part in."""

    initial: Mapping[str, Slots]
    draws: Mapping[tuple[str, int], DrawCards]

    def unknown(self, players: Sequence[str]) -> list[str]:
        """What is not known, player by player in ``players`` order, e.g.
        ``["Bob: first five cards", "Ann: draw 2"]``; empty when every card is known."""
        out: list[str] = []
        for name in players:
            if None in self.initial[name]:
                out.append(f"{name}: first five cards")
            for number in (1, 2, 3):
                d = self.draws.get((name, number))
                if d is not None and (None in d.discarded or None in d.received):
                    out.append(f"{name}: draw {number}")
        return out

    def final_hand(self, player: str) -> Slots:
        """The five cards ``player`` holds after their last draw, as far as known.
        ``ValueError`` if the draws discard more cards than the player holds."""
        hand = list(self.initial[player])
        for number in (1, 2, 3):
            d = self.draws.get((player, number))
            if d is None:
                continue
            for card in d.discarded:
                if card is not None and card in hand:
                    hand.remove(card)
                elif None in hand:
                    hand.remove(None)
                elif hand:
                    hand.pop()
                else:
                    raise ValueError(f"{player} discards more cards than they hold")
            hand.extend(d.received)
        return tuple(hand)


def from_deal(deal: FullDeal) -> CardKnowledge:
    """Every card of a simulated hand."""
    initial: dict[str, Slots] = {name: tuple(cards) for name, cards in deal.dealt}
    draws = {
        (d.player, d.number): DrawCards(tuple(d.discarded), tuple(d.received)) for d in deal.draws
    }
    return CardKnowledge(initial, draws)


def _pat_shown(body: LineFacts, drew: set[str]) -> dict[str, Slots]:
    """Shown hands of players who never changed a card: their first five cards."""
    out: dict[str, Slots] = {}
    shown: list[Shows | SummarySeat] = [*body.shows.values(), *body.summary_seats]
    for e in sorted(shown, key=_LINE):
        cards = e.cards
        if cards is not None and len(cards) == HAND_SIZE and e.player not in drew:
            out[e.player] = tuple(cards)
    return out


def from_record(body: LineFacts, hero: str | None, players: Sequence[str]) -> CardKnowledge:
    """What a hand's record (its ``Dealt to``, draw, show and summary lines) tells about the
    cards of the dealt-in ``players``; ``hero`` is the hand's hero."""
    initial: dict[str, Slots] = {name: (None,) * HAND_SIZE for name in players}
    draws: dict[tuple[str, int], DrawCards] = {}
    drew: set[str] = set()
    # The card lines in the order the hand printed them: a draw's new cards are in the
    # hero's next ``Dealt to`` line.
    events: list[DealtTo | Draw] = sorted([*body.dealt_to, *body.draw_lines], key=_LINE)
    for k, e in enumerate(events):
        if isinstance(e, DealtTo):
            if (
                e.player == hero
                and e.street is Street.PREDRAW
                and e.new is None
                and len(e.kept) == HAND_SIZE
                and hero in initial
            ):
                initial[hero] = tuple(e.kept)
        elif isinstance(e, Draw):
            if e.count:
                drew.add(e.player)
            number = int(e.street)
            discarded: Slots = (None,) * e.count
            received: Slots = (None,) * e.count
            if e.player == hero:
                if e.count == 0:
                    discarded = received = ()
                else:
                    if e.discarded is not None and len(e.discarded) == e.count:
                        discarded = tuple(e.discarded)
                    dealt = _hero_served(events, k + 1, hero, e.street)
                    if dealt is not None and len(dealt) == e.count:
                        received = dealt
            draws[(e.player, number)] = DrawCards(discarded, received)
    for name, cards in _pat_shown(body, drew).items():
        if name in initial and name != hero:
            initial[name] = cards
    for name in players:
        if not _consistent(initial[name], [draws[k] for k in sorted(draws) if k[0] == name]):
            # A history that contradicts itself (a site bug) cannot say which cards the
            # player held: keep only the counts, which PHH writes as unknown cards.
            initial[name] = (None,) * HAND_SIZE
            for key, d in draws.items():
                if key[0] == name:
                    n = len(d.discarded)
                    draws[key] = DrawCards((None,) * n, (None,) * n)
    return CardKnowledge(initial, draws)


def _consistent(initial: Slots, draws: Sequence[DrawCards]) -> bool:
    """Whether the known cards can be played through the draws as PHH writes them: every
    known discard is held, every unknown discard can come from an unknown card, and no card
    is held twice."""
    hand = list(initial)
    for d in draws:
        for card in d.discarded:
            if card in hand:
                hand.remove(card)
            else:
                return False  # a known card not held, or an unknown one from a known hand
        hand.extend(d.received)
        known = [c for c in hand if c is not None]
        if len(set(known)) != len(known):
            return False
    return True


def _hero_served(
    events: Sequence[DealtTo | Draw], start: int, hero: str, street: Street
) -> Slots | None:
    """The cards the hero's ``Dealt to`` line after their discard says they were served."""
    for e in events[start:]:
        if isinstance(e, DealtTo) and e.player == hero and e.street is street:
            if e.new is None:
                # Drawing five, PokerStars prints the new hand in one bracket.
                return tuple(e.kept) if len(e.kept) == HAND_SIZE else None
            return tuple(e.new)
        if isinstance(e, Draw) and e.street is not street:
            return None
    return None
