"""``histparse integrity`` at scale: a million pooled copies, ``--jobs 1`` against ``--jobs 2``.

``generate``: a population's histories written from every seat (``simulation.population``'s
writer), ``--chunk`` hands at a time into one folder each (the writer holds a chunk's copies
until it writes them), so a chunk's players' files are one session each.

``measure``: runs ``histparse integrity DIR --json --jobs N`` in a fresh process and prints its
wall time, the CPU of the main process and of its workers, and peak RSS of the main process
and of the largest worker (``getrusage``: the children's figure is the largest one's).

    nice -n 10 python bench/bench_integrity_scale.py generate /tmp/pop170k --hands 170000
    nice -n 10 python bench/bench_integrity_scale.py measure /tmp/pop170k --jobs 2
"""

from __future__ import annotations

import argparse
import itertools
import json
import subprocess
import sys
import time
from pathlib import Path

from histparse.simulation.population import (
    PopulationConfig,
    labels_of,
    play_population,
    write_histories,
)

_CHILD = """
import contextlib, io, json, resource, sys, time
from histparse.cli import main
t = time.perf_counter()
out = io.StringIO()
with contextlib.redirect_stdout(out):
    rc = main(sys.argv[1:])
wall = time.perf_counter() - t
me = resource.getrusage(resource.RUSAGE_SELF)
kids = resource.getrusage(resource.RUSAGE_CHILDREN)
report = json.loads(out.getvalue()) if "--json" in sys.argv else {}
print(json.dumps({
    "status": rc, "wall": wall,
    "cpu_main": me.ru_utime + me.ru_stime, "cpu_workers": kids.ru_utime + kids.ru_stime,
    "rss_main_mib": me.ru_maxrss / 1024, "rss_worker_mib": kids.ru_maxrss / 1024,
    "hands": report.get("hands"), "seen_from_seats": report.get("seen_from_seats"),
    "top_player": report["players"][0]["player"] if report.get("players") else None,
    "top_pair": [report["pairs"][0]["a"], report["pairs"][0]["b"]] if report.get("pairs") else None,
}), file=sys.stderr)
"""


def generate(directory: Path, hands: int, chunk: int, seed: int) -> None:
    config = PopulationConfig(superusers=1, pairs=1, pair_share=0.1)
    played = play_population(hands, seed, config)
    t0 = time.process_time()
    for i in itertools.count():
        part = list(itertools.islice(played, chunk))
        if not part:
            break
        write_histories(iter(part), directory / f"part{i:03d}", labels_of(seed, config))
        print(f"part {i}: {len(part)} hands ({time.process_time() - t0:.0f} CPU s)", flush=True)


def measure(paths: list[str], jobs: int) -> None:
    argv = [sys.executable, "-c", _CHILD, "integrity", *paths, "--json", "--jobs", str(jobs)]
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    lines = done.stderr.strip().splitlines()
    figures = json.loads(lines[-1])
    figures["jobs"] = jobs
    print(json.dumps(figures))


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="what", required=True)
    g = sub.add_parser("generate")
    g.add_argument("directory", type=Path)
    g.add_argument("--hands", type=int, default=170_000)
    g.add_argument("--chunk", type=int, default=10_000)
    g.add_argument("--seed", type=int, default=37)
    m = sub.add_parser("measure")
    m.add_argument("paths", nargs="+")
    m.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    if args.what == "generate":
        generate(args.directory, args.hands, args.chunk, args.seed)
    else:
        measure(args.paths, args.jobs)


if __name__ == "__main__":
    main()
