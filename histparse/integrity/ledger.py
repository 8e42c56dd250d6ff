"""The victim ledger: for named players, the hands shared with each other player and the money
that moved between them, exactly, with the hand ids.

The money a hand moved from a payer to a payee is ``observe.transfers``: the payer's chips in
each pot times the payee's share of that pot over the pot, to the cent. A heads-up pot without
rake moves exactly what the loser put in; the rake is nobody's gain.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

from histparse.integrity.observe import Copy

if TYPE_CHECKING:
    from histparse.integrity.pool import Pool

__all__ = ["LedgerLine", "LedgerTally", "victim_ledger"]


@dataclass(frozen=True, slots=True)
class LedgerLine:
    """What ``victim`` and ``other`` shared: the hands (ids, in pool order), the money the
    victim lost to the other and won from the other, and the net (won - lost)."""

    victim: str
    other: str
    hands: tuple[str, ...]
    lost: Decimal
    won: Decimal

    @property
    def net(self) -> Decimal:
        return self.won - self.lost


class LedgerTally:
    """The ledger's counters for ``names``, fed with each hand's first copy (``add_hand``)."""

    __slots__ = ("hands", "lost", "names", "won")

    def __init__(self, names: frozenset[str]) -> None:
        self.names = names
        self.hands: dict[tuple[str, str], list[str]] = {}
        self.lost: dict[tuple[str, str], Decimal] = {}
        self.won: dict[tuple[str, str], Decimal] = {}

    def add_hand(self, c: Copy) -> None:
        """Count a hand for the named players seated in it."""
        if not self.names:
            return
        present = self.names.intersection(c.players)
        if not present:
            return
        for v in present:
            for o in c.players:
                if o != v:
                    self.hands.setdefault((v, o), []).append(c.hand_id)
        for payer, payee, amount in c.moved:
            if payer in present:
                self.lost[(payer, payee)] = self.lost.get((payer, payee), Decimal(0)) + amount
            if payee in present:
                self.won[(payee, payer)] = self.won.get((payee, payer), Decimal(0)) + amount


def victim_ledger(pool: Pool, names: Iterable[str]) -> tuple[LedgerLine, ...]:
    """The ledger of each of ``names`` against every player it shared a hand with, the
    biggest losses first. The pool keeps the ledger only of the names it was made with
    (``Pool(names)``): asking for another is a ``ValueError``."""
    wanted = set(names)
    tally = pool.ledger
    missing = wanted - tally.names
    if missing:
        raise ValueError(
            f"the pool was not told to keep the ledger of {', '.join(sorted(missing))}"
        )
    lines = [
        LedgerLine(
            v, o, tuple(ids), tally.lost.get((v, o), Decimal(0)), tally.won.get((v, o), Decimal(0))
        )
        for (v, o), ids in tally.hands.items()
        if v in wanted
    ]
    lines.sort(key=lambda line: (line.victim, line.net, line.other))
    return tuple(lines)
