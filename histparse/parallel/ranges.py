"""Find hands in history files by byte offset, so workers read their own pieces of a file.

On a cluster the client must not read the inputs: workers probe the files (size, encoding),
scan byte blocks of them for the lines that may start a hand, and later each worker reads the
byte range of its piece. Lines are decoded exactly as ``textio.decoded_lines`` decodes them
(same UTF-8 / Windows-1252 fallback per line, same cutting of lines over ``MAX_LINE``), which
only depends on where a line starts, so a range that starts at a line start reads as the same
lines of the whole file. A UTF-16 file is cut the same way, its blocks being scanned as text
(``utf16``).
"""

from __future__ import annotations

import codecs
import itertools
import os
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import BinaryIO, Final, cast

from histparse import sites, textio
from histparse.parallel import utf16
from histparse.parallel.pool import DaskClient
from histparse.parsing import UnreadablePath, expand_paths

__all__ = [
    "DEFAULT_BLOCK",
    "Block",
    "BlockScan",
    "FileChanged",
    "FileInfo",
    "Span",
    "block_tasks",
    "blocks_of",
    "list_files",
    "probe_files",
    "scan_blocks",
    "span_lines",
]

DEFAULT_BLOCK: Final = 8 << 20
PROBE_BATCH: Final = 256
_MAX_BLOCKS: Final = 512  # per scan task, so that a task's message stays small
_STRIP: Final = " \t\r\n"
_BLANK: Final = _STRIP.encode()
_BOM8_BYTES: Final = codecs.BOM_UTF8


class FileChanged(RuntimeError):
    """A file no longer holds what was found in it when its pieces were planned."""


@dataclass(frozen=True, slots=True)
class Span:
    """Where a piece's ``count`` lines are in its file: bytes ``[start, end)``, of a UTF-16
    file if ``utf16``."""

    start: int
    end: int
    count: int
    utf16: bool = False


@dataclass(frozen=True, slots=True)
class FileInfo:
    """A file's size in bytes and whether the reader decodes it as UTF-16."""

    size: int
    utf16: bool


@dataclass(frozen=True, slots=True)
class Block:
    """Bytes ``[start, end)`` of ``path``, the ``file_index``-th input file; ``last`` if it
    ends the file. The blocks of a UTF-16 file (``utf16``) have an even size."""

    file_index: int
    path: str
    start: int
    end: int
    last: bool
    utf16: bool = False


@dataclass(frozen=True, slots=True)
class BlockScan:
    """The lines of a block that start with a hand-start prefix (``sites.hand_start_prefixes``),
    as ``(byte offset, newlines
    between the block's start and the line, a piece may start there)``, in order (a piece
    starts at a real header not preceded by a BOM alone on its line); the block's
    newline count; and whether its last byte (UTF-16: unit) is a newline."""

    block: Block
    heads: tuple[tuple[int, int, bool], ...]
    newlines: int
    ends_line: bool


def _utf16(head: bytes) -> bool:
    return textio.utf16_encoding(head) is not None


def probe_files(paths: Sequence[str]) -> list[FileInfo]:
    """The size and encoding of each file (run on a worker: only workers need see them)."""
    infos = []
    for path in paths:
        with open(path, "rb") as f:
            size = os.fstat(f.fileno()).st_size
            infos.append(FileInfo(size, _utf16(f.read(4))))
    return infos


def blocks_of(file_index: int, path: str, info: FileInfo, block_size: int) -> list[Block]:
    """The blocks a file is scanned in: none for an empty file."""
    if info.utf16:
        block_size += block_size % 2  # whole UTF-16 units
    return [
        Block(
            file_index,
            path,
            s,
            min(s + block_size, info.size),
            s + block_size >= info.size,
            info.utf16,
        )
        for s in range(0, info.size, block_size)
    ]


def block_tasks(blocks: Iterable[Block], budget: int) -> Iterator[list[Block]]:
    """Group consecutive blocks into tasks of at most ``budget`` bytes (at least one block):
    many small files make few tasks."""
    task: list[Block] = []
    size = 0
    for b in blocks:
        n = b.end - b.start
        if task and (size + n > budget or len(task) >= _MAX_BLOCKS):
            yield task
            task, size = [], 0
        task.append(b)
        size += n
    if task:
        yield task


def scan_blocks(blocks: Sequence[Block]) -> list[BlockScan]:
    """Scan each block (run on a worker). Raises ``FileChanged`` if a file is now shorter."""
    return [_scan_utf16(b) if b.utf16 else _scan_bytes(b) for b in blocks]


def _scan_utf16(block: Block) -> BlockScan:
    found = utf16.scan(block.path, block.start, block.end, sites.hand_start_prefixes())
    if found is None:
        raise FileChanged(f"{block.path} is no longer UTF-16 of at least {block.end} bytes")
    heads, newlines, ends_line = found
    return BlockScan(block, tuple(heads), newlines, ends_line)


def _scan_bytes(block: Block) -> BlockScan:
    s, e = block.start, block.end
    # One byte before the block tells whether its first byte starts a line; a few after it
    # show a head line that starts in the block but continues past its end.
    lo = s - 1 if s else 0
    with open(block.path, "rb") as f:
        f.seek(lo)
        heads_bytes = _head_bytes()
        data = f.read(e - lo + max(map(len, heads_bytes), default=0))
        body = e - lo
        if len(data) < body:
            raise FileChanged(f"{block.path} is shorter than {e} bytes, its size when planned")
        found = {0} if s == 0 and data.startswith(heads_bytes) else set()
        for head in heads_bytes:
            pattern = b"\n" + head
            i = data.find(pattern)
            while 0 <= i < body - 1:
                found.add(i + 1)
                i = data.find(pattern, i + 1)
        starts = sorted(found)
        heads = []
        counted = s - lo
        line = 0
        for j in starts:
            line += data.count(b"\n", counted, j)
            counted = j
            cut = sites.cuts_at(_head_text(f, data, lo, j)) and not _after_bom(f, data, lo, j)
            heads.append((lo + j, line, cut))
        return BlockScan(block, tuple(heads), data.count(b"\n", s - lo, body), data[body - 1] == 10)


def _head_bytes() -> tuple[bytes, ...]:
    """The hand-start prefixes as the bytes a UTF-8 (or ASCII) file holds them."""
    return tuple(p.encode() for p in sites.hand_start_prefixes())


def _head_text(f: BinaryIO, data: bytes, lo: int, j: int) -> str:
    """The line starting at ``data[j]`` as the reader decodes it (cut at ``MAX_LINE``
    bytes), stripped."""
    newline = data.find(b"\n", j)
    if newline >= 0:
        content = data[j : min(newline, j + textio.MAX_LINE)]
    else:
        # The line goes on past what was read for the block.
        f.seek(lo + j)
        raw = f.read(textio.MAX_LINE + 1)
        newline = raw.find(b"\n")
        content = raw[: newline if newline >= 0 else textio.MAX_LINE]
    return textio.decode_line(content[: textio.MAX_LINE]).rstrip(_STRIP)


_BACK_STEP: Final = 1 << 16
_NEAR: Final = 256


def _blank_before(data: bytes, j: int) -> int:
    """The offset in ``data`` just past its last byte before ``j`` that is not blank (0 when
    all are), looked for a window at a time (C speed, one window copied)."""
    # First a few bytes: the line before a header is nearly always right there, and copying a
    # whole window for every header was a third of the planner's CPU (the export's main
    # process plans its pieces).
    lo = max(j - _NEAR, 0)
    kept = len(data[lo:j].rstrip(_BLANK))
    if kept:
        return lo + kept
    j = lo
    while j > 0:
        lo = max(j - _BACK_STEP, 0)
        kept = len(data[lo:j].rstrip(_BLANK))
        if kept:
            return lo + kept
        j = lo
    return 0


def _after_bom(f: BinaryIO, data: bytes, lo: int, j: int) -> bool:
    """Whether the last line before the one at ``data[j]`` that is not blank is a BOM alone
    (``data`` holds the file's bytes from offset ``lo``; earlier ones are read if needed).

    A run of blank bytes before the line is walked back a block at a time, one block held:
    linear time and flat memory however long the run."""
    k = _blank_before(data, j)
    n = len(_BOM8_BYTES)
    if k > n:
        # The line's end and the byte before a BOM are in ``data``: no read of the file.
        return data[k - n : k] == _BOM8_BYTES and data[k - n - 1] == 10
    end = lo + k  # the file offset just past the last byte that is not blank
    if k == 0 and lo > 0:
        pos, end = lo, 0
        while pos > 0:
            more = min(pos, _BACK_STEP)
            f.seek(pos - more)
            i = len(f.read(more).rstrip(_BLANK))
            if i > 0:
                end = pos - more + i
                break
            pos -= more
    start = end - len(_BOM8_BYTES)
    if start < 0:
        return False
    before = max(start - 1, 0)
    f.seek(before)
    tail = f.read(end - before)
    if tail[-len(_BOM8_BYTES) :] != _BOM8_BYTES:
        return False
    return start == 0 or tail[0] == 10


class _Window:
    """Reads of an open binary file that stop at a given number of bytes."""

    __slots__ = ("_f", "left")

    def __init__(self, f: BinaryIO, size: int) -> None:
        self._f = f
        self.left = size

    def read(self, n: int = -1) -> bytes:
        if n < 0 or n > self.left:
            n = self.left
        data = self._f.read(n)
        self.left -= len(data)
        return data


def span_lines(path: str, first_line: int, span: Span) -> Iterator[str]:
    """The lines of ``span`` in ``path``, decoded as ``textio.decoded_lines`` decodes the
    whole file, read lazily. Raises ``FileChanged`` when they are not the ``span.count``
    lines planned (the file was truncated or rewritten since)."""
    if span.utf16:
        # Read by the codec from the piece's first byte: counted in lines, not in bytes.
        texts = (line for _, line in textio.utf16_lines(path, span.start))
        try:
            yield from _counted(itertools.islice(texts, span.count), path, first_line, span)
        except textio.NotUTF16:
            raise FileChanged(f"{path} is no longer UTF-16, as it was when planned") from None
        return
    with open(path, "rb") as f:
        f.seek(span.start)
        window = _Window(f, span.end - span.start)
        # The reader's own splitting and decoding, on the piece's bytes only.
        lines = textio.binary_lines(cast(BinaryIO, window))
        yield from _counted(lines, path, first_line, span, window)


def _counted(
    lines: Iterator[str], path: str, first_line: int, span: Span, window: _Window | None = None
) -> Iterator[str]:
    # The first line is checked alone: a check per line made reading a piece 1.5 times as
    # slow (0.27 s against 0.18 for the 754,000 lines of 20,000 hands).
    first = next(lines, None)
    n = 0
    if first is not None:
        _check_first(first, path, first_line)
        yield first
        n = 1
        for n, line in enumerate(lines, 2):  # noqa: B007 (n counts them, read after)
            yield line
    if window is not None and window.left:
        raise FileChanged(f"{path} is shorter than {span.end} bytes, its size when planned")
    _check_count(n, path, first_line, span)


def _check_first(line: str, path: str, first_line: int) -> None:
    if first_line > 1 and not line.startswith(sites.hand_start_prefixes()):
        raise FileChanged(
            f"{path}:{first_line}: a piece must start at a header line; the file changed "
            "since its pieces were planned"
        )


def _check_count(n: int, path: str, first_line: int, span: Span) -> None:
    if n != span.count:
        raise FileChanged(
            f"{path}:{first_line}: expected {span.count} line(s) from here, found {n}; the "
            "file changed since its pieces were planned"
        )


def list_files(
    paths: Iterable[str | os.PathLike[str]],
    client: DaskClient | None = None,
    skipped: list[UnreadablePath] | None = None,
) -> list[str]:
    """The files named by ``paths``, as ``expand_paths`` lists them here (``skipped`` as
    there); when a path is not visible here and a Dask ``client`` is given, listed by a worker
    instead (for a client that cannot see the cluster's shared filesystem). Raises
    ``FileNotFoundError``."""
    names = [os.fspath(p) for p in paths]
    try:
        return expand_paths(names, skipped)
    except FileNotFoundError:
        if client is None:
            raise
    files: list[str] = client.submit(expand_paths, names, pure=False).result()
    return files
