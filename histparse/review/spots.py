"""The draw decisions of one player in one replayed hand, each with its alternatives valued.

A decision is one of the player's draws (or stand-pats) in a pot that reached a showdown or
where an opponent stood pat at that draw. The opponents are the players who drew at that draw
and showed their cards at the end: each held then as many of its shown cards as it drew none of
afterwards (every such subset equally likely, as the all-in EV assumes; all of one
opponent's, at most ``MAX_CANDIDATES`` over several, a seeded sample beyond) and unknown cards
besides. The alternatives: stand pat, keep the best k cards (k = 4 to 0: the lowest cards of
distinct ranks, then a pair's second card), and the draw actually made; after this draw every
player follows ``DEFAULT_POLICY``. Everything is read from the replay's record (draw records,
final cards, steps, positions), never from the events.
"""

from __future__ import annotations

import itertools
import random
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Final

from histparse.cards import Card, format_cards
from histparse.equity import (
    DEFAULT_POLICY,
    DrawToBest,
    Estimate,
    Holding,
    Method,
    Policy,
    Situation,
    StandPat,
    equity,
    pot_shares,
)
from histparse.equity.budget import QUICK
from histparse.equity.deal import monte_carlo_many
from histparse.equity.result import share_estimates
from histparse.game import Game
from histparse.ranking import WORST_RANK, rank_cards
from histparse.replayer import DrawRecord, Replay

__all__ = ["DEFAULT_SAMPLES", "MAX_CANDIDATES", "Choice", "DrawReview", "review_hand"]

MAX_CANDIDATES: Final = 10  # every subset of one opponent's hand (at most C(5, 2))
DEFAULT_SAMPLES: Final = 4_000
MIN_SAMPLES: Final = 500
_CENT: Final = Decimal("0.01")
_RANK_LETTERS: Final = "23456789TJQKA"


@dataclass(frozen=True, slots=True)
class Choice:
    """One alternative at a draw: the cards kept and the equity it was worth (exact fraction
    when found exactly, averaged over the opponents' candidate holdings)."""

    label: str
    kept: tuple[Card, ...]
    equity: float
    std_error: float
    exact: Fraction | None


@dataclass(frozen=True, slots=True)
class DrawReview:
    """One reviewed draw: what the player held and did, what it faced, every alternative's
    equity, the best one and the cost (equity and money) of the choice made. ``reason`` says
    why a decision could not be valued (then ``choices`` is empty)."""

    site: str
    hand_id: str
    player: str
    draw: int
    draws_left: int
    position: str | None
    before: tuple[Card, ...]
    kept: tuple[Card, ...]
    drew: int
    facing: str
    kept_class: str
    opponents: str
    pot: Decimal
    choices: tuple[Choice, ...]
    actual: str
    best: str | None
    cost_equity: float | None
    cost: Decimal | None
    method: str | None
    candidates: int
    policy: str
    reason: str | None = None


def _order_key(card: Card, paired: bool) -> tuple[int, int, int]:
    return (int(paired), card >> 2, card & 3)


def best_kept(cards: Sequence[Card], k: int) -> tuple[Card, ...]:
    """The best ``k`` of ``cards`` for 2-7: the lowest of distinct ranks first, then a pair's
    second card (the order of ``FixedPlan``)."""
    seen: set[int] = set()
    keyed = []
    for card in sorted(cards):
        paired = card >> 2 in seen
        seen.add(card >> 2)
        keyed.append((_order_key(card, paired), card))
    keyed.sort()
    return tuple(sorted(card for _, card in keyed[:k]))


def kept_class(kept: Sequence[Card]) -> str:
    """A short class of the kept cards: ``pat 8-6``, ``draw 7-5 (1)``, ``draw 2 cards`` ..."""
    if len(kept) == 5:
        ranks = sorted({c >> 2 for c in kept}, reverse=True)
        if len(ranks) < 5:
            return "pat (paired)"
        return f"pat {_RANK_LETTERS[ranks[0]]}-{_RANK_LETTERS[ranks[1]]}"
    if not kept:
        return "draw 5"
    top = max(c >> 2 for c in kept)
    return f"draw {5 - len(kept)} to {_RANK_LETTERS[top]}"


def _pat_now(draws_left: int) -> Policy:
    """The default policy, except standing pat at this draw (``draws_left`` from here)."""
    pats = list(DEFAULT_POLICY.pat_at)
    pats[draws_left - 1] = WORST_RANK
    return DrawToBest(tuple(pats), DEFAULT_POLICY.keep, DEFAULT_POLICY.keep_max)


def _seed(replay: Replay, player: str, draw: int) -> int:
    text = f"{replay.hand.site}\x00{replay.hand.hand_id}\x00{player}\x00{draw}"
    return zlib.crc32(text.encode("utf-8"))


def _skip(base: dict[str, object], reason: str) -> DrawReview:
    return DrawReview(
        **base,  # type: ignore[arg-type]
        choices=(),
        best=None,
        cost_equity=None,
        cost=None,
        method=None,
        candidates=0,
        reason=reason,
    )


def review_hand(
    replay: Replay,
    player: str,
    *,
    method: str = "auto",
    samples: int = DEFAULT_SAMPLES,
    draws: Sequence[int] | None = None,
    actual_only: bool = False,
) -> list[DrawReview]:
    """The reviewed draws of ``player`` in ``replay`` (none when it did not draw, or the hand is
    not a 2-7 draw game). ``method``: ``auto`` is exact with one draw left (breaking to one
    card or none only heads-up against a draw of two cards at most), and with two left
    heads-up when each player reads one card at most per draw but one that may draw two now,
    and seeded Monte Carlo (``samples`` deals, the same deals for every alternative) for the
    rest; ``exact`` exact
    wherever the equity module can (heads-up: any draw; slow with three draws left);
    ``monte-carlo`` always samples. ``draws`` restricts the review to those draw numbers;
    ``actual_only`` values the draw made alone (no alternatives, no cost)."""
    hand = replay.hand
    if hand.game not in (Game.TRIPLE_DRAW_27, Game.SINGLE_DRAW_27):
        return []
    body = replay.body
    records = body.draw_records
    mine = [r for r in records if r.player == player]
    if not mine:
        return []
    final = body.final_cards
    positions = body.positions
    reshuffled = bool(body.reshuffles)
    out: list[DrawReview] = []
    total_draws = hand.game.draws
    for rec in mine:
        d = rec.draw
        if draws is not None and d not in draws:
            continue
        at_draw = [r for r in records if r.draw == d]
        opponents = [r for r in at_draw if r.player != player]
        if not opponents:
            continue
        if not (body.has_showdown or any(r.pat for r in opponents)):
            continue
        draws_left = total_draws - d + 1
        pot = sum((s.amount for s in body.steps if s.round < d), Decimal(0))
        before: tuple[Card, ...] = ()
        if rec.kept_cards is not None:
            before = tuple(rec.kept_cards) + tuple(rec.discarded_cards or ())
        kept = tuple(rec.kept_cards or ())
        facing = ", ".join("pat" if r.pat else f"draw {r.discarded}" for r in opponents)
        base: dict[str, object] = {
            "site": hand.site,
            "hand_id": hand.hand_id,
            "player": player,
            "draw": d,
            "draws_left": draws_left,
            "position": None if player not in positions else str(positions[player]),
            "before": tuple(sorted(before)),
            "kept": tuple(sorted(kept)),
            "drew": rec.discarded,
            "facing": facing,
            "kept_class": kept_class(kept) if len(before) == 5 else "unknown",
            "opponents": "; ".join(
                f"{r.player} {format_cards(final[r.player]) if r.player in final else '?'}"
                for r in opponents
            ),
            "pot": pot,
            "actual": "pat" if rec.pat else f"keep {5 - rec.discarded}",
            "policy": DEFAULT_POLICY.describe(),
        }
        if len(before) != 5:
            out.append(_skip(base, "the player's cards at this draw are not known"))
            continue
        unknown = [r.player for r in opponents if r.player not in final]
        if unknown:
            out.append(_skip(base, f"cards not shown: {', '.join(unknown)}"))
            continue
        out.append(
            _value(replay, base, player, rec.draw, before, kept, at_draw, reshuffled,
                   method, samples, actual_only)
        )  # fmt: skip
    return out


def _value(
    replay: Replay,
    base: dict[str, object],
    player: str,
    d: int,
    before: tuple[Card, ...],
    kept: tuple[Card, ...],
    at_draw: Sequence[DrawRecord],
    reshuffled: bool,
    method: str,
    samples: int,
    actual_only: bool,
) -> DrawReview:
    body = replay.body
    records = body.draw_records
    final = body.final_cards
    draws_left = int(base["draws_left"])  # type: ignore[call-overload]
    mine_known = set(before)
    # The player's earlier discards are dead cards (R-DRAW-3 brings them back); after a
    # reshuffle they may be anywhere, so they count as unseen then.
    dead: list[Card] = []
    unknown_dead = 0
    for r in records:
        if r.draw >= d or reshuffled:
            continue
        if r.player == player and r.discarded_cards is not None:
            dead.extend(r.discarded_cards)
        else:
            unknown_dead += r.discarded
    order = [r.player for r in at_draw]
    opp_specs = []
    for r in at_draw:
        name = r.player
        if name == player:
            continue
        shown = tuple(final[name])
        drawn_now = r.discarded
        later = sum(x.discarded for x in records if x.player == name and x.draw > d)
        survive = max(0, 5 - drawn_now - later)
        hidden = 5 - drawn_now - survive
        options = [
            c for c in itertools.combinations(sorted(shown), survive) if not mine_known & set(c)
        ]
        if not options:
            return _skip(base, f"{name}'s shown cards do not fit the player's")
        opp_specs.append((name, options, hidden, drawn_now))
    combos = list(itertools.product(*(spec[1] for spec in opp_specs)))
    if len(combos) > MAX_CANDIDATES:
        combos = random.Random(_seed(replay, player, d)).sample(combos, MAX_CANDIDATES)
    held = {c for combo in combos for part in combo for c in part}
    dead = [c for c in dead if c not in held and c not in mine_known]
    in_hand = {r.player for r in at_draw}
    unknown_out = 5 * sum(1 for p in body.dealt_in if p not in in_hand)
    alternatives: dict[tuple[Card, ...], str] = {tuple(sorted(before)): "pat"}
    for k in range(4, -1, -1):
        alternatives.setdefault(best_kept(before, k), f"keep {k}")
    actual = tuple(sorted(kept)) if len(kept) < 5 else tuple(sorted(before))
    alternatives.setdefault(actual, f"keep {len(actual)} (as played)")
    actual_label = alternatives[actual]
    if actual_only:
        alternatives = {actual: actual_label}
    choices = []
    methods: set[str] = set()
    names = [spec[0] for spec in opp_specs]
    seed = _seed(replay, player, d)
    for cards, label in alternatives.items():
        thrown = tuple(c for c in before if c not in cards)
        policy = _pat_now(draws_left) if len(cards) == 5 else DEFAULT_POLICY
        situations = []
        for combo in combos:
            holdings = []
            for name in order:
                if name == player:
                    holdings.append(Holding(cards, 0, thrown, policy))
                    continue
                i = names.index(name)
                # An opponent that stood pat at this draw stands pat in every deal (what it
                # did is known); the default policy plays its later draws.
                stood = opp_specs[i][3] == 0
                theirs = _pat_now(draws_left) if stood else DEFAULT_POLICY
                holdings.append(Holding(combo[i], opp_specs[i][2], (), theirs))
            situations.append(
                Situation(
                    tuple(holdings),
                    draws_left=draws_left,
                    dead=tuple(dead),
                    unknown_dead=unknown_dead,
                    unknown_out=unknown_out,
                    game=replay.hand.game,
                )
            )
        estimates = _estimates(situations, order.index(player), method, samples, seed)
        methods.update(e.method.value for e in estimates)
        values = [e.value for e in estimates]
        errors = [e.std_error for e in estimates]
        fractions = [e.exact for e in estimates]
        n = len(combos)
        exact = (
            sum((f for f in fractions if f is not None), Fraction(0)) / n
            if all(f is not None for f in fractions)
            else None
        )
        value = float(exact) if exact is not None else sum(values) / n
        se = (sum(e * e for e in errors) ** 0.5) / n
        choices.append(Choice(label, cards, value, se, exact))
    best = max(choices, key=lambda c: c.equity)
    chosen = next(c for c in choices if c.label == actual_label)
    gap = best.equity - chosen.equity
    pot = base["pot"]
    assert isinstance(pot, Decimal)
    if best.exact is not None and chosen.exact is not None:
        # Exact: the pot times the fraction, rounded once at the end.
        diff = best.exact - chosen.exact
        cost = pot * diff.numerator / diff.denominator
    else:
        cost = pot * Decimal(repr(gap))
    method_text = Method.EXACT.value if methods == {Method.EXACT.value} else "monte-carlo"
    fields = dict(base, actual=actual_label)
    return DrawReview(
        **fields,  # type: ignore[arg-type]
        choices=tuple(choices),
        best=best.label,
        cost_equity=gap,
        cost=Decimal(cost).quantize(_CENT),
        method=method_text,
        candidates=len(combos),
    )


def _cheap_two_draws(holdings: Sequence[Holding]) -> bool:
    """Heads-up with two draws left and no hidden card (an opponent's unknown card makes its
    paths ten times more: 33-62 ms a situation, where the review samples in 7 ms an
    alternative): each player draws one card or none now, or one of them draws two and the
    other reads one card at most at each draw (a one-card draw that may break later, against
    a two-card draw: 73 ms a situation)."""
    if len(holdings) != 2 or any(h.hidden for h in holdings):
        return False
    if all(h.pending <= 1 for h in holdings):
        return True
    one = [_one_card_at_most(h, 2) for h in holdings]
    two = [h.pending == 2 and isinstance(h.policy, DrawToBest) for h in holdings]
    return (one[0] and two[1]) or (two[0] and one[1])


def _light_opponent(holdings: Sequence[Holding], me: int) -> bool:
    """Heads-up, the opponent drawing two cards at most (at the last draw the cards it keeps
    are all known: its shown hand but the ones it draws)."""
    return len(holdings) == 2 and holdings[1 - me].pending <= 2


def _one_card_at_most(holding: Holding, draws_left: int) -> bool:
    """Whether ``holding`` reads at most one card at each of the ``draws_left`` draws: no
    hidden cards, and pat, or a made hand its policy stands pat with at every draw it decides,
    or four low cards of distinct ranks that the policy keeps whatever comes."""
    if holding.hidden or holding.pending > 1:
        return False
    policy = holding.policy
    if isinstance(policy, StandPat):
        return True
    if not isinstance(policy, DrawToBest):
        return False
    cards = holding.cards
    low = {c >> 2 for c in cards if c >> 2 <= policy.keep_max}
    if len(low) >= 4 and min(policy.keep[:draws_left]) >= 4:
        return True
    if len(cards) < 5:
        return False
    rank = rank_cards(*cards)
    return all(rank <= policy.pat_at[left - 1] for left in range(1, draws_left + 1))


def _estimates(
    situations: Sequence[Situation], me: int, method: str, samples: int, seed: int
) -> list[Estimate]:
    """The player's equity in each situation: exact where asked (``auto``: one draw left, or
    two heads-up with one card or none drawn by each now, or two by one of them) and possible,
    else Monte Carlo with the candidates' situations played as one table
    (``monte_carlo_many``: ``samples`` deals over them all, the same seed for every
    alternative, so that their differences are not mostly noise)."""
    draws_left = situations[0].draws_left
    drawing = situations[0].holdings[me].pending
    # Exact at the last draw when the player draws three cards at most, and heads-up when it
    # draws four or five against an opponent that draws two at most (card classes: 6-42 ms a
    # situation, against a three-card draw 0.15-0.3 s); with two draws left heads-up when each
    # player draws one card or none now, or one of them draws two and the other reads one card
    # at most at each draw (the class paths, its last draw summed into the pairing: 5-50 ms a
    # situation, a few suited ones 0.1-0.6 s; docs/review.md has the budget).
    last = draws_left == 1 and (
        drawing <= 3 or all(_light_opponent(s.holdings, me) for s in situations)
    )
    second = draws_left == 2 and all(_cheap_two_draws(s.holdings) for s in situations)
    exact = method == "exact" or (method == "auto" and (last or second))
    if exact:
        try:
            # The quick budget whatever the method: a review asks thousands of queries, and a
            # full one can take a minute each (docs/review.md).
            return [equity(s, method="exact", budget=QUICK).players[me] for s in situations]
        except ValueError:  # refused: the stub could run out, or too many deals
            pass
    per = max(MIN_SAMPLES, samples // len(situations))
    out = []
    for deals in monte_carlo_many(situations, per, seed):
        winners = pot_shares(deals.ranks, range(deals.ranks.shape[1])) > 0
        out.append(share_estimates(deals, winners)[me])
    return out
