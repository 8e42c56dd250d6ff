"""``histparse integrity`` at scale: a million pooled copies, ``--jobs 1`` against ``--jobs 2``.

``generate``: a population's histories written from every seat (``simulation.population``'s
writer), ``--chunk`` hands at a time into one folder each (the writer holds a chunk's copies
until it writes them), so a chunk's players' files are one session each.

``measure``: runs ``histparse integrity DIR --json --jobs N`` in a fresh process and prints its
wall time, the CPU and peak RSS of the main process (its own ``getrusage`` at the end) and of
each worker (sampled from ``/proc`` every half second: the workers are the fork server's
children, which the main process never waits for, so its ``RUSAGE_CHILDREN`` misses them).

    nice -n 10 python bench/bench_integrity_scale.py generate /tmp/pop170k --hands 170000
    nice -n 10 python bench/bench_integrity_scale.py measure /tmp/pop170k --jobs 2
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import subprocess
import sys
import tempfile
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
report = json.loads(out.getvalue()) if "--json" in sys.argv else {}
print(json.dumps({
    "status": rc, "wall": wall,
    "cpu_main": me.ru_utime + me.ru_stime, "rss_main_mib": me.ru_maxrss / 1024,
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


def _tree(root: int) -> list[int]:
    """``root`` and its descendants."""
    children: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                stat = Path(f"/proc/{name}/stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(ppid, []).append(int(name))
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo.extend(children.get(pid, []))
    return out


def _sample(pid: int) -> tuple[float, float] | None:
    """CPU seconds and peak RSS (MiB) of ``pid`` so far."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    ticks = os.sysconf("SC_CLK_TCK")
    hwm = next((int(x.split()[1]) for x in status.splitlines() if x.startswith("VmHWM")), 0)
    return (int(stat[11]) + int(stat[12])) / ticks, hwm / 1024


def measure(paths: list[str], jobs: int) -> None:
    argv = [sys.executable, "-c", _CHILD, "integrity", *paths, "--json", "--jobs", str(jobs)]
    seen: dict[int, tuple[float, float]] = {}
    # The child's stderr goes to a file: a pipe left unread until the end could fill up.
    with tempfile.TemporaryFile("w+") as err:
        child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=err, text=True)
        while child.poll() is None:
            for pid in _tree(child.pid)[1:]:
                got = _sample(pid)
                if got is not None:
                    # An exited worker (a zombie until reaped) shows its CPU but no memory.
                    was = seen.get(pid, (0.0, 0.0))
                    seen[pid] = (max(was[0], got[0]), max(was[1], got[1]))
            time.sleep(0.5)
        err.seek(0)
        figures = json.loads(err.read().strip().splitlines()[-1])
    workers = [v for v in seen.values() if v[0] >= 0.5]  # not the fork server, the tracker
    figures["jobs"] = jobs
    figures["workers"] = len(workers)
    figures["cpu_workers"] = sum(v[0] for v in workers)
    figures["rss_worker_mib"] = max((v[1] for v in workers), default=0.0)
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
