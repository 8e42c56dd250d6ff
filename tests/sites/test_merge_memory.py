"""Merge XML reading keeps memory per game (issue 38): no element leaves a reference cycle
behind, which an export (that pauses the cyclic collector while it builds) would keep until
the file ends; and ``export`` on a file of many elements peaks near a PokerStars export."""

from __future__ import annotations

import contextlib
import gc
import subprocess
import sys
from pathlib import Path

from histparse.parsing import read_results
from histparse.sites.merge.element import XmlError, parse_element

REAL = Path(__file__).resolve().parents[1] / "data" / "real_histories"
GAMES = REAL / "merge_carbon" / "3-Draw-Limit-USD-1-2-201104.Multi.hand.sample.txt"
STARS = Path(__file__).resolve().parents[2] / "sample_histories"
DESCRIPTION = '<description type="2-7 Lowball" stakes="Limit $1/$2"/>\n'


def _garbage_after(read: object) -> int:
    """The objects the cyclic collector frees after ``read()`` ran with it paused."""
    gc.collect()
    gc.disable()
    try:
        read()  # type: ignore[operator]
        return gc.collect()
    finally:
        gc.enable()


def test_an_element_leaves_no_cycle_for_the_collector() -> None:
    def read() -> None:
        for _ in range(200):
            parse_element([DESCRIPTION])
            with contextlib.suppress(XmlError):
                parse_element(["<game><!DOCTYPE x></game>\n"])

    # Before the fix each parser and its builder were a cycle: 200 x 2 of them.
    assert _garbage_after(read) == 0


def test_a_merge_file_read_leaves_no_cycle_per_game(tmp_path: Path) -> None:
    path = tmp_path / "games.xml"
    games = GAMES.read_text(encoding="utf-8")
    path.write_text(DESCRIPTION * 50 + games + "<game id='broken'>\n" + games, encoding="utf-8")
    list(read_results(path))  # imports and caches first: what is made once is not per game
    results: list[object] = []
    assert _garbage_after(lambda: results.extend(read_results(path))) == 0
    assert len(results) > 3


_PEAK = (
    "import resource, sys\n"
    "from histparse.cli import main\n"
    "status = main(['export', *sys.argv[1:], '--jobs', '1', '-q'])\n"
    "print(status, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"
)


def _export_peak(source: Path, out: Path) -> int:
    done = subprocess.run(
        [sys.executable, "-c", _PEAK, str(source), "--out", str(out)],
        capture_output=True,
        text=True,
        check=True,
    )
    status, peak = done.stdout.split()
    assert status in ("0", "1"), done.stderr
    return int(peak)


def test_export_of_many_merge_elements_peaks_near_a_pokerstars_export(tmp_path: Path) -> None:
    # 30,000 description lines (2 MB): before the fix each element's parser stayed (~14 KB),
    # 400 MB more than the PokerStars export of the bundled samples.
    merge = tmp_path / "many.xml"
    merge.write_text(DESCRIPTION * 30_000 + GAMES.read_text(encoding="utf-8"), encoding="utf-8")
    stars = _export_peak(STARS / "3-Draw-Limit-USD-0.10-0.20-200911.txt", tmp_path / "ps")
    assert _export_peak(merge, tmp_path / "merge") < 1.5 * stars
