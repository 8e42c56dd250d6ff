"""The compact pool (issue 37: each hand counted once on arrival, not kept) gives the scores
of the pool as it was: every hand's standing copy and cards kept to the end, then counted
(``OldPool``, ``old_screen`` below, the reference, kept as they were)."""

from __future__ import annotations

import gc
import json
import math
import random
import tracemalloc
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, is_dataclass, replace
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from histparse.cards import Card
from histparse.cli import main
from histparse.integrity import Pool, observe, screen, victim_ledger
from histparse.integrity.ledger import LedgerLine
from histparse.integrity.observe import PARTS, Copy
from histparse.integrity.pool import Disagreement
from histparse.integrity.screens import (
    _MIN_DECISIONS,
    _NONE,
    _Z95,
    PairScore,
    PlayerScore,
    Score,
    Screens,
    _luck,
    _rate,
    _robust,
    _two_rates,
    _wilson,
    hand_class,
)
from histparse.parsing import read_histories
from histparse.ranking import rank_parsed
from histparse.replayer import replay
from histparse.simulation.population import (
    PopulationConfig,
    labels_of,
    play_population,
    write_histories,
)


@dataclass(slots=True)
class PooledHand:
    """One hand's pooled view: the copy standing for it, the heroes whose copies were read,
    and every final five known (each hero's own, and the shown hands)."""

    copy: Copy
    seen_by: set[str] = field(default_factory=set)
    cards: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    copies: int = 0


class OldPool:
    """The pool as it was: every hand's copy kept to the end."""

    def __init__(self) -> None:
        self.hands: dict[str, PooledHand] = {}
        self.disagreements: list[Disagreement] = []

    def add(self, copy: Copy) -> None:
        """Merge one copy."""
        entry = self.hands.get(copy.key)
        if entry is None:
            entry = self.hands[copy.key] = PooledHand(copy)
        else:
            base = entry.copy
            if base.digests != copy.digests:
                parts = tuple(
                    name
                    for name, x, y in zip(PARTS, base.digests, copy.digests, strict=True)
                    if x != y
                )
                self.disagreements.append(
                    Disagreement(
                        copy.hand_id,
                        parts,
                        (base.path, base.line, base.hero),
                        (copy.path, copy.line, copy.hero),
                    )
                )
            elif _seat_of(copy) < _seat_of(base):
                entry.copy = copy
        entry.copies += 1
        if copy.hero is not None and copy.hero in copy.players:
            entry.seen_by.add(copy.hero)
        for player, cards in copy.cards:
            entry.cards.setdefault(player, cards)

    def extend(self, copies: Iterable[Copy]) -> None:
        """Merge many copies."""
        for c in copies:
            self.add(c)

    def seen_counts(self) -> dict[int, int]:
        """How many hands were seen from 1, 2 ... N seats (by distinct heroes)."""
        counts = Counter(len(e.seen_by) for e in self.hands.values())
        return dict(sorted(counts.items()))


def _seat_of(copy: Copy) -> int:
    """The hero's place in seat order (copies written from lower seats stand for the hand)."""
    try:
        return copy.players.index(copy.hero or "")
    except ValueError:
        return len(copy.players)


def old_screen(pool: OldPool, *, min_pair_hands: int = 30) -> Screens:
    """Run every screen over ``pool``."""
    hands_of: dict[str, int] = defaultdict(int)
    net_of: dict[str, Decimal] = defaultdict(Decimal)
    luck: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    skipped: dict[str, int] = defaultdict(int)
    # (player, other) -> [aggressive, decisions]; player -> totals, heads-up
    hu_pair: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    hu_all: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    fold_pair: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    fold_all: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    sd_pair: dict[tuple[str, str], int] = defaultdict(int)
    sd_all: dict[str, int] = defaultdict(int)
    shared: dict[tuple[str, str], int] = defaultdict(int)
    both: dict[tuple[str, str], int] = defaultdict(int)
    # per pair: hands where a (b) saw the first draw with two others or more
    in_a: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    decisions: list[tuple[str, int, bool, bool]] = []  # player, bucket, wins, stayed
    for entry in pool.hands.values():
        c = entry.copy
        seated = c.players
        for p, won in zip(seated, c.net, strict=True):
            hands_of[p] += 1
            net_of[p] += won
        for p, lk, var in c.allin:
            acc = luck[p]
            acc[0] += lk
            acc[1] += var
            acc[2] += 1
        if c.allin_skipped:
            skipped[c.allin_skipped] += 1
        together = set(c.together)
        ordered = sorted(seated)
        for i, a in enumerate(ordered):
            ia = a in together
            for b in ordered[i + 1 :]:
                key = (a, b)
                shared[key] += 1
                ib = b in together
                cnt = in_a[key]
                cnt[0] += ia
                cnt[1] += ib
                if ia and ib:
                    both[key] += 1
        for p, other, aggressive in c.heads_up:
            pair = hu_pair[(p, other)]
            pair[0] += aggressive
            pair[1] += 1
            total = hu_all[p]
            total[0] += aggressive
            total[1] += 1
        if c.showdown:
            a, b = c.showdown
            sd_pair[(a, b)] += 1
            sd_all[a] += 1
            sd_all[b] += 1
        cards = entry.cards
        for d in c.decisions:
            mine = cards.get(d.player)
            if d.faced and d.bettor is not None:
                fold_all[d.player][1] += 1
                fold_all[d.player][0] += not d.stayed
                fp = fold_pair[(d.player, d.bettor)]
                fp[1] += 1
                fp[0] += not d.stayed
            if mine is None or any(o not in cards for o in d.opponents):
                continue
            rm = rank_parsed(mine)
            best = min(rank_parsed(cards[o]) for o in d.opponents)
            if rm == best:
                continue
            bucket = (hand_class(mine) * 4 + min(d.drew, 3)) * 2 + d.faced
            decisions.append((d.player, bucket, rm < best, d.stayed))
    ranked = _player_scores(hands_of, net_of, luck, decisions)
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
    return Screens(tuple(ranked), tuple(pairs), len(pool.hands), dict(skipped))


def _player_scores(
    hands_of: Mapping[str, int],
    net_of: Mapping[str, Decimal],
    luck: Mapping[str, list[float]],
    decisions: Iterable[tuple[str, int, bool, bool]],
) -> list[PlayerScore]:
    made = list(decisions)
    wins: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for _, bucket, won, _stayed in made:
        w = wins[bucket]
        w[0] += won
        w[1] += 1
    # A decision is right when money goes in with the best hand or a beaten hand folds. Its
    # chance of being right for a player who sees only their own hand and the opponents'
    # draws: the pool's chance of winning with that hand class against opponents who drew as
    # many cards (Laplace-smoothed: rare classes give no certainties), or one minus it for a
    # fold. A player who knows more is right more often.
    per: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0.0])
    for player, bucket, won, stayed in made:
        k, n = wins[bucket]
        p_win = (k + 1) / (n + 2)
        e = p_win if stayed else 1.0 - p_win
        acc = per[player]
        acc[0] += won == stayed
        acc[1] += e
        acc[2] += e * (1 - e)
        acc[3] += 1
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


def old_victim_ledger(pool: OldPool, names: Iterable[str]) -> tuple[LedgerLine, ...]:
    """The ledger of each of ``names`` against every player it shared a hand with, the
    biggest losses first."""
    wanted = set(names)
    hands: dict[tuple[str, str], list[str]] = {}
    lost: dict[tuple[str, str], Decimal] = {}
    won: dict[tuple[str, str], Decimal] = {}
    for entry in pool.hands.values():
        c = entry.copy
        present = wanted.intersection(c.players)
        if not present:
            continue
        for v in present:
            for o in c.players:
                if o != v:
                    hands.setdefault((v, o), []).append(c.hand_id)
        for payer, payee, amount in c.moved:
            if payer in present:
                lost[(payer, payee)] = lost.get((payer, payee), Decimal(0)) + amount
            if payee in present:
                won[(payee, payer)] = won.get((payee, payer), Decimal(0)) + amount
    lines = [
        LedgerLine(v, o, tuple(ids), lost.get((v, o), Decimal(0)), won.get((v, o), Decimal(0)))
        for (v, o), ids in hands.items()
    ]
    lines.sort(key=lambda line: (line.victim, line.net, line.other))
    return tuple(lines)


# ---- the tests -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def population(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Every seat's history of 150 hands of a small population with both kinds of cheats."""
    config = PopulationConfig(players=10, superusers=1, pairs=1, hands_per_table=25)
    out = tmp_path_factory.mktemp("population")
    return write_histories(play_population(150, 37, config), out, labels_of(37, config))


@pytest.fixture(scope="module")
def copies(population: list[Path]) -> list[Copy]:
    """The population's copies read back (each knows only its hero's and the shown cards)."""
    return [observe(replay(hand)) for hand in read_histories(*population)]


def _varied(copies: list[Copy]) -> list[Copy]:
    """The copies with what real pools also hold: all-in values that depend on the copy's
    hero (its own cards), all-ins not valued, and copies that disagree on a part."""
    out = []
    for i, c in enumerate(copies):
        n = int(c.hand_id) % 7
        hero = c.hero or ""
        if n == 0:  # an all-in valued from each hero's own cards: the standing copy's counts
            c = replace(c, allin=tuple((p, len(hero) + 0.25 * k, 1.5) for k, p in
                                       enumerate(c.players[:2])))  # fmt: skip
        elif n == 1 and i % 2:
            c = replace(c, allin_skipped=f"not shown by {hero}")
        elif n == 2 and i % 5 == 0:
            part = i % len(c.digests)
            digests = tuple("f" * 16 if k == part else d for k, d in enumerate(c.digests))
            c = replace(c, digests=digests)
        out.append(c)
    return out


def _close(x: object, y: object) -> bool:
    """Equal, floats to 1e-9 (the new sums run in another order), dataclasses field by field."""
    if isinstance(x, float) and isinstance(y, float):
        return math.isclose(x, y, rel_tol=1e-9, abs_tol=1e-9)
    if isinstance(x, tuple | list) and isinstance(y, tuple | list):
        return len(x) == len(y) and all(_close(a, b) for a, b in zip(x, y, strict=True))
    if is_dataclass(x) and is_dataclass(y) and type(x) is type(y):
        return all(_close(getattr(x, f.name), getattr(y, f.name)) for f in fields(x))
    if isinstance(x, Mapping) and isinstance(y, Mapping):
        return x.keys() == y.keys() and all(_close(x[k], y[k]) for k in x)
    return x == y


def _both(copies: list[Copy], names: tuple[str, ...]) -> tuple[Pool, OldPool]:
    new, old = Pool(names), OldPool()
    for c in copies:
        new.add(c)
        old.add(c)
    return new, old


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False))
def test_compact_pool_scores_equal_the_kept_pool_in_any_order(
    copies: list[Copy], rng: random.Random
) -> None:
    shuffled = _varied(copies)
    rng.shuffle(shuffled)
    names = tuple(sorted({p for c in copies[:3] for p in c.players}))[:3]
    new, old = _both(shuffled, names)
    a, b = screen(new), old_screen(old)
    assert a.hands == b.hands == 150
    assert a.skipped and a.skipped == b.skipped
    assert sum(p.luck.sample for p in a.players) > 0
    assert _close(a.players, b.players)
    assert _close(a.pairs, b.pairs)
    assert new.seen_counts() == old.seen_counts()
    assert new.disagreements and new.disagreements == old.disagreements
    assert victim_ledger(new, names) == old_victim_ledger(old, names)


def test_every_decision_is_settled_once_all_seats_are_read(copies: list[Copy]) -> None:
    new, old = _both(copies, ())
    assert not new.tally.waiting  # every seat's copy read: every needed card known
    assert sum(new.tally.outcomes.values()) > 30
    assert new.seen_counts() == {6: 150}
    assert new.copies("PokerStars", copies[0].hand_id) == 6
    assert _close(screen(new).players, old_screen(old).players)
    # Only the first seat's files: decisions against the others wait, then count for nothing.
    first = [c for c in copies if c.hero == copies[0].hero]
    part, part_old = _both(first, ())
    assert part.tally.waiting
    assert _close(screen(part), old_screen(part_old))


def test_the_pool_keeps_a_small_record_a_hand_not_the_copy(copies: list[Copy]) -> None:
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        pool = Pool()
        pool.extend(copies)
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    # The kept pool held ~4.4 KB a hand (docs/integrity.md); the counters of 10 players'
    # 45 pairs are part of this figure.
    assert kept / len(pool) < 1_000, kept / len(pool)


def test_a_ledger_the_pool_was_not_told_to_keep_is_an_error(copies: list[Copy]) -> None:
    pool = Pool(["nobody"])
    pool.extend(copies[:10])
    assert victim_ledger(pool, ["nobody"]) == ()
    with pytest.raises(ValueError, match="not told to keep the ledger of somebody"):
        victim_ledger(pool, ["somebody"])


def test_the_command_gives_the_same_report_with_workers(
    population: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    reports, statuses = [], []
    for jobs in ("1", "2"):
        statuses.append(main(["integrity", str(population[0].parent), "--json", "--jobs", jobs]))
        reports.append(json.loads(capsys.readouterr().out))
    one, two = reports
    assert statuses[0] == statuses[1] == 0  # 150 hands: nobody above the line yet
    assert one["hands"] == 150 and one["seen_from_seats"] == {"6": 150}
    assert _close(one, two)
