"""``histparse watch``: how long after a hand is written it is in the dataset, and what a poll
over an unchanged folder costs.

A file of ``--backlog`` simulated hands is watched (``--settle``, ``--interval``), then
``--hands`` more are appended one at a time, each once the watcher has reported the one
before: the time from the write to the watcher's line is the latency (the last hand of a file
waits for ``--settle`` seconds of quiet). Then the watcher's CPU over ``--idle`` seconds of
polling an unchanged folder.

Run: ``python bench/bench_watch.py [--backlog 300] [--hands 10] [--settle 5]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import histparse

HEADER = b"PokerStars Hand #"


def main() -> None:
    """Run the measurement and print it."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--backlog", type=int, default=300)
    ap.add_argument("--hands", type=int, default=10)
    ap.add_argument("--settle", type=float, default=5.0)
    ap.add_argument("--interval", type=float, default=1.0)
    ap.add_argument("--idle", type=float, default=20.0)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        source = base / "all.txt"
        histparse.write_file(source, histparse.simulate(args.backlog + args.hands + 1, seed=4))
        data = source.read_bytes()
        starts = []
        i = data.find(HEADER)
        while i >= 0:
            starts.append(i)
            i = data.find(HEADER, i + 1)
        folder = base / "client"
        folder.mkdir()
        target = folder / "table.txt"
        target.write_bytes(data[: starts[args.backlog]])
        cmd = [sys.executable, "-m", "histparse", "watch", str(folder), "--into"]
        cmd += [str(base / "ds"), "--interval", str(args.interval), "--settle", str(args.settle)]
        t0 = time.monotonic()
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None
        first = proc.stdout.readline().strip()
        print(f"backlog: {first} ({time.monotonic() - t0:.1f} s from start)")
        latencies = []
        for k in range(args.backlog, args.backlog + args.hands):
            with open(target, "ab") as f:
                f.write(data[starts[k] : starts[k + 1]])
            t = time.monotonic()
            proc.stdout.readline()
            latencies.append(time.monotonic() - t)
        before = _cpu(proc.pid)
        time.sleep(args.idle)
        idle = _cpu(proc.pid) - before
        proc.terminate()
        proc.wait()
    print(
        f"latency over {len(latencies)} hands (settle {args.settle:g} s): median "
        f"{statistics.median(latencies):.2f} s, max {max(latencies):.2f} s"
    )
    print(f"idle polling: {idle:.2f} CPU s over {args.idle:g} s ({args.interval:g} s interval)")


def _cpu(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


if __name__ == "__main__":
    main()
