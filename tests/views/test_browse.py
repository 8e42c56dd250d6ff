"""The hand browser's rows and filters: each filter counts the hands it keeps on a corpus whose
answers are known (``tests/data/browse/README.md``), and the command lists the hands kept."""

from __future__ import annotations

import base64
import gzip
import json
import re
import shutil
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest

from histparse.cli import main
from histparse.frames import tables
from histparse.parsing import read_histories
from histparse.replayer import replay
from histparse.views.browse import (
    BrowseFilter,
    Browser,
    BrowseRow,
    browse_rows,
    browser_page,
    select,
)

from .conftest import PLAIN


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("browse")
    shutil.copy(WRITTEN, folder / "written.txt")
    first = PLAIN.read_text(encoding="utf-8").split("\n\n\n")[0]
    (folder / "real.txt").write_text(first + "\n", encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def rows(corpus: Path) -> list[BrowseRow]:
    hands = list(read_histories(corpus))
    assert len(hands) == 3
    return browse_rows(tables(hands))


def _ids(rows: list[BrowseRow], f: BrowseFilter) -> set[str]:
    return {r.hand_id for r in select(rows, f)}


WRITTEN = Path(__file__).resolve().parents[1] / "data" / "browse" / "written.txt"
SNOWED, BROKEN, REAL = "900000001", "900000002", "35839001292"

CASES: list[tuple[BrowseFilter, set[str]]] = [
    (BrowseFilter(), {SNOWED, BROKEN, REAL}),
    (BrowseFilter(lost_more=Decimal("0.5")), {SNOWED, REAL}),  # -1 BB each
    (BrowseFilter(lost_more=Decimal(1)), set()),  # more than: -1 BB is not
    (BrowseFilter(won_more=Decimal(5)), {BROKEN}),  # +5.8 BB
    (BrowseFilter(won_more=Decimal(6)), set()),
    (BrowseFilter(allin=True), {REAL}),
    (BrowseFilter(showdown=True), {SNOWED, BROKEN}),
    (BrowseFilter(capped=True), {BROKEN, REAL}),
    (BrowseFilter(pat=(0,)), {SNOWED, BROKEN}),
    (BrowseFilter(pat=(1,)), {SNOWED, BROKEN}),
    (BrowseFilter(pat=(2,)), {SNOWED}),
    (BrowseFilter(pat=(3,)), {SNOWED, BROKEN}),
    (BrowseFilter(broke=(0,)), {BROKEN}),
    (BrowseFilter(broke=(2,)), {BROKEN}),
    (BrowseFilter(broke=(3,)), set()),
    (BrowseFilter(snow=True), {SNOWED}),
    (BrowseFilter(start_classes=("1-card 8",)), {BROKEN}),
    (BrowseFilter(start_classes=("2-card rough", "1-card 8")), {BROKEN, REAL}),
    (BrowseFilter(kept=((2, "1-card 8"),)), {BROKEN}),
    (BrowseFilter(kept=((3, "pat 8"),)), {BROKEN}),
    (BrowseFilter(kept=((1, "pat, no made hand"),)), {SNOWED}),
    (BrowseFilter(showdown=True, pat=(2,)), {SNOWED}),  # every condition must hold
]


@pytest.mark.parametrize(("where", "kept"), CASES)
def test_each_filter_keeps_the_known_hands(
    rows: list[BrowseRow], where: BrowseFilter, kept: set[str]
) -> None:
    assert _ids(rows, where) == kept


def test_a_row_holds_the_hands_numbers(rows: list[BrowseRow]) -> None:
    by_id = {r.hand_id: r for r in rows}
    won = by_id[BROKEN]
    assert won.net == Decimal("0.58") and won.net_bb == Decimal("5.80")
    assert won.net_text() == "+$0.58" and won.position == "BB" and won.start_class == "1-card 8"
    assert won.kept == ("pat J or worse", "1-card 8", "pat 8")
    assert by_id[SNOWED].net_text() == "-$0.10" and by_id[REAL].file is not None


def test_a_player_sees_only_the_hands_dealt_to_them(corpus: Path) -> None:
    t = tables(read_histories(corpus))
    seen = browse_rows(t, "Villain")
    assert {r.hand_id for r in seen} == {SNOWED, BROKEN}
    assert {r.hand_id: str(r.net) for r in seen} == {SNOWED: "0.09", BROKEN: "-0.60"}


def test_the_command_lists_the_kept_hands_as_json(
    corpus: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["browse", str(corpus), "--json", "--pat", "2"]) == 0
    (only,) = json.loads(capsys.readouterr().out)
    assert only["hand_id"] == SNOWED and only["line"] == 1
    assert only["file"].endswith("written.txt") and only["site"] == "PokerStars"
    assert main(["browse", str(corpus), "--json", "--kept-class", "2", "1-CARD 8"]) == 0
    assert [h["hand_id"] for h in json.loads(capsys.readouterr().out)] == [BROKEN]


def test_the_command_says_what_is_wrong(corpus: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["browse", str(corpus), "--start-class", "pat 6"]) == 2
    assert "unknown start class 'pat 6'; known: 'pat 7'" in capsys.readouterr().err
    assert main(["browse", str(corpus), "--player", "Vilain"]) == 2
    assert "did you mean 'Villain'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["browse", str(corpus), "--pat", "4"])


def test_the_page_holds_every_row_and_no_outside_resource(rows: list[BrowseRow]) -> None:
    text = browser_page(rows, {})
    assert text.startswith("<!DOCTYPE html>") and "default-src 'none'" in text
    assert text.count('class="hp-chunk"') == 1
    hostile = replace(rows[0], table="</script><b>x")
    page = browser_page([hostile], {}, start={"site": "</script><b>"})
    assert "</script><b>" not in page


def test_a_dataset_lists_the_same_hands_and_finds_them_for_the_replayer(
    corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "ds"
    assert main(["export", str(corpus), "--out", str(data), "-q"]) == 0
    capsys.readouterr()
    assert main(["browse", str(data), "--json", "--showdown"]) == 0
    assert {h["hand_id"] for h in json.loads(capsys.readouterr().out)} == {SNOWED, BROKEN}
    page = tmp_path / "b.html"
    assert main(["browse", str(data), "--showdown", "--html", str(page)]) == 0
    # Both hands' models were read again from their file: one page of models, no null.
    chunk = re.search(r'class="hp-chunk">([^<]+)<', page.read_text(encoding="utf-8"))
    assert chunk is not None
    models = json.loads(gzip.decompress(base64.b64decode(chunk.group(1))))
    assert [m["id"] for m in models] == [SNOWED, BROKEN]


def test_the_notebook_browser_is_the_page_in_a_frame(corpus: Path) -> None:
    hands = list(read_histories(corpus))
    replays = {(h.site, h.hand_id): replay(h) for h in hands}
    t = tables(hands, replays=lambda h: replays[(h.site, h.hand_id)])
    b = Browser.of(t, replays.values(), where=BrowseFilter(snow=True))
    assert repr(b) == "<Browser: 1 hands>" and [r.hand_id for r in b.rows] == [SNOWED]
    html = b._repr_html_()
    assert html.startswith('<iframe sandbox="allow-scripts" srcdoc="&lt;!DOCTYPE html&gt;')
    assert set(b.models) == {(h.site, h.hand_id) for h in hands}
