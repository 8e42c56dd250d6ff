"""Draw-decision review: the equity of every alternative at each of a player's draws, against
what the opponents held then, and the cost of the choice made (docs/review.md)."""

from __future__ import annotations

from histparse.review.frame import review, review_frame, summarise
from histparse.review.spots import MAX_CANDIDATES, Choice, DrawReview, best_kept, review_hand

__all__ = [
    "MAX_CANDIDATES",
    "Choice",
    "DrawReview",
    "best_kept",
    "review",
    "review_frame",
    "review_hand",
    "summarise",
]
