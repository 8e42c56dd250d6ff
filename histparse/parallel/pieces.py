"""Cut history files into pieces of raw text that workers parse independently.

A piece is a run of consecutive lines of one file that starts at a hand's header line (or at
the file's first line). The reader splits text into chunks before every header line and
resets all its state there, so parsing a piece on its own gives exactly the results of
parsing the whole file, once line numbers are shifted by the piece's first line.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from histparse.parsing import Result, Unsupported, expand_paths, reader
from histparse.parsing.header import SITE, is_header

__all__ = ["DEFAULT_PIECE_HANDS", "Piece", "iter_pieces", "parse_piece", "piece_results"]

DEFAULT_PIECE_HANDS: Final = 1000
_HEAD: Final = "PokerStars "
# Kept in step with ``histparse.parsing.reader.iter_results``: after a tournament summary or
# another site's hand, headerless chunks belong to it.
_SUMMARY_START: Final = "PokerStars Tournament #"
_SUMMARY: Final = "tournament summary"
_OTHER_STARTS: Final = (
    "Full Tilt Poker Game #",
    "FullTiltPoker Game #",
    "Winamax Poker - ",
    "***** History for hand ",
)

PathArg = str | os.PathLike[str]


@dataclass(frozen=True, slots=True)
class Piece:
    """``lines`` (decoded, newlines kept) of ``path``, the first of them being line
    ``first_line``; ``index`` is the piece's place in the whole input, ``file_index`` its
    file's, ``hands`` about how many hands it holds (header-like lines)."""

    index: int
    file_index: int
    path: str
    first_line: int
    lines: list[str]
    hands: int


def iter_pieces(
    paths: Iterable[PathArg], hands_per_piece: int = DEFAULT_PIECE_HANDS
) -> Iterator[Piece]:
    """The pieces of every file under ``paths`` (files, directories, globs, as ``read_results``),
    in input order, each of about ``hands_per_piece`` hands. Raises ``FileNotFoundError`` for a
    path matching nothing (before anything is read)."""
    if hands_per_piece < 1:
        raise ValueError(f"hands_per_piece must be at least 1, not {hands_per_piece}")
    return _pieces(expand_paths(paths), hands_per_piece)


def _pieces(files: list[str], size: int) -> Iterator[Piece]:
    index = 0
    for file_index, path in enumerate(files):
        lines: list[str] = []
        first = 1
        heads = 0
        for n, line in enumerate(reader.decoded_lines(path), 1):
            if line.startswith(_HEAD):
                # Cut only before a real header: the reader cuts there too and starts afresh.
                if heads >= size and is_header(line.rstrip(" \t\r\n")):
                    yield Piece(index, file_index, path, first, lines, heads)
                    index += 1
                    lines, first, heads = [], n, 0
                heads += 1
            lines.append(line)
        if lines:
            yield Piece(index, file_index, path, first, lines, heads)
            index += 1


def _starts_hand(head: str) -> bool:
    return is_header(head) or head.startswith(_SUMMARY_START) or head.startswith(_OTHER_STARTS)


def piece_results(piece: Piece) -> Iterator[Result]:
    """Parse a piece: the same results, line numbers included, as reading its whole file."""
    shift = piece.first_line - 1
    absorbing = False
    for chunk in reader.split_chunks(piece.lines, piece.path):
        if absorbing and not _starts_hand(chunk.contents[0]):
            continue
        if shift:
            chunk = dataclasses.replace(
                chunk,
                first_line=chunk.first_line + shift,
                end_line=chunk.end_line + shift if chunk.end_line else 0,
            )
        result = reader.parse_any_chunk(chunk)
        absorbing = isinstance(result, Unsupported) and (
            result.site != SITE or result.game == _SUMMARY
        )
        yield result


def parse_piece(piece: Piece) -> list[Result]:
    """All the results of a piece, in order (see ``piece_results``)."""
    return list(piece_results(piece))
