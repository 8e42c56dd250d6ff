"""One Merge element (a ``<game>`` or a ``<description/>``) parsed by expat, hardened.

The standard library's streaming parser (``xml.parsers.expat``) is fed the element's lines one
at a time, and builds a small tree of ``Node``s that keep their line numbers (ElementTree's
pull parser does not give them, and findings must name lines). Hostile input is refused the
way ``defusedxml`` refuses it: any document type declaration (so no entity can be declared,
hence no entity expansion beyond the five predefined ones, and no external entity or DTD is
ever fetched), processing instructions are ignored, parameter entities are never parsed; and
the tree is bounded (depth, nodes, attribute sizes), so a game costs bounded memory.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final
from xml.parsers import expat

__all__ = ["MAX_ATTRIBUTE", "MAX_DEPTH", "MAX_NODES", "Node", "XmlError", "parse_element"]

MAX_DEPTH: Final = 8  # game > round > event is 3 deep
MAX_NODES: Final = 4096  # a real game has under 60 elements
MAX_ATTRIBUTE: Final = 4096  # a chat line's text is the longest attribute (under 100 characters)


class XmlError(ValueError):
    """Text that is not a well-formed, allowed Merge element: ``line`` (1-based, in the text
    fed) and ``column`` (1-based) say where."""

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column


class Node:
    """An element: its tag, attributes, 1-based line and column in the text fed, children."""

    __slots__ = ("attrs", "children", "column", "line", "tag")

    def __init__(
        self, tag: str, attrs: dict[str, str], line: int, column: int, children: list[Node]
    ) -> None:
        self.tag = tag
        self.attrs = attrs
        self.line = line
        self.column = column
        self.children = children


class _Builder:
    __slots__ = ("count", "parser", "root", "stack")

    def __init__(self, parser: expat.XMLParserType) -> None:
        self.parser = parser
        self.stack: list[Node] = []
        self.root: Node | None = None
        self.count = 0

    def _fail(self, message: str) -> None:
        p = self.parser
        raise XmlError(message, p.CurrentLineNumber, p.CurrentColumnNumber + 1)

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        self.count += 1
        stack = self.stack
        if self.count > MAX_NODES:
            self._fail(f"more than {MAX_NODES} elements in one game")
        if len(stack) >= MAX_DEPTH:
            self._fail(f"elements nested more than {MAX_DEPTH} deep")
        if attrs and max(map(len, attrs.values())) > MAX_ATTRIBUTE:
            self._fail(f"an attribute of more than {MAX_ATTRIBUTE} characters")
        p = self.parser
        node = Node(tag, attrs, p.CurrentLineNumber, p.CurrentColumnNumber + 1, [])
        if stack:
            stack[-1].children.append(node)
        elif self.root is None:
            self.root = node
        stack.append(node)

    def end(self, tag: str) -> None:
        self.stack.pop()

    def text(self, data: str) -> None:
        if data.strip():
            self._fail(f"text between elements: {data.strip()[:40]!r}")

    def doctype(self, *args: object) -> None:
        self._fail("a document type declaration (refused: entities and DTDs are not read)")

    def entity(self, *args: object) -> None:
        self._fail("an entity declaration (refused)")

    def external(self, *args: object) -> int:
        self._fail("an external entity reference (refused)")
        return 0


_HANDLERS: Final = (
    "StartElementHandler",
    "EndElementHandler",
    "CharacterDataHandler",
    "StartDoctypeDeclHandler",
    "EntityDeclHandler",
    "UnparsedEntityDeclHandler",
    "ExternalEntityRefHandler",
)


def _unhook(parser: expat.XMLParserType) -> None:
    for name in _HANDLERS:
        setattr(parser, name, None)


def parse_element(lines: Iterable[str]) -> Node:
    """The one element the lines hold, or ``XmlError``."""
    parser = expat.ParserCreate()
    b = _Builder(parser)
    parser.StartElementHandler = b.start
    parser.EndElementHandler = b.end
    parser.CharacterDataHandler = b.text
    parser.StartDoctypeDeclHandler = b.doctype
    parser.EntityDeclHandler = b.entity
    parser.UnparsedEntityDeclHandler = b.entity
    parser.ExternalEntityRefHandler = b.external
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.buffer_text = True
    try:
        # One call for the whole element (a game is a few kilobytes): a call per line costs.
        parser.Parse("".join(lines), True)
    except expat.ExpatError as exc:
        raise XmlError(
            expat.ErrorString(exc.code) if exc.code else str(exc), exc.lineno, exc.offset + 1
        ) from None
    finally:
        # The parser holds the builder's bound methods and the builder the parser: a cycle
        # that only the cyclic collector frees, and an export pauses it (frames'
        # ``collector_paused``), so every element's parser (~14 KB) stayed until the file
        # ended. Unhooking the handlers lets reference counting free both here.
        _unhook(parser)
    if b.root is None:
        raise XmlError("no element", 1, 1)
    return b.root
