"""Find one hand by its id in hand-history files, streaming, stopping at the first match.

Only the header line of each chunk is looked at until the id matches, so a hand near the start
of a large file is found without parsing the rest, and memory stays flat.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from typing import Final

from histparse import sites
from histparse.events import Hand
from histparse.parsing import ParseError, Unsupported, decoded_lines, expand_paths
from histparse.parsing.reader import (
    XML_DECLARATION,
    hand_chunks,
    iter_results,
    parse_any_chunk,
    split_chunks,
)
from histparse.textio import BOM, PathArg

__all__ = ["BadHandId", "Found", "find_hand", "normalize_hand_id"]

Found = Hand | ParseError | Unsupported

# Digits; Winamax's HandId has three parts (9250793-388-1478989461), Merge's game ids two
# (the table's and the game's numbers: 33423082-14).
_HAND_ID: Final = re.compile(r"#?(\d+(?:-\d+){0,2})")


class BadHandId(ValueError):
    """A hand id that is not a number (optionally written with a leading ``#``)."""


def normalize_hand_id(text: str) -> str:
    """``"#35839050562"`` or ``"35839050562"`` → ``"35839050562"`` (Winamax's ``a-b-c``,
    Merge's ``N-N`` too); ``BadHandId`` otherwise."""
    m = _HAND_ID.fullmatch(text.strip())
    if m is None:
        raise BadHandId(
            f"not a hand id: {text!r} (expected digits, optionally after '#', Winamax's a-b-c "
            "or Merge's N-N)"
        )
    return m.group(1)


def find_hand(hand_id: str, paths: Iterable[PathArg]) -> Found | None:
    """The first hand with ``hand_id`` in ``paths`` (files, directories, globs, as
    ``read_results`` takes them), or None when no header carries that id.

    The result is the parsed ``Hand``, or the ``ParseError`` / ``Unsupported`` record when the
    hand with that id could not be parsed or is of a game this package does not parse. Raises
    ``BadHandId`` for a malformed id, ``FileNotFoundError`` for a path that matches nothing and
    ``OSError`` for an unreadable file.
    """
    wanted = normalize_hand_id(hand_id)
    for path in expand_paths(paths):
        source = decoded_lines(path)
        try:
            head = next(source, None)
            if head is None:
                continue
            lines = itertools.chain((head,), source)
            first = head.lstrip(BOM).strip()
            if first.startswith(XML_DECLARATION) or sites.file_reader_for(first) is not None:
                # A file its site reads whole (Merge XML, maybe after an XML declaration, which
                # names no site): its games carry file-level state.
                for result in iter_results(lines, path):
                    if result.hand_id == wanted:
                        return result
                continue
            for chunk, site in hand_chunks(split_chunks(lines, path)):
                if site is not None and site.hand_id(chunk.contents[0]) == wanted:
                    return parse_any_chunk(chunk, site)
        finally:
            # Stopping early must not leave the file open until the generator is collected.
            close = getattr(source, "close", None)
            if close is not None:
                close()
    return None
