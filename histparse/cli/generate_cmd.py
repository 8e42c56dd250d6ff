"""``histparse generate --hands N --seed S --out FILE``: write simulated PokerStars histories
(``--site fulltilt``: as Full Tilt text, its client dialect; ``--site winamax``: Winamax's
export dialect; ``--site kingsclub``: Kings Club's; ``--site merge``: as Merge XML).

Plays hands of 2-7 Triple Draw through the rules engine with bots (``histparse.simulation``) and
writes them as a PokerStars history file from the hero's seat. ``--phh FILE.phhs`` also writes
the same hands with every card (the simulator knows them all) as Poker Hand History
(``histparse.phh``), listing how many it skipped and why. Exit status: 0 on success, 2 if it
could not run (bad option, unwritable file).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from histparse.cli.status import EXIT_IO
from histparse.events import Hand
from histparse.game import LimitType
from histparse.phh import PhhFileError, PhhOutput, Skipped, SkipReason, convert
from histparse.simulation import (
    PROFILES,
    Census,
    HardCase,
    RakeRule,
    SessionPlan,
    SimConfig,
    SimulationError,
    TournamentStructure,
    as_full_tilt,
    as_kings_club,
    as_merge,
    as_winamax,
    parse_stakes,
    simulate,
    simulate_with_cards,
)
from histparse.textio import shown
from histparse.writing import WriteError, write_file

__all__ = ["build_config", "register", "run"]

_LIMITS = {
    "fl": LimitType.FIXED,
    "limit": LimitType.FIXED,
    "pl": LimitType.POT,
    "pot": LimitType.POT,
    "nl": LimitType.NO_LIMIT,
    "no-limit": LimitType.NO_LIMIT,
}
_DEFAULT_STAKES = {
    LimitType.FIXED: "0.10/0.20",
    LimitType.POT: "0.25/0.50",
    LimitType.NO_LIMIT: "0.25/0.50",
}


def _decimal(text: str, what: str) -> Decimal:
    try:
        return Decimal(text.replace("$", ""))
    except InvalidOperation:
        raise SimulationError(f"{what}: not a number: {text!r}") from None


def _names(text: str, known: dict[str, Any], what: str) -> list[Any]:
    out = []
    for name in (part.strip().lower() for part in text.split(",")):
        if not name:
            continue
        if name not in known:
            raise SimulationError(f"unknown {what} {name!r} (known: {', '.join(sorted(known))})")
        out.append(known[name])
    return out


def build_config(args: argparse.Namespace) -> SimConfig:
    """The ``SimConfig`` the command-line options describe; ``SimulationError`` names a bad
    option."""
    limit = _LIMITS.get(args.limit.lower())
    if limit is None:
        raise SimulationError(f"--limit must be one of {', '.join(_LIMITS)}, got {args.limit!r}")
    tournament = None
    if args.tournament:
        parts = args.buy_in.replace("$", "").split("+")
        if len(parts) != 2:
            raise SimulationError(f"--buy-in must look like 1.40+0.10, got {args.buy_in!r}")
        tournament = TournamentStructure(
            buy_in=_decimal(parts[0], "--buy-in"),
            fee=_decimal(parts[1], "--buy-in"),
            starting_stack=args.starting_stack,
            hands_per_level=args.hands_per_level,
        )
    rake = None
    if not args.no_rake:
        rake = RakeRule(
            percent=_decimal(args.rake_percent, "--rake-percent") / 100,
            cap=_decimal(args.rake_cap, "--rake-cap"),
        )
    focus = _names(args.focus, {c.value: c for c in HardCase}, "hard case") if args.focus else []
    bots = _names(args.bots, PROFILES, "bot") if args.bots else None
    extra: dict[str, Any] = {}
    if bots:
        extra["bots"] = tuple(bots)
    if args.chat_rate is not None:
        extra["chat_rate"] = args.chat_rate
    if args.seating_rate is not None:
        extra["seating_rate"] = args.seating_rate
    if args.sessions:
        # Breaks and session ends: the same hands, at the times a player's sessions give.
        extra["sessions"] = SessionPlan()
    if args.start:
        try:
            start = datetime.fromisoformat(args.start)
        except ValueError:
            raise SimulationError(
                f"--start must be an ISO date and time such as 2013-06-05T20:00, got {args.start!r}"
            ) from None
        extra["start"] = start if start.tzinfo else start.replace(tzinfo=UTC)
    return SimConfig(
        players=args.players,
        limit=limit,
        stakes=parse_stakes(args.stakes or _DEFAULT_STAKES[limit]),
        tournament=tournament,
        rake=rake,
        hero=args.hero,
        focus=frozenset(focus),
        max_seats=2 if args.players == 2 and args.heads_up_table else 6,
        path=args.out,
        newline="\n" if args.lf else "\r\n",
        bom=args.bom,
        rig_hero=args.rig_hero,
        **extra,
    )


def run(args: argparse.Namespace) -> int:
    """Run ``histparse generate``; return the exit status."""
    try:
        config = build_config(args)
        if args.hands < 0:
            raise SimulationError(f"--hands must be >= 0, got {args.hands}")
    except (SimulationError, ValueError) as exc:
        print(f"histparse generate: {exc}", file=sys.stderr)
        return 2
    counter = Census() if args.census else None
    phh: PhhOutput | None = None
    skipped: Counter[SkipReason] = Counter()
    if args.phh:
        try:
            phh = PhhOutput(args.phh)
        except PhhFileError as exc:
            print(f"histparse generate: {exc}", file=sys.stderr)
            return 2
        except OSError as exc:
            where = shown(args.phh)
            print(f"histparse generate: cannot write {where}: {exc.strerror}", file=sys.stderr)
            return EXIT_IO

    from histparse.cli.progress import progress_for

    progress = progress_for(args, [], total_hands=args.hands)

    def hands() -> Iterator[Hand]:
        convert = {
            "fulltilt": as_full_tilt,
            "winamax": as_winamax,
            "kingsclub": as_kings_club,
            "merge": as_merge,
        }.get(args.site)
        for hand in played() if convert is None else map(convert, played()):
            yield hand
            progress.update(1, 0)

    def played() -> Iterator[Hand]:
        if phh is None:
            for hand in simulate(args.hands, args.seed, config):
                if counter is not None:
                    counter.add(hand)
                yield hand
            return
        for hand, deal in simulate_with_cards(args.hands, args.seed, config):
            if counter is not None:
                counter.add(hand)
            converted = convert(hand, deal)
            if isinstance(converted, Skipped):
                skipped[converted.reason] += 1
            else:
                phh.write(converted)
            yield hand

    start = time.perf_counter()
    try:
        written = write_file(args.out, hands())
        if phh is not None:
            phh.commit()
    except OSError as exc:
        if phh is not None:
            phh.abort()
        where = exc.filename or args.out
        print(f"histparse generate: cannot write {shown(where)}: {exc.strerror}", file=sys.stderr)
        return EXIT_IO
    except (PhhFileError, WriteError) as exc:  # WriteError: a simulator bug, not a user error
        if phh is not None:
            phh.abort()
        print(f"histparse generate: {exc}", file=sys.stderr)
        return 2
    finally:
        progress.close()
    elapsed = time.perf_counter() - start
    if not args.quiet:
        rate = written / elapsed if elapsed > 0 else float("inf")
        print(f"wrote {written} hand(s) to {args.out} in {elapsed:.1f} s ({rate:,.0f} hands/s)")
        if phh is not None:
            reasons = ", ".join(f"{n} {r.value}" for r, n in skipped.most_common())
            print(
                f"wrote {phh.count} hand(s) as PHH to {args.phh}"
                + (f"; skipped {sum(skipped.values())}: {reasons}" if skipped else "")
            )
        if counter is not None:
            print(counter.report())
    return 0


def register(subparsers: Any) -> None:
    """Add the ``generate`` subcommand."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "generate",
        help="write simulated 2-7 Triple Draw hand histories (PokerStars format)",
        description=(
            "Play hands of 2-7 Triple Draw through the rules engine with simple bots and write "
            "them as a PokerStars hand-history file from the hero's seat. The same seed and "
            "options give the same file."
        ),
    )
    p.add_argument("--hands", type=int, default=1000, help="number of hands (default 1000)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("--out", required=True, metavar="FILE", help="history file to write")
    p.add_argument("--players", type=int, default=6, help="players at the table, 2-6 (6)")
    p.add_argument(
        "--heads-up-table",
        action="store_true",
        help="with --players 2: a 2-max table instead of a 6-max one",
    )
    p.add_argument(
        "--limit", default="fl", help="betting structure: fl (limit), pl (pot), nl (no limit)"
    )
    p.add_argument(
        "--stakes",
        help="header stakes: small/big bet in limit, blinds in pot and no limit "
        "(default 0.10/0.20 limit, 0.25/0.50 otherwise)",
    )
    p.add_argument("--tournament", action="store_true", help="sit & go instead of cash")
    p.add_argument("--buy-in", default="1.40+0.10", help="sit & go buy-in+fee (1.40+0.10)")
    p.add_argument("--starting-stack", type=int, default=1500, help="sit & go chips (1500)")
    p.add_argument("--hands-per-level", type=int, default=10, help="sit & go level length (10)")
    p.add_argument("--rake-percent", default="5", help="cash rake percent (5)")
    p.add_argument("--rake-cap", default="1", help="cash rake cap in dollars (1)")
    p.add_argument("--no-rake", action="store_true", help="no rake")
    p.add_argument("--hero", default="Hero", help="the hero's name (Hero)")
    p.add_argument(
        "--focus",
        default="",
        help="comma-separated hard cases to produce often: " + ", ".join(c.value for c in HardCase),
    )
    p.add_argument("--bots", default="", help="comma-separated bot styles: " + ", ".join(PROFILES))
    p.add_argument(
        "--start",
        help="when the first hand starts, ISO format, UTC unless it says (2013-06-05T20:00)",
    )
    p.add_argument("--chat-rate", type=float, help="chat lines per action (0.004)")
    p.add_argument("--seating-rate", type=float, help="players leaving per hand (0.04)")
    p.add_argument(
        "--site",
        choices=("pokerstars", "fulltilt", "winamax", "kingsclub", "merge"),
        default="pokerstars",
        help="the site whose text is written: pokerstars (default), fulltilt (Full Tilt's "
        "client dialect), winamax (Winamax's export dialect), kingsclub or merge (Merge XML)",
    )
    p.add_argument("--lf", action="store_true", help="LF line endings (default CRLF)")
    p.add_argument("--bom", action="store_true", help="start the file with a UTF-8 BOM")
    p.add_argument(
        "--phh",
        metavar="FILE.phhs",
        help="also write the hands with every card as Poker Hand History (fixed limit only; "
        "hands PHH cannot express are skipped and counted)",
    )
    p.add_argument(
        "--rig-hero",
        type=float,
        default=0.0,
        metavar="B",
        help="rig the deal for the hero, to test `histparse fairness`: with probability B each "
        "high card (T+) dealt to the hero becomes the next low card (7-) in the stub; the "
        "reverse for negative B (default 0: a fair deal)",
    )
    p.add_argument(
        "--sessions",
        action="store_true",
        help="realistic sessions: the hero takes short breaks and sessions of a few hundred "
        "hands end, the next one hours later at a new table (the same hands, other times)",
    )
    p.add_argument("--census", action="store_true", help="print the hard-case counts")
    p.add_argument(
        "-q", "--quiet", action="store_true", help="print nothing on success, no progress line"
    )
    p.set_defaults(func=run)
