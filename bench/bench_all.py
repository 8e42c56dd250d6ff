"""One command, one table: histparse against the raw floor and pokerkit on the same hands.

On one simulated corpus of N fixed-limit 2-7 Triple Draw cash hands (``histparse generate
--hands N --seed S``, written both as a PokerStars history and as PHH; cached in ``--corpus``):

1. raw floor: read the file, decode it, split it into lines and hands (the reader's own
   splitting), nothing more;
2. histparse parse (``read_results``);
3. histparse parse + audit (``audit_results``: replay through the rules engine and checks);
4. histparse export to Parquet (``export_histories``, jobs=1: parse + audit + tables + write);
5. pokerkit 0.7.7 loading the same hands from PHH (``HandHistory.load_all``) and replaying
   each to its end.

Each row runs in a fresh process. Rates are hands per CPU second of that process (user +
system), i.e. per core, so other work on the machine does not skew them; peak memory is the
process's max RSS. Then the ``--jobs`` rows: parse, parse + audit and export with 1 and with 2
worker processes, by wall clock (these need an otherwise idle machine to mean anything).

Then, unless skipped: export of many small files (``--small-files N`` files of 1-5 hands each,
cut from the corpus, ``--jobs 2``, wall clock, per file, and CPU of all the processes), and
``stats`` from a 1,000,000-hand dataset (``bench_stats.py``; ``--stats`` builds it in the temp
directory once), and with ``--equity`` and ``--fairness`` the draw-equity evaluator and Monte
Carlo rates (``bench_equity.py``) and ``histparse fairness`` against ``histparse audit`` on the
corpus (``bench_fairness.py --speed``). fpdb is a reference, not a row: issue 23 measured
parse + audit at about 15 times fpdb's PokerStars parser alone (its hand objects, no
database), per CPU second.

Run: ``python bench/bench_all.py [--hands N] [--seed S] [--corpus DIR] [--no-jobs]
[--small-files N] [--stats] [--equity] [--fairness]``. One row alone, in this process:
``--row ROW --file F [--jobs J]``
(ROW: raw, parse, audit, export, pokerkit, parse-jobs, audit-jobs, small-files, or ``tables``:
the export's table building alone, ``frames.table_data`` with the all-in EV, on hands parsed
before the clock starts).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _cpu_all() -> float:
    """CPU seconds of this process and its descendants: those reaped (``RUSAGE_CHILDREN``), and
    the live children with what they reaped (the forkserver, whose children were the pool's
    workers: it outlives the pool, so its figures are read from ``/proc``)."""
    total = _cpu()
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    total += r.ru_utime + r.ru_stime
    tick = os.sysconf("SC_CLK_TCK")
    me = os.getpid()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == me:  # the parent pid; then utime, stime, cutime, cstime
            total += sum(int(f) for f in fields[11:15]) / tick
    return total


def pokerkit_replay(path: str | Path) -> int:
    """pokerkit loading the PHH file ``path`` and replaying each hand to its end: the hands."""
    import warnings

    from pokerkit import HandHistory

    with open(path, "rb") as f:
        histories = list(HandHistory.load_all(f))
    with warnings.catch_warnings():
        # Dealing from the reserve (the discards reshuffled) makes pokerkit warn.
        warnings.filterwarnings("ignore", message="Returning reserved")
        for history in histories:
            deque(history, maxlen=1)
    return len(histories)


def _prepare(row: str, path: str, jobs: int) -> Callable[[], int]:
    """Import what ``row`` needs (not timed) and return the timed work: hands processed."""
    from histparse.auditor import audit_results
    from histparse.events import Hand
    from histparse.export import export_histories
    from histparse.frames.build import table_data
    from histparse.parallel import audit_paths, count_piece, ordered_map, pieces_for
    from histparse.parsing import decoded_lines, read_results
    from histparse.parsing.reader import split_chunks

    # ``--row tables``: the export's table building alone, on hands parsed before the clock.
    parsed = [r for r in read_results(path) if isinstance(r, Hand)] if row == "tables" else []

    def tables_only() -> int:
        return sum(len(d.hands["hand_id"]) for d in table_data(parsed))

    def raw() -> int:
        return sum(1 for _ in split_chunks(decoded_lines(path), path))

    def parse() -> int:
        return sum(1 for r in read_results(path) if isinstance(r, Hand))

    def audit() -> int:
        run = audit_results(read_results(path))
        deque(run, maxlen=0)
        return run.counts.parsed

    def export() -> int:
        with tempfile.TemporaryDirectory() as tmp:
            return export_histories([path], Path(tmp) / "ds", jobs=jobs).parsed

    # The --jobs rows: the code path of the commands, for any number of jobs.
    def parse_jobs() -> int:
        pieces = ordered_map(count_piece, pieces_for([path], jobs=jobs), jobs=jobs)
        return sum(p.counts.parsed for p in pieces)

    def audit_jobs() -> int:
        run = audit_paths([path], jobs=jobs)
        deque(run, maxlen=0)
        return run.counts.parsed

    def replay_phh() -> int:
        return pokerkit_replay(path)

    def small_files() -> int:
        # ``path`` is a folder of small files.
        with tempfile.TemporaryDirectory() as tmp:
            return export_histories([path], Path(tmp) / "ds", jobs=jobs).parsed

    if row == "pokerkit":
        importlib.import_module("pokerkit")  # before the clock starts
    work: dict[str, Callable[[], int]] = {
        "raw": raw,
        "parse": parse,
        "audit": audit,
        "export": export,
        "parse-jobs": parse_jobs,
        "audit-jobs": audit_jobs,
        "pokerkit": replay_phh,
        "small-files": small_files,
        "tables": tables_only,
    }
    return work[row]


def _child(args: argparse.Namespace) -> None:
    """Run one row in this process and print its figures as JSON."""
    work = _prepare(args.row, args.file, args.jobs)
    start_all, start_cpu, start = _cpu_all(), _cpu(), time.perf_counter()
    hands = work()
    wall = time.perf_counter() - start
    cpu = _cpu() - start_cpu
    cpu_all = _cpu_all() - start_all  # with the worker processes'
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"hands": hands, "cpu": cpu, "cpu_all": cpu_all, "wall": wall, "rss": rss}))


def _run(row: str, path: Path, jobs: int = 1) -> dict[str, float]:
    cmd = [sys.executable, __file__, "--row", row, "--file", str(path), "--jobs", str(jobs)]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True, cwd=ROOT).stdout
    result: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    return result


def _corpus(folder: Path, hands: int, seed: int) -> tuple[Path, Path]:
    folder.mkdir(parents=True, exist_ok=True)
    text = folder / f"hands-{hands}-{seed}.txt"
    phh = folder / f"hands-{hands}-{seed}.phhs"
    if not (text.exists() and phh.exists()):
        print(f"generating {hands:,} hands (seed {seed}) into {folder} ...", file=sys.stderr)
        subprocess.run(
            [sys.executable, "-m", "histparse", "generate", "--hands", str(hands), "--seed",
             str(seed), "--out", str(text), "--phh", str(phh), "-q"],
            check=True,
        )  # fmt: skip
    return text, phh


def _small_files(folder: Path, text: Path, files: int) -> Path:
    """``files`` files of 1-5 hands each (1, 2, ..., 5, 1, ...), cut from ``text``; cached."""
    out = folder / f"small-{files}"
    if out.is_dir() and len(list(out.iterdir())) == files:
        return out
    out.mkdir(parents=True, exist_ok=True)
    marker = b"PokerStars Hand #"
    data = text.read_bytes()
    at = 0
    for i in range(files):
        n = i % 5 + 1
        end = at
        for _ in range(n):
            end = data.find(marker, end + 1)
        (out / f"f{i:05d}.txt").write_bytes(data[at:end])
        at = end
    return out


def _machine() -> str:
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores, Python {platform.python_version()}"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--hands", type=int, default=100_000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--corpus", default=str(Path(tempfile.gettempdir()) / "histparse-bench"))
    p.add_argument("--no-jobs", action="store_true", help="skip the --jobs 1/2 rows")
    p.add_argument("--small-files", type=int, default=1000, help="files of 1-5 hands (0: skip)")
    p.add_argument("--stats", action="store_true", help="stats from a 1,000,000-hand dataset")
    p.add_argument("--equity", action="store_true", help="the draw-equity rows (bench_equity)")
    p.add_argument("--fairness", action="store_true", help="fairness against audit on the corpus")
    p.add_argument("--row", help=argparse.SUPPRESS)
    p.add_argument("--file", help=argparse.SUPPRESS)
    p.add_argument("--jobs", type=int, default=1, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.row:
        _child(args)
        return
    text, phh = _corpus(Path(args.corpus), args.hands, args.seed)
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; {_machine()}")
    print(f"corpus: {text} ({text.stat().st_size / 1e6:,.0f} MB), {phh}\n")
    rows = [
        ("1", "raw floor: read + split into lines and hands", "raw", text),
        ("2", "histparse parse", "parse", text),
        ("3", "histparse parse + audit", "audit", text),
        ("4", "histparse export to Parquet (parse + audit + tables + write)", "export", text),
        ("5", "pokerkit 0.7.7: load PHH + replay to the end", "pokerkit", phh),
    ]
    rate: dict[str, float] = {}
    print("| # | what | hands | CPU s | hands/s per core | peak RSS MiB |")
    print("|---|------|------:|------:|-----------------:|-------------:|")
    for number, label, row, path in rows:
        r = _run(row, path)
        rate[number] = r["hands"] / r["cpu"]
        print(
            f"| {number} | {label} | {r['hands']:,.0f} | {r['cpu']:,.1f} | {rate[number]:,.0f} "
            f"| {r['rss']:,.0f} |",
            flush=True,
        )
    print()
    print(f"ratio 2/1 (parse / raw floor): {rate['2'] / rate['1']:.2f}  (target >= 0.25)")
    print(f"ratio 3/5 (parse + audit / pokerkit): {rate['3'] / rate['5']:.1f}  (target >= 10)")
    print(f"ratio 4/5 (export / pokerkit): {rate['4'] / rate['5']:.1f}")
    if args.small_files:
        folder = _small_files(Path(args.corpus), text, args.small_files)
        r = _run("small-files", folder, 2)
        print(
            f"\nexport of {args.small_files:,} files of 1-5 hands ({r['hands']:,.0f} hands), "
            f"--jobs 2: {r['wall']:,.1f} s wall, {1000 * r['wall'] / args.small_files:.1f} ms "
            f"a file; CPU {r['cpu_all']:,.1f} s in all ({r['cpu']:,.1f} s main process), "
            f"peak RSS {r['rss']:,.0f} MiB (main process)",
            flush=True,
        )
    if args.stats:
        print(flush=True)
        subprocess.run([sys.executable, str(ROOT / "bench" / "bench_stats.py"), "--corpus",
                        args.corpus], check=True)  # fmt: skip
    # The equity and fairness issues' own benches, on this corpus where they read one.
    if args.equity:
        print(flush=True)
        subprocess.run([sys.executable, str(ROOT / "bench" / "bench_equity.py")], check=True)
    if args.fairness:
        print(flush=True)
        fairness = [sys.executable, str(ROOT / "bench" / "bench_fairness.py")]
        subprocess.run([*fairness, "--speed", str(text)], check=True)
    if args.no_jobs:
        return
    print("\n| command | jobs 1 wall s | jobs 2 wall s | speedup (target >= 1.7) |")
    print("|---------|--------------:|--------------:|--------:|")
    for row in ("parse-jobs", "audit-jobs", "export"):
        one = _run(row, text, 1)
        two = _run(row, text, 2)
        speedup = one["wall"] / two["wall"]
        name = row.removesuffix("-jobs")
        print(f"| {name} | {one['wall']:,.1f} | {two['wall']:,.1f} | {speedup:.2f} |", flush=True)


if __name__ == "__main__":
    main()
