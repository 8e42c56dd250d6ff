"""Export hands to a Parquet dataset directory, in bounded batches, adding only new hands.

Hands are buffered up to ``batch_size`` (hands plus rejected chunks), then each batch is
audited, split by partition (site, UTC month), made into tables and committed as one file per
dataset and partition (see ``store``). Memory stays flat in the number of hands read, apart from
the hand ids of the partitions touched (kept to skip hands already exported).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC
from typing import Final

import pandas as pd
import pyarrow as pa
import pyarrow.dataset as pads

from histparse.events import Hand
from histparse.export.errors import DatasetError
from histparse.export.findings import (
    PARSE_REJECTED,
    TABLE_REJECTED,
    FindingRow,
    RejectKey,
    audit_findings,
    auditor_available,
    parse_rejected,
    table_rejected,
)
from histparse.export.schema import FILE_SCHEMAS, FINDINGS, PARTITION_KEYS, TABLES
from histparse.export.store import DatasetDir, Partition, new_batch_id, partition_path
from histparse.frames import Tables, tables
from histparse.parsing import ParseError, ReadCounts, Result
from histparse.stats.errors import TableError

__all__ = ["DEFAULT_BATCH_SIZE", "ExportResult", "export_results", "month_of"]

DEFAULT_BATCH_SIZE: Final = 10_000
PathArg = str | os.PathLike[str]


@dataclass(frozen=True, slots=True)
class ExportResult:
    """What an export did. ``already_present`` counts parsed hands not written because their
    (site, hand id) was in the dataset before (``repeated``: earlier in this same input)."""

    out: str
    read: int
    parsed: int
    rejected: int
    unsupported: int
    table_rejected: int
    new: int
    already_present: int
    repeated: int
    findings: int
    audited: bool
    batches: int
    recovered_files: int

    @property
    def bad(self) -> int:
        """Chunks and hands left out as errors (parse and table rejects)."""
        return self.rejected + self.table_rejected


IdKey = int | str


def id_key(hand_id: str) -> IdKey:
    """How a hand id is remembered to skip hands already exported: as an int when it is a
    plain decimal number (site ids are; an int takes half the memory of its text, which counts
    at millions of hands), else as the text."""
    if hand_id.isdigit() and hand_id.isascii() and (hand_id[0] != "0" or hand_id == "0"):
        return int(hand_id)
    return hand_id


def month_of(hand: Hand) -> str:
    """The hand's partition month, ``YYYY-MM`` of its start time in UTC."""
    t = hand.started_at
    # The event model promises aware UTC times; a naive one is taken as UTC, not local time.
    t = t.astimezone(UTC) if t.tzinfo is not None else t.replace(tzinfo=UTC)
    return f"{t.year:04d}-{t.month:02d}"


def _arrow(name: str, df: pd.DataFrame) -> pa.Table:
    schema = FILE_SCHEMAS[name]
    df = df.drop(columns=[k for k in PARTITION_KEYS if k in df.columns])
    try:
        table = pa.Table.from_pandas(df, preserve_index=False).cast(schema)
    except (ValueError, pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError) as exc:
        raise DatasetError(f"the {name} table does not fit its Parquet schema: {exc}") from None
    # Drop the pandas metadata from_pandas adds: the Arrow schema is the contract.
    return table.replace_schema_metadata(schema.metadata)


def _findings_arrow(rows: Sequence[FindingRow]) -> pa.Table:
    columns = {f.name: [getattr(r, f.name) for r in rows] for f in FINDINGS}
    arrays = [pa.array(columns[f.name], type=f.type) for f in FINDINGS]
    return pa.Table.from_arrays(arrays, schema=FILE_SCHEMAS["findings"])


def _tabulate(
    hands: Sequence[Hand], findings: Mapping[tuple[str, str] | str, int]
) -> tuple[Tables, list[tuple[Hand, TableError]]]:
    """The tables of ``hands``, and the hands they refused with the reason."""
    failed: list[tuple[Hand, TableError]] = []
    t = tables(hands, findings, on_error=lambda h, e: failed.append((h, e)))
    return t, failed


@dataclass
class _Exporter:
    store: DatasetDir
    audit: bool
    batch_size: int
    compression: str
    counts: ReadCounts = field(default_factory=ReadCounts)
    hands: list[Hand] = field(default_factory=list)
    rejects: list[FindingRow] = field(default_factory=list)
    existing: dict[Partition, set[IdKey]] = field(default_factory=dict)
    added: dict[Partition, set[IdKey]] = field(default_factory=dict)
    reject_keys: set[RejectKey] = field(default_factory=set)
    new: int = 0
    present: int = 0
    repeated: int = 0
    table_rejected: int = 0
    findings: int = 0
    batches: int = 0

    def load_reject_keys(self) -> None:
        paths = self.store.paths("findings")
        if not paths:
            return
        cols = ["code", "site", "hand_id", "file", "line"]
        table = pads.dataset(paths, format="parquet").to_table(columns=cols)
        columns = [table.column(c).to_pylist() for c in cols]
        for code, site, hid, file, line in zip(*columns, strict=True):
            if code in (PARSE_REJECTED, TABLE_REJECTED):
                self.reject_keys.add((code, site or "", hid or "", file or "", line or 0))

    def _existing(self, part: Partition) -> set[IdKey]:
        keys = self.existing.get(part)
        if keys is None:
            paths = [
                str(self.store.root / rel) for rel in self.store.hands_by_partition.get(part, [])
            ]
            keys = set()
            if paths:
                table = pads.dataset(paths, format="parquet").to_table(columns=["hand_id"])
                keys.update(map(id_key, table.column("hand_id").to_pylist()))
            self.existing[part] = keys
        return keys

    def add(self, result: Result) -> None:
        self.counts.add(result)
        if isinstance(result, Hand):
            self.hands.append(result)
        elif isinstance(result, ParseError):
            self._reject(parse_rejected(result), self.rejects)
        if len(self.hands) + len(self.rejects) >= self.batch_size:
            self.flush()

    def _reject(self, row: FindingRow, into: list[FindingRow]) -> None:
        """Keep a reject unless the same one (same chunk or hand, file and line) is already
        in the dataset or this export."""
        key = row.reject_key
        if key not in self.reject_keys:
            self.reject_keys.add(key)
            into.append(row)

    def _classify(self, hands: Sequence[Hand]) -> dict[Partition, list[Hand]]:
        """The batch's new hands by partition; counts the others."""
        by_part: dict[Partition, list[Hand]] = {}
        for hand in hands:
            part = (hand.site, month_of(hand))
            hid = id_key(str(hand.hand_id))
            added = self.added.setdefault(part, set())
            if hid in added:
                self.present += 1
                self.repeated += 1
            elif hid in self._existing(part):
                self.present += 1
            else:
                added.add(hid)
                by_part.setdefault(part, []).append(hand)
        return by_part

    def flush(self) -> None:
        hands, self.hands = self.hands, []
        rejects, self.rejects = self.rejects, []
        by_part = self._classify(hands)
        # A batch with a new hand is audited whole, present hands too, so that the checks
        # across consecutive hands of a table see every hand; only new hands' findings are kept.
        audited = audit_findings(hands) if self.audit and by_part else []
        by_hand: dict[tuple[str | None, str | None], list[FindingRow]] = {}
        for f in audited:
            by_hand.setdefault((f.site, f.hand_id), []).append(f)
        out: list[tuple[str, pa.Table]] = []
        kept: list[FindingRow] = []
        written = 0
        for part, part_hands in by_part.items():
            counts: Counter[tuple[str, str] | str] = Counter()
            for h in part_hands:
                counts[(h.site, str(h.hand_id))] = len(by_hand.get((h.site, str(h.hand_id)), ()))
            t, failed = _tabulate(part_hands, counts)
            refused = set()
            for hand, error in failed:
                self.added[part].discard(id_key(str(hand.hand_id)))
                refused.add(hand.hand_id)
                self.table_rejected += 1
                self._reject(table_rejected(hand, error), rejects)
            for h in part_hands:
                if h.hand_id not in refused:
                    kept.extend(by_hand.get((h.site, str(h.hand_id)), ()))
            written += len(t.hands)
            out.extend(self._table_files(part, t))
        rows = [*rejects, *kept]
        if rows:
            out.append(("findings", _findings_arrow(rows)))
        if out:
            record = {"hands": written, "findings": len(rows)}
            self.store.commit(new_batch_id(), out, record, compression=self.compression)
            self.batches += 1
        self.new += written
        self.findings += len(rows)

    @staticmethod
    def _table_files(part: Partition, t: Tables) -> list[tuple[str, pa.Table]]:
        files = []
        for name in TABLES:
            df: pd.DataFrame = getattr(t, name)
            if len(df):
                files.append((partition_path(name, part), _arrow(name, df)))
        return files

    def result(self, recovered: int) -> ExportResult:
        c = self.counts
        return ExportResult(
            out=str(self.store.root),
            read=c.read,
            parsed=c.parsed,
            rejected=c.rejected,
            unsupported=c.unsupported,
            table_rejected=self.table_rejected,
            new=self.new,
            already_present=self.present,
            repeated=self.repeated,
            findings=self.findings,
            audited=self.audit,
            batches=self.batches,
            recovered_files=recovered,
        )


def export_results(
    results: Iterable[Result],
    out: PathArg,
    *,
    audit: bool = True,
    batch_size: int = DEFAULT_BATCH_SIZE,
    compression: str = "zstd",
) -> ExportResult:
    """Export parse results (``Hand``, ``ParseError``, ``Unsupported``, e.g. from
    ``read_results``) into the dataset directory ``out``, making it if needed.

    Hands whose (site, hand id) is already in ``out`` are skipped and counted. Rejected chunks,
    and hands the tables refuse, become ``findings`` rows (``PARSE-REJECTED``,
    ``TABLE-REJECTED``); with ``audit`` (and ``histparse.auditor`` installed) the auditor's
    findings of the new hands are exported too. Raises ``DatasetError`` if ``out`` is not a
    dataset of this schema version or another export is writing it.
    """
    if batch_size < 1:
        raise ValueError(f"batch_size must be at least 1, not {batch_size}")
    store = DatasetDir.create(out)
    with store.locked():
        # Under the lock: what another export committed meanwhile counts, and what an
        # interrupted one left is removed before anything is read.
        store.refresh()
        recovered = store.recover()
        exporter = _Exporter(
            store, audit and auditor_available(), batch_size, compression=compression
        )
        exporter.load_reject_keys()
        for result in results:
            exporter.add(result)
        exporter.flush()
    return exporter.result(recovered)
