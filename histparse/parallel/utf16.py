"""Find the lines that may start a hand in a block of a UTF-16 file, by byte offset.

What ``ranges`` does with a byte search for the other files, done here on the block's text:
a block is any even byte range of the file, decoded alone by the codec (so the blocks of one
file are scanned in parallel and each sends back a small message), and text positions are
turned into byte offsets by counting UTF-16 units. A line is what ``textio.utf16_lines``
reads: it ends at a LF unit, and only its first ``MAX_LINE`` characters are kept.
"""

from __future__ import annotations

import codecs
from collections.abc import Iterator
from typing import BinaryIO, Final

from histparse import sites, textio

__all__ = ["Heads", "scan"]

_LOOK_BACK: Final = 1 << 16
_BLANK: Final = frozenset(" \t\r\n")
_BOMS: Final = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)

# (byte offset, LF units between the block's start and the line, a piece may start there)
Heads = list[tuple[int, int, bool]]


def scan(
    path: str, start: int, end: int, head_starts: tuple[str, ...]
) -> tuple[Heads, int, bool] | None:
    """The lines of bytes ``[start, end)`` (``start`` even) of the UTF-16 file ``path`` that
    start with one of ``head_starts``, the block's LF count and whether its last unit is a LF;
    None if the file is no longer UTF-16 or is shorter than ``end`` bytes."""
    with open(path, "rb") as f:
        first = f.read(4)
        codec = textio.utf16_codec(first)
        if codec is None:
            return None
        at_line_start = _starts_line(f, start, codec)
        f.seek(start)
        body = end - start
        # A few units more show a head line that starts in the block and goes on past it.
        data = f.read(body + 2 * max(map(len, head_starts), default=0))
        if len(data) < body:
            return None
        text = data.decode(codec, "replace")
        block = data[:body].decode(codec, "replace")
        heads: Heads = []
        lfs = offset = done = 0  # LFs in, and bytes of, text[:done]
        for at in _line_starts(text, head_starts, at_line_start):
            offset += 2 * textio.utf16_units(text[done:at])
            lfs += text.count("\n", done, at)
            done = at
            if start + offset >= end:
                break
            if text.startswith(head_starts, at):
                content = _line(f, codec, text, at, start + offset).rstrip(" \t\r\n")
                after_bom = _after_bom(f, codec, text, at, start, at_line_start)
                heads.append((start + offset, lfs, sites.cuts_at(content) and not after_bom))
    # A file that is only a BOM has no line at all, as the reader reads it.
    bom_only = start == 0 and body == 2 and first.startswith(_BOMS)
    ends_line = block.endswith("\n") or bom_only
    return heads, block.count("\n"), ends_line


def _line_starts(text: str, starts: tuple[str, ...], at_line_start: bool) -> Iterator[int]:
    """Where in ``text`` a line starting with one of ``starts`` may start, in order: at 0 if a
    line starts there (whatever it holds: the caller checks), then after each newline that
    one of them follows."""
    if at_line_start:
        yield 0
    found: set[int] = set()
    for start in starts:
        pattern = "\n" + start
        k = text.find(pattern)
        while k >= 0:
            found.add(k + 1)
            k = text.find(pattern, k + 1)
    yield from sorted(found)


def _line(f: BinaryIO, codec: str, text: str, at: int, offset: int) -> str:
    """The line starting at ``text[at]`` (byte ``offset``) as the reader reads it."""
    lf = text.find("\n", at, at + textio.MAX_LINE)
    if lf >= 0:
        return text[at : lf + 1]
    # Longer than what was decoded, or than MAX_LINE: read as the reader reads it.
    f.seek(offset)
    return textio.read_utf16_line(f, codec)


def _starts_line(f: BinaryIO, offset: int, codec: str) -> bool:
    """Whether a line starts at byte ``offset`` (even) of the file."""
    if offset == 0:
        return True
    f.seek(offset - 2)
    return f.read(2) == "\n".encode(codec)


def _after_bom(
    f: BinaryIO, codec: str, text: str, at: int, start: int, at_line_start: bool
) -> bool:
    """Whether the last line before the one at ``text[at]`` that is not blank is a BOM alone
    (``text`` is the file's from byte ``start``, which is a line start if ``at_line_start``):
    looked for in ``text``, then, if that is blank, back in the file."""
    while True:
        j = at - 1
        while j >= 0 and text[j] in _BLANK:
            j -= 1
        if j >= 0:
            if text[j] != textio.BOM:
                return False
            return text[j - 1] == "\n" if j else at_line_start
        if start == 0:
            return False
        end, start = start, max(0, start - _LOOK_BACK)
        f.seek(start)
        text = f.read(end - start).decode(codec, "replace")
        at = len(text)
        at_line_start = _starts_line(f, start, codec)
