"""What one copy of a hand gives the integrity screens, read off its replay's record.

``observe(replay)`` reads ``Replay.body`` (never ``hand.events``) once and keeps a small
``Copy``: the hand's public facts reduced to what the screens count (who was dealt in, each
player's net, decisions made heads-up, who saw the first draw, decisions facing a bet after
the last draw, money moved between players), a digest of the public facts per part (to find
copies that disagree), and the cards only this copy's hero can show. It is small and
picklable: workers send it back, the pool merges copies of one hand.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Final

from histparse.allin.ev import AllInEV, allin_ev
from histparse.cards import Card
from histparse.replayer import Act, Replay

__all__ = ["PARTS", "Copy", "Decision", "observe", "transfers"]

Cards = tuple[Card, ...]

PARTS: Final = ("seats", "actions", "draws", "collected")
"""The parts of a hand whose copies are compared, in ``Copy.digests`` order."""

_AGGRESSIVE: Final = frozenset({Act.BET, Act.RAISE})
_DECIDING: Final = frozenset({Act.FOLD, Act.CHECK, Act.CALL, Act.BET, Act.RAISE})
_CENT: Final = Decimal("0.01")
ALLIN_SAMPLES: Final = 600


@dataclass(frozen=True, slots=True)
class Decision:
    """A decision after the last draw that put money in or gave the pot up: ``player`` bet,
    called or raised (``stayed``) or folded, against the live ``opponents``; ``faced`` a bet
    (from ``bettor``) or not (a bet into a checked pot); ``drew`` the most cards an opponent
    took at the last draw (what the player could see of their hands)."""

    player: str
    bettor: str | None
    opponents: tuple[str, ...]
    faced: bool
    stayed: bool
    drew: int


@dataclass(frozen=True, slots=True)
class Copy:
    """One player's copy of one hand, reduced for the screens (see the module).

    ``heads_up`` holds (player, sole live opponent, aggressive) for each decision made with one
    opponent left; ``folds_to`` (player, bettor) the folds facing a lone opponent's bet;
    ``together`` the players who saw the first draw when three or more did; ``showdown`` the
    two players of a heads-up showdown (empty otherwise); ``allin`` (player, luck, variance)
    per all-in contender; ``moved`` (payer, payee, amount) the money each player's chips
    brought each winner (``transfers``); ``cards`` the final five of the hero and of every
    player who showed; ``allin_skipped`` why an all-in showdown could not be valued."""

    key: str
    hand_id: str
    path: str
    line: int
    hero: str | None
    players: tuple[str, ...]
    net: tuple[Decimal, ...]
    heads_up: tuple[tuple[str, str, bool], ...]
    together: tuple[str, ...]
    showdown: tuple[str, ...]
    decisions: tuple[Decision, ...]
    allin: tuple[tuple[str, float, float], ...]
    allin_skipped: str | None
    moved: tuple[tuple[str, str, Decimal], ...]
    cards: tuple[tuple[str, Cards], ...]
    digests: tuple[str, ...]


def _digest(value: object) -> str:
    # repr, not hash(): string hashes differ between worker processes.
    return hashlib.blake2b(repr(value).encode(), digest_size=8).hexdigest()


def transfers(replay: Replay) -> tuple[tuple[str, str, Decimal], ...]:
    """(payer, payee, amount): for each pot, each contributor's chips in it times each other
    winner's share of it over the pot (the rest of a contributor's chips went back to it or to
    the rake), to the cent (half-even). Empty when the engine did not settle the hand."""
    if not replay.complete or not replay.pots:
        return ()
    invested = replay.body.invested
    out: dict[tuple[str, str], Decimal] = {}
    below = Decimal(0)
    last = len(replay.pots) - 1
    top = max(invested.values(), default=Decimal(0))
    for k, pot in enumerate(replay.pots):
        # A pot holds each player's chips between the level below and its own level (the
        # smallest stake of its eligible players; the last pot takes everything above).
        cap = top if k == last else min(invested.get(p, Decimal(0)) for p in pot.eligible)
        parts = {p: min(v, cap) - min(v, below) for p, v in invested.items()}
        below = cap
        if not pot.amount:
            continue
        for payee, share in pot.shares:
            for payer, part in parts.items():
                if payer != payee and part > 0 and share:
                    moved = part * share / pot.amount
                    out[(payer, payee)] = out.get((payer, payee), Decimal(0)) + moved
    return tuple(
        (a, b, v.quantize(_CENT, ROUND_HALF_EVEN)) for (a, b), v in sorted(out.items()) if v
    )


def _allin(replay: Replay) -> tuple[tuple[tuple[str, float, float], ...], str | None]:
    found = allin_ev(replay, samples=ALLIN_SAMPLES)
    if found is None:
        return (), None
    if not isinstance(found, AllInEV):
        return (), found.reason.split(":")[0]
    stake = {p: Decimal(0) for p in (q.player for q in found.players)}
    for pot in replay.pots:
        for p in pot.eligible:
            if p in stake:
                stake[p] += pot.net
    out = []
    for q in found.players:
        if found.draws_left == 0:
            continue  # all in after the last draw: the result is the equity, no luck in it
        var = q.equity * (1.0 - q.equity) * float(stake[q.player]) ** 2
        out.append((q.player, float(q.luck), var))
    return tuple(out), None


def observe(replay: Replay) -> Copy:
    """The ``Copy`` of ``replay``'s hand (see the module)."""
    hand = replay.hand
    body = replay.body
    players = tuple(s.player for s in body.seats)
    live = set(players)
    heads_up: list[tuple[str, str, bool]] = []
    together: tuple[str, ...] = ()
    decisions: list[Decision] = []
    drew3 = {d.player: d.discarded for d in body.draw_records if d.draw == 3}
    bettor: str | None = None
    current = -1
    for step in body.steps:
        if step.round != current:
            if step.round == 1 and current < 1 and len(live) >= 3:
                together = tuple(sorted(live))
            current = step.round
            bettor = None
        act = step.act
        if act not in _DECIDING:
            continue
        player = step.player
        if len(live) == 2 and player in live:
            other = next(p for p in live if p != player)
            heads_up.append((player, other, act in _AGGRESSIVE))
        if step.round == 3 and player in live and act is not Act.CHECK:
            faced = bettor is not None and bettor != player
            if faced or act in _AGGRESSIVE:
                others = tuple(sorted(p for p in live if p != player))
                drew = max((drew3.get(p, 0) for p in others), default=0)
                decisions.append(Decision(player, bettor, others, faced, act is not Act.FOLD, drew))
        if act in _AGGRESSIVE:
            bettor = player
        elif act is Act.FOLD:
            live.discard(player)
    showdown = tuple(sorted(live)) if body.has_showdown and len(live) == 2 else ()
    net = {p.player: p.net for p in replay.players}
    allin, skipped = _allin(replay)
    known = body.final_cards
    seats = tuple((s.seat, s.player, s.stack) for s in body.seats)
    actions = tuple((s.round, s.player, s.act.value, s.amount) for s in body.steps)
    draws = tuple((d.draw, d.player, d.discarded, d.pat) for d in body.draw_records)
    collected = tuple(sorted(body.collected_totals.items()))
    return Copy(
        key=f"{hand.site}:{hand.hand_id}",
        hand_id=hand.hand_id,
        path=hand.source.path,
        line=hand.source.first_line,
        hero=hand.hero,
        players=players,
        net=tuple(net.get(p, Decimal(0)) for p in players),
        heads_up=tuple(heads_up),
        together=together,
        showdown=showdown,
        decisions=tuple(decisions),
        allin=allin,
        allin_skipped=skipped,
        moved=transfers(replay),
        cards=tuple(sorted((p, tuple(c)) for p, c in known.items() if len(c) == 5)),
        digests=tuple(_digest(part) for part in (seats, actions, draws, collected)),
    )
