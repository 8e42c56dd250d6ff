"""Pooling: several players' copies of the same hands merged into one view per hand.

Copies are matched by site and hand id. The first copy (then the one written from the lowest
seat) stands for the hand's public facts; every copy adds the final cards its hero held and
those shown. Two copies whose public facts (seats and stacks, actions, draws, collected
amounts) differ are a ``Disagreement``, naming both files and lines and the parts that differ.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from histparse.cards import Card
from histparse.integrity.observe import PARTS, Copy

__all__ = ["Disagreement", "Pool", "PooledHand"]


@dataclass(frozen=True, slots=True)
class Disagreement:
    """Two copies of hand ``hand_id`` that do not agree on ``parts`` (``observe.PARTS``)."""

    hand_id: str
    parts: tuple[str, ...]
    first: tuple[str, int, str | None]  # path, line, hero
    other: tuple[str, int, str | None]

    def __str__(self) -> str:
        a, b = self.first, self.other
        return (
            f"hand #{self.hand_id}: the copies at {a[0]}:{a[1]} (seen by {a[2]}) and "
            f"{b[0]}:{b[1]} (seen by {b[2]}) disagree on {', '.join(self.parts)}"
        )


@dataclass(slots=True)
class PooledHand:
    """One hand's pooled view: the copy standing for it, the heroes whose copies were read,
    and every final five known (each hero's own, and the shown hands)."""

    copy: Copy
    seen_by: set[str] = field(default_factory=set)
    cards: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    copies: int = 0


class Pool:
    """Copies merged per hand (``add``), with the disagreements found on the way."""

    def __init__(self) -> None:
        self.hands: dict[str, PooledHand] = {}
        self.disagreements: list[Disagreement] = []

    def add(self, copy: Copy) -> None:
        """Merge one copy."""
        entry = self.hands.get(copy.key)
        if entry is None:
            entry = self.hands[copy.key] = PooledHand(copy)
        else:
            base = entry.copy
            if base.digests != copy.digests:
                parts = tuple(
                    name
                    for name, x, y in zip(PARTS, base.digests, copy.digests, strict=True)
                    if x != y
                )
                self.disagreements.append(
                    Disagreement(
                        copy.hand_id,
                        parts,
                        (base.path, base.line, base.hero),
                        (copy.path, copy.line, copy.hero),
                    )
                )
            elif _seat_of(copy) < _seat_of(base):
                entry.copy = copy
        entry.copies += 1
        if copy.hero is not None and copy.hero in copy.players:
            entry.seen_by.add(copy.hero)
        for player, cards in copy.cards:
            entry.cards.setdefault(player, cards)

    def extend(self, copies: Iterable[Copy]) -> None:
        """Merge many copies."""
        for c in copies:
            self.add(c)

    def seen_counts(self) -> dict[int, int]:
        """How many hands were seen from 1, 2 ... N seats (by distinct heroes)."""
        counts = Counter(len(e.seen_by) for e in self.hands.values())
        return dict(sorted(counts.items()))


def _seat_of(copy: Copy) -> int:
    """The hero's place in seat order (copies written from lower seats stand for the hand)."""
    try:
        return copy.players.index(copy.hero or "")
    except ValueError:
        return len(copy.players)
