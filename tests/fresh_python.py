"""Run a snippet in a fresh interpreter: for what a process imports or builds when it starts,
which a test worker that has run other tests cannot show."""

from __future__ import annotations

import subprocess
import sys

__all__ = ["run_fresh"]


def run_fresh(code: str, *args: str) -> str:
    """The standard output of ``python -c code args...`` (a failure raises)."""
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return done.stdout
