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

import dataclasses
import zlib
from dataclasses import dataclass
from typing import Final

from histparse.allin.ev import (
    ALLIN_EXACT_LIMIT,
    DEFAULT_SAMPLES,
    MIN_SAMPLES,
    SKIP_CARDS,
    AllInSkipped,
    _candidates,
    _situation,
    _Snapshot,
    snapshot,
)
from histparse.equity import (
    DEFAULT_POLICY,
    Policy,
    Situation,
    deals_for_many,
    parse_policy,
    pot_shares,
)
from histparse.equity.result import share_estimates
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


def _with_policy(situation: Situation, policy: Policy) -> Situation:
    holdings = tuple(dataclasses.replace(h, policy=policy) for h in situation.holdings)
    return dataclasses.replace(situation, holdings=holdings)


def allin_sensitivity(
    replay: Replay,
    policy: Policy = SECOND_POLICY,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    exact_limit: int = ALLIN_EXACT_LIMIT,
) -> AllInSensitivity | AllInSkipped | None:
    """The all-in's equity per contender under the default policy and ``policy`` (None: no
    all-in showdown, or one on the last betting round, where no draw is left to play)."""
    snap = snapshot(replay)
    if not isinstance(snap, _Snapshot):
        return snap
    if snap.draws_left == 0:
        return None
    hand_seed = zlib.crc32(f"{seed}:{replay.hand.site}:{replay.hand.hand_id}".encode())
    combos = _candidates(snap, hand_seed)
    if not combos:
        return AllInSkipped(f"{SKIP_CARDS}: no holding fits the shown cards")
    try:
        base = [_situation(snap, combo, replay.hand.game) for combo in combos]
    except ValueError as exc:
        return AllInSkipped(f"{SKIP_CARDS}: {exc}")
    index = {p: i for i, p in enumerate(snap.contenders)}
    pots = [[index[n] for n in pot.eligible if n in index] for pot in replay.pots]
    weights = [pot.net for pot in replay.pots]
    per = max(MIN_SAMPLES, samples // len(combos))
    results = []
    for chosen in (DEFAULT_POLICY, policy):
        situations = [_with_policy(s, chosen) for s in base]
        found = deals_for_many(situations, samples=per, seed=hand_seed, exact_limit=exact_limit)
        totals = [0.0] * len(snap.contenders)
        for deals, _ in found:
            for who, weight in zip(pots, weights, strict=True):
                if not who:
                    continue
                winners = pot_shares(deals.ranks, who) > 0
                for i, est in enumerate(share_estimates(deals, winners)):
                    if i in who:
                        totals[i] += est.value * float(weight)
        stakes = [
            float(sum((w for who, w in zip(pots, weights, strict=True) if i in who), 0))
            for i in range(len(snap.contenders))
        ]
        results.append(
            tuple(t / len(found) / s if s else 0.0 for t, s in zip(totals, stakes, strict=True))
        )
    return AllInSensitivity(policy.describe(), snap.contenders, results[0], results[1])
