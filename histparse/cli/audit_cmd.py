"""``histparse audit PATH... [--json] [--min-severity LEVEL]``: replay and check hands.

Prints a report grouped by finding code with counts and the worst hands first (or, with
``--json``, one JSON object). Exit status: 0 when no finding is an error, 1 when some are,
2 when the command could not run (missing path, unreadable file, bad option).
"""

from __future__ import annotations

import argparse
import shutil
import sys
from typing import Any

from histparse.auditor.report import write_json, write_text
from histparse.cli.paths import list_or_report
from histparse.cli.progress import progress_for
from histparse.cli.spool import spooled
from histparse.cli.status import EXIT_FINDINGS, EXIT_IO
from histparse.parallel import audit_paths, cpu_count
from histparse.parallel.cluster import DaskUnavailable, dask_client
from histparse.parallel.front import read_results, report_conflicts, report_counts
from histparse.parallel.options import add_jobs_option, jobs_for
from histparse.replayer.findings import Severity
from histparse.textio import shown
from histparse.views import AuditReport

__all__ = ["register", "run"]


def _severity(text: str) -> Severity:
    try:
        return Severity.parse(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def run(args: argparse.Namespace) -> int:
    """Run ``histparse audit``; return the exit status."""
    if args.html is not None:
        return run_html(args)
    if args.scheduler is None:
        return _run(args, None)
    try:
        with dask_client(args.scheduler, workers=args.jobs or cpu_count()) as client:
            return _run(args, client)
    except DaskUnavailable as exc:
        print(f"histparse audit: {exc}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace, client: Any) -> int:
    listed = list_or_report("audit", args.paths, client)
    if listed is None:
        return 2
    # A cluster gets every worker it has; this machine one process for a small input.
    jobs = jobs_for(args.jobs, listed.files) if client is None else (args.jobs or cpu_count())
    auditing = audit_paths(listed.listing, jobs=jobs, client=client)
    progress = progress_for(args, auditing.files)
    auditing.progress = progress
    # The report is written as the findings stream in, into a temporary file (in memory while
    # small) that is copied out at the end: flat memory, and nothing on stdout if a file
    # cannot be read halfway.
    with spooled() as spool:
        try:
            if args.json:
                kept = (f for f in auditing if f.severity >= args.min_severity)
                write_json(auditing.counts, kept, spool)
            else:
                write_text(
                    auditing.counts,
                    auditing,
                    spool,
                    files=len(auditing.files),
                    min_severity=args.min_severity,
                )
        except OSError as exc:
            where = exc.filename or ""
            print(f"histparse audit: cannot read {shown(where)}: {exc.strerror}", file=sys.stderr)
            return EXIT_IO
        finally:
            progress.close()
        spool.seek(0)
        shutil.copyfileobj(spool, sys.stdout)
    # The report carries the counts (duplicates included); the conflicts are named here.
    report_conflicts("audit", auditing.front.conflicts, sys.stderr)
    return listed.status(EXIT_FINDINGS if auditing.counts.errors else 0)


def run_html(args: argparse.Namespace) -> int:
    """``histparse audit PATH... --html FILE``: the audit as one self-contained page (the same
    exit status as the text report). The page needs the hands themselves (sites, stakes, the
    worst hands' replayers), so it reads them in this process rather than on the pool."""
    listed = list_or_report("audit", args.paths)
    if listed is None:
        return 2
    progress = progress_for(args, listed.files)
    report = AuditReport(min_severity=args.min_severity)
    # The page needs the hands themselves (sites, stakes, the worst hands' replayers): they are
    # read in this process, second readings skipped by the front as on the pool.
    reading = read_results(listed.listing, progress=progress)
    try:
        for result in reading.results():
            report.add(result)
    except OSError as exc:
        where = shown(exc.filename or "")
        print(f"histparse audit: cannot read {where}: {exc.strerror}", file=sys.stderr)
        return EXIT_IO
    finally:
        progress.close()
    report.skipped(reading.counts.duplicates)
    try:
        with open(args.html, "w", encoding="utf-8") as out:
            out.write(report.page())
    except OSError as exc:
        print(f"histparse audit: cannot write {shown(args.html)}: {exc.strerror}", file=sys.stderr)
        return EXIT_IO
    report_counts("audit", reading.counts, reading.conflicts, sys.stderr)
    c = report.counts
    print(
        f"histparse audit: {c.read} hands, {c.errors} errors, {c.warnings} warnings, "
        f"{c.info} info; wrote {args.html}",
        file=sys.stderr,
    )
    return listed.status(EXIT_FINDINGS if c.errors else 0)


def register(subparsers: Any) -> None:
    """Add the ``audit`` subcommand."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "audit",
        help="replay hands through the rules engine and report what breaks the rules",
        description=(
            "Parse hand histories (files, directories searched for *.txt, globs), replay every "
            "hand through the rules engine and report the findings grouped by code, worst "
            "hands first. Exit status 0: no error finding, 1: error findings, 2: could not run."
        ),
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="history files, directories, globs")
    p.add_argument("--json", action="store_true", help="print one JSON object instead")
    p.add_argument(
        "--min-severity",
        type=_severity,
        default=Severity.INFO,
        metavar="LEVEL",
        help="show findings of this severity and above: info (default), warning or error",
    )
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar on stderr")
    p.add_argument(
        "--html",
        metavar="FILE",
        help="write the audit as one self-contained page (worst hands open as replayers)",
    )
    add_jobs_option(p)
    p.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786), or on a "
        "new local cluster of --jobs workers with 'local' (as export; not with --html)",
    )
    p.set_defaults(func=run)
