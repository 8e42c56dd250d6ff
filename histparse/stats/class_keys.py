"""The hand-class grouping keys of ``player_stats``: ``start_class`` (the five cards dealt) and
``kept_class`` (what was kept at the first draw; ``kept_class_2``, ``kept_class_3`` at the
others), classes from ``histparse.stats.starting``.

Only the hero's cards are known before a showdown: every other row is ``unknown``, and a player
who took no part in a draw (folded before it, or the hand ended) is ``no draw N``. Those rows are
kept, so that the groups still add up to the player's totals.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import StrEnum
from typing import Any, Final

import pandas as pd

from histparse.cards import Card, CardError, parse_cards
from histparse.stats.starting import KeptClass, StartClass, kept_class, start_class

__all__ = ["CLASS_KEYS", "KEPT_DRAWS", "UNKNOWN", "card_class", "class_column", "no_draw"]

UNKNOWN: Final = "unknown"
# The kept-class key of each draw.
KEPT_DRAWS: Final = {"kept_class": 1, "kept_class_2": 2, "kept_class_3": 3}
CLASS_KEYS: Final = ("start_class", *KEPT_DRAWS)


def no_draw(draw: int) -> str:
    """The label of a player who took no part in draw ``draw``."""
    return f"no draw {draw}"


Classify = Callable[[tuple[Card, ...]], StrEnum | None]


def card_class(text: object, classify: Classify) -> str | None:
    """The class label of a card text of the tables (``dealt_cards``, ``kept_cards``) by
    ``classify`` (``starting.start_class`` or ``kept_class``); None when it has none."""
    if not isinstance(text, str):
        return None
    try:
        cls = classify(parse_cards(text))
    except CardError:
        return None
    return None if cls is None else cls.value


def _labels(texts: Iterable[object], classify: Classify) -> dict[str, str]:
    """Each distinct card text's class label (``unknown`` when the cards are not a class)."""
    out: dict[str, str] = {}
    for text in texts:
        if isinstance(text, str) and text not in out:
            out[text] = card_class(text, classify) or UNKNOWN
    return out


def _categorical(values: list[str], order: list[str]) -> pd.Series[Any]:
    # Ordered categories: groupby sorts them best class first, not as text.
    return pd.Series(pd.Categorical(values, categories=order, ordered=True))


def class_column(df: pd.DataFrame, key: str, draws: pd.DataFrame | None) -> pd.Series[Any]:
    """The ``key`` class label of each row of ``df`` (players rows with ``site``, ``hand_id``,
    ``player`` and ``dealt_cards``), aligned with ``df``; ``draws`` is the draws table (None:
    none read, every kept class ``unknown``)."""
    if key == "start_class":
        cards = df["dealt_cards"].tolist()
        names = _labels(cards, start_class)
        values = [names.get(c, UNKNOWN) if isinstance(c, str) else UNKNOWN for c in cards]
        out = _categorical(values, [*(c.value for c in StartClass), UNKNOWN])
        out.index = df.index
        return out
    draw = KEPT_DRAWS[key]
    order = [*(c.value for c in KeptClass), UNKNOWN, no_draw(draw)]
    if draws is None:
        out = _categorical([UNKNOWN] * len(df), order)
        out.index = df.index
        return out
    d = draws[draws["draw"] == draw]
    kept = {
        (str(s), str(h), str(p)): c
        for s, h, p, c in zip(
            d["site"].tolist(),
            d["hand_id"].tolist(),
            d["player"].tolist(),
            d["kept_cards"].tolist(),
            strict=True,
        )
    }
    names = _labels(kept.values(), kept_class)
    labels: list[str] = []
    for s, h, p in zip(
        df["site"].astype(str).tolist(),
        df["hand_id"].astype(str).tolist(),
        df["player"].astype(str).tolist(),
        strict=True,
    ):
        if (s, h, p) not in kept:
            labels.append(no_draw(draw))
            continue
        c = kept[(s, h, p)]
        labels.append(names.get(c, UNKNOWN) if isinstance(c, str) else UNKNOWN)
    out = _categorical(labels, order)
    out.index = df.index
    return out
