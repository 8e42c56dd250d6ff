"""Reading from open files, as pandas' ``read_csv`` reads ``filepath_or_buffer``: a binary file
gives what its path gives (UTF-8, UTF-16 with or without BOM, stray cp1252 bytes), a text file
what its text gives."""

from __future__ import annotations

import codecs
import io
from pathlib import Path

import pytest

from histparse.events import Hand
from histparse.parsing import ParseError, Unsupported, read_histories, read_results

DATA = Path(__file__).resolve().parents[1] / "data"
FILES = sorted((DATA / "real_histories").rglob("*.txt"))


def _summary(results: object) -> list[tuple[str, str | None, int]]:
    out = []
    for r in results:  # type: ignore[attr-defined]
        if isinstance(r, Hand):
            out.append(("hand", r.hand_id, r.source.first_line))
        elif isinstance(r, Unsupported):
            out.append(("unsupported", r.site, r.line))
        else:
            assert isinstance(r, ParseError)
            out.append(("rejected", r.site, r.line))
    return out


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_a_binary_file_reads_as_its_path(path: Path) -> None:
    expected = _summary(read_results(path))
    with open(path, "rb") as f:
        got = _summary(read_results(f))
    assert got == expected


def test_hands_from_a_buffer_equal_hands_from_the_path() -> None:
    path = DATA / "pokerstars" / "3-Draw-Limit-USD-0.10-0.20-200911.txt"
    from_path = list(read_histories(path))
    data = path.read_bytes()
    from_bytes = list(read_histories(io.BytesIO(data)))
    from_text = list(read_histories(io.StringIO(data.decode("utf-8"), newline="")))
    assert len(from_path) > 10
    # Same hands; only the file name differs (a buffer has none).
    for a, b, c in zip(from_path, from_bytes, from_text, strict=True):
        assert b.source.path == c.source.path == "<buffer>"
        assert a.events == b.events == c.events
        assert a.source.text == b.source.text == c.source.text


@pytest.mark.parametrize("bom", [True, False])
def test_a_utf16_buffer_is_recognised(bom: bool) -> None:
    path = DATA / "pokerstars" / "3-Draw-Limit-USD-0.10-0.20-200911.txt"
    text = path.read_text(encoding="utf-8")
    data = (codecs.BOM_UTF16_LE if bom else b"") + text.encode("utf-16-le")
    hands = list(read_histories(io.BytesIO(data)))
    assert [h.hand_id for h in hands] == [h.hand_id for h in read_histories(path)]
    assert hands[0].layout.bom is bom  # type: ignore[attr-defined]


def test_a_named_file_keeps_its_name(tmp_path: Path) -> None:
    path = DATA / "pokerstars" / "3-Draw-Limit-USD-0.10-0.20-200911.txt"
    with open(path, "rb") as f:
        (first, *_) = read_histories(f)
    assert first.source.path == str(path)


def test_a_long_line_in_a_text_buffer_is_cut() -> None:
    from histparse.textio import MAX_LINE

    text = "x" * (3 * MAX_LINE) + "\n\nPokerStars nothing\n"
    results = list(read_results(io.StringIO(text)))
    assert len(results) == 2
    assert all(isinstance(r, ParseError) and len(r.text) <= MAX_LINE for r in results)
