"""Hands per second for ``histparse generate``: simulate through the engine and write the
PokerStars file, on one core, per structure; then the hard-case counts of a default run.

Rates are per CPU second of this process (``time.process_time``), so that other work on the
machine does not skew them; the streaming run also prints the wall-clock time.

Usage: python bench/bench_generate.py [HANDS] [CENSUS_HANDS]  (defaults 20000 and 10000)
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from decimal import Decimal

from histparse.game import LimitType
from histparse.simulation import SimConfig, TournamentStructure, census, simulate
from histparse.writing import write_file

CONFIGS = {
    "cash fixed limit 6-max": SimConfig(),
    "cash no limit 6-max": SimConfig(
        limit=LimitType.NO_LIMIT, stakes=(Decimal("0.25"), Decimal("0.50"))
    ),
    "cash pot limit 3-handed": SimConfig(
        players=3, limit=LimitType.POT, stakes=(Decimal("0.50"), Decimal("1"))
    ),
    "sit & go fixed limit 6": SimConfig(tournament=TournamentStructure()),
    "sit & go no limit heads-up": SimConfig(
        players=2, limit=LimitType.NO_LIMIT, tournament=TournamentStructure()
    ),
}


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    census_hands = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "generated.txt")
        for label, config in CONFIGS.items():
            start = time.process_time()
            generated = list(simulate(hands, 1, config))
            simulated = time.process_time()
            write_file(path, generated)
            done = time.process_time()
            size = os.path.getsize(path)
            print(
                f"{label:28} {hands / (done - start):7,.0f} hands/s simulate+write "
                f"({hands / (simulated - start):7,.0f} simulate, "
                f"{hands / (done - simulated):7,.0f} write; {size / hands:,.0f} bytes/hand)"
            )
            del generated
        start, wall = time.process_time(), time.perf_counter()
        written = write_file(path, simulate(hands, 2))
        elapsed, wall = time.process_time() - start, time.perf_counter() - wall
        print(
            f"streaming generate ({written:,} hands, default cash): {written / elapsed:,.0f} "
            f"hands/s ({elapsed:.1f} s CPU, {wall:.1f} s wall)"
        )
    print(f"\nhard cases in {census_hands:,} default cash hands (seed 1):")
    print(census(simulate(census_hands, 1)).report())


if __name__ == "__main__":
    main()
