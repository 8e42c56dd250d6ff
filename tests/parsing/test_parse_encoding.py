"""Files: UTF-8 with and without BOM, UTF-16 (made by re-encoding a real hand), CRLF and LF,
trailing spaces, stray bytes, streaming."""

from __future__ import annotations

import dataclasses
import tracemalloc
from pathlib import Path

import pytest

from histparse.events import Event, Hand
from histparse.parsing import ParseError, read_histories, read_results

DATA = Path(__file__).resolve().parents[1] / "data" / "pokerstars"
BOM_CRLF = DATA / "Triple Draw 2-7 Lowball-FL-USD-0.10-0.20-201106.sample.txt"
LF_FILE = DATA / "3-Draw-Limit-USD-0.10-0.20-200911.txt"


def bare(events: tuple[Event, ...]) -> list[Event]:
    """Events without their trailing whitespace (to compare hands written differently)."""
    return [dataclasses.replace(e, trailing="") for e in events]


def only_hand(path: Path) -> Hand:
    (hand,) = list(read_histories(path))
    return hand


def test_real_bom_crlf_file() -> None:
    raw = BOM_CRLF.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf") and b"\r\n" in raw
    hand = only_hand(BOM_CRLF)
    assert hand.layout.bom and hand.layout.newline == "\r\n"
    assert hand.hand_id == "63845186378"
    assert "\ufeff" not in hand.source.text
    assert hand.source.text == raw.decode("utf-8-sig").rstrip("\r\n")
    assert hand.seats[0].trailing == " "  # "($4.36 in chips) " before the CR


def test_bom_only_on_the_first_hand(tmp_path: Path) -> None:
    text = LF_FILE.read_text(encoding="utf-8")
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    hands = list(read_histories(path))
    assert [h.layout.bom for h in hands] == [True] + [False] * 16


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16(tmp_path: Path, encoding: str) -> None:
    original = only_hand(BOM_CRLF)
    text = BOM_CRLF.read_bytes().decode("utf-8-sig")
    path = tmp_path / "u16.txt"
    # "utf-16" writes a BOM; the -le/-be codecs write none (recognised by the zero bytes).
    path.write_bytes(text.encode(encoding))
    hand = only_hand(path)
    assert hand.events == original.events and hand.seats == original.seats
    assert hand.layout.newline == "\r\n"
    assert hand.layout.bom == (encoding == "utf-16")


def test_crlf_and_lf_give_the_same_events(tmp_path: Path) -> None:
    text = LF_FILE.read_text(encoding="utf-8")
    crlf = tmp_path / "crlf.txt"
    crlf.write_bytes(text.replace("\n", "\r\n").encode())
    lf_hands = list(read_histories(LF_FILE))
    crlf_hands = list(read_histories(crlf))
    assert [h.events for h in crlf_hands] == [h.events for h in lf_hands]
    assert {h.layout.newline for h in crlf_hands} == {"\r\n"}
    assert all("\r\n" in h.source.text for h in crlf_hands)


def test_trailing_whitespace_is_ignored_for_matching_and_recorded(tmp_path: Path) -> None:
    original = list(read_histories(LF_FILE))
    text = LF_FILE.read_text(encoding="utf-8")
    stripped = tmp_path / "stripped.txt"
    stripped.write_text("\n".join(line.rstrip() for line in text.split("\n")), encoding="utf-8")
    padded = tmp_path / "padded.txt"
    padded.write_text("\n".join(line.rstrip() + " \t " for line in text.split("\n")), "utf-8")
    for path, trailing in ((stripped, ""), (padded, " \t ")):
        hands = list(read_histories(path))
        assert [bare(h.events) for h in hands] == [bare(h.events) for h in original]
        assert {e.trailing for h in hands for e in h.events} == {trailing}
    # In the real file the trailing space depends on the line, not only on its kind.
    assert {e.trailing for h in original for e in h.events} == {"", " "}


def test_stray_non_utf8_byte_does_not_lose_the_file(tmp_path: Path) -> None:
    raw = LF_FILE.read_bytes().replace(b'said, "ty"', b'said, "caf\xe9"', 1)  # cp1252 e-acute
    assert raw != LF_FILE.read_bytes()
    path = tmp_path / "cp1252.txt"
    path.write_bytes(raw)
    hands = list(read_histories(path))
    assert len(hands) == 17
    chats = [e for h in hands for e in h.events if type(e).__name__ == "Chat"]
    assert any(c.text == "café" for c in chats)  # type: ignore[attr-defined]


def test_file_without_final_newline_and_concatenated_bom(tmp_path: Path) -> None:
    one = BOM_CRLF.read_bytes().rstrip(b"\r\n")
    path = tmp_path / "cat.txt"
    path.write_bytes(one + b"\r\n\r\n" + one)  # the second copy keeps its BOM mid-file
    hands = list(read_histories(path))
    assert [h.layout.bom for h in hands] == [True, True]
    offset = hands[1].source.first_line - hands[0].source.first_line
    assert offset == hands[0].source.last_line + 1
    assert [dataclasses.replace(e, line=e.line + offset) for e in hands[0].events] == list(
        hands[1].events
    )


def test_empty_and_blank_files(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    blank = tmp_path / "blank.txt"
    blank.write_bytes(b"\r\n \n\t\n")
    reader = read_results(empty, blank)
    assert list(reader) == [] and reader.counts.read == 0


def test_binary_garbage_is_rejected_not_crashed(tmp_path: Path) -> None:
    path = tmp_path / "bin.txt"
    path.write_bytes(bytes(range(256)) * 40)
    reader = read_results(path)
    results = list(reader)
    assert all(isinstance(r, ParseError) for r in results)
    assert reader.counts.read == reader.counts.rejected == len(results) >= 1


def test_streaming_memory_does_not_grow_with_file_size(tmp_path: Path) -> None:
    text = LF_FILE.read_text(encoding="utf-8")

    def peak(copies: int) -> int:
        path = tmp_path / f"x{copies}.txt"
        path.write_text(text * copies, encoding="utf-8")
        tracemalloc.start()
        n = sum(1 for _ in read_histories(path))
        result = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert n == 17 * copies
        return result

    small, large = peak(3), peak(24)
    # Eight times the hands, about the same peak: one hand at a time is kept.
    assert large < small * 1.5 + 200_000
