"""Issue 22's generated corpus: tables reused across days (the same seed, so the same table
names, on other days and stakes), short-stack sit & gos and cash games, audited together;
prints the finding counts, which must show no error and no warning.

``python bench/bench_hardening_corpus.py [HANDS]`` (default 20,000 in all).
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
import tempfile
import time
from pathlib import Path

from histparse.cli import main as cli


def _run(argv: list[str]) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        cli(argv)
    return out.getvalue()


def main() -> None:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    runs = [
        # The same seed on other days: same table names, stacks that do not follow. (A run
        # of 2,857 hands lasts days; sessions of one table must not overlap in time.)
        ["--seed", "7", "--start", "2024-01-01T10:00:00"],
        ["--seed", "7", "--start", "2024-02-01T10:00:00"],
        ["--seed", "7", "--start", "2024-03-05T10:00:00", "--stakes", "0.25/0.50"],
        ["--seed", "8", "--tournament", "--starting-stack", "300"],
        ["--seed", "9", "--tournament", "--starting-stack", "150", "--players", "3"],
        ["--seed", "10", "--limit", "nl", "--stakes", "0.10/0.25"],
        ["--seed", "11", "--limit", "pl", "--stakes", "0.10/0.25", "--players", "2"],
    ]
    each = total // len(runs)
    with tempfile.TemporaryDirectory() as tmp:
        for k, extra in enumerate(runs):
            path = Path(tmp) / f"g{k}.txt"
            _run(["generate", "--hands", str(each), "--out", str(path), *extra])
        start = time.perf_counter()
        report = json.loads(_run(["audit", "--json", "-q", "--jobs", "1", tmp]))
        took = time.perf_counter() - start
    codes: dict[str, int] = {}
    for f in report["findings"]:
        if f["severity"] != "info":
            codes[f["code"]] = codes.get(f["code"], 0) + 1
    print(
        f"{report['hands_parsed']:,} hands audited in {took:.1f} s "
        f"({report['hands_parsed'] / took:,.0f} hands/s); errors and warnings: {codes or 'none'}"
    )


if __name__ == "__main__":
    main()
