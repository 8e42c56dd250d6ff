"""Time and peak memory of planning pieces for a file with a long run of blank lines before a
header (issue 22: it was quadratic). ``python bench/bench_blank_run.py [MB]``."""

from __future__ import annotations

import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from histparse.parallel.pieces import plan_pieces

HANDS = Path(__file__).resolve().parents[1] / "tests" / "data" / "hardening" / "three_hands.txt"


def main() -> None:
    mb = int(sys.argv[1]) if len(sys.argv) > 1 else 64
    text = HANDS.read_bytes()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "blank.txt"
        with open(path, "wb") as f:
            f.write(text)
            f.write(b"\n" * (mb << 20))
            f.write(text.replace(b"Hand #6", b"Hand #8"))
        tracemalloc.start()
        start = time.perf_counter()
        pieces = list(plan_pieces([str(path)], 2))
        took = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1]
    print(f"{mb} MB of blank lines: {len(pieces)} pieces in {took:.2f} s, peak {peak >> 20} MB")


if __name__ == "__main__":
    main()
