"""The progress line of every long command: on a terminal only, never with --quiet, percent
done by bytes, rates and time left; the same with --jobs 2."""

from __future__ import annotations

import io
import re
import shutil
import sys
from pathlib import Path

import pytest

from histparse.cli import main
from histparse.parallel import Progress, iter_pieces

DATA = Path(__file__).resolve().parents[1] / "data" / "pokerstars"
TD_2009 = str(DATA / "3-Draw-Limit-USD-0.10-0.20-200911.txt")
TD_2011 = str(DATA / "Triple Draw 2-7 Lowball-FL-USD-0.10-0.20-201106.sample.txt")


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def _commands(tmp: Path) -> dict[str, list[str]]:
    # --jobs 1: a pool of processes costs seconds to start; one test below runs --jobs 2.
    one = ["--jobs", "1"]
    return {
        "parse": ["parse", TD_2009, TD_2011, *one],
        "stats": ["stats", TD_2009, TD_2011, "--player", "Hero", *one],
        "graph": [
            "graph",
            TD_2009,
            "--player",
            "Hero",
            "--kind",
            "net",
            "--out",
            str(tmp / "g.png"),
            *one,
        ],
        "sessions": ["sessions", TD_2009, "--player", "Hero", *one],
        "convert": ["convert", "--to", "phh", TD_2009, "--out", str(tmp / "c.phhs")],
        "generate": ["generate", "--hands", "12", "--seed", "3", "--out", str(tmp / "g.txt")],
        "audit": ["audit", TD_2009, *one],
        "export": ["export", TD_2009, "--out", str(tmp / "ds"), *one],
    }


def _err(monkeypatch: pytest.MonkeyPatch, stream: io.StringIO, args: list[str]) -> str:
    monkeypatch.setattr(sys, "stderr", stream)
    main(args)
    return stream.getvalue()


@pytest.mark.parametrize(
    "name", ["parse", "stats", "graph", "sessions", "convert", "generate", "audit", "export"]
)
def test_progress_on_a_terminal_never_elsewhere_nor_quiet(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, name: str
) -> None:
    args = _commands(tmp_path)[name]
    shown = _err(monkeypatch, _Tty(), [*args])
    last = shown.split("\r")[-1]
    assert "\r" in shown and "hands/s" in last and "100%" in last, shown
    if name != "generate":  # generate counts hands; the others bytes of files
        assert re.search(r"100% of [\d.,]+ (kB|MB), ", last)
        assert "/s, " in last and "file " in last
    assert " in all" in last and last.endswith("\n")
    # Not a terminal: nothing; a terminal with --quiet: nothing either.
    shutil.rmtree(tmp_path / "ds", ignore_errors=True)  # export: a new dataset each time
    assert "hands/s" not in _err(monkeypatch, io.StringIO(), args)
    shutil.rmtree(tmp_path / "ds", ignore_errors=True)
    assert "hands/s" not in _err(monkeypatch, _Tty(), [*args, "--quiet"])


def test_progress_with_two_jobs(monkeypatch: pytest.MonkeyPatch) -> None:
    shown = _err(monkeypatch, _Tty(), ["parse", TD_2009, TD_2011, "--jobs", "2"])
    assert "100% of" in shown.split("\r")[-1] and "file 2/2" in shown


def test_percent_by_bytes_inside_a_file(tmp_path: Path) -> None:
    # Two pieces of one ASCII file: after the first, the percent is its share of the bytes.
    path = tmp_path / "one.txt"
    path.write_bytes(Path(TD_2009).read_bytes())
    size = path.stat().st_size
    out = _Tty()
    p = Progress([str(path)], enabled=True, stream=out, interval=0)
    pieces = list(p.track(iter_pieces([str(path)], hands_per_piece=9)))
    assert len(pieces) == 2
    first = sum(map(len, pieces[0].lines))
    p.update(pieces[0].hands, 0)
    assert p.bytes_done == first < size
    assert p.fraction() == pytest.approx(first / size)
    p.update(pieces[1].hands, 0)
    p.close()
    assert p.fraction() == 1.0 and p.bytes_done == size
    assert out.getvalue().endswith("file 1/1\n")
    assert f"{round(100 * first / size):3d}% of " in out.getvalue()


def test_time_left_and_a_count_of_hands() -> None:
    p = Progress(0, enabled=True, stream=_Tty(), total_hands=200)
    p.update(50, 0)
    line = p.line(now=p._start + 10.0)
    # A quarter done in 10 s: 30 s left, at 5 hands/s; no file count without files.
    assert line == " 25%, 50 hands, 5 hands/s, 0:30 left"
