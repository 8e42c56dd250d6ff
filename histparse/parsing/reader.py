"""Read hand-history files: paths, encodings, splitting into hands, streaming, counting.

Files are read in blocks of a few tens of kilobytes, split into lines and handed on one hand at
a time, so memory does not grow with the file size. Every chunk of text is accounted for: each
one is a parsed ``Hand``, a rejected chunk (``ParseError``) or an ``Unsupported`` hand, and
``read == parsed + rejected + unsupported``.
"""

from __future__ import annotations

import errno
import glob
import itertools
import os
import re
import stat
import warnings
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Final, Literal, cast

from histparse import sites
from histparse.events import Hand
from histparse.reading import Chunk, ParseError, Unsupported
from histparse.sites import Continuation, Site
from histparse.textio import (
    BOM,
    PathArg,
    bytes_lines,
    decoded_lines,
    one_line,
    path_label,
    text_lines,
)

Result = Hand | ParseError | Unsupported
OnError = Literal["raise", "warn"] | Callable[[ParseError], object]
# What the reading functions take, as pandas' ``filepath_or_buffer``: paths (files, directories,
# globs) or files already open, in binary or text mode.
Source = PathArg | IO[bytes] | IO[str]

_GLOB_CHARS: Final = frozenset("*?[")
# The files a folder is searched for: text histories, and Merge's XML.
HISTORY_SUFFIXES: Final = (".txt", ".xml")
# A bound that keeps memory flat on hostile input; real hands are far below it (under 200
# lines of under 300 characters).
MAX_CHUNK_CHARS: Final = 1 << 20
# No site writes a number (amount, hand or tournament id) of more digits than this; a longer
# one is refused before it reaches the engine, whose arithmetic and messages would choke on
# it (Python refuses to print an int of more than 4,300 digits). The sites' amount and id
# readers cap what they read (their patterns take at most 30 digits before and 30 after the
# point), so such a line is one they cannot read; the reader then says why, on that line.
# Numbers in free text (chat, names) are never read as numbers and pass.
MAX_NUMBER_DIGITS: Final = 30
_LONG_NUMBER: Final = re.compile(r"[0-9](?:[,.]?[0-9]){" + str(MAX_NUMBER_DIGITS) + ",}")
_TAILS: Final = {"": "", "\n": "", "\r\n": "", " \n": " ", " \r\n": " ", " ": " "}
MAX_GAMES: Final = 256
OTHER_GAMES: Final = "other games"


@dataclass
class ReadCounts:
    """Running counts of a read. ``games`` counts parsed and unsupported hands by
    ``(site, game)``; rejected chunks have no trustworthy game."""

    read: int = 0
    parsed: int = 0
    rejected: int = 0
    unsupported: int = 0
    games: Counter[tuple[str, str]] = field(default_factory=Counter)

    def add(self, result: Result) -> None:
        """Count one result."""
        self.read += 1
        if isinstance(result, Hand):
            self.parsed += 1
            self.count_game(result.site, game_label(result))
        elif isinstance(result, Unsupported):
            self.unsupported += 1
            self.count_game(result.site, result.game)
        else:
            self.rejected += 1

    def count_game(self, site: str, game: str, n: int = 1) -> None:
        """Count ``n`` hands of ``game`` at ``site``. Past ``MAX_GAMES`` games, new ones are
        counted as ``OTHER_GAMES``: hostile headers can name a new game on every hand."""
        key = (site, game)
        games = self.games
        if key not in games and len(games) >= MAX_GAMES:
            key = (site, OTHER_GAMES)
        games[key] += n


def game_label(hand: Hand) -> str:
    """The game as a header names it, e.g. ``Triple Draw 2-7 Lowball Limit`` or
    ``8-Game (Triple Draw 2-7 Lowball Limit)``: the labels of unsupported games look alike."""
    game = f"{hand.game.label} {hand.limit_type.label}"
    return game if hand.mixed_game is None else f"{hand.mixed_game} ({game})"


class UnreadablePath(OSError):
    """A path named or found that is not a readable regular file (``strerror`` says why)."""


def expand_paths(
    paths: Iterable[PathArg], skipped: list[UnreadablePath] | None = None
) -> list[str]:
    """Files named by ``paths``: files as given, directories searched (iteratively, any
    depth) for ``*.txt`` and ``*.xml``, and glob patterns.

    Only regular files are read: a FIFO, a device or a file of ``/proc`` or ``/sys`` never
    ends or reads differently each time. Such a path, an unreadable file or directory is an
    ``UnreadablePath``: appended to ``skipped`` when given (the rest is listed), raised when
    not. Raises ``FileNotFoundError`` for a path that matches nothing and for a directory
    holding no history file (``no history files under PATH``).
    """
    out: list[str] = []

    def bad(path: str, why: str) -> None:
        error = UnreadablePath(errno.EINVAL, why, path)
        if skipped is None:
            raise error
        skipped.append(error)

    for p in paths:
        text = os.fspath(p)
        path = Path(text)
        if path.is_dir():
            found = _walk(text, bad)
            if not found:
                raise FileNotFoundError(f"no history files under {text}")
            out.extend(found)
        elif path.exists() or path.is_symlink():
            why = _not_readable(text)
            if why is None:
                out.append(text)
            else:
                bad(text, why)
        elif _GLOB_CHARS & set(text):
            matches = sorted(m for m in glob.glob(text, recursive=True) if Path(m).is_file())
            if not matches:
                raise FileNotFoundError(f"no file matches {text!r}")
            for m in matches:
                why = _not_readable(m)
                if why is None:
                    out.append(m)
                else:
                    bad(m, why)
        else:
            raise FileNotFoundError(f"no such file or directory: {text!r}")
    return out


_PSEUDO_ROOTS: Final = ("/proc/", "/sys/")


def _not_readable(path: str) -> str | None:
    """Why ``path`` cannot be read as a history file, or None."""
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        return f"cannot read: {exc.strerror}"
    if not stat.S_ISREG(mode):
        kind = (
            "a FIFO"
            if stat.S_ISFIFO(mode)
            else "a device"
            if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else "a socket"
            if stat.S_ISSOCK(mode)
            else "a directory"
            if stat.S_ISDIR(mode)
            else "not a file"
        )
        return f"not a regular file ({kind}); only regular files are read"
    real = os.path.realpath(path)
    if real.startswith(_PSEUDO_ROOTS):
        return "not a regular file (a pseudo-file of the system); only regular files are read"
    try:
        with open(path, "rb"):
            pass
    except OSError as exc:
        return f"cannot read: {exc.strerror}"
    return None


def _walk(top: str, bad: Callable[[str, str], None]) -> list[str]:
    """The readable ``*.txt`` and ``*.xml`` regular files under ``top``, sorted; an explicit
    stack instead of recursion (any depth), each directory entered once (symbolic link loops)."""
    found: list[str] = []
    stack = [top]
    visited: set[tuple[int, int]] = set()
    while stack:
        folder = stack.pop()
        try:
            st = os.stat(folder)
            if (st.st_dev, st.st_ino) in visited:
                continue
            visited.add((st.st_dev, st.st_ino))
            with os.scandir(folder) as entries:
                listed = list(entries)
        except OSError as exc:
            bad(folder, f"cannot read the directory: {exc.strerror}")
            continue
        for entry in listed:
            try:
                is_dir = entry.is_dir()
            except OSError:
                is_dir = False
            if is_dir:
                stack.append(entry.path)
            elif entry.name.endswith(HISTORY_SUFFIXES):
                why = _not_readable(entry.path)
                if why is None:
                    found.append(entry.path)
                else:
                    bad(entry.path, why)
    found.sort()
    return found


def split_chunks(lines: Iterable[str], path: str) -> Iterator[Chunk]:
    """Group lines into chunks: a chunk ends at a blank line and before a line that starts a
    hand of a site that cuts there (``sites.cuts_at``).

    Blank lines (only whitespace) belong to no chunk. A BOM at the start of a line (the file's
    first line, or a file concatenated into another) is removed and recorded on the chunk. A
    chunk longer than ``MAX_CHUNK_CHARS`` keeps only its first line and is marked ``overflow``
    (it cannot be a hand; this keeps memory flat).
    """
    contents: list[str] = []
    trailings: list[str] = []
    raw: list[str] = []
    first = 0
    bom = False
    size = 0
    overflow = False
    known_tails = _TAILS
    initials = sites.cut_initials()
    prefixes = sites.hand_start_prefixes()
    cuts_at = sites.cuts_at
    lineno = 0
    for lineno, line in enumerate(lines, 1):
        content = line.rstrip(" \t\r\n")
        if not content:
            if contents:
                yield Chunk(path, first, contents, trailings, raw, bom, overflow, lineno - 1)
                contents, trailings, raw = [], [], []
                bom = overflow = False
            continue
        head = content[0]
        if head == BOM:
            content = content[1:]
            line = line[1:]
            if contents:
                yield Chunk(path, first, contents, trailings, raw, bom, overflow, lineno - 1)
                contents, trailings, raw = [], [], []
                overflow = False
            bom = True
            if not content:
                continue
            head = content[0]
        if not contents:
            if head == "\r":
                # A lone CR (an old Mac line end) before a hand's first line is not part of it.
                stripped = content.lstrip("\r")
                line = line[len(content) - len(stripped) :]
                content = stripped
            first = lineno
            size = 0
        elif head in initials and content.startswith(prefixes) and cuts_at(content):
            yield Chunk(path, first, contents, trailings, raw, bom, overflow, lineno - 1)
            contents, trailings, raw = [], [], []
            bom = overflow = False
            first = lineno
            size = 0
        elif overflow:
            continue
        size += len(line)
        if size > MAX_CHUNK_CHARS:
            overflow = True
            del contents[1:], trailings[1:], raw[1:]
            continue
        contents.append(content)
        tail = line[len(content) :]
        trailing = known_tails.get(tail)
        if trailing is None:
            # The newline (LF or CRLF) is not part of the trailing whitespace.
            if tail.endswith("\r\n"):
                trailing = tail[:-2]
            elif tail.endswith("\n"):
                trailing = tail[:-1]
            else:
                trailing = tail
        trailings.append(trailing)
        raw.append(line)
    if contents:
        yield Chunk(path, first, contents, trailings, raw, bom, overflow, lineno)


def parse_any_chunk(chunk: Chunk, site: Site | None = None) -> Result:
    """The result for one chunk: a hand, an unsupported hand or a rejected chunk. ``site`` is
    the site that owns its first line, when the caller has already asked."""
    head = chunk.contents[0]
    if site is None:
        site = sites.site_for(head)
    if chunk.overflow:
        return ParseError(
            f"chunk of {chunk.end_line - chunk.first_line + 1} lines is too long for a hand",
            file=chunk.path,
            line=chunk.first_line,
            text=head[:200],
            expected=f"a hand of under {MAX_CHUNK_CHARS} characters",
            site=None if site is None else site.name,
        )
    if site is not None:
        try:
            return site.parse(chunk)
        except ParseError as exc:
            # Without its traceback, whose frames would keep the whole chunk and the
            # parser's state alive for as long as the error is kept.
            return _absurd_number(chunk, site, exc.line) or exc.with_traceback(None)
        except Exception as exc:
            absurd = _absurd_number(chunk, site)
            if absurd is not None:
                return absurd
            return ParseError(
                f"the {site.name} parser failed on this hand: {one_line(exc)}",
                file=chunk.path,
                line=chunk.first_line,
                text=head[:200],
                hand_id=_header_id(head),
                site=site.name,
            )
    return ParseError(
        "text outside a hand",
        file=chunk.path,
        line=chunk.first_line,
        text=head,
        expected=sites.expected_first_lines(),
    )


def _absurd_number(chunk: Chunk, site: Site, line: int | None = None) -> ParseError | None:
    """The rejection of a chunk holding a number of more than ``MAX_NUMBER_DIGITS`` digits on
    ``line`` (the line a site could not read), or on any line when None; None if there is
    none. Asked only of chunks a site rejected: the sites' readers take no longer number."""
    search = _LONG_NUMBER.search
    contents = chunk.contents
    if line is None:
        lines = range(len(contents))
    else:
        at = line - chunk.first_line
        lines = range(at, at + 1) if 0 <= at < len(contents) else range(0)
    for i in lines:
        content = contents[i]
        m = search(content)
        if m is not None:
            digits = sum(c.isdigit() for c in m.group())
            return ParseError(
                f"a number of {digits:,} digits: no site writes an amount or id that long",
                file=chunk.path,
                line=chunk.first_line + i,
                column=m.start() + 1,
                text=content[: m.start() + 40] + ("..." if len(content) > m.start() + 40 else ""),
                expected=f"at most {MAX_NUMBER_DIGITS} digits",
                first_line=chunk.first_line,
                hand_id=_header_id(chunk.contents[0]),
                site=site.name,
            )
    return None


_HEADER_ID: Final = re.compile(r"#([0-9]{1,30})\b")


def _header_id(head: str) -> str | None:
    """The hand number of a header line (``#12345``), for a rejection found before parsing."""
    m = _HEADER_ID.search(head)
    return None if m is None else m.group(1)


XML_DECLARATION: Final = "<?xml"


def iter_results(lines: Iterable[str], path: str, *, first_line: int = 1) -> Iterator[Result]:
    """Results for every chunk of the given lines, the first being line ``first_line`` of
    ``path``. Lines whose first (not blank) is a file-reading site's (``sites.file_reader_for``:
    Merge XML) are read by that site, up to where it stops; the rest as text, in chunks."""
    path = path_label(path)
    it = iter(lines)
    skipped = 0
    for line in it:
        head = line.strip(" \t\r\n")
        if head:
            break
        skipped += 1
    else:
        return
    first = head.lstrip(BOM).lstrip(" \t")
    start = first_line + skipped
    if first.startswith(XML_DECLARATION):
        # An XML declaration says nothing of the site: the line after it does (Merge's
        # elements, or another site's XML counted as unsupported).
        held: list[str] = []
        for following in it:
            held.append(following)
            after = following.strip(" \t\r\n")
            if after:
                if sites.file_reader_for(after) is not None:
                    first = after
                break
        it = itertools.chain(held, it)
    site = sites.file_reader_for(first)
    if site is not None:
        handed = yield from site.read_file(itertools.chain((line,), it), path, start)
        if handed is None:
            return
        line, start = handed
    yield from _text_results(itertools.chain((line,), it), path, start)


def _text_results(lines: Iterable[str], path: str, first_line: int) -> Iterator[Result]:
    chunks = split_chunks(lines, path)
    if first_line != 1:
        chunks = _shifted(chunks, first_line - 1)
    return chunk_results(chunks)


def _shifted(chunks: Iterable[Chunk], by: int) -> Iterator[Chunk]:
    for chunk in chunks:
        chunk.first_line += by
        if chunk.end_line:
            chunk.end_line += by
        yield chunk


def chunk_results(chunks: Iterable[Chunk]) -> Iterator[Result]:
    """Results for chunks in the order of their file (see ``hand_chunks``)."""
    for chunk, site in hand_chunks(chunks):
        yield parse_any_chunk(chunk, site)


def hand_chunks(chunks: Iterable[Chunk]) -> Iterator[tuple[Chunk, Site | None]]:
    """The chunks of hands (and of text outside them), each with the site that owns its first
    line. A chunk that starts no hand is given to the site of the hand before it
    (``Site.continuation``): joined to that hand, passed over, or left on its own; separator
    lines are passed over."""
    site_for = sites.site_for
    is_separator = sites.is_separator
    pending: list[Chunk] = []  # a hand's chunks, waiting for what follows them
    owner: Site | None = None  # the site of the chunk that started the last hand
    skipping = False
    for chunk in chunks:
        head = chunk.contents[0]
        if len(chunk.contents) == 1 and is_separator(head):
            continue
        site = site_for(head)
        if site is None and pending and owner is not None:
            if skipping:
                continue
            how = owner.continuation(pending[0], chunk)
            if how is Continuation.SKIP:
                skipping = True
                continue
            if how is Continuation.PART:
                pending.append(chunk)
                continue
        if pending:
            yield _joined(pending), owner
            pending = []
        skipping = False
        owner = site
        if site is None:
            yield chunk, None
        else:
            pending.append(chunk)
    if pending:
        yield _joined(pending), owner


def _joined(chunks: list[Chunk]) -> Chunk:
    """One chunk of a hand's chunks (the chunk itself, as a rule), the blank lines between
    them put back as empty lines."""
    first = chunks[0]
    if len(chunks) == 1:
        return first
    contents = list(first.contents)
    trailings = list(first.trailings)
    raw = list(first.raw)
    last = first.last_line
    overflow = first.overflow
    for chunk in chunks[1:]:
        # The blank lines end as the line before them does (Full Tilt's archive hands keep a
        # blank line after the header, CRLF in CRLF files): the hand is written back exactly.
        newline = "\r\n" if raw[-1].endswith("\r\n") else "\n"
        for _ in range(chunk.first_line - last - 1):
            contents.append("")
            trailings.append("")
            raw.append(newline)
        contents += chunk.contents
        trailings += chunk.trailings
        raw += chunk.raw
        last = chunk.last_line
        overflow = overflow or chunk.overflow
    return Chunk(first.path, first.first_line, contents, trailings, raw, first.bom, overflow, last)


class Reader:
    """Iterates over the results of reading files: ``Hand``, ``ParseError`` (rejected chunk)
    or ``Unsupported``, one per chunk, keeping running ``counts``.

    Each source is a path (a file, a directory searched for ``*.txt`` and ``*.xml``, a glob) or
    a file already open in binary mode (decoded as files are) or text mode (read as it decodes).
    Paths are resolved when the reader is made, so a missing path fails at once with
    ``FileNotFoundError``; ``files`` lists them.
    """

    def __init__(self, *sources: Source) -> None:
        self.sources: list[str | IO[bytes] | IO[str]] = []
        self.files: list[str] = []
        for source in sources:
            if isinstance(source, str | os.PathLike):
                found = expand_paths([source])
                self.sources += found
                self.files += found
            else:
                self.sources.append(source)
        self.counts = ReadCounts()

    def __iter__(self) -> Iterator[Result]:
        counts = self.counts
        for source in self.sources:
            if isinstance(source, str):
                lines, name = decoded_lines(source), source
            else:
                lines, name = buffer_lines(source), buffer_name(source)
            for result in iter_results(lines, name):
                counts.add(result)
                yield result


def buffer_name(f: IO[bytes] | IO[str]) -> str:
    """The name an open file's results carry: its path, or ``<buffer>``."""
    name = getattr(f, "name", None)
    return name if isinstance(name, str) else "<buffer>"


def buffer_lines(f: IO[bytes] | IO[str]) -> Iterator[str]:
    """The lines of an open file from where it stands: a binary one decoded as files are
    (UTF-16 recognised by its first bytes, when it can seek back), a text one as it reads."""
    if isinstance(f.read(0), str):
        return text_lines(cast(IO[str], f))
    return bytes_lines(cast(IO[bytes], f))


def read_results(*sources: Source) -> Reader:
    """Read files, directories (recursively, ``*.txt`` and ``*.xml``), globs and open files;
    iterate over the result of every chunk (``Hand``, ``ParseError`` or ``Unsupported``).
    See ``Reader``."""
    return Reader(*sources)


def read_histories(*sources: Source, on_error: OnError = "raise") -> Iterator[Hand]:
    """Read files, directories (recursively, ``*.txt`` and ``*.xml``), globs and open files
    (binary or text); yield the parsed hands.

    Unsupported games are skipped (use ``read_results`` to see them). A rejected chunk is
    handled by ``on_error``: ``"raise"`` (default) raises its ``ParseError``, ``"warn"`` issues a
    warning and goes on, a callable receives the error and reading goes on.
    """
    reader = Reader(*sources)
    for result in reader:
        if isinstance(result, Hand):
            yield result
        elif isinstance(result, ParseError):
            _handle(result, on_error)


def _handle(error: ParseError, on_error: OnError) -> None:
    if on_error == "raise":
        raise error
    if on_error == "warn":
        warnings.warn(str(error), stacklevel=3)
    elif callable(on_error):
        on_error(error)
    else:
        raise ValueError(f"on_error must be 'raise', 'warn' or a callable, not {on_error!r}")


def _text_lines(text: str) -> list[str]:
    lines = [line + "\n" for line in text.split("\n")]
    lines[-1] = lines[-1][:-1]
    if not lines[-1]:
        lines.pop()
    return lines


def parse_results(text: str, source: str = "<text>") -> list[Result]:
    """The result of every chunk of ``text`` (never raises for bad hands)."""
    return list(iter_results(_text_lines(text), source))


def parse_text(text: str, source: str = "<text>") -> list[Hand]:
    """Parse all the hands in ``text``. Raises the ``ParseError`` of the first chunk that does
    not parse; hands of unsupported games are skipped (``parse_results`` shows them)."""
    hands = []
    for result in iter_results(_text_lines(text), source):
        if isinstance(result, ParseError):
            raise result
        if isinstance(result, Hand):
            hands.append(result)
    return hands


def parse_hand(text: str, source: str = "<text>") -> Hand:
    """Parse ``text`` holding exactly one hand of a supported game, or raise ``ParseError``."""
    results = parse_results(text, source)
    if len(results) != 1:
        raise ParseError(
            f"expected one hand, found {len(results)} chunks",
            file=source,
            line=1,
            expected="exactly one hand",
        )
    result = results[0]
    if isinstance(result, ParseError):
        raise result
    if isinstance(result, Unsupported):
        raise ParseError(
            f"unsupported game: {result.game} ({result.site})",
            file=source,
            line=result.line,
            expected="a 2-7 Triple Draw or 2-7 Single Draw hand",
            hand_id=result.hand_id,
        )
    return result
