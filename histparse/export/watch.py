"""Follow the folders a poker client writes and add each finished hand to a dataset.

Each poll lists the files under the watched paths (``*.txt``, recursively, as ``export``),
and for each file reads only what was added since the last poll, from the byte offset where
the last finished hand ended. A hand is finished when the next hand's header is in the file,
or when the file has been quiet for ``settle`` seconds and its end is whole (a newline last,
and it parses without a rejected chunk); after ``GIVE_UP`` seconds of quiet the end is taken
as it is, so a broken last hand is recorded as a reject rather than waited for forever. The
finished text goes through the export's own pieces and writer (``export.parallel``): one
commit per poll, under the dataset's lock.

Resuming: the offsets are saved in ``DATASET/_watch.json`` (atomically) after each commit. A
kill -9 between the commit and the save only makes the next run read those hands again,
which the export skips (same site and hand id: "already present"; a reject of the same file
and line: not recorded twice): nothing is lost or written twice. A file that shrinks (rewritten
or replaced) is read again from its start, with the same skipping.
"""

from __future__ import annotations

import functools
import json
import os
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from histparse import textio
from histparse.export.errors import DatasetError
from histparse.export.parallel import _exporting, _Writer
from histparse.export.pieces import ExportPiece, export_pieces
from histparse.export.store import _write_json_atomic
from histparse.export.writer import DEFAULT_BATCH_SIZE, ExportResult, _Exporter
from histparse.parallel.pieces import DEFAULT_PIECE_HANDS, Piece, parse_piece
from histparse.parallel.pool import ordered_map
from histparse.parallel.ranges import (
    DEFAULT_BLOCK,
    Block,
    FileChanged,
    Span,
    list_files,
    probe_files,
    scan_blocks,
)
from histparse.parsing import ParseError

__all__ = ["DEFAULT_SETTLE", "GIVE_UP", "STATE", "Mark", "WatchBatch", "load_marks", "watch"]

STATE: Final = "_watch.json"
DEFAULT_SETTLE: Final = 5.0
# Seconds of quiet after which a file's end is exported even if it does not parse whole.
GIVE_UP: Final = 300.0
PathArg = str | os.PathLike[str]


@dataclass(frozen=True, slots=True)
class Mark:
    """How far a file was exported: bytes ``[0, offset)``, which are its lines up to
    ``line - 1``; whether it is UTF-16 (decided once, from its first bytes)."""

    offset: int
    line: int
    utf16: bool


@dataclass(frozen=True, slots=True)
class WatchBatch:
    """What one poll added: ``files`` that had finished hands, and the export's counts for
    them (``new`` hands written, ``present`` already in the dataset, ``bad`` rejects)."""

    files: int
    read: int
    new: int
    present: int
    bad: int
    conflicts: int
    findings: int
    total_new: int  # hands written since the watch started
    changed: tuple[str, ...]  # the files read, in order
    pieces: tuple[ExportPiece, ...] = ()  # what they made, for the table lines


def load_marks(out: PathArg) -> dict[str, Mark]:
    """The saved offsets of a dataset (none for a dataset never watched)."""
    path = Path(out) / STATE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return {
            str(name): Mark(int(m["offset"]), int(m["line"]), bool(m["utf16"]))
            for name, m in data["files"].items()
        }
    except FileNotFoundError:
        return {}
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise DatasetError(f"{path}: unreadable watch state: {exc}") from None


def _save_marks(out: Path, marks: dict[str, Mark]) -> None:
    files = {
        name: {"offset": m.offset, "line": m.line, "utf16": m.utf16}
        for name, m in sorted(marks.items())
    }
    _write_json_atomic(out / STATE, {"files": files})


@dataclass(frozen=True, slots=True)
class _Head:
    offset: int
    line: int


def _heads(path: str, mark: Mark, end: int) -> tuple[list[_Head], int, bool]:
    """The real hand headers in bytes ``[mark.offset, end)`` of ``path`` (a piece may start
    at each), the newlines there and whether the last byte is one."""
    blocks = []
    step = DEFAULT_BLOCK
    for s in range(mark.offset, end, step):
        blocks.append(Block(0, path, s, min(s + step, end), s + step >= end, mark.utf16))
    heads: list[_Head] = []
    lines = 0
    ends_line = False
    for scan in scan_blocks(blocks):
        for offset, newlines, real in scan.heads:
            if real:
                heads.append(_Head(offset, mark.line + lines + newlines))
        lines += scan.newlines
        ends_line = scan.ends_line
    return heads, lines, ends_line


def _piece(path: str, start: _Head, end: _Head, hands: int, utf16: bool) -> Piece:
    span = Span(start.offset, end.offset, end.line - start.line, utf16)
    return Piece(0, 0, path, start.line, [], hands, span)


def _clean(piece: Piece) -> bool:
    return not any(isinstance(r, ParseError) for r in parse_piece(piece))


def _whole_lines_end(path: str, start: int, end: int, utf16: bool) -> int:
    """The offset just past the last newline in bytes ``[start, end)`` (``start`` if none):
    a line still being written is not looked at, not even for a header."""
    step = 1 << 16
    with open(path, "rb") as f:
        lf = b"\n"
        if utf16:
            codec = textio.utf16_codec(f.read(4))
            lf = b"\n\x00" if codec == "utf-16-le" else b"\x00\n"
        hi = end
        while hi > start:
            lo = max(start, hi - step)
            f.seek(lo)
            data = f.read(hi - lo + len(lf) - 1)[: hi - lo + len(lf) - 1]
            i = data.rfind(lf)
            while i >= 0:
                at = lo + i
                if at + len(lf) <= end and (not utf16 or at % 2 == 0):
                    return at + len(lf)
                i = data.rfind(lf, 0, i + len(lf) - 1)
            hi = lo
    return start


def finished_pieces(
    path: str,
    mark: Mark,
    *,
    settle: float,
    now: float,
    hands_per_piece: int = DEFAULT_PIECE_HANDS,
) -> tuple[list[Piece], Mark]:
    """The pieces of ``path`` finished since ``mark`` and the mark after them."""
    st = os.stat(path)
    size = st.st_size - (st.st_size % 2 if mark.utf16 else 0)
    quiet = now - st.st_mtime
    given_up = quiet >= max(GIVE_UP, settle)
    end = size if given_up else _whole_lines_end(path, mark.offset, size, mark.utf16)
    if end <= mark.offset:
        return [], mark
    heads, lines, ends_line = _heads(path, mark, end)
    start = _Head(mark.offset, mark.line)
    cuts = [h for h in heads if h.offset > mark.offset]
    pieces: list[Piece] = []
    # Every hand before the last header is finished: the next one has started.
    for i in range(0, len(cuts), hands_per_piece):
        stop = cuts[min(i + hands_per_piece, len(cuts)) - 1]
        hands = min(i + hands_per_piece, len(cuts)) - i
        pieces.append(_piece(path, start, stop, hands, mark.utf16))
        start = stop
    if quiet >= settle and (end == size or given_up):
        tail_end = _Head(end, mark.line + lines + (0 if ends_line else 1))
        tail = _piece(path, start, tail_end, 1, mark.utf16)
        if given_up or _clean(tail):
            pieces.append(tail)
            start = _Head(end, mark.line + lines)
    return pieces, Mark(start.offset, start.line, mark.utf16)


def _files(paths: Sequence[PathArg]) -> list[str]:
    """The history files under ``paths``, as ``export`` lists them, except that a folder with
    none yet is no error (the client has not written one yet). Raises ``FileNotFoundError``
    for a path that is not a folder and matches nothing."""
    out: dict[str, None] = {}
    for path in paths:
        try:
            out.update(dict.fromkeys(list_files([path])))
        except FileNotFoundError:
            if not Path(path).is_dir():
                raise
    return list(out)


def _first_mark(path: str) -> Mark | None:
    """A new file's mark, once it has enough bytes to tell its encoding."""
    if os.path.getsize(path) < 4:
        return None
    return Mark(0, 1, probe_files([path])[0].utf16)


def _numbered(pieces: Iterable[tuple[int, Piece]]) -> Iterator[Piece]:
    for index, (file_index, piece) in enumerate(pieces):
        yield Piece(index, file_index, piece.path, piece.first_line, [], piece.hands, piece.span)


def _tally(ex: _Exporter) -> tuple[int, int, int, int, int, int]:
    bad = ex.counts.rejected + ex.table_rejected
    return ex.counts.read, ex.new, ex.present, bad, len(ex.conflicts), ex.findings


@dataclass
class _Poller:
    paths: Sequence[PathArg]
    out: Path
    exporter: _Exporter
    writer: _Writer
    settle: float
    jobs: int
    hands_per_piece: int
    marks: dict[str, Mark]

    def poll(self, now: float) -> WatchBatch | None:
        ex = self.exporter
        before = _tally(ex)
        todo: list[tuple[int, Piece]] = []
        marks = dict(self.marks)
        changed: list[str] = []
        try:
            files = _files(self.paths)
        except FileNotFoundError:
            files = []  # a folder gone for now (a share unmounted): the next poll looks again
        for file_index, path in enumerate(files):
            mark = marks.get(path)
            try:
                if mark is not None and os.path.getsize(path) < mark.offset:
                    mark = None  # rewritten or replaced: read again, what is present is skipped
                if mark is None:
                    mark = _first_mark(path)
                    if mark is None:
                        continue
                pieces, after = finished_pieces(
                    path, mark, settle=self.settle, now=now, hands_per_piece=self.hands_per_piece
                )
            except FileNotFoundError:
                continue  # gone (renamed, deleted) while looked at
            except FileChanged:
                # Its offset is no longer at a hand's start (rewritten in place, or a last
                # hand taken as whole that the client went on writing): read it again from
                # its start; what is kept already is skipped, a different hand under a kept
                # id is an ID-CONFLICT finding, never silent.
                marks.pop(path, None)
                continue
            if pieces:
                changed.append(path)
                todo.extend((file_index, p) for p in pieces)
            marks[path] = after
        if not todo:
            if marks != self.marks:
                _save_marks(self.out, marks)  # a file to read again from its start
            self.marks = marks
            return None
        work = functools.partial(export_pieces, audit=ex.audit, compression=ex.compression)
        made: list[ExportPiece] = []
        for group in ordered_map(work, _numbered(todo), jobs=self.jobs):
            for piece in group:
                self.writer.take(piece)
            made.extend(group)
        self.writer.commit()
        # Saved after the commit: a kill between them only makes the next run read the same
        # hands again, which it skips.
        _save_marks(self.out, marks)
        self.marks = marks
        read, new, present, bad, conflicts, findings = (
            a - b for a, b in zip(_tally(ex), before, strict=True)
        )
        return WatchBatch(
            len(changed),
            read,
            new,
            present,
            bad,
            conflicts,
            findings,
            ex.new,
            tuple(changed),
            tuple(made),
        )


def watch(
    paths: Sequence[PathArg],
    out: PathArg,
    *,
    once: bool = False,
    interval: float = 1.0,
    settle: float = DEFAULT_SETTLE,
    audit: bool = True,
    jobs: int = 1,
    compression: str = "zstd",
    hands_per_piece: int = DEFAULT_PIECE_HANDS,
    on_batch: Callable[[WatchBatch], object] | None = None,
    on_start: Callable[[str], object] | None = None,
    stop: Callable[[], bool] | None = None,
) -> ExportResult:
    """Export the finished hands of the files under ``paths`` into the dataset ``out``, then
    (unless ``once``) poll every ``interval`` seconds for more until ``stop()`` is true or the
    process is interrupted. ``on_batch`` is called after each commit; ``on_start`` with a
    note (a stale lock cleared) when there is one. Raises ``FileNotFoundError`` for a path
    matching nothing, ``DatasetError`` as ``export``."""
    _files(paths)  # a path matching nothing fails now, not on the first poll
    root = Path(out)
    with _exporting(out, audit, DEFAULT_BATCH_SIZE, compression) as (exporter, writer):
        if on_start is not None and exporter.store.stale_lock:
            on_start(f"cleared a stale lock left by a dead writer ({exporter.store.stale_lock})")
        poller = _Poller(
            paths, root, exporter, writer, settle, jobs, hands_per_piece, load_marks(root)
        )
        try:
            while True:
                batch = poller.poll(time.time())
                if batch is not None and on_batch is not None:
                    on_batch(batch)
                if once or (stop is not None and stop()):
                    break
                time.sleep(interval)
        except KeyboardInterrupt:
            pass  # every poll committed what it read; nothing is half done
    return exporter.result()
