"""Merge XML reading: speed per game against PokerStars' per hand, and memory on a big file.

Builds (in a temporary folder, never in the repository) a Merge file of about ``--mb``
megabytes from the real 2-7 Triple Draw games of ``tests/data/real_histories/merge_carbon``:
each real file's description and games over and over, every game with a new id. Then, each
in a fresh process so that the peak resident set size is the read's own: reads it streaming
(``read_results``), and reads a PokerStars file made of the real PokerStars Triple Draw hands
repeated. Prints hands per CPU second for both, their ratio, and each run's peak RSS (also for a
Merge file a tenth the size: flat memory means the same peak).
Run: ``python bench/bench_merge.py [--mb 200]``.
"""

from __future__ import annotations

import argparse
import json
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MERGE = ROOT / "tests" / "data" / "real_histories" / "merge_carbon"
sys.path.insert(0, str(ROOT / "bench"))

_ID = re.compile(r'(<game id=")(\d+)-(\d+)(" .*?\|)(\d+)-(\d+)(\|)')


def _blocks() -> list[tuple[str, list[str]]]:
    """Each real Triple Draw file as (its description line, its games' texts)."""
    out = []
    for path in sorted(MERGE.glob("3-Draw-*.txt")):
        text = path.read_bytes().decode("ascii")
        description, games = "", []
        for part in re.split(r"(?<=</game>)\r?\n", text):
            part = part.strip("\r\n")
            if part.startswith("<description"):
                description, _, part = part.partition("\r\n")
            if part.strip():
                games.append(part)
        out.append((description, games))
    return out


def build_merge(path: Path, megabytes: float) -> int:
    """Write the Merge file; the number of games."""
    target = int(megabytes * (1 << 20))
    blocks = _blocks()
    n = size = 0
    with path.open("w", encoding="ascii", newline="") as f:
        while size < target:
            for description, games in blocks:
                piece = [description + "\r\n"] if description else []
                for game in games:
                    n += 1
                    table = 40_000_000 + n // 50
                    new = f"{table}-{n}"
                    piece.append(
                        _ID.sub(lambda m, new=new: f"{m[1]}{new}{m[4]}{new}{m[7]}", game, 1)
                        + "\r\n\r\n"
                    )
                text = "".join(piece)
                f.write(text)
                size += len(text)
    return n


def build_pokerstars(path: Path, megabytes: float) -> int:
    """The real PokerStars Triple Draw hands repeated to about ``megabytes``; the hands."""
    from bench_parse import td_hands_text

    text = td_hands_text()
    count = text.count("PokerStars ")
    times = max(1, int(megabytes * (1 << 20) / len(text)))
    path.write_text(text * times, encoding="utf-8")
    return count * times


def _read(path: str) -> None:
    """Child process: read ``path``, print the counts, the seconds and the peak RSS."""
    from histparse.parsing import read_results

    # CPU time of this process: the machine may be shared, wall time would measure the others.
    start = time.process_time()
    reader = read_results(path)
    for _ in reader:
        pass
    seconds = time.process_time() - start
    c = reader.counts
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        json.dumps(
            {"parsed": c.parsed, "rejected": c.rejected, "read": c.read, "s": seconds, "rss": peak}
        )
    )


def _child(path: Path) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, __file__, "--read", str(path)], check=True, capture_output=True, text=True
    )
    result: dict[str, float] = json.loads(out.stdout)
    return result


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--mb", type=float, default=200.0)
    p.add_argument("--read")
    args = p.parse_args()
    if args.read:
        _read(args.read)
        return
    with tempfile.TemporaryDirectory() as tmp:
        small, big, stars = Path(tmp, "small.xml"), Path(tmp, "big.xml"), Path(tmp, "ps.txt")
        build_merge(small, args.mb / 10)
        games = build_merge(big, args.mb)
        build_pokerstars(stars, min(args.mb, 20))
        print(f"Merge file: {big.stat().st_size / (1 << 20):.0f} MB, {games:,} games")
        s = _child(small)
        m = _child(big)
        ps = _child(stars)
        for name, r in (("merge (1/10)", s), ("merge", m), ("pokerstars", ps)):
            print(
                f"{name:13} {r['parsed']:>9,.0f} hands parsed, {r['rejected']:.0f} rejected, "
                f"{r['parsed'] / r['s']:>8,.0f} hands/s (CPU), peak RSS {r['rss']:.0f} MB"
            )
        ratio = (m["parsed"] / m["s"]) / (ps["parsed"] / ps["s"])
        print(f"merge / pokerstars rate per hand: {ratio:.2f}")


if __name__ == "__main__":
    main()
