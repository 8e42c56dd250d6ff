"""``histparse export PATH... --out DIR``: write hand histories to a Parquet dataset directory.

Exporting again into the same DIR adds only the hands not yet there and says how many were new
and how many already present. Rejected hands go to DIR/findings. Exit status: 0 when every hand
was exported or already present, 1 when some chunks or hands were rejected (they are in
DIR/findings) or a hand was not written because a different hand holds its id (listed on stderr,
``ID-CONFLICT`` in DIR/findings), 2 when it could not run (missing path, DIR not a dataset,
DIR busy).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from histparse.cli.paths import list_or_report, with_skipped
from histparse.cli.progress import progress_for
from histparse.cli.status import EXIT_IO
from histparse.export import DEFAULT_BATCH_SIZE, DatasetError, ExportResult
from histparse.export.parallel import export_files
from histparse.parallel import cpu_count
from histparse.parallel.cluster import DaskUnavailable, dask_client
from histparse.parallel.options import add_jobs_option, jobs_for
from histparse.parallel.options import jobs_value as _positive  # a whole number >= 1
from histparse.textio import shown

__all__ = ["register", "report", "run"]

_COMPRESSIONS = ("zstd", "snappy", "gzip", "none")


def report(result: ExportResult, out: TextIO, *, audit_requested: bool = True) -> None:
    """Write what an export did to ``out``."""
    print(
        f"exported to {result.out}: {result.new} new hand(s), {result.already_present} already "
        f"present" + (f" ({result.repeated} repeated in the input)" if result.repeated else ""),
        file=out,
    )
    print(
        f"read {result.read} chunk(s): {result.parsed} parsed, {result.rejected} rejected, "
        f"{result.unsupported} unsupported; {result.table_rejected} parsed hand(s) refused by "
        "the tables",
        file=out,
    )
    if result.allin_ev_notes:
        total = sum(n for _, n in result.allin_ev_notes)
        reasons = "; ".join(f"{reason}: {n:,}" for reason, n in result.allin_ev_notes)
        print(
            f"{total:,} all-in showdown(s) stored without an all-in EV ({reasons}): "
            "hands.allin_ev_note says why",
            file=out,
        )
    if result.audited:
        source = "rejects and audit"
    elif audit_requested:
        source = "rejects only: histparse.auditor is not installed"
    else:
        source = "rejects only: --no-audit"
    print(f"{result.findings} finding(s) written ({source})", file=out)
    if result.recovered_files:
        print(f"removed {result.recovered_files} file(s) left by an interrupted export", file=out)


def _export(
    args: argparse.Namespace, jobs: int | None, client: Any
) -> tuple[ExportResult, int, int] | None:
    # Listed once, here or (paths only the cluster's workers can see) by a worker, and counted
    # for the progress line.
    listed = list_or_report("export", args.paths, client)
    if listed is None:
        return None
    files = listed.files
    if jobs is None:
        jobs = jobs_for(args.jobs, files)
    progress = progress_for(args, files)
    try:
        result = export_files(
            files,
            args.out,
            audit=args.audit,
            batch_size=args.batch_size,
            compression=args.compression,
            jobs=jobs,
            client=client,
            progress=progress,
        )
        summaries = _summary_files(files) if result.unsupported and not args.quiet else 0
        return result, listed.skipped, summaries
    finally:
        progress.close()


def _summary_files(files: list[str]) -> int:
    """How many of ``files`` are tournament summaries (counted as unsupported chunks): a
    dataset holds hands, and the reports read the summaries from the files themselves. Only
    asked when something was unsupported: each file's first line is read again."""
    from histparse.stats.tournaments import is_summary_start
    from histparse.textio import decoded_lines

    n = 0
    for name in files:
        lines = decoded_lines(name)
        try:
            first = next((line for line in lines if line.strip()), "")
        except (OSError, UnicodeError):
            continue
        finally:
            close = getattr(lines, "close", None)
            if close is not None:
                close()
        n += is_summary_start(first)
    return n


def run(args: argparse.Namespace) -> int:
    """Run ``histparse export``; return the exit status."""
    try:
        if args.scheduler is None:
            done = _export(args, None, None)
        else:
            jobs = args.jobs or cpu_count()
            with dask_client(args.scheduler, workers=jobs) as client:
                done = _export(args, jobs, client)
    except (FileNotFoundError, DatasetError, DaskUnavailable) as exc:
        print(f"histparse export: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        where = shown(exc.filename or "")
        print(f"histparse export: {where}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_IO
    if done is None:
        return 2
    result, skipped, summaries = done
    if not args.quiet:
        report(result, sys.stdout, audit_requested=args.audit)
        if summaries:
            print(
                f"{summaries} tournament summary file(s), not hand histories: not exported "
                "(histparse stats and histparse tournaments read them from the files)"
            )
    report_conflicts(result, sys.stderr)
    return with_skipped(1 if result.bad or result.conflicts else 0, skipped)


def report_conflicts(result: ExportResult, out: TextIO, *, limit: int = 20) -> None:
    """Warn about hands not written because a different hand holds their id (never silent)."""
    if not result.conflicts:
        return
    print(
        f"histparse export: warning: {len(result.conflicts)} hand(s) not written: another hand "
        "with the same site and id but different content is kept (recorded in DIR/findings "
        "as ID-CONFLICT):",
        file=out,
    )
    for conflict in result.conflicts[:limit]:
        print(f"  {conflict}", file=out)
    if len(result.conflicts) > limit:
        print(f"  ... and {len(result.conflicts) - limit} more", file=out)


def register(subparsers: Any) -> None:
    """Add the ``export`` subcommand."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "export",
        help="write hand histories to a Parquet dataset directory (incremental)",
        description=(
            "Parse hand histories (files, directories searched for *.txt, globs) and write "
            "DIR/hands, DIR/players, DIR/actions, DIR/draws (partitioned by site and month) "
            "and DIR/findings as Parquet (docs/parquet.md). Hands already in DIR are skipped. "
            "Exit status 0: all exported, 1: some hands rejected (see DIR/findings), "
            "2: could not run."
        ),
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="history files, directories, globs")
    p.add_argument("--out", "-o", required=True, metavar="DIR", help="dataset directory")
    p.add_argument(
        "--no-audit",
        dest="audit",
        action="store_false",
        help="do not run the auditor (findings then hold only rejected hands)",
    )
    p.add_argument(
        "--batch-size",
        type=_positive,
        default=DEFAULT_BATCH_SIZE,
        metavar="N",
        help=f"hands per batch: one file per table and partition per batch "
        f"(default {DEFAULT_BATCH_SIZE})",
    )
    p.add_argument(
        "--compression",
        choices=_COMPRESSIONS,
        default="zstd",
        help="Parquet compression (default zstd)",
    )
    p.add_argument(
        "-q", "--quiet", action="store_true", help="print nothing on success, no progress bar"
    )
    add_jobs_option(p)
    p.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786), or on a "
        "new local cluster of --jobs workers with 'local'; every worker must be able to read "
        "the input paths (docs/scale.md). Needs histparse[dask]",
    )
    p.set_defaults(func=run)
