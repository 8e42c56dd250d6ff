"""Benchmark the PokerStars writer: hands written per second (one core) and file throughput.

Run: ``python bench/bench_write.py [--hands N] [--data DIR]``. The real Triple Draw hands of
``tests/data/pokerstars/`` are parsed once and repeated up to N hands; then ``write_hand`` on
each, ``write_hands`` for the whole list and ``write_file`` to a temporary file are timed (best
of several runs). Prints numbers only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from histparse.events import Hand
from histparse.game import Game
from histparse.parsing import read_histories
from histparse.writing import write_file, write_hand, write_hands

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "pokerstars"


def best_of(repeats: int, run: Callable[[], object]) -> float:
    """Fastest wall time of several runs: the least disturbed by other work on the machine."""
    times = []
    for _ in range(repeats):
        gc.collect()
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def real_td_hands(data: Path) -> list[Hand]:
    """Every parsed 2-7 Triple Draw hand of the PokerStars files in ``data``."""
    paths = sorted(data.glob("*.txt"))
    if not paths:
        raise SystemExit(f"no PokerStars files in {data}")
    return [h for h in read_histories(*paths) if h.game is Game.TRIPLE_DRAW_27]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=50_000, help="hands per timing run")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--data", type=Path, default=DATA, help="folder of PokerStars files")
    args = parser.parse_args()

    base = real_td_hands(args.data)
    hands = list(itertools.islice(itertools.cycle(base), args.hands))
    n = len(hands)
    chars = sum(len(write_hand(h)) for h in base) * n / len(base)
    print(f"{len(base)} distinct real TD hands repeated to {n} hands (~{chars / 1e6:.1f} MB)")

    def each() -> None:
        for h in hands:
            write_hand(h)

    t = best_of(args.repeats, each)
    print(f"write_hand:  {n / t:10,.0f} hands/s  ({t * 1e6 / n:.1f} us/hand)")

    t = best_of(args.repeats, lambda: write_hands(hands))
    print(f"write_hands: {n / t:10,.0f} hands/s  ({chars / t / 1e6:.1f} M chars/s)")

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "bench.txt"
        t = best_of(args.repeats, lambda: write_file(out, hands))
        size = out.stat().st_size
        print(f"write_file:  {n / t:10,.0f} hands/s  ({size / t / 1e6:.1f} MB/s, {size:,} bytes)")

        # write_file streams hand by hand: its peak memory does not grow with the file.
        tracemalloc.start()
        write_file(out, hands)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(f"write_file peak extra memory: {peak / 1e3:.0f} kB for {n} hands")


if __name__ == "__main__":
    main()
