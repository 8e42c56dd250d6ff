"""``audit`` in parallel: workers replay the hands of a piece; this process joins the pieces.

The check across hands compares each hand with the latest one at its table, which may be in
an earlier piece. A worker sends back, besides each hand's findings, its ``StackRecord``;
feeding those to one ``StackChain`` here, in input order, gives exactly the findings of a
single sequential run (duplicates skipped the same way).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import Enum

import numpy as np
import numpy.typing as npt

from histparse.auditor.across import StackChain, StackRecord
from histparse.auditor.run import AuditCounts, checked_replay, rejected_finding
from histparse.events import Hand
from histparse.handstore import HandStore
from histparse.parallel.front import Listing, list_inputs, read_pieces
from histparse.parallel.pieces import DEFAULT_PIECE_HANDS, Piece, piece_results
from histparse.parallel.pool import DaskClient
from histparse.parallel.progress import Progress
from histparse.parsing import ParseError, Result, Unsupported
from histparse.replayer import Replay
from histparse.replayer.findings import Finding

__all__ = [
    "AuditItem",
    "ItemKind",
    "Joiner",
    "ParallelAudit",
    "PieceAudit",
    "PieceChain",
    "audit_paths",
    "audit_piece",
]

PathArg = str | os.PathLike[str]


class ItemKind(Enum):
    """What one chunk of a piece was."""

    HAND = "hand"
    REJECTED = "rejected"
    UNSUPPORTED = "unsupported"


@dataclass(frozen=True, slots=True)
class AuditItem:
    """One chunk's own findings; ``stack`` summarises a replayed hand for the check across
    hands, which the joiner runs."""

    kind: ItemKind
    findings: tuple[Finding, ...] = ()
    stack: StackRecord | None = None
    game: tuple[str, str] | None = None  # an unsupported hand's site and game


@dataclass(frozen=True, slots=True)
class PieceAudit:
    """A piece's items in order."""

    file_index: int
    path: str
    items: list[AuditItem]


class PieceChain:
    """The worker's side of the check across hands, for the chunks of one piece in order: it
    replays each hand and sends its ``StackRecord``; the parent runs the one chain."""

    def __init__(self, path: str) -> None:
        self._path = path

    def hand(self, hand: Hand) -> AuditItem:
        """Replay ``hand`` and summarise it (an exception is the hand's AUDIT-FAILED)."""
        return self.hand_replay(hand)[0]

    def hand_replay(self, hand: Hand) -> tuple[AuditItem, Replay | None]:
        """``hand`` with the replay it was summarised from (None if the auditor failed)."""
        findings, record, replayed = checked_replay(hand)
        return AuditItem(ItemKind.HAND, findings, record), replayed

    def other(self, result: ParseError | Unsupported) -> AuditItem:
        """A chunk that is not a parsed hand: it breaks the chain of the file."""
        if isinstance(result, ParseError):
            return AuditItem(ItemKind.REJECTED, (rejected_finding(result),))
        return AuditItem(ItemKind.UNSUPPORTED, game=(result.site, result.game))


def audit_piece(piece: Piece) -> PieceAudit:
    """Parse and replay a piece."""
    return PieceAudit(piece.file_index, piece.path, _audit_work(piece, list(piece_results(piece))))


class Joiner:
    """Runs the check across hands over pieces given in input order, and skips the second
    reading of a hand (same site and hand id: a file read twice, overlapping exports), whose
    findings are the first one's and whose stacks would look like top-ups."""

    def __init__(self) -> None:
        self._chain = StackChain()
        self._seen = HandStore()  # on disk: a long run remembers every hand it read
        self.duplicates = 0

    def close(self) -> None:
        """Let go of the hands seen (an on-disk record is deleted)."""
        self._seen.close()

    def is_duplicate(self, item: AuditItem) -> bool:
        """Whether ``item`` is a hand already seen (counted in ``duplicates``)."""
        rec = item.stack
        if item.kind is not ItemKind.HAND or rec is None:
            return False
        if self._seen.add_new(rec.site, rec.hand_id):
            return False
        self.duplicates += 1
        return True

    def seen_any(self, site: str, numbers: npt.NDArray[np.int64]) -> bool:
        """Whether any of ``site``'s hands ``numbers`` (``handids.id_numbers``) was read."""
        return self._seen.any_numbers(site, numbers)

    def see(self, site: str, numbers: npt.NDArray[np.int64]) -> None:
        """Remember hands ``seen_any`` found new, at once (they are then no duplicates)."""
        self._seen.add_numbers(site, numbers)

    def across(self, stack: StackRecord) -> list[Finding]:
        """The check across hands of a hand known new (``see``), in input order."""
        return self._chain.feed(stack)

    @property
    def chain(self) -> StackChain:
        """The one chain of the check across hands."""
        return self._chain

    def findings(self, path: str, item: AuditItem) -> tuple[Finding, ...]:
        """All of ``item``'s findings (none for a duplicate); call for every item in order."""
        if item.kind is ItemKind.HAND:
            if item.stack is None:
                return item.findings
            if self.is_duplicate(item):
                return ()
            return (*item.findings, *self._chain.feed(item.stack))
        self._chain.break_file(path)
        return item.findings


def _audit_work(piece: Piece, results: list[Result]) -> list[AuditItem]:
    """The front's ``work`` of an audit: each result's item, in order."""
    chain = PieceChain(piece.path)
    return [chain.hand(r) if isinstance(r, Hand) else chain.other(r) for r in results]


class ParallelAudit:
    """Iterate over the findings of the histories under ``paths`` (or a front ``Listing``),
    counting as it goes: the findings, order and counts of
    ``audit_results(read_results(*paths))``, computed by ``jobs`` processes (or a Dask
    ``client``, whose workers read the files: they must see the same paths). The files are read
    and second readings of a hand skipped by the front (``histparse.parallel.front``): their
    findings are the first reading's, and their stacks would look like top-ups. ``files`` is
    the list of files read; ``front`` the front's run (its counts and conflicts)."""

    def __init__(
        self,
        paths: Iterable[PathArg] | Listing,
        *,
        jobs: int = 1,
        client: DaskClient | None = None,
        hands_per_piece: int = DEFAULT_PIECE_HANDS,
        progress: Progress | None = None,
    ) -> None:
        listing = paths if isinstance(paths, Listing) else list_inputs(paths, client)
        self.files = listing.files
        self.counts = AuditCounts()
        self.front = read_pieces(
            listing, _audit_work, jobs=jobs, client=client, hands_per_piece=hands_per_piece
        )

    @property
    def progress(self) -> Progress | None:
        """The progress line the front moves, if any."""
        return self.front.progress

    @progress.setter
    def progress(self, progress: Progress | None) -> None:
        self.front.progress = progress

    def __iter__(self) -> Iterator[Finding]:
        counts = self.counts
        chain = StackChain()
        for taken in self.front:
            path = taken.path
            for i, item in enumerate(taken.made):
                if i in taken.skipped:
                    continue
                if item.kind is ItemKind.HAND:
                    if item.stack is None:
                        found: tuple[Finding, ...] = item.findings
                    else:
                        found = (*item.findings, *chain.feed(item.stack))
                else:
                    chain.break_file(path)
                    found = item.findings
                for f in found:
                    counts.add_finding(f)
                    yield f
        self._count()

    def _count(self) -> None:
        """The read counts, from the front's."""
        c, counts = self.front.counts, self.counts
        counts.read, counts.parsed = c.read, c.parsed
        counts.rejected, counts.unsupported = c.rejected, c.unsupported
        counts.duplicates = c.duplicates
        counts.unsupported_games = Counter(dict(c.unsupported_games))


def audit_paths(
    paths: Iterable[PathArg] | Listing,
    *,
    jobs: int = 1,
    client: DaskClient | None = None,
    hands_per_piece: int = DEFAULT_PIECE_HANDS,
    progress: Progress | None = None,
) -> ParallelAudit:
    """Audit the histories under ``paths`` in parallel; iterate for the findings, then read
    ``counts``. Raises ``FileNotFoundError`` for a path matching nothing."""
    return ParallelAudit(
        paths, jobs=jobs, client=client, hands_per_piece=hands_per_piece, progress=progress
    )
