"""Audit speed: parse + replay + every check, hands per second on one core, and peak memory.

Two workloads, each written to one large file and read back the way ``histparse audit`` does
(``audit_results(read_results(path))``, findings consumed as they stream):

* ``real``: the real PokerStars 2-7 Triple Draw hands of ``tests/data/pokerstars``, repeated;
* ``simulated``: hands from ``histparse.simulation`` with every hard case forced (side pots,
  splits, caps, reshuffles), written with ``histparse.writing``.

For each: parse alone, then parse + audit, as wall-clock and CPU-time rates (CPU time is what
one core spends; wall clock also counts waiting on a busy machine), then the audit alone
(replay and checks of already parsed hands) and the peak traced memory while streaming.
Run: ``python bench/bench_audit.py [--repeat N] [--simulated N] [--rounds R] [--file PATH]``;
``--file`` measures a history file of your own instead (e.g. the first 10,000 hands of the
simulated scale corpus), with per-hand times.
"""

from __future__ import annotations

import argparse
import gc
import resource
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from histparse.auditor import audit, audit_results
from histparse.events import Hand
from histparse.game import Game
from histparse.parsing import ParseError, read_histories, read_results
from histparse.simulation import HardCase, SimConfig, simulate
from histparse.writing import write_file

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "pokerstars"
SHARED = Path("/work/shared/real_histories/pokerstars")


def real_td_text() -> str:
    """The raw text of every real TD hand, each followed by the usual three blank lines."""
    folder = DATA if DATA.is_dir() else SHARED
    texts = []
    for result in read_results(folder):
        if isinstance(result, ParseError):
            raise SystemExit(f"a real hand does not parse: {result}")
        if isinstance(result, Hand) and result.game is Game.TRIPLE_DRAW_27:
            texts.append(result.source.text.replace("\r\n", "\n"))
    return "\n\n\n\n".join(texts) + "\n\n\n\n"


def timed(work: Callable[[], int], rounds: int) -> tuple[int, float, float]:
    """Best wall-clock and CPU time of ``rounds`` runs of ``work`` (returns the hand count)."""
    best = best_cpu = float("inf")
    count = 0
    for _ in range(rounds):
        gc.collect()
        start, start_cpu = time.perf_counter(), time.process_time()
        count = work()
        best = min(best, time.perf_counter() - start)
        best_cpu = min(best_cpu, time.process_time() - start_cpu)
    return count, best, best_cpu


def parse_only(path: Path) -> int:
    return sum(1 for r in read_results(path) if isinstance(r, Hand))


def parse_and_audit(path: Path) -> int:
    run = audit_results(read_results(path))
    for _ in run:
        pass
    return run.counts.parsed


def audit_only(hands: list[Hand]) -> int:
    for _ in audit(hands):
        pass
    return len(hands)


def rates(what: str, n: int, wall: float, cpu: float) -> None:
    print(
        f"  {what:15s} {n / wall:8,.0f} hands/s wall, {n / cpu:8,.0f} hands/s CPU"
        f" ({cpu / n * 1e6:6.1f} us/hand CPU)"
    )


def report(path: Path, rounds: int) -> None:
    rates("parse:", *timed(lambda: parse_only(path), rounds))
    rates("parse + audit:", *timed(lambda: parse_and_audit(path), rounds))
    parsed = list(read_histories(path))
    rates("audit alone:", *timed(lambda: audit_only(parsed), rounds))
    parsed.clear()
    gc.collect()
    tracemalloc.start()
    parse_and_audit(path)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print(f"  peak traced memory while streaming parse + audit: {peak / 1e6:.2f} MB")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=100, help="copies of the real TD hands")
    parser.add_argument("--simulated", type=int, default=3000, help="simulated hands")
    parser.add_argument("--rounds", type=int, default=3, help="timed runs (best is reported)")
    parser.add_argument("--file", type=Path, help="measure this history file only")
    args = parser.parse_args()
    if args.file is not None:
        print(f"{args.file}:")
        report(args.file, args.rounds)
        return 0

    with tempfile.TemporaryDirectory() as tmp:
        real = Path(tmp) / "real_td_repeated.txt"
        unit = real_td_text()
        with open(real, "w", encoding="utf-8", newline="\n") as f:
            for _ in range(args.repeat):
                f.write(unit)
        hands = unit.count("PokerStars ") * args.repeat
        print(f"real: {hands} hands (the real TD hands x {args.repeat})")
        report(real, args.rounds)

        sim = Path(tmp) / "simulated.txt"
        config = SimConfig(focus=frozenset(HardCase), path=str(sim))
        write_file(sim, simulate(args.simulated, seed=1, config=config))
        print(f"simulated: {args.simulated} hands, every hard case forced")
        report(sim, args.rounds)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    scale = 1 if sys.platform == "darwin" else 1024
    print(f"max resident set size of the process: {rss * scale / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
