"""The rows of a hand's money and draws as its lines give them: the record's ``steps`` and
``draw_records`` (``LineFacts``), which the actions and draws tables hold as they are.

NamedTuples rather than frozen dataclasses: equally immutable, and about four times cheaper to
make, which matters at a dozen steps per hand on the replay's hot path.
"""

from __future__ import annotations

from decimal import Decimal
from enum import StrEnum
from typing import NamedTuple

from histparse.cards import Card
from histparse.events import Action, Post

__all__ = ["Act", "DrawRecord", "Move", "Step"]

Cards = tuple[Card, ...]

Move = tuple[Post | Action, Decimal, Decimal | None]
"""A post or an action as the replay's pass keeps it: the line, what it put in (a post's live
part, which counts towards the player's bet), and the player's live total in the round after
it (None when the player has none)."""


class Act(StrEnum):
    """The ``action`` column of the actions table."""

    POST_SB = "post_sb"
    POST_BB = "post_bb"
    POST_ANTE = "post_ante"
    POST_DEAD = "post_dead"
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"

    @property
    def is_post(self) -> bool:
        """True for the forced bets."""
        return self in _POSTS


_POSTS = frozenset({Act.POST_SB, Act.POST_BB, Act.POST_ANTE, Act.POST_DEAD})


class Step(NamedTuple):
    """A post or a betting action. ``amount`` is what the step put in the pot; ``to_amount`` is
    the player's live total in the round afterwards (None for checks, folds, antes and dead
    money, which do not count towards a call)."""

    round: int
    player: str
    act: Act
    amount: Decimal
    to_amount: Decimal | None
    all_in: bool
    line: int


class DrawRecord(NamedTuple):
    """One player's discard or stand-pat at draw ``draw`` (1-3). Cards are None when not known."""

    draw: int
    player: str
    discarded: int
    pat: bool
    discarded_cards: Cards | None
    received_cards: Cards | None
    kept_cards: Cards | None = None  # the cards kept (all five when standing pat), if known
