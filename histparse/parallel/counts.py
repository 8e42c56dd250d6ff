"""``histparse parse`` in parallel: per piece, the read counts and the rejected chunks."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from histparse.parallel.pieces import Piece, piece_results
from histparse.parsing import ParseError, ReadCounts

__all__ = ["PieceCounts", "count_piece", "merge_counts"]


@dataclass(frozen=True, slots=True)
class PieceCounts:
    """What reading one piece found: counts and rejected chunks (in order)."""

    file_index: int
    counts: ReadCounts
    errors: list[ParseError]


def count_piece(piece: Piece) -> PieceCounts:
    """Parse a piece and keep only its counts and errors (hands do not travel back)."""
    counts = ReadCounts()
    errors: list[ParseError] = []
    for result in piece_results(piece):
        counts.add(result)
        if isinstance(result, ParseError):
            errors.append(result)
    return PieceCounts(piece.file_index, counts, errors)


def merge_counts(into: ReadCounts, counts: ReadCounts) -> None:
    """Add ``counts`` to ``into``."""
    into.read += counts.read
    into.parsed += counts.parsed
    into.rejected += counts.rejected
    into.unsupported += counts.unsupported
    for (site, game), n in counts.games.items():
        into.count_game(site, game, n)


def errors_of(pieces: Iterator[PieceCounts], total: ReadCounts) -> Iterator[ParseError]:
    """The rejected chunks of ``pieces``, in order, adding their counts to ``total``."""
    for p in pieces:
        merge_counts(total, p.counts)
        yield from p.errors
