"""The ``--jobs`` option shared by the commands that process hands in parallel."""

from __future__ import annotations

import argparse

from histparse.parallel.pool import cpu_count

__all__ = ["add_jobs_option", "jobs_value"]


def jobs_value(text: str) -> int:
    """Parse ``--jobs``: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def add_jobs_option(parser: argparse.ArgumentParser) -> None:
    """Add ``-j/--jobs N`` (default: every core this process may use)."""
    parser.add_argument(
        "-j",
        "--jobs",
        type=jobs_value,
        default=None,
        metavar="N",
        help=f"worker processes (default: all cores, here {cpu_count()}); the output is the "
        "same for any N",
    )
