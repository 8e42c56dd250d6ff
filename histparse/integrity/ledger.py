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

from histparse.integrity.pool import Pool

__all__ = ["LedgerLine", "victim_ledger"]


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


def victim_ledger(pool: Pool, names: Iterable[str]) -> tuple[LedgerLine, ...]:
    """The ledger of each of ``names`` against every player it shared a hand with, the
    biggest losses first."""
    wanted = set(names)
    hands: dict[tuple[str, str], list[str]] = {}
    lost: dict[tuple[str, str], Decimal] = {}
    won: dict[tuple[str, str], Decimal] = {}
    for entry in pool.hands.values():
        c = entry.copy
        present = wanted.intersection(c.players)
        if not present:
            continue
        for v in present:
            for o in c.players:
                if o != v:
                    hands.setdefault((v, o), []).append(c.hand_id)
        for payer, payee, amount in c.moved:
            if payer in present:
                lost[(payer, payee)] = lost.get((payer, payee), Decimal(0)) + amount
            if payee in present:
                won[(payee, payer)] = won.get((payee, payer), Decimal(0)) + amount
    lines = [
        LedgerLine(v, o, tuple(ids), lost.get((v, o), Decimal(0)), won.get((v, o), Decimal(0)))
        for (v, o), ids in hands.items()
    ]
    lines.sort(key=lambda line: (line.victim, line.net, line.other))
    return tuple(lines)
