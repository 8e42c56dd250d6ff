"""``histparse convert --to phh PATH... --out FILE.phhs``: write hands as Poker Hand History.

Converts every hand it can (``histparse.phh``: fixed-limit 2-7 Triple Draw, variant ``F2L3D``),
prints how many, and lists the hands it skipped with file:line and the reason. By default a
hand must have every card known; ``--allow-unknown`` writes hidden cards as ``??``. Exit
status: 0 when it ran, 1 when the parser rejected some input, 2 when it could not run (missing
path, bad or unwritable output).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from histparse.cli.paths import list_or_report
from histparse.cli.progress import progress_for
from histparse.cli.status import EXIT_IO
from histparse.parallel.front import read_results, report_counts
from histparse.phh import ConvertReport, PhhFileError, convert_results
from histparse.textio import shown

__all__ = ["register", "report", "run"]

_DEFAULT_LISTED = 100


def report(result: ConvertReport, out: TextIO, *, listed: int | None = _DEFAULT_LISTED) -> None:
    """Write what a conversion did to ``out``: the counts, the skipped hands by reason, then
    the skipped hands, rejected chunks and unsupported hands one per line (the first
    ``listed`` of each; None lists all)."""
    skipped = len(result.skipped)
    print(
        f"converted {result.converted} of {result.read} hand(s) to {result.out}; "
        f"{skipped} skipped, {len(result.rejected)} rejected by the parser, "
        f"{len(result.unsupported)} of unsupported games",
        file=out,
    )
    for reason, count in result.by_reason().most_common():
        print(f"  {count:>7}  {reason.value}", file=out)

    def listing(title: str, lines: list[str]) -> None:
        if not lines:
            return
        print(f"{title}:", file=out)
        shown = lines if listed is None else lines[:listed]
        for line in shown:
            print(f"  {line}", file=out)
        if len(shown) < len(lines):
            print(f"  ... and {len(lines) - len(shown)} more (--list-all lists them)", file=out)

    listing("skipped", [str(s) for s in result.skipped])
    listing("rejected by the parser", [str(e) for e in result.rejected])
    listing(
        "unsupported",
        [
            f"{u.file}:{u.line}: hand #{u.hand_id or '?'}: {u.site} {u.game} is not converted"
            for u in result.unsupported
        ],
    )


def run(args: argparse.Namespace) -> int:
    """Run ``histparse convert``; return the exit status."""
    listed = list_or_report("convert", args.paths)
    if listed is None:
        return 2
    progress = progress_for(args, listed.files)
    # Through the front: a hand read twice (a file given twice, overlapping exports) is
    # written once; the rejected chunks come with the results, for the report.
    reading = read_results(listed.listing, progress=progress, on_rejected=lambda _e: None)
    try:
        reader = reading.results()
        result = convert_results(reader, args.out, allow_unknown=args.allow_unknown)
    except (FileNotFoundError, PhhFileError) as exc:
        print(f"histparse convert: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        where = exc.filename or args.out
        print(f"histparse convert: {shown(where)}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_IO
    finally:
        progress.close()
    if not args.quiet:
        report(result, sys.stdout, listed=None if args.list_all else _DEFAULT_LISTED)
        report_counts("convert", reading.counts, reading.conflicts, sys.stderr)
    return listed.status(1 if result.rejected else 0)


def register(subparsers: Any) -> None:
    """Add the ``convert`` subcommand."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "convert",
        help="write hand histories as Poker Hand History (PHH) files",
        description=(
            "Convert hand histories (files, directories searched for *.txt, globs) to Poker "
            "Hand History, the open format pokerkit reads (variant F2L3D: fixed-limit 2-7 "
            "Triple Draw). Hands it cannot write are listed with file:line and the reason. "
            "Amounts are ints in cents (cash) or chips. Exit status 0: done, 1: some input "
            "rejected by the parser, 2: could not run."
        ),
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="history files, directories, globs")
    p.add_argument(
        "--to", required=True, choices=("phh",), help="output format (phh: Poker Hand History)"
    )
    p.add_argument(
        "--out",
        "-o",
        required=True,
        metavar="FILE",
        help="output file: .phhs (any number of hands) or .phh (exactly one)",
    )
    p.add_argument(
        "--allow-unknown",
        action="store_true",
        help="also convert hands with hidden cards (written ??); by default every card must "
        "be known",
    )
    p.add_argument(
        "--list-all",
        action="store_true",
        help=f"list every skipped hand (default: the first {_DEFAULT_LISTED})",
    )
    p.add_argument("-q", "--quiet", action="store_true", help="print nothing")
    p.set_defaults(func=run)
