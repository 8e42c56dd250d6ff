"""Simple, fast bots: how a player values a hand, what it discards and how it bets.

A bot is a ``BotProfile`` (looseness, aggression, bluffing and a ``DrawPolicy``). Its decisions
are a few comparisons on a hand ``strength`` between 0 (hopeless) and 1 (the nuts): good enough
to give realistic shapes of hands (folds, walks, heads-up and multiway pots, capped rounds,
all-ins) at the speed a 100,000-hand run needs. They are not meant to play well.

Draw policies: ``STANDARD`` keeps distinct cards up to an eight and stands pat on a ten or
better; ``PAT`` stands pat on any no-pair hand up to a queen; ``SNOW`` sometimes stands pat on
rubbish (a "snow", a bluff) and then bets it; ``BREAK`` breaks a made nine or ten early to
draw one card to a better hand.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum
from typing import Final

from histparse.cards import Card
from histparse.engine import LegalActions
from histparse.game import ActionKind, LimitType
from histparse.simulation.ranges import open_share

_EIGHT: Final = 6  # rank index of an eight (deuce is 0)
_TEN: Final = 8
_QUEEN: Final = 10

# Strength of a made no-pair hand by its top card (rank index 5 = seven ... 12 = ace).
_MADE: Final = (1.0, 1.0, 1.0, 1.0, 1.0, 0.97, 0.88, 0.75, 0.62, 0.48, 0.38, 0.28, 0.2)
# Strength of a draw by the number of cards drawn (index) with three draws to come.
_DRAWING: Final = (1.0, 0.66, 0.46, 0.28, 0.14, 0.06)
# How much a draw is worth with 3, 2, 1 or 0 draws left.
_DRAWS_LEFT: Final = (0.0, 0.6, 0.8, 1.0)


class DrawPolicy(Enum):
    """How a bot draws."""

    STANDARD = "standard"
    PAT = "pat"
    SNOW = "snow"
    BREAK = "break"


@dataclass(frozen=True, slots=True)
class BotProfile:
    """A playing style. ``looseness`` and ``aggression`` go from 0 (tight, passive) to 1 (loose,
    aggressive); ``bluff`` is the chance of betting a weak hand when checked to; ``keep`` the
    highest rank index a drawing hand keeps (6: an eight; 5: only sevens and below, so the
    player draws more cards)."""

    name: str
    looseness: float
    aggression: float
    draw: DrawPolicy = DrawPolicy.STANDARD
    bluff: float = 0.05
    keep: int = _EIGHT

    def __post_init__(self) -> None:
        for field in ("looseness", "aggression", "bluff"):
            value = getattr(self, field)
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"bot {self.name!r}: {field} must be in [0, 1], got {value}")
        if not 3 <= self.keep <= 8:
            raise ValueError(f"bot {self.name!r}: keep must be 3 (a five) to 8 (a ten)")


ROCK: Final = BotProfile("rock", looseness=0.1, aggression=0.25, bluff=0.02)
TAG: Final = BotProfile("tag", looseness=0.3, aggression=0.75, bluff=0.08)
STATION: Final = BotProfile("station", looseness=0.85, aggression=0.15, bluff=0.02)
LAG: Final = BotProfile("lag", looseness=0.7, aggression=0.8, bluff=0.15)
MANIAC: Final = BotProfile("maniac", looseness=0.9, aggression=1.0, bluff=0.35)
PATTER: Final = BotProfile("patter", looseness=0.4, aggression=0.4, draw=DrawPolicy.PAT)
SNOWMAN: Final = BotProfile("snowman", looseness=0.5, aggression=0.7, draw=DrawPolicy.SNOW)
BREAKER: Final = BotProfile("breaker", looseness=0.45, aggression=0.5, draw=DrawPolicy.BREAK)
# Folds everything but good hands and rarely bets: walks, and bets that nobody calls.
NIT: Final = BotProfile("nit", looseness=0.0, aggression=0.3, bluff=0.0)
# Never folds a draw, never bets, draws deep: multiway pots that run the deck out (R-DRAW-3).
WHALE: Final = BotProfile("whale", looseness=1.0, aggression=0.0, bluff=0.0, keep=5)

PROFILES: Final = {
    p.name: p for p in (ROCK, TAG, STATION, LAG, MANIAC, PATTER, SNOWMAN, BREAKER, WHALE, NIT)
}
# A realistic low-stakes mix: mostly tight or passive regulars and a few wild ones.
DEFAULT_MIX: Final = (ROCK, TAG, TAG, STATION, LAG, PATTER, SNOWMAN, BREAKER, ROCK, STATION)


def made_strength(top: int, second: int) -> float:
    """Strength of a made no-pair hand with top card ``top`` and second card ``second``."""
    return _MADE[top] - 0.012 * max(second - 3, 0)


def _is_made(ranks: list[int], cards: tuple[Card, ...]) -> bool:
    """Five distinct ranks that are neither a straight nor a flush (R-RANK-3)."""
    if len(set(ranks)) != 5:
        return False
    lo, hi = min(ranks), max(ranks)
    if hi - lo == 4:
        return False
    s = cards[0] & 3
    return not (cards[1] & 3 == s and cards[2] & 3 == s and cards[3] & 3 == s and cards[4] & 3 == s)


def final_strength(cards: tuple[Card, ...]) -> float:
    """Strength of five cards with no draw left."""
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    if _is_made(ranks, cards):
        return made_strength(ranks[0], ranks[1])
    return 0.04 if len(set(ranks)) == 4 else 0.01


def plan_draw(
    cards: tuple[Card, ...],
    draws_left: int,
    policy: DrawPolicy,
    snowing: bool,
    keep_max: int = _EIGHT,
) -> tuple[tuple[Card, ...], float]:
    """The cards to discard and the hand's strength with ``draws_left`` draws to come (0-3).

    A snowing player keeps standing pat and bets as if strong (the caller decides when a snow
    starts).
    """
    ranks = [c >> 2 for c in cards]
    if snowing:
        return (), 0.85
    if _is_made(ranks, cards):
        order = sorted(ranks, reverse=True)
        top = order[0]
        limit = _QUEEN if policy is DrawPolicy.PAT else _TEN
        # A break: stand pat on a rough made hand at the first draw, then throw its top card
        # at the second to draw to a smooth low (what the Break statistic counts). Breakers do
        # it with a nine or a ten over an eight or lower, everyone else with a ten only.
        rough = top >= 7 and order[1] <= 6 if policy is DrawPolicy.BREAK else top == 8
        smooth_under = order[1] <= 6
        breaking = policy is not DrawPolicy.PAT and draws_left == 1 and rough and smooth_under
        if top <= limit and not breaking:
            return (), made_strength(top, order[1])
        if breaking or top > limit:
            # Throw the top card and draw one (a "break" of a rough made hand).
            high = next(c for c in cards if c >> 2 == top)
            kept_top = order[1]
            return (high,), _DRAWING[1] * _DRAWS_LEFT[draws_left] + 0.03 * (6 - kept_top)
    # Keep one card of each distinct rank up to keep_max, lowest first, at most four.
    keep: list[Card] = []
    seen: set[int] = set()
    for c in sorted(cards):
        r = c >> 2
        if r <= keep_max and r not in seen:
            seen.add(r)
            keep.append(c)
            if len(keep) == 4:
                break
    discard = tuple(c for c in cards if c not in keep)
    if not keep:
        return discard, 0.02 * _DRAWS_LEFT[draws_left]
    kept_top = keep[-1] >> 2
    strength = (_DRAWING[len(discard)] + 0.03 * (6 - kept_top)) * _DRAWS_LEFT[draws_left]
    return discard, strength


def choose_action(
    bot: BotProfile,
    legal: LegalActions,
    strength: float,
    pot: int,
    limit: LimitType,
    big_blind: int,
    rng: random.Random,
    final: bool = False,
    initiative: bool = False,
) -> tuple[ActionKind, int | None]:
    """A betting decision: the action and, for a bet or raise, the round total to bet *to*
    (``final``: the last betting round, after the third draw; ``initiative``: the bot raised
    last before the first draw and may bet first after it, which regulars mostly do: the
    continuation bet)."""
    aggressive = legal.can_bet or legal.can_raise
    r = rng.random()
    if initiative and legal.can_bet and r < 0.5 + 0.35 * bot.aggression:
        return ActionKind.BET, _size(legal, pot, limit, strength, big_blind, rng)
    if legal.can_check:
        value = 0.7 - 0.25 * bot.aggression
        # Missed draws bluff more once the draws are over (final=True: nothing left to draw).
        bluff = bot.bluff * 3 if final else bot.bluff
        if aggressive and ((strength >= value and r < 0.5 + 0.5 * bot.aggression) or r < bluff):
            kind = ActionKind.BET if legal.can_bet else ActionKind.RAISE
            return kind, _size(legal, pot, limit, strength, big_blind, rng)
        return ActionKind.CHECK, None
    call = legal.call_amount
    # Calling more than the pot, or most of the stack, takes a better hand.
    price = 0.0 if pot <= 0 else min(call / pot, 2.0)
    enter = 0.65 - 0.3 * bot.looseness + 0.12 * price + (0.15 if final else 0.0)
    if aggressive and strength >= 0.86 - 0.2 * bot.aggression and r < 0.25 + 0.7 * bot.aggression:
        return ActionKind.RAISE, _size(legal, pot, limit, strength, big_blind, rng)
    # looseness 1 is a calling station that never folds.
    if strength >= enter or r < 0.05 * bot.looseness or bot.looseness >= 1.0:
        return ActionKind.CALL, None
    return ActionKind.FOLD, None


@dataclass(frozen=True, slots=True)
class Preflop:
    """Where a bot stands before the first draw: ``share`` of starting hands at least as good
    as its own (``ranges.start_share``), players left to act ``behind`` it, ``bets`` so far
    (the big blind is the first), ``limpers`` (calls of the big blind alone), whether the bot
    is a blind and whether it already put chips in voluntarily."""

    share: float
    behind: int
    bets: int
    limpers: int
    blind: str | None  # "SB", "BB" or None
    invested: bool


def choose_preflop(
    bot: BotProfile,
    legal: LegalActions,
    spot: Preflop,
    pot: int,
    limit: LimitType,
    big_blind: int,
    rng: random.Random,
) -> tuple[ActionKind, int | None]:
    """A decision before the first draw from an opening range by seat (``ranges.open_share``)
    widened by looseness: raise first in or limp, over-limp or isolate, cold call or 3-bet a
    raise, defend the blinds, call or cap a 3-bet."""
    share = spot.share
    wide = 0.85 + 1.0 * bot.looseness
    aggressive = legal.can_bet or legal.can_raise
    raises = 0.6 + 0.5 * bot.aggression  # how often an open is a raise rather than a limp
    r = rng.random()
    want = ActionKind.FOLD
    if spot.bets <= 1:
        if spot.blind == "BB":
            want = ActionKind.RAISE if share < 0.07 * (0.4 + bot.aggression) else ActionKind.CHECK
        elif spot.limpers == 0:
            if share < open_share(spot.behind) * wide:
                want = ActionKind.RAISE if r < raises else ActionKind.CALL
            elif spot.blind == "SB" and share < 0.45 * wide and bot.aggression < 0.5:
                want = ActionKind.CALL
        elif share < 0.1 * wide * (0.5 + bot.aggression):
            want = ActionKind.RAISE
        elif share < (0.34 if spot.blind == "SB" else 0.24) * wide:
            want = ActionKind.CALL
    elif spot.bets == 2:
        if share < (0.04 + 0.05 * bot.aggression) * wide:
            want = ActionKind.RAISE
        elif spot.blind == "BB":
            want = ActionKind.CALL if share < 0.36 * wide else ActionKind.FOLD
        elif share < (0.3 if spot.invested else 0.14 if spot.blind is None else 0.17) * wide:
            want = ActionKind.CALL
    elif share < 0.03 * wide:
        want = ActionKind.RAISE
    elif share < (0.22 if spot.invested else 0.1) * wide:
        want = ActionKind.CALL
    if want is ActionKind.FOLD and bot.looseness >= 1.0:
        want = ActionKind.CALL  # looseness 1 is a calling station that never folds
    if want is ActionKind.RAISE and aggressive:
        kind = ActionKind.BET if legal.can_bet else ActionKind.RAISE
        return kind, _size(legal, pot, limit, 0.8, big_blind, rng)
    if want is not ActionKind.FOLD and legal.can_call:
        return ActionKind.CALL, None
    if legal.can_check:
        return ActionKind.CHECK, None
    return ActionKind.FOLD, None


def _size(
    legal: LegalActions,
    pot: int,
    limit: LimitType,
    strength: float,
    big_blind: int,
    rng: random.Random,
) -> int:
    """The *to* amount of a bet or raise: the fixed amount in limit, a share of the pot (or
    everything, now and then) in pot and no limit."""
    lo, hi = legal.min_to, legal.max_to
    if limit is LimitType.FIXED or lo >= hi:
        return lo
    if limit is LimitType.NO_LIMIT and (strength > 0.9 and rng.random() < 0.25):
        return hi
    call = legal.call_amount
    share = rng.choice((0.5, 0.66, 0.75, 1.0))
    target = legal.current_bet + int((pot + call) * share)
    # Round to whole big blinds when the bet is large, as people click round numbers.
    if target > 4 * big_blind:
        target -= target % big_blind
    if hi - target < big_blind:
        target = hi
    return max(lo, min(hi, target))
