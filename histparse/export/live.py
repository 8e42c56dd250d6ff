"""The live lines of ``histparse watch --table``: for the table being played, one line per
opponent with the hands seen and the counts a triple-draw player looks at, read from the
dataset's ``players`` and ``hands`` files (all of them once, then each commit's new files).

Every rate is shown with its count (``31% 47/152``): a rate over few hands says little.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.dataset as pads

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

    def update(self) -> TableView | None:
        """Add the files committed since the last call; the view of the last hand in them."""
        hands, players = self._new("hands"), self._new("players")
        if players:
            table = pads.dataset(players, format="parquet").to_table(columns=_COLUMNS)
            self._add(table)
        return self.view(hands, players)

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

    def view(self, hands_files: Sequence[str], players_files: Sequence[str]) -> TableView | None:
        """The lines for the table of the last hand (by start time) in ``hands_files``, its
        players in ``players_files``."""
        if not hands_files:
            return None
        cols = ["hand_id", "table_name", "started_at", "hero"]
        hands = pads.dataset(list(hands_files), format="parquet").to_table(columns=cols)
        if not hands.num_rows:
            return None
        last = pc.index(hands.column("started_at"), pc.max(hands.column("started_at"))).as_py()
        hand_id = str(hands.column("hand_id")[last].as_py())
        table = str(hands.column("table_name")[last].as_py() or "")
        hero = hands.column("hero")[last].as_py()
        players = _seated(players_files, hand_id)
        lines = tuple(self.line(p) for p in players if p != hero)
        return TableView(table, hand_id, lines)

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


def _seated(paths: Sequence[str], hand_id: str) -> list[str]:
    """The players of ``hand_id``, by seat."""
    found = pads.dataset(list(paths), format="parquet").to_table(
        columns=["player", "seat"], filter=pc.field("hand_id") == hand_id
    )
    seats = found.column("seat").to_pylist()
    rows = sorted(zip(seats, found.column("player").to_pylist(), strict=True))
    return [str(name) for _, name in rows if name is not None]
