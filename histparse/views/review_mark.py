"""The draw review's rows as the table replayer marks them: ``review_marks(reviews, symbol)``.

The review (``histparse.review.review_hand``) values a player's draws from the replay's record;
this module only words its rows for the page: each reviewed draw becomes a ``ReviewMark`` that
``views.table.table_model`` puts on the step of that draw's line, and the page's script shows as
a badge on the seat and a panel of the alternatives (their equities, the best, the cost of the
choice made, the method and the later-draw policy). Nothing here computes an equity.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from histparse.cards import format_cards

if TYPE_CHECKING:
    from histparse.review import DrawReview

__all__ = ["ReviewChoice", "ReviewMark", "review_mark", "review_marks"]

_EXACT_DIGITS = 40  # a fraction longer than this is shown as its decimal only


@dataclass(frozen=True, slots=True)
class ReviewChoice:
    """One alternative as the panel lists it: its label, the cards kept, the equity (and the
    exact fraction as text when it was found exactly and is short enough to read)."""

    label: str
    kept: str
    equity: float
    exact: str | None


@dataclass(frozen=True, slots=True)
class ReviewMark:
    """One reviewed draw, worded for the replayer. ``cost`` and ``pot`` are money text; the
    choices are empty (and ``reason`` says why) when the draw could not be valued."""

    player: str
    draw: int
    draws_left: int
    facing: str
    opponents: str
    pot: str
    actual: str
    best: str | None
    cost_equity: float | None
    cost: str | None
    method: str | None
    candidates: int
    policy: str
    choices: tuple[ReviewChoice, ...]
    reason: str | None

    def as_json(self) -> dict[str, Any]:
        """The mark as the page's script reads it (``r`` of a step)."""
        return {
            "player": self.player,
            "draw": self.draw,
            "left": self.draws_left,
            "facing": self.facing,
            "opponents": self.opponents,
            "pot": self.pot,
            "actual": self.actual,
            "best": self.best,
            "cost_eq": self.cost_equity,
            "cost": self.cost,
            "method": self.method,
            "candidates": self.candidates,
            "policy": self.policy,
            "choices": [[c.label, c.kept, c.equity, c.exact] for c in self.choices],
            "reason": self.reason,
        }


def _money(amount: Decimal, symbol: str) -> str:
    sign = "-" if amount < 0 else ""
    return f"{sign}{symbol}{abs(amount):,}"


def _fraction(value: Fraction | None) -> str | None:
    if value is None:
        return None
    text = str(value)
    return text if len(text) <= _EXACT_DIGITS else None


def review_mark(review: DrawReview, symbol: str = "") -> ReviewMark:
    """``review`` worded for the replayer; money with ``symbol`` (the hand's money symbol)."""
    choices = tuple(
        ReviewChoice(c.label, format_cards(c.kept), c.equity, _fraction(c.exact))
        for c in review.choices
    )
    return ReviewMark(
        player=review.player,
        draw=review.draw,
        draws_left=review.draws_left,
        facing=review.facing,
        opponents=review.opponents,
        pot=_money(review.pot, symbol),
        actual=review.actual,
        best=review.best,
        cost_equity=review.cost_equity,
        cost=None if review.cost is None else _money(review.cost, symbol),
        method=review.method,
        candidates=review.candidates,
        policy=review.policy,
        choices=choices,
        reason=review.reason,
    )


def review_marks(
    reviews: Iterable[DrawReview], symbol: str = ""
) -> Mapping[tuple[str, int], ReviewMark]:
    """The marks of ``reviews`` by ``(player, draw)``: the key of the draw line they go on."""
    return {(r.player, r.draw): review_mark(r, symbol) for r in reviews}
