"""A Merge file, streamed: its top-level elements, the file-level ``<description>``, its games.

A Merge file is not one XML document: a ``<description/>`` and then ``<game>`` elements with
blank lines between them, and no root. The lines are grouped into top-level elements (a
``<game ...>`` line to its ``</game>``), each parsed on its own by a fresh hardened expat
parser (``element.parse_element``): a broken game is one rejected chunk and the next game is
read afresh, which one parser over the whole file could not do (expat stops at the first
error). Only one element is held at a time, bounded by ``MAX_CHUNK_CHARS``, so memory stays
flat whatever the file size. The last ``<description>`` read is the state every later game of
the file is read under (a file may have none).

The stream stops, handing the rest back, at a line that starts another site's hand (a first
line the registry cuts at): parallel pieces start there too, so reading a file whole or in
pieces gives the same results.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from typing import Final

from histparse.events import Hand
from histparse.reading import Chunk, ParseError, Unsupported
from histparse.sites.merge.element import Node, XmlError, parse_element
from histparse.sites.merge.layout import Description
from histparse.sites.merge.parse import SITE, GameError, build_hand, error_of

__all__ = ["MAX_ELEMENT_CHARS", "Result", "parse_chunk", "read_lines"]

Result = Hand | ParseError | Unsupported
# As the text reader's MAX_CHUNK_CHARS: a real game is under 25,000 characters.
MAX_ELEMENT_CHARS: Final = 1 << 20
_STRIP: Final = " \t\r\n"
_BOM: Final = "\ufeff"
_GAME: Final = ("<game ", "<game>")
_DESCRIPTION: Final = "<description"
_DECLARATION: Final = "<?xml"


class _Broken:
    """A description that could not be read: the games after it are not read under a guess."""

    def __init__(self, line: int) -> None:
        self.line = line


def _trailing(line: str) -> str:
    tail = line[len(line.rstrip(_STRIP)) :]
    if tail == "\r\n" or tail == "\n":
        return ""
    return tail[:-2] if tail.endswith("\r\n") else tail[:-1] if tail.endswith("\n") else tail


class _Element:
    """The lines of one top-level element being gathered (as decoded, newlines kept)."""

    __slots__ = ("bom", "first", "overflow", "raw", "size")

    def __init__(self, first: int, bom: bool) -> None:
        self.first = first
        self.bom = bom
        self.raw: list[str] = []
        self.size = 0
        self.overflow = False

    def add(self, line: str) -> None:
        self.size += len(line)
        if self.overflow:
            return
        if self.size > MAX_ELEMENT_CHARS and self.raw:
            self.overflow = True
            return
        self.raw.append(line)

    def chunk(self, path: str, last: int) -> Chunk:
        raw = self.raw
        contents = [line.rstrip(_STRIP) for line in raw]
        trailings = [_trailing(line) for line in raw]
        return Chunk(path, self.first, contents, trailings, raw, self.bom, self.overflow, last)


def read_lines(
    lines: Iterator[str],
    path: str,
    first_line: int,
    cuts_at: Callable[[str], bool] = lambda line: False,
) -> Generator[Result, None, tuple[str, int] | None]:
    """The results of a Merge file's lines (the first is line ``first_line``): one a game,
    and one a rejected piece of text. Returns the line (and its number) where another site's
    hand starts, if one does (``cuts_at``), the rest of ``lines`` being left unread."""
    description: Description | _Broken | None = None
    element: _Element | None = None
    outside: _Element | None = None  # text outside any element
    lineno = first_line - 1
    for lineno, line in enumerate(lines, first_line):
        content = line.rstrip(_STRIP)
        bom = content.startswith(_BOM)
        if bom:
            content = content[1:]
            line = line[1:]
        head = content.lstrip(" \t\r")  # a lone CR (an old Mac line end) is a blank
        if lineno == first_line and head.startswith(_DECLARATION) and head.endswith("?>"):
            continue  # an XML declaration before the elements (the reader saw one follow)
        starts_game = head.startswith(_GAME)
        starts_description = head.startswith(_DESCRIPTION)
        if element is not None:
            # Element lines start with "<": no other site's first line does.
            if starts_game or starts_description or (head[:1] not in "<" and cuts_at(head)):
                yield _truncated(element.chunk(path, lineno - 1))
                element = None
            else:
                element.add(line)
                if head.endswith("</game>"):
                    yield _game(element.chunk(path, lineno), description)
                    element = None
                continue
        if not head:
            if outside is not None:
                yield _outside(outside.chunk(path, lineno - 1))
                outside = None
            continue
        if outside is not None and (starts_game or starts_description or cuts_at(head)):
            yield _outside(outside.chunk(path, lineno - 1))
            outside = None
        if starts_description and head.endswith("/>"):
            one = _Element(lineno, bom)
            one.add(line)
            read = _description(one.chunk(path, lineno))
            if isinstance(read, ParseError):
                yield read
                description = _Broken(lineno)
            else:
                description = read
        elif starts_game:
            element = _Element(lineno, bom)
            element.add(line)
            if head.endswith("</game>"):
                yield _game(element.chunk(path, lineno), description)
                element = None
        elif cuts_at(head):
            return line, lineno
        else:
            if outside is None:
                outside = _Element(lineno, bom)
            outside.add(line)
    if element is not None:
        yield _truncated(element.chunk(path, lineno))
    if outside is not None:
        yield _outside(outside.chunk(path, lineno))
    return None


def parse_chunk(chunk: Chunk) -> Result:
    """One chunk holding one game (after a description, maybe), as the text reader cuts a
    Merge game out of a file of another site's hands."""
    results = list(read_lines(iter(chunk.raw), chunk.path, chunk.first_line))
    games = [r for r in results if not isinstance(r, ParseError)]
    errors = [r for r in results if isinstance(r, ParseError)]
    if len(results) == 1:
        return results[0]
    if errors:
        return errors[0]
    return ParseError(
        f"{len(games)} games in one chunk: Merge games are read from a Merge file",
        file=chunk.path,
        line=chunk.first_line,
        text=chunk.contents[0][:200],
        expected="one <game> element",
        site=SITE,
    )


def _outside(chunk: Chunk) -> ParseError:
    return ParseError(
        "text outside a Merge game",
        file=chunk.path,
        line=chunk.first_line,
        column=1,
        text=chunk.contents[0],
        expected="a <game> or <description> element",
        site=SITE,
    )


def _truncated(chunk: Chunk) -> ParseError:
    # At its last line that is not blank.
    last = max(k for k, content in enumerate(chunk.contents) if content.strip() or k == 0)
    return ParseError(
        "the game ends without </game>",
        file=chunk.path,
        line=chunk.first_line + last,
        column=len(chunk.contents[last]) + 1,
        text=chunk.contents[last],
        expected="</game>",
        first_line=chunk.first_line,
        hand_id=_game_id(chunk.contents[0]),
        site=SITE,
    )


def _game_id(head: str) -> str | None:
    start = head.find('id="')
    if start < 0:
        return None
    end = head.find('"', start + 4)
    return head[start + 4 : end] if 0 < end - start - 4 <= 40 else None


def _xml_error(chunk: Chunk, exc: XmlError, hid: str | None) -> ParseError:
    index = min(max(exc.line - 1, 0), len(chunk.contents) - 1)
    return ParseError(
        f"not a well-formed Merge element: {exc.message}",
        file=chunk.path,
        line=chunk.first_line + index,
        column=exc.column,
        text=chunk.contents[index],
        expected="well-formed XML",
        first_line=chunk.first_line,
        hand_id=hid,
        site=SITE,
    )


def _description(chunk: Chunk) -> Description | ParseError:
    try:
        node = parse_element(chunk.raw)
    except XmlError as exc:
        return _xml_error(chunk, exc, None)
    kind, stakes = node.attrs.get("type"), node.attrs.get("stakes")
    if node.tag != "description" or kind is None or stakes is None or node.children:
        return ParseError(
            "a <description> without its type= and stakes=",
            file=chunk.path,
            line=chunk.first_line,
            text=chunk.contents[0],
            expected='<description type=".." stakes=".."/>',
            site=SITE,
        )
    return Description(kind, stakes)


def _game(chunk: Chunk, description: Description | _Broken | None) -> Result:
    hid = _game_id(chunk.contents[0])
    if chunk.overflow:
        return ParseError(
            f"a game of more than {MAX_ELEMENT_CHARS:,} characters",
            file=chunk.path,
            line=chunk.first_line,
            text=chunk.contents[0][:200],
            expected="a game of real size",
            hand_id=hid,
            site=SITE,
        )
    if isinstance(description, _Broken):
        return ParseError(
            f"the game comes after the description of line {description.line}, which could "
            "not be read",
            file=chunk.path,
            line=chunk.first_line,
            text=chunk.contents[0][:200],
            expected="a readable <description>",
            hand_id=hid,
            site=SITE,
        )
    try:
        node = parse_element(chunk.raw)
    except XmlError as exc:
        return _xml_error(chunk, exc, hid)
    first = chunk.first_line

    def line(n: Node) -> int:
        return first + n.line - 1

    if node.tag != "game":
        return error_of(chunk, GameError(f"<{node.tag}> is not a game", node, "<game>"), line, hid)
    try:
        return build_hand(chunk, node, description, line)
    except GameError as exc:
        return error_of(chunk, exc, line, hid)
