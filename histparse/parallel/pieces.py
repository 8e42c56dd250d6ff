"""Cut history files into pieces of raw text that workers parse independently.

A piece is a run of consecutive lines of one file that starts at a hand's header line (or at
the file's first line). The reader splits text into chunks before every header line and
resets all its state there, so parsing a piece on its own gives exactly the results of
parsing the whole file, once line numbers are shifted by the piece's first line.

A piece carries its text (``iter_pieces``: the client reads the files), or only where its lines
are (``plan_pieces``: on a cluster, workers find the cuts and read their own pieces). Both make
the same cuts; ``pieces_for`` picks one.

Many small files would make many tiny pieces, each paying a worker's fixed costs (the export
makes a set of tables per piece): ``grouped_pieces`` puts runs of whole small files into one
``PieceGroup``, whose files the worker reads whole (``group_files``).
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import os
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from histparse import sites, textio
from histparse.parallel.pool import DaskClient, ordered_map
from histparse.parallel.ranges import (
    DEFAULT_BLOCK,
    PROBE_BATCH,
    Block,
    BlockScan,
    Span,
    block_tasks,
    blocks_of,
    probe_files,
    scan_blocks,
    span_lines,
)
from histparse.parsing import Result, expand_paths, reader

__all__ = [
    "DEFAULT_PIECE_HANDS",
    "GROUP_BYTES",
    "SMALL_FILE",
    "GroupFile",
    "Piece",
    "PieceGroup",
    "group_files",
    "grouped_pieces",
    "iter_pieces",
    "parse_piece",
    "piece_results",
    "pieces_for",
    "plan_pieces",
]

DEFAULT_PIECE_HANDS: Final = 1000
# A file of at most this many bytes is not cut but grouped with its neighbours
# (``grouped_pieces``): a thousand-hand piece of the bench corpus is about 1.2 MB.
SMALL_FILE: Final = 256 << 10
# The bytes of small files put into one group, at most.
GROUP_BYTES: Final = 1 << 20
# About the fewest bytes a hand takes: a file of at most ``hands_per_piece`` times this many is
# small (a small ``hands_per_piece``, as tests use to cut files, makes small files smaller).
HAND_BYTES: Final = 256
# About a hand's bytes (1.2 kB in the bench corpus): a group holds at most ``hands_per_piece``
# times this many, about a piece's worth of hands.
GROUP_HAND_BYTES: Final = 1024
# In one process a file up to this size is read once, its pieces holding their lines; a
# bigger one is planned (+3 µs a hand for the scan) and each piece read as it is parsed.
READ_ONCE_MAX: Final = 16 << 20

PathArg = str | os.PathLike[str]


@dataclass(frozen=True, slots=True)
class Piece:
    """``lines`` (decoded, newlines kept) of ``path``, the first of them being line
    ``first_line``; ``index`` is the piece's place in the whole input, ``file_index`` its
    file's, ``hands`` about how many hands it holds (header-like lines). A planned piece has
    no ``lines`` but a ``span``: where they are, read when the piece is parsed."""

    index: int
    file_index: int
    path: str
    first_line: int
    lines: list[str]
    hands: int
    span: Span | None = None


@dataclass(frozen=True, slots=True)
class GroupFile:
    """One file of a group: the ``file_index``-th of the input, ``size`` bytes when listed."""

    file_index: int
    path: str
    size: int


@dataclass(frozen=True, slots=True)
class PieceGroup:
    """Whole files (``files``, consecutive in the input and each small) that go to one worker
    together and are read there whole; ``index`` is the group's place among the pieces."""

    index: int
    files: tuple[GroupFile, ...]

    @property
    def file_index(self) -> int:
        """The last file's: once the group is done, so are all files up to it."""
        return self.files[-1].file_index


def iter_pieces(
    paths: Iterable[PathArg], hands_per_piece: int = DEFAULT_PIECE_HANDS
) -> Iterator[Piece]:
    """The pieces of every file under ``paths`` (files, directories, globs, as ``read_results``),
    in input order, each of about ``hands_per_piece`` hands. Raises ``FileNotFoundError`` for a
    path matching nothing (before anything is read)."""
    _check_size(hands_per_piece)
    return _pieces(expand_paths(paths), hands_per_piece)


def _check_size(hands_per_piece: int) -> None:
    if hands_per_piece < 1:
        raise ValueError(f"hands_per_piece must be at least 1, not {hands_per_piece}")


def _pieces(files: list[str], size: int) -> Iterator[Piece]:
    index = 0
    for file_index, path in enumerate(files):
        lines: list[str] = []
        first = 1
        heads = 0
        starts = sites.hand_start_prefixes()
        for n, line in enumerate(textio.decoded_lines(path), 1):
            if line.startswith(starts):
                # Cut only before a real header: the reader cuts there too and starts afresh
                # (unless a BOM alone on a line before it passes on to its hand).
                cut = heads >= size and sites.cuts_at(line.rstrip(" \t\r\n"))
                if cut and not _lone_bom_before(lines):
                    yield Piece(index, file_index, path, first, lines, heads)
                    index += 1
                    lines, first, heads = [], n, 0
                heads += 1
            lines.append(line)
        if lines:
            yield Piece(index, file_index, path, first, lines, heads)
            index += 1


def _lone_bom_before(lines: list[str]) -> bool:
    """Whether the last line of ``lines`` that is not blank is a BOM alone: ``split_chunks``
    marks the next chunk as starting after a BOM, so a piece must not start there."""
    for line in reversed(lines):
        content = line.rstrip(" \t\r\n")
        if content:
            return content == textio.BOM
    return False


def pieces_for(
    files: Sequence[str],
    hands_per_piece: int = DEFAULT_PIECE_HANDS,
    client: DaskClient | None = None,
    *,
    jobs: int = 1,
    block_size: int = DEFAULT_BLOCK,
) -> Iterator[Piece]:
    """The pieces of ``files`` (as ``expand_paths`` lists them) for ``ordered_map`` with
    ``jobs`` or ``client``. In one process (``jobs=1``, no client) they carry their text
    (``iter_pieces``): the file is read once, unless it is over ``READ_ONCE_MAX`` bytes.
    Otherwise they are planned without text
    (``plan_pieces``) and each worker reads its own: on a cluster only the workers see the
    files, and with local worker processes this process, which every piece goes through, only
    scans the bytes for the cuts (about a third of the CPU of reading, decoding and pickling
    the text), so it does not hold the workers back."""
    if client is None and jobs == 1:
        _check_size(hands_per_piece)
        return _local_pieces(list(files), hands_per_piece, block_size)
    # Without a client the scan runs here: a pool for it alone would pay its start-up for
    # little work.
    return plan_pieces(files, hands_per_piece, client=client, block_size=block_size)


def _local_pieces(files: list[str], size: int, block_size: int) -> Iterator[Piece]:
    """The pieces of ``files`` (listed already: not expanded again) for this process: a file is
    read once and its pieces carry their lines, but one over ``READ_ONCE_MAX`` bytes is
    planned and its pieces read as they are parsed, so that a big file with few hand headers
    to cut at (another site's archive, a document) is never held whole."""
    index = 0
    for file_index, path in enumerate(files):
        if os.path.getsize(path) > READ_ONCE_MAX:
            pieces = plan_pieces([path], size, block_size=block_size)
        else:
            pieces = _pieces([path], size)
        for piece in pieces:
            yield dataclasses.replace(piece, index=index, file_index=file_index)
            index += 1


def plan_pieces(
    files: Sequence[str],
    hands_per_piece: int = DEFAULT_PIECE_HANDS,
    *,
    client: DaskClient | None = None,
    jobs: int = 1,
    block_size: int = DEFAULT_BLOCK,
) -> Iterator[Piece]:
    """The pieces ``iter_pieces`` makes of ``files``, without their lines (``span`` says
    where they are), found by workers (``ordered_map`` with ``jobs`` or ``client``) that probe
    the files, then scan them in blocks of ``block_size`` bytes. Lazy, in input order: the
    first pieces come while later files are being scanned."""
    _check_size(hands_per_piece)
    if block_size < 1:
        raise ValueError(f"block_size must be at least 1, not {block_size}")
    run = functools.partial(ordered_map, jobs=jobs, client=client)
    names = list(files)
    batches = (names[i : i + PROBE_BATCH] for i in range(0, len(names), PROBE_BATCH))
    infos = itertools.chain.from_iterable(run(probe_files, batches))
    blocks = itertools.chain.from_iterable(
        blocks_of(i, path, info, block_size)
        for i, (path, info) in enumerate(zip(names, infos, strict=True))
    )
    scans = itertools.chain.from_iterable(run(scan_blocks, block_tasks(blocks, block_size)))
    return _planned(scans, hands_per_piece)


def _planned(scans: Iterable[BlockScan], size: int) -> Iterator[Piece]:
    """The cuts of ``_pieces``, from the scans of every block of every file in order."""
    index = 0
    lines_before = first = start = heads = 0
    for scan in scans:
        b: Block = scan.block
        if b.start == 0:
            lines_before, first, start, heads = 0, 1, 0, 0
        for offset, newlines, real in scan.heads:
            if heads >= size and real:
                line = lines_before + newlines + 1
                span = Span(start, offset, line - first, b.utf16)
                yield Piece(index, b.file_index, b.path, first, [], heads, span)
                index += 1
                first, start, heads = line, offset, 0
            heads += 1
        lines_before += scan.newlines
        if b.last:
            total = lines_before + (0 if scan.ends_line else 1)
            if total >= first:
                span = Span(start, b.end, total - first + 1, b.utf16)
                yield Piece(index, b.file_index, b.path, first, [], heads, span)
                index += 1


def grouped_pieces(
    files: Sequence[str],
    hands_per_piece: int = DEFAULT_PIECE_HANDS,
    client: DaskClient | None = None,
    *,
    jobs: int = 1,
    small: int = SMALL_FILE,
    group_bytes: int = GROUP_BYTES,
    block_size: int = DEFAULT_BLOCK,
) -> Iterator[Piece | PieceGroup]:
    """The pieces ``pieces_for`` makes of ``files``, except that a file of at most ``small``
    bytes (and at most ``hands_per_piece * HAND_BYTES``) is neither scanned nor cut: runs of
    such files go, whole, in groups (``PieceGroup``) of at most ``group_bytes`` (and
    ``hands_per_piece * GROUP_HAND_BYTES``; a lone file may be more), numbered among the pieces.
    Sizes are looked up here, or with a ``client`` by its workers (``probe_files``), since they
    may see files this process does not. ``small=0`` groups nothing."""
    _check_size(hands_per_piece)
    small = min(small, hands_per_piece * HAND_BYTES)
    group_bytes = min(group_bytes, hands_per_piece * GROUP_HAND_BYTES)
    names = list(files)
    if small <= 0 or not names:
        return pieces_for(names, hands_per_piece, client, jobs=jobs, block_size=block_size)
    sizes = _sizes(names, client)
    return _grouped(names, sizes, hands_per_piece, client, jobs, (small, group_bytes), block_size)


def _sizes(files: list[str], client: DaskClient | None) -> list[int]:
    if client is None:
        return [os.path.getsize(path) for path in files]
    batches = (files[i : i + PROBE_BATCH] for i in range(0, len(files), PROBE_BATCH))
    infos = itertools.chain.from_iterable(ordered_map(probe_files, batches, client=client))
    return [info.size for info in infos]


def _grouped(
    files: list[str],
    sizes: list[int],
    size: int,
    client: DaskClient | None,
    jobs: int,
    limits: tuple[int, int],
    block_size: int,
) -> Iterator[Piece | PieceGroup]:
    # The big files are planned (or read) together, as ``pieces_for`` would: their pieces come
    # in order, numbered within the big files, and are renumbered in the whole input here.
    small, group_bytes = limits
    big = [i for i, n in enumerate(sizes) if n > small]
    pieces = pieces_for([files[i] for i in big], size, client, jobs=jobs, block_size=block_size)
    ahead: Piece | None = None
    index = 0
    group: list[GroupFile] = []
    held = 0
    for file_index, (path, n) in enumerate(zip(files, sizes, strict=True)):
        if n <= small:
            if group and held + n > group_bytes:
                yield PieceGroup(index, tuple(group))
                index += 1
                group, held = [], 0
            group.append(GroupFile(file_index, path, n))
            held += n
            continue
        if group:
            yield PieceGroup(index, tuple(group))
            index += 1
            group, held = [], 0
        while True:
            if ahead is None:
                ahead = next(pieces, None)
            if ahead is None or big[ahead.file_index] != file_index:
                break
            yield dataclasses.replace(ahead, index=index, file_index=file_index)
            index += 1
            ahead = None
    if group:
        yield PieceGroup(index, tuple(group))


def group_files(group: PieceGroup) -> Iterator[tuple[GroupFile, Iterator[Result]]]:
    """Each file of ``group`` with its results (as ``read_results`` gives them), read whole
    and lazily: consume a file's results before the next file's."""
    for file in group.files:
        yield file, reader.iter_results(textio.decoded_lines(file.path), file.path)


def piece_results(piece: Piece) -> Iterator[Result]:
    """Parse a piece: the same results, line numbers included, as reading its whole file. A
    planned piece's lines are read from its file as they are parsed."""
    lines: Iterable[str] = piece.lines
    if piece.span is not None:
        lines = span_lines(piece.path, piece.first_line, piece.span)
    return reader.iter_results(lines, piece.path, first_line=piece.first_line)


def parse_piece(piece: Piece) -> list[Result]:
    """All the results of a piece, in order (see ``piece_results``)."""
    return list(piece_results(piece))
