"""``histparse show HAND_ID PATH...`` and ``find_hand``: finding, exit statuses, messages."""

from __future__ import annotations

from pathlib import Path

import pytest

import histparse.show.find as find_module
from histparse.cli import main
from histparse.events import Hand
from histparse.parsing import ParseError, Unsupported
from histparse.parsing.reader import parse_any_chunk
from histparse.reading import Chunk
from histparse.show import BadHandId, find_hand, normalize_hand_id
from histparse.sites import Site

TESTS = Path(__file__).resolve().parents[1]
REAL = TESTS / "data" / "pokerstars"
TD_2009 = REAL / "3-Draw-Limit-USD-0.10-0.20-200911.txt"
CORRUPT_FILE = REAL / "Triple Draw 2-7 Lowball-FL-USD-1.00-2.00-201206.duplicate.holecards.txt"
BADUGI = REAL / "Badugi-USD-0.25-0.50-201009.txt"
ANNOTATED = "35839050562"
CORRUPT = "81631597149"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["show", *args])
    out = capsys.readouterr()
    return status, out.out, out.err


@pytest.mark.parametrize("hand_id", [ANNOTATED, f"#{ANNOTATED}"])
def test_found_hand_is_shown_with_or_without_hash(
    capsys: pytest.CaptureFixture[str], hand_id: str
) -> None:
    status, out, err = run(capsys, hand_id, str(REAL))
    assert status == 0
    assert err == ""
    assert out.startswith(f"PokerStars hand #{ANNOTATED}: Triple Draw 2-7 Lowball")
    assert "  main pot $1.30 (rake $0.06) won by Hero $1.24\n" in out


def test_findings_do_not_change_the_exit_status(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, CORRUPT, str(CORRUPT_FILE))
    assert status == 0
    assert "error CARD-DUPLICATE (R-RANK-1) at line 22:" in out


def test_not_found_exits_1_with_a_message(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "#12345", str(TD_2009), str(CORRUPT_FILE))
    assert status == 1
    assert out == ""
    assert err.startswith("histparse show: hand #12345 not found in ")
    assert str(TD_2009) in err


def test_bad_path_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "nope.txt"
    status, out, err = run(capsys, ANNOTATED, str(TD_2009), str(missing))
    assert status == 2
    assert out == ""
    assert "no such file or directory" in err and "nope.txt" in err


def test_bad_hand_id_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["show", "hand-1", str(TD_2009)])
    assert exc.value.code == 2
    assert "not a hand id: 'hand-1'" in capsys.readouterr().err


def test_unsupported_game_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    first_line = BADUGI.read_text(encoding="utf-8-sig").splitlines()[0]
    hand_id = first_line.split("#")[1].split(":")[0]
    status, out, err = run(capsys, hand_id, str(BADUGI))
    assert status == 1
    assert out == ""
    assert f"hand #{hand_id} ({BADUGI}:1) is a PokerStars Badugi Limit hand" in err


def test_unparseable_hand_exits_1(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lines = CORRUPT_FILE.read_text(encoding="utf-8").splitlines()
    broken = tmp_path / "broken.txt"
    # Drop the summary: the header still names the hand, but the hand is not complete.
    broken.write_text("\n".join(lines[: lines.index("*** SUMMARY ***")]) + "\n", encoding="utf-8")
    found = find_hand(CORRUPT, [broken])
    assert isinstance(found, ParseError)
    status, out, err = run(capsys, CORRUPT, str(broken))
    assert status == 1
    assert out == ""
    assert err.startswith(f"histparse show: hand #{CORRUPT} could not be parsed: {broken}:")


def test_normalize_hand_id() -> None:
    assert normalize_hand_id("#35839050562") == "35839050562"
    assert normalize_hand_id(" 35839050562 ") == "35839050562"
    for bad in ["", "#", "##1", "12a", "Hand #1"]:
        with pytest.raises(BadHandId, match="not a hand id"):
            normalize_hand_id(bad)


def test_find_stops_at_the_first_match(tmp_path: Path) -> None:
    text = TD_2009.read_text(encoding="utf-8")
    # A second file holding the same hand at another table: the first file wins.
    second = tmp_path / "copy.txt"
    second.write_text(text.replace("'Theodora VI'", "'Elsewhere'"), encoding="utf-8")
    found = find_hand(ANNOTATED, [TD_2009, second])
    assert isinstance(found, Hand) and found.table_name == "Theodora VI"
    found = find_hand(ANNOTATED, [second, TD_2009])
    assert isinstance(found, Hand) and found.table_name == "Elsewhere"


def test_find_parses_only_the_matching_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    parsed: list[int] = []
    real_parse = parse_any_chunk

    def counting(chunk: Chunk, site: Site | None = None) -> Hand | ParseError | Unsupported:
        parsed.append(chunk.first_line)
        return real_parse(chunk, site)

    monkeypatch.setattr(find_module, "parse_any_chunk", counting)
    # The annotated hand is the 2nd of 17 in its file: the 1st is skipped unparsed (its
    # header does not match) and the search stops before the others.
    found = find_hand(ANNOTATED, [TD_2009])
    assert isinstance(found, Hand)
    assert parsed == [57]
    parsed.clear()
    assert find_hand("1", [TD_2009]) is None
    assert parsed == []


def test_find_rejects_missing_paths() -> None:
    with pytest.raises(FileNotFoundError, match="no such file or directory"):
        find_hand(ANNOTATED, [REAL / "missing.txt"])
