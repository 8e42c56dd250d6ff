"""The screens' counters, fed once per pooled hand: what ``screens.screen`` scores.

A hand's public facts are the same in every copy that agrees with the first (``pool``), so they
are counted when its first copy arrives and the copy is dropped: the counters grow with the
players and pairs, not with the hands. A decision after the last draw needs the final cards of
the player and of its live opponents, which come from other players' copies: it waits (with
the cards known so far, only those it needs) until they are all known, then becomes one count
of (player, bucket, right, stayed); whatever still waits at the end had a hand nobody showed.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from histparse.cards import Card
from histparse.integrity.observe import Copy, Decision
from histparse.ranking import rank_parsed

__all__ = ["Tally", "hand_class"]

Cards = tuple[Card, ...]
Outcome = tuple[str, int, bool, bool]  # player, bucket, the player's hand won, stayed


def hand_class(cards: Cards) -> int:
    """A coarse class of a final five for the showdown screen: no-pair hands by their top two
    cards, then straights and flushes, then paired hands."""
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    if len(set(ranks)) < 5:
        return 300 + 5 - len(set(ranks))
    suited = len({c & 3 for c in cards}) == 1
    if ranks[0] - ranks[4] == 4 or suited:
        return 200
    return ranks[0] * 13 + ranks[1]


def _outcome(d: Decision, cards: dict[str, Cards]) -> Outcome | None:
    """The decision's count once every card it needs is known; None for a tie (no right
    answer)."""
    mine = cards[d.player]
    rm = rank_parsed(mine)
    best = min(rank_parsed(cards[o]) for o in d.opponents)
    if rm == best:
        return None
    bucket = (hand_class(mine) * 4 + min(d.drew, 3)) * 2 + d.faced
    return d.player, bucket, rm < best, d.stayed


@dataclass(slots=True)
class _Waiting:
    """A hand's decisions still missing cards, and the cards they need known so far."""

    decisions: list[Decision]
    cards: dict[str, Cards]
    needed: set[str]


def _int_pair() -> list[int]:
    return [0, 0]


@dataclass(slots=True)
class Tally:
    """Per-player and per-pair counters (see the module); ``add_hand`` with a hand's first
    copy, ``add_cards`` with every later one."""

    hands_of: defaultdict[str, int] = field(default_factory=lambda: defaultdict(int))
    net_of: defaultdict[str, Decimal] = field(default_factory=lambda: defaultdict(Decimal))
    # (player, other) -> [aggressive, decisions]; player -> the same over everyone
    hu_pair: defaultdict[tuple[str, str], list[int]] = field(
        default_factory=lambda: defaultdict(_int_pair)
    )
    hu_all: defaultdict[str, list[int]] = field(default_factory=lambda: defaultdict(_int_pair))
    # (player, bettor) -> [folds, decisions facing a bet after the last draw]
    fold_pair: defaultdict[tuple[str, str], list[int]] = field(
        default_factory=lambda: defaultdict(_int_pair)
    )
    fold_all: defaultdict[str, list[int]] = field(default_factory=lambda: defaultdict(_int_pair))
    sd_pair: defaultdict[tuple[str, str], int] = field(default_factory=lambda: defaultdict(int))
    sd_all: defaultdict[str, int] = field(default_factory=lambda: defaultdict(int))
    shared: defaultdict[tuple[str, str], int] = field(default_factory=lambda: defaultdict(int))
    both: defaultdict[tuple[str, str], int] = field(default_factory=lambda: defaultdict(int))
    # (a, b) -> [hands a saw the first draw with two others or more, the same for b]
    in_a: defaultdict[tuple[str, str], list[int]] = field(
        default_factory=lambda: defaultdict(_int_pair)
    )
    outcomes: defaultdict[Outcome, int] = field(default_factory=lambda: defaultdict(int))
    waiting: dict[str, _Waiting] = field(default_factory=dict)

    def add_hand(self, c: Copy) -> None:
        """Count the public facts of a hand's first copy; its decisions wait for cards."""
        for p, won in zip(c.players, c.net, strict=True):
            self.hands_of[p] += 1
            self.net_of[p] += won
        together = set(c.together)
        ordered = sorted(c.players)
        for i, a in enumerate(ordered):
            ia = a in together
            for b in ordered[i + 1 :]:
                key = (a, b)
                self.shared[key] += 1
                ib = b in together
                cnt = self.in_a[key]
                cnt[0] += ia
                cnt[1] += ib
                if ia and ib:
                    self.both[key] += 1
        for p, other, aggressive in c.heads_up:
            pair = self.hu_pair[(p, other)]
            pair[0] += aggressive
            pair[1] += 1
            total = self.hu_all[p]
            total[0] += aggressive
            total[1] += 1
        if c.showdown:
            a, b = c.showdown
            self.sd_pair[(a, b)] += 1
            self.sd_all[a] += 1
            self.sd_all[b] += 1
        for d in c.decisions:
            if d.faced and d.bettor is not None:
                fa = self.fold_all[d.player]
                fa[1] += 1
                fa[0] += not d.stayed
                fp = self.fold_pair[(d.player, d.bettor)]
                fp[1] += 1
                fp[0] += not d.stayed
        if c.decisions:
            needed = {d.player for d in c.decisions}.union(*(d.opponents for d in c.decisions))
            waiting = _Waiting(list(c.decisions), {}, needed)
            self._settle(c.key, waiting, c.cards)

    def add_cards(self, key: str, cards: tuple[tuple[str, Cards], ...]) -> None:
        """A later copy's final fives: the hand's waiting decisions may now be decided."""
        waiting = self.waiting.get(key)
        if waiting is not None:
            self._settle(key, waiting, cards)

    def _settle(self, key: str, waiting: _Waiting, cards: tuple[tuple[str, Cards], ...]) -> None:
        known = waiting.cards
        for player, five in cards:
            # The first copy to show a player's five stands for it (as a pooled view would).
            if player in waiting.needed and player not in known:
                known[player] = five
        left = []
        for d in waiting.decisions:
            if d.player in known and all(o in known for o in d.opponents):
                out = _outcome(d, known)
                if out is not None:
                    self.outcomes[out] += 1
            else:
                left.append(d)
        if left:
            waiting.decisions = left
            waiting.needed = {d.player for d in left}.union(*(d.opponents for d in left))
            for gone in set(known) - waiting.needed:
                del known[gone]
            self.waiting[key] = waiting
        else:
            self.waiting.pop(key, None)
