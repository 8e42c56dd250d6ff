"""Peak memory of ``export`` on a big Merge XML file beside a PokerStars file of as many hands.

Generates (in a temporary folder, or ``--dir``, kept between runs) a Merge file of about
``--mb`` megabytes with ``histparse generate --site merge`` and a PokerStars file of the same
hand count and seed, then exports each in a fresh process (``--jobs 1``) and prints hands, CPU
seconds and the child's peak resident set size, and the Merge / PokerStars ratio (issue 38's
target: at most 1.5). Run: ``nice -n 10 python bench/bench_merge_export.py [--mb 100]``.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# A generated Merge game is about 2,165 bytes (2,000 games: 4,329,003 bytes).
_MERGE_BYTES_PER_HAND = 2165


# Run in a fresh Python of its own, so that RUSAGE_CHILDREN's peak is this one command's only.
_MEASURE = (
    "import resource, subprocess, sys\n"
    "done = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
    "use = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
    "print(done.returncode, use.ru_utime + use.ru_stime, use.ru_maxrss)\n"
    "sys.stderr.write(done.stderr)\n"
)


def _run(args: list[str]) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds and peak RSS (KiB) of one child process."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", _MEASURE, *args], capture_output=True, text=True, check=True
    )
    wall = time.perf_counter() - start
    status, cpu, peak = done.stdout.split()
    if int(status) not in (0, 1):
        sys.exit(f"{' '.join(args)}: exit {status}\n{done.stderr}")
    return wall, float(cpu), int(peak)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mb", type=float, default=100.0)
    parser.add_argument("--dir", type=Path, default=None)
    opts = parser.parse_args()
    folder = opts.dir or Path(tempfile.mkdtemp(prefix="bench-merge-export-"))
    folder.mkdir(parents=True, exist_ok=True)
    hands = int(opts.mb * (1 << 20) / _MERGE_BYTES_PER_HAND)
    py = [sys.executable, "-m", "histparse"]
    files = {"merge": folder / "big-merge.xml", "pokerstars": folder / "big-pokerstars.txt"}
    for site, path in files.items():
        if not path.exists():
            gen = [*py, "generate", "--hands", str(hands), "--seed", "1", "--out", str(path), "-q"]
            _run([*gen, "--site", site])
    rss: dict[str, int] = {}
    for site in ("pokerstars", "merge"):
        path = files[site]
        out = folder / f"dataset-{site}"
        subprocess.run(["rm", "-rf", str(out)], check=True)
        wall, cpu, peak = _run([*py, "export", str(path), "--out", str(out), "--jobs", "1", "-q"])
        rss[site] = peak
        size = path.stat().st_size / (1 << 20)
        print(
            f"{site:<10} {hands:,} hands, {size:.1f} MiB: wall {wall:.1f} s, cpu {cpu:.1f} s, "
            f"peak RSS {peak / 1024:.0f} MiB"
        )
    print(f"merge / pokerstars peak RSS: {rss['merge'] / rss['pokerstars']:.2f}")


if __name__ == "__main__":
    main()
