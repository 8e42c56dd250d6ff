"""Main and side pots, winners, odd chips and rake (R-SHOW-2..4)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import compress


@dataclass(frozen=True, slots=True)
class Pot:
    """A pot before the showdown: its chips and who may win it (R-SHOW-3)."""

    amount: int
    eligible: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PotResult:
    """A settled pot. ``net = amount - rake``; ``shares`` pairs each winner with their chips."""

    index: int
    amount: int
    rake: int
    net: int
    eligible: tuple[str, ...]
    winners: tuple[str, ...]
    shares: tuple[tuple[str, int], ...]

    @property
    def name(self) -> str:
        """``main pot`` or ``side pot-N`` (PokerStars numbering, 1-based)."""
        return "main pot" if self.index == 0 else f"side pot-{self.index}"


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """Money of one player over the hand: ``net = collected - invested``."""

    player: str
    seat: int
    invested: int
    collected: int
    net: int
    final_stack: int


@dataclass(frozen=True, slots=True)
class Settlement:
    """The end of a hand: pots (main first), players (seat order) and the rake.

    Chips are conserved: ``sum(invested) == sum(collected) + rake``.
    """

    pots: tuple[PotResult, ...]
    players: tuple[PlayerResult, ...]
    rake: int
    total_pot: int

    def collected(self, player: str) -> int:
        """Chips ``player`` collected from all pots."""
        return next(p.collected for p in self.players if p.player == player)

    def net(self, player: str) -> int:
        """``collected - invested`` for ``player``."""
        return next(p.net for p in self.players if p.player == player)


def build_pots(invested: Sequence[int], live: Sequence[bool]) -> list[tuple[int, list[int]]]:
    """Split contributions into (amount, eligible player indices) pots, main pot first.

    One pot per distinct contribution level of the live players (R-SHOW-3). Folded players'
    chips fill the levels they reach and are never eligible; chips above the highest live level
    (only possible off-rule) join the top pot.
    """
    levels = sorted(set(compress(invested, live)))
    if len(levels) == 1:
        # Every live player put in the same (the usual hand): one pot of every chip, the
        # folded players' chips included, for the live players; what the loop below gives.
        total = sum(invested)
        return [(total, list(compress(range(len(live)), live)))] if total else []
    pots: list[tuple[int, list[int]]] = []
    prev = 0
    for level in levels:
        amount = 0
        eligible: list[int] = []
        for i, c in enumerate(invested):
            if c > prev:
                if c < level:
                    amount += c - prev
                else:
                    amount += level - prev
                    if live[i]:
                        eligible.append(i)
        if amount:
            pots.append((amount, eligible))
        prev = level
    above = 0
    for c in invested:
        if c > prev:
            above += c - prev
    if above:
        if pots:
            amount, eligible = pots[-1]
            pots[-1] = (amount + above, eligible)
        else:
            pots.append((above, [i for i in range(len(invested)) if live[i]]))
    return pots


def rake_by_pot(amounts: Sequence[int], rake: int) -> list[int]:
    """Take ``rake`` from the main pot first, then the side pots in order (R-SHOW-4)."""
    out: list[int] = []
    left = rake
    for amount in amounts:
        take = min(amount, left)
        out.append(take)
        left -= take
    return out


def split_pot(amount: int, winners_left_of_button: Sequence[int]) -> list[int]:
    """Equal shares; odd chips one at a time from the first winner left of the button
    (R-SHOW-2). ``winners_left_of_button`` is in clockwise order from the button."""
    if len(winners_left_of_button) == 1:
        return [amount]  # most pots: no division
    share, odd = divmod(amount, len(winners_left_of_button))
    return [share + (1 if k < odd else 0) for k in range(len(winners_left_of_button))]
