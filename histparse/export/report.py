"""Statistics from a dataset without loading its tables.

``player_stats`` sums per-hand columns by player (and its ``by`` keys), so the players table
can be summed a file at a time first. ``stat_rows`` does it in Arrow: partitions (site, UTC
month) a filter rules out are never opened; of the others, each hands file is read with the
few columns the filter (``frames.filters.HandFilter``) and the grouping need and cut by the
filter, and the players file of the same batch with the columns the statistics sum; its rows of
the kept hands get their hand facts (unit, blinds, the ``by`` keys) and are summed by every key
``player_stats`` groups on, big blind and big bet included. ``player_stats(..., rows=)`` then
finishes exactly as from the whole tables (sums of sums are the same exact decimals and counts).
On 1,000,000 hands the whole tables take several GB in pandas; the sums a few MB.

Not for ``--by session`` (a session runs across files, in time order per player), nor for
datasets of schema version 1: those load the tables (``histparse.load``). Datasets of version 2
have no situation counts in their players files: they are walked from each batch's actions and
draws (slow; re-export to version 3).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Final

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from histparse.export.check import check_dataset
from histparse.export.loader import _series, stakes_column
from histparse.export.schema import FILE_SCHEMAS, SCHEMA_VERSION, TABLE_COLUMNS
from histparse.export.store import DatasetDir, Partition, _parse_partition
from histparse.export.sums import GroupSums
from histparse.frames import Tables
from histparse.frames.filters import HandFilter
from histparse.frames.schema import MONEY_SCALE, PLAYERS, SAME_AS
from histparse.stats import ALL_STATS
from histparse.stats.definitions import SITUATION_STATS
from histparse.stats.situations import situation_counts
from histparse.stats.stakes import canonical_stakes, match_stakes, stakes_key

__all__ = [
    "REPORT_HAND_COLUMNS",
    "STREAMED_BY",
    "Scan",
    "filter_values",
    "game_counts",
    "has_tournament_hands",
    "stakes_labels",
    "stat_rows",
    "streams",
]

PathArg = str | os.PathLike[str]

# What the filters (``histparse.frames.filters``) and the aggregation read of ``hands``.
REPORT_HAND_COLUMNS: Final = (
    "site", "hand_id", "game", "limit_type", "stakes", "unit", "is_tournament", "max_seats",
    "started_at", "big_blind", "big_bet", "table_name",
)  # fmt: skip
# The ``by`` keys summed per file: all but ``session``.
STREAMED_BY: Final = ("position", "stakes", "game", "date", "table")
_HAND_KEYS: Final = {"stakes": "stakes", "game": "game", "table": "table_name"}
_POSITIONS: Final = next(c.categories for c in PLAYERS if c.name == "position")


_Batch = tuple[Partition, str, dict[str, str | None]]


class Scan:
    """The datasets of one report, each opened and checked once (``check_dataset`` reads
    every file's footer and the hands' keys: 40 s for 10,300 batches, which four passes used
    to repeat), with their committed batches: each ``hands`` file with its partition and the
    ``players``, ``actions`` and ``draws`` files of the same batch and partition, where there
    are. The ``actions`` and ``draws`` files are named only for datasets older than version
    3, whose players files lack the situation counts (walked from those files instead)."""

    def __init__(self, paths: Sequence[PathArg]) -> None:
        self.stores = [DatasetDir.open(p) for p in paths]
        self.version = min((s.version for s in self.stores), default=SCHEMA_VERSION)
        self._batches: list[_Batch] | None = None
        self._values: _HandValues | None = None

    @property
    def batches(self) -> list[_Batch]:
        """Every committed batch, the datasets checked on first use."""
        if self._batches is None:
            self._batches = [b for store in self.stores for b in _batches_of(store)]
        return self._batches

    def hand_values(self) -> _HandValues:
        """The filtered columns' values, counted in one read of the hands files."""
        if self._values is None:
            self._values = _HandValues.of(self.batches)
        return self._values


def streams(scan: Scan, by: Sequence[str]) -> bool:
    """Whether ``stat_rows`` can answer for these datasets and keys."""
    return all(k in STREAMED_BY for k in by) and scan.version >= 2


def _batches_of(store: DatasetDir) -> list[_Batch]:
    names = ("players",) if store.version >= 3 else ("players", "actions", "draws")
    check_dataset(store, ("hands", *names))
    committed = {name: set(store.files[name]) for name in names}
    out: list[_Batch] = []
    for rel in store.files["hands"]:
        part = _parse_partition(rel)
        assert part is not None
        twins: dict[str, str | None] = dict.fromkeys(("actions", "draws"))
        for name, files in committed.items():
            twin = f"{name}/" + rel.removeprefix("hands/")
            twins[name] = str(store.root / twin) if twin in files else None
        out.append((part, str(store.root / rel), twins))
    return out


# The hands columns whose distinct values a filter's values must match.
_VALUE_COLUMNS: Final = ("game", "limit_type", "unit", "max_seats", "stakes")


@dataclass(frozen=True, slots=True)
class _HandValues:
    """Per game, its hands; the distinct values of the filtered columns (site from the
    partitions); whether any hand is a tournament's."""

    games: dict[str, int]
    values: dict[str, set[str]]
    tournament: bool

    @classmethod
    def of(cls, batches: Sequence[_Batch]) -> _HandValues:
        games: dict[str, int] = {}
        found: dict[str, set[str]] = {c: set() for c in ("site", *_VALUE_COLUMNS)}
        tournament = False
        for (site, _), hands, _ in batches:
            found["site"].add(site)
            table = pq.read_table(
                hands, columns=[*_VALUE_COLUMNS, "is_tournament"], schema=FILE_SCHEMAS["hands"]
            )
            for item in pc.value_counts(table["game"].cast(pa.string())).to_pylist():
                if item["values"] is not None:
                    games[item["values"]] = games.get(item["values"], 0) + item["counts"]
            for c in _VALUE_COLUMNS:
                found[c].update(_labels(table[c]))
            tournament = tournament or bool(pc.any(table["is_tournament"]).as_py())
        return cls(games, found, tournament)


# What the situation statistics (``histparse.stats.situations``) read of each table.
_SITUATION_COLUMNS: Final = {
    "hands": ("hand_id", "limit_type", "small_bet", "big_blind"),
    "players": ("hand_id", "player", "position"),
    "actions": ("hand_id", "seq", "round", "player", "action", "to_amount", "all_in"),
    "draws": ("hand_id", "draw", "player", "discarded"),
}


def _typed(table: str, path: str, site: str) -> pd.DataFrame:
    """The situation statistics' columns of one file, typed as ``histparse.load`` types them."""
    names = _SITUATION_COLUMNS[table]
    t = pq.read_table(path, columns=list(names), schema=FILE_SCHEMAS[table])
    by_name = {c.name: c for c in TABLE_COLUMNS[table]}
    frame = pd.DataFrame({n: _series(by_name[n], t.column(n)) for n in names})
    frame.insert(0, "site", site)
    return frame


def _situations(part: Partition, hands: str, twins: dict[str, str | None]) -> pd.DataFrame | None:
    """The situation counts of one batch's players rows (in the file's order), walked over its
    actions and draws files; None when the batch has no actions file."""
    actions, draws, players = twins["actions"], twins["draws"], twins["players"]
    if actions is None or draws is None or players is None:
        return None
    site = part[0]
    batch = Tables(
        _typed("hands", hands, site),
        _typed("players", players, site),
        _typed("actions", actions, site),
        _typed("draws", draws, site),
    )
    return situation_counts(batch)


def game_counts(scan: Scan) -> dict[str, int]:
    """The number of hands of each game (its label) in the datasets, every hand counted: what
    picks the default game and what the note on the games kept apart counts."""
    return dict(scan.hand_values().games)


def _labels(column: pa.ChunkedArray) -> list[str]:
    """The distinct texts of a (dictionary) column."""
    return [v for v in pc.unique(column.cast(pa.string())).to_pylist() if v is not None]


def stakes_labels(scan: Scan) -> list[str]:
    """The stakes labels of the datasets' hands, as ``stakes_label`` writes them (labels
    stored by earlier versions rewritten), by big blind: what ``--stakes`` values must match."""
    found = {canonical_stakes(v) for v in scan.hand_values().values["stakes"]}
    return sorted(found, key=stakes_key)


def filter_values(scan: Scan) -> dict[str, list[str]]:
    """The distinct values of the filtered columns of the datasets' hands (site, game,
    limit_type, unit, max_seats, stakes), as text: what the filter values must match
    (``cli.report_options.check_values``)."""
    values = scan.hand_values().values
    out = {c: sorted(v) for c, v in values.items() if c != "stakes"}
    out["stakes"] = stakes_labels(scan)
    return out


def has_tournament_hands(scan: Scan) -> bool:
    """Whether the datasets hold a tournament hand."""
    return scan.hand_values().tournament


def _folded(wanted: Sequence[str]) -> set[str]:
    return {w.casefold() for w in wanted}


def _among(column: pa.ChunkedArray, keep: set[str]) -> pa.Array:
    """Where the text (dictionary) column's value, casefolded, is one of ``keep``: as
    ``frames.filters`` matches, the values' words folded in Python (the dictionaries are small)."""
    values = pa.chunked_array(column.chunks, column.type).combine_chunks()
    if pa.types.is_dictionary(values.type):
        words = values.dictionary.to_pylist()
        hit = pa.array([w is not None and w.casefold() in keep for w in words], pa.bool_())
        return pc.fill_null(hit.take(values.indices), False)
    texts = values.to_pylist()
    return pa.array([t is not None and t.casefold() in keep for t in texts], pa.bool_())


def _month_bounds(month: str) -> tuple[datetime, datetime]:
    year, number = int(month[:4]), int(month[5:7])
    first = datetime(year, number, 1, tzinfo=UTC)
    last = datetime(year + number // 12, number % 12 + 1, 1, tzinfo=UTC)
    return first, last


def _may_match(part: Partition, f: HandFilter) -> bool:
    """Whether a file of this partition (site, UTC month) can hold a hand ``f`` keeps."""
    site, month = part
    if f.sites and site.casefold() not in _folded(f.sites):
        return False
    if f.since is None and f.until is None:
        return True
    try:
        first, last = _month_bounds(month)
    except ValueError:  # a partition name this histparse did not write: read the file
        return True
    return (f.since is None or last > f.since) and (f.until is None or first < f.until)


def _mask(hands: pa.Table, f: HandFilter) -> pa.Array:
    """The rows of one hands file (of a partition ``_may_match`` passed) that ``f`` keeps:
    the conditions of ``frames.filters.hand_mask``, in Arrow."""
    mask = pa.array(np.ones(hands.num_rows, dtype=bool))
    for column, wanted in (
        ("game", f.games),
        ("limit_type", f.limits),
        ("unit", f.units),
    ):
        if wanted:
            mask = pc.and_(mask, _among(hands[column], _folded(wanted)))
    if f.stakes:
        # As ``frames.filters``: a value may be a label's amounts alone, in any places.
        labels = _labels(hands["stakes"])
        kept = match_stakes(f.stakes, labels)[0]
        mask = pc.and_(mask, _among(hands["stakes"], _folded(kept)))
    if f.kind is not None:
        tournament = pc.fill_null(hands["is_tournament"], False)
        mask = pc.and_(mask, tournament if f.kind == "tournament" else pc.invert(tournament))
    if f.max_seats:
        seats = pc.cast(hands["max_seats"], pa.int64())
        hit = pc.is_in(seats, value_set=pa.array(list(f.max_seats), pa.int64()))
        mask = pc.and_(mask, pc.fill_null(hit, False))
    started = hands["started_at"]
    for bound, compare in ((f.since, pc.greater_equal), (f.until, pc.less)):
        if bound is not None:
            at = pa.scalar(bound, started.type)
            mask = pc.and_(mask, pc.fill_null(compare(started, at), False))
    return mask


def _hand_facts(hands: pa.Table, by: Sequence[str]) -> pa.Table:
    """The hand ids and the facts each players row takes from its hand, as text and decimals."""
    facts: dict[str, pa.ChunkedArray] = {
        "hand_id": hands["hand_id"],
        "unit": hands["unit"].cast(pa.string()),
        "big_blind": hands["big_blind"],
        "big_bet": hands["big_bet"],
    }
    for key in by:
        if key == "stakes":
            facts[key] = stakes_column(hands["stakes"]).cast(pa.string())
        elif key in _HAND_KEYS:
            facts[key] = hands[_HAND_KEYS[key]].cast(pa.string())
        elif key == "date":  # the UTC day, as ``stats.aggregate`` labels it
            facts[key] = pc.strftime(hands["started_at"], format="%Y-%m-%d")
    return pa.table(facts)


_FACT_COLUMNS: Final = ("hand_id", "unit", "big_blind", "big_bet", "started_at")


def stat_rows(scan: Scan, f: HandFilter, by: Sequence[str] = ()) -> pd.DataFrame:
    """The players rows of the hands ``f`` keeps, summed by player, unit, the ``by`` keys, big
    blind and big bet, with ``hands`` (rows summed): what ``player_stats(..., rows=)`` takes.

    Everything stays in Arrow: files of partitions (site, month) the filter rules out are not
    opened; of the others, a hands file is read with the columns the filter and the grouping
    need, and the players file of its batch with the columns the statistics sum."""
    counts = [c for s in ALL_STATS for c in (s.name, s.opp)]
    walked_names = [c for s in SITUATION_STATS for c in (s.name, s.opp)]
    base = ["hand_id", "player", "net", "rake_share", "ev_net"]
    if "position" in by:
        base.append("position")
    hand_columns = sorted(
        {*_FACT_COLUMNS, *REPORT_HAND_COLUMNS, *(_HAND_KEYS[k] for k in by if k in _HAND_KEYS)}
        - {"site"}
    )
    keys = ["unit", *by, "big_blind", "big_bet"]
    money = ["net", "rake_share", "ev_net"]
    # Columns always equal to another are not read: their sums are the other's.
    read = [c for c in counts if c not in SAME_AS]
    sums = GroupSums(keys, ["hands", "ev_missing", *read], money)
    for part, hands_file, twins in scan.batches:
        players = twins["players"]
        if players is None or not _may_match(part, f):
            continue
        hands = pq.read_table(hands_file, columns=hand_columns, schema=FILE_SCHEMAS["hands"])
        hands = hands.filter(_mask(hands, f))
        if not hands.num_rows:
            continue
        mine = _hand_facts(hands, by)
        old = twins["actions"] is not None  # before version 3: no situation counts stored
        wanted = [*base, *(c for c in read if not old or c not in walked_names)]
        if old:
            batch = pq.read_table(players, columns=wanted, schema=FILE_SCHEMAS["players"])
            walked = _situations(part, hands_file, twins)
            for name in walked_names:
                values = np.zeros(batch.num_rows, np.int64) if walked is None else walked[name]
                batch = batch.append_column(name, pa.array(np.asarray(values, dtype=np.int64)))
            sums.add(_matched(batch, mine))
            continue
        # A players file of a compacted dataset holds millions of rows (its 60 columns read
        # at once took 2.8 GB at 10,000,000 hands): summed a slice at a time.
        for chunk in _slices(players, wanted):
            sums.add(_matched(chunk, mine))
    totals = sums.totals()
    for name, same in SAME_AS.items():
        totals[name] = totals[same]
    return _frame(totals, ["player", *keys], counts)


# Players rows summed at a time from one file: a compacted file's row groups are an export
# batch's (a few thousand rows), and each slice matches its rows against the file's hands.
_PLAYERS_SLICE: Final = 262_144


def _slices(path: str, columns: list[str]) -> Iterator[pa.Table]:
    """The ``players`` file's ``columns`` in slices of whole row groups, at least
    ``_PLAYERS_SLICE`` rows each but the last, typed as the file schema (as
    ``read_table(schema=)`` reads them; a column an older version lacks is null)."""
    schema = pa.schema([FILE_SCHEMAS["players"].field(c).with_nullable(True) for c in columns])
    source = pq.ParquetFile(path)
    stored = set(source.schema_arrow.names)  # a property built anew at each access
    present = [c for c in columns if c in stored]
    missing = [schema.field(c) for c in columns if c not in stored]
    meta = source.metadata

    def typed(groups: list[int]) -> pa.Table:
        table = source.read_row_groups(groups, columns=present)
        for f in missing:
            table = table.append_column(f, pa.nulls(table.num_rows, f.type))
        return table.select(columns).cast(schema)

    groups: list[int] = []
    rows = 0
    # A compacted file's row groups are an export batch's (a few thousand rows each): they
    # are gathered, since each slice is matched against a hash table of the file's hands.
    for i in range(meta.num_row_groups):
        groups.append(i)
        rows += meta.row_group(i).num_rows
        if rows >= _PLAYERS_SLICE:
            yield typed(groups)
            groups, rows = [], 0
    if groups:
        yield typed(groups)


def _matched(batch: pa.Table, mine: pa.Table) -> pa.Table:
    """The players rows of ``batch`` whose hands are in ``mine`` (``_hand_facts``), with those
    hands' facts, a ``hands`` count of 1 and ``ev_missing`` (a sum counts nulls as 0: how many
    rows had no EV, so a partial sum is not read whole)."""
    at = pc.index_in(batch.column("hand_id"), value_set=mine.column("hand_id"))
    if at.null_count:
        kept = pc.is_valid(at)
        batch = batch.filter(kept)
        at = at.filter(kept)
    for n in mine.column_names[1:]:
        if n not in batch.column_names:
            batch = batch.append_column(n, mine.column(n).take(at))
    batch = batch.append_column("hands", pa.array(np.ones(batch.num_rows, dtype=np.uint8)))
    return batch.append_column("ev_missing", pc.is_null(batch.column("ev_net")))


def _frame(totals: dict[str, Any], group: list[str], counts: list[str]) -> pd.DataFrame:
    """The sums as the columns ``player_stats`` groups and sums, typed as the tables."""
    out: dict[str, Any] = {}
    if not len(totals["player"]):
        for n in group:
            out[n] = pd.Series([], dtype=object)
        return pd.DataFrame(out)
    for n in group:
        values = totals[n]
        if n in ("big_blind", "big_bet"):
            out[n] = pd.arrays.ArrowExtensionArray(pa.array(values, _MONEY_SUM))
        elif n == "position":
            out[n] = pd.Categorical(values, categories=_POSITIONS, ordered=True)
        else:
            out[n] = pd.Categorical(values)
    out["hands"] = totals["hands"]
    out["ev_missing"] = totals["ev_missing"]
    for n in ("net", "rake_share", "ev_net"):
        out[n] = pd.arrays.ArrowExtensionArray(pa.array(totals[n], _MONEY_SUM))
    for n in counts:
        out[n] = totals[n]
    return pd.DataFrame(out)


# What Arrow's sum of a decimal128(18, 2) column gives, and player_stats reads.
_MONEY_SUM: Final = pa.decimal128(38, MONEY_SCALE)
