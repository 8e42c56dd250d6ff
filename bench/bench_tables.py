"""Benchmark tables() + player_stats(): hands per second on one core, and peak memory.

Run: ``python bench/bench_tables.py [--hands N]``. The real Triple Draw hands of
tests/data/pokerstars are parsed once and repeated (with new hand ids and times) up to N.
"""

from __future__ import annotations

import argparse
import dataclasses
import resource
import time
from datetime import timedelta
from pathlib import Path

from histparse.frames import tables
from histparse.parsing import read_histories
from histparse.stats import player_stats

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "pokerstars"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=100_000)
    args = parser.parse_args()
    base = [h for h in read_histories(DATA, on_error="warn") if not h.cancelled]
    hands = [
        dataclasses.replace(
            base[i % len(base)],
            hand_id=str(10**11 + i),
            started_at=base[i % len(base)].started_at + timedelta(minutes=i),
        )
        for i in range(args.hands)
    ]
    # CPU time of this process, less disturbed than wall time on a shared machine; both shown.
    start, cpu0 = time.perf_counter(), time.process_time()
    t = tables(hands)
    mid, cpu1 = time.perf_counter(), time.process_time()
    stats = player_stats(t)
    by_pos = player_stats(t, by="position")
    end, cpu2 = time.perf_counter(), time.process_time()
    n = len(hands)
    print(f"hands: {n}, player rows: {len(t.players)}, action rows: {len(t.actions)}")
    for label, wall, cpu in (
        ("tables()", mid - start, cpu1 - cpu0),
        (f"player_stats x2 ({len(stats)} + {len(by_pos)} rows)", end - mid, cpu2 - cpu1),
        ("tables + stats", end - start, cpu2 - cpu0),
    ):
        print(f"{label:40s} wall {wall:6.2f} s  cpu {cpu:6.2f} s  {n / cpu:8.0f} hands/cpu-s")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS: {peak:.0f} MiB (includes the {n} Hand objects)")


if __name__ == "__main__":
    main()
