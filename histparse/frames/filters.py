"""``select(tables, HandFilter(...))``: the tables cut to the hands a report asks for.

One filter for the CLI and the API: site, game, limit type, stakes, unit (currency, tournament
chips, play money), cash or tournament, table size, a date range. Every condition left at its
default keeps every hand; the conditions given must all hold.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

import numpy as np
import pandas as pd

from histparse.frames.build import Tables
from histparse.stats.stakes import match_stakes

__all__ = ["HandFilter", "hand_mask", "select"]


@dataclass(frozen=True, slots=True)
class HandFilter:
    """Which hands to keep. Text conditions match case-insensitively; each sequence is "any
    of". A ``stakes`` value is a label or its amounts alone, compared as numbers
    (``0.1/0.2`` keeps ``0.10/0.20 USD Limit``: ``histparse.stats.stakes.match_stakes``).
    ``since``/``until`` are timezone-aware instants (``since <= started_at < until``);
    ``max_seats`` is the table size (6 for 6-max)."""

    sites: Sequence[str] = ()
    games: Sequence[str] = ()
    limits: Sequence[str] = ()
    stakes: Sequence[str] = ()
    units: Sequence[str] = ()
    kind: Literal["cash", "tournament"] | None = None
    max_seats: Sequence[int] = ()
    since: datetime | None = None
    until: datetime | None = None

    def is_empty(self) -> bool:
        """True when the filter keeps every hand."""
        return self == HandFilter()


def _among(
    column: pd.Series[Any], wanted: Sequence[str]
) -> np.ndarray[tuple[int], np.dtype[np.bool_]]:
    keep = {w.casefold() for w in wanted}
    values = column.astype(str).str.casefold()
    return np.asarray(values.isin(keep).to_numpy(), dtype=bool)


def hand_mask(hands: pd.DataFrame, f: HandFilter) -> np.ndarray[tuple[int], np.dtype[np.bool_]]:
    """A boolean array over ``hands``: the rows ``f`` keeps."""
    mask = np.ones(len(hands), dtype=bool)
    for column, wanted in (
        ("site", f.sites),
        ("game", f.games),
        ("limit_type", f.limits),
        ("unit", f.units),
    ):
        if wanted:
            mask &= _among(hands[column], wanted)
    if f.stakes:
        # A value may be a label's amounts alone, in any decimal places (stats.stakes).
        labels = hands["stakes"].dropna().astype(str).unique().tolist()
        mask &= _among(hands["stakes"], match_stakes(f.stakes, labels)[0])
    if f.kind is not None:
        tournament = hands["is_tournament"].to_numpy(dtype=bool)
        mask &= tournament if f.kind == "tournament" else ~tournament
    if f.max_seats:
        seats = hands["max_seats"].astype("Int64").fillna(-1).to_numpy(dtype="int64")
        mask &= np.isin(seats, list(f.max_seats))
    if f.since is not None:
        mask &= (hands["started_at"] >= pd.Timestamp(f.since)).to_numpy(dtype=bool)
    if f.until is not None:
        mask &= (hands["started_at"] < pd.Timestamp(f.until)).to_numpy(dtype=bool)
    return mask


def select(tables: Tables, f: HandFilter) -> Tables:
    """The four tables with only the hands ``f`` keeps (and their players, actions, draws)."""
    if f.is_empty():
        return tables
    mask = hand_mask(tables.hands, f)
    if mask.all():
        return tables
    hands = tables.hands[mask].reset_index(drop=True)
    keys = pd.MultiIndex.from_arrays([hands["site"].astype(str), hands["hand_id"].astype(str)])

    def rows(df: pd.DataFrame) -> pd.DataFrame:
        idx = pd.MultiIndex.from_arrays([df["site"].astype(str), df["hand_id"].astype(str)])
        return df[idx.isin(keys)].reset_index(drop=True)

    return Tables(
        hands=hands,
        players=rows(tables.players),
        actions=rows(tables.actions),
        draws=rows(tables.draws),
    )
