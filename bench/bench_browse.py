"""The hand browser at scale: the size of a ``histparse browse --html`` page of N simulated hands,
how long the command takes, and how long headless Chromium takes to show it.

A corpus of ``--hands`` hands (``histparse generate --seed 1``, cached in ``--corpus``);
``histparse browse FILE --html PAGE`` writes the page (every hand: no filter); Chromium opens it
and the page records, from the start of navigation (``performance.now()``), when the list was
shown (the rows unpacked, filtered and the first 100 laid out: ``data-ready``) and when the first
hand stood on the table (its page of models unpacked: ``data-opened``). Chromium is driven over
its DevTools protocol (tornado's websocket client, installed with Jupyter), in real time: a
virtual time budget (``--dump-dom``) would stop the page's clock while it computes.

Run: ``python bench/bench_browse.py [--hands N] [--corpus DIR] [--page-only]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.request import urlopen

HISTPARSE = [sys.executable, "-m", "histparse"]
_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]


async def _measure(url: str, profile: Path) -> dict[str, Any]:
    """Open ``url`` in headless Chromium and wait for the page's ``data-opened``: the page's
    own times (ms from the start of navigation) and the wall clock from navigate to opened."""
    from tornado.websocket import websocket_connect

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        raise SystemExit("no chromium on PATH")
    shutil.rmtree(profile, ignore_errors=True)
    proc = subprocess.Popen(
        [chromium, *_FLAGS, f"--user-data-dir={profile}", "--remote-debugging-port=0",
         "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        port_file = profile / "DevToolsActivePort"
        while not port_file.exists() or not port_file.read_text().strip():
            await asyncio.sleep(0.1)
        port = int(port_file.read_text().split()[0])
        with urlopen(f"http://127.0.0.1:{port}/json") as r:
            target = next(t for t in json.load(r) if t["type"] == "page")
        ws = await websocket_connect(target["webSocketDebuggerUrl"], max_message_size=2**26)
        ids = iter(range(1, 10**6))

        async def call(method: str, **params: Any) -> Any:
            n = next(ids)
            await ws.write_message(json.dumps({"id": n, "method": method, "params": params}))
            while True:
                msg = json.loads(await ws.read_message())
                if msg.get("id") == n:
                    return msg.get("result")

        start = time.perf_counter()
        await call("Page.navigate", url=url)
        probe = (
            "(function(){var b=document.getElementById('hp-browser');"
            "return b?[b.getAttribute('data-ready'),b.getAttribute('data-opened'),"
            "b.getAttribute('data-shown')]:null})()"
        )
        while True:
            got = await call("Runtime.evaluate", expression=probe, returnByValue=True)
            value = got["result"].get("value")
            if value and value[1]:
                wall = time.perf_counter() - start
                break
            await asyncio.sleep(0.05)
        # A filter typed (lost more than 10 BB), then the list sorted by result: the page's
        # own work on every row, as a user waits for it.
        act = (
            "(function(){var t0=performance.now();"
            "var f=document.querySelector('#hp-filters input[name=lost]');f.value='10';"
            "f.dispatchEvent(new Event('input',{bubbles:true}));var t1=performance.now();"
            "document.querySelector('#hp-list th[data-sort=net]').click();"
            "return [t1-t0,performance.now()-t1,"
            "document.getElementById('hp-count').textContent]})()"
        )
        got = await call("Runtime.evaluate", expression=act, returnByValue=True)
        filt, sort, count = got["result"]["value"]
        return {
            "ready": value[0], "opened": value[1], "shown": value[2], "wall": wall,
            "filter": filt, "sort": sort, "count": count,
        }  # fmt: skip
    finally:
        proc.terminate()
        proc.wait()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=100_000)
    p.add_argument("--corpus", default=str(Path(tempfile.gettempdir()) / "histparse-browse"))
    p.add_argument(
        "--page-only", action="store_true", help="open the page a run before wrote, if any"
    )
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
    if args.page_only and page.exists():
        print(f"page: {page.stat().st_size / 2**20:.1f} MiB (kept from a run before)")
    else:
        _write(corpus, page, args.hands)
    for run in (1, 2):
        seen = asyncio.run(_measure(page.as_uri(), folder / "chromium-profile"))
        print(
            f"chromium run {run}: list shown at {seen['ready']} ms, first hand "
            f"#{seen['shown']} on the table at {seen['opened']} ms after the start of "
            f"navigation; {seen['wall']:.2f} s from navigate to that; the filter 'lost > 10 "
            f"BB' {seen['filter']:.0f} ms ({seen['count']}), sorting by result "
            f"{seen['sort']:.0f} ms"
        )


def _write(corpus: Path, page: Path, hands: int) -> None:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([*HISTPARSE, "browse", str(corpus), "--html", str(page)], check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    size = page.stat().st_size
    rss = after.ru_maxrss // 1024
    print(f"browse --html: {wall:.1f} s wall, {cpu:.1f} s CPU, peak RSS {rss} MiB")
    print(f"page: {size / 2**20:.1f} MiB for {hands} hands ({size / hands:.0f} B/hand)")


if __name__ == "__main__":
    main()
