"""Winamax and Kings Club beside PokerStars: the same simulated session written as each site's
text (``histparse generate`` with the same seed and ``--site pokerstars|winamax|kingsclub``),
parsed per hand on one core, and each corpus checked (every hand parses, audits clean and is
written back to its own text).

Rates are in CPU seconds of this process (the machine is shared), the best of ``--rounds``
runs. Run: ``python bench/bench_winamax_kingsclub.py [--hands 10000] [--seed 16] [--rounds 3]``.
"""

from __future__ import annotations

import argparse
import gc
import resource
import tempfile
import time
from pathlib import Path

from histparse.auditor import audit
from histparse.cli import main
from histparse.events import Hand
from histparse.parsing import ParseError, read_results
from histparse.replayer.findings import Severity
from histparse.writing import write_hand

SITES = ("pokerstars", "winamax", "kingsclub")


def _generate(site: str, hands: int, seed: int, out: Path) -> None:
    argv = ["generate", "--hands", str(hands), "--seed", str(seed), "--site", site, "-q"]
    if main([*argv, "--out", str(out)]):
        raise SystemExit(f"generate --site {site} failed")


def _parse_rate(path: Path, rounds: int) -> tuple[float, int]:
    best, count = 0.0, 0
    for _ in range(rounds):
        gc.collect()
        start = time.process_time()
        count = sum(1 for r in read_results(path) if isinstance(r, Hand))
        best = max(best, count / (time.process_time() - start))
    return best, count


def _check(path: Path) -> tuple[int, int, int]:
    """Hands parsed, error or warning findings, hands not written back to their text."""
    hands: list[Hand] = []
    for r in read_results(path):
        if isinstance(r, ParseError):
            raise SystemExit(f"a generated hand does not parse: {r}")
        if isinstance(r, Hand):
            hands.append(r)
    bad = sum(1 for f in audit(hands) if f.severity in (Severity.ERROR, Severity.WARNING))
    return len(hands), bad, sum(1 for h in hands if write_hand(h) != h.source.text)


def run(argv: list[str] | None = None) -> None:
    """Generate, time and check; print the numbers."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    rates: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for site in SITES:
            path = Path(tmp) / f"{site}.txt"
            _generate(site, args.hands, args.seed, path)
            rates[site], n = _parse_rate(path, args.rounds)
            print(f"{site:10} parse: {rates[site]:,.0f} hands/s ({n} hands)")
            if site != "pokerstars":
                parsed, bad, unequal = _check(path)
                ratio = rates[site] / rates["pokerstars"]
                print(
                    f"{'':10} {ratio:.0%} of PokerStars per hand; {parsed} parsed, "
                    f"{bad} error/warning findings, {unequal} not written back"
                )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS: {peak:.0f} MB")


if __name__ == "__main__":
    run()
