"""Draw-equity speed (issue 20): 2-7 evaluations per second through the vectorised path, and
heads-up Monte Carlo with three draws left (targets: >= 5 million/s; 100,000 samples < 0.5 s).

    python bench/bench_equity.py [--hands 2000000] [--samples 100000] [--repeat 5]

Prints the best of ``--repeat`` runs (CPU seconds of this process; one core).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np

from histparse.equity import Holding, Situation, StandPat, equity, evaluate, evaluate_columns
from histparse.equity.deal import monte_carlo


def best_of(repeat: int, job: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        start = time.process_time()
        job()
        times.append(time.process_time() - start)
    return min(times)


def random_hands(n: int, seed: int = 1) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return rng.permuted(np.broadcast_to(np.arange(52, dtype=np.int8), (n, 52)), axis=1)[:, :5]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=2_000_000)
    parser.add_argument("--samples", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    hands = np.ascontiguousarray(random_hands(args.hands))
    columns = [np.ascontiguousarray(hands[:, i]) for i in range(5)]
    t_cols = best_of(args.repeat, lambda: evaluate_columns(*columns))
    t_rows = best_of(args.repeat, lambda: evaluate(hands))
    print(f"evaluate_columns: {args.hands / t_cols / 1e6:6.1f} million hands/s")
    print(f"evaluate (n, 5):  {args.hands / t_rows / 1e6:6.1f} million hands/s")

    cases = {
        "heads-up, 3 draws, both drawing": Situation(
            (Holding.of("7c 5d 3h 2s 9d"), Holding.of("9h 8c 6d 4s 3c")), draws_left=3
        ),
        "heads-up, 3 draws, one pat": Situation(
            (Holding.of("8c 5d 4h 3s 2d", policy=StandPat()), Holding.of("Kh 7c 6d 3c 2h")),
            draws_left=3,
        ),
        "six players, 3 draws, all unknown (R-DRAW-3 often)": Situation(
            tuple(Holding.of("", hidden=5) for _ in range(6)), draws_left=3
        ),
    }
    for name, situation in cases.items():
        t_mc = best_of(args.repeat, lambda s=situation: monte_carlo(s, args.samples, 1))
        t_eq = best_of(args.repeat, lambda s=situation: equity(s, samples=args.samples, seed=1))
        method = equity(situation, samples=args.samples, seed=1).method.value
        print(
            f"{name}: {args.samples:,} samples: monte_carlo {t_mc:.3f} s, "
            f"equity() {t_eq:.3f} s ({method})"
        )


if __name__ == "__main__":
    main()
