"""``histparse graph PATH... --player NAME --out FILE.png [--kind KIND] [--x date] [--ev]``.

A player's graphs under a title strip (dates, stakes, hands, net and bb/100 per unit): the net
in money and in big blinds over hands or dates (with the all-in EV line given ``--ev``), bb/100
by position, the draws and the showdowns.

Exit status: 0 when the image was written from every hand, 1 when it was written but some hands
were rejected, 2 when it could not run (missing path, no hands for the player, unwritable file).
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any, Literal

from histparse.cli.paths import with_skipped
from histparse.cli.status import EXIT_IO
from histparse.textio import shown

if TYPE_CHECKING:
    from collections.abc import Callable

    from matplotlib.figure import Figure

    from histparse.stats.aggregate import TablesLike

__all__ = ["KINDS", "register", "run"]

# matplotlib and the tables are imported when the command runs, not when the CLI starts.
KINDS = ("all", "net", "net-bb", "positions", "draws", "showdown")


def _plot(args: argparse.Namespace) -> Callable[[TablesLike, str], Figure]:
    from histparse import plots

    kind, x, ev = args.kind, args.x, bool(args.ev)
    if kind == "all":
        return lambda tables, player: plots.dashboard(tables, player, x=x, ev=ev)
    if kind in ("net", "net-bb"):
        measure: Literal["bb"] | None = "bb" if kind == "net-bb" else None
        return lambda tables, player: plots.plot_net(tables, player, measure=measure, x=x, ev=ev)
    single = {
        "positions": plots.plot_positions,
        "draws": plots.plot_draw_stats,
        "showdown": plots.plot_showdown_classes,
    }[kind]
    return lambda tables, player: single(tables, player)


def run(args: argparse.Namespace) -> int:
    """Run ``histparse graph``."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from histparse.cli.report_options import match_players
    from histparse.cli.stats_cmd import report_tables
    from histparse.plots import PlotError

    got = report_tables(args, "graph")
    if isinstance(got, int):
        return got
    loaded, tables = got
    known = [str(p) for p in tables.players["player"].cat.categories]
    found, problems = match_players([args.player], known)
    if problems:
        print(f"histparse graph: {problems[0]}", file=sys.stderr)
        return 2
    # The tables cut by --unit already; several units are drawn apart.
    try:
        fig = _plot(args)(tables, found[0])
    except PlotError as exc:
        print(f"histparse graph: {exc}", file=sys.stderr)
        return 2
    # The Agg canvas renders without a display and without pyplot's global state.
    FigureCanvasAgg(fig)
    try:
        fig.savefig(args.out)
    except (OSError, ValueError) as exc:
        print(f"histparse graph: cannot write {shown(args.out)}: {exc}", file=sys.stderr)
        return EXIT_IO if isinstance(exc, OSError) else 2
    print(f"wrote {args.out}")
    return with_skipped(1 if loaded.rejected else 0, loaded.skipped)


def register(subparsers: Any) -> None:
    """Add the ``graph`` subcommand."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "graph",
        help="graphs of a player's results: net won, bb/100 by position, draws, showdowns",
        description="Draw a player's graphs from the hands under PATH into an image file.",
    )
    p.add_argument(
        "paths",
        nargs="+",
        metavar="PATH",
        help="history files, directories, globs, or exported dataset directories",
    )
    p.add_argument("--player", required=True, metavar="NAME", help="the player to draw")
    p.add_argument("--out", required=True, metavar="FILE", help="image file (.png, .svg, .pdf)")
    p.add_argument(
        "--kind",
        choices=KINDS,
        default="all",
        help="one graph (net: in money, or in big blinds for several units; net-bb: in big "
        "blinds), or all on one page (default)",
    )
    p.add_argument(
        "--x",
        choices=("hands", "date"),
        default="hands",
        help="the net graphs' horizontal axis: hands played (default) or date and time (UTC)",
    )
    p.add_argument(
        "--ev",
        action="store_true",
        help="also draw the all-in EV net (computes every all-in's equity: slower)",
    )
    from histparse.cli.progress import add_quiet_option
    from histparse.cli.report_options import add_filter_options
    from histparse.parallel.options import add_jobs_option

    add_filter_options(p)
    add_jobs_option(p)
    add_quiet_option(p)
    p.set_defaults(func=run)
