"""Deal fairness: false alarms on fair deals, detection of rigged ones, speed and memory.

1. ``--seeds`` fair simulated runs of ``--hands`` hands each (``simulate``, seeds 1..N): how
   many raise an alarm at the family-wise level (expected: at most about alpha x N).
2. One rigged run with ``rig_hero=+B`` and one with ``-B``: each must raise an alarm, with the
   direction named.
3. ``--speed FILE``: ``histparse fairness FILE`` against ``histparse audit FILE`` in fresh
   processes (CPU seconds and peak RSS of each).

Run: ``python bench/bench_fairness.py [--seeds 20] [--hands 20000] [--bias 0.05] [--speed F]``
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from histparse.fairness import DEFAULT_ALPHA, fairness_report  # noqa: E402
from histparse.simulation import SimConfig, simulate  # noqa: E402


def _run(seed: int, hands: int, bias: float) -> tuple[bool, list[str]]:
    report = fairness_report(simulate(hands, seed, SimConfig(rig_hero=bias)))
    return report.alarm, [f"{t.name}: {t.direction}" for t in report.tests if t.alarm]


def _child(argv: list[str]) -> dict[str, float]:
    """CPU seconds and peak RSS (MiB) of ``python -m histparse ARGV`` in a fresh process."""
    code = (
        "import resource, sys, runpy; sys.argv = ['histparse'] + sys.argv[1:];\n"
        "try:\n    runpy.run_module('histparse', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
        "r = resource.getrusage(resource.RUSAGE_SELF)\n"
        "c = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
        "print('@@', r.ru_utime + r.ru_stime + c.ru_utime + c.ru_stime,"
        " max(r.ru_maxrss, c.ru_maxrss) / 1024, file=sys.stderr)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code, *argv], capture_output=True, text=True, cwd=ROOT, check=False
    )
    line = [ln for ln in proc.stderr.splitlines() if ln.startswith("@@")][-1]
    _, cpu, rss = line.split()
    return {"cpu": float(cpu), "rss_mib": float(rss)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--bias", type=float, default=0.05)
    ap.add_argument("--speed", metavar="FILE", nargs="*", default=None)
    args = ap.parse_args()
    if args.speed:
        fair = _child(["fairness", *args.speed])
        audit = _child(["audit", "--jobs", "1", *args.speed])
        print(json.dumps({"fairness": fair, "audit": audit}))
        return
    start = time.process_time()
    alarms = 0
    for seed in range(1, args.seeds + 1):
        alarm, why = _run(seed, args.hands, 0.0)
        alarms += alarm
        print(f"fair seed {seed}: {'ALARM ' + '; '.join(why) if alarm else 'no alarm'}", flush=True)
    print(
        f"fair runs: {alarms} of {args.seeds} raised an alarm at family-wise level "
        f"{DEFAULT_ALPHA} (expected about {DEFAULT_ALPHA * args.seeds:.2f})"
    )
    for bias in (args.bias, -args.bias):
        alarm, why = _run(1000, args.hands, bias)
        print(f"rigged {bias:+}: {'ALARM' if alarm else 'NOT FLAGGED'}: {'; '.join(why)}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"CPU {time.process_time() - start:.0f} s, peak RSS {peak:.0f} MiB")


if __name__ == "__main__":
    main()
