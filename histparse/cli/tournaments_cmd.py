"""``histparse tournaments PATH... [--player NAME] [--each] [--json | --csv]``: tournament
results from PokerStars and Full Tilt tournament summaries.

One row per player and tournament type (site, game, buy-in and fee, unit): tournaments,
entries (re-entries counted), cost, prizes, net, ROI, ITM and average finish (docs/stats.md,
"Tournaments"); ``--each`` gives one row per player and tournament instead. ``histparse
stats`` prints the same table under its statistics when its paths hold summaries.

Exit status: 0 when every summary was read, 1 when some could not be (named on stderr), 2
when it could not run (missing path, no summary, unknown player), 3 when a path was skipped.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from histparse.cli.paths import list_or_report

if TYPE_CHECKING:
    import pandas as pd

    from histparse.stats.aggregate import BuyIn
    from histparse.stats.tournaments import SummaryError, TournamentSummary

__all__ = [
    "Summaries",
    "buy_ins",
    "plural",
    "read_all",
    "readable",
    "register",
    "rows_json",
    "run",
    "selected",
]


@dataclass(slots=True)
class Summaries:
    """The tournament summaries read from some files, and what could not be read."""

    summaries: list[TournamentSummary] = field(default_factory=list)
    errors: list[SummaryError] = field(default_factory=list)
    repeated: int = 0  # tournaments given twice, counted once

    def report(self, command: str, out: Any) -> None:
        """Say on ``out`` which summaries were left out and why."""
        if self.repeated:
            n = self.repeated
            print(
                f"histparse {command}: {n} tournament {plural(n)} given twice, counted once",
                file=out,
            )
        if self.errors:
            n = len(self.errors)
            print(f"histparse {command}: {n} tournament {plural(n)} could not be read:", file=out)
            for err in self.errors[:10]:
                print(f"  {err}", file=out)


def plural(n: int) -> str:
    """``summary`` or ``summaries``."""
    return "summary" if n == 1 else "summaries"


def read_all(files: Iterable[str]) -> Summaries:
    """Every summary in ``files`` (a file of hands holds none), each tournament once."""
    from histparse.stats.tournaments import distinct, read_summaries

    got = Summaries()
    found: list[TournamentSummary] = []
    for name in files:
        found.extend(read_summaries(name, got.errors))
    got.summaries, got.repeated = distinct(found)
    return got


def buy_ins(summaries: Iterable[TournamentSummary]) -> dict[tuple[str, str], BuyIn]:
    """Each summary's buy-in and fee, by (site, tournament id), for the stakes labels of its
    hands (``histparse.stats.aggregate.tournament_label``)."""
    return {(s.site, s.tournament_id): ((s.buy_in, s.fee), s.unit) for s in summaries}


def selected(
    got: Summaries,
    players: Sequence[str] | None,
    sites: Sequence[str] = (),
    units: Sequence[str] = (),
    each: bool = False,
) -> pd.DataFrame:
    """The results to show: ``players``' (exact names; else each summary's hero, or every
    finisher of one naming no hero), of these ``sites`` and ``units`` (any letter case; all
    when empty), per tournament type (or ``each`` tournament)."""
    from histparse.stats.tournaments import results_frame, tournament_stats, who_played

    # Each option may list several values (``--site a,b``), as the hand filters take them.
    wanted_sites = {v.strip().casefold() for s in sites for v in s.split(",") if v.strip()}
    wanted_units = {v.strip().casefold() for u in units for v in u.split(",") if v.strip()}
    kept = [
        s
        for s in got.summaries
        if (not wanted_sites or s.site.casefold() in wanted_sites)
        and (not wanted_units or s.unit.casefold() in wanted_units)
    ]
    frame = results_frame(who_played(kept, list(players or ())))
    return frame if each else tournament_stats(frame)


def _money(value: object, unit: object) -> str:
    return f"{value} {unit}" if isinstance(value, Decimal) else "-"


def _percent(value: object) -> str:
    return f"{value * 100:.2f}%" if isinstance(value, Decimal) else "-"


def readable(frame: pd.DataFrame) -> str:
    """A plain-text table of ``selected`` rows: money with its unit, ROI and ITM in percent."""
    import pandas as pd

    from histparse.cli.safe_text import visible

    if frame.empty:
        return "(no tournament results)"
    each = "tournament_id" in frame.columns
    units = frame["unit"].tolist()
    cols: dict[str, list[str]] = {
        "player": [visible(str(v)) for v in frame["player"]],
        "site": [str(v) for v in frame["site"]],
    }
    if each:
        cols["tournament"] = [str(v) for v in frame["tournament_id"]]
    cols["game"] = [visible(str(v)) for v in frame["game"]]
    cols["buy-in"] = [
        f"{b}+{f} {u}" for b, f, u in zip(frame["buy_in"], frame["fee"], units, strict=True)
    ]
    if each:
        cols["entries"] = [str(v) for v in frame["entries"]]
        cols["place"] = [str(v) for v in frame["place"]]
        cols["cost"] = [_money(v, u) for v, u in zip(frame["cost"], units, strict=True)]
        cols["prize"] = [_money(v, u) for v, u in zip(frame["prize"], units, strict=True)]
        cols["net"] = [_money(v, u) for v, u in zip(frame["net"], units, strict=True)]
        cols["ROI"] = [_percent(v) for v in frame["roi"]]
    else:
        cols["tourneys"] = [str(v) for v in frame["tournaments"]]
        cols["entries"] = [str(v) for v in frame["entries"]]
        cols["cost"] = [_money(v, u) for v, u in zip(frame["cost"], units, strict=True)]
        cols["prizes"] = [_money(v, u) for v, u in zip(frame["prizes"], units, strict=True)]
        cols["net"] = [_money(v, u) for v, u in zip(frame["net"], units, strict=True)]
        cols["ROI"] = [_percent(v) for v in frame["roi"]]
        cols["ITM"] = [_percent(v) for v in frame["itm"]]
        cols["avg finish"] = [str(v) for v in frame["average_finish"]]
    text = pd.DataFrame(cols).to_string(index=False)
    several = frame.groupby("player", sort=True)["unit"].nunique()
    notes = [
        f"{player}: tournaments in {n} units are shown apart and never added"
        for player, n in several.items()
        if n > 1
    ]
    return text + ("\n\n" + "\n".join(notes) if notes else "")


def rows_json(frame: pd.DataFrame) -> list[dict[str, Any]]:
    """``selected`` rows as JSON-ready objects: text and counts as they are, money and the
    ratios (``roi``, ``itm``, ``average_finish``) as decimal strings (null when undefined)."""
    out: list[dict[str, Any]] = []
    for rec in frame.to_dict("records"):
        obj: dict[str, Any] = {}
        for key, value in rec.items():
            if isinstance(value, Decimal):
                obj[str(key)] = str(value)
            elif value is None or isinstance(value, str):
                obj[str(key)] = value
            else:
                obj[str(key)] = int(value)
        out.append(obj)
    return out


def emit(frame: pd.DataFrame, args: argparse.Namespace) -> None:
    """Print ``frame`` as ``--json``, ``--csv`` or text."""
    if getattr(args, "json", False):
        json.dump(rows_json(frame), sys.stdout, indent=1)
        print()
    elif getattr(args, "csv", False):
        from histparse.cli.safe_text import safe_csv

        safe_csv(frame, sys.stdout)
    else:
        print(readable(frame))


def match_finishers(
    command: str, wanted: Sequence[str] | None, known: Iterable[str]
) -> list[str] | None:
    """``--player`` names matched (any letter case) against ``known`` names; None (said on
    stderr) when one matches nobody."""
    from histparse.cli.report_options import match_players

    if not wanted:
        return []
    found, problems = match_players(wanted, sorted(set(known)))
    for msg in problems:
        # match_players speaks of hands; here the names are the summaries' finishers.
        msg = msg.replace("no hands for", "no results for")
        print(f"histparse {command}: {msg}", file=sys.stderr)
    return None if problems else found


def run(args: argparse.Namespace) -> int:
    """Run ``histparse tournaments``."""
    listed = list_or_report("tournaments", args.paths)
    if listed is None:
        return 2
    got = read_all(listed.files)
    got.report("tournaments", sys.stderr)
    if not got.summaries:
        print("histparse tournaments: no tournament summary to report on", file=sys.stderr)
        return 2 if not got.errors else 1
    known = (f.player for s in got.summaries for f in s.finishes)
    players = match_finishers("tournaments", args.player, known)
    if players is None:
        return 2
    frame = selected(got, players, args.site or (), args.unit or (), each=args.each)
    emit(frame, args)
    return listed.status(1 if got.errors else 0)


def register(subparsers: Any) -> None:
    """Add the ``tournaments`` subcommand."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "tournaments",
        help="tournament results from summaries (ROI, ITM, average finish)",
        description="Tournament results of the PokerStars and Full Tilt tournament summaries "
        "under PATH, per player and tournament type (definitions: docs/stats.md).",
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="summary files, directories, globs")
    p.add_argument(
        "--player",
        action="append",
        metavar="NAME",
        help="this player's results (repeatable; any letter case); default: each summary's "
        "hero, or every finisher where the summary names none",
    )
    p.add_argument("--site", action="append", metavar="SITE", help="only this site")
    p.add_argument(
        "--unit", "--currency", dest="unit", action="append", metavar="UNIT", help="only this unit"
    )
    p.add_argument(
        "--each", action="store_true", help="one row per tournament, not per tournament type"
    )
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="a JSON list of objects")
    out.add_argument("--csv", action="store_true", help="CSV with every column")
    p.set_defaults(func=run)
