"""The progress line of the long commands (``parse``, ``stats``, ``graph``, ``sessions``,
``convert``, ``generate``, ``audit``, ``export``), all through ``histparse.parallel.Progress``.

On a terminal (stderr) the line shows the percent done by bytes of the input, hands per second,
megabytes per second and the time left; it is silent when stderr is not a terminal (logs,
pipes, CI) and with ``--quiet``. Hand-written rather than tqdm or rich: the line is ~100 lines
that know the pieces' byte spans, and a dependency would add nothing the commands use.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from histparse.parallel.progress import Progress

__all__ = ["Progress", "add_quiet_option", "progress_for"]


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
