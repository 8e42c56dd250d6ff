"""Export at scale: wall, CPU and peak RSS of every process, dataset size, then ``stats --by
position`` on the dataset (issue 34, items 6 and 7).

    python bench/bench_scale.py --corpus /work/bench/c100k.txt --jobs 2
    python bench/bench_scale.py --corpus /work/bench/c100k.txt --copies 100 --jobs 2  # 10M

``--copies N`` first writes the corpus N times into one file (``--workdir``), each copy with
its own hand ids (the copy number added above the corpus's 17 digits) and table names, so
that nothing is a repeat and no table runs across copies. The export runs as a user runs it
(``python -m histparse export -q``) under a sampler that reads ``/proc`` every
``--interval`` seconds: each process's peak RSS is its ``VmHWM`` (the kernel's own peak, not a
sample) and its CPU the last ``utime + stime`` seen. The main process is the one the sampler
started; the others are the forkserver's workers.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

_HEAD = re.compile(rb"^(PokerStars Hand #)(\d+):", re.M)
_TABLE = re.compile(rb"^(Table ')([^']*)(')", re.M)


def copies(corpus: Path, n: int, out: Path) -> int:
    """``corpus`` ``n`` times into ``out``, each copy with new hand ids and table names;
    returns the number of hands."""
    text = corpus.read_bytes()
    hands = len(_HEAD.findall(text))
    with open(out, "wb") as f:
        for k in range(n):
            f.write(_TABLE.sub(_table_of(k), _HEAD.sub(_id_of(k), text)))
    return hands * n


def _id_of(k: int) -> Callable[[re.Match[bytes]], bytes]:
    """A hand header of copy ``k``: its id plus ``k`` above the corpus's 17 digits."""
    return lambda m: m[1] + str(k * 10**17 + int(m[2])).encode() + b":"


def _table_of(k: int) -> Callable[[re.Match[bytes]], bytes]:
    """A table line of copy ``k``: the table's name and `` k``."""
    return lambda m: m[1] + m[2] + f" {k}".encode() + m[3]


def _tree(root: int) -> list[int]:
    kids: dict[int, list[int]] = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                stat = Path(f"/proc/{d}/stat").read_text()
            except OSError:
                continue
            kids.setdefault(int(stat.rsplit(")", 1)[1].split()[1]), []).append(int(d))
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo.extend(kids.get(pid, []))
    return out


def sampled(
    cmd: list[str], interval: float, *, quiet: bool = False, trace: Path | None = None
) -> tuple[float, dict[int, list[float]]]:
    """Run ``cmd`` (its output dropped if ``quiet``); its wall time and, per process,
    ``[peak RSS MiB, CPU s, is main]``. ``trace``: a file that gets a line per sample, the
    seconds since the start and each process's current RSS in KiB (``pid:rss``)."""
    tick = os.sysconf("SC_CLK_TCK")
    start = time.time()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL if quiet else None)
    seen: dict[int, list[float]] = {}
    log = open(trace, "w") if trace is not None else None  # noqa: SIM115 (closed below)
    while proc.poll() is None:
        now: list[str] = []
        for pid in _tree(proc.pid):
            try:
                stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                status = Path(f"/proc/{pid}/status").read_text()
            except OSError:
                continue
            cpu = (int(stat[11]) + int(stat[12])) / tick
            fields = dict(x.split(":", 1) for x in status.splitlines() if ":" in x)
            if "VmHWM" not in fields:
                continue  # the process has ended (a zombie has no memory lines)
            hwm = int(fields["VmHWM"].split()[0])
            row = seen.setdefault(pid, [0.0, 0.0, float(pid == proc.pid)])
            row[0], row[1] = max(row[0], hwm / 1024), max(row[1], cpu)
            now.append(f"{pid}:{fields['VmRSS'].split()[0]}")
        if log is not None:
            print(f"{time.time() - start:.0f}", *now, file=log, flush=True)
        time.sleep(interval)
    if log is not None:
        log.close()
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{cmd[0]} ended with {proc.returncode}")
    return time.time() - start, seen


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--corpus", type=Path, required=True)
    p.add_argument("--copies", type=int, default=1)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--workdir", type=Path, default=Path("/tmp/bench_scale"))
    p.add_argument("--interval", type=float, default=1.0)
    p.add_argument("--no-stats", action="store_true")
    p.add_argument("--trace", type=Path, help="a file for each process's RSS at every sample")
    args = p.parse_args()
    args.workdir.mkdir(parents=True, exist_ok=True)
    corpus = args.corpus
    if args.copies > 1:
        corpus = args.workdir / f"corpus_x{args.copies}.txt"
        if not corpus.exists():
            print(f"writing {corpus}: {copies(args.corpus, args.copies, corpus):,} hands")
    with open(corpus, "rb") as f:
        hands = sum(len(_HEAD.findall(block)) for block in iter(lambda: f.read(1 << 26), b""))
    out = args.workdir / f"ds_x{args.copies}_j{args.jobs}"
    shutil.rmtree(out, ignore_errors=True)
    cmd = [sys.executable, "-m", "histparse", "export", str(corpus), "--out", str(out), "-q"]
    wall, seen = sampled([*cmd, "--jobs", str(args.jobs)], args.interval, trace=args.trace)
    load = os.getloadavg()
    n = hands
    size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
    files = sum(1 for _ in out.rglob("*.parquet"))
    print(
        f"export --jobs {args.jobs}: {wall:.1f} s wall; dataset {size / 2**20:.1f} MiB in "
        f"{files} files; load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}"
    )
    for pid, (rss, cpu, is_main) in sorted(seen.items(), key=lambda kv: -kv[1][2]):
        if cpu >= 0.5 or is_main:
            per = f", {cpu / n * 1e6:.0f} us a hand" if n else ""
            who = "main" if is_main else "worker"
            print(f"  {who} {pid}: peak RSS {rss:.0f} MiB, CPU {cpu:.1f} s{per}")
    if not args.no_stats:
        stats = [sys.executable, "-m", "histparse", "stats", str(out), "--by", "position"]
        swall, sseen = sampled(stats, args.interval, quiet=True)
        rss, cpu = max(v[0] for v in sseen.values()), sum(v[1] for v in sseen.values())
        print(f"stats --by position: {swall:.1f} s wall, {cpu:.1f} s CPU, peak RSS {rss:.0f} MiB")


if __name__ == "__main__":
    main()
