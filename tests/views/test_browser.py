"""The pages in a real browser: headless Chromium opens them, the page's own key handler steps
through every hand (``#selftest``), and the pot shown at each step must be the replay's.

Chromium is Debian's ``chromium`` package (``.ci/run`` installs it); without it these tests skip
and say why.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from histparse.cli import main
from histparse.events import Hand
from histparse.parsing import read_results
from histparse.views import hand_html, page, step_pots

from .conftest import FLAGGED, PLAIN, REAL, STARS, hostile_text

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no chromium on PATH (Debian: apt-get install chromium)"
)

_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run"]


def _chromium(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    assert CHROMIUM is not None
    # A profile of its own: two Chromiums sharing one profile wait for each other's lock.
    profile = f"--user-data-dir={cwd / 'chromium-profile'}"
    return subprocess.run(
        [CHROMIUM, *_FLAGS, profile, "--enable-logging=stderr", "--v=0", *args],
        capture_output=True,
        text=True,
        timeout=180,
        cwd=cwd,
        check=True,
    )


def _selftest(path: Path) -> dict[str, Any]:
    return _open(path)[0]


def _open(path: Path) -> tuple[dict[str, Any], str]:
    """Open ``path`` with ``#selftest``: what the page saw at every step, and the console."""
    done = _chromium("--dump-dom", path.as_uri() + "#selftest", cwd=path.parent)
    # The page logs nothing; any console line is an error, a blocked load or a warning.
    console = [line for line in done.stderr.splitlines() if ":CONSOLE" in line]
    assert console == []
    m = re.search(r'<pre id="hp-selftest">(.*?)</pre>', done.stdout, re.S)
    assert m is not None, "the page script did not run"
    report: dict[str, Any] = json.loads(m.group(1).replace("&quot;", '"').replace("&amp;", "&"))
    assert report["errors"] == []
    return report, done.stdout


def _real_hands() -> list[Hand]:
    return [r for r in read_results(REAL) if isinstance(r, Hand)]


def test_every_real_hand_steps_through_with_the_replays_pots(tmp_path: Path) -> None:
    """Every real hand of every supported site on one page: each step's pot is the pot after
    that line (the running pot ``histparse.show`` prints), and stepping back works."""
    hands = _real_hands()
    assert {h.site for h in hands} >= {"PokerStars"}
    body = "".join(hand_html(h, stepper=True, anchor=f"h{k}-") for k, h in enumerate(hands))
    path = tmp_path / "all.html"
    path.write_text(page("all real hands", body), encoding="utf-8")
    report = _selftest(path)
    assert len(report["hands"]) == len(hands)
    for seen, hand in zip(report["hands"], hands, strict=True):
        expected = step_pots(hand)
        assert seen["hand"] == hand.hand_id
        if not expected:  # a partial hand (summary only): nothing to step, no pot shown
            assert seen["pots"] in ([], [""]), hand.hand_id
            continue
        assert seen["pots"] == expected
        assert seen["back"] == (expected[-2] if len(expected) > 1 else expected[0])


def test_show_html_page_steps_and_has_a_screenshot(tmp_path: Path) -> None:
    out = tmp_path / "hand.html"
    assert main(["show", "35839001292", str(PLAIN), "--html", str(out)]) == 0
    report = _selftest(out)
    (seen,) = report["hands"]
    assert seen["pots"][0] == "$0.05" and seen["pots"][-1] == "$2.11"
    shot = tmp_path / "hand.png"
    _chromium("--window-size=1000,1400", f"--screenshot={shot}", out.as_uri(), cwd=tmp_path)
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000


def test_audit_html_page_opens_its_worst_hands(tmp_path: Path) -> None:
    out = tmp_path / "audit.html"
    assert main(["audit", str(STARS), "--html", str(out), "-q"]) == 5  # error findings
    report = _selftest(out)
    assert [h["hand"] for h in report["hands"]][:1] == ["81631597149"]
    done = _chromium("--dump-dom", out.as_uri() + "#hand-1", cwd=tmp_path)
    # Following a worst hand's link opens its replayer.
    assert re.search(r'<details id="hand-1" open="">', done.stdout)
    shot = tmp_path / "audit.png"
    _chromium("--window-size=1100,1400", f"--screenshot={shot}", out.as_uri(), cwd=tmp_path)
    assert shot.stat().st_size > 20_000


def test_hostile_text_runs_no_script_in_the_browser(tmp_path: Path) -> None:
    history = tmp_path / "hostile.txt"
    history.write_text(hostile_text(), encoding="utf-8")
    out = tmp_path / "hostile.html"
    assert main(["show", "71348201941", str(history), "--html", str(out)]) == 0
    report, dom = _open(out)
    assert len(report["hands"]) == 1
    # The page as the browser built it: the name and the chat are text, not elements.
    assert "<script>alert" not in dom and "<img" not in dom
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in dom
    flagged = tmp_path / "flagged.html"
    assert main(["audit", str(FLAGGED), str(history), "--html", str(flagged), "-q"]) == 5
    _selftest(flagged)
