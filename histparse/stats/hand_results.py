"""Results by starting-hand class and by what was kept at each draw (the hero's cards, the only
ones a history shows before the showdown). Classes: ``histparse.stats.starting``."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import ROUND_HALF_EVEN, Decimal

import pandas as pd

from histparse.cards import Card, CardError, parse_cards
from histparse.stats.aggregate import TablesLike, player_hands, results_by_class
from histparse.stats.situations import has_actions
from histparse.stats.starting import KeptClass, StartClass, kept_class, start_class

__all__ = ["kept_hands", "starting_hands"]

_CENT = Decimal("0.01")


def _cards(text: object) -> tuple[Card, ...] | None:
    if not isinstance(text, str):
        return None
    try:
        return parse_cards(text) if text else ()
    except CardError:
        return None


def _per_100(out: pd.DataFrame) -> pd.DataFrame:
    """Adds ``bb_per_100``: 100 x net_bb / count (null without hands)."""
    values = []
    for bb, n in zip(out["net_bb"].tolist(), out["count"].tolist(), strict=True):
        ok = isinstance(bb, Decimal) and n
        values.append((bb * 100 / n).quantize(_CENT, ROUND_HALF_EVEN) if ok else None)
    out["bb_per_100"] = pd.Series(values, index=out.index, dtype=out["net_bb"].dtype)
    return out


def starting_hands(
    tables: TablesLike,
    players: str | Iterable[str] | None = None,
    *,
    unit: str | None = None,
) -> pd.DataFrame:
    """Hands by class of the five cards dealt (``dealt_cards``, known for the hero): ``count``
    (hands), ``played`` (VPIP: the player called, bet or raised before the first draw),
    ``won``, ``net_bb``, ``net`` (in ``attrs["unit"]``) and ``bb_per_100``, one row per
    ``StartClass``."""
    p = player_hands(tables, players, labels=())
    if unit is not None:
        p = p[p["unit"] == unit]
    classes = [start_class(c) if c is not None else None for c in map(_cards, p["dealt_cards"])]
    known = [c is not None for c in classes]
    p = p[known]
    names = [c.value for c in classes if c is not None]
    out = results_by_class(p, names, [c.value for c in StartClass], "start_class", unit)
    played = dict.fromkeys(out.index, 0)
    for cls, vpip in zip(names, p["vpip"].tolist(), strict=True):
        played[cls] += int(vpip)
    out.insert(1, "played", [played[c] for c in out.index])
    return _per_100(out)


def kept_hands(
    tables: TablesLike,
    players: str | Iterable[str] | None = None,
    *,
    draw: int = 1,
    unit: str | None = None,
) -> pd.DataFrame:
    """Draws ``draw`` (1-3) by class of the cards kept (``draws.kept_cards``, known for the
    hero): ``count``, ``won``, ``net_bb``, ``net`` and ``bb_per_100`` of the hands, one row per
    ``KeptClass``. Tables without a draws table give zero counts."""
    if draw not in (1, 2, 3):
        raise ValueError(f"draw must be 1, 2 or 3, got {draw!r}")
    p = player_hands(tables, players, labels=())
    if unit is not None:
        p = p[p["unit"] == unit]
    if has_actions(tables):
        d = tables.draws
        d = d[(d["draw"] == draw) & d["kept_cards"].notna()]
        kept = d[["site", "hand_id", "player", "kept_cards"]].astype(
            {"site": str, "hand_id": str, "player": str}
        )
        left = p.astype({"site": str, "hand_id": str, "player": str})
        p = left.merge(kept, on=["site", "hand_id", "player"], how="inner")
    else:
        p = p.iloc[0:0].assign(kept_cards=pd.Series(dtype=object))
    classes = [kept_class(c) if c is not None else None for c in map(_cards, p["kept_cards"])]
    p = p[[c is not None for c in classes]]
    names = [c.value for c in classes if c is not None]
    out = results_by_class(p, names, [c.value for c in KeptClass], f"kept_{draw}", unit)
    return _per_100(out)
