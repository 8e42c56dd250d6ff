"""The live lines of ``histparse watch --table``: for each table being played (those of the
last batch), one line per opponent of its last hand with the hands seen and the counts a
triple-draw player looks at, summed from the dataset's ``players`` files (all of them once,
then each commit's new files).

Every rate is shown with its count (``31% 47/152``): a rate over few hands says little.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Final

import pyarrow as pa
import pyarrow.dataset as pads

from histparse.export.pieces import ExportPiece
from histparse.export.store import DatasetDir

__all__ = ["LIVE_STATS", "Live", "TableView"]

# (label, flag column, its opportunity column): the preflop and draw habits.
LIVE_STATS: Final = (
    ("VPIP", "vpip", "vpip_opp"),
    ("PFR", "pfr", "pfr_opp"),
    ("3bet", "three_bet", "three_bet_opp"),
    ("pat1", "pat_1", "pat_1_opp"),
    ("pat2", "pat_2", "pat_2_opp"),
    ("pat3", "pat_3", "pat_3_opp"),
    ("break", "break", "break_opp"),
    ("snow", "snow", "snow_opp"),
)
# Multi-tabling: the tables of a batch, the one played last shown last.
MAX_TABLES: Final = 4
_HAND_COLUMNS: Final = ("hand_id", "table_name", "started_at", "hero")
_COLUMNS: Final = ["hand_id", "player", "showdown_class"] + [
    c for _, flag, opp in LIVE_STATS for c in (flag, opp)
]


@dataclass
class _Player:
    hands: int = 0
    sums: Counter[str] = field(default_factory=Counter)
    classes: Counter[str] = field(default_factory=Counter)


@dataclass(frozen=True, slots=True)
class TableView:
    """The table of the last hand read: its name, the hand, and the opponents' lines."""

    table: str
    hand_id: str
    lines: tuple[str, ...]


@dataclass
class Live:
    """Per-player counts over a dataset, kept up to date one commit at a time."""

    store: DatasetDir
    players: dict[str, _Player] = field(default_factory=dict)
    seen: dict[str, int] = field(default_factory=dict)  # files read, per dataset

    def update(self) -> None:
        """Add the ``players`` files committed since the last call (all of them the first
        time: what the dataset held before counts)."""
        players = self._new("players")
        if players:
            table = pads.dataset(players, format="parquet").to_table(columns=_COLUMNS)
            self._add(table)

    def _new(self, name: str) -> list[str]:
        paths = self.store.paths(name)
        done = self.seen.get(name, 0)
        self.seen[name] = len(paths)
        return paths[done:]

    def _add(self, table: pa.Table) -> None:
        players = table.column("player").to_pylist()
        columns = {c: table.column(c).to_pylist() for c in _COLUMNS[2:]}
        for row, name in enumerate(players):
            if name is None:
                continue
            p = self.players.get(name)
            if p is None:
                p = self.players[name] = _Player()
            p.hands += 1
            for _, flag, opp in LIVE_STATS:
                p.sums[flag] += int(columns[flag][row] or 0)
                p.sums[opp] += int(columns[opp][row] or 0)
            shown = columns["showdown_class"][row]
            if shown:
                p.classes[str(shown)] += 1

    def views(self, pieces: Iterable[ExportPiece], most: int = MAX_TABLES) -> list[TableView]:
        """One view per table with a hand in ``pieces`` (a batch's), its players those of
        its last hand; the table played last comes last, at most ``most`` tables."""
        last: dict[str, tuple[Any, str, str | None]] = {}  # table -> (time, hand id, hero)
        seated: dict[str, list[tuple[int, str]]] = {}
        for piece in pieces:
            for part in piece.hand_ids:
                hands, players = piece.table(part, "hands"), piece.table(part, "players")
                cols = [hands.column(c).to_pylist() for c in _HAND_COLUMNS]
                for hid, table, at, hero in zip(*cols, strict=True):
                    key = str(table or "")
                    if key not in last or at >= last[key][0]:
                        last[key] = (at, str(hid), hero)
                rows = zip(
                    players.column("hand_id").to_pylist(),
                    players.column("seat").to_pylist(),
                    players.column("player").to_pylist(),
                    strict=True,
                )
                for hid, seat, name in rows:
                    if name is not None:
                        seated.setdefault(str(hid), []).append((seat or 0, str(name)))
        out = []
        for table, (_, hid, hero) in sorted(last.items(), key=lambda kv: kv[1][0])[-most:]:
            names = [name for _, name in sorted(seated.get(hid, [])) if name != hero]
            out.append(TableView(table, hid, tuple(self.line(n) for n in names)))
        return out

    def line(self, name: str) -> str:
        """One opponent's line: hands seen, each stat as rate and count, showdown classes."""
        p = self.players.get(name, _Player())
        parts = [f"{name[:18]:<18} {p.hands:>5} hands"]
        for label, flag, opp in LIVE_STATS:
            n, d = p.sums[flag], p.sums[opp]
            rate = f"{100 * n / d:.0f}%" if d else "-"
            parts.append(f"{label} {rate} {n}/{d}")
        if p.classes:
            shown = ", ".join(f"{c} {k}" for c, k in p.classes.most_common(4))
            parts.append(f"showdowns: {shown}")
        return "  ".join(parts)
