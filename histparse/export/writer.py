"""What an export writes and remembers: the result, the Arrow form of tables and findings,
the hand ids already in the dataset and the rejects already recorded.

A batch (``batch_size`` hands plus rejected chunks) is committed as one file per dataset and
partition (site, UTC month; see ``store``). Memory stays flat in the number of hands read,
apart from the hand ids of the partitions touched (kept to skip hands already exported).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC
from typing import Final

import pandas as pd
import pyarrow as pa
import pyarrow.dataset as pads

from histparse.events import Hand
from histparse.export.errors import DatasetError
from histparse.export.findings import (
    ID_CONFLICT,
    PARSE_REJECTED,
    TABLE_REJECTED,
    FindingRow,
    RejectKey,
)
from histparse.export.schema import FILE_SCHEMAS, FINDINGS, PARTITION_KEYS
from histparse.export.store import DatasetDir, Partition
from histparse.handids import HandDigests, HandIds
from histparse.handstore import HandStore
from histparse.parsing import ReadCounts

__all__ = ["DEFAULT_BATCH_SIZE", "Conflict", "ExportResult", "month_of"]

DEFAULT_BATCH_SIZE: Final = 10_000
PathArg = str | os.PathLike[str]


@dataclass(frozen=True, slots=True)
class Conflict:
    """A hand not written because another hand with its site and id, but different content
    (``digest``), is in the dataset or came earlier in the input."""

    site: str
    hand_id: str
    file: str
    line: int
    earlier: str  # where the hand kept under that id came from (``file:line``), if known

    def __str__(self) -> str:
        return (
            f"{self.file}:{self.line}: {self.site} hand {self.hand_id} differs from the hand "
            f"with that id already kept ({self.earlier or 'in the dataset'}); not written"
        )


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
    conflicts: tuple[Conflict, ...] = ()
    # The all-in showdowns stored without an all-in EV, by reason (``hands.allin_ev_note``,
    # the text before its first colon), most frequent first.
    allin_ev_notes: tuple[tuple[str, int], ...] = ()

    @property
    def bad(self) -> int:
        """Chunks and hands left out as errors (parse and table rejects)."""
        return self.rejected + self.table_rejected


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


@dataclass
class _Exporter:
    store: DatasetDir
    audit: bool
    batch_size: int
    compression: str
    counts: ReadCounts = field(default_factory=ReadCounts)
    existing: dict[Partition, HandIds] = field(default_factory=dict)
    # This run's hands by (site, id), with the month, digest and place each was kept with (to
    # tell a different hand given the same id apart). On disk: a long export keeps one for
    # every hand it writes, which in memory grew ~40 bytes a hand (``handstore``).
    added: HandStore = field(default_factory=HandStore)
    reject_keys: set[RejectKey] = field(default_factory=set)
    new: int = 0
    present: int = 0
    repeated: int = 0
    table_rejected: int = 0
    findings: int = 0
    batches: int = 0
    recovered: int = 0  # files an interrupted export left, removed before this one
    ev_notes: Counter[str] = field(default_factory=Counter)
    # Digests (and where each hand came from) of the dataset's hands, read for a partition when
    # one of its ids comes again.
    existing_digests: dict[Partition, HandDigests] = field(default_factory=dict)
    conflicts: list[Conflict] = field(default_factory=list)
    prior: list[Partition] | None = None  # see ``prior_partitions``

    def load_reject_keys(self) -> None:
        paths = self.store.paths("findings")
        if not paths:
            return
        cols = ["code", "site", "hand_id", "file", "line"]
        table = pads.dataset(paths, format="parquet").to_table(columns=cols)
        columns = [table.column(c).to_pylist() for c in cols]
        for code, site, hid, file, line in zip(*columns, strict=True):
            if code in (PARSE_REJECTED, TABLE_REJECTED, ID_CONFLICT):
                self.reject_keys.add((code, site or "", hid or "", file or "", line or 0))

    def prior_partitions(self, site: str) -> list[Partition]:
        """The partitions of ``site`` the dataset held before this export: its own commits'
        hands are in ``added`` already."""
        if self.prior is None:
            self.prior = list(self.store.hands_by_partition)
        return [p for p in self.prior if p[0] == site]

    def _exists(self, site: str, hand_id: str) -> bool:
        """Whether the dataset holds ``hand_id`` of ``site`` in any month."""
        parts = self.prior_partitions(site)
        return any(hand_id in self._existing(p) for p in parts)

    def _existing(self, part: Partition) -> HandIds:
        keys = self.existing.get(part)
        if keys is None:
            paths = [
                str(self.store.root / rel) for rel in self.store.hands_by_partition.get(part, [])
            ]
            ids: list[str] = []
            if paths:
                table = pads.dataset(paths, format="parquet").to_table(columns=["hand_id"])
                ids = table.column("hand_id").to_pylist()
            keys = self.existing[part] = HandIds(ids)
        return keys

    def existing_digest(self, part: Partition, hand_id: str) -> tuple[str, str] | None:
        """The digest and place (``file:line``) of the dataset's hand ``hand_id`` in ``part``."""
        known = self.existing_digests.get(part)
        if known is None:
            known = self.existing_digests[part] = HandDigests()
            paths = [
                str(self.store.root / rel) for rel in self.store.hands_by_partition.get(part, [])
            ]
            if paths:
                cols = ["hand_id", "digest", "source_file", "source_line"]
                table = pads.dataset(paths, format="parquet").to_table(columns=cols)
                rows = zip(*(table.column(c).to_pylist() for c in cols), strict=True)
                for hid, digest, file, line in rows:
                    known.put(hid, digest or "", file or "", line or 0)
        return known.get(hand_id)

    def _reject(self, row: FindingRow, into: list[FindingRow]) -> None:
        """Keep a reject unless the same one (same chunk or hand, file and line) is already
        in the dataset or this export."""
        key = row.reject_key
        if key not in self.reject_keys:
            self.reject_keys.add(key)
            into.append(row)

    def result(self) -> ExportResult:
        c = self.counts
        return ExportResult(
            out=str(self.store.root),
            read=c.read,
            parsed=c.parsed,
            rejected=c.rejected,
            unsupported=c.unsupported,
            table_rejected=self.table_rejected,
            allin_ev_notes=tuple(self.ev_notes.most_common()),
            new=self.new,
            already_present=self.present,
            repeated=self.repeated,
            findings=self.findings,
            audited=self.audit,
            batches=self.batches,
            recovered_files=self.recovered,
            conflicts=tuple(self.conflicts),
        )
