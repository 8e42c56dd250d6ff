"""The progress line of the long commands (``parse``, ``stats``, ``graph``, ``sessions``,
``convert``, ``generate``, ``audit``, ``export``), all through ``histparse.parallel.Progress``.

On a terminal (stderr) the line shows the percent done by bytes of the input, hands per second,
megabytes per second and the time left; it is silent when stderr is not a terminal (logs,
pipes, CI) and with ``--quiet``. Hand-written rather than tqdm or rich: the line is ~100 lines
that know the pieces' byte spans, and a dependency would add nothing the commands use.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from histparse.parallel.progress import Progress

if TYPE_CHECKING:
    from histparse.parsing import Result

__all__ = ["Progress", "add_quiet_option", "progress_for", "read_with_progress"]


def add_quiet_option(p: argparse.ArgumentParser) -> None:
    """``-q/--quiet``: no progress line (for a command whose other output it leaves alone)."""
    p.add_argument("-q", "--quiet", action="store_true", help="no progress line on stderr")


def progress_for(
    args: argparse.Namespace, files: Sequence[str], *, total_hands: int | None = None
) -> Progress:
    """The command's progress line over ``files``: on only when stderr is a terminal and the
    command was not given ``--quiet``."""
    return Progress.for_terminal(
        files, quiet=bool(getattr(args, "quiet", False)), total_hands=total_hands
    )


def read_with_progress(files: Sequence[str], progress: Progress) -> Iterator[Result]:
    """Every result of ``files`` in order (as ``read_results``), read in pieces so that the
    progress line moves inside a big file as well as from file to file."""
    from histparse.parallel.pieces import iter_pieces, piece_results

    for piece in progress.track(iter_pieces(files)):
        yield from piece_results(piece)
        progress.update(piece.hands, piece.file_index)
