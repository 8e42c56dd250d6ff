"""Export to a Parquet dataset: history files on all cores or a Dask cluster
(``export_histories``), or parse results already made, in this process (``export_results``).

Either way the input goes in pieces of about 1,000 hands to ``histparse.export.pieces``, which
replays them and makes their Arrow tables; this process keeps the new hands, batches them and
writes. One writer keeps the dataset's lock and atomic commits. Memory is bounded by the batch
size in Arrow form plus the pieces in flight, not by the input: no ``Hand`` or DataFrame
outlives the piece that made it.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt
import pyarrow as pa
import pyarrow.compute as pc

from histparse.events import Hand
from histparse.export.findings import ID_CONFLICT, FindingRow, _row, auditor_available
from histparse.export.pieces import (
    ExportPiece,
    HandInfo,
    PartNumbers,
    add_findings,
    ev_notes,
    export_groups,
    export_pieces,
)
from histparse.export.schema import TABLES
from histparse.export.store import DatasetDir, Partition, new_batch_id, partition_path
from histparse.export.writer import (
    DEFAULT_BATCH_SIZE,
    Conflict,
    ExportResult,
    _Exporter,
    _findings_arrow,
)
from histparse.frames.build import collector_paused
from histparse.parallel.arena import one_arena
from histparse.parallel.audit import ItemKind, Joiner
from histparse.parallel.pieces import (
    DEFAULT_PIECE_HANDS,
    SMALL_FILE,
    Piece,
    PieceGroup,
    grouped_pieces,
    piece_results,
)
from histparse.parallel.pool import DaskClient, ordered_map
from histparse.parallel.progress import Progress
from histparse.parallel.ranges import list_files
from histparse.parsing import Result
from histparse.replayer.findings import Finding

__all__ = ["export_files", "export_histories", "export_results"]

PathArg = str | os.PathLike[str]


@dataclass
class _Batch:
    """What the next commit writes."""

    # Encoded pieces (bytes of a Parquet file) and tables, in input order.
    tables: dict[tuple[Partition, str], list[pa.Table | bytes]] = field(default_factory=dict)
    rejects: list[FindingRow] = field(default_factory=list)
    kept: list[FindingRow] = field(default_factory=list)
    hands: int = 0


class _Writer:
    """Joins pieces in input order: dedup, the check across hands, batches, commits."""

    def __init__(self, exporter: _Exporter) -> None:
        self.ex = exporter
        self.joiner = Joiner()
        self.batch = _Batch()
        self.chunks = 0  # parsed hands and new rejects in the batch

    def close(self) -> None:
        """Delete the on-disk records of the hands kept."""
        self.ex.added.close()
        self.joiner.close()

    def take(self, piece: ExportPiece) -> int:
        """Add a piece; returns its number of parsed hands."""
        if piece.numbers is not None and self._take_plain(piece, piece.numbers):
            return piece.size()
        ex, counts = self.ex, self.ex.counts
        # Comparisons the worker counted in the hands table already (a plain piece's).
        local = piece.plain.local if piece.plain is not None else {}
        # A batch holds ``batch_size`` chunks of input (parsed hands and rejects), as
        # ``export_results`` counts, so a piece may end one batch and start the next.
        keep: dict[Partition, set[str]] = {}
        extra: dict[tuple[Partition, str], int] = {}
        hands = 0
        for path, item in zip(piece.item_paths(), piece.all_items(), strict=True):
            counts.read += 1
            findings = self.joiner.findings(path, item.audit) if ex.audit else ()
            info = item.hand
            if info is None:
                if item.audit.kind is ItemKind.REJECTED:
                    counts.rejected += 1
                    assert item.reject is not None
                    before = len(self.batch.rejects)
                    ex._reject(item.reject, self.batch.rejects)
                    self.chunks += len(self.batch.rejects) - before
                else:
                    counts.unsupported += 1
            else:
                counts.parsed += 1
                hands += 1
                self.chunks += 1
                digest = info.digest
                if info.refused is None:
                    digest = piece.digests.get(info.partition, {}).get(info.hand_id)
                counted = local.get((info.partition, info.hand_id), 0)
                self._hand(info, digest, len(item.audit.findings) + counted, findings, keep, extra)
            if self.chunks >= ex.batch_size:
                self._tables(piece, keep, extra)
                keep, extra = {}, {}
                self.commit()
        self._tables(piece, keep, extra)
        return hands

    def _take_plain(self, piece: ExportPiece, numbers: dict[Partition, PartNumbers]) -> bool:
        """``take`` of a plain piece whose hands are all new and which fits in the batch, its
        ids checked and remembered as arrays and its check across hands finished from the
        worker's (``PlainAudit``); False (nothing done) for any other piece, which goes hand
        by hand. The same outcome either way (tests/export/test_parallel_export)."""
        ex, n, plain = self.ex, piece.size(), piece.plain
        if self.chunks + n > ex.batch_size:
            return False  # the batch ends inside the piece
        if plain is None:
            return False
        by_site: dict[str, list[npt.NDArray[np.int64]]] = {}
        for (site, _), part in numbers.items():
            by_site.setdefault(site, []).append(part.ids)
        for arrays in by_site.values():
            ids = np.concatenate(arrays)
            if len(np.unique(ids)) != len(ids):
                return False  # a hand id twice (in two months): the second is a repeat
        for (site, _), part in numbers.items():
            if ex.added.any_numbers(site, part.ids):
                return False
            if ex.audit and self.joiner.seen_any(site, part.ids):
                return False
            for there in ex.prior_partitions(site):
                if ex._existing(there).contains_numbers(part.ids).any():
                    return False
        chain = self.joiner.chain
        if ex.audit:
            for _, _, head in plain.heads:
                latest = chain.latest(head.key)
                if latest is not None and head.started_at < latest.started_at:
                    return False  # the worker's chain would differ from the one chain
        for (site, month), part in numbers.items():
            ex.added.add_numbers(
                site,
                part.ids,
                month=month,
                digests=part.digests,
                files=part.files,
                file_index=part.file_index,
                lines=part.lines,
            )
            if ex.audit:
                self.joiner.see(site, part.ids)
        extra: dict[tuple[Partition, str], int] = {}
        if ex.audit:
            rows = list(plain.rows)
            for i, where, head in plain.heads:
                across = chain.feed(head)
                if across:
                    extra[(where, head.hand_id)] = len(across)
                    rows.extend((i, _row(f)) for f in across)
            for tail in plain.tails:
                chain.remember(tail)
            if len(rows) > len(plain.rows):
                # Each hand's own findings, then its comparison's, as the one chain gives them.
                rows.sort(key=lambda r: r[0])
            self.batch.kept.extend(row for _, row in rows)
        ex.counts.read += n
        ex.counts.parsed += n
        self.chunks += n
        self._tables(piece, {part: None for part in numbers}, extra)
        if self.chunks >= ex.batch_size:
            self.commit()
        return True

    def _hand(
        self,
        info: HandInfo,
        digest: str | None,
        counted: int,
        findings: tuple[Finding, ...],
        keep: dict[Partition, set[str]],
        extra: dict[tuple[Partition, str], int],
    ) -> None:
        ex, batch = self.ex, self.batch
        part, hid = info.partition, info.hand_id
        # A hand id is unique per site, not per month: the same hand dated in two months (a
        # time zone, an edited file) is one hand, written once.
        site, month = part
        if (site, hid) in ex.added:
            ex.present += 1
            ex.repeated += 1
            self._same(info, digest, ex.added.get(site, month, hid))
        elif ex._exists(site, hid):
            ex.present += 1
            self._same(info, digest, ex.existing_digest(part, hid))
        elif info.refused is not None:
            ex.table_rejected += 1
            ex._reject(info.refused, batch.rejects)
        else:
            ex.added.add_new(site, hid, month=month, digest=digest, file=info.file, line=info.line)
            keep.setdefault(part, set()).add(hid)
            batch.kept.extend(_row(f) for f in findings)
            if info.audit_failed is not None:
                batch.kept.append(info.audit_failed)
            if len(findings) != counted:
                extra[(part, hid)] = len(findings) - counted

    def _same(self, info: HandInfo, digest: str | None, kept: tuple[str, str] | None) -> None:
        """A hand whose id is kept already: record a conflict when its content differs (a
        different hand given the same id), rather than count it silently as present."""
        if digest is None or kept is None or not kept[0] or kept[0] == digest:
            return
        ex = self.ex
        site = info.partition[0]
        conflict = Conflict(site, info.hand_id, info.file, info.line, kept[1])
        ex.conflicts.append(conflict)
        row = FindingRow(
            site=site,
            hand_id=info.hand_id,
            code=ID_CONFLICT,
            severity="warning",
            message=str(conflict),
            file=info.file,
            line=info.line,
        )
        ex._reject(row, self.batch.rejects)

    def _tables(
        self,
        piece: ExportPiece,
        keep: Mapping[Partition, set[str] | None],
        extra: dict[tuple[Partition, str], int],
    ) -> None:
        """Add the rows of the hands kept (``keep``, by partition; None: all) to the batch: a
        partition kept whole, its counts unchanged, as the Parquet bytes the worker made."""
        batch = self.batch
        for part, ids in keep.items():
            whole = ids is None or ids == set(piece.hand_ids[part])
            plus = {h: n for (p, h), n in extra.items() if p == part}
            raw = piece.encoded.get(part) if whole and not plus else None
            if raw is not None:
                batch.hands += len(piece.hand_ids[part])
                self.ex.ev_notes.update(piece.notes[part])
                for name, data in raw.items():
                    batch.tables.setdefault((part, name), []).append(data)
                continue
            for name in TABLES:
                table = piece.table(part, name)
                if not whole and ids is not None:
                    table = _rows_of(table, ids)
                if name == "hands":
                    table = add_findings(table, plus)
                    batch.hands += table.num_rows
                    self.ex.ev_notes.update(ev_notes(table))
                if table.num_rows:
                    batch.tables.setdefault((part, name), []).append(table)

    def commit(self) -> None:
        """Write the batch (if it holds anything) as one atomic commit."""
        batch, ex = self.batch, self.ex
        self.batch = _Batch()
        self.chunks = 0
        out: list[tuple[str, pa.Table | bytes]] = []
        for (part, name), parts in batch.tables.items():
            where = partition_path(name, part)
            # In input order: each piece's encoded file as it is, tables in between (hands
            # the writer filtered or counted findings for) together as one file.
            for encoded, run in itertools.groupby(parts, key=lambda t: isinstance(t, bytes)):
                if encoded:
                    out.extend((where, data) for data in run)
                else:
                    tables = [t for t in run if isinstance(t, pa.Table)]
                    out.append((where, pa.concat_tables(tables)))
        rows = [*batch.rejects, *batch.kept]
        if rows:
            out.append(("findings", _findings_arrow(rows)))
        if out:
            record = {"hands": batch.hands, "findings": len(rows)}
            ex.store.commit(new_batch_id(), out, record, compression=ex.compression)
            ex.batches += 1
        ex.new += batch.hands
        ex.findings += len(rows)


def _rows_of(table: pa.Table, ids: set[str]) -> pa.Table:
    """The rows of ``table`` whose hand is in ``ids``."""
    column = table.column("hand_id")
    mask = pc.is_in(column, value_set=pa.array(sorted(ids), type=column.type))
    return table.filter(mask)


@contextlib.contextmanager
def _exporting(
    out: PathArg, audit: bool, batch_size: int, compression: str
) -> Iterator[tuple[_Exporter, _Writer]]:
    """The dataset ``out`` locked, cleaned of what an interrupted export left, and a writer
    into it; the last batch is committed on a normal exit."""
    if batch_size < 1:
        raise ValueError(f"batch_size must be at least 1, not {batch_size}")
    # The lock is taken before a new directory is made a dataset, so that of two exports
    # racing into it the loser says another export is writing (DatasetDir.writing).
    with DatasetDir.writing(out) as store:
        # Under the lock: what another export committed meanwhile counts, and what an
        # interrupted one left is removed before anything is read.
        exporter = _Exporter(store, audit and auditor_available(), batch_size, compression)
        exporter.recovered = store.recover()
        exporter.prior = list(store.hands_by_partition)
        exporter.load_reject_keys()
        writer = _Writer(exporter)
        try:
            yield exporter, writer
            writer.commit()
        finally:
            writer.close()


def _path_of(result: Result) -> str:
    if isinstance(result, Hand):
        return result.source.path
    return result.file


def _groups(results: Iterable[Result], size: int) -> Iterator[tuple[str, int, list[Result]]]:
    """Consecutive results of one file, at most ``size`` at a time: ``(path, file number,
    results)``."""
    group: list[Result] = []
    path: str | None = None
    file_index = -1
    for result in results:
        where = _path_of(result)
        if group and (where != path or len(group) >= size):
            yield _path_of(group[0]), file_index, group
            group = []
        if where != path:
            path, file_index = where, file_index + 1
        group.append(result)
    if group:
        yield _path_of(group[0]), file_index, group


def export_results(
    results: Iterable[Result],
    out: PathArg,
    *,
    audit: bool = True,
    batch_size: int = DEFAULT_BATCH_SIZE,
    compression: str = "zstd",
    hands_per_piece: int = DEFAULT_PIECE_HANDS,
) -> ExportResult:
    """Export parse results (``Hand``, ``ParseError``, ``Unsupported``, e.g. from
    ``read_results``) into the dataset directory ``out``, making it if needed.

    Hands whose (site, hand id) is already in ``out`` are skipped and counted. Rejected chunks,
    and hands the tables refuse, become ``findings`` rows (``PARSE-REJECTED``,
    ``TABLE-REJECTED``); with ``audit`` the auditor's findings of the new hands are exported
    too. ``results`` is consumed as a stream, ``hands_per_piece`` at a time: hands are not kept
    once their tables are made. Raises ``DatasetError`` if ``out`` is not a dataset of this schema
    version or another export is writing it.
    """
    with _exporting(out, audit, batch_size, compression) as (exporter, writer):
        size = min(hands_per_piece, batch_size)
        # Small files share a piece, as in ``export_files``.
        made = export_groups(
            _groups(results, size), size, exporter.audit, compression=exporter.compression
        )
        for piece in made:
            writer.take(piece)
    return exporter.result()


def export_histories(
    paths: Sequence[PathArg],
    out: PathArg,
    *,
    audit: bool = True,
    batch_size: int = DEFAULT_BATCH_SIZE,
    compression: str = "zstd",
    jobs: int = 1,
    client: DaskClient | None = None,
    hands_per_piece: int = DEFAULT_PIECE_HANDS,
    progress: Progress | None = None,
    small_file: int = SMALL_FILE,
) -> ExportResult:
    """Read history files, directories (``*.txt``, recursively) and globs and export them into
    ``out`` (see ``export_results`` for what is written), parsing, auditing and tabulating in
    ``jobs`` processes or on the workers of a Dask ``client`` (which must all be able to read
    ``paths``). The dataset is the same for any ``jobs``. Raises ``FileNotFoundError`` for a
    path matching nothing, ``DatasetError`` as ``export_results``."""
    return export_files(
        list_files(paths, client),
        out,
        audit=audit,
        batch_size=batch_size,
        compression=compression,
        jobs=jobs,
        client=client,
        hands_per_piece=hands_per_piece,
        progress=progress,
        small_file=small_file,
    )


def export_files(
    files: Sequence[str],
    out: PathArg,
    *,
    audit: bool = True,
    batch_size: int = DEFAULT_BATCH_SIZE,
    compression: str = "zstd",
    jobs: int = 1,
    client: DaskClient | None = None,
    hands_per_piece: int = DEFAULT_PIECE_HANDS,
    progress: Progress | None = None,
    small_file: int = SMALL_FILE,
) -> ExportResult:
    """``export_histories`` of files already listed (``list_files``): for a caller that lists
    them first, as the command does to count them for its progress line. Files of at most
    ``small_file`` bytes are not cut; consecutive ones go to a worker together (``0``: each
    file is one piece or more, as a big one)."""
    with _exporting(out, audit, batch_size, compression) as (exporter, writer):
        size = min(hands_per_piece, batch_size)
        # In this process the pieces of a piece stream to the writer one at a time; a worker
        # sends them back together.
        streams = jobs == 1 and client is None
        if not streams:
            one_arena()  # before the pool's result thread exists (histparse.parallel.arena)
        work = functools.partial(
            _bounded_pieces if streams else _bounded_list,
            audit=exporter.audit,
            size=size,
            compression=exporter.compression,
        )
        # Small files go in groups, one set of tables for many (the per-piece costs measured
        # 17 ms of CPU a file when each was a piece); the dataset is the same either way.
        pieces = grouped_pieces(files, size, client, jobs=jobs, small=small_file)
        if progress is not None:
            pieces = progress.track(pieces)
        for made in ordered_map(work, pieces, jobs=jobs, client=client):
            hands, last = 0, -1
            for piece in made:
                hands += writer.take(piece)
                last = piece.file_index
            if progress is not None:
                progress.update(hands, last)
    return exporter.result()


def _bounded_pieces(
    piece: Piece | PieceGroup,
    audit: bool,
    size: int,
    compression: str | None = None,
    *,
    pack: bool = False,
) -> Iterator[ExportPiece]:
    """``export_pieces``, tabulating a piece ``size`` results at a time. Pieces are cut at
    hand headers, but a file its site reads whole (Merge XML: the file's ``<description>``
    reaches every game) is one piece however long it is: made at once, its hands and their
    replays all lived together (1.4 GB for a 100 MB Merge file against 250 MB for PokerStars)."""
    if isinstance(piece, PieceGroup):
        yield from export_pieces(piece, audit, compression=compression, pack=pack)
        return
    # The collector stays paused over the whole piece, its parsing too: a batch's hands stay
    # alive until their tables are made, and a running collector walked them again and again
    # (2.1-2.6 of 14.5-14.9 CPU s of a 20,000-hand export). The readers make no cycles (a
    # Merge file's one piece included: tests/sites/test_merge_memory.py holds its peak).
    with collector_paused():
        results = piece_results(piece)
        batches = iter(lambda: list(itertools.islice(results, size)), [])
        groups = ((piece.path, piece.file_index, b) for b in batches)
        yield from export_groups(groups, size, audit, compression=compression, pack=pack)


def _bounded_list(
    piece: Piece | PieceGroup, audit: bool, size: int, compression: str | None = None
) -> list[ExportPiece]:
    """``_bounded_pieces`` for a worker process: a list (a generator does not pickle), the
    items of plain pieces packed (``ExportPiece.packed``)."""
    return list(_bounded_pieces(piece, audit, size, compression, pack=True))
