"""Read hand-history files: paths, encodings, splitting into hands, streaming, counting.

Files are read in blocks of a few tens of kilobytes, split into lines and handed on one hand at
a time, so memory does not grow with the file size. Every chunk of text is accounted for: each
one is a parsed ``Hand``, a rejected chunk (``ParseError``) or an ``Unsupported`` hand, and
``read == parsed + rejected + unsupported``.
"""

from __future__ import annotations

import codecs
import glob
import io
import os
import re
import warnings
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO, Final, Literal, TextIO

from histparse.events import Hand
from histparse.parsing.errors import ParseError, Unsupported
from histparse.parsing.header import SITE, is_header
from histparse.parsing.pokerstars import Chunk, parse_chunk

PathArg = str | os.PathLike[str]
Result = Hand | ParseError | Unsupported
OnError = Literal["raise", "warn"] | Callable[[ParseError], object]

_GLOB_CHARS: Final = frozenset("*?[")
# Bounds that keep memory flat on hostile input; real hands are far below them (lines of
# under 300 characters, hands of under 200 lines).
MAX_LINE: Final = 1 << 16
MAX_CHUNK_CHARS: Final = 1 << 20
_BLOCK: Final = 1 << 15  # bytes read at a time; below MAX_LINE (see byte_pieces)
BOM: Final = "\ufeff"
_SUMMARY_START: Final = "PokerStars Tournament #"
_TAILS: Final = {"": "", "\n": "", "\r\n": "", " \n": " ", " \r\n": " ", " ": " "}
_SUMMARY: Final = "tournament summary"
MAX_GAMES: Final = 256
OTHER_GAMES: Final = "other games"

# First lines of hands (or of their files' text) from sites this package does not parse:
# counted as unsupported, by site and, where the first line says it, game.
_OTHER_SITES: Final = (
    ("Full Tilt Poker Game #", "Full Tilt Poker", "unknown"),
    ("FullTiltPoker Game #", "Full Tilt Poker", "unknown"),
    ("Full Tilt Poker Tournament Summary ", "Full Tilt Poker", _SUMMARY),
    ("Winamax Poker - ", "Winamax", "unknown"),
    ("***** History for hand ", "Ongame", "unknown"),
    # XML: Merge prints a <description> before the first <game> of a file.
    ("<description type=", "Merge", "unknown"),
    ("<game id=", "Merge", "unknown"),
    ("<HISTORY ID=", "Boss Media", "unknown"),
)
_OTHER_PREFIXES: Final = tuple(prefix for prefix, _, _ in _OTHER_SITES)
# Full Tilt's archive export puts "******************** # 1 ******..." alone before each hand:
# a separator, not a hand, so it is passed over.
_FT_SEPARATOR: Final = re.compile(r"\*{10,} # \d+ \*{10,}")
# Kings Club: "#39879543: Limit 2-7 Triple Draw - 44/88" (its date is on the next line).
_KINGS_CLUB: Final = re.compile(r"#\d+: (.{1,80}) - [\d,.]+/[\d,.]+")


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
    game = f"{hand.game.value} {hand.limit_type.value}"
    return game if hand.mixed_game is None else f"{hand.mixed_game} ({game})"


def expand_paths(paths: Iterable[PathArg]) -> list[str]:
    """Files named by ``paths``: files as given, directories searched recursively for
    ``*.txt``, and glob patterns. Raises ``FileNotFoundError`` for a path that matches nothing."""
    out: list[str] = []
    for p in paths:
        text = os.fspath(p)
        path = Path(text)
        if path.is_dir():
            out.extend(sorted(str(f) for f in path.rglob("*.txt") if f.is_file()))
        elif path.exists():
            out.append(text)
        elif _GLOB_CHARS & set(text):
            matches = sorted(m for m in glob.glob(text, recursive=True) if Path(m).is_file())
            if not matches:
                raise FileNotFoundError(f"no file matches {text!r}")
            out.extend(matches)
        else:
            raise FileNotFoundError(f"no such file or directory: {text!r}")
    return out


def byte_pieces(f: BinaryIO) -> Iterator[tuple[bytes, bool]]:
    """The bytes of a binary file in pieces: ``(whole lines, True)``, or ``(line, False)`` for
    a line without its newline: the file's last line when it has none, and the first
    ``MAX_LINE`` bytes of a longer line (the rest of that line is read and dropped) so that
    one enormous line cannot exhaust memory.

    Read in blocks of ``_BLOCK`` bytes, smaller than ``MAX_LINE``: only the first line of a
    block, the one that started in the block before, can be too long."""
    read = f.read
    carry = b""  # the start of a line whose newline is in a later block
    skipping = False  # dropping the rest of a line cut at MAX_LINE
    while data := read(_BLOCK):
        if skipping:
            newline = data.find(b"\n")
            if newline < 0:
                continue
            data = data[newline + 1 :]
            skipping = False
        if carry:
            data = carry + data
        end = data.rfind(b"\n") + 1
        carry = data[end:]
        if end:
            start = 0
            newline = data.find(b"\n")
            if newline >= MAX_LINE:
                yield data[:MAX_LINE], False
                start = newline + 1
            if start < end:
                yield data[start:end], True
        if len(carry) >= MAX_LINE:
            yield carry[:MAX_LINE], False
            carry = b""
            skipping = True
    if carry:
        yield carry, False


def decode_line(raw: bytes) -> str:
    """One line's bytes as text: UTF-8, or Windows-1252 when they are not UTF-8."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


def lines_of_bytes(piece: bytes) -> list[str]:
    """The lines of a piece of whole lines, decoded, newlines kept."""
    try:
        text = piece.decode("utf-8")
    except UnicodeDecodeError:
        # A stray byte: decode line by line, so only its line is read as Windows-1252.
        return [decode_line(raw + b"\n") for raw in piece.split(b"\n")[:-1]]
    lines = text.splitlines(keepends=True)
    if len(lines) != text.count("\n"):
        # A line break other than LF or CRLF (a lone CR, a form feed...) is part of its line.
        lines = [line + "\n" for line in text.split("\n")[:-1]]
    return lines


def utf16_units(text: str) -> int:
    """How many UTF-16 code units ``text`` takes (read with errors="replace", it holds no lone
    surrogate: each unit that was one became a U+FFFD)."""
    return len(text) if text.isascii() else len(text.encode("utf-16-le", "surrogatepass")) // 2


def read_utf16_line(f: BinaryIO, codec: str) -> str:
    """The line at the position of the binary file ``f`` as ``utf16_lines`` reads it (its
    first ``MAX_LINE`` characters), ``codec`` being the file's ``utf-16-le`` or ``-be``."""
    text = io.TextIOWrapper(f, encoding=codec, errors="replace", newline="\n")
    try:
        return text.readline(MAX_LINE)
    finally:
        text.detach()  # f stays open: it is the caller's


def _bounded_utf16(f: TextIO, offset: int) -> Iterator[tuple[int, str]]:
    """As ``_bounded_bytes``, for a UTF-16 text file (``MAX_LINE`` characters), each line with
    the byte offset where it starts, the first being ``offset``."""
    readline = f.readline
    while line := readline(MAX_LINE):
        units = utf16_units(line)
        if len(line) == MAX_LINE and not line.endswith("\n"):
            while rest := readline(MAX_LINE):
                units += utf16_units(rest)
                if rest.endswith("\n"):
                    break
        yield offset, line
        offset += 2 * units


def utf16_encoding(head: bytes) -> str | None:
    """The UTF-16 codec of a file that starts with the four bytes ``head``: ``utf-16`` with a
    BOM, ``utf-16-le``/``-be`` recognised by their zero bytes; None for anything else."""
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    if len(head) >= 4 and head[1] == 0 and head[3] == 0 and head[0] and head[2]:
        return "utf-16-le"
    if len(head) >= 4 and head[0] == 0 and head[2] == 0 and head[1] and head[3]:
        return "utf-16-be"
    return None


def decoded_lines(path: PathArg) -> Iterator[str]:
    """The lines of a file, decoded, newlines kept, read lazily.

    UTF-8 (a BOM is kept as the first character so callers can record it), UTF-16 with a BOM
    or, recognised by its zero bytes, without one; bytes that are not UTF-8 are read as
    Windows-1252 line by line, so one stray byte does not lose the file. Lines longer than
    ``MAX_LINE`` are cut (such a line is never part of a real hand and will be rejected).
    """
    with open(path, "rb") as f:
        if utf16_encoding(f.read(4)) is not None:
            for _, line in utf16_lines(path):
                yield line
            return
        f.seek(0)
        yield from binary_lines(f)


class NotUTF16(ValueError):
    """``utf16_lines`` was given a file that is not UTF-16."""


def utf16_codec(head: bytes) -> str | None:
    """The codec reading a file that starts with the four bytes ``head`` from any of its line
    starts (``utf-16-le`` or ``-be``, the byte order of a BOM made explicit); None if the file
    is not UTF-16."""
    encoding = utf16_encoding(head)
    if encoding == "utf-16":
        return "utf-16-le" if head.startswith(codecs.BOM_UTF16_LE) else "utf-16-be"
    return encoding


def utf16_lines(path: PathArg, start: int = 0) -> Iterator[tuple[int, str]]:
    """The lines of a UTF-16 file from byte ``start`` (0, or where a line starts), as
    ``decoded_lines`` reads them, each with the byte offset where it starts."""
    with open(path, "rb") as f:
        head = f.read(4)
        codec = utf16_codec(head)
        if codec is None:
            raise NotUTF16(f"{path} is not a UTF-16 file")
        bom = not start and head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE))
        f.seek(2 if bom else start)
        # newline="\n": split on LF only and keep CR, so CRLF survives as written.
        with io.TextIOWrapper(f, encoding=codec, errors="replace", newline="\n") as t:
            lines = _bounded_utf16(t, 2 if bom else start)
            if bom:
                # The BOM is not read as text; mark it on the first line like a UTF-8 one.
                first = next(lines, None)
                if first is None:
                    return
                yield 0, BOM + first[1]
            yield from lines


def binary_lines(f: BinaryIO) -> Iterator[str]:
    """The lines of a binary file (not UTF-16) from where it stands, decoded as
    ``decoded_lines`` decodes them."""
    for piece, whole in byte_pieces(f):
        if whole:
            yield from lines_of_bytes(piece)
        else:
            yield decode_line(piece)


def split_chunks(lines: Iterable[str], path: str) -> Iterator[Chunk]:
    """Group lines into chunks: a chunk ends at a blank line and before a header line.

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
            first = lineno
            size = 0
        elif head == "P" and is_header(content):
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


def parse_any_chunk(chunk: Chunk) -> Result:
    """The result for one chunk: a hand, an unsupported hand or a rejected chunk."""
    head = chunk.contents[0]
    if chunk.overflow:
        return ParseError(
            f"chunk of {chunk.end_line - chunk.first_line + 1} lines is too long for a hand",
            file=chunk.path,
            line=chunk.first_line,
            text=head[:200],
            expected=f"a hand of under {MAX_CHUNK_CHARS} characters",
        )
    if head.startswith("PokerStars "):
        if is_header(head):
            try:
                return parse_chunk(chunk)
            except ParseError as exc:
                # Without its traceback, whose frames would keep the whole chunk and the
                # parser's state alive for as long as the error is kept.
                return exc.with_traceback(None)
        if head.startswith(_SUMMARY_START):
            return Unsupported(SITE, _SUMMARY, chunk.path, chunk.first_line)
    other = _other_site(head)
    if other is not None:
        return Unsupported(*other, chunk.path, chunk.first_line)
    return ParseError(
        "text outside a hand",
        file=chunk.path,
        line=chunk.first_line,
        text=head,
        expected="a PokerStars header line ('PokerStars Game #<id>: ...')",
    )


def iter_results(lines: Iterable[str], path: str) -> Iterator[Result]:
    """Results for every chunk of the given lines."""
    return chunk_results(split_chunks(lines, path))


def chunk_results(chunks: Iterable[Chunk]) -> Iterator[Result]:
    """Results for chunks in the order of their file."""
    absorbing = False
    for chunk in chunks:
        if len(chunk.contents) == 1 and _FT_SEPARATOR.fullmatch(chunk.contents[0]):
            continue
        if absorbing and not _starts_hand(chunk.contents[0]):
            # Tournament summaries and other sites' hands contain blank lines: the headerless
            # chunks that follow them are part of the same unsupported text, not garbage.
            continue
        result = parse_any_chunk(chunk)
        absorbing = isinstance(result, Unsupported) and (
            result.site != SITE or result.game == _SUMMARY
        )
        yield result


def _other_site(head: str) -> tuple[str, str] | None:
    """The site and game of another site's first line; None if it is none we know."""
    if head.startswith(_OTHER_PREFIXES):
        for prefix, site, game in _OTHER_SITES:
            if head.startswith(prefix):
                return site, game
    if head.startswith("#"):
        m = _KINGS_CLUB.fullmatch(head)
        if m is not None:
            return "Kings Club", m.group(1)
    return None


def _starts_hand(head: str) -> bool:
    return is_header(head) or head.startswith(_SUMMARY_START) or _other_site(head) is not None


class Reader:
    """Iterates over the results of reading files: ``Hand``, ``ParseError`` (rejected chunk)
    or ``Unsupported``, one per chunk, keeping running ``counts``.

    Paths are resolved when the reader is made, so a missing path fails at once with
    ``FileNotFoundError``.
    """

    def __init__(self, *paths: PathArg) -> None:
        self.files: list[str] = expand_paths(paths)
        self.counts = ReadCounts()

    def __iter__(self) -> Iterator[Result]:
        counts = self.counts
        for path in self.files:
            for result in iter_results(decoded_lines(path), path):
                counts.add(result)
                yield result


def read_results(*paths: PathArg) -> Reader:
    """Read files, directories (recursively, ``*.txt``) and globs; iterate over the result
    of every chunk (``Hand``, ``ParseError`` or ``Unsupported``). See ``Reader``."""
    return Reader(*paths)


def read_histories(*paths: PathArg, on_error: OnError = "raise") -> Iterator[Hand]:
    """Read files, directories (recursively, ``*.txt``) and globs; yield the parsed hands.

    Unsupported games are skipped (use ``read_results`` to see them). A rejected chunk is
    handled by ``on_error``: ``"raise"`` (default) raises its ``ParseError``, ``"warn"`` issues a
    warning and goes on, a callable receives the error and reading goes on.
    """
    reader = Reader(*paths)
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
