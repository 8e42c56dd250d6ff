"""Draw-equity speed (issue 20): 2-7 evaluations per second through the vectorised path, and
heads-up Monte Carlo with three draws left (targets: >= 5 million/s; 100,000 samples < 0.5 s).

    python bench/bench_equity.py [--hands 2000000] [--samples 100000] [--repeat 5]
    python bench/bench_equity.py --exact        # heads-up exact queries (issue 35)
    python bench/bench_equity.py --auto         # the --full queries under method="auto"
    python bench/bench_equity.py --full         # the full budget's heavy queries (minutes)
    python bench/bench_equity.py --review 2000 [--jobs 2]   # the draw review (issue 35)
    python bench/bench_equity.py --review 3000 --split   # in this process: CPU per kind of query

Prints the best of ``--repeat`` runs (CPU seconds of this process; one core).
"""

from __future__ import annotations

import argparse
import os
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
    parser.add_argument("--exact", action="store_true", help="time the exact paths method")
    parser.add_argument(
        "--full", action="store_true", help="time method='exact' past the quick budget"
    )
    parser.add_argument(
        "--auto", action="store_true", help="time method='auto' on the --full queries"
    )
    parser.add_argument("--review", type=int, default=0, help="review this many simulated hands")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--split", action="store_true", help="with --review: in this process, CPU per query kind"
    )
    args = parser.parse_args()
    if args.exact:
        exact_queries(args.repeat)
        return
    if args.full or args.auto:
        full_queries("auto" if args.auto else "exact")
        return
    if args.review and args.split:
        review_split(args.review)
        return
    if args.review:
        review_hands(args.review, args.jobs)
        return

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


def exact_queries(repeat: int) -> None:
    """CPU time of heads-up exact queries and their peak memory: the first query of the
    process (it builds the tables of class multisets) and the best of ``repeat`` after (a
    query over a few seconds once: its time is the first one's); by
    card classes (``ranked.py``, tried first) and by cards alone (``exact_by_cards``). The
    class paths' cache is emptied before each run: every query is a cold one."""
    import tracemalloc

    from histparse.equity.deal import TooManyDeals
    from histparse.equity.exact import exact_by_cards
    from histparse.equity.ranked import _quick_before_last, _quick_paths, exact_by_ranks

    cases = {
        "7-4-3-2 v 8-5-3-2, one card each, 3 draws": ("7c 4d 3h 2s", "8h 5c 3d 2c", 3),
        "7-4-3-2 v 8-5-3-2, one card each, 2 draws": ("7c 4d 3h 2s", "8h 5c 3d 2c", 2),
        "7-4-3-2 v 8-5-3, one card v two, 2 draws": ("7c 4d 3h 2s", "8h 5c 3d", 2),
        "7-4-3-2 v 8h-5d-3s, one card v two, 2 draws (diamonds tracked)": (
            "7c 4d 3h 2s",
            "8h 5d 3s",
            2,
        ),
        "8h-6h-3h v 9-6-3-2, two cards v one, 2 draws (hearts tracked)": (
            "8h 6h 3h",
            "9d 6c 3s 2h",
            2,
        ),
        "7-4-3-2 v 8-5-3, one card v two, 3 draws (clubs tracked)": ("7c 4d 3h 2s", "8h 5c 3d", 3),
        "7-4-3-2 v 8h-5d-3s, one card v two, 3 draws (diamonds tracked)": (
            "7c 4d 3h 2s",
            "8h 5d 3s",
            3,
        ),
        "7-4-3 v 8-5-3-2, two cards v one, 3 draws": ("7c 4d 3h", "8h 5c 3d 2c", 3),
        "7-4 v 8-5-3-2, three cards v one, 2 draws": ("7c 4d", "8h 5c 3d 2c", 2),
        "7-4 v 8-5-3, three cards v two, 2 draws": ("7c 4d", "8h 5c 3d", 2),
        "7-5-3-2 v pat 9-8-6-4-3, 3 draws": ("7c 5d 3h 2s", "9h 8c 6d 4s 3c", 3),
        "4 clubs 7-5-4-2 v pat 9-8-6-4-3, 2 draws": ("7c 5c 4c 2c", "9h 8d 6d 4s 3h", 2),
    }

    def _clear() -> None:
        _quick_paths.cache_clear()
        _quick_before_last.cache_clear()

    first = True
    for name, (a, b, draws) in cases.items():
        pat = len(b.split()) == 5
        second = Holding.of(b, policy=StandPat()) if pat else Holding.of(b)
        situation = Situation((Holding.of(a), second), draws_left=draws)
        # "classes": flushes apart (flushes.py) where one is possible; "tracked": the suits
        # tracked card by card instead (as before the split); "cards": every card a class.
        for label, method in (
            ("classes", exact_by_ranks),
            ("tracked", lambda s: exact_by_ranks(s, split=False)),
            ("cards", exact_by_cards),
        ):
            start = time.process_time()
            tracemalloc.start()
            try:
                shares, paths = method(situation)
            except TooManyDeals as exc:
                tracemalloc.stop()
                print(f"{name}: {label}: refused after {time.process_time() - start:.2f} s "
                      f"({exc})")  # fmt: skip
                continue
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
            once = time.process_time() - start
            again = repeat if once < 2 else 0
            t = best_of(again, lambda s=situation, m=method: (_clear(), m(s))) if again else once
            build = f", first query {once * 1000:.0f} ms" if first else ""
            first = first and label != "classes"
            print(
                f"{name}: {label}: {t * 1000:.0f} ms{build}, peak {peak / 2**20:.0f} MiB, "
                f"paths {paths}, {float(shares[0]):.4%} = {shares[0]}"
            )


# Queries ``method="auto"`` samples (past the quick budget) and ``method="exact"`` answers or
# refuses within the full one: (player 1, player 2, draws left).
FULL_CASES = (
    ("7c 4d 3h", "8h 5c 2d", 3),  # two cards each, three draws
    ("7c 4d", "8h 5c", 2),  # three cards each, two draws
    ("7c 4d 3h", "8h 5c", 3),  # two cards v three, three draws
    ("7c 4d", "8h 5c 3d", 3),  # three cards v two, three draws
    ("7c 4d 3h 2s", "8h 5c", 3),  # one card v three, three draws
    ("7c 4d 3s 2s", "8h 6h 3h", 3),  # one card v two to a heart flush, three draws
    ("7c 4d 3h 2s", "8h", 2),  # one card v four, two draws
    ("7c 4d 3h 2s", "8h", 3),  # one card v four, three draws
    ("7c 4d 3h", "8h", 2),  # two cards v four, two draws
    ("7c 4d 3h 2d", "8s 6s 3s", 3),  # one card v two to a spade flush, three draws
    ("7c 4d", "8h 5c 3d 2c", 3),  # three cards v one, three draws
    ("7c 4d", "8h 5c", 3),  # three cards each, three draws
    ("7c 4d 3h 2s", "Kh Qd Js Tc 9h", 2),  # one card v five, two draws
    ("7c", "8h", 2),  # four cards each, two draws
)


def full_queries(method: str = "exact") -> None:
    """CPU time and peak RSS of ``equity(method=method)`` on ``FULL_CASES``, each in a fresh
    process (its peak is its own), with the answer or the refusal (``auto``: the method, and
    why the quick budget refused; its time includes the Monte Carlo answer, 100,000 deals)."""
    import resource
    import subprocess
    import sys

    script = (
        "import resource, sys\n"
        "from histparse.equity import Holding, Situation, equity\n"
        "a, b, d = sys.argv[1], sys.argv[2], int(sys.argv[3])\n"
        "s = Situation((Holding.of(a), Holding.of(b)), draws_left=d)\n"
        "try:\n"
        "    found = equity(s, method=sys.argv[4])\n"
        "    e = found.players[0].exact\n"
        "    out = f'{float(e):.4%} = {e}' if e is not None else (\n"
        "        f'{found.players[0].value:.4%} sampled: '\n"
        "        + str(found.not_exact).split('heads-up paths: ')[-1])\n"
        "except ValueError as exc:\n"
        "    out = 'refused: ' + str(exc).split('heads-up paths: ')[-1]\n"
        "peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024\n"
        "print(f'peak {peak:.0f} MiB: {out}')\n"
    )
    for a, b, draws in FULL_CASES:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        done = subprocess.run(
            [sys.executable, "-c", script, a, b, str(draws), method],
            capture_output=True,
            text=True,
        )
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        out = (done.stdout or done.stderr).strip().splitlines()[-1]
        print(f"{a} v {b}, {draws} draws: {cpu:.1f} s CPU, {out}", flush=True)


def review_hands(hands: int, jobs: int) -> None:
    """Wall and CPU time of ``histparse review`` over simulated hands (written to a file)."""
    import subprocess
    import sys
    import tempfile
    from pathlib import Path

    from histparse.simulation import simulate
    from histparse.writing import write_file

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hands.txt"
        write_file(path, simulate(hands, seed=35))
        start = time.perf_counter()
        cpu = time.process_time()
        cmd = [sys.executable, "-m", "histparse", "review", str(path), "--player", "Hero",
               "--jobs", str(jobs), "--top", "0"]  # fmt: skip
        done = subprocess.run(cmd, capture_output=True, text=True, check=True)
        wall = time.perf_counter() - start
        own = time.process_time() - cpu
        children = sum(os.times()[2:4])
        print(done.stdout.splitlines()[0])
        print(f"{hands:,} hands, --jobs {jobs}: {wall:.1f} s wall "
              f"({children:.1f} s CPU in the command, {own:.1f} s here)")  # fmt: skip


def review_split(hands: int) -> None:
    """CPU of ``review`` over simulated hands in this process, and how it splits by (draws
    left, players, method) of the equity queries (one per alternative of a draw)."""
    from collections import defaultdict

    import histparse.review.spots as spots
    from histparse.review import review
    from histparse.simulation import simulate

    played = list(simulate(hands, seed=35))
    split: defaultdict[tuple[int, int, str], list[float]] = defaultdict(list)
    estimates = spots._estimates

    def timed(situations, me, method, samples, seed):  # type: ignore[no-untyped-def]
        start = time.process_time()
        out = estimates(situations, me, method, samples, seed)
        first = situations[0]
        key = (first.draws_left, len(first.holdings), out[0].method.value)
        split[key].append(time.process_time() - start)
        return out

    spots._estimates = timed  # type: ignore[assignment]
    start = time.process_time()
    frame = review(played, "Hero")
    total = time.process_time() - start
    valued = int(frame["reason"].isna().sum())
    print(f"{hands:,} hands: {len(frame)} draws, {valued} valued, {total:.1f} s CPU")
    for (left, players, method), times in sorted(split.items()):
        print(f"  {left} draws left, {players} players, {method}: {len(times)} alternatives, "
              f"{sum(times):.1f} s")  # fmt: skip


if __name__ == "__main__":
    main()
