"""Draw policies: how a simulated player decides what to keep at each draw.

A policy sees only the player's own five cards and the number of draws left (not what the
others do: nobody reacts to an opponent standing pat). Three are defined:

- ``DrawToBest``: stand pat once the hand is made at or below a threshold (a rank number, one
  per number of draws left); otherwise keep the best ``keep`` cards and draw the rest. The best
  cards are the lowest cards of distinct ranks, no higher than ``keep_max`` (paired cards and
  cards above ``keep_max`` are thrown first). Suits and straights are not looked at.
- ``StandPat``: never draw (a pat hand).
- ``FixedPlan``: draw a fixed number of cards at each remaining draw, keeping the best of the
  rest by the same order as ``DrawToBest``.

Thresholds are rank numbers of ``histparse.ranking`` (1 is 7-5-4-3-2); ``threshold`` reads the
usual ways of writing them (``"9"`` for any 9-low, ``"8-6"`` for 8-6 or better,
``"9h 8c 6d 4s 3c"`` for that hand or better).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, TypeAlias

import numpy as np
import numpy.typing as npt

from histparse.cards import RANKS, CardError
from histparse.ranking import WORST_RANK, HandCategory, category_of_rank, hand_rank, rank_cards

__all__ = [
    "DEFAULT_POLICY",
    "DrawToBest",
    "FixedPlan",
    "Policy",
    "StandPat",
    "draw_to_best",
    "keep_mask",
    "parse_policy",
    "running_count",
    "threshold",
]

MAX_DRAWS: Final = 3


def _worst_no_pair_from(top: tuple[int, ...]) -> int:
    """The worst no-pair hand whose highest ranks are ``top`` (rank indices, descending)."""
    worst = 0
    lower = range(top[-1]) if top else range(13)
    for rest in itertools.combinations(reversed(lower), 5 - len(top)):
        ranks = (*top, *rest)
        rank = rank_cards(*(r * 4 + i % 4 for i, r in enumerate(ranks)))
        if category_of_rank(rank) is HandCategory.NO_PAIR:
            worst = max(worst, rank)
    if not worst:
        raise ValueError(f"no no-pair hand starts {'-'.join(RANKS[r] for r in top)}")
    return worst


def threshold(spec: int | str | None) -> int:
    """A stand-pat threshold as a rank number: made hands ranked at or below it stand pat.

    ``None`` (or ``"none"``) never stands pat (0); an int is a rank number; ``"9"`` or
    ``"9-low"`` is any 9-low (up to 9-8-7-6-4); ``"8-6"`` any 8-6 low; five cards a hand.

    >>> threshold("7") == hand_rank("7c 6d 5h 4s 2c")
    True
    >>> threshold("8-6") == hand_rank("8c 6d 5h 4s 3c"), threshold(None)
    (True, 0)
    """
    if spec is None:
        return 0
    if isinstance(spec, int):
        if not 0 <= spec <= WORST_RANK:
            raise ValueError(f"not a rank number: {spec}")
        return spec
    text = spec.strip().removesuffix("-low").removesuffix(" low")
    if text.lower() in ("none", "never", ""):
        return 0
    if " " in text:
        return hand_rank(text)
    letters = text.replace("-", "").upper()
    if not letters or any(ch not in RANKS for ch in letters) or len(letters) > 5:
        raise ValueError(f"not a threshold: {spec!r} (e.g. '9', '8-6', '9h 8c 6d 4s 3c')")
    top = tuple(RANKS.index(ch) for ch in letters)
    if list(top) != sorted(set(top), reverse=True):
        raise ValueError(f"not a threshold: {spec!r} (ranks must be distinct, high first)")
    return _worst_no_pair_from(top)


PerDraw: TypeAlias = tuple[int, ...]


def _per_draw(value: int | tuple[int, ...] | list[int], name: str) -> PerDraw:
    """One value per number of draws left (index 0: one draw left)."""
    values = (value,) * MAX_DRAWS if isinstance(value, int) else tuple(value)
    if not 1 <= len(values) <= MAX_DRAWS:
        raise ValueError(f"{name}: one value per draw left (1 to {MAX_DRAWS}), got {values}")
    return values + (values[-1],) * (MAX_DRAWS - len(values))


@dataclass(frozen=True, slots=True)
class DrawToBest:
    """Stand pat once made at or below ``pat_at[draws_left - 1]``; else keep the best
    ``keep[draws_left - 1]`` cards (lowest distinct ranks, none above ``keep_max``)."""

    pat_at: PerDraw
    keep: PerDraw = (4, 4, 4)
    keep_max: int = RANKS.index("8")
    name: str = "draw-to-best"

    def __post_init__(self) -> None:
        object.__setattr__(self, "pat_at", _per_draw(self.pat_at, "pat_at"))
        object.__setattr__(self, "keep", _per_draw(self.keep, "keep"))
        if any(not 0 <= k <= 5 for k in self.keep):
            raise ValueError(f"keep: 0 to 5 cards, got {self.keep}")
        if not 0 <= self.keep_max <= 12:
            raise ValueError(f"keep_max: a rank index 0..12, got {self.keep_max}")

    def describe(self) -> str:
        """A short text, e.g. ``draw-to-best(pat at T/9/8, keep 4, up to 8)``."""
        pats = "/".join(_threshold_text(t) for t in self.pat_at)
        keeps = "/".join(map(str, self.keep)) if len(set(self.keep)) > 1 else str(self.keep[0])
        return f"{self.name}(pat at {pats}, keep {keeps}, up to {RANKS[self.keep_max]})"


def draw_to_best(
    pat_at: int | str | Sequence[int | str | None] | None,
    keep: int | Sequence[int] = 4,
    keep_max: str = "8",
) -> DrawToBest:
    """A ``DrawToBest`` from thresholds as ``threshold`` reads them: one for every draw, or one
    per number of draws left (one, two, three), e.g. ``draw_to_best(("T", "9", "8"))``.

    >>> draw_to_best(("T", "9", "8")) == DEFAULT_POLICY
    True
    """
    pats = [pat_at] if pat_at is None or isinstance(pat_at, int | str) else list(pat_at)
    keeps = (keep,) if isinstance(keep, int) else tuple(keep)
    if keep_max.upper() not in RANKS or len(keep_max) != 1:
        raise ValueError(f"keep_max: one rank letter of {RANKS}, got {keep_max!r}")
    return DrawToBest(tuple(threshold(p) for p in pats), keeps, RANKS.index(keep_max.upper()))


@dataclass(frozen=True, slots=True)
class StandPat:
    """Never draw: a pat hand."""

    name: str = "stand-pat"

    def describe(self) -> str:
        """``stand-pat``."""
        return self.name


@dataclass(frozen=True, slots=True)
class FixedPlan:
    """Draw ``draws[i]`` cards at the i-th remaining draw (in play order), keeping the best."""

    draws: tuple[int, ...]
    name: str = "plan"

    def __post_init__(self) -> None:
        if any(not 0 <= n <= 5 for n in self.draws):
            raise ValueError(f"a plan draws 0 to 5 cards each time, got {self.draws}")

    def describe(self) -> str:
        """E.g. ``plan(1,1,0)``."""
        return f"{self.name}({','.join(map(str, self.draws))})"


Policy: TypeAlias = DrawToBest | StandPat | FixedPlan


def _threshold_text(rank: int) -> str:
    if rank == 0:
        return "never"
    for letter in RANKS:
        if _LOW.get(letter) == rank:
            return letter
    return str(rank)


_LOW: Final = {letter: threshold(letter) for letter in "789TJQK"}

DEFAULT_POLICY: Final = DrawToBest(pat_at=(_LOW["T"], _LOW["9"], _LOW["8"]))
"""Stand pat with a T-low or better with one draw left, a 9-low with two, an 8-low with three;
otherwise keep the four lowest distinct cards of 8 or lower."""


def parse_policy(text: str) -> Policy:
    """Read a policy from the command line.

    ``pat``; ``draw`` (the default policy); ``draw:9`` (stand pat with a 9-low or better at
    every draw); ``draw:T,9,8`` (thresholds for one, two, three draws left; ``none`` never
    stands pat) with an optional ``:K`` for the cards kept (``draw:7:4``); ``plan:1,1,0``
    (cards drawn at each remaining draw).

    >>> parse_policy("draw:T,9,8") == DEFAULT_POLICY
    True
    >>> parse_policy("plan:1,0").describe()
    'plan(1,0)'
    """
    head, _, rest = text.strip().partition(":")
    head = head.lower()
    try:
        if head == "pat" and not rest:
            return StandPat()
        if head == "draw":
            if not rest:
                return DEFAULT_POLICY
            pats, _, keep = rest.partition(":")
            pat_at = tuple(threshold(p) for p in pats.split(","))
            if keep:
                return DrawToBest(pat_at=pat_at, keep=tuple(int(k) for k in keep.split(",")))
            return DrawToBest(pat_at=pat_at)
        if head == "plan" and rest:
            return FixedPlan(tuple(int(n) for n in rest.split(",")))
    except (ValueError, CardError) as exc:
        raise ValueError(f"bad policy {text!r}: {exc}") from None
    raise ValueError(f"bad policy {text!r} (expected pat, draw[:T,9,8[:K]] or plan:N,N,N)")


def running_count(mask: npt.NDArray[np.bool_]) -> npt.NDArray[np.int8]:
    """``cumsum(mask, axis=1)`` for five columns, as int8 (column adds beat numpy's cumsum
    along a short axis)."""
    counts = mask.astype(np.int8)
    for col in range(1, counts.shape[1]):
        counts[:, col] += counts[:, col - 1]
    return counts


def keep_mask(
    policy: Policy,
    hands: npt.NDArray[np.int8],
    ranks: npt.NDArray[np.int16],
    draws_left: int,
    draw_index: int,
) -> npt.NDArray[np.bool_]:
    """Which cards each hand keeps at this draw: a bool array of the shape of ``hands``.

    ``hands`` is ``(n, 5)`` sorted ascending along the last axis; ``ranks`` their rank
    numbers; ``draw_index`` counts the remaining draws from 0 (for a ``FixedPlan``).
    """
    n = hands.shape[0]
    if isinstance(policy, StandPat):
        return np.ones((n, 5), dtype=np.bool_)
    card_ranks = hands >> 2
    paired = np.zeros((n, 5), dtype=np.bool_)
    paired[:, 1:] = card_ranks[:, 1:] == card_ranks[:, :-1]
    if isinstance(policy, FixedPlan):
        count = policy.draws[draw_index] if draw_index < len(policy.draws) else 0
        # Distinct ranks low to high first, then the paired cards low to high.
        order = np.argsort(card_ranks + paired * 16, axis=1, kind="stable")
        keep = np.zeros((n, 5), dtype=np.bool_)
        np.put_along_axis(keep, order[:, : 5 - count], True, axis=1)
        return keep
    eligible = ~paired & (card_ranks <= policy.keep_max)
    keep = eligible & (running_count(eligible) <= policy.keep[draws_left - 1])
    keep[ranks <= policy.pat_at[draws_left - 1]] = True
    return keep
