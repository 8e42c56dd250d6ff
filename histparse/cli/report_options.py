"""The filter options of the report commands (``stats``, ``graph``): which hands to report on.

``add_filter_options`` adds them; ``hand_filter`` turns the parsed options into a
``histparse.frames.filters.HandFilter``; ``cut`` applies it and says on stderr what was left out.
By default only 2-7 Triple Draw hands are reported when there are any: Single Draw (and other
games) are kept apart, never mixed in; ``--game`` chooses (``--game all`` groups by game).
"""

from __future__ import annotations

import argparse
import difflib
import sys
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime, timedelta, tzinfo
from typing import TYPE_CHECKING, TextIO
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

if TYPE_CHECKING:
    import pandas as pd

    from histparse.frames import Tables
    from histparse.frames.filters import HandFilter

__all__ = [
    "GAME_NAMES",
    "add_filter_options",
    "check_stakes",
    "check_values",
    "cut",
    "hand_filter",
    "match_players",
]

# Short names for --game; the value is the game's label in the tables.
GAME_NAMES = {
    "triple": "Triple Draw 2-7 Lowball",
    "single": "Single Draw 2-7 Lowball",
    "badugi": "Badugi",
    "five": "5 Card Draw",
    "a5": "Triple Draw A-5 Lowball",
}
_DEFAULT_GAME = GAME_NAMES["triple"]


def _csv(text: str) -> list[str]:
    return [t.strip() for t in text.split(",") if t.strip()]


def add_filter_options(p: argparse.ArgumentParser) -> None:
    """Add the filters: --site, --game, --limit, --stakes, --unit/--currency, --cash or
    --tournament, --max-seats, --since/--until (with --tz), --min-hands."""
    g = p.add_argument_group("which hands (filters; each may list several values, a,b)")
    g.add_argument("--site", action="append", metavar="SITE", help="only this site")
    g.add_argument(
        "--game",
        action="append",
        metavar="GAME",
        help="triple (the default when there are Triple Draw hands), single, badugi, five, a5, "
        "a game's full label, or all (every game, one row per game)",
    )
    g.add_argument("--limit", action="append", metavar="TYPE", help="Limit, Pot Limit, No Limit")
    g.add_argument(
        "--stakes",
        action="append",
        metavar="LABEL",
        help='stakes label, e.g. "0.10/0.20 USD Limit", or its amounts alone, 0.10/0.20 '
        "(as numbers: 0.1/0.2 is the same); an unknown one is an error listing the known",
    )
    g.add_argument(
        "--unit",
        "--currency",
        dest="unit",
        action="append",
        metavar="UNIT",
        help='money unit: USD, EUR..., "tournament chips", "play money"',
    )
    kind = g.add_mutually_exclusive_group()
    kind.add_argument("--cash", action="store_const", const="cash", dest="hand_kind")
    kind.add_argument("--tournament", action="store_const", const="tournament", dest="hand_kind")
    g.add_argument(
        "--max-seats", action="append", type=int, metavar="N", help="table size (6 for 6-max)"
    )
    g.add_argument(
        "--since", metavar="WHEN", help="hands from this date or time (YYYY-MM-DD[THH:MM])"
    )
    g.add_argument("--until", metavar="WHEN", help="hands before this date or time (exclusive)")
    g.add_argument(
        "--tz",
        default="UTC",
        metavar="ZONE",
        help="time zone of --since/--until without an offset (default UTC)",
    )
    g.add_argument(
        "--min-hands", type=int, default=0, metavar="N", help="rows with at least N hands"
    )


def _zone(name: str) -> tzinfo:
    if name.upper() == "UTC":
        return UTC
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(f"unknown time zone {name!r} (e.g. UTC, Europe/Paris)") from None


def _when(text: str | None, zone: tzinfo) -> datetime | None:
    if text is None:
        return None
    try:
        value = datetime.fromisoformat(text)
    except ValueError:
        raise ValueError(f"not a date or time: {text!r} (YYYY-MM-DD or YYYY-MM-DDTHH:MM)") from None
    if value.tzinfo is None:
        value = value.replace(tzinfo=zone)
    return value.astimezone(UTC)


def _until(text: str | None, zone: tzinfo) -> datetime | None:
    value = _when(text, zone)
    if value is not None and text is not None and len(text) == 10:
        # A bare date as the end: through the end of that day.
        value += timedelta(days=1)
    return value


def hand_filter(args: argparse.Namespace, games: Sequence[str]) -> HandFilter:
    """The filter the options ask for. ``games`` are the game labels present, to pick the
    default game. Raises ``ValueError`` with a message for a bad value."""
    from histparse.frames.filters import HandFilter

    zone = _zone(args.tz)
    wanted = [v for g in args.game or [] for v in _csv(g)]
    if any(w.casefold() == "all" for w in wanted):
        chosen: list[str] = []
    elif wanted:
        chosen = [GAME_NAMES.get(w.casefold(), w) for w in wanted]
    else:
        chosen = [_DEFAULT_GAME] if _DEFAULT_GAME in games else []
    return HandFilter(
        sites=[v for s in args.site or [] for v in _csv(s)],
        games=chosen,
        limits=args.limit or [],
        stakes=args.stakes or [],
        units=args.unit or [],
        kind=args.hand_kind,
        max_seats=args.max_seats or [],
        since=_when(args.since, zone),
        until=_until(args.until, zone),
    )


def all_games(args: argparse.Namespace) -> bool:
    """``--game all``: every game is reported, one row per game."""
    return any(v.casefold() == "all" for g in args.game or [] for v in _csv(g))


def cut(tables: Tables, args: argparse.Namespace, err: TextIO | None = None) -> Tables:
    """The tables cut by the options' filter; a note on ``err`` counts the hands left out by
    the default game choice (so that nothing is dropped unsaid)."""
    from histparse.frames.filters import select

    # sys.stderr as it is now (not as it was at import: a caller may have replaced it).
    err = sys.stderr if err is None else err
    counts = tables.hands["game"].dropna().astype(str).value_counts()
    games = {str(g): int(n) for g, n in counts.items()}
    f = hand_filter(args, sorted(games))
    check_values(f, known_values(tables.hands))
    out = select(tables, f)
    other_games_note(games, args, f, err)
    return out


# The hands table's column behind each filter, and how a message names it.
FILTER_COLUMNS = {
    "site": ("site", "sites"),
    "game": ("game", "games"),
    "limit_type": ("limit", "limits"),
    "unit": ("unit", "units"),
    "max_seats": ("table size", "table sizes"),
    "stakes": ("stakes", "stakes"),
}


def known_values(hands: pd.DataFrame) -> dict[str, list[str]]:
    """The distinct values of each filtered column of ``hands`` (``FILTER_COLUMNS``), as text."""
    known: dict[str, list[str]] = {}
    for column in FILTER_COLUMNS:
        if column not in hands.columns:
            continue
        values = hands[column].dropna()
        if column == "max_seats":
            values = values.astype("int64")
        known[column] = sorted({str(v) for v in values.unique().tolist()})
    return known


def check_values(f: HandFilter, known: Mapping[str, Sequence[str]]) -> None:
    """Raise ``ValueError`` naming each filter value that keeps no hand (``known``: the
    values present, by column, as ``known_values`` gives them) and listing the values there
    are: a mistyped site, game, limit, unit, table size or stake is said, not reported as no
    hands (or as an empty table)."""
    wanted: dict[str, Sequence[object]] = {
        "site": f.sites,
        "game": f.games,
        "limit_type": f.limits,
        "unit": f.units,
        "max_seats": f.max_seats,
    }
    problems: list[str] = []
    for column, values in wanted.items():
        present = known.get(column)
        if not values or present is None:
            continue
        folded = {v.casefold() for v in present}
        unknown = [v for v in values if str(v).casefold() not in folded]
        if unknown:
            listed = ", ".join(present) or "none"
            one, many = FILTER_COLUMNS[column]
            problems.append(
                f"unknown {one} {', '.join(repr(str(v)) for v in unknown)}: "
                f"the hands' {many} are {listed}"
            )
    if f.stakes and "stakes" in known:
        try:
            check_stakes(f, known["stakes"])
        except ValueError as exc:
            problems.append(str(exc))
    if problems:
        raise ValueError("\n  ".join(problems))


def check_stakes(f: HandFilter, known: Iterable[str]) -> None:
    """Raise ``ValueError`` naming each ``--stakes`` value that matches none of the ``known``
    labels and listing them: a mistyped stake is said, not reported as no hands."""
    from histparse.stats.stakes import resolve_stakes

    if f.stakes:
        resolve_stakes(f.stakes, known)


def other_games_note(
    games: Mapping[str, int], args: argparse.Namespace, f: HandFilter, err: TextIO
) -> None:
    """Say on ``err`` how many hands of other games the default game choice leaves out
    (``games``: hands per game label), so that nothing is dropped unsaid."""
    if args.game or not f.games:
        return
    others = {g: n for g, n in games.items() if g != _DEFAULT_GAME and n}
    if not others:
        return
    # Most hands first, as pandas' value_counts orders them (ties: the order met).
    ranked = sorted(others.items(), key=lambda item: -item[1])
    listed = ", ".join(f"{n} {g}" for g, n in ranked)
    print(
        f"note: {sum(others.values())} hand(s) of other games kept apart ({listed}); "
        "--game single (or all) reports them",
        file=err,
    )


def match_players(wanted: Sequence[str], known: Sequence[str]) -> tuple[list[str], list[str]]:
    """The known names matching ``wanted`` case-insensitively, and messages for the names that
    match none (with a "did you mean" when one is close)."""
    by_fold: dict[str, list[str]] = {}
    for k in known:
        by_fold.setdefault(k.casefold(), []).append(k)
    found: list[str] = []
    problems: list[str] = []
    for w in wanted:
        hits = by_fold.get(w.casefold())
        if hits:
            found.extend(hits)
            continue
        close = difflib.get_close_matches(w.casefold(), list(by_fold), n=3, cutoff=0.6)
        names = [by_fold[c][0] for c in close]
        hint = f"; did you mean {' or '.join(repr(n) for n in names)}?" if names else ""
        problems.append(f"no hands for player {w!r}{hint}{_listed(known)}")
    return found, problems


_LISTED = 12  # a player list longer than this is summed up, not printed whole


def _listed(known: Sequence[str]) -> str:
    """The known players, as a message lists them: all when few, else their number and the
    first few (in the caller's order)."""
    if not known:
        return " (no players)"
    if len(known) <= _LISTED:
        return f" (the players are {', '.join(known)})"
    return f" ({len(known):,} players, e.g. {', '.join(known[:_LISTED])})"
