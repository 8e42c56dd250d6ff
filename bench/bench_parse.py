"""Parsing speed: the real PokerStars 2-7 Triple Draw hands, repeated into one large file.

Prints hands per second for reading + parsing into events (one core), the "raw floor" (reading
the file and splitting it into lines and hands, nothing more) and the ratio of the two, and the
peak memory, measured two ways: tracemalloc (Python allocations while streaming) and the
process's maximum resident set size. The parser's caches are emptied before every timed run.
Run: ``python bench/bench_parse.py [--repeat N] [--rounds R]``.
"""

from __future__ import annotations

import argparse
import gc
import resource
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from histparse.events import Hand
from histparse.game import Game
from histparse.parsing import ParseError, read_results
from histparse.sites.pokerstars.header import clear_header_cache
from histparse.sites.pokerstars.verbs import clear_caches

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "pokerstars"
SHARED = Path("/work/shared/real_histories/pokerstars")


def td_hands_text() -> str:
    """The raw text of every real TD hand (each followed by the usual three blank lines)."""
    folder = DATA if DATA.is_dir() else SHARED
    texts = []
    for result in read_results(folder):
        if isinstance(result, ParseError):
            raise SystemExit(f"a real hand does not parse: {result}")
        if isinstance(result, Hand) and result.game is Game.TRIPLE_DRAW_27:
            texts.append(result.source.text.replace("\r\n", "\n"))
    if not texts:
        raise SystemExit(f"no Triple Draw hands found in {folder}")
    return "\n\n\n\n".join(texts) + "\n\n\n\n"


def raw_floor(path: Path) -> int:
    """Read the file, decode it, split it into lines and group the lines into hands at blank
    lines, keeping each hand's lines: what any reader does before parsing. Returns the hands."""
    hands = 0
    lines: list[str] = []
    with open(path, encoding="utf-8", newline="") as f:
        for line in f:
            if not line.isspace():
                lines.append(line)
            elif lines:
                hands += 1
                lines = []
    return hands + (1 if lines else 0)


def run_floor(path: Path) -> tuple[int, float, float]:
    """Hands found by ``raw_floor``, wall seconds, CPU seconds."""
    gc.collect()
    start = time.perf_counter()
    cpu_start = time.process_time()
    count = raw_floor(path)
    return count, time.perf_counter() - start, time.process_time() - cpu_start


def run(path: Path, trace: bool) -> tuple[int, float, float, int]:
    """Hands read, wall seconds, CPU seconds of this process, peak traced bytes."""
    clear_caches()
    clear_header_cache()
    gc.collect()
    if trace:
        tracemalloc.start()
    start = time.perf_counter()
    cpu_start = time.process_time()
    count = 0
    for result in read_results(path):
        if not isinstance(result, Hand):
            raise SystemExit(f"unexpected result: {result}")
        count += 1
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    peak = 0
    if trace:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return count, elapsed, cpu, peak


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=500, help="copies of the TD hands")
    parser.add_argument("--rounds", type=int, default=3, help="timed runs (best is reported)")
    args = parser.parse_args()

    unit = td_hands_text()
    per_copy = unit.count("PokerStars ")
    lines = unit.count("\n")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "td_repeated.txt"
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            for _ in range(args.repeat):
                f.write(unit)
        size = path.stat().st_size
        print(
            f"file: {per_copy * args.repeat} hands ({per_copy} real TD hands x {args.repeat}), "
            f"{size / 1e6:.1f} MB, {lines / per_copy:.0f} lines per hand"
        )
        best = best_cpu = float("inf")
        count = 0
        for _ in range(args.rounds):
            count, elapsed, cpu, _ = run(path, trace=False)
            best = min(best, elapsed)
            best_cpu = min(best_cpu, cpu)
        print(
            f"parse: {count / best:,.0f} hands/s wall clock (best of {args.rounds}, {best:.2f} s)"
        )
        # CPU time is what one core spends; wall clock also counts waiting for a busy machine.
        print(f"parse: {count / best_cpu:,.0f} hands/s of CPU time ({best_cpu:.2f} s)")
        floor = floor_cpu = float("inf")
        for _ in range(args.rounds):
            found, elapsed, cpu = run_floor(path)
            if found != count:
                raise SystemExit(f"the raw floor found {found} hands, the parser {count}")
            floor = min(floor, elapsed)
            floor_cpu = min(floor_cpu, cpu)
        print(
            f"raw floor (read + split into lines and hands): {count / floor:,.0f} hands/s wall "
            f"clock, {count / floor_cpu:,.0f} hands/s of CPU time"
        )
        print(f"parse / raw floor: {floor_cpu / best_cpu:.1%} (CPU time)")
        _, _, _, peak = run(path, trace=True)
        print(f"peak traced memory while streaming: {peak / 1e6:.2f} MB")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    scale = 1 if sys.platform == "darwin" else 1024
    print(f"max resident set size of the process: {rss * scale / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
