"""Card integrity and stub accounting through the deal and the three draws (R-DRAW-1..3).

The tracker knows some cards (the hero's, or every card when a ``Dealer`` deals them) and only
counts the others. A known card has one location: a player's hand or the muck (discarded and
not reshuffled yet). Cards in the stub are not located: that is where any card of unknown
location may be.

Readings where docs/rules.md is silent:

* Only discards are reshuffled (R-DRAW-3 says "all cards discarded so far"); folded hands are
  dead and stay out of the new stub.
* After a reshuffle the tracker forgets where the reshuffled known cards are: an opponent may
  have received them face down, so they may show up in any hand later.
* A known discard from a hand with unknown cards is accepted when the card is not known to be
  anywhere else (it was one of the unknown cards).
* A draw with ``discarded=None`` from a hand with known cards makes the whole hand unknown
  (which cards were kept is not known any more).
* With ``check=False`` a conflicting known card is moved: its old location forgets it, so the
  tracker stays consistent with what the history claims.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import cast

from histparse._records import twin
from histparse.cards import Card, format_cards
from histparse.engine.dealer import Dealer
from histparse.engine.errors import CardConflict, IllegalDraw, StateError

DECK_SIZE = 52
HAND_SIZE = 5
MUCK = -1  # location code of a discarded, not yet reshuffled card


@dataclass(frozen=True, slots=True)
class DrawResult:
    """One player's draw as applied.

    ``kept`` is the hand minus the discards in the previous order (PokerStars' ``[kept]``;
    ``None`` for unknown cards); the new hand is ``kept + received``. ``reshuffled`` says the
    stub ran out while serving this player (R-DRAW-3): they took ``from_old_stub`` cards
    before the discards were shuffled into a new stub. ``stub_after`` counts the stub after
    the draw.
    """

    player: str
    draw: int
    count: int
    discarded: tuple[Card, ...] | None
    received: tuple[Card, ...] | None
    kept: tuple[Card | None, ...]
    reshuffled: bool
    from_old_stub: int
    stub_after: int


_DrawResultParts = twin(DrawResult)


class CardTracker:
    """Hands, muck and stub of one hand of triple draw, known cards located and checked."""

    __slots__ = ("dealer", "hands", "muck", "names", "stub_count", "where")

    def __init__(self, names: Sequence[str], dealer: Dealer | None) -> None:
        self.names = tuple(names)
        self.dealer = dealer
        self.hands: list[list[Card | None]] = [[] for _ in names]
        self.where: dict[Card, int] = {}
        self.muck: list[Card | None] = []
        self.stub_count = DECK_SIZE

    # -- helpers ---------------------------------------------------------------------------

    def _place(self, loc: int) -> str:
        if loc == MUCK:
            return "in the muck (discarded and not reshuffled since)"
        return f"in {self.names[loc]}'s hand"

    def _forget(self, card: Card) -> None:
        """Drop what is known about ``card``'s location (check=False repairs)."""
        loc = self.where.pop(card, None)
        if loc is None:
            return
        cards = self.muck if loc == MUCK else self.hands[loc]
        cards[cards.index(card)] = None

    def _check_new_cards(self, who: int, cards: tuple[Card, ...], what: str) -> None:
        if len(set(cards)) != len(cards):
            raise StateError(f"{self.names[who]}: {what} [{format_cards(cards)}] repeats a card")

    # -- deal -------------------------------------------------------------------------------

    def deal(self, order: Sequence[int], known: Mapping[int, Sequence[Card]], check: bool) -> None:
        """Five cards to each player of ``order`` (R-TABLE-3); known hands from ``known`` or
        the dealer."""
        dealer = self.dealer
        if dealer is not None:
            if known:
                raise StateError("with a dealer the engine deals the cards itself")
            dealt = dealer.deal_hands(len(order), HAND_SIZE)
            known = {i: h for i, h in zip(order, dealt, strict=True)}
        seen: dict[Card, int] = {}
        for i, cards in known.items():
            hand = tuple(cards)
            if len(hand) != HAND_SIZE:
                raise StateError(f"{self.names[i]} is dealt {len(hand)} cards, not {HAND_SIZE}")
            self._check_new_cards(i, hand, "dealt hand")
            for c in hand:
                if c in seen and check:
                    raise CardConflict(
                        "R-RANK-1", f"{c} dealt to both {self.names[seen[c]]} and {self.names[i]}"
                    )
                seen[c] = i
        for i in order:
            self.hands[i] = [None] * HAND_SIZE
        where = self.where
        for i, cards in known.items():
            for c in cards:
                if c in where:
                    self._forget(c)
                where[c] = i
            self.hands[i] = list(cards)
        self.stub_count = DECK_SIZE - HAND_SIZE * len(order)

    # -- draw -------------------------------------------------------------------------------

    def would_reshuffle(self, count: int) -> bool:
        """Whether serving ``count`` cards now runs the stub out (R-DRAW-3)."""
        return count > self.stub_count

    def draw(
        self,
        i: int,
        draw_number: int,
        count: int,
        discarded: Iterable[Card] | None,
        received: Iterable[Card] | None,
        check: bool,
    ) -> DrawResult:
        """Player ``i`` discards ``count`` cards and is served as many (R-DRAW-2, R-DRAW-3)."""
        name = self.names[i]
        hand = self.hands[i]
        size = len(hand)
        if (
            discarded is None
            and received is None
            and self.dealer is None
            and 0 <= count <= size
            and count <= self.stub_count
            and hand.count(None) == size
        ):
            # An opponent's draw: no card is known, so only the counts move (the slow path
            # below would remove and add back as many unknown cards).
            self.stub_count -= count
            if count:
                self.muck.extend([None] * count)
            return self._result(name, draw_number, count, None, None, (None,) * (size - count))
        where = self.where
        dealer = self.dealer
        if not 0 <= count <= len(hand):
            raise StateError(f"{name} cannot discard {count} cards from {len(hand)}", "R-DRAW-2")
        disc = None if discarded is None else tuple(discarded)
        if disc is not None:
            if len(disc) != count:
                raise StateError(f"{name} discards {count} cards but {len(disc)} are listed")
            self._check_new_cards(i, disc, "discards")
        elif dealer is not None and count:
            raise StateError("with a dealer the discarded cards must be given")
        recv = None if received is None else tuple(received)
        if recv is not None:
            if dealer is not None:
                raise StateError("with a dealer the engine deals the replacements itself")
            if len(recv) != count:
                raise StateError(f"{name} discards {count} cards but receives {len(recv)}")
            self._check_new_cards(i, recv, "receives")

        old_stub = self.stub_count
        reshuffle = count > old_stub
        from_old = min(count, old_stub)
        if reshuffle and len(self.muck) < count - from_old:
            raise StateError(
                f"deck exhausted: {name} needs {count} cards, only "
                f"{old_stub + len(self.muck)} left to deal"
            )

        forget_hand = disc is None and count > 0 and any(c is not None for c in hand)
        if disc is not None:
            spare_unknown = hand.count(None)
            for c in disc:
                loc = where.get(c)
                if loc == i:
                    continue
                if loc is None and spare_unknown:
                    spare_unknown -= 1
                    continue
                message = f"{name} discards {c}, which is not in their hand" + (
                    "" if loc is None else f" (it is {self._place(loc)})"
                )
                if check:
                    raise IllegalDraw("R-DRAW-2", message)
                if dealer is not None:  # real cards: nothing to repair
                    raise StateError(message, "R-DRAW-2")
                forget_hand = True

        if recv is not None and check:
            own = set(disc or ())
            from_muck = 0
            for c in recv:
                if c in own:
                    raise CardConflict(
                        "R-DRAW-3", f"{name} receives {c}, which they discarded in this same draw"
                    )
                loc = where.get(c)
                if loc is None:
                    continue
                if loc >= 0:
                    raise CardConflict(
                        "R-RANK-1", f"{name} receives {c}, which is {self._place(loc)}"
                    )
                if not reshuffle:
                    raise CardConflict(
                        "R-DRAW-3",
                        f"{name} receives {c}, which was discarded and the deck was not reshuffled",
                    )
                from_muck += 1
            if from_muck > count - from_old:
                raise CardConflict(
                    "R-DRAW-3",
                    f"{name} receives {from_muck} discarded cards, but only {count - from_old} "
                    f"come from the reshuffled stub ({from_old} from the old stub)",
                )

        # Validated: mutate from here on.
        got: list[Card] = list(dealer.take(from_old)) if dealer is not None else []
        if forget_hand:
            for held in hand:
                if held is not None:
                    del where[held]
            hand[:] = [None] * (len(hand) - count)
        elif disc is not None:
            for c in disc:
                if where.get(c) == i:
                    del where[c]
                    hand.remove(c)
                else:
                    hand.remove(None)
        else:
            for _ in range(count):
                hand.remove(None)
        kept = tuple(hand)

        if reshuffle:
            reshuffled = self.muck
            for old in reshuffled:
                if old is not None:
                    del where[old]
            if dealer is not None:
                dealer.reshuffle([c for c in reshuffled if c is not None])
            self.muck = []
            self.stub_count = len(reshuffled) - (count - from_old)
        else:
            self.stub_count = old_stub - count

        muck = self.muck
        if disc is not None:
            for c in disc:
                if c in where:
                    self._forget(c)
                where[c] = MUCK
                muck.append(c)
        else:
            muck.extend([None] * count)

        if dealer is not None:
            got.extend(dealer.take(count - from_old))
            recv = tuple(got)
        if recv is not None:
            for c in recv:
                if c in where:
                    self._forget(c)
                where[c] = i
                hand.append(c)
        else:
            hand.extend([None] * count)
        return self._result(name, draw_number, count, disc, recv, kept, reshuffle, from_old)

    def _result(
        self,
        name: str,
        draw_number: int,
        count: int,
        discarded: tuple[Card, ...] | None,
        received: tuple[Card, ...] | None,
        kept: tuple[Card | None, ...],
        reshuffled: bool = False,
        from_old_stub: int | None = None,
    ) -> DrawResult:
        """``DrawResult(...)`` without the frozen-dataclass overhead (histparse._records)."""
        result = _DrawResultParts()
        result.player = name
        result.draw = draw_number
        result.count = count
        result.discarded = discarded
        result.received = received
        result.kept = kept
        result.reshuffled = reshuffled
        result.from_old_stub = count if from_old_stub is None else from_old_stub
        result.stub_after = self.stub_count
        result.__class__ = DrawResult
        done: DrawResult = result  # typed, without a cast() call
        return done

    # -- showdown -----------------------------------------------------------------------------

    def reveal(self, i: int, cards: Iterable[Card], check: bool) -> tuple[Card, ...]:
        """Player ``i`` shows ``cards``: they must agree with the known cards (R-RANK-1)."""
        name = self.names[i]
        shown = tuple(cards)
        if len(shown) != HAND_SIZE:
            raise StateError(f"{name} shows {len(shown)} cards, not {HAND_SIZE}")
        self._check_new_cards(i, shown, "shows")
        hand = self.hands[i]
        if check:
            shown_set = set(shown)
            missing = [c for c in hand if c is not None and c not in shown_set]
            if missing:
                raise CardConflict(
                    "R-RANK-1",
                    f"{name} shows [{format_cards(shown)}] but holds {format_cards(missing)}",
                )
            for c in shown:
                loc = self.where.get(c)
                if loc is not None and loc != i:
                    raise CardConflict("R-RANK-1", f"{name} shows {c}, which is {self._place(loc)}")
        for held in hand:
            if held is not None:
                del self.where[held]
        where = self.where
        for c in shown:
            if c in where:
                self._forget(c)
            where[c] = i
        hand[:] = shown
        return shown

    def known_hand(self, i: int) -> tuple[Card, ...] | None:
        """Player ``i``'s five cards when all are known."""
        hand = self.hands[i]
        if len(hand) != HAND_SIZE or None in hand:
            return None
        return tuple(cast(list[Card], hand))
