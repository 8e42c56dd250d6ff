"""Winamax and Kings Club hands through the whole pipeline: generated sessions (``generate
--site winamax|kingsclub``) parse, audit clean and round-trip; one folder mixing PokerStars,
Full Tilt, Winamax and Kings Club hands is read in one run, in parallel as in one process;
show, stats and export work on the real hands."""

from __future__ import annotations

import contextlib
import io
import shutil
from pathlib import Path

import pytest

from histparse.auditor import audit
from histparse.cli import main
from histparse.events import Hand
from histparse.parallel import iter_pieces, parse_piece
from histparse.parsing import ParseError, read_results
from histparse.replayer.findings import Severity
from histparse.writing import write_hand

REAL = Path(__file__).resolve().parents[1] / "data" / "real_histories"
SITES = {"winamax": "Winamax", "kingsclub": "Kings Club"}


def _run(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        status = main(argv)
    return status, out.getvalue()


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("gen")
    out: dict[str, Path] = {}
    for site in SITES:
        path = folder / f"{site}.txt"
        argv = ["generate", "--hands", "120", "--seed", "11", "--site", site, "-q"]
        status, _ = _run([*argv, "--out", str(path)])
        assert status == 0
        out[site] = path
    return out


@pytest.mark.parametrize("site", sorted(SITES))
def test_generated_hands_parse_audit_clean_and_round_trip(
    generated: dict[str, Path], site: str
) -> None:
    results = list(read_results(generated[site]))
    assert not [r for r in results if isinstance(r, ParseError)]
    hands = [r for r in results if isinstance(r, Hand)]
    assert len(hands) == 120 and {h.site for h in hands} == {SITES[site]}
    assert all(write_hand(h) == h.source.text for h in hands)
    bad = [f for f in audit(hands) if f.severity in (Severity.ERROR, Severity.WARNING)]
    assert bad == []


def test_a_folder_of_all_five_sites_is_read_in_one_run_and_in_parallel(
    tmp_path: Path, generated: dict[str, Path]
) -> None:
    mixed = tmp_path / "mixed"
    mixed.mkdir()
    for site, path in generated.items():
        shutil.copy(path, mixed / f"generated-{site}.txt")
    for folder in ("winamax", "kingsclub"):
        for path in sorted((REAL / folder).glob("*.txt")):
            shutil.copy(path, mixed / path.name)
    shutil.copy(REAL / "fulltilt" / "3-Draw-Limit-USD-150-300-201012.txt", mixed / "ft.txt")
    shutil.copy(REAL / "pokerstars" / "3-Draw-Limit-USD-0.10-0.20-200911.txt", mixed / "ps.txt")
    for path in sorted((REAL / "merge_carbon").glob("3-Draw-*.txt")):  # XML, named .txt
        shutil.copy(path, mixed / f"merge-{path.name}")
    whole = list(read_results(mixed))
    assert not [r for r in whole if isinstance(r, ParseError)]
    sites = {r.site for r in whole if isinstance(r, Hand)}
    assert sites == {"PokerStars", "FullTilt", "Winamax", "Kings Club", "Merge"}
    pieced = [r for piece in iter_pieces([mixed], 2) for r in parse_piece(piece)]
    assert pieced == whole
    one = _run(["audit", "--json", "--jobs", "1", str(mixed)])
    two = _run(["audit", "--json", "--jobs", "2", str(mixed)])
    assert one == two


def test_show_stats_and_export(tmp_path: Path) -> None:
    status, text = _run(["show", "39879543", str(REAL / "kingsclub")])
    assert status == 0 and "Kings Club hand #39879543" in text
    status, text = _run(["show", "9250793-388-1478989461", str(REAL / "winamax")])
    assert status == 0 and "Winamax hand #9250793-388-1478989461" in text
    status, text = _run(["stats", str(REAL / "winamax"), str(REAL / "kingsclub")])
    assert status == 0 and "Hero" in text and "EUR" in text and "USD" in text
    out = tmp_path / "ds"
    status, _ = _run(["export", str(REAL / "winamax"), str(REAL / "kingsclub"), "--out", str(out)])
    assert status == 0
    assert (out / "hands" / "site=Winamax").is_dir()
    assert [p.name for p in (out / "hands").iterdir() if "Kings" in p.name]
