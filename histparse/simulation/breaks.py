"""Sessions as a player plays them: a few hundred hands, a short break now and then, then the
session ends and the next one starts hours later (``SimConfig.sessions``).

Without a plan the simulator plays every hand back to back (one endless session): the hands of
the golden corpora are made that way. With one, the pauses are drawn from a random stream of
their own (seeded from the run's seed), never from the hands' stream: until the first
session's end the hands are those of a run without the plan, at later times. A cash session's
end seats the hero at a new table; a sit & go is never left midway (its session ends after it).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import timedelta
from enum import Enum

from histparse.simulation.errors import SimulationError

__all__ = ["Breaks", "Pause", "SessionPlan"]


@dataclass(frozen=True, slots=True)
class SessionPlan:
    """How long sessions and pauses last, each drawn uniformly from its (low, high) range:
    ``hands`` per session, a short break after every ``break_every`` hands lasting
    ``break_minutes`` (shorter than the 30-minute gap that ends a session in the reports), and
    ``gap_hours`` between sessions."""

    hands: tuple[int, int] = (60, 260)  # one table at about 45 hands an hour: 1-6 hours
    break_every: tuple[int, int] = (35, 80)
    break_minutes: tuple[int, int] = (3, 15)
    gap_hours: tuple[float, float] = (2.0, 30.0)

    def __post_init__(self) -> None:
        for name in ("hands", "break_every", "break_minutes", "gap_hours"):
            low, high = getattr(self, name)
            if not 0 < low <= high:
                raise SimulationError(f"session plan: {name} must be 0 < low <= high")


class Pause(Enum):
    """What follows a hand: nothing, a short break at the table, or the session's end."""

    NONE = "none"
    BREAK = "break"
    END = "end"


class Breaks:
    """The pauses of one run: ``after_hand`` says what follows each hand and how long it
    lasts; ``after_game`` ends a session between two sit & gos once it has its hands."""

    def __init__(self, plan: SessionPlan, seed: int) -> None:
        self.plan = plan
        # A stream of its own: the hands' stream is not touched, so the cards stay the same.
        self.rng = random.Random(f"histparse sessions {seed}")
        self._new_session()

    def _new_session(self) -> None:
        self.left = self.rng.randint(*self.plan.hands)
        self.to_break = self.rng.randint(*self.plan.break_every)

    def _gap(self) -> timedelta:
        self._new_session()
        # Whole seconds: a history writes its times to the second.
        return timedelta(seconds=round(self.rng.uniform(*self.plan.gap_hours) * 3600))

    def after_hand(self, *, may_end: bool = True) -> tuple[Pause, timedelta]:
        """The pause after a hand and its length; ``may_end=False`` (inside a sit & go) keeps
        the session going past its planned hands (it ends at ``after_game``)."""
        self.left -= 1
        self.to_break -= 1
        if self.left <= 0 and may_end:
            return Pause.END, self._gap()
        if self.to_break <= 0:
            self.to_break = self.rng.randint(*self.plan.break_every)
            minutes = self.rng.uniform(*self.plan.break_minutes)
            return Pause.BREAK, timedelta(seconds=round(minutes * 60))
        return Pause.NONE, timedelta(0)

    def after_game(self) -> timedelta:
        """The pause after a sit & go: the gap to the next session when this one has played
        its hands, else none."""
        return self._gap() if self.left <= 0 else timedelta(0)
