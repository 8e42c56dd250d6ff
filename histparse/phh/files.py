"""Whole files: ``convert_files`` reads hand histories and writes the hands it can as PHH,
``write_phh`` writes converted hands (e.g. simulated ones with their deals).

Output goes to a temporary file beside the target that replaces it at the end, so an
interrupted run never leaves a half-written PHH file under the target's name. A ``.phhs``
target gets sections ``[1]``, ``[2]``...; a ``.phh`` target takes exactly one hand.
"""

from __future__ import annotations

import os
import tempfile
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from histparse.events import Hand
from histparse.parsing import ParseError, Result, Unsupported, read_results
from histparse.phh.convert import convert
from histparse.phh.record import PhhHand
from histparse.phh.skips import Skipped, SkipReason
from histparse.phh.text import PhhsWriter, dumps
from histparse.textio import PathArg

__all__ = [
    "ConvertReport",
    "PhhFileError",
    "PhhOutput",
    "convert_files",
    "convert_results",
    "write_phh",
]


class PhhFileError(ValueError):
    """The output cannot be written as asked (wrong extension, several hands for a ``.phh``)."""


@dataclass
class ConvertReport:
    """What a conversion did: hands ``read`` (parsed hands), ``converted``, ``skipped`` (with
    reasons), chunks ``rejected`` by the parser and hands of ``unsupported`` games."""

    out: str
    read: int = 0
    converted: int = 0
    skipped: list[Skipped] = field(default_factory=list)
    rejected: list[ParseError] = field(default_factory=list)
    unsupported: list[Unsupported] = field(default_factory=list)

    def by_reason(self) -> Counter[SkipReason]:
        """How many hands each reason skipped."""
        return Counter(s.reason for s in self.skipped)


def _single(path: str) -> bool:
    suffix = Path(path).suffix.lower()
    if suffix not in (".phh", ".phhs"):
        raise PhhFileError(f"{path}: the output must be a .phhs file (or .phh for one hand)")
    return suffix == ".phh"


class PhhOutput:
    """A PHH file written hand by hand (``write``): a ``.phhs`` file takes any number of
    hands, a ``.phh`` file exactly one. Used as a context manager, it replaces the target
    when the block ends without an error and leaves it untouched otherwise.
    ``PhhFileError`` for a bad target; ``OSError`` if it cannot be written."""

    __slots__ = ("_file", "_single", "_tmp", "_writer", "path")

    def __init__(self, out: str | os.PathLike[str]) -> None:
        self.path = os.fspath(out)
        self._single = _single(self.path)
        directory = os.path.dirname(os.path.abspath(self.path))
        fd, self._tmp = tempfile.mkstemp(prefix=".phh-", suffix=".tmp", dir=directory)
        self._file: TextIO = os.fdopen(fd, "w", encoding="utf-8", newline="\n")
        self._writer = PhhsWriter(self._file)

    @property
    def count(self) -> int:
        """Hands written so far."""
        return self._writer.count

    def write(self, hand: PhhHand) -> None:
        """Add ``hand`` to the file."""
        if not self._single:
            self._writer.write(hand)
            return
        if self._writer.count:
            raise PhhFileError(f"{self.path}: a .phh file holds one hand; use .phhs for several")
        self._writer.count = 1
        self._file.write(dumps(hand))

    def commit(self) -> None:
        """Finish the file and put it in place of the target."""
        if self._single and not self._writer.count:
            self.abort()
            raise PhhFileError(f"{self.path}: no hand to write in a .phh file")
        self._file.close()
        os.replace(self._tmp, self.path)

    def abort(self) -> None:
        """Drop what was written; the target stays as it was."""
        self._file.close()
        if os.path.exists(self._tmp):
            os.unlink(self._tmp)

    def __enter__(self) -> PhhOutput:
        return self

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        if kind is None:
            self.commit()
        else:
            self.abort()


def write_phh(hands: Iterable[PhhHand], out: str | os.PathLike[str]) -> int:
    """Write ``hands`` to ``out`` (``.phhs``: any number; ``.phh``: exactly one) and return
    how many were written; see ``PhhOutput``."""
    with PhhOutput(out) as output:
        for hand in hands:
            output.write(hand)
    return output.count


def convert_files(
    paths: Iterable[PathArg], out: str | os.PathLike[str], *, allow_unknown: bool = False
) -> ConvertReport:
    """Read hand histories (files, directories, globs as ``read_results`` takes them) and
    write every hand ``convert`` accepts to ``out``; the report lists the rest.
    ``FileNotFoundError`` for a missing input, ``PhhFileError``/``OSError`` for the output."""
    path = os.fspath(out)
    _single(path)  # a bad target fails before any input is read
    return convert_results(read_results(*paths), path, allow_unknown=allow_unknown)


def convert_results(
    reader: Iterable[Result], out: str | os.PathLike[str], *, allow_unknown: bool = False
) -> ConvertReport:
    """``convert_files`` of results already being read (e.g. by a reader showing progress)."""
    path = os.fspath(out)
    _single(path)
    report = ConvertReport(path)

    def converted() -> Iterator[PhhHand]:
        for result in reader:
            if isinstance(result, Hand):
                report.read += 1
                phh = convert(result, allow_unknown=allow_unknown)
                if isinstance(phh, Skipped):
                    report.skipped.append(phh)
                else:
                    yield phh
            elif isinstance(result, ParseError):
                report.rejected.append(result)
            else:
                report.unsupported.append(result)

    report.converted = write_phh(converted(), path)
    return report
