"""Policy sensitivity of an all-in's equity: the same all-in valued under a second, named draw
policy, so that a user sees when an EV depends on the assumption about later draws.

``allin_ev`` values the draws after the snapshot with ``DEFAULT_POLICY`` (stand pat with a
T/9/8-low at one/two/three draws left). ``allin_sensitivity`` plays the same snapshot, the same
candidate holdings and the same seeded deals under ``DEFAULT_POLICY`` and under ``policy``
(``SECOND_POLICY`` by default: stand pat with a J/T/9-low, a looser pat), and gives each
contender's equity under both and the difference. Only the draws after the next one change: at
the next draw every contender draws what it did.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from histparse.allin.ev import (
    ALLIN_EXACT_LIMIT,
    DEFAULT_SAMPLES,
    AllInEV,
    AllInSkipped,
    allin_ev,
)
from histparse.equity import Policy, parse_policy
from histparse.replayer import Replay

__all__ = ["SECOND_POLICY", "SECOND_POLICY_NAME", "AllInSensitivity", "allin_sensitivity"]

SECOND_POLICY_NAME: Final = "draw:J,T,9"
SECOND_POLICY: Final = parse_policy(SECOND_POLICY_NAME)
"""The second policy: stand pat with a J-low or better with one draw left, a T with two, a 9
with three (a looser pat than the default T/9/8); otherwise keep up to four cards of 8 or
lower."""


@dataclass(frozen=True, slots=True)
class AllInSensitivity:
    """Each contender's equity under the default policy and under ``policy``, and the
    difference (second minus default), over the same candidates and deals."""

    policy: str
    contenders: tuple[str, ...]
    default: tuple[float, ...]
    second: tuple[float, ...]

    @property
    def difference(self) -> tuple[float, ...]:
        """Second policy minus default, per contender."""
        return tuple(b - a for a, b in zip(self.default, self.second, strict=True))


def allin_sensitivity(
    replay: Replay,
    policy: Policy = SECOND_POLICY,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    exact_limit: int = ALLIN_EXACT_LIMIT,
) -> AllInSensitivity | AllInSkipped | None:
    """The all-in's equity per contender under the default policy and ``policy`` (None: no
    all-in showdown, or one on the last betting round, where no draw is left to play): the
    default is ``allin_ev``'s equity, the second its ``equity_alt``."""
    ev = allin_ev(replay, samples=samples, seed=seed, exact_limit=exact_limit, alt_policy=policy)
    if not isinstance(ev, AllInEV):
        return ev
    if ev.draws_left == 0:
        return None
    second = tuple(p.equity_alt for p in ev.players)
    assert all(e is not None for e in second)  # asked for: allin_ev gives it
    return AllInSensitivity(
        policy.describe(),
        tuple(p.player for p in ev.players),
        tuple(p.equity for p in ev.players),
        tuple(e or 0.0 for e in second),
    )
