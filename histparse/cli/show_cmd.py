"""``histparse show HAND_ID PATH...``: print one hand street by street.

Finds the first hand with that id (``#`` optional) in the files, directories and globs given,
and prints it with the pot after each action, the hero's hand after each draw, the showdown,
the winners, each player's net and the hand's findings. Exit status: 0 when the hand was found
and shown (whatever its findings), 1 when it was not found or could not be parsed, 2 when the
command could not run (bad hand id, missing or unreadable path).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from histparse.cli.paths import EXIT_FAILED, list_or_report
from histparse.cli.status import EXIT_IO
from histparse.parsing import ParseError, Unsupported
from histparse.show import BadHandId, find_hand, normalize_hand_id, render_hand
from histparse.textio import one_line, shown
from histparse.views import hand_page

__all__ = ["register", "run"]


def _hand_id(text: str) -> str:
    try:
        return normalize_hand_id(text)
    except BadHandId as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def run(args: argparse.Namespace) -> int:
    """Run ``histparse show``; return the exit status."""
    hand_id: str = args.hand_id
    if args.review is not None and args.html is None:
        print("histparse show: --review marks the draws on the --html page; give --html FILE",
              file=sys.stderr)  # fmt: skip
        return 2
    listed = list_or_report("show", args.paths)
    if listed is None:
        return 2
    try:
        found = find_hand(hand_id, listed.files)
    except OSError as exc:
        print(f"histparse show: cannot read {exc.filename or ''}: {exc.strerror}", file=sys.stderr)
        return 2
    if found is None:
        where = ", ".join(args.paths)
        print(f"histparse show: hand #{hand_id} not found in {where}", file=sys.stderr)
        return listed.status(1)
    if isinstance(found, ParseError):
        print(f"histparse show: hand #{hand_id} could not be parsed: {found}", file=sys.stderr)
        return 1
    if isinstance(found, Unsupported):
        print(
            f"histparse show: hand #{hand_id} ({found.file}:{found.line}) is a {found.site} "
            f"{found.game} hand; only 2-7 Triple Draw and 2-7 Single Draw hands can be shown",
            file=sys.stderr,
        )
        return 1
    if args.html is not None:
        from histparse.replayer import replay

        played = replay(found)
        reviews = _reviews(played, args.review) if args.review is not None else []
        page = hand_page(found, played, reviews)
        return listed.status(_write_html(args.html, page))
    try:
        text = render_hand(found)
    except Exception as exc:
        where = f"{found.source.path}:{found.source.first_line}"
        print(
            f"histparse show: hand #{hand_id} ({where}) cannot be shown: {one_line(exc)}",
            file=sys.stderr,
        )
        return EXIT_FAILED
    sys.stdout.write(text)
    return listed.status(0)


def _reviews(played: Any, wanted: str) -> list[Any]:
    """The draw review of ``wanted`` ("" for the hero) in the hand; a name not at the table
    is said, not silently an empty review."""
    from histparse.cli.review_cmd import draw_reviews

    reviews, name = draw_reviews(played, wanted)
    if name is None:
        who = repr(wanted) if wanted else "the hero (the hand has none)"
        print(f"histparse show: --review: {who} not at this table", file=sys.stderr)
    return reviews


def _write_html(path: str, text: str) -> int:
    """Write the ``--html`` page; 6 (``EXIT_IO``) when the file cannot be written."""
    try:
        with open(path, "w", encoding="utf-8") as out:
            out.write(text)
    except OSError as exc:
        print(f"histparse show: cannot write {shown(path)}: {exc.strerror}", file=sys.stderr)
        return EXIT_IO
    return 0


def register(subparsers: Any) -> None:
    """Add the ``show`` subcommand."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "show",
        help="print one hand street by street with pots, draws, winners and findings",
        description=(
            "Find the first hand with HAND_ID (with or without '#') in the hand histories "
            "given (files, directories searched for *.txt, globs) and print it street by "
            "street: the pot after each action, the hero's hand after each draw, the showdown, "
            "the pots with their winners, each player's net and the hand's findings. Exit "
            "status 0: shown, 1: not found or not parseable, 2: could not run."
        ),
    )
    p.add_argument("hand_id", type=_hand_id, metavar="HAND_ID", help="hand number, e.g. #3583905")
    p.add_argument("paths", nargs="+", metavar="PATH", help="history files, directories, globs")
    p.add_argument(
        "--html",
        metavar="FILE",
        help="write the hand as one self-contained page that steps through it instead",
    )
    p.add_argument(
        "--review",
        nargs="?",
        const="",
        metavar="PLAYER",
        help="with --html: mark PLAYER's draws (the hero's without a name) with the draw "
        "review's equities of each choice and the cost of the one made (docs/review.md)",
    )
    p.set_defaults(func=run)
