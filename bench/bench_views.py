"""HTML views: the size of a large audit's page, how long it takes to write, and how long
headless Chromium takes to open it.

A corpus of ``--hands`` simulated hands (``histparse generate``), then, with ``--faulty`` (the
default), one fault of the mutation tests injected into every hand the injectors can change
(cycling through them), so that nearly every hand has findings: the worst case for the page's
caps. ``histparse audit FILE --html PAGE`` writes the page; Chromium opens it (``#selftest``
steps through every worst hand) and reports the time from navigation to the page laid out.

Run: ``python bench/bench_views.py [--hands N] [--clean] [--keep DIR]``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from histparse.parsing import read_histories
from histparse.sites.base import WriteError
from histparse.writing import write_file, write_hand

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "mutations"))

from faults import FAULTS  # noqa: E402  (the mutation tests' injectors)

HISTPARSE = [sys.executable, "-m", "histparse"]


def _faulty(src: Path, dst: Path) -> tuple[int, int]:
    injectors = itertools.cycle(sorted(FAULTS.items()))
    hands = []
    changed = 0
    for hand in read_histories(src):
        for _ in range(len(FAULTS)):
            _, (_, inject) = next(injectors)
            bad = inject(hand)
            if bad is None:
                continue
            try:
                write_hand(bad)
            except WriteError:
                continue  # a fault no site could print (a negative amount): try the next
            hand = bad
            changed += 1
            break
        hands.append(hand)
    write_file(dst, hands)
    return len(hands), changed


def _open(page: Path) -> tuple[float, float]:
    """Wall seconds for Chromium to load, run and dump the page; the page's own load time."""
    chromium = shutil.which("chromium")
    if chromium is None:
        return float("nan"), float("nan")
    profile = f"--user-data-dir={page.parent / 'chromium-profile'}"
    flags = ["--headless", "--no-sandbox", "--disable-gpu", profile, "--dump-dom"]
    start = time.perf_counter()
    done = subprocess.run(
        [chromium, *flags, page.as_uri() + "#selftest"], capture_output=True, text=True
    )
    wall = time.perf_counter() - start
    m = re.search(r'<pre id="hp-selftest">(.*?)</pre>', done.stdout, re.S)
    load = json.loads(m.group(1).replace("&quot;", '"'))["load_ms"] / 1000 if m else float("nan")
    return wall, load


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20_000)
    ap.add_argument("--clean", action="store_true", help="no injected faults")
    ap.add_argument("--keep", type=Path, help="keep the corpus and the page in this folder")
    args = ap.parse_args()
    work = args.keep or Path(tempfile.mkdtemp(prefix="bench-views-"))
    work.mkdir(parents=True, exist_ok=True)
    corpus = work / f"generated-{args.hands}.txt"
    if not corpus.exists():
        cmd = [*HISTPARSE, "generate", "--hands", str(args.hands), "--seed", "7"]
        subprocess.run([*cmd, "--out", str(corpus), "-q"], check=True)
    audited = corpus
    if not args.clean:
        audited = work / f"faulty-{args.hands}.txt"
        hands, changed = _faulty(corpus, audited)
        print(f"{hands:,} hands, a fault injected into {changed:,}")
    page = work / "audit.html"
    start = time.perf_counter()
    subprocess.run([*HISTPARSE, "audit", str(audited), "--html", str(page), "-q"], check=False)
    took = time.perf_counter() - start
    wall, load = _open(page)
    size = page.stat().st_size
    print(f"audit --html: {took:.1f} s ({args.hands / took:,.0f} hands/s)")
    print(f"page: {size:,} bytes ({size / 2**20:.2f} MiB)")
    print(f"chromium: {wall:.2f} s to start, load, step and dump; {load:.2f} s to laid out")
    if args.keep is None:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
