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
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from histparse.cli import main
from histparse.events import Hand
from histparse.frames import tables
from histparse.parsing import read_results
from histparse.replayer import replay
from histparse.views import hand_html, page, step_pots, table_html, table_model
from histparse.views.browse import BrowseFilter, browse_rows, select
from histparse.views.table_assets import TABLE_CSS, TABLE_SCRIPT

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


def _selftest(path: Path, report: str = "hp-selftest") -> dict[str, Any]:
    return _open(path, report)[0]


def _open(path: Path, report: str = "hp-selftest") -> tuple[dict[str, Any], str]:
    """Open ``path`` with ``#selftest``: what the page saw at every step, and the console.
    (The virtual time budget lets the browser page unpack its rows before the DOM is read.)"""
    done = _chromium(
        "--virtual-time-budget=20000", "--dump-dom", path.as_uri() + "#selftest", cwd=path.parent
    )
    # The page logs nothing; any console line is an error, a blocked load or a warning.
    console = [line for line in done.stderr.splitlines() if ":CONSOLE" in line]
    assert console == []
    m = re.search(rf'<pre id="{report}">(.*?)</pre>', done.stdout, re.S)
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


def _expected(hand: Hand) -> list[dict[str, Any]]:
    """What the table replayer must show at each step of ``hand``: the pot, every stack and
    every bet in front (empty when none), as the model of its replay says them."""
    m = table_model(replay(hand))
    return [
        {
            "pot": m.label(s.pot),
            "stacks": [m.label(v) for v in s.stacks],
            "bets": [m.label(v) if v else "" for v in s.bets],
        }
        for s in m.steps
    ]


def test_every_real_hand_on_the_table_shows_the_replays_money(tmp_path: Path) -> None:
    """Every real hand of every site in the table replayer, stepped with the arrow key: at each
    step the pot, every stack and every bet shown are the replay's (``table_model``, whose
    money the record's tests tie to the replay); stepping back works."""
    hands = _real_hands()
    assert {h.site for h in hands} >= {"PokerStars", "FullTilt", "Winamax", "Kings Club", "Merge"}
    path = tmp_path / "tables.html"
    body = "".join(table_html(replay(h)) for h in hands)
    path.write_text(page("tables", body, scripts=(TABLE_SCRIPT,), css=TABLE_CSS), "utf-8")
    report = _selftest(path, "hp-tabletest")
    assert len(report["hands"]) == len(hands)
    for seen, hand in zip(report["hands"], hands, strict=True):
        assert seen["hand"] == hand.hand_id
        expected = _expected(hand)
        assert seen["steps"] == expected, (hand.site, hand.hand_id)
        assert seen["back"] == max(0, len(expected) - 2)


def test_show_html_page_steps_and_has_a_screenshot(tmp_path: Path) -> None:
    out = tmp_path / "hand.html"
    assert main(["show", "35839001292", str(PLAIN), "--html", str(out)]) == 0
    (seen,) = _selftest(out, "hp-tabletest")["hands"]
    pots = [s["pot"] for s in seen["steps"]]
    assert pots[0] == "$0.00" and pots[1] == "$0.05"
    # The uncalled $0.02 in the pot, then back: the pot played is $2.11.
    assert pots[pots.index("$2.13") + 1] == "$2.11"
    # The winner's stack at the end: $0.78 - $0.40 - $0.20 - $0.18 + $2.01.
    assert seen["steps"][-1]["stacks"][4] == "$2.01"
    # One screenshot (bench/shoot_views.py makes the README's three): the page draws.
    shot = tmp_path / "hand.png"
    _chromium("--window-size=1000,1000", f"--screenshot={shot}", f"{out.as_uri()}#step=12",
              cwd=tmp_path)  # fmt: skip
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000


def test_the_browser_filters_and_opens_the_rows_chosen(tmp_path: Path) -> None:
    """The browse page of every real hand: each filter of the page keeps the hands the
    Python filter keeps; a row clicked (first, middle, last), then "next" and "previous",
    opens that very hand in the replayer; no console error."""
    out = tmp_path / "browse.html"
    assert main(["browse", str(REAL), "--html", str(out), "--game", "all"]) in (0, 1)
    report = _selftest(out, "hp-browsetest")
    rows = browse_rows(tables(_real_hands(), on_error=lambda h, e: None))
    assert report["rows"] == len(rows) > 100
    forms = {
        "lost": lambda v: BrowseFilter(lost_more=Decimal(v)),
        "won": lambda v: BrowseFilter(won_more=Decimal(v)),
        "allin": lambda v: BrowseFilter(allin=True),
        "showdown": lambda v: BrowseFilter(showdown=True),
        "capped": lambda v: BrowseFilter(capped=True),
        "pat": lambda v: BrowseFilter(pat=(int(v),)),
        "broke": lambda v: BrowseFilter(broke=(int(v),)),
        "snow": lambda v: BrowseFilter(snow=True),
        "start": lambda v: BrowseFilter(start_classes=(v,)),
    }
    checked = 0
    for case in report["counts"]:
        f = dict(case["filter"])
        if "kept" in f:
            where = BrowseFilter(kept=((int(f["keptdraw"]), f["kept"]),))
        elif "site" in f:
            assert case["kept"] == sum(r.site == f["site"] for r in rows)
            continue
        elif f:
            ((name, value),) = f.items()
            where = forms[name](value)
        else:
            where = BrowseFilter()
        assert case["kept"] == len(select(rows, where)), f
        checked += 1
    assert checked >= 14 and any(c["kept"] for c in report["counts"][1:])
    assert len(report["opened"]) == 3
    for opened in report["opened"]:
        assert opened["shown"] == opened["want"]
    assert report["next"]["shown"] == report["next"]["want"]
    assert report["prev"]["shown"] == report["prev"]["want"]


def test_audit_html_page_opens_its_worst_hands(tmp_path: Path) -> None:
    out = tmp_path / "audit.html"
    assert main(["audit", str(STARS), "--html", str(out), "-q"]) == 1  # error findings
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
    report, dom = _open(out, "hp-tabletest")
    assert len(report["hands"]) == 1
    # The page as the browser built it: the name and the chat are text, not elements.
    assert "<script>alert" not in dom and "<img" not in dom
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in dom
    flagged = tmp_path / "flagged.html"
    assert main(["audit", str(FLAGGED), str(history), "--html", str(flagged), "-q"]) == 1
    _selftest(flagged)
