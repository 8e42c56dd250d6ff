"""Vocabulary shared by every layer: games, limit types, streets, actions and posts.

It sits below events and the engine so that both speak the same words without one importing
the other.
"""

from __future__ import annotations

from enum import Enum, IntEnum

# Values are neutral ids; ``label`` is the name tables and reports show. Each site's folder maps
# its own words to these members.


class Game(Enum):
    """The game a hand was dealt in. Only the 2-7 draw games are parsed in full."""

    TRIPLE_DRAW_27 = "triple_draw_27"
    SINGLE_DRAW_27 = "single_draw_27"
    FIVE_CARD_DRAW = "five_card_draw"
    BADUGI = "badugi"
    TRIPLE_DRAW_A5 = "triple_draw_a5"
    OTHER = "other"

    @property
    def draws(self) -> int:
        """How many draws the game has (0 for games that are not draw games)."""
        return _DRAWS.get(self._value_, 0)

    @property
    def label(self) -> str:
        """The game's name in tables and reports, e.g. ``Triple Draw 2-7 Lowball``."""
        return _GAME_LABELS[self._value_]


# Keyed by the members' values: a str key hashes in C, an Enum member through Python's
# Enum.__hash__ (labels are read for every hand of a table).
_GAME_LABELS = {
    Game.TRIPLE_DRAW_27.value: "Triple Draw 2-7 Lowball",
    Game.SINGLE_DRAW_27.value: "Single Draw 2-7 Lowball",
    Game.FIVE_CARD_DRAW.value: "5 Card Draw",
    Game.BADUGI.value: "Badugi",
    Game.TRIPLE_DRAW_A5.value: "Triple Draw A-5 Lowball",
    Game.OTHER.value: "other",
}

_DRAWS = {
    Game.TRIPLE_DRAW_27.value: 3,
    Game.SINGLE_DRAW_27.value: 1,
    Game.FIVE_CARD_DRAW.value: 1,
    Game.BADUGI.value: 3,
    Game.TRIPLE_DRAW_A5.value: 3,
}


class LimitType(Enum):
    """Betting structure."""

    FIXED = "fixed"
    POT = "pot"
    NO_LIMIT = "no_limit"

    @property
    def label(self) -> str:
        """The structure's name in tables and reports: ``Limit``, ``Pot Limit``, ``No Limit``."""
        return _LIMIT_LABELS[self._value_]


_LIMIT_LABELS = {
    LimitType.FIXED.value: "Limit",
    LimitType.POT.value: "Pot Limit",
    LimitType.NO_LIMIT.value: "No Limit",
}


class Street(IntEnum):
    """Where a line sits in a hand. Betting rounds 0-3 are ``PREDRAW`` .. ``DRAW3``.

    ``DRAWk`` covers the k-th draw and the betting round after it, as sites print them (the
    betting has no marker of its own).
    """

    PREDEAL = -1
    PREDRAW = 0
    DRAW1 = 1
    DRAW2 = 2
    DRAW3 = 3
    SHOWDOWN = 4
    SUMMARY = 5


class ActionKind(Enum):
    """A voluntary betting action."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"


class PostKind(Enum):
    """A forced bet posted before the deal."""

    SMALL_BLIND = "small_blind"
    BIG_BLIND = "big_blind"
    # Both blinds at once: the small-blind part is dead (goes to the pot but does not count
    # towards the player's bet in the round), the big-blind part is live.
    SMALL_AND_BIG_BLIND = "small_and_big_blind"
    ANTE = "ante"
    # Money that goes to the pot without counting towards the player's bet (e.g. a dead SB).
    DEAD_BLIND = "dead_blind"

    @property
    def label(self) -> str:
        """The post in messages: ``small blind``, ``small & big blinds``, ``ante``..."""
        return _POST_LABELS[self._value_]


_POST_LABELS = {
    PostKind.SMALL_BLIND.value: "small blind",
    PostKind.BIG_BLIND.value: "big blind",
    PostKind.SMALL_AND_BIG_BLIND.value: "small & big blinds",
    PostKind.ANTE.value: "ante",
    PostKind.DEAD_BLIND.value: "dead blind",
}
