"""``histparse watch DIR... --into DATASET``: add each finished hand to a dataset while a poker
client writes its histories (``histparse.export.watch``).

One line per batch on stdout; ``--table`` adds, after each batch, one line per opponent at the
table being played. Runs until interrupted (Ctrl-C, a kill, kill -9: every batch is committed
whole, and the next run resumes where the last commit ended). ``--once`` exports what is
finished and exits (for cron). Exit status: 0, 1 when some chunks or hands were rejected or an
id conflicted (they are in DATASET/findings), 2 when it could not run.
"""

from __future__ import annotations

import argparse
import signal
import sys
from datetime import datetime
from typing import Any

from histparse.export import DatasetError
from histparse.export.live import Live
from histparse.export.watch import DEFAULT_SETTLE, WatchBatch, watch
from histparse.parallel.options import jobs_value

__all__ = ["batch_line", "register", "run"]


def batch_line(batch: WatchBatch, now: datetime | None = None) -> str:
    """The progress line of one batch."""
    at = (now or datetime.now()).strftime("%H:%M:%S")
    extra = []
    if batch.present:
        extra.append(f"{batch.present} already present")
    if batch.bad:
        extra.append(f"{batch.bad} rejected, in findings")
    if batch.conflicts:
        extra.append(f"{batch.conflicts} id conflict(s)")
    more = f" ({', '.join(extra)})" if extra else ""
    return (
        f"{at} +{batch.new} hand(s) from {batch.files} file(s){more}; "
        f"{batch.total_new} new since start"
    )


def run(args: argparse.Namespace) -> int:
    """Run ``histparse watch``; return the exit status."""
    live: list[Live] = []

    def on_batch(batch: WatchBatch) -> None:
        if not args.quiet:
            print(batch_line(batch), flush=True)
        if args.table:
            _table_lines(live, args.into, batch)

    def on_start(note: str) -> None:
        print(f"histparse watch: {note}", file=sys.stderr)

    # A kill (SIGTERM) stops it as Ctrl-C does: the lock file removed, nothing half done.
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        result = watch(
            args.paths,
            args.into,
            once=args.once,
            interval=args.interval,
            settle=args.settle,
            audit=args.audit,
            jobs=args.jobs or 1,
            on_batch=on_batch,
            on_start=on_start,
        )
    except (FileNotFoundError, DatasetError) as exc:
        print(f"histparse watch: {exc}", file=sys.stderr)
        return 2
    if not args.quiet:
        print(f"watched into {result.out}: {result.new} new hand(s) in {result.batches} batch(es)")
    return 1 if result.bad or result.conflicts else 0


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _table_lines(live: list[Live], into: str, batch: WatchBatch) -> None:
    from histparse.export.store import DatasetDir

    if not live:
        # Its first update reads every file: the hands exported before count too.
        live.append(Live(DatasetDir.open(into)))
    state = live[0]
    state.store.refresh()
    state.update()
    for view in state.views(batch.pieces):
        print(f"  table {view.table} (hand {view.hand_id}):", flush=True)
        for line in view.lines:
            print(f"    {line}", flush=True)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value >= 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {text}")
    return value


def register(subparsers: Any) -> None:
    """Add the ``watch`` subcommand."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "watch",
        help="add each finished hand to a dataset while a poker client writes its histories",
        description=(
            "Follow history folders (new files, files that grow; UTF-8 and UTF-16) and add "
            "each finished hand to DATASET (as histparse export would): a hand is finished "
            "when the next one starts, or when its file has been quiet for --settle seconds "
            "and ends whole. Safe to stop at any moment (kill -9 included): the next run "
            "resumes without loss or duplicate. Exit status 0, 1: some hands rejected (see "
            "DATASET/findings), 2: could not run."
        ),
    )
    p.add_argument("paths", nargs="+", metavar="DIR", help="folders (or files, globs) to follow")
    p.add_argument("--into", "-o", required=True, metavar="DATASET", help="dataset directory")
    p.add_argument("--once", action="store_true", help="export what is finished, then exit")
    p.add_argument(
        "--interval",
        type=_seconds,
        default=1.0,
        metavar="SECONDS",
        help="seconds between polls (default 1)",
    )
    p.add_argument(
        "--settle",
        type=_seconds,
        default=DEFAULT_SETTLE,
        metavar="SECONDS",
        help="a file's last hand is finished once the file has been quiet this long "
        f"(default {DEFAULT_SETTLE:g})",
    )
    p.add_argument(
        "--table",
        action="store_true",
        help="after each batch, for each table played in it, one line per opponent: hands "
        "seen, VPIP, PFR, 3bet, pat/break/snow, showdown classes, each with its count",
    )
    p.add_argument(
        "--no-audit",
        dest="audit",
        action="store_false",
        help="do not run the auditor (findings then hold only rejected hands)",
    )
    p.add_argument(
        "--jobs",
        "-j",
        type=jobs_value,
        default=1,
        metavar="N",
        help="worker processes for a batch (default 1: a session's hands are few)",
    )
    p.add_argument("-q", "--quiet", action="store_true", help="no line per batch")
    p.set_defaults(func=run)
