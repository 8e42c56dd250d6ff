"""First lines that were misread (issue 38): a PokerStars header with no date is a damaged
hand, not another game; an XML declaration before Merge's elements is Merge's; a lone CR before
a file's first hand is not part of it."""

from __future__ import annotations

from pathlib import Path

import pytest

from histparse.cli import main
from histparse.events import Hand
from histparse.parsing import ParseError, Unsupported, read_results

ROOT = Path(__file__).resolve().parents[2]
MERGE = ROOT / "tests" / "data" / "real_histories" / "merge_carbon"
GAME = MERGE / "3-Draw-Limit-USD-1-2-201104.Sample.with.showdown.txt"
STARS = ROOT / "sample_histories" / "3-Draw-Limit-USD-0.10-0.20-200911.txt"


def test_a_pokerstars_header_with_no_date_is_rejected(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "nodate.txt"
    path.write_text("PokerStars Hand #1: AAAA\n\n", encoding="utf-8")
    [result] = read_results(path)
    assert isinstance(result, ParseError)
    assert result.line == 1 and "no date" in result.message
    assert main(["parse", str(path)]) == 1
    assert "nodate.txt:1:" in capsys.readouterr().out


def test_an_unparsed_game_with_a_date_is_still_counted(tmp_path: Path) -> None:
    path = tmp_path / "holdem.txt"
    path.write_text(
        "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 1:00:00 ET\n\n",
        encoding="utf-8",
    )
    [result] = read_results(path)
    assert isinstance(result, Unsupported)


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_an_xml_declaration_before_merge_elements(tmp_path: Path, newline: str) -> None:
    path = tmp_path / "decl.xml"
    declaration = '<?xml version="1.0" encoding="UTF-8"?>' + newline
    path.write_bytes(declaration.encode() + newline.encode() + GAME.read_bytes())
    expected = list(read_results(GAME))
    results = list(read_results(path))
    assert [type(r) for r in results] == [Hand] * len(expected)
    assert [r.hand_id for r in results] == [r.hand_id for r in expected]
    # Each game keeps its line numbers in the file (two lines more).
    assert [r.source.first_line for r in results] == [
        r.source.first_line + 2
        for r in expected  # type: ignore[union-attr]
    ]


def test_an_xml_declaration_before_another_sites_xml_is_still_counted(tmp_path: Path) -> None:
    path = tmp_path / "boss.xml"
    path.write_text('<?xml version="1.0"?>\n<HISTORY ID="1">\n</HISTORY>\n', encoding="utf-8")
    assert all(isinstance(r, Unsupported) for r in read_results(path))


@pytest.mark.parametrize("source", [STARS, GAME], ids=["pokerstars", "merge"])
def test_a_lone_cr_before_the_first_hand(tmp_path: Path, source: Path) -> None:
    path = tmp_path / source.name
    path.write_bytes(b"\r" + source.read_bytes())
    expected = list(read_results(source))
    results = list(read_results(path))
    assert all(isinstance(r, Hand) for r in results)
    assert [r.hand_id for r in results] == [r.hand_id for r in expected]


def test_show_finds_a_game_after_an_xml_declaration(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "decl.xml"
    path.write_bytes(b'<?xml version="1.0" encoding="UTF-8"?>\n\n' + GAME.read_bytes())
    [*_, last] = read_results(GAME)
    assert isinstance(last, Hand)
    assert main(["show", str(last.hand_id), str(path)]) == 0
    assert f"#{last.hand_id}" in capsys.readouterr().out
