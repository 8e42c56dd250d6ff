"""``audit`` in parallel: workers replay the hands of a piece; this process joins the pieces.

The check across hands compares each hand with the previous one at its table, which may be in
the previous piece. A worker runs that check within its piece and sends back, besides the
findings, the replays this process needs to finish it: each table's first hand in the piece
(before anything broke the chain) and each table's last hand. Feeding those to one
``StackChain`` here, in input order, gives exactly the findings of a single sequential run.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import Enum

from histparse.auditor.across import StackChain
from histparse.auditor.run import AuditCounts, rejected_finding
from histparse.events import Hand
from histparse.parallel.pieces import DEFAULT_PIECE_HANDS, Piece, piece_results, pieces_for
from histparse.parallel.pool import DaskClient, ordered_map
from histparse.parallel.progress import Progress
from histparse.parallel.ranges import list_files
from histparse.parsing import ParseError, Unsupported
from histparse.replayer import Replay, replay
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
# As StackChain keys its tables.
TableKey = tuple[str, str, str | None, bool]


class ItemKind(Enum):
    """What one chunk of a piece was."""

    HAND = "hand"
    REJECTED = "rejected"
    UNSUPPORTED = "unsupported"


@dataclass(frozen=True, slots=True)
class AuditItem:
    """One chunk's findings; ``first`` is the replay of a hand whose previous hand at its
    table, if any, is in an earlier piece (its check across hands is done by the joiner)."""

    kind: ItemKind
    findings: tuple[Finding, ...] = ()
    first: Replay | None = None


@dataclass(frozen=True, slots=True)
class PieceAudit:
    """A piece's items in order, and the last replay of each table after the piece's last
    break of the chain (what the next piece is checked against)."""

    file_index: int
    path: str
    items: list[AuditItem]
    last: list[Replay] = field(default_factory=list)


def _key(hand: Hand) -> TableKey:
    return (hand.site, hand.table_name, hand.tournament_id, hand.is_play_money)


class PieceChain:
    """The worker's side of the check across hands, for the chunks of one piece in order."""

    def __init__(self, path: str) -> None:
        self._path = path
        self._chain = StackChain()
        self._seen: set[TableKey] = set()
        self._last: dict[TableKey, Replay] = {}
        self._broken = False

    def hand(self, hand: Hand) -> AuditItem:
        """Replay ``hand`` (exceptions of the replayer propagate) and check it."""
        r = replay(hand)
        key = _key(hand)
        first = None if self._broken or key in self._seen else r
        self._seen.add(key)
        self._last[key] = r
        return AuditItem(ItemKind.HAND, (*r.findings, *self._chain.feed(r)), first)

    def other(self, result: ParseError | Unsupported) -> AuditItem:
        """A chunk that is not a parsed hand: it breaks the chain of the file."""
        self._broken = True
        self._last.clear()
        self._chain.break_file(self._path)
        if isinstance(result, ParseError):
            return AuditItem(ItemKind.REJECTED, (rejected_finding(result),))
        return AuditItem(ItemKind.UNSUPPORTED)

    def last(self) -> list[Replay]:
        """Each table's last replay after the last break."""
        return list(self._last.values())


def audit_piece(piece: Piece) -> PieceAudit:
    """Parse and replay a piece; run the check across hands within it."""
    chain = PieceChain(piece.path)
    items = [
        chain.hand(result) if isinstance(result, Hand) else chain.other(result)
        for result in piece_results(piece)
    ]
    return PieceAudit(piece.file_index, piece.path, items, chain.last())


class Joiner:
    """Finishes the check across hands over pieces given in input order."""

    def __init__(self) -> None:
        self._chain = StackChain()

    def findings(self, path: str, item: AuditItem) -> tuple[Finding, ...]:
        """All of ``item``'s findings; call for every item of a piece in order, then ``end``."""
        if item.kind is ItemKind.HAND:
            if item.first is not None:
                return (*item.findings, *self._chain.feed(item.first))
            return item.findings
        self._chain.break_file(path)
        return item.findings

    def end(self, last: Iterable[Replay]) -> None:
        """The piece is done: remember its tables' last hands (``PieceAudit.last``)."""
        for r in last:
            self._chain.feed(r)


class ParallelAudit:
    """Iterate over the findings of the histories under ``paths``, counting as it goes: the
    findings, order and counts of ``audit_results(read_results(*paths))``, computed by ``jobs``
    processes (or a Dask ``client``, whose workers read the files: they must see the same
    paths). ``files`` is the list of files read."""

    def __init__(
        self,
        paths: Iterable[PathArg],
        *,
        jobs: int = 1,
        client: DaskClient | None = None,
        hands_per_piece: int = DEFAULT_PIECE_HANDS,
        progress: Progress | None = None,
    ) -> None:
        self.files = list_files(paths, client)
        self.counts = AuditCounts()
        self._jobs = jobs
        self._client = client
        self._size = hands_per_piece
        self.progress = progress

    def __iter__(self) -> Iterator[Finding]:
        counts = self.counts
        joiner = Joiner()
        pieces = pieces_for(self.files, self._size, self._client, jobs=self._jobs)
        for piece in ordered_map(audit_piece, pieces, jobs=self._jobs, client=self._client):
            hands = 0
            for item in piece.items:
                counts.read += 1
                if item.kind is ItemKind.HAND:
                    counts.parsed += 1
                    hands += 1
                elif item.kind is ItemKind.REJECTED:
                    counts.rejected += 1
                else:
                    counts.unsupported += 1
                for f in joiner.findings(piece.path, item):
                    counts.add_finding(f)
                    yield f
            joiner.end(piece.last)
            if self.progress is not None:
                self.progress.update(hands, piece.file_index)


def audit_paths(
    paths: Iterable[PathArg],
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
