"""Full Tilt hands through the whole pipeline: generated sessions (``generate --site
fulltilt``) parse, audit clean and round-trip; a folder mixing both sites is read in one run,
in parallel as in one process; show, stats, export (partition ``site=FullTilt``) and PHH."""

from __future__ import annotations

import contextlib
import io
import shutil
from pathlib import Path

import pytest

from histparse.auditor import audit
from histparse.cli import main
from histparse.events import Hand
from histparse.export import load
from histparse.parallel import iter_pieces, parse_piece
from histparse.parsing import ParseError, read_results
from histparse.replayer.findings import Severity
from histparse.writing import write_hand

REAL = Path(__file__).resolve().parents[1] / "data" / "real_histories"
FULLTILT = REAL / "fulltilt"


def _run(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        status = main(argv)
    return status, out.getvalue()


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("ft") / "generated.txt"
    status, _ = _run(
        [
            "generate",
            "--hands",
            "1500",
            "--seed",
            "7",
            "--site",
            "fulltilt",
            "-q",
            "--out",
            str(path),
        ]
    )
    assert status == 0
    return path


def test_generated_full_tilt_hands_parse_audit_clean_and_round_trip(generated: Path) -> None:
    results = list(read_results(generated))
    assert not [r for r in results if isinstance(r, ParseError)]
    hands = [r for r in results if isinstance(r, Hand)]
    assert len(hands) == 1500 and {h.site for h in hands} == {"FullTilt"}
    assert all(write_hand(h) == h.source.text for h in hands)
    bad = [f for f in audit(hands) if f.severity in (Severity.ERROR, Severity.WARNING)]
    assert bad == []
    text = generated.read_text(encoding="utf-8")
    assert text.startswith("Full Tilt Poker Game #")
    assert "*** FIRST DRAW *** (Pot: $" in text and " is dealt " in text


def test_generated_tournament_hands_audit_clean(tmp_path: Path) -> None:
    path = tmp_path / "sng.txt"
    argv = ["generate", "--hands", "600", "--seed", "8", "--site", "fulltilt", "--tournament"]
    status, _ = _run([*argv, "--players", "2", "--heads-up-table", "-q", "--out", str(path)])
    assert status == 0
    hands = [r for r in read_results(path) if isinstance(r, Hand)]
    assert len(hands) == 600
    assert not [f for f in audit(hands) if f.severity in (Severity.ERROR, Severity.WARNING)]


def test_a_mixed_folder_is_read_in_one_run_and_in_parallel(tmp_path: Path, generated: Path) -> None:
    mixed = tmp_path / "mixed"
    mixed.mkdir()
    shutil.copy(generated, mixed / "ft.txt")
    for name in ("3-Draw-Limit-USD-1500-3000-201101.FTP.Archive.sample.txt",):
        shutil.copy(FULLTILT / name, mixed / name)
    for path in sorted((REAL / "pokerstars").glob("3-Draw*.txt"))[:3]:
        shutil.copy(path, mixed / path.name)
    whole = list(read_results(mixed))
    sites = {r.site for r in whole if isinstance(r, Hand)}
    assert sites == {"FullTilt", "PokerStars"}
    pieced = [r for piece in iter_pieces([mixed], 2) for r in parse_piece(piece)]
    assert pieced == whole
    one = _run(["audit", "--json", "--jobs", "1", str(mixed)])
    two = _run(["audit", "--json", "--jobs", "2", str(mixed)])
    assert one == two


def test_show_stats_export_and_phh(tmp_path: Path) -> None:
    status, text = _run(["show", "25325990000", str(FULLTILT)])
    assert status == 0
    assert "FullTilt hand #25325990000" in text and "raises to $300.00" in text
    status, text = _run(["stats", str(FULLTILT)])
    # 0: every hand is in the tables, the partial one as a hands row without player rows.
    assert status == 0 and "Hero" in text and "KiIIuminati" in text
    out = tmp_path / "ds"
    status, _ = _run(["export", str(FULLTILT), "--out", str(out)])
    assert status == 0  # nothing rejected: the partial hand is stored (its hands row)
    assert "27020940000" in set(load(out).hands["hand_id"].astype(str))
    assert (out / "hands" / "site=FullTilt").is_dir()
    phh = tmp_path / "ft.phhs"
    status, text = _run(
        ["convert", "--to", "phh", "--out", str(phh), "--allow-unknown", str(FULLTILT)]
    )
    assert phh.exists() and "converted 68 of 84 hand(s)" in text
