"""The worker's half of an export: one piece of input in, Arrow tables out.

A worker parses its piece of raw text, or the whole files of a group of small ones (or takes
a group of parse results already made, for ``export_results``), replays the hands (the auditor)
and makes the Arrow tables of every hand, by partition, once for the piece or group. The writer
(``histparse.export.parallel``) decides which hands are new and writes; only Arrow tables
and small records cross the process boundary, never ``Hand``s.
"""

from __future__ import annotations

import itertools
import pickle
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt
import pyarrow as pa
import pyarrow.parquet as pq

from histparse.auditor.across import StackChain, StackRecord, TableKey
from histparse.events import Hand
from histparse.export.arrow_tables import arrow_tables
from histparse.export.findings import (
    FindingRow,
    _row,
    audit_failed,
    parse_rejected,
    table_rejected,
)
from histparse.export.schema import FILE_SCHEMAS
from histparse.export.store import Partition
from histparse.export.writer import month_of
from histparse.frames.build import collector_paused, hand_digest, table_data
from histparse.handids import digest_numbers, id_numbers
from histparse.parallel.audit import AuditItem, ItemKind, PieceChain
from histparse.parallel.pieces import Piece, PieceGroup, group_files, piece_results
from histparse.parsing import ParseError, Result
from histparse.replayer import Replay, read_facts
from histparse.stats.errors import TableError

__all__ = [
    "ExportItem",
    "ExportPiece",
    "HandInfo",
    "PartNumbers",
    "PlainAudit",
    "add_findings",
    "export_group",
    "export_groups",
    "export_piece",
    "export_pieces",
]


@dataclass(frozen=True, slots=True)
class HandInfo:
    """A parsed hand: its partition and id, the finding if the tables refused it, and the
    finding if the auditor failed on it."""

    partition: Partition
    hand_id: str
    refused: FindingRow | None = None
    audit_failed: FindingRow | None = None
    file: str = ""
    line: int = 0
    digest: str | None = None  # of a hand the piece's tables refused (a repeat within it)


@dataclass(frozen=True, slots=True)
class ExportItem:
    """One chunk: ``audit`` (the auditor's view; findings empty when not auditing), and the
    hand (``hand``) or the parse reject (``reject``)."""

    audit: AuditItem
    hand: HandInfo | None = None
    reject: FindingRow | None = None


@dataclass(frozen=True, slots=True)
class PartNumbers:
    """A partition's hands of a piece as arrays, in the order of its tables: numeric ids
    (``histparse.handids.id_numbers``), digests, and each hand's file (an index into
    ``files``) and first line. The writer checks and remembers a plain piece's hands with
    these at once, instead of one hand at a time (a third of its CPU, measured)."""

    ids: npt.NDArray[np.int64]
    digests: npt.NDArray[np.uint64]
    files: tuple[str, ...]
    file_index: npt.NDArray[np.int32]
    lines: npt.NDArray[np.int64]


@dataclass(frozen=True, slots=True)
class PlainAudit:
    """The check across hands of a plain piece, run by its worker over the piece alone.

    ``heads``: the first hand at each table (item index, partition, record), which the writer
    compares with the latest hand its own chain holds there. ``tails``: the latest hand at
    each table after the piece, which the writer's chain then holds. ``rows``: the findings
    of every hand (item index, row) but the heads' comparisons. ``local``: the number of
    findings of the worker's comparisons by hand, already in the hands table's ``findings``.
    The same findings as the one chain's, as long as no head is older than the latest hand
    at its table (the writer checks that, or takes the piece hand by hand)."""

    heads: tuple[tuple[int, Partition, StackRecord], ...] = ()
    tails: tuple[StackRecord, ...] = ()
    rows: tuple[tuple[int, FindingRow], ...] = ()
    local: dict[tuple[Partition, str], int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class ExportPiece:
    """A piece's items in order, the tables of its hands by partition (every hand the tables
    accepted, each table with a ``hand_id`` column). A piece of several whole files lists them
    in ``files``, as ``(file index, path, number of items)`` in order; ``file_index`` and
    ``path`` are then the last one's."""

    file_index: int
    path: str
    items: list[ExportItem]
    tables: dict[Partition, dict[str, pa.Table]] = field(default_factory=dict)
    hand_ids: dict[Partition, list[str]] = field(default_factory=dict)
    digests: dict[Partition, dict[str, str]] = field(default_factory=dict)
    files: tuple[tuple[int, str, int], ...] = ()
    # The tables as Parquet files already (``compression`` given to the maker), by partition
    # and table (an empty table has none), in place of ``tables``: the worker encodes them,
    # so the writer, in one process for all the workers, only writes the bytes out. With the
    # all-in EV notes of the partition's hands, counted by reason.
    encoded: dict[Partition, dict[str, bytes]] = field(default_factory=dict)
    notes: dict[Partition, dict[str, int]] = field(default_factory=dict)
    # Set when the piece is plain: every item a hand the tables took, with a numeric id and
    # (when auditing) a stack record, no audit failure. Else None: taken hand by hand.
    numbers: dict[Partition, PartNumbers] | None = None
    # A plain piece's check across hands, run in the worker from an empty chain (None if the
    # piece is not plain or not encoded), and its items pickled (``packed``, in place of
    # ``items``, when it crosses a process boundary): the writer unpickles them only for a
    # piece it must take hand by hand. ``count`` is the number of items.
    plain: PlainAudit | None = None
    packed: bytes | None = None
    count: int = -1

    def all_items(self) -> list[ExportItem]:
        """The items, unpacked if need be."""
        if self.packed is None:
            return self.items
        items: list[ExportItem] = pickle.loads(self.packed)
        return items

    def size(self) -> int:
        """The number of items."""
        return self.count if self.count >= 0 else len(self.items)

    def table(self, part: Partition, name: str) -> pa.Table:
        """The table ``name`` of the partition's hands (decoded if the piece is encoded)."""
        raw = self.encoded.get(part)
        if raw is None:
            return self.tables[part][name]
        data = raw.get(name)
        if data is None:
            return FILE_SCHEMAS[name].empty_table()
        return pq.read_table(pa.BufferReader(data), schema=FILE_SCHEMAS[name])

    def item_paths(self) -> Iterator[str]:
        """The file of each item, in order."""
        if not self.files:
            return itertools.repeat(self.path, self.size())
        return itertools.chain.from_iterable(itertools.repeat(path, n) for _, path, n in self.files)


def export_piece(
    piece: Piece, audit: bool = True, *, compression: str | None = None, pack: bool = False
) -> ExportPiece:
    """Parse, audit (if ``audit``) and tabulate one piece (its tables encoded as Parquet with
    ``compression`` if given: ``ExportPiece.encoded``)."""
    return export_group(
        piece_results(piece),
        piece.path,
        piece.file_index,
        audit,
        compression=compression,
        pack=pack,
    )


def export_pieces(
    piece: Piece | PieceGroup,
    audit: bool = True,
    *,
    compression: str | None = None,
    pack: bool = False,
) -> list[ExportPiece]:
    """``export_piece`` of a piece, or of a group of whole files: one ``ExportPiece`` for the
    group's files together (one set of tables, made once), or a few, consecutive, when a file
    repeats a hand id of an earlier file of the group. Either way the writer gets what one
    piece a file would give: the tables refuse a repeated hand id within a piece only, and a
    piece's findings counts are by hand id."""
    if isinstance(piece, Piece):
        return [export_piece(piece, audit, compression=compression, pack=pack)]
    out: list[ExportPiece] = []
    with collector_paused():
        maker = _Maker(audit, compression, pack)
        keys: set[tuple[str, str]] = set()
        for file, results in group_files(piece):
            got = list(results)
            mine = {(r.site, str(r.hand_id)) for r in got if isinstance(r, Hand)}
            if not keys.isdisjoint(mine):
                out.append(maker.piece())
                maker, keys = _Maker(audit, compression, pack), set()
            maker.add(got, file.path, file.file_index)
            keys |= mine
        out.append(maker.piece())
    return out


def export_groups(
    groups: Iterable[tuple[str, int, list[Result]]],
    size: int,
    audit: bool = True,
    *,
    compression: str | None = None,
    pack: bool = False,
) -> Iterator[ExportPiece]:
    """``export_group`` of each ``(path, file index, results)``, consecutive groups of at most
    ``size`` results in all (small files, the ends of big ones) made into one piece, but not
    groups repeating a hand id of an earlier group of the piece (as ``export_pieces``)."""
    maker: _Maker | None = None
    held = 0
    keys: set[tuple[str, str]] = set()
    for path, file_index, results in groups:
        mine = {(r.site, str(r.hand_id)) for r in results if isinstance(r, Hand)}
        if maker is not None and (held + len(results) > size or not keys.isdisjoint(mine)):
            yield _made(maker)
            maker = None
        if maker is None:
            maker, held, keys = _Maker(audit, compression, pack), 0, set()
        with collector_paused():
            maker.add(results, path, file_index)
        held += len(results)
        keys |= mine
    if maker is not None:
        yield _made(maker)


def _made(maker: _Maker) -> ExportPiece:
    # The hands gathered stay alive until their tables are made (see ``export_group``).
    with collector_paused():
        return maker.piece()


def export_group(
    results: Iterable[Result],
    path: str,
    file_index: int = 0,
    audit: bool = True,
    *,
    compression: str | None = None,
    pack: bool = False,
) -> ExportPiece:
    """Audit (if ``audit``) and tabulate consecutive parse results of the file ``path``."""
    # The piece's hands stay alive until its tables are made: with the collector running,
    # its collections kept walking them (a quarter of the export's CPU, measured).
    with collector_paused():
        maker = _Maker(audit, compression, pack)
        maker.add(results, path, file_index)
        return maker.piece(single=True)


class _Maker:
    """Gathers the items of one or more files' results, then makes their tables at once."""

    def __init__(self, audit: bool, compression: str | None = None, pack: bool = False) -> None:
        self.audit = audit
        self.compression = compression
        self.pack = pack
        self.items: list[ExportItem] = []
        self.by_part: dict[Partition, list[Hand]] = {}
        self.counts: dict[tuple[str, str] | str, int] = {}
        self.index_of: dict[int, int] = {}  # id(hand) -> its item's index
        self.files: list[tuple[int, str, int]] = []
        self.replays: dict[int, Replay] = {}  # id(hand) -> the audit's record of the hand

    def add(self, results: Iterable[Result], path: str, file_index: int) -> None:
        """The items of ``results``, all of the file ``path``."""
        chain = PieceChain(path)
        items, audit, counts = self.items, self.audit, self.counts
        before = len(items)
        for result in results:
            if isinstance(result, Hand):
                part = (result.site, month_of(result))
                self.index_of[id(result)] = len(items)
                self.by_part.setdefault(part, []).append(result)
                item = AuditItem(ItemKind.HAND)
                failed: FindingRow | None = None
                if audit:
                    try:
                        item, replayed = chain.hand_replay(result)
                    except Exception as exc:
                        # One odd hand must not stop the export: it is recorded against it.
                        failed = audit_failed(result, exc)
                    else:
                        # The one reading of the hand: the tables take this record.
                        if replayed is not None:
                            self.replays[id(result)] = replayed
                n = len(item.findings) + (failed is not None)
                counts[(result.site, str(result.hand_id))] = n
                info = HandInfo(
                    part,
                    str(result.hand_id),
                    audit_failed=failed,
                    file=result.source.path,
                    line=result.source.first_line,
                )
                items.append(ExportItem(item, info))
            else:
                other = chain.other(result)
                if not audit:
                    other = AuditItem(other.kind, (), None)
                reject = parse_rejected(result) if isinstance(result, ParseError) else None
                items.append(ExportItem(other, None, reject))
        self.files.append((file_index, path, len(items) - before))

    def piece(self, *, single: bool = False) -> ExportPiece:
        """The piece of everything added (``single``: of one file, which ``files`` omits)."""
        items = self.items

        def refuse(hand: Hand, error: TableError) -> None:
            i = self.index_of[id(hand)]
            item = items[i]
            assert item.hand is not None
            try:
                digest: str | None = hand_digest(read_facts(hand))
            except TableError:
                digest = None
            refused = _with_refusal(item.hand, table_rejected(hand, error), digest)
            items[i] = ExportItem(item.audit, refused)

        out: dict[Partition, dict[str, pa.Table]] = {}
        ids: dict[Partition, list[str]] = {}
        digests: dict[Partition, dict[str, str]] = {}
        for part, hands in self.by_part.items():
            # Straight into Arrow: no DataFrame is made on the export path.
            data = list(table_data(hands, self.counts, on_error=refuse, replays=self._replay))
            out[part] = arrow_tables(data)
            ids[part] = [hid for d in data for hid in d.hands["hand_id"]]
            made = (digest for d in data for digest in d.hands["digest"])
            digests[part] = dict(zip(ids[part], made, strict=True))
        file_index, path, _ = self.files[-1]
        files = () if single else tuple(self.files)
        # The hands go now, while the collector is still paused (every caller pauses it):
        # alive when it resumes, its first collection walked every object of the piece's
        # hands (80 ms per 1,000 hands, measured: 6% of an export).
        self.by_part, self.replays, self.index_of = {}, {}, {}
        numbers = _numbers(items, ids, digests, self.audit)
        plain: PlainAudit | None = None
        if numbers is not None and self.compression is not None:
            plain = _plain_audit(items) if self.audit else PlainAudit()
            for part in {p for p, _ in plain.local}:
                local = {h: n for (p, h), n in plain.local.items() if p == part}
                out[part]["hands"] = add_findings(out[part]["hands"], local)
        encoded: dict[Partition, dict[str, bytes]] = {}
        notes: dict[Partition, dict[str, int]] = {}
        if self.compression is not None:
            for part, tables in out.items():
                encoded[part] = {
                    name: parquet_bytes(table, self.compression)
                    for name, table in tables.items()
                    if table.num_rows
                }
                notes[part] = ev_notes(tables["hands"])
            out = {}
        packed = None
        if self.pack and plain is not None:
            # The items (a stack record of a dozen Decimals a hand) cost the writer more to
            # unpickle than all else it does for a plain piece, which does not read them.
            packed = pickle.dumps(items, protocol=pickle.HIGHEST_PROTOCOL)
        return ExportPiece(
            file_index,
            path,
            [] if packed is not None else items,
            out,
            ids,
            digests,
            files,
            encoded,
            notes,
            numbers,
            plain,
            packed,
            len(items),
        )

    def _replay(self, hand: Hand) -> Replay | None:
        """The audit's record of ``hand``, if it made one (else the tables read its facts)."""
        return self.replays.pop(id(hand), None)


def _plain_audit(items: list[ExportItem]) -> PlainAudit:
    """The worker's half of a plain piece's check across hands (see ``PlainAudit``)."""
    chain = StackChain()
    heads: dict[TableKey, tuple[int, Partition, StackRecord]] = {}
    rows: list[tuple[int, FindingRow]] = []
    local: dict[tuple[Partition, str], int] = {}
    for i, item in enumerate(items):
        rec, info = item.audit.stack, item.hand
        assert rec is not None and info is not None  # a plain piece's
        heads.setdefault(rec.key, (i, info.partition, rec))
        across = chain.feed(rec)
        rows.extend((i, _row(f)) for f in item.audit.findings)
        if across:
            rows.extend((i, _row(f)) for f in across)
            local[(info.partition, info.hand_id)] = len(across)
    tails = tuple(r for key in heads if (r := chain.latest(key)) is not None)
    return PlainAudit(tuple(heads.values()), tails, tuple(rows), local)


def add_findings(table: pa.Table, extra: dict[str, int]) -> pa.Table:
    """``hands`` with ``extra`` findings (by hand id; may be negative) added to the counts."""
    if not extra:
        return table
    i = table.schema.get_field_index("findings")
    counts = table.column(i).to_pylist()
    for row, hid in enumerate(table.column("hand_id").to_pylist()):
        counts[row] = (counts[row] or 0) + extra.get(hid, 0)
    return table.set_column(i, table.schema.field(i), pa.array(counts, table.schema.field(i).type))


def parquet_bytes(table: pa.Table, compression: str) -> bytes:
    """``table`` as the bytes of a Parquet file, as the dataset stores it."""
    sink = pa.BufferOutputStream()
    pq.write_table(table, sink, compression=compression)
    data: bytes = sink.getvalue().to_pybytes()
    return data


def ev_notes(hands: pa.Table) -> dict[str, int]:
    """The all-in EV notes of a ``hands`` table by reason (the text before the first colon)."""
    notes = hands.column("allin_ev_note").drop_null().to_pylist()
    return dict(Counter(note.split(":", 1)[0] for note in notes))


def _numbers(
    items: list[ExportItem],
    ids: dict[Partition, list[str]],
    digests: dict[Partition, dict[str, str]],
    audit: bool,
) -> dict[Partition, PartNumbers] | None:
    """The piece's ``PartNumbers`` when it is plain (see ``ExportPiece.numbers``), else None."""
    files: dict[Partition, dict[str, int]] = {}
    index: dict[Partition, list[int]] = {}
    lines: dict[Partition, list[int]] = {}
    for item in items:
        info = item.hand
        if info is None or info.refused is not None or info.audit_failed is not None:
            return None
        if audit and item.audit.stack is None:
            return None
        part = info.partition
        names = files.setdefault(part, {})
        index.setdefault(part, []).append(names.setdefault(info.file, len(names)))
        lines.setdefault(part, []).append(info.line)
    out: dict[Partition, PartNumbers] = {}
    for part, hand_ids in ids.items():
        numbers = id_numbers(hand_ids)
        made = digest_numbers(digests[part][h] for h in hand_ids)
        if numbers is None or made is None or len(hand_ids) != len(lines[part]):
            return None
        out[part] = PartNumbers(
            numbers,
            made,
            tuple(files[part]),
            np.array(index[part], dtype=np.int32),
            np.array(lines[part], dtype=np.int64),
        )
    return out


def _with_refusal(info: HandInfo, row: FindingRow, digest: str | None) -> HandInfo:
    return HandInfo(
        info.partition, info.hand_id, row, info.audit_failed, info.file, info.line, digest
    )
