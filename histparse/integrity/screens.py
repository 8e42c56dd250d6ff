"""The integrity screens over a pool of hands: scores to rank players and pairs by.

Each score is a z-score (how many standard deviations from what an honest player would show)
with its sample and a 95% interval of the measured quantity. A high score is a reason to look
at the hands, never a proof (docs/integrity.md).

* ``luck``: a player's all-in results against the equity of those spots (``allin.ev``):
  the sum of luck over the sum of its variances.
* ``showdown``: a player's decisions after the last draw (a bet, or a call or fold facing
  one) that the pooled cards show right (money in with the best hand, a fold with a beaten
  one), against how often the same decision with the same hand class is right against
  opponents who drew as many cards, over the whole pool (what the player could see); measured
  from the pool's median player in units of the pool's robust spread of scores.
* pairs: ``apart`` how much less the two bet or raise heads-up against each other than against
  everyone else; ``together`` how much more often both see the first draw with a third player
  than their own rates would give (a log odds ratio, from the median pair's); ``collusion``
  the two combined (sum over the square root of two). Fold and showdown rates against each
  other are reported beside them.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from histparse.integrity.pool import Pool
from histparse.integrity.tally import Outcome, hand_class

__all__ = ["ALARM", "PairScore", "PlayerScore", "Score", "Screens", "hand_class", "screen"]

ALARM: Final = 5.0
"""The alarm line: a score above it is worth an auditor's look (see docs/integrity.md for the
false-alarm rate on honest populations)."""

_Z95: Final = 1.959964


@dataclass(frozen=True, slots=True)
class Score:
    """A screen's z-score, the sample it stands on, the measured value and its 95% interval.
    ``z`` is None (and ``reason`` says why) when the sample cannot give one."""

    z: float | None
    sample: int
    value: float | None
    low: float | None
    high: float | None
    reason: str | None = None


_NONE: Final = Score(None, 0, None, None, None, "no sample")


@dataclass(frozen=True, slots=True)
class PlayerScore:
    """A player's screens: hands in the pool, net won, ``luck`` and ``showdown`` scores;
    ``top`` is the higher of the two z-scores (0 without any)."""

    player: str
    hands: int
    net: Decimal
    luck: Score
    showdown: Score

    @property
    def top(self) -> float:
        return max((s.z for s in (self.luck, self.showdown) if s.z is not None), default=0.0)


@dataclass(frozen=True, slots=True)
class PairScore:
    """A pair's screens (names sorted): hands shared, ``apart`` (less aggression heads-up
    against each other), ``together`` (more pots with a third player), ``collusion`` combined;
    ``fold_rate`` (folds facing a bet after the last draw) and ``showdown_rate`` (heads-up
    showdowns a hand) against each other and against others."""

    a: str
    b: str
    shared: int
    apart: Score
    together: Score
    collusion: float
    fold_rate: tuple[float | None, float | None]
    showdown_rate: tuple[float | None, float | None]


@dataclass(frozen=True, slots=True)
class Screens:
    """Every player's and pair's scores, highest first; ``skipped`` counts the all-in
    showdowns that could not be valued, by reason."""

    players: tuple[PlayerScore, ...]
    pairs: tuple[PairScore, ...]
    hands: int
    skipped: Mapping[str, int]


def _wilson(k: float, n: float) -> tuple[float, float]:
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    z2 = _Z95 * _Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = _Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return centre - half, centre + half


def _rate(k: int, n: int) -> float | None:
    return k / n if n else None


def _two_rates(k1: int, n1: int, k2: int, n2: int) -> float | None:
    """z of rate 1 below rate 2 (pooled two-proportion test); None without both samples."""
    if not n1 or not n2:
        return None
    p = (k1 + k2) / (n1 + n2)
    var = p * (1 - p) * (1 / n1 + 1 / n2)
    if var <= 0:
        return 0.0
    return (k2 / n2 - k1 / n1) / math.sqrt(var)


_MIN_DECISIONS: Final = 20


def _robust(values: list[float]) -> tuple[float, float]:
    """The median and the robust standard deviation (1.4826 MAD, at least 1) of ``values``;
    (0, 1) for fewer than ten values."""
    if len(values) < 10:
        return 0.0, 1.0
    ordered = sorted(values)
    median = ordered[len(ordered) // 2]
    deviations = sorted(abs(v - median) for v in values)
    return median, max(1.0, 1.4826 * deviations[len(deviations) // 2])


def _luck(sums: tuple[float, float, int]) -> Score:
    luck, var, n = sums
    if not n:
        return _NONE
    if var <= 0:
        return Score(None, n, luck, luck, luck, "no variance")
    sd = math.sqrt(var)
    return Score(luck / sd, n, luck, luck - _Z95 * sd, luck + _Z95 * sd)


def screen(pool: Pool, *, min_pair_hands: int = 30) -> Screens:
    """Run every screen over ``pool`` (its counters: the pool read each hand once)."""
    t = pool.tally
    hands_of, shared, in_a, both = t.hands_of, t.shared, t.in_a, t.both
    hu_pair, hu_all, fold_pair, fold_all = t.hu_pair, t.hu_all, t.fold_pair, t.fold_all
    sd_pair, sd_all = t.sd_pair, t.sd_all
    luck: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    skipped: dict[str, int] = defaultdict(int)
    for allin, reason in pool.allins():
        for p, lk, var in allin:
            acc = luck[p]
            acc[0] += lk
            acc[1] += var
            acc[2] += 1
        if reason:
            skipped[reason] += 1
    ranked = _player_scores(hands_of, t.net_of, luck, t.outcomes)
    # "Together": the log odds ratio of "both in the pot at the first draw with a third
    # player" against each one's presence, measured from the typical pair's (seat structure
    # makes presences a little dependent for honest pairs too), over its standard error.
    logs: dict[tuple[str, str], tuple[float, float]] = {}
    for key, n in shared.items():
        if n < min_pair_hands:
            continue
        ca, cb = in_a[key]
        n11 = both[key]
        n10, n01 = ca - n11, cb - n11
        n00 = n - n11 - n10 - n01
        cells = (n11 + 0.5, n00 + 0.5, n10 + 0.5, n01 + 0.5)
        lor = math.log(cells[0] * cells[1] / (cells[2] * cells[3]))
        logs[key] = (lor, math.sqrt(sum(1 / x for x in cells)))
    typical = sorted(v[0] for v in logs.values())
    base = typical[len(typical) // 2] if typical else 0.0
    pairs = []
    for (a, b), (lor, se) in logs.items():
        n = shared[(a, b)]
        k_pair = hu_pair[(a, b)][0] + hu_pair[(b, a)][0]
        n_pair = hu_pair[(a, b)][1] + hu_pair[(b, a)][1]
        k_other = hu_all[a][0] + hu_all[b][0] - k_pair
        n_other = hu_all[a][1] + hu_all[b][1] - n_pair
        z_apart = _two_rates(k_pair, n_pair, k_other, n_other)
        lo, hi = _wilson(k_pair, n_pair)
        apart = (
            Score(z_apart, n_pair, _rate(k_pair, n_pair), lo, hi)
            if z_apart is not None
            else Score(None, n_pair, None, None, None, "no heads-up decisions")
        )
        together_score = Score((lor - base) / se, n, lor, lor - _Z95 * se, lor + _Z95 * se)
        zs = [s.z for s in (apart, together_score) if s.z is not None]
        combined = sum(zs) / math.sqrt(2) if zs else 0.0
        f_pair = [fold_pair[(a, b)][i] + fold_pair[(b, a)][i] for i in (0, 1)]
        f_all = [fold_all[a][i] + fold_all[b][i] - f_pair[i] for i in (0, 1)]
        sd_p = sd_pair[(a, b)]
        sd_o = sd_all[a] + sd_all[b] - 2 * sd_p
        pairs.append(
            PairScore(
                a, b, n, apart, together_score, combined,
                (_rate(f_pair[0], f_pair[1]), _rate(f_all[0], f_all[1])),
                (_rate(sd_p, n), _rate(sd_o, hands_of[a] + hands_of[b] - 2 * n)),
            )
        )  # fmt: skip
    pairs.sort(key=lambda p: (-p.collusion, p.a, p.b))
    return Screens(tuple(ranked), tuple(pairs), len(pool), dict(skipped))


def _player_scores(
    hands_of: Mapping[str, int],
    net_of: Mapping[str, Decimal],
    luck: Mapping[str, list[float]],
    outcomes: Mapping[Outcome, int],
) -> list[PlayerScore]:
    wins: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for (_, bucket, won, _stayed), n in outcomes.items():
        w = wins[bucket]
        w[0] += won * n
        w[1] += n
    # A decision is right when money goes in with the best hand or a beaten hand folds. Its
    # chance of being right for a player who sees only their own hand and the opponents'
    # draws: the pool's chance of winning with that hand class against opponents who drew as
    # many cards (Laplace-smoothed: rare classes give no certainties), or one minus it for a
    # fold. A player who knows more is right more often.
    per: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0.0])
    for (player, bucket, won, stayed), n in outcomes.items():
        k, total = wins[bucket]
        p_win = (k + 1) / (total + 2)
        e = p_win if stayed else 1.0 - p_win
        acc = per[player]
        acc[0] += (won == stayed) * n
        acc[1] += e * n
        acc[2] += e * (1 - e) * n
        acc[3] += n
    raw: dict[str, float] = {}
    for player, (hits, exp, var, _count) in per.items():
        if var > 0:
            raw[player] = (hits - exp) / math.sqrt(var)
    # Honest styles differ in ways a hand class cannot hold (a rock's bets are stronger
    # within the class than a maniac's), so the raw scores spread wider than a standard
    # normal as samples grow: each is measured from the pool's median player in units of the
    # pool's own robust spread (never narrower than the normal's).
    centre, spread = _robust([z for p, z in raw.items() if per[p][3] >= _MIN_DECISIONS])
    out = []
    for player in hands_of:
        lk = luck.get(player)
        luck_score = _luck((lk[0], lk[1], int(lk[2]))) if lk else _NONE
        got = per.get(player)
        if got is None or got[2] <= 0:
            sd = _NONE
        else:
            hits, exp, var, count = got
            lo, hi = _wilson(hits, count)
            z = (raw[player] - centre) / spread
            sd = Score(z, int(count), hits / count, lo, hi)
        out.append(PlayerScore(player, hands_of[player], net_of[player], luck_score, sd))
    out.sort(key=lambda p: (-p.top, p.player))
    return out
