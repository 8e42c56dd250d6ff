"""``stats``' text table: the columns chosen (``--columns``), each percentage with the counts
behind it (``12.5 (3/24)``), fitted to a width (120 characters by default).

By default the table has the player (and the ``--by`` keys), ``hands``, ``net``, ``bb/100``,
then as many of the headline stats (``DEFAULT_STATS``, in that order) as fit the width; the
rest are named on stderr. ``--columns`` lists the columns wanted (``all`` for every one) and is
never cut. ``--json`` and ``--csv`` carry every column whatever the choice.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

    from histparse.stats import Stat

__all__ = [
    "DEFAULT_STATS",
    "DEFAULT_WIDTH",
    "Table",
    "chosen_columns",
    "column_names",
    "fixed_width",
    "mixed_units_notes",
    "order_rows",
    "readable",
    "sort_choices",
]

DEFAULT_WIDTH = 120
# The stats a player reads first, in the order they are kept when the width runs out.
DEFAULT_STATS = ("VPIP", "PFR", "3Bet", "WTSD", "W$SD", "AF", "Pat1", "Steal", "F3Bet", "Break")
# The result columns beside the stats (their header, and the player_stats column they read).
_RESULTS = {
    "hands": "hands",
    "net": "net",
    "net bb": "net_bb",
    "net BB": "net_BB",
    "bb/100": "bb_per_100",
    "BB/100": "BB_per_100",
    "EV bb/100": "ev_bb_per_100",
    "rake": "rake_share",
}
_FIRST = ("hands", "net", "bb/100")


@dataclass(frozen=True, slots=True)
class Table:
    """The text table and the default columns the width left out (empty when all fit or the
    columns were chosen)."""

    text: str
    left_out: tuple[str, ...] = ()


def _shown_stats() -> list[Stat]:
    from histparse.stats import ALL_STATS, DRAW_COUNT_STATS

    # The per-count draw distribution is in --json and --csv.
    return [s for s in ALL_STATS if s not in DRAW_COUNT_STATS]


def column_names() -> list[str]:
    """Every column ``--columns`` may name (headers; also the stat names, ``three_bet``)."""
    return [*_RESULTS, *(s.label for s in _shown_stats())]


def chosen_columns(options: Sequence[str] | None) -> list[str] | None:
    """The columns ``--columns`` (repeatable, comma-separated) asks for, as headers; None for
    the default. Raises ``ValueError`` listing the known columns for an unknown one."""
    wanted = [c.strip() for part in options or [] for c in part.split(",") if c.strip()]
    return _resolve(wanted) if wanted else None


def _resolve(wanted: Sequence[str]) -> list[str]:
    """The headers of the ``wanted`` columns (a header or a stat's name, any letter case;
    ``all`` is every column); ``ValueError`` listing the known for one that is none."""
    exact = {h: h for h in column_names()}
    exact.update({s.name: s.label for s in _shown_stats()})
    exact.update({c: h for h, c in _RESULTS.items()})
    # Letter case is free, but for bb/100 and BB/100 (big blinds, big bets): exact first.
    known = {k.casefold(): v for k, v in exact.items()}
    out: list[str] = []
    unknown: list[str] = []
    for w in wanted:
        if w.casefold() == "all":
            out.extend(column_names())
        elif w in exact:
            out.append(exact[w])
        elif w.casefold() in known:
            out.append(known[w.casefold()])
        else:
            unknown.append(w)
    if unknown:
        raise ValueError(
            f"unknown column {', '.join(repr(u) for u in unknown)}; the columns are "
            f"{', '.join(column_names())} (or all)"
        )
    return list(dict.fromkeys(out))


def _fmt_rate(value: float, stat: Stat) -> str:
    from histparse.stats import StatKind

    if math.isnan(value):
        return "-"
    if stat.kind is StatKind.PROPORTION:
        return f"{value * 100:.1f}"
    return f"{value:.2f}"


def _stat_texts(stats: pd.DataFrame, stat: Stat) -> list[str]:
    """A stat's cells: a proportion as ``12.5 (3/24)``, AF and the means as numbers, ``-``
    without an opportunity. Each distinct (count, opportunities) is formatted once (a
    dataset's report can have a hundred thousand rows and few distinct pairs)."""
    from histparse.stats import StatKind

    rates = stats[stat.rate].to_numpy(dtype="float64").tolist()
    if stat.kind is not StatKind.PROPORTION:
        memo: dict[float, str] = {}
        return [memo.get(r) or memo.setdefault(r, _fmt_rate(r, stat)) for r in rates]
    pairs = zip(stats[stat.name].tolist(), stats[stat.opp].tolist(), rates, strict=True)
    seen: dict[tuple[int, int], str] = {}
    out: list[str] = []
    for count, opp, rate in pairs:
        text = seen.get((count, opp))
        if text is None:
            text = "-" if not opp else f"{_fmt_rate(rate, stat)} ({count}/{opp})"
            seen[(count, opp)] = text
        out.append(text)
    return out


def _dec(value: object) -> str:
    return str(value) if isinstance(value, Decimal) else "-"


def _decimal_texts(values: pd.Series[Any]) -> list[str]:
    from histparse.stats.aggregate import python_values

    return [_dec(v) for v in python_values(values)]


def _column(stats: pd.DataFrame, header: str, one_unit: str | None) -> tuple[str, list[str]]:
    """The header (``net`` names the unit when there is one) and cells of one column."""
    stat = {s.label: s for s in _shown_stats()}.get(header)
    if stat is not None:
        return header, _stat_texts(stats, stat)
    if header == "hands":
        return header, [str(v) for v in stats["hands"]]
    texts = _decimal_texts(stats[_RESULTS[header]])
    if header in ("net", "rake"):
        if one_unit is not None:
            return f"{header} {one_unit}", texts
        # Every amount carries its unit: rows of different units sit apart, never added.
        units = stats["unit"].astype(str).tolist()
        return header, [v if v == "-" else f"{v} {u}" for v, u in zip(texts, units, strict=True)]
    return header, texts


def fixed_width(cols: dict[str, list[str]]) -> str:
    """The columns right-aligned under their headers, one space apart: the layout of pandas'
    ``to_string(index=False)`` for text columns, made in linear time."""
    widths = [max(len(h), max(map(len, v), default=0)) for h, v in cols.items()]
    line = " ".join(f"{{:>{w}}}" for w in widths).format
    rows = zip(*cols.values(), strict=True)
    return "\n".join([line(*cols), *(line(*row) for row in rows)])


def _width(header: str, cells: list[str]) -> int:
    return max(len(header), max(map(len, cells), default=0))


def readable(
    stats: pd.DataFrame,
    by: Sequence[str] = (),
    *,
    columns: Sequence[str] | None = None,
    width: int = DEFAULT_WIDTH,
) -> Table:
    """A plain-text table of ``player_stats`` rows: the ``columns`` asked for (headers or stat
    names; ``all``), or the default ones (``_FIRST`` and ``DEFAULT_STATS``) as many as fit in
    ``width`` characters (0: no limit). Raises ``ValueError`` for an unknown column."""
    import pandas as pd

    from histparse.cli.safe_text import visible

    chosen = _resolve(columns) if columns else None
    units = stats["unit"].astype(str).unique().tolist() if len(stats) else []
    one_unit = units[0] if len(units) == 1 else None
    # Names as they are, never as terminal controls (escape sequences, bidi overrides).
    cols: dict[str, list[str]] = {"player": [visible(str(v)) for v in stats["player"]]}
    for key in by:
        cols[key] = [visible(str(v)) for v in stats[key]]
    left_out: list[str] = []
    used = sum(_width(h, v) + 1 for h, v in cols.items()) - 1
    for header in chosen or [*_FIRST, *DEFAULT_STATS]:
        name, cells = _column(stats, header, one_unit)
        need = _width(name, cells) + 1
        fits = not width or used + need <= width
        if chosen is None and header not in _FIRST and (left_out or not fits):
            left_out.append(header)
            continue
        cols[name] = cells
        used += need
    text = fixed_width(cols) if len(stats) else pd.DataFrame(cols).to_string(index=False)
    # The notes wrapped to the width too (a long list of units would run past it).
    notes = [
        textwrap.fill(note, width, subsequent_indent="  ", break_on_hyphens=False)
        if width
        else note
        for note in mixed_units_notes(stats)
    ]
    return Table(text + ("\n\n" + "\n".join(notes) if notes else ""), tuple(left_out))


def sort_choices() -> list[str]:
    """What ``--sort`` accepts: ``player``, ``hands``, the results in big blinds, a stat's
    name (its rate)."""
    stats = [s.name for s in _shown_stats()]
    return ["player", "hands", "net_bb", "bb_per_100", "BB_per_100", *stats]


def order_rows(stats: pd.DataFrame, sort: str | None) -> pd.DataFrame:
    """The rows in the order ``--sort`` asks: ``hands`` (the text's default) puts the players
    with most hands first, a player's rows together in their key order; ``player`` (or None)
    keeps ``player_stats``' order; another column (a stat: its rate), largest first."""
    if sort is None or sort == "player" or not len(stats):
        return stats
    if sort == "hands":
        totals = stats.groupby(stats["player"].astype(str), sort=False)["hands"].transform("sum")
        order = (-totals.to_numpy()).argsort(kind="stable")
        return stats.iloc[order].reset_index(drop=True)
    rates = {s.name: s.rate for s in _shown_stats()}
    return stats.sort_values(
        rates.get(sort, sort), ascending=False, kind="stable", na_position="last"
    ).reset_index(drop=True)


def mixed_units_notes(stats: pd.DataFrame) -> list[str]:
    """One line per player whose rows are in several units: they are reported apart, and no
    total is given (compare them in big blinds: ``net bb``, ``bb/100``)."""
    pairs = stats[["player", "unit"]].astype(str).drop_duplicates()
    several = pairs[pairs["player"].duplicated(keep=False)]
    notes = []
    for player, rows in several.groupby("player", sort=True):
        units = sorted(rows["unit"])
        notes.append(
            f"{player}: results in {len(units)} units ({', '.join(units)}) are shown apart and "
            "never added; compare them in big blinds (net bb, bb/100)"
        )
    return notes
