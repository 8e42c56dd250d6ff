"""Rules options of one game: betting structure, blinds, antes and the fixed-limit cap."""

from __future__ import annotations

from dataclasses import dataclass

from histparse.engine.errors import ConfigError
from histparse.game import LimitType

MAX_SEATS = 6  # R-TABLE-1: the game is dealt six-max
MAX_DRAWS = 3  # R-DRAW-1: triple draw
_FIXED = LimitType.FIXED  # a module constant: Enum classes have a slow __getattr__ hook


def _require_int(name: str, value: object, *, minimum: int) -> int:
    # bool is an int subclass; a True stack is a bug in the caller, not one chip.
    if not isinstance(value, int) or isinstance(value, bool):
        raise ConfigError(f"{name} must be an int in minor units, got {value!r}")
    if value < minimum:
        raise ConfigError(f"{name} must be >= {minimum}, got {value}")
    return value


@dataclass(frozen=True, slots=True)
class GameConfig:
    """Betting structure and table rules for one hand. All money is in int minor units.

    ``small_bet``/``big_bet`` are the fixed-limit bet sizes (rounds 0-1 use the small bet,
    rounds 2-3 the big bet: R-BET-4); they default to the big blind and twice the small bet.
    ``max_bets_per_round`` is the fixed-limit cap (R-BET-5; pre-draw the big blind counts as the
    first bet); ``cap_lifted_heads_up`` lifts it while only two players are left in the hand.
    In pot and no limit the minimum bet is the big blind.

    ``draws`` is the number of draws: 3 for triple draw (R-DRAW-1, R-BET-1: four betting
    rounds), 1 for 2-7 single draw (two betting rounds, then the showdown). The first half of
    the betting rounds uses the small bet and the rest the big bet, so single draw bets the
    small bet before its draw and the big bet after it (as PokerStars' limit draw games do).
    """

    limit: LimitType
    small_blind: int
    big_blind: int
    small_bet: int = 0
    big_bet: int = 0
    ante: int = 0
    max_bets_per_round: int = 4
    cap_lifted_heads_up: bool = False
    max_players: int = MAX_SEATS
    draws: int = MAX_DRAWS
    # R-BET-7: dead money nobody can match any more (a dead small blind when everyone folds)
    # goes back to its poster; False keeps it in the pot (Full Tilt's files).
    returns_dead_money: bool = True

    def __post_init__(self) -> None:
        if not isinstance(self.limit, LimitType):
            raise ConfigError(f"limit must be a LimitType, got {self.limit!r}")
        _require_int("small_blind", self.small_blind, minimum=0)
        _require_int("big_blind", self.big_blind, minimum=1)
        _require_int("ante", self.ante, minimum=0)
        _require_int("max_bets_per_round", self.max_bets_per_round, minimum=1)
        _require_int("max_players", self.max_players, minimum=2)
        if _require_int("draws", self.draws, minimum=1) > MAX_DRAWS:
            raise ConfigError(f"draws must be from 1 to {MAX_DRAWS}, got {self.draws}")
        if self.small_blind > self.big_blind:
            raise ConfigError(
                f"small blind {self.small_blind} is larger than the big blind {self.big_blind}"
            )
        small_bet = _require_int("small_bet", self.small_bet, minimum=0) or self.big_blind
        big_bet = _require_int("big_bet", self.big_bet, minimum=0) or 2 * small_bet
        if big_bet < small_bet:
            raise ConfigError(f"big bet {big_bet} is smaller than the small bet {small_bet}")
        object.__setattr__(self, "small_bet", small_bet)
        object.__setattr__(self, "big_bet", big_bet)

    @classmethod
    def fixed_limit(
        cls,
        small_bet: int,
        big_bet: int | None = None,
        *,
        small_blind: int | None = None,
        big_blind: int | None = None,
        ante: int = 0,
        cap_lifted_heads_up: bool = False,
        max_bets_per_round: int = 4,
        draws: int = MAX_DRAWS,
    ) -> GameConfig:
        """Fixed limit: the big blind defaults to the small bet, the small blind to half of it."""
        bb = small_bet if big_blind is None else big_blind
        return cls(
            LimitType.FIXED,
            small_blind=bb // 2 if small_blind is None else small_blind,
            big_blind=bb,
            small_bet=small_bet,
            big_bet=2 * small_bet if big_bet is None else big_bet,
            ante=ante,
            max_bets_per_round=max_bets_per_round,
            cap_lifted_heads_up=cap_lifted_heads_up,
            draws=draws,
        )

    @classmethod
    def pot_limit(
        cls, small_blind: int, big_blind: int, *, ante: int = 0, draws: int = MAX_DRAWS
    ) -> GameConfig:
        """Pot limit with the given blinds."""
        return cls(
            LimitType.POT, small_blind=small_blind, big_blind=big_blind, ante=ante, draws=draws
        )

    @classmethod
    def no_limit(
        cls, small_blind: int, big_blind: int, *, ante: int = 0, draws: int = MAX_DRAWS
    ) -> GameConfig:
        """No limit with the given blinds."""
        return cls(
            LimitType.NO_LIMIT, small_blind=small_blind, big_blind=big_blind, ante=ante, draws=draws
        )

    def bet_unit(self, round_number: int) -> int:
        """Fixed-limit bet size of betting round ``round_number`` (0 to ``draws``): the small
        bet in the first half of the rounds, the big bet after (R-BET-4); the big blind in pot
        and no limit."""
        if self.limit is not _FIXED:
            return self.big_blind
        return self.small_bet if round_number < (self.draws + 1) // 2 else self.big_bet


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat. Players not dealt in (sitting out, docs/formats.md §1.3) take no part."""

    seat: int
    name: str
    stack: int
    dealt_in: bool = True

    def __post_init__(self) -> None:
        # Plain ints in range skip the full checks (a Seat is built per player per replay).
        if type(self.seat) is not int or self.seat < 1:
            _require_int("seat number", self.seat, minimum=1)
        if type(self.stack) is not int or self.stack < 0:
            _require_int(f"stack of {self.name!r}", self.stack, minimum=0)
        if not isinstance(self.name, str) or not self.name:
            raise ConfigError(f"seat {self.seat}: player name must be a non-empty str")
