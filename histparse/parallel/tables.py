"""``tables`` in parallel: workers tabulate pieces, this process joins the frames in order."""

from __future__ import annotations

import functools
import os
from collections.abc import Iterable
from dataclasses import dataclass, field

import pandas as pd

from histparse.events import Hand
from histparse.frames import Tables, tables
from histparse.frames.build import _concat
from histparse.parallel.pieces import DEFAULT_PIECE_HANDS, Piece, piece_results, pieces_for
from histparse.parallel.pool import DaskClient, ordered_map
from histparse.parallel.progress import Progress
from histparse.parallel.ranges import list_files
from histparse.parsing import ParseError, Unsupported
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
    """Parse and tabulate one piece."""
    parse_errors: list[ParseError] = []
    table_errors: list[TableError] = []
    where: dict[tuple[str, str], str] = {}
    hands: list[Hand] = []
    summaries: list[str] = []
    for result in piece_results(piece):
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
    """The joined tables of many pieces and what was left out (as ``tables`` with
    ``on_error``: a hand already read in an earlier piece is refused with a ``TableError``)."""

    tables: Tables | None = None
    parse_errors: list[ParseError] = field(default_factory=list)
    table_errors: list[TableError] = field(default_factory=list)
    summaries: list[str] = field(default_factory=list)  # files holding tournament summaries


def tables_of_paths(
    paths: Iterable[PathArg],
    *,
    jobs: int = 1,
    client: DaskClient | None = None,
    hands_per_piece: int = DEFAULT_PIECE_HANDS,
    progress: Progress | None = None,
    allin_ev: bool = True,
) -> TablesRun:
    """The tables of every hand under ``paths``, made by ``jobs`` processes (or a Dask
    ``client``, whose workers read the files: they must see the same paths), the all-in EV
    columns filled unless ``allin_ev`` is False. Raises
    ``FileNotFoundError`` for a path matching nothing."""
    files = list_files(paths, client)
    run = TablesRun()
    parts: list[Tables] = []
    seen: dict[tuple[str, str], str] = {}
    listed: set[str] = set()
    pieces = pieces_for(files, hands_per_piece, client, jobs=jobs)
    if progress is not None:
        pieces = progress.track(pieces)
    work = functools.partial(tables_piece, allin_ev=allin_ev)
    for p in ordered_map(work, pieces, jobs=jobs, client=client):
        run.parse_errors.extend(p.parse_errors)
        run.table_errors.extend(p.table_errors)
        for f in p.summaries:  # a file cut into pieces reports its summaries in each
            if f not in listed:
                listed.add(f)
                run.summaries.append(f)
        dups = [k for k in p.where if k in seen]
        t = p.tables
        if dups:
            for key in dups:
                site, hid = key
                where = f"{site} hand {hid} ({p.where[key]})"
                run.table_errors.append(TableError(f"{where} was already read at {seen[key]}"))
            t = _drop(t, {hid for _, hid in dups})
        for key, where in p.where.items():
            seen.setdefault(key, where)
        # A piece with no hand (a summary file, a file of junk) is left out: its empty
        # frames' categories have no type to join with the others (concat refuses them).
        if len(t.hands):
            parts.append(t)
        if progress is not None:
            progress.update(p.hands, p.file_index)
    if not parts:
        parts.append(tables([]))
    run.tables = parts[0] if len(parts) == 1 else _concat(parts)
    return run


def _drop(t: Tables, hand_ids: set[str]) -> Tables:
    """``t`` without the rows of ``hand_ids`` (hands read before: rare, so not fast)."""

    def keep(df: pd.DataFrame) -> pd.DataFrame:
        return df[~df["hand_id"].astype(str).isin(hand_ids)].reset_index(drop=True)

    return Tables(keep(t.hands), keep(t.players), keep(t.actions), keep(t.draws))
