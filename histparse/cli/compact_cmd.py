"""``histparse compact DATASET``: rewrite a dataset's small files into a few large ones
(``histparse.export.compact``), every row kept once, atomically for readers.

Exit status: 0 when compacted (or nothing to do), 2 when it could not run (not a dataset,
another writer holds it, a disk error).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from histparse.export import DatasetError
from histparse.export.compact import DEFAULT_MAX_ROWS, compact
from histparse.parallel.options import jobs_value as _positive  # a whole number >= 1

__all__ = ["register", "run"]


def run(args: argparse.Namespace) -> int:
    """Run ``histparse compact``; return the exit status."""
    try:
        result = compact(args.dataset, max_rows=args.max_rows)
    except DatasetError as exc:
        print(f"histparse compact: {exc}", file=sys.stderr)
        return 2
    if result.stale_lock:
        print(
            f"histparse compact: cleared a stale lock left by a dead writer ({result.stale_lock})",
            file=sys.stderr,
        )
    if not args.quiet:
        if result.rows == 0 and result.files_after == result.files_before:
            print(f"{result.out}: already compact ({result.files_after} file(s))")
        else:
            print(
                f"compacted {result.out}: {result.files_before} file(s) in "
                f"{result.commits_before} commit(s) -> {result.files_after} file(s) in 1 "
                f"commit; {result.rows:,} row(s) rewritten"
            )
        if result.recovered_files:
            print(f"removed {result.recovered_files} file(s) left by an interrupted writer")
    return 0


def register(subparsers: Any) -> None:
    """Add the ``compact`` subcommand."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "compact",
        help="rewrite a dataset's small files into a few large ones (atomic, rows kept once)",
        description=(
            "Rewrite DATASET's files, one per table, partition (site, month) and export or "
            "watch batch, into a few large ones per table and partition. Readers see the old "
            "files or the new ones, never a mix; an interrupted compaction is cleaned up by "
            "the next writer. Exit status 0: done, 2: could not run."
        ),
    )
    p.add_argument("dataset", metavar="DATASET", help="dataset directory (histparse export)")
    p.add_argument(
        "--max-rows",
        type=_positive,
        default=DEFAULT_MAX_ROWS,
        metavar="N",
        help=f"rows per file at most (default {DEFAULT_MAX_ROWS:,})",
    )
    p.add_argument("-q", "--quiet", action="store_true", help="print nothing on success")
    p.set_defaults(func=run)
