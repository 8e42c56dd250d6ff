"""The review as pandas tables: one row per reviewed draw, sorted by cost, and its summary by
situation."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pandas as pd

from histparse.cards import format_cards
from histparse.events import Hand
from histparse.replayer import Replay, read_facts
from histparse.review.spots import DEFAULT_SAMPLES, Choice, DrawReview, review_hand

__all__ = ["ALTERNATIVES", "review", "review_frame", "summarise"]

ALTERNATIVES = ("pat", "keep 4", "keep 3", "keep 2", "keep 1", "keep 0")
"""The alternatives every row values (columns ``eq_pat``, ``eq_keep_4`` ...)."""

_GROUPS = ["draw", "position", "kept_class", "facing"]


def _column(label: str) -> str:
    return "eq_" + label.replace(" ", "_")


def _fraction(choice: Choice | None) -> str | None:
    return None if choice is None or choice.exact is None else str(choice.exact)


def _row(r: DrawReview) -> dict[str, Any]:
    row: dict[str, Any] = {
        "site": r.site,
        "hand_id": r.hand_id,
        "player": r.player,
        "draw": r.draw,
        "draws_left": r.draws_left,
        "position": r.position,
        "before": format_cards(r.before),
        "kept": format_cards(r.kept),
        "drew": r.drew,
        "kept_class": r.kept_class,
        "facing": r.facing,
        "opponents": r.opponents,
        "pot": r.pot,
        "actual": r.actual,
    }
    by_label = {c.label: c for c in r.choices}
    actual = by_label.get(r.actual)
    best = None if r.best is None else by_label[r.best]
    for label in ALTERNATIVES:
        # Every alternative is a choice of a valued row (``actual_only`` rows, of the draw made
        # alone, never reach the frame); a row not valued has none.
        choice = by_label.get(label)
        row[_column(label)] = None if choice is None else choice.equity
    row.update(
        eq_actual=None if actual is None else actual.equity,
        best=r.best,
        eq_best=None if best is None else best.equity,
        cost_equity=r.cost_equity,
        cost=r.cost,
        exact_actual=_fraction(actual),
        exact_best=_fraction(best),
        method=r.method,
        candidates=r.candidates,
        policy=r.policy,
        reason=r.reason,
    )
    return row


def review_frame(reviews: Sequence[DrawReview]) -> pd.DataFrame:
    """One row per reviewed draw, the costliest first (rows that could not be valued last,
    with their ``reason``)."""
    frame = pd.DataFrame([_row(r) for r in reviews])
    if frame.empty:
        return pd.DataFrame(columns=list(_row_columns()))
    frame = frame.sort_values(
        ["cost_equity", "site", "hand_id", "draw"],
        ascending=[False, True, True, True],
        na_position="last",
        kind="stable",
    )
    return frame.reset_index(drop=True)


def _row_columns() -> list[str]:
    head = ["site", "hand_id", "player", "draw", "draws_left", "position", "before", "kept",
            "drew", "kept_class", "facing", "opponents", "pot", "actual"]  # fmt: skip
    tail = ["eq_actual", "best", "eq_best", "cost_equity", "cost", "exact_actual", "exact_best",
            "method", "candidates", "policy", "reason"]  # fmt: skip
    return head + [_column(a) for a in ALTERNATIVES] + tail


def review(
    hands: Iterable[Hand | Replay],
    player: str,
    *,
    method: str = "auto",
    samples: int = DEFAULT_SAMPLES,
) -> pd.DataFrame:
    """The draw-decision review of ``player`` over ``hands`` (parsed hands or replays): one row
    per draw in a pot that reached a showdown or where an opponent stood pat, with each
    alternative's equity (``eq_pat``, ``eq_keep_4`` .. ``eq_keep_0``, ``eq_actual``), the
    best, and the cost of the choice made (``cost_equity``, ``cost`` in the pot's money)."""
    reviews: list[DrawReview] = []
    for item in hands:
        replay = item if isinstance(item, Replay) else read_facts(item)
        reviews.extend(review_hand(replay, player, method=method, samples=samples))
    return review_frame(reviews)


def summarise(frame: pd.DataFrame) -> pd.DataFrame:
    """The review by situation (draw number, position, class of the hand kept, what the
    opponents did): decisions, mistakes (a positive cost), the mean and total cost."""
    valued = frame[frame["cost_equity"].notna()]
    if valued.empty:
        return pd.DataFrame(
            columns=[*_GROUPS, "decisions", "mistakes", "mean_cost_equity", "total_cost"]
        )
    keyed = valued.assign(
        position=valued["position"].fillna("?"), mistake=valued["cost_equity"] > 1e-12
    )
    grouped = keyed.groupby(_GROUPS, sort=True, dropna=False)
    out = grouped.agg(
        decisions=("cost_equity", "size"),
        mistakes=("mistake", "sum"),
        mean_cost_equity=("cost_equity", "mean"),
        total_cost=("cost", "sum"),
    ).reset_index()
    return out.sort_values("total_cost", ascending=False, kind="stable").reset_index(drop=True)
