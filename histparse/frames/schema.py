"""The four tables' schemas (column, type, meaning) and the code that makes a DataFrame from
column lists in one go. ``docs/tables.md`` is ``markdown()`` of these definitions.

Money columns are ``decimal128(18, 2)`` Arrow decimals: every amount a PokerStars history can
write (cents, or whole chips) is held exactly, up to 10^16 - 0.01; an amount with a finer scale
is refused with a ``TableError`` rather than rounded.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd
import pyarrow as pa

from histparse.engine import POSITION_ORDER
from histparse.game import Game, LimitType
from histparse.replayer import Act
from histparse.stats.classes import ShowdownClass
from histparse.stats.definitions import ALL_STATS
from histparse.stats.errors import TableError

__all__ = [
    "ACTIONS",
    "DRAWS",
    "HANDS",
    "MONEY",
    "MONEY_SCALE",
    "PLAYERS",
    "SCHEMAS",
    "Column",
    "Kind",
    "frame",
    "markdown",
    "sections",
]

MONEY_SCALE = 2
MONEY_TYPE = pa.decimal128(18, MONEY_SCALE)
MONEY = pd.ArrowDtype(MONEY_TYPE)


class Kind(Enum):
    """Column types; the value is how ``docs/tables.md`` names it."""

    MONEY = "decimal128(18, 2)"
    CATEGORY = "category"
    STRING = "string"
    BOOL = "bool"
    INT8 = "int8"
    INT16 = "int16"
    INT32 = "int32"
    NULLABLE_INT8 = "Int8 (nullable)"
    NULLABLE_FLOAT64 = "Float64 (nullable)"
    NULLABLE_INT16 = "Int16 (nullable)"
    NULLABLE_INT32 = "Int32 (nullable)"
    TIMESTAMP = "datetime64[ns, UTC]"


@dataclass(frozen=True, slots=True)
class Column:
    """One column: name, type, meaning; fixed categories (in order) for some categoricals."""

    name: str
    kind: Kind
    meaning: str
    nullable: bool = False
    categories: tuple[str, ...] | None = None


def _cat(
    name: str, meaning: str, categories: Sequence[str] | None = None, *, nullable: bool = False
) -> Column:
    cats = tuple(categories) if categories is not None else None
    return Column(name, Kind.CATEGORY, meaning, nullable=nullable, categories=cats)


_KEY = (
    _cat("site", "Site that wrote the history, e.g. `PokerStars`."),
    Column("hand_id", Kind.STRING, "The site's hand number (unique per site)."),
)

HANDS: tuple[Column, ...] = (
    *_KEY,
    _cat("game", "Game, as `histparse.game.Game` labels.", [g.label for g in Game]),
    _cat("limit_type", "`Limit`, `Pot Limit` or `No Limit`.", [t.label for t in LimitType]),
    Column(
        "currency",
        Kind.CATEGORY,
        "ISO currency of the chips (`USD`); null for tournament/play chips.",
        nullable=True,
    ),
    _cat(
        "unit",
        "What the hand's amounts count: the currency (`USD`, `EUR`) for real-money cash, else "
        "`tournament chips`, `play money` or `chips` (home-game chips). Reports never add "
        "amounts of two units.",
    ),
    _cat(
        "stakes",
        "Stakes label, `LOW/HIGH UNIT LIMIT` (`0.10/0.20 USD Limit`, `1/2 USD Limit`, "
        "`20/40 tournament chips Limit`): the header's two amounts (small and big bet in Limit, "
        "the blinds in Pot and No Limit), `unit` and `limit_type`. The amounts are written from "
        "their values, not as the site wrote them: integers when both are whole (`1/2`, never "
        "`1.00/2.00`), else both with at least two decimal places, more only where the amount "
        "has them (`0.50/1.00`, `0.005/0.01`), so one stake has one label on every site "
        "(`histparse.stats.stakes.stakes_label`; datasets exported before are read with their "
        "labels so rewritten). `--stakes` takes a label or its amounts alone (`0.1/0.2`).",
    ),
    Column("small_bet", Kind.MONEY, "Limit: the header's small bet. Pot/No Limit: the big blind."),
    Column("big_bet", Kind.MONEY, "Limit: the header's big bet. Pot/No Limit: twice the BB."),
    Column(
        "small_blind",
        Kind.MONEY,
        "First small blind posted in full (null if none; Pot/No Limit: the header's).",
        nullable=True,
    ),
    Column(
        "big_blind",
        Kind.MONEY,
        "First big blind posted in full; if none, the small bet (Limit) or the header's.",
    ),
    Column("started_at", Kind.TIMESTAMP, "Start time in UTC."),
    _cat("table_name", "Table name as written."),
    Column("max_seats", Kind.NULLABLE_INT8, "N-max of the table.", nullable=True),
    Column("button_seat", Kind.INT8, "Seat number of the button."),
    Column("n_players", Kind.INT8, "Players dealt in."),
    Column("is_tournament", Kind.BOOL, "A tournament hand (chips are tournament chips)."),
    Column("is_play_money", Kind.BOOL, "A play-money cash hand."),
    Column("tournament_id", Kind.STRING, "Tournament number, null for cash games.", nullable=True),
    Column(
        "total_pot",
        Kind.MONEY,
        "What the players put into the pot, after uncalled bets came back and before rake, "
        "from the posts and betting lines on every site (a summary's own `Total pot` is gross "
        "on some sites and net of rake on others).",
        nullable=True,
    ),
    Column("rake", Kind.MONEY, "`Rake` of the summary (null if none).", nullable=True),
    Column(
        "hero",
        Kind.CATEGORY,
        "The player whose own cards the history shows (`Dealt to`); null if none.",
        nullable=True,
    ),
    Column("has_showdown", Kind.BOOL, "A `SHOW DOWN` section with two or more players in."),
    Column("cancelled", Kind.BOOL, "`Hand cancelled`: the hand has no rows in the other tables."),
    Column("findings", Kind.INT32, "Auditor findings for this hand (0 when none were given)."),
    Column(
        "source_file",
        Kind.CATEGORY,
        "History file the hand was read from, as the path was given (`histparse show FILE "
        "--hand ID`); null in datasets of schema version 1.",
        nullable=True,
    ),
    Column(
        "source_line",
        Kind.NULLABLE_INT32,
        "1-based line of the hand's first line in `source_file`; null in version 1 datasets.",
        nullable=True,
    ),
    Column(
        "digest",
        Kind.STRING,
        "Fingerprint of the hand's content (16 hex digits of a hash of its start time, table, "
        "button, seats and stacks, number of events, the hero's cards and pot): two hands with "
        "the same site and id but different content differ here (export reports the conflict).",
        nullable=True,
    ),
    Column(
        "allin_ev_note",
        Kind.STRING,
        "Why a hand with an all-in and a showdown has no all-in EV (its players' `allin_*`, "
        "`ev_net` and `luck` are then null or equal to `net`); null when it has one, or has "
        "no all-in showdown. Null in datasets before schema version 4.",
        nullable=True,
    ),
)

_PLAYER_FACTS = (
    *_KEY,
    _cat("player", "Player name."),
    Column("seat", Kind.INT8, "Seat number."),
    _cat(
        "position",
        "The trackers' names: UTG first to act, then UTG+1, UTG+2 ... MP, CO, BTN, SB, BB "
        "(six players: UTG, MP, CO, BTN, SB, BB; fewer drop names from the front; heads-up "
        "BTN, who posts the small blind, and BB; a dead small blind leaves no SB).",
        [p.value for p in POSITION_ORDER],
    ),
    Column("is_hero", Kind.BOOL, "The player is the hand's hero."),
    Column("starting_stack", Kind.MONEY, "Chips in front of the player at the start."),
    Column("invested", Kind.MONEY, "Posts, calls, bets and raises, less uncalled bets returned."),
    Column("collected", Kind.MONEY, "Won from pots, after rake (the `collected` lines)."),
    Column("net", Kind.MONEY, "`collected - invested`."),
    Column(
        "rake_share",
        Kind.MONEY,
        "The rake apportioned by `invested` in cents (largest remainder): sums to the rake.",
    ),
    Column("won", Kind.BOOL, "Collected money from a pot (`collected > 0`)."),
    Column("went_to_showdown", Kind.BOOL, "In the hand (not folded) at a showdown."),
    _cat(
        "showdown_class",
        "Class of the player's known final hand at a showdown; null if none or not known.",
        [c.value for c in ShowdownClass],
        nullable=True,
    ),
    *(
        Column(
            f"drawn_{k}",
            Kind.NULLABLE_INT8,
            f"Cards discarded at draw {k} (0 = stood pat); null if not in draw {k}.",
            nullable=True,
        )
        for k in (1, 2, 3)
    ),
    Column(
        "dealt_cards",
        Kind.STRING,
        "The five cards dealt before the first draw (`7h 5d 4c 3s 2h`) when known (the hero's); "
        "else null.",
        nullable=True,
    ),
    Column(
        "final_cards",
        Kind.STRING,
        "The player's final known hand: shown at the showdown, revealed in the summary "
        "(`showed`/`mucked [..]`), or the hero's last cards; else null.",
        nullable=True,
    ),
    Column(
        "final_rank",
        Kind.NULLABLE_INT16,
        "2-7 rank of `final_cards` (`histparse.ranking.hand_rank`): 1 (7-5-4-3-2) is best, 7462 "
        "worst; null when not five valid cards.",
        nullable=True,
    ),
    _cat(
        "final_class",
        "Class of `final_cards` (as `showdown_class`, also without a showdown); null if unknown.",
        [c.value for c in ShowdownClass],
        nullable=True,
    ),
)


def _stat_columns() -> tuple[Column, ...]:
    cols: list[Column] = []
    for s in ALL_STATS:
        kind = Kind.INT16 if s.counts else Kind.BOOL
        cols.append(Column(s.name, kind, f"{s.label}: count (see docs/stats.md)."))
        cols.append(Column(s.opp, kind, f"{s.label}: opportunities."))
    return tuple(cols)


# Players columns that always hold the same values as another (by how they are defined in
# docs/stats.md): a report summing the table can read the second and copy its sums. A test
# holds every pair equal on generated and real tables.
SAME_AS: dict[str, str] = {
    "pfr_opp": "vpip_opp",
    "afq": "af",
    "wtsd_opp": "pat_1_opp",
    "wwsf_opp": "pat_1_opp",
    **{f"cards_drawn_{k}_opp": f"pat_{k}_opp" for k in (1, 2, 3)},
    **{f"d{k}_drew{c}_opp": f"pat_{k}_opp" for k in (1, 2, 3) for c in range(6)},
    **{f"d{k}_drew0": f"pat_{k}" for k in (1, 2, 3)},
}


# All-in EV (histparse.allin, docs/equity.md): null for a player without an all-in showdown.
_ALLIN: tuple[Column, ...] = (
    Column(
        "allin_draws_left",
        Kind.NULLABLE_INT8,
        "All-in EV: draws left when the last chip went in (0: the EV is the result); null if "
        "the player was not in an all-in showdown.",
        nullable=True,
    ),
    Column(
        "allin_equity",
        Kind.NULLABLE_FLOAT64,
        "All-in EV: the player's equity then, in the pots it contested (weighted by their size "
        "after rake), averaged over the opponents' candidate holdings; null if not all-in.",
        nullable=True,
    ),
    Column(
        "allin_equity_se",
        Kind.NULLABLE_FLOAT64,
        "All-in EV: standard error of `allin_equity` (0 when exact); null if not all-in.",
        nullable=True,
    ),
    Column(
        "allin_equity_min",
        Kind.NULLABLE_FLOAT64,
        "All-in EV: the lowest equity over the opponents' candidate holdings.",
        nullable=True,
    ),
    Column(
        "allin_equity_max",
        Kind.NULLABLE_FLOAT64,
        "All-in EV: the highest equity over the opponents' candidate holdings.",
        nullable=True,
    ),
    Column(
        "allin_equity_alt",
        Kind.NULLABLE_FLOAT64,
        "All-in EV: the equity with every player drawing by `allin_policy_alt` after the next "
        "draw (same candidates and deals); null if not all-in, or in a dataset exported "
        "before schema version 5.",
        nullable=True,
    ),
    _cat(
        "allin_policy_alt",
        "All-in EV: the second policy `allin_equity_alt` assumes (`histparse.allin."
        "SECOND_POLICY`: stand pat with a J, T, 9-low at one, two, three draws left).",
        nullable=True,
    ),
    Column(
        "allin_equity_diff",
        Kind.NULLABLE_FLOAT64,
        "All-in EV: `allin_equity_alt - allin_equity`, how much the equity depends on the "
        "draw policy assumed (0 for an all-in on the last betting round).",
        nullable=True,
    ),
    _cat(
        "allin_method",
        "All-in EV: `exact`, `monte-carlo` or `result` (all-in on the last betting round).",
        ["exact", "monte-carlo", "result"],
        nullable=True,
    ),
    Column(
        "ev_net",
        Kind.MONEY,
        "All-in EV net: the equity times each contested pot after rake, minus `invested`, to "
        "the cent; `net` where there was no all-in showdown; null where it was not computed "
        "(`tables(hands, allin_ev=False)`, `stats --no-ev`, or a dataset exported before "
        "`export` filled it).",
        nullable=True,
    ),
    Column(
        "luck",
        Kind.MONEY,
        "`net - ev_net`: 0 without an all-in showdown; null when `ev_net` is.",
        nullable=True,
    ),
)

PLAYERS: tuple[Column, ...] = (*_PLAYER_FACTS, *_stat_columns(), *_ALLIN)

ACTIONS: tuple[Column, ...] = (
    *_KEY,
    Column("seq", Kind.INT16, "Order of the post or action in the hand, from 1."),
    Column("round", Kind.INT8, "Betting round: 0 before the first draw, k after draw k."),
    _cat("player", "Player name."),
    _cat(
        "action",
        "post_sb, post_bb, post_ante, post_dead, fold, check, call, bet, raise.",
        [a.value for a in Act],
    ),
    Column(
        "amount",
        Kind.MONEY,
        "Chips this action put in (for `raises A to B`: B minus the player's round total "
        "before, not A); 0 for checks and folds.",
    ),
    Column(
        "to_amount",
        Kind.MONEY,
        "The player's total in the round after the action; null for checks, folds, antes "
        "and dead money.",
        nullable=True,
    ),
    Column("all_in", Kind.BOOL, "The line says `and is all-in`."),
)

DRAWS: tuple[Column, ...] = (
    *_KEY,
    Column("draw", Kind.INT8, "Draw number, 1-3."),
    _cat("player", "Player name."),
    Column("discarded", Kind.INT8, "Cards discarded, 0-5 (0 = stood pat)."),
    Column("pat", Kind.BOOL, "Stood pat."),
    Column(
        "kept_cards",
        Kind.STRING,
        (
            "The cards kept (all five when standing pat, none when all were discarded) when "
            "known (the hero); else null."
        ),
        nullable=True,
    ),
    Column(
        "discarded_cards",
        Kind.STRING,
        "The discarded cards (`Kh Th`) when known (the hero; empty for a pat); else null.",
        nullable=True,
    ),
    Column(
        "received_cards",
        Kind.STRING,
        "The replacement cards when known (the hero; empty for a pat); else null.",
        nullable=True,
    ),
)

SCHEMAS: dict[str, tuple[Column, ...]] = {
    "hands": HANDS,
    "players": PLAYERS,
    "actions": ACTIONS,
    "draws": DRAWS,
}

_NUMPY = {
    Kind.BOOL: "bool",
    Kind.INT8: "int8",
    Kind.INT16: "int16",
    Kind.INT32: "int32",
}
_MASKED: dict[Kind, pd.Int8Dtype | pd.Int16Dtype | pd.Int32Dtype | pd.Float64Dtype] = {
    Kind.NULLABLE_INT8: pd.Int8Dtype(),
    Kind.NULLABLE_INT16: pd.Int16Dtype(),
    Kind.NULLABLE_INT32: pd.Int32Dtype(),
    Kind.NULLABLE_FLOAT64: pd.Float64Dtype(),
}


@functools.cache
def _fixed(categories: tuple[str, ...]) -> tuple[pd.CategoricalDtype, dict[str, int]]:
    index = {c: i for i, c in enumerate(categories)}
    return pd.CategoricalDtype(list(categories), ordered=True), index


def _codes(values: Sequence[Any], index: Mapping[Any, int]) -> npt.NDArray[np.int64]:
    return np.fromiter((index.get(v, -1) for v in values), np.int64, len(values))


def _categorical(col: Column, values: Sequence[Any]) -> pd.Categorical:
    """``pd.Categorical(values)`` (with the column's categories, if it has them), from codes
    looked up in a dict: pandas checks the categories again for every column of every batch,
    most of the cost of a small batch's frames. A value outside fixed categories is null, as
    pandas makes it."""
    if isinstance(getattr(values, "dtype", None), pd.CategoricalDtype):
        # Already categorical (the hands' sites expanded to another table): its categories,
        # those no row of this table uses included, are kept.
        if col.categories is not None:
            return pd.Categorical(values, categories=col.categories, ordered=True)
        return pd.Categorical(values)
    if col.categories is not None:
        dtype, index = _fixed(tuple(col.categories))
        return pd.Categorical.from_codes(_codes(values, index), dtype=dtype)
    seen = set(values)
    seen.discard(None)
    if not all(type(v) is str for v in seen):  # pragma: no cover - the tables' text columns
        cat = pd.Categorical(values)
        return cat.set_categories(pd.Index([], dtype=str)) if not len(cat.categories) else cat
    # Sorted as pandas sorts the categories it finds; no category at all still has text ones,
    # which a batch of text categories can be joined with (``frames.concat_tables``).
    found = sorted(seen)
    codes = _codes(values, {c: i for i, c in enumerate(found)})
    return pd.Categorical.from_codes(codes, categories=pd.Index(found, dtype=str))


def _array(col: Column, values: Sequence[Any]) -> Any:
    """The column's values as the array the frame holds (numpy or a pandas extension array)."""
    kind = col.kind
    if kind is Kind.MONEY:
        try:
            arr = pa.array(values, type=MONEY_TYPE)
        except (pa.ArrowInvalid, pa.ArrowTypeError) as exc:
            raise TableError(
                f"column {col.name!r}: an amount does not fit decimal128(18, {MONEY_SCALE}): {exc}"
            ) from None
        return pd.arrays.ArrowExtensionArray(arr)
    if kind is Kind.CATEGORY:
        return _categorical(col, values)
    if kind is Kind.STRING:
        return pd.array(values, dtype="string[pyarrow]")
    if kind is Kind.TIMESTAMP:
        return pd.to_datetime(list(values), utc=True).as_unit("ns").array
    masked = _MASKED.get(kind)
    if masked is not None:
        return pd.array(list(values), dtype=masked)
    return np.asarray(values, dtype=_NUMPY[kind])


def frame(columns: Sequence[Column], data: Mapping[str, Sequence[Any]]) -> pd.DataFrame:
    """A DataFrame with exactly ``columns``, in order, typed as the schema says."""
    missing = [c.name for c in columns if c.name not in data]
    if missing:
        raise TableError(f"no data for columns {missing}")
    arrays = {c.name: _array(c, data[c.name]) for c in columns}
    rows = len(next(iter(arrays.values()))) if arrays else 0
    # Arrays, not Series: a frame of a hundred Series aligns a hundred indexes, which cost more
    # than the data for the small pieces a parallel run tabulates (one a file at least). The
    # copy puts the numpy columns in one block per type, as pandas does for Series: a frame
    # of a column per block warns of fragmentation at the next column the stats add.
    return pd.DataFrame(arrays, index=pd.RangeIndex(rows), copy=True)


_NULLABLE_INTS = (Kind.NULLABLE_INT8, Kind.NULLABLE_INT16, Kind.NULLABLE_INT32)


def sections() -> str:
    """Every table's schema as Markdown sections: the generated part of ``docs/tables.md``."""
    return "".join(f"\n## `{name}`\n\n" + markdown(cols) for name, cols in SCHEMAS.items())


def markdown(columns: Sequence[Column]) -> str:
    """The schema as a Markdown table: column, type, meaning."""
    lines = ["| column | type | meaning |", "|---|---|---|"]
    for c in columns:
        kind = c.kind.value + (", nullable" if c.nullable and c.kind not in _NULLABLE_INTS else "")
        lines.append(f"| `{c.name}` | {kind} | {c.meaning} |")
    return "\n".join(lines) + "\n"
