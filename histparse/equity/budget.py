"""How much work the exact heads-up methods may do before they refuse (``TooManyDeals``).

Two budgets. ``QUICK`` is ``method="auto"``'s: a refusal comes in about a second at most
(a four- or five-card draw with two draws left 1-2 s, was 4-20 s) and Monte Carlo answers,
so the review and ``histparse equity`` never wait long on one query. ``FULL`` is
``method="exact"``'s: the caller asked for the fraction and waits for it, so the limits are
the ones memory sets, not time (docs/equity.md: the heaviest heads-up answers measured take
49-72 s and 1.2-4.2 GiB, a three-card draw with three draws left among them, since a draw
before the last may serve 40 million class cards, not 32; refusals up to 52 s and 3.3 GiB; a
last draw of 160 million class cards holds some 2 GiB of paths). Each limit is checked
before the work it bounds; under ``FULL`` every pairing's before the first pairing.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Final

__all__ = ["FULL", "QUICK", "Budget", "budget_for"]


@dataclass(frozen=True, slots=True)
class Budget:
    """The limits of one exact query."""

    states: int
    """Class cards served to a player at a draw before its last (rows x the multiset's cards)."""
    last: int
    """The same at its last draw, whose rows are ranked and merged a block at a time."""
    keys: int
    """(path, class set) rows of the player with fewer paths when the paths are paired."""
    rows: int
    """(path, shared class set) rows of the other player."""
    cells: int
    """Cells of the pairing's tables at one size of shared class set (A's keys x B's size and
    place), paired a block at a time."""
    cards: int
    """The card method's (each card its own class: a spade flush possible) paths per player
    and draw, and its (path, shared card set) rows."""
    flushes: int
    """Class cards served to a player's last draws of one suit where flushes are put apart
    (``flushes.py``), all of them ranked twice (as played and loose) and paired with the
    other player's paths: bounded before any is served."""
    check_first: bool = False
    """Count every pairing's cells before the first is made (the bounds that need no table
    are checked first under either budget). It costs a second count of the keys (14-47% of
    a quick query); under the full budget a pairing past the limit was found after a
    minute."""
    quick: bool = False
    """The quick budget or a multiple of it: three players or more keep to the class paths'
    quick limits (``multiway.py`` has two modes of its own, not scaled)."""

    def scaled(self, factor: int) -> Budget:
        """Every limit ``factor`` times this one's: the heads-up methods may use about that
        many times the memory and time before they refuse (``histparse equity --budget``)."""
        if factor < 1:
            raise ValueError(f"a budget's factor is a whole number of at least 1, not {factor}")
        limits = {f.name: getattr(self, f.name) for f in fields(self)}
        return replace(
            self,
            **{k: v * factor for k, v in limits.items() if not isinstance(v, bool)},
        )


QUICK: Final = Budget(
    states=4_000_000,
    last=32_000_000,
    keys=8_000_000,
    rows=60_000_000,
    cells=16_000_000,
    cards=4_000_000,
    flushes=8_000_000,
    quick=True,
)
FULL: Final = Budget(
    states=40_000_000,
    last=160_000_000,
    keys=32_000_000,
    rows=800_000_000,
    cells=128_000_000,
    cards=16_000_000,
    flushes=160_000_000,
    check_first=True,
)


def budget_for(method: str, factor: int = 1) -> Budget:
    """The budget ``equity(method=...)`` keeps to by default, ``factor`` times: the full one
    for ``exact`` (the caller asked for the fraction and waits for it), else the quick one."""
    base = FULL if method == "exact" else QUICK
    return base if factor == 1 else base.scaled(factor)
