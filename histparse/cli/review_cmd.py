"""``histparse review PATH... --player NAME``: the equity of each alternative at the player's
draws, and the cost of the choice made (docs/review.md).

Exit status (README, "Exit status"): 0 when it ran (even with nothing to review), 1 when some
hands were rejected (each named on stderr with its file and line, and counted), 2 when it could
not run (missing path, bad option), 3 when some paths could not be read, 6 when the ``--csv``
file cannot be written.
"""

from __future__ import annotations

import argparse
import functools
import sys
from typing import Any

__all__ = ["draw_reviews", "register", "run"]

_CHUNK = 200  # hands per task with --jobs


def _review_chunk(hands: list[Any], player: str, method: str, samples: int) -> list[Any]:
    from histparse.replayer import read_facts
    from histparse.review import review_hand

    out: list[Any] = []
    for hand in hands:
        out.extend(review_hand(read_facts(hand), player, method=method, samples=samples))
    return out


def draw_reviews(played: Any, wanted: str | None) -> tuple[list[Any], str | None]:
    """The draw review of one replayed hand for the replayer's marks (``show --review``,
    ``browse --review``): the reviews of ``wanted`` (matched case-insensitively; "" or None:
    the hero) and the name reviewed, None when nobody of that name sat at the table."""
    from histparse.review import review_hand

    hand = played.hand
    if not wanted:
        name = hand.hero
    else:
        folded = wanted.casefold()
        name = next((s.player for s in hand.seats if s.player.casefold() == folded), None)
    if name is None:
        return [], None
    return list(review_hand(played, name)), name


def _hands(args: argparse.Namespace) -> tuple[list[Any], Any] | None:
    from histparse.cli.paths import list_or_report
    from histparse.events import Hand
    from histparse.parallel.front import read_results

    listed = list_or_report("review", args.paths)
    if listed is None:
        return None
    reading = read_results(listed.listing)
    hands = [r for r in reading.results() if isinstance(r, Hand)]
    return hands, (listed, reading)


def _method(row: Any) -> str:
    """How the row was valued: every choice exact, or the draw made and the best choice exact
    (so the cost is) with others sampled, or sampled."""
    if row["method"] == "exact":
        return "exact"
    if isinstance(row["exact_best"], str) and isinstance(row["exact_actual"], str):
        return "exact cost; other choices monte-carlo"
    return str(row["method"])


def _print(frame: Any, summary: Any, top: int, player: str, hands: int) -> None:
    valued = frame[frame["cost_equity"].notna()]
    print(
        f"draw review of {player}: {len(frame)} draws in {hands} hands read, "
        f"{len(valued)} valued, {int((valued['cost_equity'] > 1e-12).sum())} not the best"
    )
    if not len(valued):
        return
    print(f"\ncostliest {min(top, len(valued))} (equity of each choice; cost = pot x equity lost):")
    for _, r in valued.head(top).iterrows():
        alts = "  ".join(
            f"{label}={r[col]:.1%}"
            for label, col in (("pat", "eq_pat"), ("k4", "eq_keep_4"), ("k3", "eq_keep_3"),
                               ("k2", "eq_keep_2"), ("k1", "eq_keep_1"), ("k0", "eq_keep_0"))
            if r[col] == r[col] and r[col] is not None
        )  # fmt: skip
        print(
            f"  {r['site']} #{r['hand_id']} draw {r['draw']} ({r['draws_left']} left, "
            f"{r['position'] or '?'}): {r['before']} -> kept {r['kept'] or '(none)'}; "
            f"facing {r['facing']} [{r['opponents']}]"
        )
        print(
            f"      {alts}; played {r['actual']} {r['eq_actual']:.1%}, best {r['best']} "
            f"{r['eq_best']:.1%}: cost {r['cost_equity']:.1%} = {r['cost']} ({_method(r)})"
        )
    print("\nby situation (draw, position, kept, facing):")
    print(summary.head(top).to_string(index=False))
    skipped = frame[frame["reason"].notna()]
    if len(skipped):
        print(f"\n{len(skipped)} draws not valued:")
        for reason, count in skipped["reason"].value_counts().items():
            print(f"  {reason}: {count}")


def run(args: argparse.Namespace) -> int:
    """Run ``histparse review``; return the exit status."""
    if args.samples < 1 or args.jobs < 1:
        print("histparse review: --samples and --jobs must be positive", file=sys.stderr)
        return 2
    read = _hands(args)
    if read is None:
        return 2
    hands, (listed, reading) = read
    from histparse.cli.status import EXIT_IO, EXIT_REJECTED
    from histparse.parallel.front import report_counts

    # Nothing read is lost silently: every rejected hand is named, and the counts agree with
    # the other commands' (the one front).
    for error in reading.rejects:
        print(f"histparse review: {error}", file=sys.stderr)
    report_counts("review", reading.counts, reading.conflicts, sys.stderr)
    from histparse.parallel.pool import ordered_map
    from histparse.review import review_frame, summarise

    chunks = [hands[i : i + _CHUNK] for i in range(0, len(hands), _CHUNK)]
    work = functools.partial(
        _review_chunk, player=args.player, method=args.method, samples=args.samples
    )
    # The project's pool: in order, a bounded number of chunks in flight, in this process
    # with one job.
    reviews: list[Any] = []
    for reviewed in ordered_map(work, chunks, jobs=min(args.jobs, max(len(chunks), 1))):
        reviews.extend(reviewed)
    frame = review_frame(reviews)
    summary = summarise(frame)
    if args.csv:
        try:
            frame.to_csv(args.csv, index=False)
        except OSError as exc:
            print(f"histparse review: cannot write {args.csv}: {exc.strerror}", file=sys.stderr)
            return EXIT_IO
        print(f"wrote {args.csv}", file=sys.stderr)
    _print(frame, summary, args.top, args.player, len(hands))
    return int(listed.status(EXIT_REJECTED if reading.rejects else 0))


def register(subparsers: Any) -> None:
    """Add the ``review`` subcommand."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "review",
        help="the equity of each alternative at a player's draws, and the cost of the choice",
        description=(
            "For each draw of PLAYER in a pot that reached a showdown or where an opponent "
            "stood pat: the equity of standing pat, of keeping the best 4..0 cards and of the "
            "draw made, against the opponents' shown hands at that draw (see docs/review.md)."
        ),
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="history files or folders")
    p.add_argument("--player", required=True, help="whose draws (the hero of the files)")
    p.add_argument(
        "--method",
        choices=("auto", "exact", "monte-carlo"),
        default="auto",
        help=(
            "auto (default): exact where quick (the last draw, cheap heads-up spots with two "
            "draws left), Monte Carlo elsewhere; docs/review.md"
        ),
    )
    p.add_argument("--samples", type=int, default=4_000, help="Monte Carlo deals per choice")
    p.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    p.add_argument("--top", type=int, default=10, help="rows to print (default 10)")
    p.add_argument("--csv", help="write every row to this CSV file")
    p.set_defaults(func=run)
