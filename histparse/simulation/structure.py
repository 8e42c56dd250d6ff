"""What to simulate: stakes, rake, tournament structure, bots and the hard cases to force.

Everything here is a frozen, validated settings object; ``SimConfig`` gathers them.

PokerStars conventions taken (docs/formats.md §1.1): a Limit header gives the small bet / big bet;
the big blind is the small bet and the small blind is **half the small bet rounded down to the
cent** (so ``$0.25/$0.50`` posts $0.12/$0.25; real PokerStars posts $0.10 there, a site choice
the simulator does not copy). Pot and No Limit headers give the blinds themselves.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation
from enum import Enum
from typing import Final

from histparse.game import LimitType
from histparse.simulation.bots import DEFAULT_MIX, BotProfile
from histparse.simulation.breaks import SessionPlan
from histparse.simulation.errors import SimulationError


class HardCase(Enum):
    """Situations a parser, replayer or auditor must get right; ``SimConfig.focus`` makes
    the simulator produce them far more often than at a real table."""

    CAPPED = "capped"  # fixed-limit rounds with four bets and "Betting is capped"
    ALL_IN = "all-in"
    SIDE_POTS = "side-pots"  # all-ins with a main pot and one or several side pots
    SPLIT = "split"  # tied hands splitting a pot, odd chips included
    RESHUFFLE = "reshuffle"  # deck exhaustion mid-draw (R-DRAW-3)
    UNCALLED = "uncalled"
    WALK = "walk"  # everyone folds to the big blind
    MUCK = "muck"
    CHAT = "chat"
    SEATING = "seating"  # players joining and leaving, new players' extra big blinds


@dataclass(frozen=True, slots=True)
class RakeRule:
    """Cash-game rake: ``percent`` of the pot rounded down to the cent, at most ``cap``, and
    nothing when the hand ends before the first draw (PokerStars' "no flop, no drop")."""

    percent: Decimal = Decimal("0.05")
    cap: Decimal = Decimal("1")

    def __post_init__(self) -> None:
        if not Decimal(0) <= self.percent < Decimal(1):
            raise SimulationError(f"rake percent must be a fraction in [0, 1), got {self.percent}")
        if self.cap < 0:
            raise SimulationError(f"rake cap must not be negative, got {self.cap}")


@dataclass(frozen=True, slots=True)
class Level:
    """One tournament level in chips: ``low``/``high`` as the header prints them (fixed limit:
    small bet / big bet; pot and no limit: small / big blind) and the ante."""

    low: int
    high: int
    ante: int = 0


# Fixed limit: small bet / big bet (blinds are half the small bet and the small bet).
_LIMIT_LEVELS: Final = tuple(
    Level(lo, 2 * lo, ante)
    for lo, ante in (
        (20, 0), (30, 0), (50, 0), (80, 5), (100, 10), (150, 15), (200, 20), (300, 30),
        (400, 40), (600, 60), (800, 80), (1000, 100), (1500, 150), (2000, 200), (3000, 300),
    )
)  # fmt: skip
# Pot and no limit: small blind / big blind.
_BIG_BET_LEVELS: Final = tuple(
    Level(sb, bb, ante)
    for sb, bb, ante in (
        (10, 20, 0), (15, 30, 0), (25, 50, 0), (50, 100, 10), (75, 150, 15), (100, 200, 20),
        (150, 300, 30), (200, 400, 40), (300, 600, 60), (400, 800, 80), (600, 1200, 120),
        (800, 1600, 160), (1000, 2000, 200), (1500, 3000, 300), (2000, 4000, 400),
    )
)  # fmt: skip


def default_levels(limit: LimitType) -> tuple[Level, ...]:
    """A sit & go blind structure with antes from level IV."""
    return _LIMIT_LEVELS if limit is LimitType.FIXED else _BIG_BET_LEVELS


def default_payouts(players: int) -> tuple[Decimal, ...]:
    """Prize shares by finishing place: winner takes all heads-up, 65/35 otherwise."""
    if players <= 3:
        return (Decimal(1),)
    return (Decimal("0.65"), Decimal("0.35"))


@dataclass(frozen=True, slots=True)
class TournamentStructure:
    """A single-table sit & go: buy-in and fee (USD), starting chips, levels (None: the
    default for the limit type), hands per level and prize shares (None: by field size)."""

    buy_in: Decimal = Decimal("1.40")
    fee: Decimal = Decimal("0.10")
    starting_stack: int = 1500
    hands_per_level: int = 10
    levels: tuple[Level, ...] | None = None
    payouts: tuple[Decimal, ...] | None = None

    def __post_init__(self) -> None:
        if self.buy_in < 0 or self.fee < 0:
            raise SimulationError("tournament buy-in and fee must not be negative")
        if self.starting_stack < 2:
            raise SimulationError(f"starting stack must be >= 2, got {self.starting_stack}")
        if self.hands_per_level < 1:
            raise SimulationError(f"hands per level must be >= 1, got {self.hands_per_level}")
        if self.levels is not None:
            if not self.levels:
                raise SimulationError("a tournament needs at least one level")
            for k, level in enumerate(self.levels, 1):
                if not 0 < level.low <= level.high or level.ante < 0:
                    raise SimulationError(f"level {k}: bad amounts {level}")
        if self.payouts is not None and (
            not self.payouts or sum(self.payouts) > 1 or any(p < 0 for p in self.payouts)
        ):
            raise SimulationError(f"payout shares must be >= 0 and sum to <= 1: {self.payouts}")


def parse_stakes(text: str) -> tuple[Decimal, Decimal]:
    """``"0.10/0.20"`` (a leading ``$`` is allowed) as two Decimals."""
    parts = text.replace("$", "").split("/")
    if len(parts) != 2:
        raise SimulationError(f"stakes must look like 0.10/0.20, got {text!r}")
    try:
        low, high = Decimal(parts[0]), Decimal(parts[1])
    except InvalidOperation:
        raise SimulationError(f"stakes must look like 0.10/0.20, got {text!r}") from None
    return low, high


_DEFAULT_START: Final = datetime(2013, 6, 5, 20, 0, 0, tzinfo=UTC)


@dataclass(frozen=True, slots=True)
class SimConfig:
    """Everything a simulation needs besides the number of hands and the seed.

    * ``players``: players at the table, 2-6 (cash tables lose and gain players around it;
      a sit & go starts with exactly this many).
    * ``limit`` and ``stakes``: cash stakes in dollars as the header prints them.
    * ``tournament``: play sit & gos instead of cash (chips, levels, antes, no rake).
    * ``rake``: cash rake (None: none).
    * ``hero``: whose history this is (``Dealt to`` lines).
    * ``bots``: the pool opponents' styles are drawn from (the hero plays one too).
    * ``focus``: hard cases to produce far more often than real tables do.
    * ``chat_rate``/``seating_rate``: chat lines per action, joins/leaves per hand.
    * ``path``, ``newline``, ``bom``: how the hands' source file is laid out (line numbers
      and ``Hand.source`` follow it); ``source_text`` also fills ``Source.text`` (slower).
    * ``start``: when the first hand starts (UTC).
    * ``rig_hero``: a dealer rigged for the hero, to test ``histparse fairness``: with
      probability ``rig_hero`` each high card (T+) dealt to the hero is swapped for the next
      low card (7 or below) in the stub, the reverse when negative (``simulation.rig``);
      ``rig_draws_only`` rigs the hero's replacement cards alone, not the deal.
    * ``sessions``: a ``SessionPlan``: the hero takes breaks and sessions end (None: every
      hand back to back, one endless session; ``simulation.breaks``).
    """

    players: int = 6
    limit: LimitType = LimitType.FIXED
    stakes: tuple[Decimal, Decimal] = (Decimal("0.10"), Decimal("0.20"))
    tournament: TournamentStructure | None = None
    rake: RakeRule | None = field(default_factory=RakeRule)
    hero: str = "Hero"
    bots: tuple[BotProfile, ...] = DEFAULT_MIX
    focus: frozenset[HardCase] = frozenset()
    chat_rate: float = 0.004
    seating_rate: float = 0.04
    max_seats: int = 6
    path: str = "<simulated>"
    newline: str = "\r\n"
    bom: bool = False
    source_text: bool = False
    start: datetime = _DEFAULT_START
    rig_hero: float = 0.0
    rig_draws_only: bool = False
    sessions: SessionPlan | None = None

    def __post_init__(self) -> None:
        if not -1.0 <= self.rig_hero <= 1.0:
            raise SimulationError(f"rig_hero must be in [-1, 1], got {self.rig_hero}")
        if not 2 <= self.players <= 6:
            raise SimulationError(f"players must be 2 to 6, got {self.players}")
        if not self.players <= self.max_seats <= 6:
            raise SimulationError(
                f"max_seats must be from players ({self.players}) to 6, got {self.max_seats}"
            )
        if not isinstance(self.limit, LimitType):
            raise SimulationError(f"limit must be a LimitType, got {self.limit!r}")
        low, high = self.stakes
        if not Decimal(0) < low <= high:
            raise SimulationError(f"stakes must be 0 < low <= high, got {low}/{high}")
        if self.tournament is None:
            for amount in (low, high):
                if amount != amount.quantize(Decimal("0.01")):
                    raise SimulationError(f"cash stakes are whole cents, got {amount}")
            if self.limit is LimitType.FIXED and low < Decimal("0.02"):
                raise SimulationError("fixed-limit small bet must be at least $0.02")
        if not self.hero or ": " in self.hero or self.hero != self.hero.strip():
            raise SimulationError(f"hero name {self.hero!r} cannot be written in a history")
        if not self.bots:
            raise SimulationError("bots must name at least one profile")
        for name, rate in (("chat_rate", self.chat_rate), ("seating_rate", self.seating_rate)):
            if not 0.0 <= rate <= 1.0:
                raise SimulationError(f"{name} must be in [0, 1], got {rate}")
        if self.newline not in ("\n", "\r\n"):
            raise SimulationError(f"newline must be LF or CRLF, got {self.newline!r}")
        if self.start.tzinfo is None:
            raise SimulationError("start must be a timezone-aware datetime")
        if not all(isinstance(f, HardCase) for f in self.focus):
            raise SimulationError(f"focus must hold HardCase values, got {set(self.focus)}")
