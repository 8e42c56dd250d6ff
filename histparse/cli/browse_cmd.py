"""``histparse browse PATH... [--html FILE | --json]``: the hands that matter, to click through.

Reads history files (or exported datasets, whose hands are read again from the files they came
from for the replayer), replays each hand once (its record feeds both the tables and the table
replayer), keeps the hands the filters keep (the report filters, then ``--lost-more``,
``--allin``, ``--pat`` ...) and writes one self-contained page: the list of hands beside the
replayer (``--html``), or the list as JSON (``--json``: site, hand id, file, line and the
row's columns), or as text. Exit status: 0 done, 1 some hands were rejected (each named), 2
could not run (bad option or value, missing path), 3 some paths could not be read.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

from histparse.cli.paths import list_or_report, with_skipped
from histparse.cli.report_options import add_filter_options, cut, match_players
from histparse.cli.review_cmd import draw_reviews
from histparse.cli.status import EXIT_IO
from histparse.events import Hand
from histparse.frames import TableError, Tables, tables
from histparse.parallel.front import Listing, ResultsRun, report_counts
from histparse.parallel.front import read_results as read_front
from histparse.parsing import ParseError, read_results
from histparse.replayer import Replay, replay
from histparse.textio import shown
from histparse.views.browse import (
    KEPT_CLASSES,
    START_CLASSES,
    BrowseFilter,
    BrowseRow,
    browse_rows,
    browser_page,
    select,
)
from histparse.views.table import model_json, table_model

__all__ = ["register", "run"]


def _bb(text: str) -> Decimal:
    try:
        value = Decimal(text)
    except InvalidOperation:
        raise argparse.ArgumentTypeError(f"not a number of big blinds: {text!r}") from None
    if not value.is_finite() or value < 0:
        raise argparse.ArgumentTypeError(f"not a number of big blinds: {text!r}")
    return value


def _draw(text: str) -> int:
    if text not in ("1", "2", "3"):
        raise argparse.ArgumentTypeError(f"a draw is 1, 2 or 3, not {text!r}")
    return int(text)


def _choose(value: str, known: Sequence[str], what: str) -> str:
    for k in known:
        if k.casefold() == value.casefold():
            return k
    listed = ", ".join(repr(k) for k in known)
    raise ValueError(f"unknown {what} {value!r}; known: {listed}")


def browse_filter(args: argparse.Namespace) -> BrowseFilter:
    """The browser's filter from the options; ``ValueError`` names a bad class."""
    starts = tuple(_choose(v, START_CLASSES, "start class") for v in args.start_class or [])
    kept = tuple(
        (_draw(d), _choose(c, KEPT_CLASSES, "kept class")) for d, c in args.kept_class or []
    )
    return BrowseFilter(
        lost_more=args.lost_more,
        won_more=args.won_more,
        allin=args.allin,
        showdown=args.showdown,
        capped=args.capped,
        pat=tuple(args.pat or ()),
        broke=tuple(args.broke or ()),
        snow=args.snow,
        start_classes=starts,
        kept=kept,
    )


class _Read:
    """The hands of some files, each replayed once: its record goes to the tables, its table
    replayer model is kept (as JSON), and rejected hands are counted and named on stderr."""

    def __init__(self, review: str | None = None) -> None:
        self.models: dict[tuple[str, str], str] = {}
        self.rejected = 0
        self.run: ResultsRun | None = None
        # ``--review``: whose draws the replayer marks ("" the hero of each hand); the draws
        # valued, for the closing line.
        self.review = review
        self.reviewed = 0

    def hands(self, listing: Listing) -> Iterator[Hand]:
        """The hands of ``listing`` through the one front: second readings of a hand skipped
        and counted as every command counts them."""
        self.run = run = read_front(listing, on_rejected=self._rejected)
        for result in run.results():
            if isinstance(result, Hand):
                yield result

    def _rejected(self, error: ParseError) -> None:
        self.rejected += 1
        print(f"histparse browse: {error}", file=sys.stderr)

    def report(self) -> None:
        """The front's counts line (and conflicts), as every command prints it."""
        if self.run is not None:
            report_counts("browse", self.run.counts, self.run.conflicts, sys.stderr)

    def refused(self, hand: Hand, error: TableError) -> None:
        # A second copy of a hand (the first is kept), or one the tables cannot hold: named
        # and left out.
        del hand
        print(f"histparse browse: left out: {error}", file=sys.stderr)

    def record(self, hand: Hand) -> Replay:
        r = replay(hand)
        try:
            reviews: list[Any] = []
            if self.review is not None:
                reviews, _ = draw_reviews(r, self.review)
                self.reviewed += sum(x.reason is None for x in reviews)
            self.models[(hand.site, hand.hand_id)] = model_json(table_model(r, reviews))
        except Exception as exc:  # a hand the replayer cannot draw is listed without it
            where = f"{hand.source.path}:{hand.source.first_line}"
            print(f"histparse browse: {where}: no table replay: {exc}", file=sys.stderr)
        return r


def _dataset_models(rows: Sequence[BrowseRow], read: _Read) -> None:
    """The replayer models of ``rows`` (a dataset's, or the hands kept for ``--review``): their
    hands read again from their files."""
    wanted = {r.key for r in rows}
    files = sorted({r.file for r in rows if r.file is not None})
    for path in files:
        try:
            for result in read_results(path):
                if isinstance(result, Hand) and (result.site, result.hand_id) in wanted:
                    read.record(result)
        except OSError as exc:
            print(f"histparse browse: cannot read {shown(path)}: {exc.strerror}", file=sys.stderr)


def _load(args: argparse.Namespace, read: _Read) -> tuple[Tables, int, bool] | int:
    from histparse.cli.stats_cmd import is_dataset

    datasets = [p for p in args.paths if is_dataset(p)]
    texts = [p for p in args.paths if p not in datasets]
    parts: list[Tables] = []
    skipped = 0
    if texts:
        listed = list_or_report("browse", texts)
        if listed is None:
            return 2
        skipped = listed.skipped
        parts.append(tables(read.hands(listed.listing), replays=read.record, on_error=read.refused))
        read.report()
    if datasets:
        from histparse.export import load

        parts.extend(load(d) for d in datasets)
    if len(parts) == 1:
        return parts[0], skipped, bool(datasets)
    from histparse.frames.build import concat_tables

    return concat_tables(parts), skipped, bool(datasets)


def run(args: argparse.Namespace) -> int:
    """Run ``histparse browse``; return the exit status."""
    if args.review is not None and args.html is None:
        print("histparse browse: --review marks the draws on the --html page; give --html FILE",
              file=sys.stderr)  # fmt: skip
        return 2
    try:
        where = browse_filter(args)
    except ValueError as exc:
        print(f"histparse browse: {exc}", file=sys.stderr)
        return 2
    review = args.review
    if review == "" and args.player:
        review = args.player  # the draws of the player the page sees
    read = _Read()
    loaded = _load(args, read)
    if isinstance(loaded, int):
        return loaded
    t, skipped, datasets = loaded
    player: str | None = None
    try:
        t = cut(t, args)
        if args.player:
            known = sorted(t.players["player"].dropna().astype(str).unique().tolist())
            found, problems = match_players([args.player], known)
            if problems:
                raise ValueError("; ".join(problems))
            player = found[0]
    except ValueError as exc:
        print(f"histparse browse: {exc}", file=sys.stderr)
        return 2
    rows = select(browse_rows(t, player), where)
    if review is not None:
        # Only the hands kept are reviewed: read again from their files, their models made
        # anew with the review's marks (reviewing every hand read would cost minutes at
        # 100,000 hands for a page of a few hundred).
        read.review = review
        _dataset_models(rows, read)
    elif datasets:
        _dataset_models([r for r in rows if r.key not in read.models], read)
    status = with_skipped(1 if read.rejected else 0, skipped)
    if args.json:
        json.dump([_listed(r) for r in rows], sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    if args.html is not None:
        try:
            with open(args.html, "w", encoding="utf-8") as out:
                out.write(browser_page(rows, read.models, title=f"histparse: {len(rows)} hands"))
        except OSError as exc:
            page = shown(args.html)
            print(f"histparse browse: cannot write {page}: {exc.strerror}", file=sys.stderr)
            return EXIT_IO
        print(f"{len(rows)} hands written to {args.html}", file=sys.stderr)
        if review is not None:
            who = repr(review) if review else "the hero"
            print(f"review of {who}: {read.reviewed} draws valued in the {len(rows)} hands "
                  "kept (marked on the draws)", file=sys.stderr)  # fmt: skip
    if not args.json and args.html is None:
        for r in rows:
            where_from = f"{r.file}:{r.line}" if r.file else ""
            print(
                f"{r.started_at[:16].replace('T', ' ')}  {r.site:<10} {r.hand_id:<14} "
                f"{r.net_text():>14}  {where_from}"
            )
        print(f"{len(rows)} hands", file=sys.stderr)
    return status


def _listed(r: BrowseRow) -> dict[str, Any]:
    return r.as_record()


def register(subparsers: Any) -> None:
    """Add the ``browse`` subcommand."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "browse",
        help="list the hands that matter and click through them in a table replayer",
        description=(
            "Read hand histories (files, directories, globs) or exported datasets, keep the "
            "hands the filters keep, and write one self-contained page listing them beside a "
            "table replayer (--html), or list them as JSON (--json) or text. Each hand is seen "
            "by the hero, or by --player. Exit status 0: done, 1: some hands rejected, 2: "
            "could not run, 3: some paths unreadable."
        ),
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="history files, directories, datasets")
    p.add_argument("--html", metavar="FILE", help="write the browser page to FILE")
    p.add_argument(
        "--json", action="store_true", help="list the hands kept as JSON (site, hand id, file...)"
    )
    p.add_argument("--player", metavar="NAME", help="see the hands as NAME (default: the hero)")
    p.add_argument(
        "--review",
        nargs="?",
        const="",
        metavar="NAME",
        help="with --html: mark NAME's draws in the replayer (the --player's, or each hand's "
        "hero, without a name) with the draw review: each choice's equity, the cost of the one "
        "made (docs/review.md)",
    )
    g = p.add_argument_group("which hands (the browser's filters; all must hold)")
    g.add_argument("--lost-more", type=_bb, metavar="BB", help="lost more than BB big blinds")
    g.add_argument("--won-more", type=_bb, metavar="BB", help="won more than BB big blinds")
    g.add_argument("--allin", action="store_true", help="a line of the hand says all-in")
    g.add_argument("--showdown", action="store_true", help="the player went to the showdown")
    g.add_argument(
        "--capped", action="store_true", help="a limit round reached the cap (bet + 3 raises)"
    )
    g.add_argument(
        "--pat",
        nargs="?",
        const=[0],
        type=lambda t: [_draw(t)],
        metavar="DRAW",
        help="the player stood pat (at DRAW, 1-3; at any draw without it)",
    )
    g.add_argument(
        "--broke",
        nargs="?",
        const=[0],
        type=lambda t: [_draw(t)],
        metavar="DRAW",
        help="the player broke: drew at DRAW (2-3) after standing pat (any draw without it)",
    )
    g.add_argument(
        "--snow", action="store_true", help="stood pat at every draw with a paired hand shown"
    )
    g.add_argument(
        "--start-class",
        action="append",
        metavar="CLASS",
        help=f"starting hand class: {', '.join(START_CLASSES)}",
    )
    g.add_argument(
        "--kept-class",
        action="append",
        nargs=2,
        metavar=("DRAW", "CLASS"),
        help=f"kept at draw DRAW: {', '.join(KEPT_CLASSES)}",
    )
    add_filter_options(p)
    p.set_defaults(func=run)
