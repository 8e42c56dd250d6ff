"""Hand-history parsing: PokerStars 2-7 Triple Draw and 2-7 Single Draw text into ``Hand``s.

Public API (re-exported from ``histparse``):

* ``read_histories(*paths, on_error="raise")``: iterator of ``Hand`` from files, directories
  (recursive ``*.txt``) and globs.
* ``read_results(*paths)``: a ``Reader`` yielding, for every chunk of text, a ``Hand``, a
  ``ParseError`` (rejected) or an ``Unsupported`` hand, with running ``counts``.
* ``parse_text(text, source)``: list of hands, raising on the first bad hand;
  ``parse_results(text, source)``: every result, never raising; ``parse_hand(text)``: one hand.
"""

from histparse.parsing.reader import (
    ReadCounts,
    Reader,
    Result,
    UnreadablePath,
    expand_paths,
    parse_hand,
    parse_results,
    parse_text,
    read_histories,
    read_results,
)
from histparse.reading import ParseError, Unsupported
from histparse.textio import decoded_lines

__all__ = [
    "ParseError",
    "ReadCounts",
    "Reader",
    "Result",
    "UnreadablePath",
    "Unsupported",
    "decoded_lines",
    "expand_paths",
    "parse_hand",
    "parse_results",
    "parse_text",
    "read_histories",
    "read_results",
]
