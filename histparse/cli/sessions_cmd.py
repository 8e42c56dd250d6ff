"""``histparse sessions PATH... [--player NAME] [--per-table] [--gap MIN] [--json | --csv]``.

Each session of each player (or of ``--player``): start, end, duration, tables, stakes, hands,
hands per hour, net in its unit and in big blinds, bb/100 and money per hour. Sessions are runs
of hands less than ``--gap`` minutes apart, from the hands' own start times. The filters are
those of ``stats``. ``--graph DIR`` also writes one PNG per session into DIR
(``player-unit-NNN.png``). Exit status as ``stats`` (2 as well when a graph cannot be written).
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import timedelta
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from histparse.cli.paths import with_skipped
from histparse.cli.status import EXIT_IO
from histparse.textio import shown

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["register", "run", "sessions_json"]


def _dec(value: object) -> str | None:
    return str(value) if isinstance(value, Decimal) else None


def _time(value: Any) -> str:
    return str(value.isoformat()) if hasattr(value, "isoformat") else str(value)


def sessions_json(rows: pd.DataFrame) -> list[dict[str, Any]]:
    """Session rows as JSON-ready objects (times ISO 8601 UTC, duration in seconds, decimals as
    strings, ``hands_per_hour`` a number or null)."""
    out: list[dict[str, Any]] = []
    for rec in rows.to_dict("records"):
        hph = rec["hands_per_hour"]
        out.append(
            {
                "player": rec["player"],
                "unit": rec["unit"],
                "session": int(rec["session"]),
                "start": _time(rec["start"]),
                "end": _time(rec["end"]),
                "duration_s": int(rec["duration"].total_seconds()),
                "tables": int(rec["tables"]),
                "table_names": rec["table_names"],
                "stakes": rec["stakes"],
                "hands": int(rec["hands"]),
                "hands_per_hour": None if hph != hph else round(float(hph), 2),
                **{k: _dec(rec[k]) for k in ("net", "net_bb", "bb_per_100", "net_per_hour")},
            }
        )
    return out


def readable(rows: pd.DataFrame) -> str:
    """A plain-text table, every amount with its unit."""
    import pandas as pd

    cols = {
        "player": rows["player"].tolist(),
        "unit": rows["unit"].tolist(),
        "#": rows["session"].tolist(),
        "start (UTC)": [f"{t:%Y-%m-%d %H:%M}" for t in rows["start"]],
        "end (UTC)": [f"{t:%Y-%m-%d %H:%M}" for t in rows["end"]],
        "duration": [str(d).replace("0 days ", "") for d in rows["duration"]],
        "tables": rows["tables"].tolist(),
        "hands": rows["hands"].tolist(),
        "hands/h": ["-" if v != v else f"{v:.0f}" for v in rows["hands_per_hour"]],
        "net": [f"{_dec(n) or '-'} {u}" for n, u in zip(rows["net"], rows["unit"], strict=True)],
        "net bb": [_dec(v) or "-" for v in rows["net_bb"]],
        "bb/100": [_dec(v) or "-" for v in rows["bb_per_100"]],
        "net/h": [
            f"{_dec(v)} {u}" if _dec(v) else "-"
            for v, u in zip(rows["net_per_hour"], rows["unit"], strict=True)
        ],
    }
    return str(pd.DataFrame(cols).to_string(index=False))


def run(args: argparse.Namespace) -> int:
    """Run ``histparse sessions``."""
    from histparse.cli.report_options import match_players
    from histparse.cli.stats_cmd import report_tables
    from histparse.stats.sessions import sessions

    got = report_tables(args, "sessions")
    if isinstance(got, int):
        return got
    loaded, tables = got
    players = None
    if args.player:
        known = [str(p) for p in tables.players["player"].cat.categories]
        players, problems = match_players(args.player, known)
        if problems:
            for msg in problems:
                print(f"histparse sessions: {msg}", file=sys.stderr)
            return 2
    rows = sessions(tables, players, gap=timedelta(minutes=args.gap), per_table=args.per_table)
    if args.min_hands:
        rows = rows[rows["hands"] >= args.min_hands].reset_index(drop=True)
    if args.json:
        json.dump(sessions_json(rows), sys.stdout, indent=1)
        print()
    elif args.csv:
        rows.to_csv(sys.stdout, index=False)
    else:
        print(readable(rows))
    if args.graph and not _graphs(tables, rows, args):
        return EXIT_IO  # the folder could not be written (named)
    return with_skipped(1 if loaded.rejected else 0, loaded.skipped)


def _graphs(tables: Any, rows: pd.DataFrame, args: argparse.Namespace) -> bool:
    """Write a PNG per session into ``args.graph``; False (said on stderr) when it cannot."""
    from pathlib import Path

    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from histparse.plots.sessions import plot_session, session_file_name

    out = Path(args.graph)
    names: set[str] = set()
    try:
        out.mkdir(parents=True, exist_ok=True)
        for record in rows.to_dict("records"):
            rec = {str(k): v for k, v in record.items()}
            name = session_file_name(rec)
            while name in names:  # two names made alike by the file-name rule
                name = name.removesuffix(".png") + "_.png"
            names.add(name)
            fig = plot_session(tables, rec, per_table=args.per_table, ev=bool(args.ev))
            FigureCanvasAgg(fig)
            fig.savefig(out / name)
    except OSError as exc:
        print(
            f"histparse sessions: cannot write into {shown(out)}: {exc.strerror}", file=sys.stderr
        )
        return False
    print(f"wrote {len(names)} session graph(s) into {out}", file=sys.stderr)
    return True


def register(subparsers: Any) -> None:
    """Add the ``sessions`` subcommand."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "sessions",
        help="playing sessions: start, end, hands, hands per hour, net in money and big blinds",
        description="Each player's sessions (runs of hands less than --gap minutes apart) in "
        "the hands under PATH (history files or exported dataset directories).",
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="history files or dataset dirs")
    p.add_argument("--player", action="append", metavar="NAME", help="only this player")
    p.add_argument(
        "--per-table", action="store_true", help="a session per table (default: across tables)"
    )
    p.add_argument(
        "--gap", type=float, default=30.0, metavar="MIN", help="minutes between sessions (30)"
    )
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="a JSON list of objects")
    out.add_argument("--csv", action="store_true", help="CSV with every column")
    p.add_argument(
        "--graph", metavar="DIR", help="also write a graph per session into DIR (PNG files)"
    )
    p.add_argument("--ev", action="store_true", help="the graphs also draw the all-in EV net")
    from histparse.cli.progress import add_quiet_option
    from histparse.cli.report_options import add_filter_options
    from histparse.parallel.options import add_jobs_option

    add_filter_options(p)
    add_jobs_option(p)
    add_quiet_option(p)
    p.set_defaults(func=run)
