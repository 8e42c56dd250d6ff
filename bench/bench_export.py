"""Export speed and size, on N hands written to one PokerStars file: the real 2-7 hands of
``tests/data/pokerstars`` repeated with new hand ids (``--source repeat``, the default), or
hands from the simulator (``--source simulate``: varied players, stacks and actions, so a more
honest measure of the output size than repeated hands, which compress unusually well).

Prints, for N hands (default 100,000): the parse-only rate, the end-to-end export rate
(parse + audit if installed + tables + Parquet, hands per second on one core), the rate of the
part after parsing, the output size per dataset and in MB per 100,000 hands, the rate of an
incremental re-export of the same file (every hand already present), the load rate, and the
peak resident memory of an export process at two input sizes (flat memory: about equal).

Run: ``python bench/bench_export.py [--hands N] [--source repeat|simulate] [--batch-size B]
[--no-audit] [--no-memory] [--keep DIR]``.
"""

from __future__ import annotations

import argparse
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from histparse.events import Hand
from histparse.export import DATASETS, export_histories, load
from histparse.export.findings import auditor_available
from histparse.parsing import ParseError, read_results

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "pokerstars"
SHARED = Path("/work/shared/real_histories/pokerstars")
_HEADER_ID = re.compile(r"^(PokerStars [^#\n]*#)(\d+)(:)")


def real_texts() -> list[str]:
    """The text of every real hand the parser reads (2-7 Triple and Single Draw)."""
    folder = DATA if DATA.is_dir() else SHARED
    out = []
    for result in read_results(folder):
        if isinstance(result, ParseError):
            raise SystemExit(f"a real hand does not parse: {result}")
        if isinstance(result, Hand):
            out.append(result.source.text.replace("\r\n", "\n"))
    if not out:
        raise SystemExit(f"no hands found in {folder}")
    return out


def write_input(path: Path, n: int, source: str = "repeat") -> None:
    """``n`` hands: simulated (seed 1), or the real ones in turn, copy k with hand id
    ``<id><k:06d>``."""
    if source == "simulate":
        from histparse.simulation import simulate
        from histparse.writing import write_file

        write_file(path, simulate(n, seed=1))
        return
    texts = real_texts()
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for i in range(n):
            text = texts[i % len(texts)]
            copy = i // len(texts)
            new = _HEADER_ID.sub(lambda m, c=copy: f"{m[1]}{m[2]}{c:06d}{m[3]}", text, count=1)
            f.write(new)
            f.write("\n\n\n")


def parse_only(path: Path) -> tuple[int, float]:
    start = time.perf_counter()
    n = sum(1 for r in read_results(path) if isinstance(r, Hand))
    return n, time.perf_counter() - start


def size_of(out: Path, dataset: str) -> int:
    return sum(p.stat().st_size for p in (out / dataset).rglob("*.parquet"))


def child(path: Path, out: Path, batch: int, audit: bool) -> None:
    """Export in this process and print its peak resident memory (MB)."""
    export_histories([path], out, batch_size=batch, audit=audit)
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)


def peak_memory(tmp: Path, n: int, batch: int, audit: bool, source: str) -> float:
    path = tmp / f"mem_{n}.txt"
    write_input(path, n, source)
    cmd = [sys.executable, __file__, "--child", str(path), str(tmp / f"mem_{n}"), str(batch)]
    if not audit:
        cmd.append("--no-audit")
    done = subprocess.run(cmd, check=True, capture_output=True, text=True)
    path.unlink()
    return float(done.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=100_000, help="hands to export")
    parser.add_argument("--source", choices=("repeat", "simulate"), default="repeat")
    parser.add_argument("--batch-size", type=int, default=10_000, help="hands per batch")
    parser.add_argument("--no-audit", dest="audit", action="store_false", help="skip the audit")
    parser.add_argument("--keep", type=Path, help="write the dataset here and keep it")
    parser.add_argument("--no-memory", dest="memory", action="store_false", help="skip RSS")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(Path(args.child[0]), Path(args.child[1]), int(args.child[2]), args.audit)
        return 0

    audit = args.audit and auditor_available()
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        path = tmp / "input.txt"
        write_input(path, args.hands, args.source)
        what = "simulated" if args.source == "simulate" else "real hands repeated with new ids"
        print(
            f"input: {args.hands} hands ({what}), "
            f"{path.stat().st_size / 1e6:.1f} MB; batch size {args.batch_size}; "
            f"audit {'on' if audit else 'off (not installed or --no-audit)'}"
        )
        n, t_parse = parse_only(path)
        print(f"parse only:          {n / t_parse:9,.0f} hands/s  ({t_parse:.1f} s)")

        out = args.keep or tmp / "dataset"
        start = time.perf_counter()
        result = export_histories([path], out, batch_size=args.batch_size, audit=args.audit)
        t_export = time.perf_counter() - start
        assert result.new == n, result
        print(f"export (end to end): {n / t_export:9,.0f} hands/s  ({t_export:.1f} s)")
        after = max(t_export - t_parse, 1e-9)
        print(f"  after parsing:     {n / after:9,.0f} hands/s  (export minus parse time)")

        total = 0
        for name in DATASETS:
            size = size_of(out, name)
            total += size
            files = sum(1 for _ in (out / name).rglob("*.parquet"))
            print(f"  {name:<9} {size / 1e6:8.2f} MB in {files} file(s)")
        print(f"size: {total / 1e6:.2f} MB, {total / 1e6 * 100_000 / n:.2f} MB per 100,000 hands")

        start = time.perf_counter()
        again = export_histories([path], out, batch_size=args.batch_size, audit=args.audit)
        t_again = time.perf_counter() - start
        assert (again.new, again.already_present) == (0, n), again
        print(f"re-export (all present): {n / t_again:9,.0f} hands/s  ({t_again:.1f} s)")

        start = time.perf_counter()
        tables = load(out)
        t_load = time.perf_counter() - start
        rows = sum(len(getattr(tables, t)) for t in ("hands", "players", "actions", "draws"))
        print(f"load: {n / t_load:9,.0f} hands/s, {rows / t_load:,.0f} rows/s  ({t_load:.1f} s)")

        if args.memory:
            small, big = max(args.hands // 5, 1), args.hands
            m_small = peak_memory(tmp, small, args.batch_size, args.audit, args.source)
            m_big = peak_memory(tmp, big, args.batch_size, args.audit, args.source)
            print(
                f"peak RSS of an export: {m_small:.0f} MB at {small} hands, "
                f"{m_big:.0f} MB at {big} hands"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
