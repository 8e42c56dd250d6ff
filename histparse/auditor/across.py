"""The check across hands: at one table, each player's next starting stack is the previous
starting stack plus the net of the hand (R-SHOW-4 bookkeeping), or the difference is reported.

Hands are taken in the order given (site files are chronological). A table is a site, table
name and tournament. The chain of a table breaks (nothing is compared) when something else
may have happened in between: a chunk of the same file that is not a parsed hand (another
game of a mixed-game table, a rejected hand), or a gap in the file where such a chunk fits.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from histparse.replayer.checks.common import money
from histparse.replayer.findings import Code, Finding, make_finding

if TYPE_CHECKING:
    from histparse.replayer.types import Replay

__all__ = ["StackChain"]

# Hands in one file are separated by three or four blank lines; anything wider holds text.
MAX_SEPARATION = 5

TableKey = tuple[str, str, str | None, bool]


class _Last:
    """The last hand seen at a table (private, built once per hand: a plain slots class)."""

    __slots__ = ("hand_id", "last_line", "next_stack", "path")

    def __init__(
        self, hand_id: str, path: str, last_line: int, next_stack: dict[str, Decimal]
    ) -> None:
        self.hand_id = hand_id
        self.path = path
        self.last_line = last_line
        self.next_stack = next_stack


class StackChain:
    """Remembers the last hand of every table; ``feed`` returns the STACK-* findings of the
    next one."""

    __slots__ = ("_last",)

    def __init__(self) -> None:
        self._last: dict[TableKey, _Last] = {}

    def break_file(self, path: str) -> None:
        """Something that is not a parsed hand was read from ``path``: forget its tables."""
        for key in [k for k, v in self._last.items() if v.path == path]:
            del self._last[key]

    def feed(self, r: Replay) -> list[Finding]:
        """Compare ``r``'s starting stacks with the previous hand at its table; remember it."""
        hand = r.hand
        key = (hand.site, hand.table_name, hand.tournament_id, hand.is_play_money)
        prev = self._last.get(key)
        src = hand.source
        out: list[Finding] = []
        if prev is not None and not (
            prev.path == src.path and src.first_line - prev.last_line > MAX_SEPARATION
        ):
            for seat in hand.seats:
                expected = prev.next_stack.get(seat.player)
                if expected is None or seat.stack == expected:
                    continue
                diff = seat.stack - expected
                code = Code.STACK_TOPUP if diff > 0 else Code.STACK_MISMATCH
                what = "a rebuy or top-up of " if diff > 0 else "short by "
                out.append(
                    make_finding(
                        hand,
                        code,
                        f"{seat.player} starts with {money(hand, seat.stack)}; after hand "
                        f"#{prev.hand_id} at this table they had {money(hand, expected)} "
                        f"({what}{money(hand, abs(diff))})",
                        seat.line or None,
                    )
                )
        next_stack: dict[str, Decimal] = {}
        for p in r.players:
            next_stack[p.player] = p.starting_stack + p.net
        self._last[key] = _Last(hand.hand_id, src.path, src.last_line, next_stack)
        return out
