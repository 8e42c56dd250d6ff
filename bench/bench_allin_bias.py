"""All-in EV bias on fair simulated hands: the hero's won share against its equity.

On a fair deal the hero's won share of the pots, summed over many all-ins with draws left,
is close to its summed equity when the last chip went in. The all-ins are split by what the
EV had to infer (``known``: every contender's cards at the all-in known from the lines;
``guessed``: an opponent drew after the all-in and kept some of its shown cards, which the EV
infers, ``histparse.allin.kept``; ``drew five``: an opponent drew five cards in all after it),
and by the draws left. Each group prints n, the mean (won - equity) per all-in and
z = sum(won - eq) / sqrt(sum eq (1 - eq)).

Run: ``nice -n 19 python bench/bench_allin_bias.py [--seeds 201-206] [--hands 4000]``
(the simulator's ``focus=all-in`` makes all-ins frequent; about 150 all-ins with draws left
per 4,000 hands, about half of them guessed).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import defaultdict
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from histparse.allin import AllInEV, AllInSkipped, allin_ev, snapshot  # noqa: E402
from histparse.fairness.allin import ALLIN_SAMPLES, fairness_record  # noqa: E402
from histparse.replayer import Replay  # noqa: E402
from histparse.simulation import HardCase, SimConfig, simulate  # noqa: E402


def _seeds(text: str) -> list[int]:
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def _kind(record: Replay) -> str:
    """What the EV had to infer: ``known`` (every contender's cards at the all-in known, or
    nothing drawn after), ``guessed`` (an opponent drew after the all-in and kept some of
    its shown cards: the subsets of its shown hand are candidates), ``drew five`` (an
    opponent drew five cards in all after it: nothing of its shown hand was held then)."""
    snap = snapshot(record)
    assert snap is not None and not isinstance(snap, AllInSkipped)
    survived = [5 - sum(snap.draws_after[p]) for p in snap.contenders if p not in snap.known]
    if any(0 < s < 5 for s in survived):
        return "guessed"
    return "drew five" if any(s <= 0 for s in survived) else "known"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seeds", default="201-206", help="a seed or a range, e.g. 201-206")
    ap.add_argument("--hands", type=int, default=4000)
    args = ap.parse_args()
    config = SimConfig(focus=frozenset({HardCase.ALL_IN}))
    # group -> [n, sum(won - eq), sum eq (1 - eq)]
    groups: dict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0.0])
    cpu = 0.0
    for seed in _seeds(args.seeds):
        for hand in simulate(args.hands, seed, config):
            record = fairness_record(hand)
            body = record.body
            hero = "Hero"
            if hero not in body.dealt_in or hero in body.folds or not record.audited:
                continue
            start = time.process_time()
            found = allin_ev(record, samples=ALLIN_SAMPLES)
            cpu += time.process_time() - start
            if not isinstance(found, AllInEV) or found.draws_left == 0:
                continue
            try:
                eq = min(1.0, max(0.0, found.player(hero).equity))
            except KeyError:
                continue
            stake = sum((p.net for p in record.pots if hero in p.eligible), Decimal(0))
            if stake <= 0:
                continue
            won = sum((a for p in record.pots for who, a in p.shares if who == hero), Decimal(0))
            share = float(won / stake)
            kind = _kind(record)
            keys = (kind, f"{kind}, {found.draws_left} draws left", "all", f"seed {seed}")
            for key in keys:
                g = groups[key]
                g[0] += 1
                g[1] += share - eq
                g[2] += eq * (1 - eq)
    print(f"seeds {args.seeds}, {args.hands} hands each; all-in EV CPU {cpu:.1f} s")
    print(f"{'group':<38} {'n':>5} {'won-eq':>8} {'z':>6}")
    for key in sorted(groups):
        n, diff, var = groups[key]
        z = diff / math.sqrt(var) if var else float("nan")
        print(f"{key:<38} {int(n):>5} {diff / n:>+8.3f} {z:>+6.2f}")


if __name__ == "__main__":
    main()
