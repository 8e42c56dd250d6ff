"""``histparse parse PATH...``: read hand histories and say what was read.

Prints the hands by site and game, the counts read / parsed / rejected / unsupported, and every
rejected chunk with ``file:line:column`` and the reason. Exit status: 0 if nothing was rejected,
1 if some chunks were rejected, 2 if it could not run (missing or unreadable path).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import Any, TextIO

from histparse.cli.paths import list_or_report
from histparse.cli.progress import progress_for
from histparse.cli.spool import spooled
from histparse.cli.status import EXIT_IO
from histparse.parallel.front import (
    Counts,
    counts_line,
    nothing,
    read_pieces,
    report_conflicts,
)
from histparse.parallel.options import add_jobs_option, jobs_for
from histparse.parsing import ParseError
from histparse.textio import shown

__all__ = ["register", "report", "run"]


def report(counts: Counts, rejected: Iterable[str], out: TextIO, *, quiet: bool = False) -> None:
    """Write the summary of a read to ``out`` (the front's counts line first), then (unless
    ``quiet``) the ``rejected`` lines (one per rejected chunk, as ``str(ParseError)``)."""
    print(counts_line(counts), file=out)
    if counts.summaries:
        # Counted among the unsupported, but not a failure: another kind of file.
        n = counts.summaries
        print(
            f"{n} of them tournament summar{'y' if n == 1 else 'ies'}, not "
            "hand histories (histparse stats and histparse tournaments read them)",
            file=out,
        )
    if counts.games:
        print("by site and game (parsed or unsupported):", file=out)
        width = max(len(f"{site}  {game}") for (site, game), _ in counts.games)
        for (site, game), n in sorted(counts.games, key=lambda kv: (-kv[1], kv[0])):
            print(f"  {f'{site}  {game}':<{width}}  {n:>7}", file=out)
    if counts.rejected and not quiet:
        print("rejected:", file=out)
        for line in rejected:
            print(f"  {line}", file=out)


def run(args: argparse.Namespace) -> int:
    """Run ``histparse parse``; return the exit status."""
    listed = list_or_report("parse", args.paths)
    if listed is None:
        return 2
    jobs = jobs_for(args.jobs, listed.files)
    # The rejected chunks are listed after the counts, which are known only at the end: they
    # wait in a file (in memory while small), so that a folder of junk cannot fill the memory.
    progress = progress_for(args, listed.files)
    with spooled() as spool:

        def rejected(error: ParseError) -> None:
            if not args.quiet:
                spool.write(str(error).replace("\n", " ") + "\n")

        reading = read_pieces(
            listed.listing, nothing, jobs=jobs, progress=progress, on_rejected=rejected
        )
        try:
            for _ in reading:
                pass
        except OSError as exc:
            where = exc.filename or ""
            print(f"histparse parse: cannot read {shown(where)}: {exc.strerror}", file=sys.stderr)
            return EXIT_IO
        finally:
            progress.close()
        spool.seek(0)
        lines = (line.rstrip("\n") for line in spool)
        counts = reading.counts
        report(counts, lines, sys.stdout, quiet=args.quiet)
        report_conflicts("parse", reading.conflicts, sys.stderr)
    return listed.status(1 if counts.rejected else 0)


def register(subparsers: Any) -> None:
    """Add the ``parse`` subcommand."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "parse",
        help="read hand histories and report what was read and what was rejected",
        description=(
            "Read hand histories (files, directories searched for *.txt, globs) and print the "
            "hands by site and game, the counts read/parsed/rejected/unsupported and every "
            "rejected hand. Exit status 0: nothing rejected, 1: some hands rejected, "
            "2: could not run."
        ),
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="history files, directories, globs")
    p.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="counts only, without the rejected list or the progress line",
    )
    add_jobs_option(p)
    p.set_defaults(func=run)
