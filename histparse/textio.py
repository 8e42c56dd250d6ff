"""Site-neutral text input: files read in bounded byte pieces, decoded line by line.

UTF-8 (with or without BOM), UTF-16 (with a BOM, or recognised by its zero bytes) and stray
Windows-1252 bytes; no line longer than ``MAX_LINE`` is ever held. Nothing here knows a site.
"""

from __future__ import annotations

import codecs
import io
import os
import unicodedata
from collections.abc import Iterator
from typing import IO, BinaryIO, Final, cast

__all__ = [
    "BOM",
    "MAX_LINE",
    "NotUTF16",
    "PathArg",
    "binary_lines",
    "byte_pieces",
    "bytes_lines",
    "decode_line",
    "decoded_lines",
    "lines_of_bytes",
    "one_line",
    "path_label",
    "read_utf16_line",
    "shown",
    "text_lines",
    "utf16_codec",
    "utf16_encoding",
    "utf16_lines",
    "utf16_units",
    "visible",
]

PathArg = str | os.PathLike[str]

# Bounds that keep memory flat on hostile input; real hands are far below them (lines of
# under 300 characters).
MAX_LINE: Final = 1 << 16
_BLOCK: Final = 1 << 15  # bytes read at a time; below MAX_LINE (see byte_pieces)
BOM: Final = "\ufeff"
_UTF16_BOMS: Final = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)


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


def _bounded_utf16(f: IO[str], offset: int) -> Iterator[tuple[int, str]]:
    """As ``_bounded_bytes``, for a UTF-16 text file (``MAX_LINE`` characters), each line with
    the byte offset where it starts, the first being ``offset`` (``text_lines`` reads any text
    file through it and drops the offsets)."""
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
    if head.startswith(_UTF16_BOMS):
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
        bom = not start and head.startswith(_UTF16_BOMS)
        yield from _utf16_from(f, codec, start, bom)


def _utf16_from(f: BinaryIO, codec: str, start: int, bom: bool) -> Iterator[tuple[int, str]]:
    """The lines of the UTF-16 file ``f`` from byte ``start`` with their byte offsets; with
    ``bom``, a BOM stands at ``start``: it is not read as text but marked on the first line, as
    a UTF-8 one is. ``f`` stays open."""
    at = start + 2 if bom else start
    f.seek(at)
    # newline="\n": split on LF only and keep CR, so CRLF survives as written.
    text = io.TextIOWrapper(f, encoding=codec, errors="replace", newline="\n")
    try:
        lines = _bounded_utf16(text, at)
        if bom:
            first = next(lines, None)
            if first is None:
                return
            yield start, BOM + first[1]
        yield from lines
    finally:
        text.detach()


def binary_lines(f: BinaryIO) -> Iterator[str]:
    """The lines of a binary file (not UTF-16) from where it stands, decoded as
    ``decoded_lines`` decodes them."""
    for piece, whole in byte_pieces(f):
        if whole:
            yield from lines_of_bytes(piece)
        else:
            yield decode_line(piece)


def bytes_lines(f: IO[bytes]) -> Iterator[str]:
    """The lines of an open binary file from where it stands, decoded as ``decoded_lines``
    decodes a file: UTF-16 is recognised by its first bytes when the file can seek back to
    them, anything else is read as UTF-8 (or Windows-1252, line by line)."""
    if f.seekable():
        binary = cast(BinaryIO, f)
        start = f.tell()
        head = f.read(4)
        codec = utf16_codec(head)
        if codec is not None:
            for _, line in _utf16_from(binary, codec, start, head.startswith(_UTF16_BOMS)):
                yield line
            return
        f.seek(start)
    yield from binary_lines(cast(BinaryIO, f))


def text_lines(f: IO[str]) -> Iterator[str]:
    """The lines of an open text file, newlines kept, each cut to ``MAX_LINE`` characters (the
    rest of a longer line is read and dropped, so memory stays bounded)."""
    for _, line in _bounded_utf16(f, 0):
        yield line


def one_line(exc: BaseException, limit: int = 200) -> str:
    """``Type: message`` of an exception, on one line of at most ``limit`` characters."""
    text = " ".join(str(exc).split())
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def visible(text: str) -> str:
    """``text`` with every control, format (bidi overrides, zero-width) or other invisible
    character written as ``\\xNN`` / ``\\uNNNN``, so a name prints as what it is."""
    if text.isprintable():
        return text
    out = []
    for c in text:
        if c.isprintable() or (c == " "):
            out.append(c)
        elif unicodedata.category(c) in ("Zs",):
            out.append(f"\\u{ord(c):04x}")
        else:
            code = ord(c)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
    return "".join(out)


def _escaped_bytes(text: str) -> str:
    return "".join(f"\\x{ord(c) - 0xDC00:02x}" if "\udc80" <= c <= "\udcff" else c for c in text)


def path_label(path: PathArg) -> str:
    """The name results carry for ``path`` (``Hand.source.path``, ``ParseError.file``, the
    Parquet ``source`` column): the name itself when it is UTF-8, as every valid name is kept
    byte for byte; a name that is not (legal on Linux) with each byte that is not UTF-8
    written ``\\xNN``, so that it can be written out as text (UTF-8 has no lone surrogates)."""
    text = os.fsdecode(path)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _escaped_bytes(text)
    return text


def shown(path: object) -> str:
    """A file name as it may be printed: the bytes of a name that is not UTF-8 (decoded by
    ``os.fsdecode`` with surrogateescape, as Python gives them) written ``\\xNN``, and control
    or invisible characters as ``visible`` writes them; so a name never breaks the output
    (an encoding error) nor moves the terminal's cursor."""
    text = os.fsdecode(path) if isinstance(path, (str, bytes, os.PathLike)) else str(path)
    if text.isprintable():
        return text
    return visible(_escaped_bytes(text))
