"""The README's screenshots of the table replayer and the hand browser (headless Chromium).

Writes ``docs/images/replayer-{1,2,3}.png`` (hand 35839050562 of ``sample_histories/``: the
first draw's betting with the bets in front, the hero's hand after the second draw, the pot shared)
and ``docs/images/browser.png`` (``histparse browse sample_histories/ --html``, the hero's
hands lost by more than 2 big blinds) and ``docs/images/replayer-review.png`` (``show --html
--review``: the draw review's panel on a real Full Tilt draw).

Run: ``python bench/shoot_views.py``.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from histparse.parsing import read_histories
from histparse.replayer import replay
from histparse.views import table_model

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
HAND = "35839050562"
SAMPLES = ROOT / "sample_histories"


def _shot(url: str, out: Path, size: str, profile: Path) -> None:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        raise SystemExit("no chromium on PATH")
    subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         f"--user-data-dir={profile}", f"--window-size={size}", "--virtual-time-budget=5000",
         f"--screenshot={out}", url],
        capture_output=True, check=True, timeout=120,
    )  # fmt: skip
    print(out)


def main() -> None:
    work = Path(tempfile.mkdtemp())
    profile = work / "profile"
    page = work / "hand.html"
    histparse = [sys.executable, "-m", "histparse"]
    subprocess.run([*histparse, "show", HAND, str(SAMPLES), "--html", str(page)], check=True)
    hand = next(h for h in read_histories(SAMPLES) if h.hand_id == HAND)
    steps = table_model(replay(hand)).steps
    # The first draw's betting with two bets in front, the end of the second draw's betting
    # (the hero's hand after it), the pot shared.
    called = next(k for k, s in enumerate(steps) if s.street == 2 and sum(map(bool, s.bets)) > 1)
    second = max(k for k, s in enumerate(steps) if s.street == 3)
    moments = (called + 1, second + 1, len(steps))
    for n, step in enumerate(moments, 1):
        _shot(f"{page.as_uri()}#step={step}", IMAGES / f"replayer-{n}.png", "900,760", profile)
    browse = work / "browse.html"
    subprocess.run(
        [*histparse, "browse", str(SAMPLES), "--lost-more", "2", "--html", str(browse)],
        check=True,
    )
    _shot(browse.as_uri(), IMAGES / "browser.png", "1500,900", profile)
    # The draw review on the table: a real Full Tilt hand where the hero broke a pat T-5 at the
    # second draw (step 13: its draw line, the review's panel under the table).
    review = work / "review.html"
    stt = Path("/work/shared/real_histories/fulltilt/3-Draw-Limit-USD-STT-2max-10-201211.txt")
    if not stt.exists():
        stt = ROOT / "tests" / "data" / "real_histories" / "fulltilt" / stt.name
    subprocess.run(
        [*histparse, "show", "31331067778", str(stt), "--html", str(review), "--review"],
        check=True,
    )
    _shot(f"{review.as_uri()}#step=13", IMAGES / "replayer-review.png", "900,880", profile)


if __name__ == "__main__":
    main()
