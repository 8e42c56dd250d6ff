"""``tables`` in parallel: workers tabulate pieces, this process joins the frames in order
(pieces read, and second readings skipped, by the front: ``histparse.parallel.front``)."""

from __future__ import annotations

import functools
import os
from collections.abc import Iterable
from dataclasses import dataclass, field

import pandas as pd

from histparse.events import Hand
from histparse.frames import Tables, tables
from histparse.frames.build import _concat
from histparse.parallel.front import Conflict, Counts, Listing, list_inputs, read_pieces
from histparse.parallel.pieces import DEFAULT_PIECE_HANDS, Piece, piece_results
from histparse.parallel.pool import DaskClient
from histparse.parallel.progress import Progress
from histparse.parsing import ParseError, Result, Unsupported
from histparse.reading import TOURNAMENT_SUMMARY
from histparse.stats.errors import TableError

__all__ = ["PieceTables", "TablesRun", "tables_of_paths", "tables_piece"]

PathArg = str | os.PathLike[str]


@dataclass(frozen=True, slots=True)
class PieceTables:
    """A piece's tables, what was left out, and where each tabulated hand was read."""

    file_index: int
    tables: Tables
    parse_errors: list[ParseError]
    table_errors: list[TableError]
    where: dict[tuple[str, str], str]
    hands: int
    summaries: list[str] = field(default_factory=list)  # files holding tournament summaries


def tables_piece(piece: Piece, allin_ev: bool = True) -> PieceTables:
    """Parse and tabulate one piece (every hand in it: a hand read twice in the piece is
    refused by the tables; ``tables_of_paths`` has the front skip it first)."""
    return _tabulate(piece, list(piece_results(piece)), allin_ev)


def _tabulate(piece: Piece, results: list[Result], allin_ev: bool = True) -> PieceTables:
    """The front's ``work`` for the tables: tabulate the hands among ``results``."""
    parse_errors: list[ParseError] = []
    table_errors: list[TableError] = []
    where: dict[tuple[str, str], str] = {}
    hands: list[Hand] = []
    summaries: list[str] = []
    for result in results:
        if isinstance(result, Hand):
            hands.append(result)
        elif isinstance(result, ParseError):
            parse_errors.append(result)
        elif isinstance(result, Unsupported) and result.game == TOURNAMENT_SUMMARY:
            summaries.append(result.file)
    refused: set[int] = set()

    def refuse(hand: Hand, error: TableError) -> None:
        refused.add(id(hand))
        table_errors.append(error)

    t = tables(hands, on_error=refuse, allin_ev=allin_ev)
    for h in hands:
        key = (h.site, str(h.hand_id))
        if key not in where and id(h) not in refused:
            where[key] = f"{h.source.path}:{h.source.first_line}"
    # A piece is of one file: its summaries are all in that file.
    files = list(dict.fromkeys(summaries))
    return PieceTables(piece.file_index, t, parse_errors, table_errors, where, len(hands), files)


@dataclass
class TablesRun:
    """The joined tables of many pieces and what was left out: ``parse_errors`` and
    ``table_errors`` (hands the tables refused). Second readings of a hand are skipped by the
    front, not refused: ``counts`` (the front's) counts them, ``conflicts`` names those whose
    content differs from the first reading's."""

    tables: Tables | None = None
    parse_errors: list[ParseError] = field(default_factory=list)
    table_errors: list[TableError] = field(default_factory=list)
    summaries: list[str] = field(default_factory=list)  # files holding tournament summaries
    counts: Counts | None = None
    conflicts: list[Conflict] = field(default_factory=list)


def tables_of_paths(
    paths: Iterable[PathArg] | Listing,
    *,
    jobs: int = 1,
    client: DaskClient | None = None,
    hands_per_piece: int = DEFAULT_PIECE_HANDS,
    progress: Progress | None = None,
    allin_ev: bool = True,
) -> TablesRun:
    """The tables of every hand under ``paths`` (or a front ``Listing``), made by ``jobs``
    processes (or a Dask ``client``, whose workers read the files: they must see the same
    paths), the all-in EV columns filled unless ``allin_ev`` is False. Raises
    ``FileNotFoundError`` for a path matching nothing."""
    listing = paths if isinstance(paths, Listing) else list_inputs(paths, client)
    run = TablesRun()
    parts: list[Tables] = []
    listed: set[str] = set()
    work = functools.partial(_tabulate, allin_ev=allin_ev)
    front = read_pieces(
        listing,
        work,
        jobs=jobs,
        client=client,
        hands_per_piece=hands_per_piece,
        progress=progress,
        # The rejected chunks come back with the piece's tables, in the same order.
        on_rejected=lambda _e: None,
    )
    for taken in front:
        p = taken.made
        run.parse_errors.extend(p.parse_errors)
        run.table_errors.extend(p.table_errors)
        for f in p.summaries:  # a file cut into pieces reports its summaries in each
            if f not in listed:
                listed.add(f)
                run.summaries.append(f)
        t = p.tables
        if taken.skipped_keys:
            t = _drop(t, taken.skipped_keys)
        # A piece with no hand (a summary file, a file of junk) is left out: its empty
        # frames' categories have no type to join with the others (concat refuses them).
        if len(t.hands):
            parts.append(t)
    if not parts:
        parts.append(tables([]))
    run.tables = parts[0] if len(parts) == 1 else _concat(parts)
    run.counts = front.counts
    run.conflicts = front.conflicts
    return run


def _drop(t: Tables, keys: frozenset[tuple[str, str]]) -> Tables:
    """``t`` without the rows of the hands ``keys`` (site, hand id): second readings of hands
    of earlier pieces, rare, so not fast."""
    drop = pd.MultiIndex.from_tuples(sorted(keys), names=["site", "hand_id"])

    def keep(df: pd.DataFrame) -> pd.DataFrame:
        pairs = pd.MultiIndex.from_arrays(
            [df["site"].astype(str), df["hand_id"].astype(str)], names=["site", "hand_id"]
        )
        return df[~pairs.isin(drop)].reset_index(drop=True)

    return Tables(keep(t.hands), keep(t.players), keep(t.actions), keep(t.draws))
