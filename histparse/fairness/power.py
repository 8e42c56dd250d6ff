"""Power, printed: how many hands each seeded dealer fault needs before the report finds it
with power 0.9, for the player's own hands.

The faults are the ones ``simulation.rig`` can seed. Each one moves one test's statistic by a
known amount per card, draw or hand; the hands needed follow from the normal approximation
at Bonferroni's level alpha / (tests in the family), the first step of Holm's (so the figure
is a little pessimistic), with the rates of these hands: how many replacement cards and
draws a hand gives, the share of high cards among the unseen. ``bench/bench_fairness.py``
checks the figures against seeded faults on the simulator.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil, exp, log, sqrt
from typing import TYPE_CHECKING, Final

from histparse.fairness.probability import HIGH_RANKS, LOW_RANKS
from histparse.fairness.significance import z_critical

if TYPE_CHECKING:
    from histparse.fairness.report import FairnessCounts

__all__ = ["POWER_TARGET", "PowerRow", "power_table"]

POWER_TARGET: Final = 0.9
_DEALS: Final = 2_598_960
_LOW: Final = len(LOW_RANKS) / 13
_HIGH: Final = len(HIGH_RANKS) / 13


@dataclass(frozen=True, slots=True)
class PowerRow:
    """One fault: the test that finds it first and the hands it needs (None: never at these
    rates, ``why`` says so)."""

    fault: str
    description: str
    test: str
    hands: int | None
    why: str


def _hands_for_shift(shift: float, sd: float, per_hand: float, z_alpha: float) -> int | None:
    """Hands for a rate ``shift`` per unit (sd ``sd`` per unit, ``per_hand`` units a hand)
    to reach power 0.9."""
    if shift <= 0 or per_hand <= 0:
        return None
    units = ((z_alpha + z_critical(2 * (1 - POWER_TARGET))) * sd / shift) ** 2
    return ceil(units / per_hand)


def _ceiling_hands(
    b: float, low: float, high: float, fpc: float, cards_per_hand: float, z_alpha: float
) -> int | None:
    """Hands a draw rig of rate ``b`` needs for power 0.9 when the null of every replacement
    card is known exactly: the rig moves a share ``b`` of the high cards (share ``high`` of the
    unseen) to low ones (share ``low``), so a card's log-likelihood moves by -b when high, by
    b high / low when low, and not at all when 8 or 9. That score is the locally most powerful
    statistic (nothing else in the player's cards carries the rig): its information per card
    is high (high + low) / low, and the cards of one draw, dealt without replacement, vary
    less by ``fpc``."""
    if cards_per_hand <= 0 or low <= 0 or high <= 0:
        return None
    info = high * (high + low) / low / fpc
    cards = ((z_alpha + z_critical(2 * (1 - POWER_TARGET))) / b) ** 2 / info
    return ceil(cards / cards_per_hand)


def _hands_for_repeats(rate: float, z_alpha_level: float) -> int:
    """Hands for the repeated-deal count to pass its critical count with power 0.9, when a
    fraction ``rate`` of hands repeat the last one."""
    n = 10
    while True:
        fair = n / _DEALS
        k = 1
        tail = 1.0 - exp(-fair)
        term = exp(-fair)
        while tail > z_alpha_level:
            term *= fair / k
            tail -= term
            k += 1
        mean = rate * n + fair
        below = 0.0
        term = exp(-mean)
        for i in range(k):
            below += term
            term *= mean / (i + 1)
        if 1.0 - below >= POWER_TARGET:
            return n
        n = int(n * 1.05) + 1


def power_table(counts: FairnessCounts, alpha: float, family: int) -> tuple[PowerRow, ...]:
    """The hands each seeded fault needs on hands like ``counts`` (a family of ``family``
    tests at family-wise level ``alpha``)."""
    from histparse.fairness.report import DRAW_MARGIN

    if counts.hands == 0:
        return ()
    level = alpha / max(1, family)
    z_alpha = z_critical(level)
    hands = counts.hands
    cards_per_hand = counts.drawn_cards / hands
    draws_per_hand = (counts.draws + counts.skipped_draws) / hands
    rate = counts.drawn_low
    low_share = rate.expected / rate.n if rate.n else _LOW
    high_share = counts.drawn_high.expected / rate.n if rate.n else _HIGH
    drawn_sd = sqrt(rate.variance / rate.n) if rate.n else sqrt(_LOW * (1 - _LOW))
    dealt_sd = sqrt(_LOW * (1 - _LOW) * 47 / 51)
    rows = []
    for b in (0.02, 0.05):
        shift = b * high_share - DRAW_MARGIN
        need = _hands_for_shift(shift, drawn_sd, cards_per_hand, z_alpha)
        rows.append(
            PowerRow(
                f"draws-low-{b:.0%}",
                f"each high replacement card swapped for a low one {b:.0%} of the time",
                "drawn-low",
                need,
                ""
                if need
                else (
                    "the shift is inside the draw tests' margin"
                    if cards_per_hand > 0
                    else "no draws seen"
                ),
            )
        )
    fpc = counts.drawn_fpc / rate.n if rate.n else 1.0
    for b in (0.02, 0.05):
        need = _ceiling_hands(b, low_share, high_share, fpc, cards_per_hand, z_alpha)
        rows.append(
            PowerRow(
                f"draws-low-{b:.0%}-ceiling",
                f"draws-low-{b:.0%} against a perfect null (no margin): the fewest hands any "
                "test of the player's cards needs",
                "score of the replacement ranks",
                need,
                "" if need else "no draws seen",
            )
        )
    for b in (0.02, 0.05):
        rows.append(
            PowerRow(
                f"deal-low-{b:.0%}",
                f"each high dealt card swapped for a low one {b:.0%} of the time",
                "dealt-low",
                _hands_for_shift(b * _HIGH, dealt_sd, 5.0, z_alpha),
                "",
            )
        )
    rows.append(
        PowerRow(
            "stacked-table-5%",
            "one table's deals rigged as deal-low-5% (hands at that table, with --by table)",
            "dealt-low",
            _hands_for_shift(0.05 * _HIGH, dealt_sd, 5.0, z_alpha),
            "",
        )
    )
    q = 0.001
    returned = ceil(log(1 - POWER_TARGET) / log(1 - q) / draws_per_hand) if draws_per_hand else None
    rows.append(
        PowerRow(
            "returned-discard-0.1%",
            "one draw in a thousand serves the player a card they threw, without a reshuffle",
            "returned",
            returned,
            "" if returned else "no draws seen",
        )
    )
    rows.append(
        PowerRow(
            "repeated-deal-0.1%",
            "one hand in a thousand deals the player the last hand's five cards again",
            "repeats",
            _hands_for_repeats(0.001, level),
            "",
        )
    )
    return tuple(rows)
