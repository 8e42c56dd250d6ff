"""Benchmark the 2-7 evaluator: lookups per second (one core) and table build cost.

Run: ``python bench/bench_rank.py [--hands N]``. Prints numbers only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import gc
import random
import time
import tracemalloc
from collections.abc import Callable

from histparse.cards import DECK, Card, format_cards
from histparse.ranking import _build, hand_rank, rank_cards, rank_parsed


def best_of(repeats: int, run: Callable[[], object]) -> float:
    """Fastest wall time of several runs: the least disturbed by other work on the machine."""
    times = []
    for _ in range(repeats):
        gc.collect()
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=500_000, help="hands per timing run")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()

    rng = random.Random(1)
    hands: list[tuple[Card, ...]] = [tuple(rng.sample(DECK, 5)) for _ in range(args.hands)]
    texts = [format_cards(h) for h in hands]
    n = len(hands)

    def by_cards() -> None:
        for h in hands:
            rank_cards(*h)

    def by_tuple() -> None:
        for h in hands:
            rank_parsed(h)

    def by_text() -> None:
        for t in texts:
            hand_rank(t)

    def empty_loop() -> None:
        for _h in hands:
            pass

    loop = best_of(args.repeats, empty_loop)
    print(f"hands per run: {n:,}, best of {args.repeats}")
    for label, run in [
        ("rank_cards(*cards)  parsed cards", by_cards),
        ("rank_parsed(cards)  parsed cards", by_tuple),
        ("hand_rank(text)     from strings", by_text),
    ]:
        seconds = best_of(args.repeats, run)
        print(f"{label}: {n / seconds:>12,.0f} lookups/s  ({seconds / n * 1e9:6.0f} ns each)")
    print(f"(bare loop over the hands: {loop / n * 1e9:.0f} ns per hand, included above)")

    build = best_of(args.repeats, _build)
    tracemalloc.start()
    tables = _build()
    size, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    entries = len(tables[0]) + len(tables[1])
    print(f"table build: {build * 1e3:.1f} ms (best of {args.repeats})")
    print(f"tables: {entries:,} keys, {size / 1e6:.2f} MB (build peak {peak / 1e6:.2f} MB)")


if __name__ == "__main__":
    main()
