"""``histparse stats`` from a 1,000,000-hand dataset (issue 18's targets: ``--by position`` in
under 10 s and 1 GB, one stakes and one month in under 5 s).

The dataset is made once and cached (``--corpus``, in the temp directory; never commit it):
the ``bench_all.py`` corpus (100,000 hands, generated if missing) is exported, then its tables
are written ``--copies`` times (10) as new hands: each copy's hand ids moved by ``k x 10^17``
and its times by ``k`` times the corpus's span, so the copies fall in later months (40 months
in all) and no id repeats. Each ``stats`` run is a fresh process, timed by wall clock with its
peak RSS (``/usr/bin/time``-like, from ``wait4``).

Run: ``python bench/bench_stats.py [--corpus DIR] [--copies N]``
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc

ROOT = Path(__file__).resolve().parent.parent
_HANDS = 100_000


def _base(folder: Path) -> Path:
    text = folder / f"hands-{_HANDS}-1.txt"
    if not text.exists():
        sys.path.insert(0, str(ROOT / "bench"))
        from bench_all import _corpus

        _corpus(folder, _HANDS, 1)
    ds = folder / f"ds-{_HANDS}"
    if not (ds / "_commits").is_dir():
        print(f"exporting {text} ...", file=sys.stderr)
        subprocess.run(
            [sys.executable, "-m", "histparse", "export", str(text), "--out", str(ds), "-q"],
            check=True,
        )
    return ds


def _copies(base: Path, out: Path, copies: int) -> None:
    from histparse.export import read_arrow
    from histparse.export.schema import FILE_SCHEMAS, TABLES
    from histparse.export.store import DatasetDir, new_batch_id, partition_path

    tables = {name: read_arrow(base, name) for name in TABLES}
    hands = tables["hands"]
    first, last = pc.min(hands["started_at"]).as_py(), pc.max(hands["started_at"]).as_py()
    span = (last - first) + timedelta(days=1)
    ids = pc.cast(hands["hand_id"], pa.int64())
    rows = {n: pc.index_in(tables[n]["hand_id"], value_set=hands["hand_id"]) for n in TABLES}
    store = DatasetDir.create(out)
    with store.locked():
        for k in range(copies):
            new_ids = pc.cast(pc.add(ids, k * 10**17), pa.string())
            started = pc.add(hands["started_at"], pa.scalar(span * k, pa.duration("us")))
            month = pc.strftime(started, "%Y-%m")
            batch: list[tuple[str, pa.Table]] = []
            for name in TABLES:
                t = tables[name]
                at = rows[name]
                t = t.set_column(t.schema.get_field_index("hand_id"), "hand_id", new_ids.take(at))
                if name == "hands":
                    t = t.set_column(t.schema.get_field_index("started_at"), "started_at", started)
                months = month.take(at)
                site = t["site"].cast(pa.string())
                for part_site in pc.unique(site).to_pylist():
                    for part_month in pc.unique(months).to_pylist():
                        mask = pc.and_(pc.equal(site, part_site), pc.equal(months, part_month))
                        piece = t.filter(mask)
                        if piece.num_rows:
                            piece = piece.select(FILE_SCHEMAS[name].names).cast(FILE_SCHEMAS[name])
                            where = partition_path(name, (part_site, part_month))
                            batch.append((where, piece))
            store.commit(new_batch_id(), batch, {"hands": hands.num_rows, "findings": 0})
            print(f"copy {k + 1}/{copies} written", file=sys.stderr)


def dataset(folder: Path, copies: int) -> Path:
    """The cached ``copies`` x 100,000-hand dataset (made if missing)."""
    out = folder / f"ds-{_HANDS * copies}"
    if not (out / "_commits").is_dir() or not any((out / "_commits").iterdir()):
        _copies(_base(folder), out, copies)
    return out


def timed(args: list[str]) -> tuple[float, float, float, int]:
    """Wall seconds, CPU seconds, peak RSS in MiB and exit status of ``histparse ARGS``."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "histparse", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=ROOT,
    )
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    cpu = usage.ru_utime + usage.ru_stime
    return wall, cpu, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--corpus", default=str(Path(tempfile.gettempdir()) / "histparse-bench"))
    p.add_argument("--copies", type=int, default=10)
    args = p.parse_args()
    ds = dataset(Path(args.corpus), args.copies)
    runs = [
        ("stats --by position", ["stats", str(ds), "--by", "position"]),
        (
            "stats, one stakes and one month",
            [
                "stats",
                str(ds),
                "--stakes",
                "0.10/0.20 USD Limit",
                "--since",
                "2014-01-01",
                "--until",
                "2014-01-31",
            ],
        ),
    ]
    print(f"dataset: {ds} ({_HANDS * args.copies:,} hands)\n")
    print("| report | wall s | CPU s | peak RSS MiB | exit |")
    print("|---|---:|---:|---:|---:|")
    for label, cmd in runs:
        wall, cpu, rss, code = timed(cmd)
        print(f"| {label} | {wall:.1f} | {cpu:.1f} | {rss:,.0f} | {code} |", flush=True)


if __name__ == "__main__":
    main()
