"""The hand browser at scale: the size of a ``histparse browse --html`` page of N simulated hands,
how long the command takes, and how long headless Chromium takes to show it.

A corpus of ``--hands`` hands (``histparse generate --seed 1``, cached in ``--corpus``);
``histparse browse FILE --html PAGE`` writes the page (every hand: no filter); Chromium opens it
and the page records, from the start of navigation, when the list was shown (the rows unpacked,
filtered and the first 100 laid out: ``data-ready``) and when the first hand stood on the table
(its page of models unpacked: ``data-opened``). Chromium runs with a virtual time budget (so that
``--dump-dom`` waits for the page's asynchronous unpacking), so the wall clock of the whole
Chromium run, minus that of a blank page, is printed too: an upper bound.

Run: ``python bench/bench_browse.py [--hands N] [--corpus DIR]``.
"""

from __future__ import annotations

import argparse
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HISTPARSE = [sys.executable, "-m", "histparse"]
_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]


def _chromium(url: str, profile: Path) -> tuple[float, str]:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        raise SystemExit("no chromium on PATH")
    start = time.perf_counter()
    done = subprocess.run(
        [chromium, *_FLAGS, f"--user-data-dir={profile}", "--virtual-time-budget=60000",
         "--dump-dom", url],
        capture_output=True, text=True, timeout=600, check=True,
    )  # fmt: skip
    return time.perf_counter() - start, done.stdout


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=100_000)
    p.add_argument("--corpus", default=str(Path(tempfile.gettempdir()) / "histparse-browse"))
    args = p.parse_args()
    folder = Path(args.corpus)
    folder.mkdir(parents=True, exist_ok=True)
    corpus = folder / f"{args.hands}.txt"
    if not corpus.exists():
        subprocess.run(
            [*HISTPARSE, "generate", "--hands", str(args.hands), "--seed", "1",
             "--out", str(corpus), "-q"],
            check=True,
        )  # fmt: skip
    page = folder / f"browse-{args.hands}.html"
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([*HISTPARSE, "browse", str(corpus), "--html", str(page)], check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    size = page.stat().st_size
    rss = after.ru_maxrss // 1024
    print(f"browse --html: {wall:.1f} s wall, {cpu:.1f} s CPU, peak RSS {rss} MiB")
    print(f"page: {size / 2**20:.1f} MiB for {args.hands} hands ({size / args.hands:.0f} B/hand)")
    blank = folder / "blank.html"
    blank.write_text("<!DOCTYPE html><html><body></body></html>", encoding="utf-8")
    profile = folder / "chromium-profile"
    base, _ = _chromium(blank.as_uri(), profile)
    took, dom = _chromium(page.as_uri(), profile)
    ready = re.search(r'data-ready="(\d+)"', dom)
    opened = re.search(r'data-opened="(\d+)"', dom)
    shown = re.search(r'data-shown="([^"]+)"', dom)
    print(
        f"chromium: list shown at {ready.group(1) if ready else '?'} ms, first hand on the "
        f"table at {opened.group(1) if opened else '?'} ms (#{shown.group(1) if shown else '?'});"
        f" whole run {took:.1f} s, blank page {base:.1f} s"
    )


if __name__ == "__main__":
    main()
