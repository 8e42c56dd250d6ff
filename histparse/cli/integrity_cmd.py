"""``histparse integrity PATH... [--names FILE] [--json | --html FILE] [--jobs N]``.

Pools every player's files of the same hands, runs the integrity screens and ranks players
and pairs (docs/integrity.md). Workers read, parse and replay pieces of the files and send back
each copy reduced (``integrity.observe``); this process pools them, each hand counted once
(``integrity.pool``: a small record a hand, not the copies). Copies of one hand from several
players' files are what it pools, so it does not skip second readings as the other commands do.
Exit status (README, "Exit status"): 0; 5 when a score is above the alarm line or copies of a
hand disagree; else 1 when some hands were rejected; 2 when it could not run.
"""

from __future__ import annotations

import argparse
import html
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from histparse.cli.status import EXIT_FINDINGS, EXIT_REJECTED
from histparse.events import Hand
from histparse.integrity import ALARM, Copy, Pool, Score, Screens, observe, screen, victim_ledger
from histparse.integrity.ledger import LedgerLine
from histparse.parallel import ordered_map, pieces_for
from histparse.parallel.options import add_jobs_option, jobs_for
from histparse.parallel.pieces import Piece, piece_results
from histparse.parsing import expand_paths
from histparse.reading import ParseError
from histparse.replayer import replay

__all__ = ["register", "run"]

_SHOWN = 20  # players and pairs listed in the text report


def observe_piece(piece: Piece) -> tuple[list[Copy], list[str]]:
    """A worker's job: each hand of ``piece`` replayed and reduced; the rejected chunks' errors."""
    copies: list[Copy] = []
    errors: list[str] = []
    for result in piece_results(piece):
        if isinstance(result, Hand):
            copies.append(observe(replay(result)))
        elif isinstance(result, ParseError):
            errors.append(str(result))
    return copies, errors


def _z(score: Score) -> str:
    return "-" if score.z is None else f"{score.z:+.1f}"


def write_text(screens: Screens, pool: Pool, ledger: tuple[LedgerLine, ...], out: TextIO) -> None:
    """The ranking as text."""
    seen = ", ".join(f"{k} seat(s): {v}" for k, v in pool.seen_counts().items())
    out.write(f"integrity screens: {screens.hands} hands pooled ({seen})\n")
    out.write(f"screens, not proofs; alarm line z > {ALARM:g} (docs/integrity.md)\n\n")
    out.write("players (highest score first)\n")
    out.write(f"{'player':24} {'hands':>7} {'net':>10} {'luck z':>7} {'n':>5} "
              f"{'showdown z':>10} {'n':>5} {'right':>6}\n")  # fmt: skip
    for p in screens.players[:_SHOWN]:
        right = "-" if p.showdown.value is None else f"{p.showdown.value:.0%}"
        flag = "  ALARM" if p.top > ALARM else ""
        out.write(
            f"{p.player[:24]:24} {p.hands:>7} {p.net:>10} {_z(p.luck):>7} {p.luck.sample:>5} "
            f"{_z(p.showdown):>10} {p.showdown.sample:>5} {right:>6}{flag}\n"
        )
    out.write("\npairs (highest collusion score first)\n")
    out.write(f"{'pair':40} {'shared':>7} {'score':>6} {'apart z':>8} {'together z':>10}\n")
    for q in screens.pairs[:_SHOWN]:
        flag = "  ALARM" if q.collusion > ALARM else ""
        name = f"{q.a} & {q.b}"[:40]
        out.write(
            f"{name:40} {q.shared:>7} {q.collusion:>+6.1f} {_z(q.apart):>8} "
            f"{_z(q.together):>10}{flag}\n"
        )
    if screens.skipped:
        skipped = ", ".join(f"{k}: {v}" for k, v in sorted(screens.skipped.items()))
        out.write(f"\nall-in showdowns not valued: {skipped}\n")
    if pool.disagreements:
        out.write(f"\ncopies that disagree: {len(pool.disagreements)}\n")
        for d in pool.disagreements[:_SHOWN]:
            out.write(f"  {d}\n")
    if ledger:
        out.write("\nvictim ledger (net: what the victim won minus lost against the other)\n")
        for line in ledger:
            ids = ", ".join(line.hands[:8]) + (" ..." if len(line.hands) > 8 else "")
            out.write(
                f"  {line.victim} vs {line.other}: {len(line.hands)} hands, lost {line.lost}, "
                f"won {line.won}, net {line.net} [{ids}]\n"
            )


def _score(s: Score) -> dict[str, Any]:
    return {
        "z": s.z, "sample": s.sample, "value": s.value, "low": s.low, "high": s.high,
        "reason": s.reason,
    }  # fmt: skip


def as_json(screens: Screens, pool: Pool, ledger: tuple[LedgerLine, ...]) -> dict[str, Any]:
    """The whole report as one JSON-ready object (money as strings, exact)."""
    return {
        "hands": screens.hands,
        "seen_from_seats": pool.seen_counts(),
        "alarm": ALARM,
        "players": [
            {"player": p.player, "hands": p.hands, "net": str(p.net), "top": p.top,
             "luck": _score(p.luck), "showdown": _score(p.showdown)}
            for p in screens.players
        ],
        "pairs": [
            {"a": q.a, "b": q.b, "shared": q.shared, "collusion": q.collusion,
             "apart": _score(q.apart), "together": _score(q.together),
             "fold_rate": q.fold_rate, "showdown_rate": q.showdown_rate}
            for q in screens.pairs
        ],
        "allin_not_valued": dict(screens.skipped),
        "disagreements": [
            {"hand_id": d.hand_id, "parts": d.parts, "first": d.first, "other": d.other}
            for d in pool.disagreements
        ],
        "ledger": [
            {"victim": x.victim, "other": x.other, "hands": list(x.hands), "lost": str(x.lost),
             "won": str(x.won), "net": str(x.net)}
            for x in ledger
        ],
    }  # fmt: skip


def write_html(screens: Screens, pool: Pool, ledger: tuple[LedgerLine, ...], out: TextIO) -> None:
    """The text report in a self-contained page."""
    from io import StringIO

    buf = StringIO()
    write_text(screens, pool, ledger, buf)
    out.write(
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>histparse integrity</title>"
        "</head><body><h1>Integrity screens</h1><p>Screens, not proofs: a high score is a "
        "reason to read the hands.</p><pre>"
        + html.escape(buf.getvalue())
        + "</pre></body></html>\n"
    )


def run(args: argparse.Namespace) -> int:
    """Run ``histparse integrity``; return the exit status."""
    names: list[str] = []
    if args.names:
        try:
            text = Path(args.names).read_text(encoding="utf-8")
        except OSError as exc:
            print(f"histparse integrity: cannot read {args.names}: {exc.strerror}", file=sys.stderr)
            return 2
        names = [n.strip() for n in text.splitlines() if n.strip()]
    try:
        files = expand_paths(args.paths)
    except FileNotFoundError as exc:
        print(f"histparse integrity: {exc}", file=sys.stderr)
        return 2
    jobs = jobs_for(args.jobs, files)
    # Pieces are made as the workers take them (with workers, only where their lines are:
    # each worker reads its own), never the whole input at once.
    pieces = pieces_for(files, jobs=jobs)
    pool = Pool(names)
    rejected = 0
    for copies, errors in ordered_map(observe_piece, pieces, jobs=jobs):
        pool.extend(copies)
        for e in errors:
            rejected += 1
            if rejected <= _SHOWN:
                print(f"histparse integrity: {e}", file=sys.stderr)
    if rejected:
        print(f"histparse integrity: {rejected} chunks rejected", file=sys.stderr)
    screens = screen(pool)
    ledger = victim_ledger(pool, names) if names else ()
    if args.json:
        json.dump(as_json(screens, pool, ledger), sys.stdout, indent=1)
        sys.stdout.write("\n")
    elif args.html:
        with open(args.html, "w", encoding="utf-8") as f:
            write_html(screens, pool, ledger, f)
    else:
        write_text(screens, pool, ledger, sys.stdout)
    alarm = any(p.top > ALARM for p in screens.players) or any(
        q.collusion > ALARM for q in screens.pairs
    )
    if alarm or pool.disagreements:
        return EXIT_FINDINGS
    return EXIT_REJECTED if rejected else 0


def register(subparsers: Any) -> None:
    """Add the ``integrity`` subcommand."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "integrity",
        help="screen pooled histories for superusers and colluding pairs",
        description=(
            "Pool several players' files of the same hands, then rank players (all-in luck, "
            "decisions after the last draw against what they could see) and pairs (less "
            "aggression against each other, more pots together). Screens, not proofs. "
            "Exit 5 when a score passes the alarm line or copies disagree."
        ),
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="history files, directories, globs")
    p.add_argument("--names", metavar="FILE", help="victims' names, one a line: their ledger")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print the whole report as JSON")
    out.add_argument("--html", metavar="FILE", help="write the report as a page")
    add_jobs_option(p)
    p.set_defaults(func=run)
