"""The ``--jobs`` option shared by the commands that process hands in parallel."""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterable
from typing import Final

from histparse.parallel.pool import cpu_count

__all__ = ["SMALL_INPUT", "add_jobs_option", "jobs_for", "jobs_value"]

# Below this much text (about 1,500 hands) the default runs in this process: each worker
# imports pandas and histparse (about a second of CPU) before it reads a hand, which costs
# more than the workers could share.
SMALL_INPUT: Final = 2 * 1024 * 1024


def jobs_value(text: str) -> int:
    """Parse ``--jobs``: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def jobs_for(requested: int | None, files: Iterable[str]) -> int:
    """The number of worker processes for a run over ``files``: ``requested`` (``--jobs``)
    when given; else every core, or one when the files hold less than ``SMALL_INPUT`` bytes."""
    if requested is not None:
        return requested
    cores = cpu_count()
    if cores == 1:
        return 1
    total = 0
    for name in files:
        try:
            total += os.stat(name).st_size
        except OSError:
            continue  # reported where it is read
        if total >= SMALL_INPUT:
            return cores
    return 1


def add_jobs_option(parser: argparse.ArgumentParser) -> None:
    """Add ``-j/--jobs N`` (default: every core this process may use)."""
    parser.add_argument(
        "-j",
        "--jobs",
        type=jobs_value,
        default=None,
        metavar="N",
        help=f"worker processes (default: all cores, here {cpu_count()}, or one for less than "
        f"{SMALL_INPUT // 2**20} MiB of input); the output is the same for any N",
    )
