"""Full Tilt beside PokerStars: the same simulated session written as each site's text, parsed
per hand on one core, and the Full Tilt corpus checked (every hand parses, audits clean and
is written back to its own text).

Both files hold the same hands (``histparse generate`` with the same seed, ``--site
pokerstars`` and ``--site fulltilt``), so the rate ratio compares the parsers and not the
corpora. Each rate is in CPU seconds of this process (the machine is shared, so wall time
varies more than the parsers do), the best of ``--rounds`` runs. Run:
``python bench/bench_fulltilt.py [--hands 20000] [--seed 16] [--rounds 3]``.
"""

from __future__ import annotations

import argparse
import gc
import resource
import sys
import tempfile
import time
from pathlib import Path

from histparse.auditor import audit
from histparse.cli import main
from histparse.events import Hand
from histparse.parsing import ParseError, read_results
from histparse.replayer.findings import Severity
from histparse.writing import write_hand


def _generate(site: str, hands: int, seed: int, out: Path) -> None:
    argv = ["generate", "--hands", str(hands), "--seed", str(seed), "--site", site, "-q"]
    status = main([*argv, "--out", str(out)])
    if status:
        raise SystemExit(f"generate --site {site} failed ({status})")


def _parse_rate(path: Path, rounds: int) -> tuple[float, int]:
    best = 0.0
    count = 0
    for _ in range(rounds):
        gc.collect()
        start = time.process_time()
        count = sum(1 for r in read_results(path) if isinstance(r, Hand))
        elapsed = time.process_time() - start
        best = max(best, count / elapsed)
    return best, count


def _check(path: Path) -> tuple[int, int, int]:
    """Hands parsed, error or warning findings, hands not written back to their text."""
    hands: list[Hand] = []
    for r in read_results(path):
        if isinstance(r, ParseError):
            raise SystemExit(f"a generated Full Tilt hand does not parse: {r}")
        if isinstance(r, Hand):
            hands.append(r)
    bad = sum(1 for f in audit(hands) if f.severity in (Severity.ERROR, Severity.WARNING))
    unequal = sum(1 for h in hands if write_hand(h) != h.source.text)
    return len(hands), bad, unequal


def run(argv: list[str] | None = None) -> None:
    """Generate, time and check; print the numbers."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        stars = Path(tmp) / "stars.txt"
        tilt = Path(tmp) / "fulltilt.txt"
        _generate("pokerstars", args.hands, args.seed, stars)
        _generate("fulltilt", args.hands, args.seed, tilt)
        stars_rate, n_stars = _parse_rate(stars, args.rounds)
        tilt_rate, n_tilt = _parse_rate(tilt, args.rounds)
        parsed, bad, unequal = _check(tilt)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"PokerStars parse: {stars_rate:,.0f} hands/s ({n_stars} hands)")
    print(f"Full Tilt parse:  {tilt_rate:,.0f} hands/s ({n_tilt} hands)")
    print(f"Full Tilt / PokerStars per hand: {tilt_rate / stars_rate:.0%} (target >= 80%)")
    print(
        f"Full Tilt check: {parsed} parsed, {bad} error/warning findings, "
        f"{unequal} not written back to their text"
    )
    print(f"peak RSS: {peak:.0f} MiB")
    if bad or unequal or parsed != args.hands:
        sys.exit(1)


if __name__ == "__main__":
    run()
