"""The site registry: a new site is one folder plus one registry line.

The toy site in ``tests/data/toy_site/toy`` is copied into a copy of the package with one line
added to ``SITES``, and its file goes through parse, audit, tables, ``show`` and the writer
without any other module changed.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import histparse
from histparse import sites
from histparse.reading import Chunk
from histparse.sites import Continuation

DATA = Path(__file__).resolve().parents[1] / "data"
TOY = DATA / "toy_site"
REGISTRY_LINE = '    folder("pokerstars"),\n'


@pytest.fixture(scope="module")
def toy_package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of histparse with the toy folder and its registry line, nothing else."""
    root = tmp_path_factory.mktemp("toy")
    package = root / "histparse"
    shutil.copytree(
        Path(histparse.__file__).parent, package, ignore=shutil.ignore_patterns("__pycache__")
    )
    shutil.copytree(TOY / "toy", package / "sites" / "toy")
    registry = package / "sites" / "__init__.py"
    text = registry.read_text()
    assert text.count(REGISTRY_LINE) == 1
    registry.write_text(text.replace(REGISTRY_LINE, REGISTRY_LINE + '    folder("toy"),\n'))
    shutil.copy(TOY / "hands.txt", root / "hands.txt")
    return root


def _run(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run(
        [sys.executable, *args], cwd=root, env=env, capture_output=True, text=True, timeout=120
    )


def test_the_copy_differs_by_one_folder_and_one_line(toy_package: Path) -> None:
    original = Path(histparse.__file__).parent
    copy = toy_package / "histparse"
    changed = []
    for path in sorted(copy.rglob("*")):
        if path.is_dir() or "__pycache__" in path.parts:
            continue
        rel = path.relative_to(copy)
        if rel.parts[:2] == ("sites", "toy"):
            continue
        if not (original / rel).exists() or (original / rel).read_bytes() != path.read_bytes():
            changed.append(str(rel))
    assert changed == ["sites/__init__.py"]


def test_a_toy_site_parses_audits_tabulates_and_shows(toy_package: Path) -> None:
    parsed = _run(toy_package, "-m", "histparse", "parse", "hands.txt")
    assert parsed.returncode == 1, parsed.stderr  # one hand rejected
    assert "2 hand(s) from 1 file(s): 1 parsed, 1 rejected" in parsed.stdout
    assert "Toy" in parsed.stdout and "hands.txt:13" in parsed.stdout

    audited = _run(toy_package, "-m", "histparse", "audit", "--json", "hands.txt")
    report = json.loads(audited.stdout)
    rejected = [f for f in report["findings"] if f["code"] == "PARSE-REJECTED"]
    # The rejected chunk is attributed to the site whose parser rejected it.
    assert [(f["site"], f["hand_id"], f["line"]) for f in rejected] == [("Toy", "8", 13)]

    shown = _run(toy_package, "-m", "histparse", "show", "7", "hands.txt")
    assert shown.returncode == 0, shown.stderr
    assert "Alice" in shown.stdout and "Bob" in shown.stdout

    tables = _run(
        toy_package,
        "-c",
        "import histparse\n"
        "hands = list(histparse.read_histories('hands.txt', on_error=lambda e: None))\n"
        "t = histparse.tables(hands)\n"
        "print(t.hands['site'].astype(str).tolist(), t.hands['hand_id'].tolist())\n"
        "try:\n"
        "    histparse.write_hand(hands[0])\n"
        "except histparse.writing.NotWritable as e:\n"
        "    print('refused:', e)\n",
    )
    assert tables.returncode == 0, tables.stderr
    assert "['Toy'] ['7']" in tables.stdout
    assert "refused: hand 7: the toy site has no writer" in tables.stdout


def test_the_registry_lists_pokerstars_first_and_the_recognised_sites() -> None:
    names = [s.name for s in sites.SITES]
    assert names[0] == "PokerStars"
    assert {"FullTilt", "Winamax", "Ongame", "Merge", "Boss Media", "Kings Club"} <= set(names)
    assert names[1] == "FullTilt"
    assert sites.hand_start_prefixes() == (
        "PokerStars ",
        "Full Tilt Poker Game #",
        "FullTiltPoker Game #",
        "Full Tilt Poker Tournament Summary ",
        "Winamax Poker - ",
        "#",
    )


def test_site_for_reads_first_lines() -> None:
    stars = sites.site_for("PokerStars Hand #1234:  Triple Draw 2-7 Lowball ($1/$2 USD)")
    assert stars is not None and stars.name == "PokerStars"
    assert stars.hand_id("PokerStars Hand #1234:  Triple Draw 2-7 Lowball") == "1234"
    # The same prefix without a header is nobody's, as is plain text.
    assert sites.site_for("PokerStars is a site") is None
    assert sites.site_for("hello") is None
    kings = sites.site_for("#39879543: Limit 2-7 Triple Draw - 44/88")
    assert kings is not None and kings.name == "Kings Club"
    assert sites.site_for("#39879543 no") is None
    assert sites.is_separator("******************** # 1 ********************")
    assert not sites.is_separator("*** SUMMARY ***")


def test_continuations() -> None:
    stars = sites.site_named("PokerStars")
    assert stars is not None
    hand = Chunk("f", 1, ["PokerStars Hand #1: x"], [""], [""])
    summary = Chunk("f", 1, ["PokerStars Tournament #1, No Limit"], [""], [""])
    rest = Chunk("f", 3, ["more text"], [""], [""])
    assert stars.continuation(hand, rest) is Continuation.NEW
    assert stars.continuation(summary, rest) is Continuation.SKIP


def test_a_part_continuation_joins_the_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    # A site whose hands hold a blank line (as Full Tilt's do): the chunk after its first one
    # is joined to it, the blank line put back, before it is parsed.
    from histparse.parsing.reader import hand_chunks, split_chunks

    stars = sites.site_named("PokerStars")
    assert stars is not None

    class Joining:
        def __getattr__(self, name: str) -> object:
            return getattr(stars, name)

        def continuation(self, first: Chunk, chunk: Chunk) -> Continuation:
            return Continuation.PART

    joining = Joining()
    monkeypatch.setattr(sites, "SITES", (joining, *sites.SITES[1:]))
    sites.reload()
    try:
        text = ["PokerStars Hand #1: x\n", "\n", "rest of the hand\n", "\n", "\n", "more\n"]
        (only,) = list(hand_chunks(split_chunks(text, "f")))
    finally:
        monkeypatch.undo()
        sites.reload()
    chunk, site = only
    assert site is joining
    assert chunk.contents == ["PokerStars Hand #1: x", "", "rest of the hand", "", "", "more"]
    assert (chunk.first_line, chunk.last_line) == (1, 6)


def test_a_rejected_chunk_names_the_site_that_rejected_it() -> None:
    from histparse.parsing import ParseError, parse_results

    path = DATA / "pokerstars" / "3-Draw-Limit-USD-0.10-0.20-200911.txt"
    text = path.read_text(encoding="utf-8").split("\n\n\n")[0]
    broken = text.replace("*** FIRST DRAW ***", "*** FIRST DRAWN ***")
    (stars,) = parse_results(broken)
    (nobody,) = parse_results("just some words\n")
    assert isinstance(stars, ParseError) and stars.site == "PokerStars"
    assert isinstance(nobody, ParseError) and nobody.site is None
    assert nobody.expected == (
        "a PokerStars header line or a Full Tilt header line or a Winamax header line or "
        "a Kings Club header line or a Merge <game> element"
    )


def test_write_hand_refuses_a_hand_of_another_site() -> None:
    import dataclasses

    from histparse.events import SiteLayout
    from histparse.parsing import read_histories
    from histparse.writing import NotWritable, write_hand

    path = DATA / "pokerstars" / "3-Draw-Limit-USD-0.10-0.20-200911.txt"
    hand = next(iter(read_histories(path)))
    assert write_hand(hand) == hand.source.text
    with pytest.raises(NotWritable, match="no site called 'Nowhere'"):
        write_hand(dataclasses.replace(hand, site="Nowhere"))
    with pytest.raises(NotWritable, match="cannot write Ongame hands"):
        write_hand(dataclasses.replace(hand, site="Ongame"))

    @dataclasses.dataclass(frozen=True, slots=True)
    class OtherLayout(SiteLayout):
        dialect: str = "x"

    with pytest.raises(NotWritable, match="not a PokerStars one"):
        write_hand(dataclasses.replace(hand, layout=OtherLayout()))
    # A hand built by code with no layout is written with PokerStars' defaults.
    plain = dataclasses.replace(hand, layout=SiteLayout())
    assert write_hand(plain).startswith("PokerStars Game #")
