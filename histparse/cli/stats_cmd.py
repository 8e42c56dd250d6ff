"""``histparse stats PATH... [--player NAME] [--by KEY] [--json | --csv]``: player statistics.

Exit status: 0 when every hand was read and tabulated, 1 when the statistics were printed but
some hands were rejected (by the parser or the tables; they are counted on stderr), 2 when it
could not run (missing path, no hands, unknown player).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Any, TextIO

# pandas, the parser and the tables are imported when the command runs, not when the CLI
# starts: every subcommand's module is imported to build the argument parser.
if TYPE_CHECKING:
    import pandas as pd

    from histparse.frames import Tables
    from histparse.parsing import ParseError
    from histparse.stats import StatKind
    from histparse.stats.errors import TableError

__all__ = ["BY_CHOICES", "Loaded", "load_tables", "register", "run", "stats_json"]

# ``histparse.stats.BY_KEYS`` (a test keeps them equal).
BY_CHOICES = ("position", "stakes", "date", "table", "session")


@dataclass(slots=True)
class Loaded:
    """Tables read from paths, with what was left out on the way."""

    tables: Tables
    parse_errors: list[ParseError] = field(default_factory=list)
    table_errors: list[TableError] = field(default_factory=list)

    @property
    def rejected(self) -> int:
        """Hands left out: rejected by the parser or by the tables."""
        return len(self.parse_errors) + len(self.table_errors)

    def report(self, out: TextIO) -> None:
        """Say on ``out`` how many hands were left out and the first few reasons."""
        if not self.rejected:
            return
        print(f"histparse: {self.rejected} hand(s) left out of the statistics:", file=out)
        for err in [*self.parse_errors, *self.table_errors][:10]:
            print(f"  {err}", file=out)


def load_tables(paths: Sequence[str], *, jobs: int = 1) -> Loaded:
    """Read every history under ``paths`` and make the tables (in ``jobs`` processes); rejected
    hands are kept aside. Raises ``FileNotFoundError`` for a missing path."""
    from histparse.parallel.tables import tables_of_paths

    run = tables_of_paths(paths, jobs=jobs)
    assert run.tables is not None
    return Loaded(run.tables, run.parse_errors, run.table_errors)


def _rate(value: float) -> float | None:
    return None if math.isnan(value) else value


def _dec(value: object) -> str | None:
    # A missing Arrow decimal comes back as None or pd.NA depending on the access path.
    return str(value) if isinstance(value, Decimal) else None


def stats_json(stats: pd.DataFrame, by: Sequence[str] = ()) -> list[dict[str, Any]]:
    """``player_stats`` rows as JSON-ready objects: ``player``, the ``by`` keys, ``hands``, money
    as decimal strings (``net``, ``bb_per_100``, ``BB_per_100``, ``rake_share``) and, for every
    stat, ``{"count", "opp", "rate"}`` (rate null without opportunities)."""
    from histparse.stats import STATS

    rows: list[dict[str, Any]] = []
    for rec in stats.to_dict("records"):
        obj: dict[str, Any] = {"player": str(rec["player"])}
        for key in by:
            obj[key] = str(rec[key])
        obj["hands"] = int(rec["hands"])
        for money in ("net", "bb_per_100", "BB_per_100", "rake_share"):
            obj[money] = _dec(rec[money])
        for s in STATS:
            obj[s.name] = {
                "count": int(rec[s.name]),
                "opp": int(rec[s.opp]),
                "rate": _rate(float(rec[s.rate])),
            }
        rows.append(obj)
    return rows


def _fmt_rate(value: float, kind: StatKind) -> str:
    from histparse.stats import StatKind

    if math.isnan(value):
        return "-"
    if kind is StatKind.PROPORTION:
        return f"{value * 100:.1f}"
    return f"{value:.2f}"


def readable(stats: pd.DataFrame, by: Sequence[str] = ()) -> str:
    """A plain-text table: one line per row, proportions in percent, AF and means as numbers."""
    import pandas as pd

    from histparse.stats import DRAW_COUNT_STATS, STATS

    # The headline stats; the per-count draw distribution is in --json and --csv.
    shown = [s for s in STATS if s not in DRAW_COUNT_STATS]
    from histparse.cli.safe_text import visible

    # Names as they are, never as terminal controls (escape sequences, bidi overrides).
    cols: dict[str, list[str]] = {"player": [visible(str(v)) for v in stats["player"]]}
    for key in by:
        cols[key] = [visible(str(v)) for v in stats[key]]
    cols["hands"] = [str(v) for v in stats["hands"]]
    cols["net"] = [_dec(v) or "-" for v in stats["net"]]
    cols["bb/100"] = [_dec(v) or "-" for v in stats["bb_per_100"]]
    cols["BB/100"] = [_dec(v) or "-" for v in stats["BB_per_100"]]
    for s in shown:
        cols[s.label] = [_fmt_rate(float(v), s.kind) for v in stats[s.rate]]
    frame = pd.DataFrame(cols)
    return frame.to_string(index=False)


def run(args: argparse.Namespace) -> int:
    """Run ``histparse stats``."""
    from histparse.stats import player_stats

    by = [args.by] if args.by else []
    from histparse.cli.paths import list_or_report
    from histparse.parallel import cpu_count

    listed = list_or_report("stats", args.paths)
    if listed is None:
        return 2
    loaded = load_tables(listed.files, jobs=args.jobs or cpu_count())
    loaded.report(sys.stderr)
    if loaded.tables.players.empty:
        print("histparse stats: no hands to report on", file=sys.stderr)
        return 2
    stats = player_stats(loaded.tables, by=by, players=args.player)
    if args.player:
        known = set(stats["player"].astype(str))
        missing = [p for p in args.player if p not in known]
        if missing:
            print(f"histparse stats: no hands for player(s) {', '.join(missing)}", file=sys.stderr)
            return 2
    if args.json:
        json.dump(stats_json(stats, by), sys.stdout, indent=1)
        print()
    elif args.csv:
        from histparse.cli.safe_text import safe_csv

        safe_csv(stats, sys.stdout)
    else:
        print(readable(stats, by))
    return listed.status(1 if loaded.rejected else 0)


def register(subparsers: Any) -> None:
    """Add the ``stats`` subcommand."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "stats",
        help="player statistics (VPIP, PFR, 3-bet, steals, aggression, showdowns, draws)",
        description="Player statistics of the hands under PATH (definitions: docs/stats.md).",
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="history files, directories, globs")
    p.add_argument(
        "--player", action="append", metavar="NAME", help="only this player (repeatable)"
    )
    p.add_argument("--by", choices=BY_CHOICES, help="one row per player and this key")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="a JSON list of objects")
    out.add_argument("--csv", action="store_true", help="CSV with every column")
    from histparse.parallel.options import add_jobs_option

    add_jobs_option(p)
    p.set_defaults(func=run)
