"""``histparse fairness PATH... [--player NAME] [--by site,stakes,month]``: were the cards a
player received dealt as a fair shuffle deals them?

Exit status: 0 when no test raises an alarm (including "not enough hands"), 1 when one does,
2 when the command cannot run (missing path, bad option, unwritable figure).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterator
from typing import Any

from histparse.cli.status import EXIT_FINDINGS, EXIT_IO
from histparse.textio import shown

__all__ = ["register", "run"]


def _records(reading: Any, counts: dict[str, int]) -> Iterator[Any]:
    """The records of the parsed hands the front reads (second readings skipped; each hand
    read once, ``fairness_record``: its line facts alone, or the engine's replay for a hand
    with an all-in showdown), counting what was read, rejected and unsupported as they come."""
    from histparse.events import Hand
    from histparse.fairness import fairness_record
    from histparse.reading import ParseError

    for result in reading.results():
        if isinstance(result, Hand):
            yield fairness_record(result)
        elif isinstance(result, ParseError):
            counts["rejected"] += 1
            if counts["rejected"] <= 5:
                print(f"histparse fairness: rejected: {result}", file=sys.stderr)
        else:
            counts["unsupported"] += 1
    counts["duplicates"] = reading.counts.duplicates


def _command(args: argparse.Namespace) -> str:
    """The command that re-runs this report, options in one fixed order."""
    import shlex

    parts = ["histparse", "fairness"]
    if args.player:
        parts += ["--player", args.player]
    if args.by:
        parts += ["--by", args.by]
    parts += ["--alpha", repr(args.alpha)]
    if args.json:
        parts.append("--json")
    if args.plot:
        parts += ["--plot", args.plot]
    return shlex.join([*parts, *args.paths])


def certificate(files: list[str], args: argparse.Namespace) -> dict[str, Any]:
    """What an auditor publishes with the report: each input file's SHA-256 and size, the
    histparse version, the seeds (the all-in EV's Monte Carlo, seeded per hand from this seed
    and the hand id; every other test is exact), and the command. The same command on the same
    files prints the same bytes."""
    import hashlib

    from histparse import __version__

    inputs = []
    for path in sorted(files):
        digest = hashlib.sha256()
        size = 0
        with open(path, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                digest.update(block)
                size += len(block)
        inputs.append({"path": path, "sha256": digest.hexdigest(), "bytes": size})
    return {
        "histparse_version": __version__,
        "command": _command(args),
        "seeds": [0],
        "inputs": inputs,
    }


def _number(value: float) -> str:
    # A p-value below the smallest float prints as a bound, not as an exact 0.
    return "<1e-300" if value < 1e-300 else f"{value:.3g}" if math.isfinite(value) else str(value)


def _text(report: Any, counts: dict[str, int], cert: dict[str, Any]) -> str:
    lines = [
        f"deal fairness for {report.player or 'the hero of each hand'}: "
        f"{report.hands_used} of {report.hands_read} parsed hands show the player's cards"
        + (
            f" ({counts['rejected']} rejected, {counts['unsupported']} unsupported"
            + (f", {counts['duplicates']} duplicates skipped" if counts["duplicates"] else "")
            + ")"
            if counts["rejected"] or counts["unsupported"] or counts["duplicates"]
            else ""
        ),
        f"family of {sum(1 for t in report.tests if t.enough)} tests with a verdict, "
        f"{report.correction} correction, family-wise level {report.alpha}",
        "",
    ]
    for group in report.groups:
        title = " / ".join(group.key) if group.key else "all hands"
        lines.append(
            f"{title}: {group.hands} hands, {group.draws} draws"
            + (f" ({group.skipped_draws} draws left out)" if group.skipped_draws else "")
        )
        lines.append(
            f"  {'test':<14} {'n':>8} {'statistic':>10} {'p-value':>9} "
            f"{'effect [95% CI]':>26} {'detectable':>10}  verdict"
        )
        for t in group.tests:
            if not t.enough:
                lines.append(f"  {t.name:<14} {t.sample:>8}  not enough hands")
                continue
            stat = f"{'X2' if t.kind == 'chi2' else 'z'}={t.statistic:.2f}"
            effect = f"{t.effect:+.4f} [{t.effect_low:+.4f}, {t.effect_high:+.4f}]"
            verdict = "ALARM: " + t.direction if t.alarm else "ok"
            lines.append(
                f"  {t.name:<14} {t.sample:>8} {stat:>10} {_number(t.p_value or 0.0):>9} "
                f"{effect:>26} {t.detectable:>10.4f}  {verdict}"
            )
        allin = next((t for t in group.tests if t.name == "allin"), None)
        if allin is not None and (allin.sample or group.allin_skipped):
            won, expected = allin.categories[0][1], allin.categories[0][2]
            lines.append(
                f"  all-in showdowns with draws left: {allin.sample} valued, "
                f"{won:.2f} pots won against {expected:.2f} expected from the equity"
            )
        if group.allin_skipped:
            why = ", ".join(f"{n} {reason}" for reason, n in group.allin_skipped)
            lines.append(f"  all-in showdowns not valued: {why}")
        lines.append("")
    lines.append(f"verdict: {report.verdict}")
    for t in report.tests:
        if t.alarm:
            where = " / ".join(t.group) + ": " if t.group else ""
            lines.append(f"  {where}{t.title}: {t.direction}")
    if report.power:
        lines += [
            "",
            "power: hands each seeded fault needs to be found 9 times in 10, on hands like these",
        ]
        for row in report.power:
            need = f"{row.hands:,}" if row.hands is not None else f"never ({row.why})"
            lines.append(f"  {row.fault:<22} {need:>12}  by {row.test}: {row.description}")
    lines += [
        "",
        f"certificate: histparse {cert['histparse_version']}, seeds: "
        + ", ".join(map(str, cert["seeds"]))
        + " (the all-in EV's Monte Carlo, per hand with its id; the other tests are exact)",
        f"  command: {cert['command']}",
    ]
    lines += [f"  {i['sha256']}  {i['bytes']:>10}  {i['path']}" for i in cert["inputs"]]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Run ``histparse fairness``."""
    from histparse.fairness import BY_KEYS, fairness_report

    by = [b.strip() for b in args.by.split(",") if b.strip()] if args.by else []
    for name in by:
        if name not in BY_KEYS:
            print(
                f"histparse fairness: cannot group by {name!r} (choose from {', '.join(BY_KEYS)})",
                file=sys.stderr,
            )
            return 2
    if not 0.0 < args.alpha < 1.0:
        print(
            f"histparse fairness: --alpha must be between 0 and 1, got {args.alpha}",
            file=sys.stderr,
        )
        return 2
    from histparse.cli.paths import list_or_report
    from histparse.parallel.front import read_results, report_counts

    listed = list_or_report("fairness", args.paths)
    if listed is None:
        return 2
    counts = {"rejected": 0, "unsupported": 0, "duplicates": 0}
    # The rejected chunks are named as they come (the first five), by ``_records``.
    reading = read_results(listed.listing, on_rejected=lambda _e: None)
    records = _records(reading, counts)
    report = fairness_report(records, player=args.player, by=by, alpha=args.alpha)
    report_counts("fairness", reading.counts, reading.conflicts, sys.stderr)
    if args.plot:
        from matplotlib.backends.backend_agg import FigureCanvasAgg

        from histparse.plots.fairness import plot_fairness

        fig = plot_fairness(report)
        FigureCanvasAgg(fig)
        try:
            fig.savefig(args.plot)
        except (OSError, ValueError) as exc:
            print(f"histparse fairness: cannot write {shown(args.plot)}: {exc}", file=sys.stderr)
            return EXIT_IO if isinstance(exc, OSError) else 2
        print(f"wrote {args.plot}", file=sys.stderr)
    cert = certificate(listed.listing.files, args)
    if args.json:
        data = report.to_json()
        data["certificate"] = cert
        data["rejected"] = counts["rejected"]
        data["unsupported"] = counts["unsupported"]
        if counts["duplicates"]:
            data["duplicates"] = counts["duplicates"]
        print(json.dumps(data, indent=2, allow_nan=False, default=str))
    else:
        print(_text(report, counts, cert))
    return listed.status(EXIT_FINDINGS if report.alarm else 0)


def register(subparsers: Any) -> None:
    """Add the ``fairness`` subcommand."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "fairness",
        help="test whether a player's cards look like a fair shuffle's",
        description=(
            "Test the cards a player received (the five dealt, the replacements at each draw, "
            "what the draws made) against a fair deal, with the family of tests corrected for "
            "multiple comparisons (Holm). Exit 1 when a test raises an alarm."
        ),
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="history files, directories, globs")
    p.add_argument("--player", metavar="NAME", help="whose cards (default: each hand's hero)")
    p.add_argument(
        "--by",
        metavar="KEYS",
        help="group by any of site,stakes,month,game,player,table (comma-separated); "
        "all hands pooled are tested too",
    )
    p.add_argument(
        "--alpha", type=float, default=0.01, help="family-wise level of the alarm (default 0.01)"
    )
    p.add_argument("--json", action="store_true", help="print the whole report as JSON")
    p.add_argument("--plot", metavar="FILE", help="also draw the report's figures to FILE (.png)")
    p.set_defaults(func=run)
