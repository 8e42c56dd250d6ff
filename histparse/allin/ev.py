"""All-in EV of one replayed hand.

Eligible: a 2-7 Triple or Single Draw hand the rules engine settled, where a player who went
all-in (a bet, a call or a blind) is still in at the showdown with at least one other player,
every such contender showed five cards and nobody folded after the last chip went in.

The snapshot is the end of the betting round in which the last chip went in. Each contender's
cards then: its known cards (the hero's, from its ``Dealt to`` lines) or, for a player we saw
only at the showdown, the cards of its final hand it must have held all along (as many as it
drew none of after the snapshot), uniform over the candidate subsets of its shown hand; the
cards it held besides are unknown and it draws as many at the next draw as it did. Unknown
cards: the others' earlier discards (in the pile, R-DRAW-3) and the folded hands (out).
Discards made before a reshuffle (R-DRAW-3: the stub ran out and the discards so far became
the new stub) are no longer in the pile: they are unseen cards like the stub's, and a card
seen in them may be seen again later. From the next draw on every contender follows
``DEFAULT_POLICY``.

``allin_ev`` never raises for a parsed hand: a hand with an all-in showdown whose EV cannot be
computed (the engine did not settle it, a contender's cards were not shown, the cards do not
add up) gives ``AllInSkipped`` with the reason; None means there is no all-in showdown.

EV net per player = the sum over the pots it contests of equity x (pot - the pot's rake) minus
what it put in; ``luck`` = net - EV net. All-in on the last betting round: the equity is the
result, and the method says so.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
import zlib
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Final

from histparse.allin.kept import KeptHands, kept_hands
from histparse.cards import Card
from histparse.equity import (
    Deals,
    Holding,
    Method,
    Policy,
    Situation,
    deals_for_many,
    pot_shares,
)
from histparse.equity.result import share_estimates
from histparse.events import DealtTo, Draw
from histparse.game import Game, Street
from histparse.replayer import Act, LineFacts, PotOutcome, Replay

__all__ = ["RESULT", "AllInEV", "AllInPlayer", "AllInSkipped", "allin_ev", "snapshot"]

RESULT: Final = "result"
"""The method of an all-in on the last betting round: the equity is the result."""

DEFAULT_SAMPLES: Final = 4_000
MIN_SAMPLES: Final = 500
# Lower than the equity's own limit: a table has many all-ins to value, and a failed attempt
# at enumeration costs up to its limit before Monte Carlo starts.
ALLIN_EXACT_LIMIT: Final = 20_000
# Each candidate is a separate enumeration or table of deals, whose fixed cost dominates at
# these sizes: 8 (sampled beyond) keeps a many-candidate hand within a few tables' work.
MAX_CANDIDATES: Final = 8
_DECK: Final = 52


@dataclass(frozen=True, slots=True)
class AllInPlayer:
    """One contender's all-in figures: its equity in what it contests (pots weighted by
    their size after rake), the standard error, the lowest and highest equity over the
    candidate holdings of the opponents, its EV net, net and luck (net - EV net); its equity
    under the second policy (``allin_ev(alt_policy=)``) when one was asked for, else None."""

    player: str
    equity: float
    equity_se: float
    equity_min: float
    equity_max: float
    ev_net: Decimal
    net: Decimal
    luck: Decimal
    equity_alt: float | None = None


@dataclass(frozen=True, slots=True)
class AllInEV:
    """A hand's all-in EV: the snapshot street, the draws left then, the method (``exact``,
    ``monte-carlo`` or ``result``), how many candidate holdings were averaged, the contenders,
    and the second policy's description when one was asked for."""

    hand_id: str
    street: Street
    draws_left: int
    method: str
    candidates: int
    players: tuple[AllInPlayer, ...]
    policy_alt: str | None = None

    def player(self, name: str) -> AllInPlayer:
        """The figures of ``name``; ``KeyError`` if it was not a contender."""
        for p in self.players:
            if p.player == name:
                return p
        raise KeyError(name)


@dataclass(frozen=True, slots=True)
class AllInSkipped:
    """A hand with an all-in showdown whose EV cannot be computed, and why: one of the
    ``SKIP_*`` texts, some followed by ``": "`` and the hand's details (the text before the
    first colon is stable, for counting)."""

    reason: str


SKIP_GAME: Final = "not a 2-7 draw game"
SKIP_UNSETTLED: Final = "the engine did not settle the hand"
SKIP_NOT_SHOWN: Final = "cards not shown"
SKIP_DRAWS: Final = "draws after the all-in missing"
SKIP_CARDS: Final = "cards do not add up"


@dataclass(frozen=True, slots=True)
class _Snapshot:
    street: Street
    draws_left: int
    contenders: tuple[str, ...]  # in the order they draw next
    known: dict[str, tuple[Card, ...]]  # hand at the snapshot, where known
    kept_known: dict[str, tuple[Card, ...]]  # known hands: what they keep at the next draw
    thrown_known: dict[str, tuple[Card, ...]]
    shown: dict[str, tuple[Card, ...]]
    draws_after: dict[str, tuple[int, ...]]
    dead: tuple[Card, ...]
    out: tuple[Card, ...]
    unknown_dead: int
    unknown_out: int
    # Known discards shuffled into a new stub that a player cannot hold at the snapshot: it
    # was not served from the stub at or after that reshuffle (R-DRAW-3).
    not_held: dict[str, frozenset[Card]]


def _last_money_street(replay: Replay) -> Street | None:
    """The betting round in which the last chip went in: the round of the last call, bet or
    raise, else the first round when something was posted (the record's ``steps``)."""
    last: Street | None = None
    for s in replay.body.steps:
        act = s.act
        if act.is_post:
            last = Street.PREDRAW if last is None else last
        elif act is Act.CALL or act is Act.BET or act is Act.RAISE:
            last = Street(s.round)
    return last


def _unsettled(replay: Replay) -> AllInSkipped | None:
    """A hand the engine did not settle (or not of a 2-7 draw game): skipped when its lines
    show an all-in showdown (two or more dealt-in players who never folded, one all-in),
    else None."""
    body = replay.body
    folds = body.folds
    left = {p for p in body.dealt_in if p not in folds}
    if len(left) < 2 or body.all_in.isdisjoint(left):
        return None
    if replay.hand.game not in (Game.TRIPLE_DRAW_27, Game.SINGLE_DRAW_27):
        return AllInSkipped(SKIP_GAME)
    return AllInSkipped(SKIP_UNSETTLED)


def _card_lines(body: LineFacts) -> list[DealtTo | Draw]:
    """The ``Dealt to`` lines that show cards and the draw lines, in the order of the hand's
    lines (a draw line first when the two share one)."""
    lines: list[tuple[int, int, DealtTo | Draw]] = [(e.line, 1, e) for e in body.dealt_to]
    lines += [(d.line, 0, d) for d in body.draw_lines]
    lines.sort(key=lambda t: t[:2])
    return [e for _, _, e in lines]


def snapshot(replay: Replay) -> _Snapshot | AllInSkipped | None:
    """The cards and counts at the end of the round in which the last chip went in; None
    when the hand has no all-in showdown, ``AllInSkipped`` when it has one that cannot be
    valued (see the module). Reads the record alone (``replay.body``, the pots), never the
    hand's events."""
    game = replay.hand.game
    if game not in (Game.TRIPLE_DRAW_27, Game.SINGLE_DRAW_27) or not replay.complete:
        return _unsettled(replay)
    if not replay.pots:
        return None
    body = replay.body
    folds = body.folds
    contenders = [p for p in dict.fromkeys(n for pot in replay.pots for n in pot.eligible)]
    contenders = [p for p in contenders if p not in folds]
    if len(contenders) < 2:
        return None
    street = _last_money_street(replay)
    if body.all_in.isdisjoint(contenders) or street is None or street > Street.DRAW3:
        return None
    # The shown hands: the showdown's 'shows' lines, else the summary's cards.
    shown: dict[str, tuple[Card, ...]] = {
        p: tuple(e.cards) for p, e in body.shows.items() if len(e.cards) == 5
    }
    for seat in body.summary_seats:
        if seat.cards is not None and len(seat.cards) == 5:
            shown.setdefault(seat.player, tuple(seat.cards))
    hidden = [p for p in contenders if p not in shown]
    if hidden:
        return AllInSkipped(f"{SKIP_NOT_SHOWN}: {', '.join(hidden)}")
    draws_left = game.draws - int(street)
    known: dict[str, tuple[Card, ...]] = {}
    kept_known: dict[str, tuple[Card, ...]] = {}
    thrown_known: dict[str, tuple[Card, ...]] = {}
    # The pile: the discards since the last reshuffle. The stub is counted as the engine
    # counts it, so a reshuffle is found whether or not the site prints its line.
    dead: list[Card] = []
    unknown_dead = 0
    stub = _DECK - 5 * len(body.dealt_in)
    reshuffled: dict[Card, int] = {}  # known card -> the draw line of its reshuffle
    served: dict[str, int] = {}  # player -> the draw line of its last draw of a card
    draws_after: dict[str, list[int]] = {p: [] for p in contenders}
    order: list[str] = []
    last_hand: dict[str, tuple[Card, ...]] = {}
    for i, e in enumerate(_card_lines(body)):
        if isinstance(e, DealtTo):
            if e.street <= street:
                last_hand[e.player] = tuple(e.hand)
        elif e.street <= street:
            if e.count > stub:
                # R-DRAW-3: the pile so far (not this player's discards of this draw)
                # is shuffled into the new stub: those cards are unseen again.
                stub += len(dead) + unknown_dead
                reshuffled.update(dict.fromkeys(dead, i))
                dead = []
                unknown_dead = 0
            stub -= e.count
            if e.count:
                served[e.player] = i
            if e.discarded is not None and len(e.discarded) == e.count:
                dead += e.discarded
            else:
                unknown_dead += e.count
            held = last_hand.get(e.player)
            if held is not None and e.drawn and e.discarded is not None:
                # The draw line names the new cards itself (Kings Club: no 'Dealt to' line
                # follows): the player's hand is what was kept plus them.
                new = e.drawn[0]
                if len(new) == e.count and set(e.discarded) <= set(held):
                    last_hand[e.player] = tuple(c for c in held if c not in e.discarded) + tuple(
                        new
                    )
        elif e.player in draws_after:
            draws_after[e.player].append(e.count)
            if e.street == street + 1:
                order.append(e.player)
                if e.player in last_hand and (e.discarded is not None or e.count == 0):
                    thrown = tuple(e.discarded or ())
                    held = last_hand[e.player]
                    if len(thrown) == e.count and set(thrown) <= set(held):
                        known[e.player] = held
                        kept_known[e.player] = tuple(c for c in held if c not in thrown)
                        thrown_known[e.player] = thrown
    if draws_left:
        if sorted(order) != sorted(contenders) or any(
            len(draws_after[p]) != draws_left for p in contenders
        ):
            return AllInSkipped(SKIP_DRAWS)
    else:
        order = list(contenders)
    out: list[Card] = []
    unknown_out = 0
    for name in body.dealt_in:
        if name in contenders:
            continue
        if name in last_hand:
            out += [c for c in last_hand[name] if c not in out]
        else:
            unknown_out += 5
    return _Snapshot(
        street=street,
        draws_left=draws_left,
        contenders=tuple(order),
        known=known,
        kept_known=kept_known,
        thrown_known=thrown_known,
        shown=shown,
        draws_after={p: tuple(v) for p, v in draws_after.items()},
        dead=tuple(dead),
        out=tuple(out),
        unknown_dead=unknown_dead,
        unknown_out=unknown_out,
        not_held={
            p: frozenset(c for c, at in reshuffled.items() if served.get(p, -1) < at)
            for p in contenders
        },
    )


def _unseen(snap: _Snapshot) -> list[Card]:
    """The cards a player seen only at the showdown may have thrown at the next draw: none
    seen at the snapshot (the pile, a folded or known hand) nor shown at the showdown (a
    shown card was kept or served after the all-in, never thrown at it)."""
    seen = {*snap.dead, *snap.out, *(c for held in snap.known.values() for c in held)}
    seen.update(c for hand in snap.shown.values() for c in hand)
    return [Card(c) for c in range(_DECK) if c not in seen]


_Guess = tuple[tuple[Card, ...], tuple[Card, ...] | None]
"""A guessed player's hand at the all-in: what it keeps at the next draw and what it throws
(None: unknown cards, the fallback when the policy explains none of its possible hands)."""

# Draws of a candidate that clashes (a card in two players' hands, or seen elsewhere) before
# giving that candidate up.
_ATTEMPTS: Final = 20


def _candidates(snap: _Snapshot, seed: int) -> list[tuple[dict[str, _Guess], float]]:
    """The candidate hands at the all-in of each player we saw only at the showdown, as
    combinations over the players with their weights (summing to 1). Per player, each subset
    of its shown hand of the size it must have kept has its posterior weight
    (``kept.kept_hands``: the share of the hands, that subset and cards unseen then, on which
    the default policy draws what it drew and keeps that subset), and one such hand is drawn
    for it. Every combination of subsets when there are at most ``MAX_CANDIDATES``, else a
    seeded sample of that many by weight (equal draws merged). A player the policy explains
    no hand of keeps a subset of its shown hand, uniform, and its other cards are unknown."""
    names = [p for p in snap.contenders if p not in snap.known]
    rng = random.Random(seed)
    unseen = _unseen(snap)
    # A card seen elsewhere at the snapshot (in the pile, a folded hand, a known hand), or
    # reshuffled into the stub after the player's last draw reached the shown hand through a
    # reshuffle (R-DRAW-3): the player did not hold it.
    elsewhere = {*snap.dead, *snap.out, *(c for held in snap.known.values() for c in held)}
    options: list[list[tuple[float, KeptHands | _Guess]]] = []
    for p in names:
        survived = max(0, 5 - sum(snap.draws_after[p]))
        subsets = [
            s
            for s in itertools.combinations(snap.shown[p], survived)
            if elsewhere.isdisjoint(s) and snap.not_held[p].isdisjoint(s)
        ]
        if survived == 5:
            options.append([(1.0, (snap.shown[p], ())) for s in subsets])
            continue
        if survived == 0:
            # Nothing of its shown hand was held at the all-in: the kept cards are unknown
            # cards (the policy's posterior, which only the draw counts would then inform,
            # put the hero 0.12 per all-in above its results on fair simulated hands).
            options.append([(1.0, ((), None))])
            continue
        pool = [c for c in unseen if c not in snap.not_held[p]]
        found = kept_hands(subsets, snap.shown[p], snap.draws_after[p], snap.draws_left, pool, rng)
        weighted: list[tuple[float, KeptHands | _Guess]] = [(w, h) for w, h in found if w > 0]
        options.append(weighted or [(1.0, (s, None)) for s in subsets])
    combinations = math.prod(len(o) for o in options)
    if not combinations:
        return []
    if combinations <= MAX_CANDIDATES:
        # Each combination's weight shared by as many hands drawn for it as fit in the budget
        # (the cards besides the subset vary: what else it kept and what it threw).
        k = MAX_CANDIDATES // combinations
        chosen = [
            (c, math.prod(w for w, _ in c) / k)
            for c in itertools.product(*options)
            for _ in range(k)
        ]
    else:
        # Drawn by weight (with replacement), each draw counting once: the mean over the
        # sample estimates the weighted mean without bias.
        picks = [rng.choices(o, weights=[w for w, _ in o], k=MAX_CANDIDATES) for o in options]
        chosen = [(c, 1.0) for c in zip(*picks, strict=True)]
    drawn: dict[tuple[_Guess, ...], float] = {}
    for choice, weight in chosen:
        for _ in range(_ATTEMPTS):
            combo = tuple(_pick(h, rng) for _, h in choice)
            if _fits(combo):
                drawn[combo] = drawn.get(combo, 0.0) + weight
                break
    total = sum(drawn.values())
    return [(dict(zip(names, combo, strict=True)), w / total) for combo, w in sorted(drawn.items())]


def _pick(option: KeptHands | _Guess, rng: random.Random) -> _Guess:
    return option.pick(rng) if isinstance(option, KeptHands) else option


def _fits(combo: tuple[_Guess, ...]) -> bool:
    """Whether the players could have held these cards: none held by two of them."""
    cards = [c for kept, thrown in combo for c in (*kept, *(thrown or ()))]
    return len(set(cards)) == len(cards)


# EV amounts are expectations, not chips: kept to the tables' money scale (two places) rather
# than the hand's unit (a whole chip in a tournament), and never "-0".
_EV_QUANTUM: Final = Decimal("0.01")


def _quantize(value: Decimal) -> Decimal:
    return value.quantize(_EV_QUANTUM, rounding=ROUND_HALF_EVEN) + 0


def allin_ev(
    replay: Replay,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    exact_limit: int = ALLIN_EXACT_LIMIT,
    alt_policy: Policy | None = None,
) -> AllInEV | AllInSkipped | None:
    """The all-in EV of ``replay``'s hand; None when it has no all-in showdown,
    ``AllInSkipped`` with the reason when it has one that cannot be valued (see the module).

    Monte Carlo (when enumeration is too big) draws ``samples`` deals for the hand, shared by
    the candidate holdings (at least 500 each), seeded from ``seed`` and the hand id, so a
    hand gets the same numbers whatever else is processed and in whatever order. EV amounts
    are rounded to two decimal places.
    """
    snap = snapshot(replay)
    if not isinstance(snap, _Snapshot):
        return snap
    money = {p.player: p for p in replay.players}
    hand_seed = zlib.crc32(f"{seed}:{replay.hand.site}:{replay.hand.hand_id}".encode())
    index = {p: i for i, p in enumerate(snap.contenders)}
    pots = [(pot, [index[n] for n in pot.eligible if n in index]) for pot in replay.pots]
    stake = {
        p: sum((pot.net for pot, who in pots if index[p] in who), Decimal(0))
        for p in snap.contenders
    }
    if snap.draws_left == 0:
        return _result(replay, snap, stake, alt_policy)
    methods: set[Method] = set()
    combos = _candidates(snap, hand_seed)
    if not combos:
        return AllInSkipped(f"{SKIP_CARDS}: no holding fits the shown cards")
    try:
        situations = [_situation(snap, combo, replay.hand.game) for combo, _ in combos]
    except ValueError as exc:  # the situation's own checks: cards seen twice, too many unknown
        return AllInSkipped(f"{SKIP_CARDS}: {exc}")
    # The sampling and enumeration budgets are the hand's, shared by its candidates.
    per_candidate = max(MIN_SAMPLES, samples // len(combos))
    exact_per_candidate = exact_limit // len(combos)
    found = deals_for_many(
        situations, samples=per_candidate, seed=hand_seed, exact_limit=exact_per_candidate
    )
    methods.update(method for _, method in found)
    runs, evs = _per_candidate([deals for deals, _ in found], pots, stake, snap.contenders)
    alt: list[float] | None = None
    if alt_policy is not None:
        runs_alt = runs  # no policy asked (``_policy_unused``): the same deals, card for card
        if not _policy_unused(situations):
            # The same candidates, budgets and seed: only the draws after the next one differ.
            found_alt = deals_for_many(
                [_with_policy(s, alt_policy) for s in situations],
                samples=per_candidate,
                seed=hand_seed,
                exact_limit=exact_per_candidate,
            )
            runs_alt, _ = _per_candidate([d for d, _ in found_alt], pots, stake, snap.contenders)
        alt = [
            sum(w * run[i][0] for (_, w), run in zip(combos, runs_alt, strict=True))
            for i in range(len(snap.contenders))
        ]
    n = len(runs)
    weights = [w for _, w in combos]  # they sum to 1
    players = []
    for i, name in enumerate(snap.contenders):
        eqs = [run[i][0] for run in runs]
        equity = sum(w * e for w, e in zip(weights, eqs, strict=True))
        se = sum(w * w * run[i][1] for w, run in zip(weights, runs, strict=True)) ** 0.5
        ev_gross = Decimal(repr(sum(w * ev[i] for w, ev in zip(weights, evs, strict=True))))
        ev_net = _quantize(ev_gross - money[name].invested)
        net = money[name].net
        players.append(
            AllInPlayer(
                name,
                equity,
                se,
                min(eqs),
                max(eqs),
                ev_net,
                net,
                net - ev_net,
                None if alt is None else alt[i],
            )
        )
    method = Method.MONTE_CARLO if Method.MONTE_CARLO in methods else Method.EXACT
    return AllInEV(
        replay.hand.hand_id,
        snap.street,
        snap.draws_left,
        method.value,
        n,
        tuple(players),
        None if alt_policy is None else alt_policy.describe(),
    )


def _policy_unused(situations: list[Situation]) -> bool:
    """Whether no policy is ever asked: one draw left, which every player makes with the
    count it drew (none holds five cards, which its policy would decide on). The second
    policy's deals are then the default's, card for card."""
    return all(s.draws_left == 1 and all(h.pending > 0 for h in s.holdings) for s in situations)


def _with_policy(situation: Situation, policy: Policy) -> Situation:
    """``situation`` with every player drawing by ``policy`` after the next draw."""
    holdings = tuple(dataclasses.replace(h, policy=policy) for h in situation.holdings)
    return dataclasses.replace(situation, holdings=holdings)


def _per_candidate(
    tables: list[Deals],
    pots: list[tuple[PotOutcome, list[int]]],
    stake: dict[str, Decimal],
    contenders: tuple[str, ...],
) -> tuple[list[list[tuple[float, float]]], list[list[float]]]:
    """Per candidate's deals: (equity, variance) per player, its share of the pots weighted
    by their size, and its expected gross (equity times each pot after rake)."""
    runs: list[list[tuple[float, float]]] = []
    evs: list[list[float]] = []
    for deals in tables:
        per_player = [0.0] * len(contenders)
        var_player = [0.0] * len(contenders)
        ev_player = [0.0] * len(contenders)
        for pot, who in pots:
            if not who:
                continue
            winners = pot_shares(deals.ranks, who) > 0
            for i, est in enumerate(share_estimates(deals, winners)):
                if i not in who:
                    continue
                weight = float(pot.net / stake[contenders[i]]) if stake[contenders[i]] else 0
                per_player[i] += est.value * weight
                var_player[i] += (est.std_error * weight) ** 2
                ev_player[i] += est.value * float(pot.net)
        runs.append(list(zip(per_player, var_player, strict=True)))
        evs.append(ev_player)
    return runs, evs


def _situation(snap: _Snapshot, combo: dict[str, _Guess], game: Game) -> Situation:
    holdings = []
    for p in snap.contenders:
        after = snap.draws_after[p]
        if p in snap.known:
            holdings.append(Holding(snap.kept_known[p], discards=snap.thrown_known[p]))
        else:
            kept, thrown = combo[p]
            if thrown is None:
                holdings.append(Holding(kept, hidden=5 - len(kept) - after[0]))
            else:
                holdings.append(Holding(kept, discards=thrown))
    return Situation(
        tuple(holdings),
        draws_left=snap.draws_left,
        dead=snap.dead,
        out=snap.out,
        unknown_dead=snap.unknown_dead,
        unknown_out=snap.unknown_out,
        game=game,
    )


def _result(
    replay: Replay, snap: _Snapshot, stake: dict[str, Decimal], alt_policy: Policy | None
) -> AllInEV:
    """All-in on the last betting round: the EV is the result, under any policy."""
    money = {p.player: p for p in replay.players}
    players = []
    for name in snap.contenders:
        won = sum(
            (amount for pot in replay.pots for who, amount in pot.shares if who == name),
            Decimal(0),
        )
        equity = float(won / stake[name]) if stake[name] else 0.0
        net = money[name].net
        alt = None if alt_policy is None else equity
        players.append(AllInPlayer(name, equity, 0.0, equity, equity, net, net, Decimal(0), alt))
    described = None if alt_policy is None else alt_policy.describe()
    return AllInEV(replay.hand.hand_id, snap.street, 0, RESULT, 1, tuple(players), described)
