"""The one front of every command: list the files, read them, skip second readings, count.

Every command that reads histories goes through here, so that they all agree on what was read:
``list_inputs`` lists the files (naming each path it cannot read); ``read_pieces`` cuts them
into pieces and parses each piece (in this process, on the process pool or on Dask:
``ordered_map`` hides which), hands the piece's results to the command's ``work`` (in the
worker), then, back here and in input order, skips every second reading of a hand and counts.

A hand is a second reading when a hand of the same site and id was read before: the first
reading wins. When the two differ in content (their ``digest``, a hash of the hand's text), the
second is also a ``Conflict``: two different hands given one id, reported rather than merged.
The worker drops repeats inside its own piece before ``work`` sees them; this process tells
the command which of a piece's hands repeat one from an earlier piece (``Taken.skipped``), so
that it drops what it made of them.
"""

from __future__ import annotations

import functools
import hashlib
import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final, Generic, NamedTuple, TextIO, TypeVar

from histparse.events import Hand
from histparse.handstore import HandStore
from histparse.parallel.pieces import DEFAULT_PIECE_HANDS, Piece, piece_results, pieces_for
from histparse.parallel.pool import DaskClient, ordered_map
from histparse.parallel.progress import Progress
from histparse.parallel.ranges import list_files
from histparse.parsing import ParseError, ReadCounts, Result, UnreadablePath
from histparse.parsing.reader import game_label
from histparse.reading import TOURNAMENT_SUMMARY

__all__ = [
    "Chunk",
    "Conflict",
    "Counts",
    "Kind",
    "Listing",
    "Run",
    "Taken",
    "content_digest",
    "counts_line",
    "list_inputs",
    "nothing",
    "read_pieces",
    "read_results",
    "report_counts",
]

T = TypeVar("T")
PathArg = str | os.PathLike[str]

# Conflicts listed one a line by ``report_counts``; the rest are counted.
MAX_CONFLICTS_LISTED: Final = 20


@dataclass(frozen=True, slots=True)
class Listing:
    """The readable files under a command's paths, and the paths that could not be read."""

    files: list[str]
    skipped: tuple[UnreadablePath, ...] = ()


def list_inputs(paths: Iterable[PathArg], client: DaskClient | None = None) -> Listing:
    """The files under ``paths`` (files, directories, globs) and the unreadable paths among
    them. Raises ``FileNotFoundError`` for a path matching nothing or a folder without a
    history file."""
    skipped: list[UnreadablePath] = []
    files = list_files(paths, client, skipped)
    return Listing(files, tuple(skipped))


class Kind(Enum):
    """What one chunk of a piece was."""

    HAND = "hand"
    REJECTED = "rejected"
    UNSUPPORTED = "unsupported"


class Chunk(NamedTuple):
    """What the front keeps of one chunk read in a worker: enough to count it, to skip a second
    reading of its hand and to say where it was. ``passed``: handed to the command's ``work``
    (a hand read earlier in the same piece is not). A tuple: one comes back from the worker
    for every hand, and a tuple pickles several times faster than a dataclass."""

    kind: Kind
    line: int
    site: str = ""
    hand_id: str = ""
    digest: str = ""
    game: str = ""  # a parsed or unsupported hand's game, as ``ReadCounts.games`` names it
    error: ParseError | None = None
    passed: bool = True


@dataclass(frozen=True, slots=True)
class _PieceRead(Generic[T]):
    """A piece as a worker read it: every chunk, and what ``work`` made of the passed ones."""

    file_index: int
    path: str
    chunks: tuple[Chunk, ...]
    made: T


@dataclass(frozen=True, slots=True)
class Taken(Generic[T]):
    """One piece, in input order, once the front has skipped its second readings: ``made`` is
    what the command's ``work`` made of the piece's passed results; ``skipped`` the places
    (among those passed results) and ``skipped_keys`` the ``(site, hand id)`` of the hands that
    repeat a hand of an earlier piece: the command drops what it made of them."""

    file_index: int
    path: str
    hands: int  # the piece's parsed hands, repeats included (for the progress line)
    made: T
    skipped: frozenset[int] = frozenset()
    skipped_keys: frozenset[tuple[str, str]] = frozenset()


@dataclass(frozen=True, slots=True)
class Conflict:
    """A second reading of a hand whose content differs from the first's: two hands given one
    site and id. The first reading is kept."""

    site: str
    hand_id: str
    file: str
    line: int
    earlier: str  # ``file:line`` of the reading kept

    def __str__(self) -> str:
        return (
            f"{self.file}:{self.line}: {self.site} hand {self.hand_id} differs from the hand "
            f"with that id read at {self.earlier}; the first reading is kept"
        )


@dataclass(frozen=True, slots=True)
class Counts:
    """What a run read. ``read == parsed + rejected + unsupported``; ``duplicates`` of the
    parsed hands were second readings (skipped; ``conflicts`` of them differ from the first),
    so ``hands == parsed - duplicates`` hands reached the command. ``summaries`` of the
    unsupported are tournament summaries."""

    files: int
    skipped_paths: int
    read: int
    parsed: int
    rejected: int
    unsupported: int
    summaries: int
    duplicates: int
    conflicts: int
    games: tuple[tuple[tuple[str, str], int], ...] = ()  # parsed and unsupported by (site, game)
    unsupported_games: tuple[tuple[tuple[str, str], int], ...] = ()

    @property
    def hands(self) -> int:
        """The distinct hands parsed: those the command got."""
        return self.parsed - self.duplicates


def content_digest(hand: Hand) -> str:
    """16 hex digits of a hash of ``hand``'s text, line endings aside: what tells a second
    reading of a hand (a file read twice) from another hand given the same id."""
    text = hand.source.text.replace("\r", "")
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()


def _chunk(result: Result, games: dict[str, str]) -> Chunk:
    if isinstance(result, Hand):
        game = game_label(result)
        # One string per game, not per hand: pickle sends a repeated object once.
        game = games.setdefault(game, game)
        return Chunk(
            Kind.HAND,
            result.source.first_line,
            result.site,
            str(result.hand_id),
            content_digest(result),
            game,
        )
    if isinstance(result, ParseError):
        return Chunk(Kind.REJECTED, result.line, result.site or "", error=result)
    return Chunk(Kind.UNSUPPORTED, result.line, result.site, game=result.game)


def _read_piece(work: Callable[[Piece, list[Result]], T], piece: Piece) -> _PieceRead[T]:
    """Parse ``piece`` and make ``work`` of its results, a hand read earlier in the piece left
    out (the first reading wins, as the parent decides across pieces)."""
    chunks: list[Chunk] = []
    passed: list[Result] = []
    seen: set[tuple[str, str]] = set()
    games: dict[str, str] = {}
    for result in piece_results(piece):
        chunk = _chunk(result, games)
        if chunk.kind is Kind.HAND:
            key = (chunk.site, chunk.hand_id)
            if key in seen:
                chunks.append(chunk._replace(passed=False))
                continue
            seen.add(key)
        chunks.append(chunk)
        passed.append(result)
    return _PieceRead(piece.file_index, piece.path, tuple(chunks), work(piece, passed))


def _results(piece: Piece, results: list[Result]) -> list[Result]:
    return results


def nothing(piece: Piece, results: list[Result]) -> None:
    """The ``work`` of a command that needs only the counts (``parse``)."""
    return None


class _Tally:
    """The running counts, the hands read so far and the conflicts found."""

    def __init__(self, on_rejected: Callable[[ParseError], object] | None) -> None:
        self.counts = ReadCounts()
        self.summaries = self.duplicates = 0
        self.unsupported_games: Counter[tuple[str, str]] = Counter()
        self.conflicts: list[Conflict] = []
        self.rejects: list[ParseError] = []
        self._on_rejected = on_rejected if on_rejected is not None else self.rejects.append
        # On disk: a run remembers every hand it read (histparse.handstore); the file goes
        # when the run is dropped.
        self._kept = HandStore()

    def take(self, path: str, chunk: Chunk) -> bool:
        """Count ``chunk``; whether it is a second reading of a hand (to skip)."""
        counts = self.counts
        counts.read += 1
        if chunk.kind is Kind.HAND:
            counts.parsed += 1
            counts.count_game(chunk.site, chunk.game)
            return self._repeat(path, chunk)
        if chunk.kind is Kind.REJECTED:
            counts.rejected += 1
            assert chunk.error is not None
            self._on_rejected(chunk.error)
        else:
            counts.unsupported += 1
            counts.count_game(chunk.site, chunk.game)
            self.unsupported_games[(chunk.site, chunk.game)] += 1
            if chunk.game == TOURNAMENT_SUMMARY:
                self.summaries += 1
        return False

    def _repeat(self, path: str, chunk: Chunk) -> bool:
        kept = self._kept
        if kept.add_new(chunk.site, chunk.hand_id, digest=chunk.digest, file=path, line=chunk.line):
            return False
        self.duplicates += 1
        first = kept.get(chunk.site, None, chunk.hand_id)
        if first is not None and first[0] != chunk.digest:
            self.conflicts.append(Conflict(chunk.site, chunk.hand_id, path, chunk.line, first[1]))
        return True


class Run(Generic[T]):
    """A read of ``listing``'s files: iterate for the pieces (``Taken``) in input order, then
    read ``counts``, ``conflicts`` and ``rejects`` (the rejected chunks, unless an
    ``on_rejected`` took them)."""

    def __init__(
        self,
        listing: Listing,
        work: Callable[[Piece, list[Result]], T],
        *,
        jobs: int = 1,
        client: DaskClient | None = None,
        hands_per_piece: int = DEFAULT_PIECE_HANDS,
        progress: Progress | None = None,
        on_rejected: Callable[[ParseError], object] | None = None,
    ) -> None:
        self.listing = listing
        self.progress = progress
        self._work = work
        self._jobs = jobs
        self._client = client
        self._size = hands_per_piece
        self._tally = _Tally(on_rejected)

    @property
    def files(self) -> list[str]:
        """The files read."""
        return self.listing.files

    @property
    def conflicts(self) -> list[Conflict]:
        """The second readings whose content differs from the first's, in input order."""
        return self._tally.conflicts

    @property
    def rejects(self) -> list[ParseError]:
        """The rejected chunks, in input order (empty when ``on_rejected`` took them)."""
        return self._tally.rejects

    @property
    def counts(self) -> Counts:
        """The counts so far (final once the pieces are consumed)."""
        t = self._tally
        c = t.counts
        games = tuple(sorted(c.games.items()))
        return Counts(
            files=len(self.listing.files),
            skipped_paths=len(self.listing.skipped),
            read=c.read,
            parsed=c.parsed,
            rejected=c.rejected,
            unsupported=c.unsupported,
            summaries=t.summaries,
            duplicates=t.duplicates,
            conflicts=len(t.conflicts),
            games=games,
            unsupported_games=tuple(sorted(t.unsupported_games.items())),
        )

    def __iter__(self) -> Iterator[Taken[T]]:
        jobs, client = self._jobs, self._client
        pieces: Iterable[Piece] = pieces_for(self.listing.files, self._size, client, jobs=jobs)
        if self.progress is not None:
            pieces = self.progress.track(pieces)
        work = functools.partial(_read_piece, self._work)
        tally = self._tally
        for read in ordered_map(work, pieces, jobs=jobs, client=client):
            skipped: set[int] = set()
            keys: set[tuple[str, str]] = set()
            place = hands = 0
            for chunk in read.chunks:
                repeat = tally.take(read.path, chunk)
                hands += chunk.kind is Kind.HAND
                if not chunk.passed:
                    continue
                if repeat:
                    skipped.add(place)
                    keys.add((chunk.site, chunk.hand_id))
                place += 1
            if self.progress is not None:
                self.progress.update(hands, read.file_index)
            yield Taken(
                read.file_index, read.path, hands, read.made, frozenset(skipped), frozenset(keys)
            )


read_pieces = Run
"""Read ``listing``'s files in pieces, making ``work(piece, results)`` of each piece's
results in the worker (``work`` must pickle for ``jobs > 1`` or a ``client``: a module-level
function or a ``functools.partial`` of one; it should send back small results, never the
hands). Iterate over the returned ``Run`` for the pieces, then read its counts."""


class ResultsRun(Run[list[Result]]):
    """``read_results``: a ``Run`` in this process whose iteration gives the results
    themselves, second readings skipped."""

    def results(self) -> Iterator[Result]:
        """Every result in input order, without the second readings of a hand."""
        for taken in Run.__iter__(self):
            for i, result in enumerate(taken.made):
                if i not in taken.skipped:
                    yield result


def read_results(
    listing: Listing,
    *,
    progress: Progress | None = None,
    on_rejected: Callable[[ParseError], object] | None = None,
) -> ResultsRun:
    """Read ``listing``'s files in this process for a command that needs the hands themselves
    (an HTML page, a conversion, the fairness tests): ``.results()`` gives every parsed hand,
    rejected chunk and unsupported hand in input order, second readings skipped; then read
    ``counts``."""
    return ResultsRun(listing, _results, progress=progress, on_rejected=on_rejected)


def counts_line(counts: Counts) -> str:
    """The one line every command prints of what it read."""
    c = counts
    line = (
        f"read {c.read} hand(s) from {c.files} file(s): {c.parsed} parsed, "
        f"{c.rejected} rejected, {c.unsupported} unsupported"
    )
    if c.duplicates:
        line += (
            f"; {c.duplicates} duplicate(s) skipped (same site and hand id as a hand read "
            "before"
            + (f", {c.conflicts} of them with different content" if c.conflicts else "")
            + ")"
        )
    return line


def report_counts(command: str, counts: Counts, conflicts: Sequence[Conflict], out: TextIO) -> None:
    """Write the counts line to ``out`` as ``histparse COMMAND: ...``, then the conflicts."""
    print(f"histparse {command}: {counts_line(counts)}", file=out)
    report_conflicts(command, conflicts, out)


def report_conflicts(command: str, conflicts: Sequence[Conflict], out: TextIO) -> None:
    """Name each conflict on ``out`` (the first ``MAX_CONFLICTS_LISTED``)."""
    for conflict in conflicts[:MAX_CONFLICTS_LISTED]:
        print(f"histparse {command}: conflict: {conflict}", file=out)
    if len(conflicts) > MAX_CONFLICTS_LISTED:
        print(
            f"histparse {command}: ... and {len(conflicts) - MAX_CONFLICTS_LISTED} more "
            "conflict(s)",
            file=out,
        )
