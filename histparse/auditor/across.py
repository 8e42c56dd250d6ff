"""The check across hands: at one table, each player's next starting stack is the previous
starting stack plus the net of the hand (R-SHOW-4 bookkeeping), or the difference is reported.

A chain links only hands that surely follow each other at one table:

* the same site, table name, tournament, game, limit, stakes, currency and play-money flag
  (a table name alone is reused by sites for unrelated games and years apart);
* in time order: a hand is compared with the latest hand seen at its table, and only when it
  starts no earlier than it, at most an hour later and on the same (UTC) day; a hand that
  starts earlier than the latest one seen is not compared (input out of time order) and does
  not replace it;
* nothing unseen in between: a chunk of the same file that is not a parsed hand (another game
  of a mixed-game table, a rejected hand), or a gap in the file where such a chunk fits,
  breaks the chain.

A player's first hand in a chain is never a mismatch: there is nothing to compare it with.
The check works on ``StackRecord``, a compact summary of a replay, so that parallel workers
send records and the one chain in the parent sees exactly what a sequential run sees.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import TYPE_CHECKING

from histparse.money import hand_places, money_text
from histparse.replayer.findings import CODES, Code, Finding

if TYPE_CHECKING:
    from histparse.replayer.types import Replay

__all__ = ["MAX_GAP", "StackChain", "StackRecord", "stack_record"]

# Hands in one file are separated by three or four blank lines; anything wider holds text.
MAX_SEPARATION = 5
# A longer pause at a table starts a new chain: the player may have left and come back.
MAX_GAP = timedelta(hours=1)

TableKey = tuple[object, ...]


@dataclass(frozen=True, slots=True)
class StackRecord:
    """What the check across hands needs of one replayed hand.

    ``seats`` are ``(player, starting stack, seat line)``, ``next_stack`` each player's
    starting stack plus the net of the hand.
    """

    key: TableKey
    site: str
    hand_id: str
    started_at: datetime
    path: str
    first_line: int
    last_line: int
    symbol: str
    places: int  # of the hand's money unit, for the messages (histparse.money.money_text)
    seats: tuple[tuple[str, Decimal, int], ...]
    next_stack: tuple[tuple[str, Decimal], ...]


def stack_record(r: Replay) -> StackRecord:
    """The record of replay ``r``."""
    hand = r.hand
    key = (
        hand.site,
        hand.table_name,
        hand.tournament_id,
        hand.is_play_money,
        hand.game,
        hand.limit_type,
        hand.stakes,
        hand.currency,
    )
    src = hand.source
    return StackRecord(
        key,
        hand.site,
        str(hand.hand_id),
        hand.started_at,
        src.path,
        src.first_line,
        src.last_line,
        hand.layout.money_symbol,
        hand_places(hand),
        tuple((s.player, s.stack, s.line) for s in hand.seats),
        tuple((p.player, p.starting_stack + p.net) for p in r.players),
    )


def _money(rec: StackRecord, amount: Decimal) -> str:
    return money_text(amount, rec.symbol, rec.places)


class StackChain:
    """Remembers the latest hand of every table; ``feed`` returns the STACK-* findings of the
    next one."""

    __slots__ = ("_last",)

    def __init__(self) -> None:
        self._last: dict[TableKey, StackRecord] = {}

    def break_file(self, path: str) -> None:
        """Something that is not a parsed hand was read from ``path``: forget its tables."""
        for key in [k for k, v in self._last.items() if v.path == path]:
            del self._last[key]

    def latest(self, key: TableKey) -> StackRecord | None:
        """The latest hand remembered at the table ``key``."""
        return self._last.get(key)

    def remember(self, rec: StackRecord) -> None:
        """Make ``rec`` the latest hand at its table without comparing it: a worker fed it
        (``feed``) in a chain of its own, which started from the same latest hand."""
        self._last[rec.key] = rec

    def feed(self, rec: StackRecord | Replay) -> list[Finding]:
        """Compare ``rec``'s starting stacks with the latest hand at its table; remember it."""
        if not isinstance(rec, StackRecord):
            rec = stack_record(rec)
        prev = self._last.get(rec.key)
        if prev is not None and rec.started_at < prev.started_at:
            return []  # out of time order: neither compared nor the latest hand
        self._last[rec.key] = rec
        if prev is None or not _follows(prev, rec):
            return []
        expected_of = dict(prev.next_stack)
        out: list[Finding] = []
        for player, stack, line in rec.seats:
            expected = expected_of.get(player)
            if expected is None or stack == expected:
                continue
            diff = stack - expected
            code = Code.STACK_TOPUP if diff > 0 else Code.STACK_MISMATCH
            what = "a rebuy or top-up of " if diff > 0 else "short by "
            info = CODES[code]
            message = (
                f"{player} starts with {_money(rec, stack)}; after hand "
                f"#{prev.hand_id} at this table they had {_money(rec, expected)} "
                f"({what}{_money(rec, abs(diff))})"
            )
            out.append(
                Finding(
                    rec.site,
                    rec.hand_id,
                    code,
                    info.severity,
                    message,
                    rec.path,
                    line or rec.first_line,
                    info.rule,
                )
            )
        return out


def _follows(prev: StackRecord, rec: StackRecord) -> bool:
    """Whether ``rec`` is the next hand after ``prev`` at their table (same chain)."""
    if rec.started_at - prev.started_at > MAX_GAP:
        return False
    if rec.started_at.date() != prev.started_at.date():
        return False
    return not (prev.path == rec.path and rec.first_line - prev.last_line > MAX_SEPARATION)
