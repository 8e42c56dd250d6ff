"""The worker's half of an export: one piece of input in, Arrow tables out.

A worker parses its piece of raw text (or takes a group of parse results already made, for
``export_results``), replays the hands (the auditor) and makes the Arrow tables of every hand,
by partition. The writer (``histparse.export.parallel``) decides which hands are new and
writes; only Arrow tables and small records cross the process boundary, never ``Hand``s.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import pyarrow as pa

from histparse.events import Hand
from histparse.export.findings import FindingRow, audit_failed, parse_rejected, table_rejected
from histparse.export.schema import TABLES
from histparse.export.store import Partition
from histparse.export.writer import _arrow, month_of
from histparse.frames import tables
from histparse.frames.build import hand_digest
from histparse.parallel.audit import AuditItem, ItemKind, PieceChain
from histparse.parallel.pieces import Piece, piece_results
from histparse.parsing import ParseError, Result
from histparse.stats.errors import TableError

__all__ = ["ExportItem", "ExportPiece", "HandInfo", "export_group", "export_piece"]


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
class ExportPiece:
    """A piece's items in order, the tables of its hands by partition (every hand the tables
    accepted, each table with a ``hand_id`` column)."""

    file_index: int
    path: str
    items: list[ExportItem]
    tables: dict[Partition, dict[str, pa.Table]] = field(default_factory=dict)
    hand_ids: dict[Partition, list[str]] = field(default_factory=dict)
    digests: dict[Partition, dict[str, str]] = field(default_factory=dict)


def export_piece(piece: Piece, audit: bool = True) -> ExportPiece:
    """Parse, audit (if ``audit``) and tabulate one piece."""
    return export_group(piece_results(piece), piece.path, piece.file_index, audit)


def export_group(
    results: Iterable[Result], path: str, file_index: int = 0, audit: bool = True
) -> ExportPiece:
    """Audit (if ``audit``) and tabulate consecutive parse results of the file ``path``."""
    chain = PieceChain(path)
    items: list[ExportItem] = []
    by_part: dict[Partition, list[Hand]] = {}
    counts: dict[tuple[str, str] | str, int] = {}
    failed: dict[int, FindingRow] = {}
    index_of: dict[int, int] = {}  # id(hand) -> its item's index
    for result in results:
        if isinstance(result, Hand):
            part = (result.site, month_of(result))
            index_of[id(result)] = len(items)
            by_part.setdefault(part, []).append(result)
            item = AuditItem(ItemKind.HAND)
            if audit:
                try:
                    item = chain.hand(result)
                except Exception as exc:
                    # One odd hand must not stop the export: it is recorded against the hand.
                    failed[len(items)] = audit_failed(result, exc)
            n = len(item.findings) + (len(items) in failed)
            counts[(result.site, str(result.hand_id))] = n
            info = HandInfo(
                part,
                str(result.hand_id),
                audit_failed=failed.get(len(items)),
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
    out: dict[Partition, dict[str, pa.Table]] = {}
    ids: dict[Partition, list[str]] = {}
    digests: dict[Partition, dict[str, str]] = {}

    def refuse(hand: Hand, error: TableError) -> None:
        i = index_of[id(hand)]
        item = items[i]
        assert item.hand is not None
        try:
            digest: str | None = hand_digest(hand)
        except TableError:
            digest = None
        refused = _with_refusal(item.hand, table_rejected(hand, error), digest)
        items[i] = ExportItem(item.audit, refused)

    for part, hands in by_part.items():
        # The all-in EV columns are filled: they cost ~15% of an export (docs/equity.md).
        t = tables(hands, counts, on_error=refuse, allin_ev=True)
        out[part] = {name: _arrow(name, getattr(t, name)) for name in TABLES}
        ids[part] = [str(v) for v in t.hands["hand_id"]]
        digests[part] = dict(zip(ids[part], t.hands["digest"].astype(str), strict=True))
    return ExportPiece(file_index, path, items, out, ids, digests)


def _with_refusal(info: HandInfo, row: FindingRow, digest: str | None) -> HandInfo:
    return HandInfo(
        info.partition, info.hand_id, row, info.audit_failed, info.file, info.line, digest
    )
