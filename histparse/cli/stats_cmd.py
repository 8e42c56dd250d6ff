"""``histparse stats PATH... [--player NAME] [--by KEY] [--json | --csv]``: player statistics,
and the tournament results of the tournament summaries among the paths (``tournaments_cmd``).

Exit status: 0 when every hand was read and tabulated, 1 when the statistics were printed but
some hands (or summaries) were rejected (by the parser or the tables; they are counted on
stderr), 2 when it could not run (missing path, no hands nor summaries, unknown player).
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

from histparse.cli.paths import with_skipped

# pandas, the parser and the tables are imported when the command runs, not when the CLI
# starts: every subcommand's module is imported to build the argument parser.
if TYPE_CHECKING:
    import pandas as pd

    from histparse.frames import Tables
    from histparse.parallel.front import Conflict, Counts, Listing
    from histparse.parsing import ParseError
    from histparse.stats.aggregate import BuyIn
    from histparse.stats.errors import TableError

__all__ = ["BY_CHOICES", "Loaded", "load_tables", "register", "run", "stats_json"]

# ``histparse.stats.BY_KEYS`` (a test keeps them equal).
BY_CHOICES = (
    "position", "stakes", "game", "date", "table", "session",
    "start_class", "kept_class", "kept_class_2", "kept_class_3",
)  # fmt: skip


@dataclass(slots=True)
class Loaded:
    """Tables read from paths, with what was left out on the way."""

    tables: Tables
    parse_errors: list[ParseError] = field(default_factory=list)
    table_errors: list[TableError] = field(default_factory=list)
    skipped: int = 0  # paths that could not be read (exit status 3)
    summaries: list[str] = field(default_factory=list)  # files holding tournament summaries
    counts: Counts | None = None  # the front's, for the text paths
    conflicts: list[Conflict] = field(default_factory=list)

    @property
    def rejected(self) -> int:
        """Hands left out: rejected by the parser or by the tables."""
        return len(self.parse_errors) + len(self.table_errors)

    def report(self, out: TextIO, command: str = "stats") -> None:
        """Say on ``out`` what was read (the front's counts line), then how many hands were
        left out and the first few reasons."""
        if self.counts is not None:
            from histparse.parallel.front import report_counts

            report_counts(command, self.counts, self.conflicts, out)
        notes = ev_notes(self.tables.hands)
        if notes:
            print(f"histparse {command}: {notes}", file=out)
        if not self.rejected:
            return
        print(f"histparse: {self.rejected} hand(s) left out of the statistics:", file=out)
        for err in [*self.parse_errors, *self.table_errors][:10]:
            print(f"  {err}", file=out)


def ev_notes(hands: pd.DataFrame) -> str:
    """The all-in showdowns without an all-in EV, counted by reason (``hands.allin_ev_note``,
    the text before its first colon), as one line; empty when every one has its EV."""
    if "allin_ev_note" not in hands.columns:
        return ""
    notes = hands["allin_ev_note"].dropna()
    if notes.empty:
        return ""
    reasons = notes.astype(str).str.split(":", n=1).str[0].value_counts()
    parts = "; ".join(f"{reason}: {n:,}" for reason, n in reasons.items())
    return f"{len(notes):,} all-in showdown(s) without an all-in EV ({parts})"


def is_dataset(path: str) -> bool:
    """``path`` is an exported dataset directory (``histparse export``)."""
    from pathlib import Path

    from histparse.export.store import MARKER

    return (Path(path) / MARKER).is_file()


def load_tables(
    paths: Sequence[str],
    *,
    jobs: int = 1,
    quiet: bool = True,
    allin_ev: bool = True,
    listing: Listing | None = None,
) -> Loaded:
    """Read every history under ``paths`` and make the tables (in ``jobs`` processes; the
    all-in EV unless ``allin_ev`` is False); rejected
    hands are kept aside; ``quiet=False`` shows progress on a terminal. A path that is an
    exported dataset directory is read with
    ``histparse.load`` instead (its tables are those the text gave). Raises
    ``FileNotFoundError`` for a missing path."""
    from histparse.parallel.tables import tables_of_paths

    datasets = [p for p in paths if is_dataset(p)]
    if datasets:
        return _load_datasets(datasets, [p for p in paths if p not in datasets], jobs, allin_ev)
    from histparse.parallel.front import list_inputs
    from histparse.parallel.progress import Progress

    if listing is None:
        listing = list_inputs(paths)
    # A progress line on a terminal (stderr) while the text is read: it can take a while.
    progress = Progress.for_terminal(listing.files, quiet=quiet)
    try:
        run = tables_of_paths(listing, jobs=jobs, progress=progress, allin_ev=allin_ev)
    finally:
        progress.close()
    assert run.tables is not None
    return Loaded(
        run.tables,
        run.parse_errors,
        run.table_errors,
        summaries=run.summaries,
        counts=run.counts,
        conflicts=run.conflicts,
    )


def _load_datasets(datasets: list[str], texts: list[str], jobs: int, allin_ev: bool) -> Loaded:
    from histparse.export import load
    from histparse.frames.build import concat_tables

    # The situation stats read the actions and draws too (histparse.stats.situations).
    parts = [load(d, only=("hands", "players", "actions", "draws")) for d in datasets]
    loaded = Loaded(parts[0] if len(parts) == 1 else concat_tables(parts))
    if texts:
        more = load_tables(texts, jobs=jobs, allin_ev=allin_ev)
        # Summaries cannot be in a dataset: those given beside it are read (stats). Text paths
        # of summaries only have no hands to join.
        joined = loaded.tables
        if not more.tables.hands.empty:
            joined = concat_tables([loaded.tables, more.tables])
        loaded = Loaded(
            joined,
            more.parse_errors,
            more.table_errors,
            summaries=more.summaries,
            counts=more.counts,
            conflicts=more.conflicts,
        )
    return loaded


def _rate(value: float) -> float | None:
    return None if math.isnan(value) else value


def _dec(value: object) -> str | None:
    # A missing Arrow decimal comes back as None or pd.NA depending on the access path.
    return str(value) if isinstance(value, Decimal) else None


_DECIMALS = (
    "net", "net_bb", "net_BB", "bb_per_100", "BB_per_100", "rake_share",
    "ev_net", "ev_net_bb", "ev_bb_per_100",
)  # fmt: skip


def stats_json(stats: pd.DataFrame, by: Sequence[str] = ()) -> list[dict[str, Any]]:
    """``player_stats`` rows as JSON-ready objects: ``player``, ``unit`` (what ``net`` and
    ``rake_share`` count), the ``by`` keys, ``hands``, decimals as strings (``net``,
    ``net_bb``, ``net_BB``, ``bb_per_100``, ``BB_per_100``, ``rake_share``, the all-in EV's
    ``ev_net``, ``ev_net_bb``, ``ev_bb_per_100``) and, for every
    stat, ``{"count", "opp", "rate"}`` (rate null without opportunities)."""
    from histparse.stats import ALL_STATS

    rows: list[dict[str, Any]] = []
    for rec in stats.to_dict("records"):
        obj: dict[str, Any] = {"player": str(rec["player"]), "unit": str(rec["unit"])}
        for key in by:
            obj[key] = str(rec[key])
        obj["hands"] = int(rec["hands"])
        for money in _DECIMALS:
            obj[money] = _dec(rec[money])
        for s in ALL_STATS:
            obj[s.name] = {
                "count": int(rec[s.name]),
                "opp": int(rec[s.opp]),
                "rate": _rate(float(rec[s.rate])),
            }
        rows.append(obj)
    return rows


def readable(stats: pd.DataFrame, by: Sequence[str] = ()) -> str:
    """Every column of the text table (``stats --columns all``), as one string."""
    from histparse.cli.stats_table import readable as table

    return table(stats, by, columns=["all"], width=0).text


def by_keys(text: str | None) -> list[str]:
    """``--by stakes,position``: the grouping keys, checked."""
    keys = [k.strip() for k in (text or "").split(",") if k.strip()]
    for k in keys:
        if k not in BY_CHOICES:
            raise ValueError(f"cannot group by {k!r}; choose from {', '.join(BY_CHOICES)}")
    return keys


def report_tables(
    args: argparse.Namespace, command: str, *, summaries_ok: bool = False
) -> tuple[Loaded, Tables] | int:
    """Load the paths, say what was left out, and cut the tables by the filter options; an
    exit status (2) when that cannot be done. With ``summaries_ok``, paths holding tournament
    summaries but no hand (to report on) give empty tables, not an exit status."""
    from histparse.cli.paths import list_or_report
    from histparse.cli.report_options import cut
    from histparse.parallel.options import jobs_for

    # Exported datasets are read as such; the text paths are listed as every command lists
    # them (unreadable paths named and counted, "no history files under PATH").
    datasets = [p for p in args.paths if is_dataset(p)]
    texts = [p for p in args.paths if p not in datasets]
    skipped = 0
    files: list[str] = list(datasets)
    listing = None
    if texts:
        listed = list_or_report(command, texts)
        if listed is None:
            return 2
        files += listed.files
        skipped = listed.skipped
        listing = listed.listing
    try:
        jobs = jobs_for(getattr(args, "jobs", None), listing.files if listing is not None else ())
        quiet = bool(getattr(args, "quiet", False))
        # The all-in EV is computed unless skipped (stats --no-ev), or not drawn (graph and
        # sessions without --ev: they have no other use for it).
        ev = not getattr(args, "no_ev", False) and bool(getattr(args, "ev", True))
        # Text paths only: they were listed above, and are not listed again.
        loaded = load_tables(
            files, jobs=jobs, quiet=quiet, allin_ev=ev, listing=listing if not datasets else None
        )
    except FileNotFoundError as exc:
        print(f"histparse {command}: {exc}", file=sys.stderr)
        return 2
    loaded.skipped = skipped
    loaded.report(sys.stderr, command)
    summaries = summaries_ok and bool(loaded.summaries)
    if loaded.tables.players.empty:
        if summaries:
            return loaded, loaded.tables
        print(f"histparse {command}: no hands to report on", file=sys.stderr)
        return 2
    try:
        tables = cut(loaded.tables, args)
    except ValueError as exc:
        print(f"histparse {command}: {exc}", file=sys.stderr)
        return 2
    if tables.players.empty and not summaries:
        print(f"histparse {command}: no hands match the filters", file=sys.stderr)
        return 2
    return loaded, tables


def _dataset_rows(
    args: argparse.Namespace, by: list[str]
) -> tuple[Tables, pd.DataFrame] | int | None:
    """For exported datasets only: their players rows of the hands the options keep, summed in
    Arrow file by file (``histparse.export.report``), never the tables whole; an exit status
    (2) when there is nothing to report; None when the paths must be loaded as tables."""
    import pandas as pd

    from histparse.cli.report_options import check_values, hand_filter, other_games_note
    from histparse.export.report import (
        Scan,
        filter_values,
        game_counts,
        has_tournament_hands,
        stat_rows,
        streams,
    )
    from histparse.frames import Tables

    paths = list(args.paths)
    if not paths or not all(is_dataset(p) for p in paths):
        return None
    scan = Scan(paths)  # each dataset opened and checked once for the whole report
    if not streams(scan, by):
        return None
    games = game_counts(scan)
    if not games:
        print("histparse stats: no hands to report on", file=sys.stderr)
        return 2
    if "stakes" in by and has_tournament_hands(scan):
        # A tournament's stakes are its tournament (histparse.stats.aggregate), whose id the
        # summed rows do not carry: the tables are loaded instead.
        return None
    try:
        f = hand_filter(args, sorted(games))
        if not f.is_empty():
            check_values(f, filter_values(scan))
    except ValueError as exc:
        print(f"histparse stats: {exc}", file=sys.stderr)
        return 2
    other_games_note(games, args, f, sys.stderr)
    rows = stat_rows(scan, f, by)
    if rows.empty:
        print("histparse stats: no hands match the filters", file=sys.stderr)
        return 2
    keys = {"site": pd.Series([], dtype=object), "hand_id": pd.Series([], dtype=object)}
    empty = pd.DataFrame(keys)
    return Tables(empty, empty, empty, empty), rows


def run(args: argparse.Namespace) -> int:
    """Run ``histparse stats``."""
    from histparse.cli import tournaments_cmd as tc
    from histparse.cli.report_options import all_games, match_players
    from histparse.cli.stats_table import chosen_columns

    try:
        by = by_keys(args.by)
        columns = chosen_columns(args.columns)
    except ValueError as exc:
        print(f"histparse stats: {exc}", file=sys.stderr)
        return 2
    if all_games(args) and "game" not in by:
        by.insert(0, "game")
    streamed = _dataset_rows(args, by)
    if isinstance(streamed, int):
        return streamed
    rows = None
    if streamed is None:
        got = report_tables(args, "stats", summaries_ok=True)
        if isinstance(got, int):
            return got
        loaded, tables = got
    else:
        tables, rows = streamed
        loaded = Loaded(tables)
    summaries = tc.read_all(loaded.summaries)
    summaries.report("stats", sys.stderr)
    source = tables.players if rows is None else rows
    hand_names = _by_hands(source)
    players: list[str] | None = None
    shown = bool(len(source))
    if args.player:
        finishers = {f.player for s in summaries.summaries for f in s.finishes}
        # Most hands first: an error message lists the first few known names.
        known = [*hand_names, *sorted(finishers - set(hand_names))]
        found, problems = match_players(args.player, known)
        if problems:
            for msg in problems:
                print(f"histparse stats: {msg}", file=sys.stderr)
            return 2
        in_hands = set(hand_names)
        players = [p for p in found if p in in_hands]
        # A name found in the summaries only: no hand statistics (an empty list is no filter).
        shown = shown and bool(players)
    if shown:
        buy_ins = tc.buy_ins(summaries.summaries)
        _print_stats(args, tables, by, players, rows, buy_ins, columns)
    elif args.json:
        print("[]")
    if summaries.summaries and _tournaments_wanted(args, tables):
        _print_tournaments(args, summaries, found if args.player else None, shown)
    elif summaries.summaries:
        n = len(summaries.summaries)
        print(
            f"histparse stats: {n} tournament {tc.plural(n)} read; --tournaments shows their "
            "results (or `histparse tournaments PATH`)",
            file=sys.stderr,
        )
    _note_unsummarised(tables, summaries.summaries)
    failed = loaded.rejected or summaries.errors
    return with_skipped(1 if failed else 0, loaded.skipped)


def _by_hands(source: pd.DataFrame) -> list[str]:
    """The players of ``source`` (players rows, or rows summed with ``hands``), most hands
    first, then by name."""
    if not len(source):
        return []
    names = source["player"].astype(str)
    weights = source["hands"] if "hands" in source.columns else None
    counts = names.to_frame().assign(n=1 if weights is None else weights.to_numpy())
    totals = counts.groupby("player", sort=True)["n"].sum()
    return [str(p) for p in totals.sort_values(ascending=False, kind="stable").index]


def _print_stats(
    args: argparse.Namespace,
    tables: Tables,
    by: list[str],
    players: list[str] | None,
    rows: pd.DataFrame | None,
    buy_ins: dict[tuple[str, str], BuyIn],
    columns: list[str] | None,
) -> None:
    """The player statistics, as ``--json``, ``--csv`` or text (the text's ``columns``)."""
    from histparse.cli import stats_table
    from histparse.cli.stats_table import order_rows
    from histparse.stats import player_stats

    stats = player_stats(tables, by=by, players=players, rows=rows, buy_ins=buy_ins)
    if args.min_hands:
        stats = stats[stats["hands"] >= args.min_hands].reset_index(drop=True)
    # The text reads best with the players of most hands first; --json and --csv keep
    # player_stats' order (player, unit, keys) unless --sort is given.
    text = not (args.json or args.csv)
    stats = order_rows(stats, args.sort or ("hands" if text else None))
    if args.json:
        json.dump(stats_json(stats, by), sys.stdout, indent=1)
        print()
    elif args.csv:
        from histparse.cli.safe_text import safe_csv

        safe_csv(stats, sys.stdout)
    else:
        table = stats_table.readable(stats, by, columns=columns, width=args.width)
        print(table.text)
        if table.left_out:
            print(
                f"histparse stats: {len(table.left_out)} more column(s) with --columns "
                f"({', '.join(table.left_out)}; all: --columns all)",
                file=sys.stderr,
            )


def _tournaments_wanted(args: argparse.Namespace, tables: Tables) -> bool:
    """The tournaments table is printed when asked (``--tournaments``, ``--tournament``) or
    when the input is tournaments: every hand reported is a tournament hand (or there is no
    hand, only summaries). A cash report is not followed by a hundred tournament rows."""
    if args.tournaments or args.hand_kind == "tournament":
        return True
    hands = tables.hands
    if hands.empty or "is_tournament" not in hands.columns:
        return True
    return bool(hands["is_tournament"].to_numpy(dtype=bool).all())


def _print_tournaments(
    args: argparse.Namespace, summaries: Any, players: list[str] | None, after: bool
) -> None:
    """The tournament results of the summaries (text; ``--json`` and ``--csv`` keep the
    statistics' shape, so they point to ``histparse tournaments`` instead)."""
    from histparse.cli import tournaments_cmd as tc

    n = len(summaries.summaries)
    if args.json or args.csv:
        print(
            f"histparse stats: {n} tournament {tc.plural(n)} read; `histparse tournaments PATH "
            f"--{'json' if args.json else 'csv'}` gives their results",
            file=sys.stderr,
        )
        return
    frame = tc.selected(summaries, players, args.site or (), args.unit or ())
    print(
        ("\n" if after else "")
        + f"tournaments ({n} {tc.plural(n)}; ROI = net / cost, ITM = entries paid / entries):"
    )
    print(tc.readable(frame))


def _note_unsummarised(tables: Tables, summaries: Sequence[Any]) -> None:
    """A note on stderr counting the tournaments played in the hands whose summary is not
    among the paths: their results (ROI, ITM) need it."""
    hands = tables.hands
    if hands.empty or "tournament_id" not in hands.columns:
        return
    ids = hands.loc[hands["tournament_id"].notna(), ["site", "tournament_id"]]
    played = {(str(a), str(b)) for a, b in ids.drop_duplicates().itertuples(index=False)}
    missing = played - {(s.site, s.tournament_id) for s in summaries}
    if missing:
        print(
            f"note: {len(missing)} tournament(s) in the hands have no summary among the paths; "
            "give their summary files for their results (ROI, ITM)",
            file=sys.stderr,
        )


def register(subparsers: Any) -> None:
    """Add the ``stats`` subcommand."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "stats",
        help="player statistics (VPIP, PFR, 3-bet, steals, aggression, showdowns, draws)",
        description="Player statistics of the hands under PATH, and tournament results of the "
        "tournament summaries there (definitions: docs/stats.md).",
    )
    p.add_argument(
        "paths",
        nargs="+",
        metavar="PATH",
        help="history files, tournament summaries, directories, globs, or exported dataset "
        "directories",
    )
    p.add_argument(
        "--player",
        action="append",
        metavar="NAME",
        help="only this player (repeatable; any letter case)",
    )
    p.add_argument(
        "--by",
        metavar="KEYS",
        help=f"one row per player, unit and these keys, e.g. stakes,position "
        f"({', '.join(BY_CHOICES)})",
    )
    from histparse.cli.stats_table import DEFAULT_WIDTH, column_names, sort_choices

    p.add_argument(
        "--sort",
        choices=sort_choices(),
        metavar="COLUMN",
        help="row order: hands (the text's default: most hands first, a player's rows "
        "together), player (by name: the order of --json and --csv), net_bb, bb_per_100, "
        "BB_per_100 or a stat's name (vpip, three_bet...: its rate), largest first",
    )
    p.add_argument(
        "--columns",
        action="append",
        metavar="COLS",
        help="the text table's columns, e.g. hands,net,VPIP,PFR,3Bet (all: every one; "
        f"default: those that fit --width). Known: {', '.join(column_names())}",
    )
    p.add_argument(
        "--width",
        type=int,
        default=DEFAULT_WIDTH,
        metavar="N",
        help=f"the default columns fit N characters (default {DEFAULT_WIDTH}; 0: no limit)",
    )
    from histparse.cli.report_options import add_filter_options

    add_filter_options(p)
    p.add_argument(
        "--tournaments",
        action="store_true",
        help="print the tournaments table of the summaries among the paths (printed without "
        "asking when the hands reported are all tournament hands)",
    )
    p.add_argument(
        "--no-ev",
        action="store_true",
        help="skip the all-in EV (faster; the EV columns are then '-' or null)",
    )
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="a JSON list of objects")
    out.add_argument("--csv", action="store_true", help="CSV with every column")
    from histparse.cli.progress import add_quiet_option
    from histparse.parallel.options import add_jobs_option

    add_jobs_option(p)
    add_quiet_option(p)
    p.set_defaults(func=run)
