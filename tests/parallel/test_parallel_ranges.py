"""Planned pieces (``plan_pieces``: workers find the cuts by byte offset and read their own
pieces) are the pieces of ``iter_pieces`` without their text, and read back as the same lines
and the same results, whatever the encoding, line endings, odd bytes or block size."""

from __future__ import annotations

import codecs
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from histparse.cli import main
from histparse.events import Hand
from histparse.parallel import audit_paths
from histparse.parallel import pieces as pieces_module
from histparse.parallel.pieces import (
    Piece,
    iter_pieces,
    parse_piece,
    pieces_for,
    plan_pieces,
)
from histparse.parallel.ranges import FileChanged, list_files, span_lines
from histparse.parallel.tables import tables_of_paths
from histparse.parsing import expand_paths, read_results
from histparse.textio import MAX_LINE, utf16_encoding

DATA = Path(__file__).resolve().parents[1] / "data" / "pokerstars"
REAL = DATA.parent / "real_histories"  # the real files, bytes untouched


def _generate(path: Path, hands: int, seed: int, *extra: str) -> bytes:
    assert main(["generate", "--hands", str(hands), "--seed", str(seed), "--out", str(path)]) == 0
    return path.read_bytes()


@pytest.fixture(scope="module")
def crafted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Generated files written every way the reader knows: CRLF and LF, BOMs, UTF-16 with and
    without a BOM, stray Windows-1252 bytes, lines over ``MAX_LINE``, odd line breaks."""
    base = tmp_path_factory.mktemp("ranges")
    crlf = _generate(base / "crlf.txt", 12, 21)
    text = crlf.decode("utf-8").replace("\r\n", "\n")
    lines = text.split("\n")
    header = next(line for line in lines if line.startswith("PokerStars Hand #"))
    (base / "lf.txt").write_bytes(text.encode())
    (base / "bom.txt").write_bytes(codecs.BOM_UTF8 + text.encode())
    for name, encoding, bom in [
        ("u16le-bom.txt", "utf-16-le", codecs.BOM_UTF16_LE),
        ("u16be-bom.txt", "utf-16-be", codecs.BOM_UTF16_BE),
        ("u16le.txt", "utf-16-le", b""),
        ("u16be.txt", "utf-16-be", b""),
    ]:
        (base / name).write_bytes(bom + crlf.decode("utf-8").encode(encoding))
    # Stray bytes: a Windows-1252 name, an undefined byte, a cut UTF-8 sequence in a header.
    cp = text.replace("Seat 2: ", "Seat 2: Jos\xe9", 3).encode("utf-8", "surrogateescape")
    cp = cp.replace("Jos\xe9".encode(), b"Jos\xe9\x81").replace(
        header.encode(), header.encode() + b" \xc3", 1
    )
    (base / "cp1252.txt").write_bytes(cp)
    # Lines at, around and far over MAX_LINE, some of them head lines, and a header cut there
    # (still a header: only its start decides), with a multibyte character across the cut.
    big = [
        "x" * (MAX_LINE + 5000),
        "PokerStars " + "y" * (MAX_LINE + 10),
        header + " " * (MAX_LINE - len(header) - 1) + "\xe9zz",
        "z" * MAX_LINE,
        "PokerStars " + "w" * (MAX_LINE - 11),
        "v" * (MAX_LINE - 1),
        "u" * (MAX_LINE + 1),
    ]
    hands = text.split("\n\n\n")
    mixed = []
    for i, hand in enumerate(hands):
        mixed.append(hand)
        if i < len(big):
            mixed.append(big[i])
    huge = "\n\n\n".join(mixed) + "\n" + "t" * (MAX_LINE + 3)
    (base / "huge.txt").write_bytes(huge.encode())
    # The same in UTF-16, where lines are cut in characters: a piece's byte offset must count
    # the characters the reader drops, the two units of a character outside the BMP, and the
    # unit of a lone surrogate (read as one U+FFFD).
    wide = huge.replace("Seat 1: ", "Seat 1: \U0001f600", 5)
    lone = "Seat 3: ".encode("utf-16-le")
    data = wide.encode("utf-16-le").replace(lone, lone + b"\x00\xd8", 4)
    (base / "u16le-huge.txt").write_bytes(codecs.BOM_UTF16_LE + data)
    # Lone CR, form feed, NEL, a BOM in the middle, summary and other-site lines, no final
    # newline.
    odd = "\n\n\n".join(hands[:4])
    odd += "\n\nPokerStars Tournament #1, summary\nline\rwith CR\n\x0cform\n\x85nel\n\n"
    odd += "\ufeff" + "\n\n\n".join(hands[4:8]) + "\nPokerStar not a head\nPokerStars"
    (base / "odd.txt").write_bytes(odd.encode())
    (base / "u16-odd.txt").write_bytes(codecs.BOM_UTF16_LE + odd.encode("utf-16-le"))
    (base / "u16-bom.txt").write_bytes(codecs.BOM_UTF16_BE)
    (base / "u16-bom-lf.txt").write_bytes(codecs.BOM_UTF16_LE + b"\n\x00")
    (base / "empty.txt").write_bytes(b"")
    (base / "blank.txt").write_bytes(b"\n\n\r\n")
    (base / "one.txt").write_bytes(b"x")
    (base / "heads.txt").write_bytes(("\n".join([header] * 9)).encode())
    return base


def _key(p: Piece) -> tuple[int, int, str, int, int]:
    return (p.index, p.file_index, p.path, p.first_line, p.hands)


def _check(files: list[str], size: int, block: int) -> list[Piece]:
    text = list(iter_pieces(files, size))
    planned = list(plan_pieces(files, size, block_size=block))
    assert [_key(p) for p in planned] == [_key(p) for p in text]
    for t, p in zip(text, planned, strict=True):
        assert p.lines == [] and p.span is not None
        assert list(span_lines(p.path, p.first_line, p.span)) == t.lines, p
    return planned


@pytest.mark.parametrize("size", [1, 2, 1000])
@pytest.mark.parametrize("block", [13, 1000, 1 << 23])
def test_planned_pieces_are_the_text_pieces(crafted: Path, size: int, block: int) -> None:
    planned = _check(expand_paths([crafted]), size, block)
    assert {Path(p.path).name for p in planned if p.span and p.span.utf16} == {
        "u16le-bom.txt",
        "u16be-bom.txt",
        "u16le.txt",
        "u16be.txt",
        "u16le-huge.txt",
        "u16-odd.txt",
        "u16-bom-lf.txt",
    }


@pytest.mark.parametrize("size", [1, 1000])
def test_planned_pieces_of_the_real_files(size: int) -> None:
    paths = [str(DATA), str(REAL)]
    _check(expand_paths(paths), size, 4096)


def test_huge_lines_are_cut_as_the_reader_cuts_them(crafted: Path) -> None:
    path = str(crafted / "huge.txt")
    planned = _check([path], 1, 100)
    # The header padded past MAX_LINE, cut inside a two-byte character, is still a header: a
    # piece starts on it, with the line as the reader cuts it.
    firsts = [next(span_lines(path, p.first_line, p.span)) for p in planned if p.span]
    (first,) = [line for line in firsts if len(line) == MAX_LINE]
    assert first.startswith("PokerStars Hand #") and len(first) == MAX_LINE
    assert first.endswith("\xc3".encode("latin-1").decode("cp1252"))


@settings(max_examples=20, deadline=None)
@given(block=st.integers(11, 3000), size=st.integers(1, 4))
def test_any_block_size_gives_the_same_pieces(crafted: Path, block: int, size: int) -> None:
    """Law: where the blocks fall (mid-line, mid-header, on a newline) changes no cut."""
    _check(
        [str(crafted / n) for n in ("crlf.txt", "odd.txt", "u16-odd.txt", "u16be.txt")], size, block
    )


@pytest.mark.parametrize("blank", ["\n", "\n \r\n" * 40000])
@pytest.mark.parametrize("encoding", ["utf-8", "utf-16", "utf-16-be"])
def test_a_lone_bom_line_keeps_its_hand_in_one_piece(
    tmp_path: Path, crafted: Path, blank: str, encoding: str
) -> None:
    """The reader gives a BOM alone on its line (a file concatenated after another) to the
    next hand: no piece may start at that hand's header, or the mark would be lost."""
    hands = (crafted / "lf.txt").read_text(encoding="utf-8").split("\n\n\n")
    text = "\n\n\n".join(hands[:3]) + "\n\ufeff  \n" + blank + "\n\n\n".join(hands[3:6])
    path = tmp_path / "cat.txt"
    path.write_text(text, encoding=encoding)
    whole = list(read_results(path))
    assert isinstance(whole[3], Hand) and getattr(whole[3].layout, "bom", None) is True
    for block in (97, 1 << 23):
        planned = _check([str(path)], 1, block)
        # Hands 3 and 4 share a piece (and so do 0 and 1 behind a BOM: its header is not
        # counted as one).
        assert len(planned) == (4 if encoding == "utf-16" else 5)
        assert [r for p in planned for r in parse_piece(p)] == whole
    assert [r for p in iter_pieces([path], 1) for r in parse_piece(p)] == whole


@pytest.mark.parametrize("tail", ["\ufeff", "\ufeff \r", "\U0001f600"])
@pytest.mark.parametrize("head", ["ab", ""])
def test_a_utf16_block_starting_mid_line(
    tmp_path: Path, crafted: Path, head: str, tail: str
) -> None:
    """A block that starts inside a line (here just before a BOM, or inside a character of two
    units) does not take that line's end for a line of its own."""
    hands = (crafted / "lf.txt").read_text(encoding="utf-8").split("\n\n\n")
    text = hands[0] + "\n\n" + head + tail + "\n\n" + hands[1] + "\n"
    path = tmp_path / "mid.txt"
    path.write_bytes(text.encode("utf-16-le"))
    cut = 2 * (len(hands[0]) + 2 + len(head))  # the byte of the tail's first unit
    for block in (cut, cut + 2):
        pieces = _check([str(path)], 1, block)
        # "ab" + BOM is not a BOM alone: the second hand's header is a cut, unless a BOM is
        # alone on its line before it.
        assert len(pieces) == (1 if head == "" and tail != "\U0001f600" else 2)


@pytest.mark.parametrize("size", [1, 3])
def test_planned_pieces_parse_as_the_text_pieces(crafted: Path, size: int) -> None:
    files = expand_paths([crafted, DATA])
    whole = list(read_results(*files))
    assert [r for p in iter_pieces(files, size) for r in parse_piece(p)] == whole
    planned = plan_pieces(files, size, block_size=777)
    assert [r for p in planned for r in parse_piece(p)] == whole


def test_planned_pieces_pickle_small(crafted: Path) -> None:
    files = expand_paths([crafted])
    for t, p in zip(iter_pieces(files, 1000), plan_pieces(files, 1000), strict=True):
        size = len(pickle.dumps(p))
        assert size < 250 + len(p.path), (p.path, size)
        if sum(map(len, t.lines)) > 1000:
            assert size * 5 < len(pickle.dumps(t))


def test_planning_in_worker_processes(crafted: Path) -> None:
    files = expand_paths([crafted])
    local = [_key(p) for p in plan_pieces(files, 2, block_size=500)]
    assert [_key(p) for p in plan_pieces(files, 2, jobs=2, block_size=500)] == local


class _Done:
    def __init__(self, value: Any) -> None:
        self.value = value

    def result(self) -> Any:
        return self.value


class InlineClient:
    """A stand-in for a Dask client: runs each task at once, records what was sent."""

    def __init__(self) -> None:
        self.sent: list[Any] = []

    def submit(self, func: Callable[..., Any], *args: Any, **kwargs: Any) -> _Done:
        assert kwargs == {"pure": False}
        self.sent.extend(args)
        return _Done(func(*pickle.loads(pickle.dumps(args))))

    def nthreads(self) -> dict[str, int]:
        return {"inline": 1}


def test_pieces_for_plans_only_with_a_client(crafted: Path) -> None:
    files = expand_paths([crafted])
    assert all(p.span is None and p.lines for p in pieces_for(files, 5))
    client = InlineClient()
    planned = list(pieces_for(files, 5, client, block_size=300))
    assert planned and all(p.span is not None and not p.lines for p in planned)
    assert [_key(p) for p in planned] == [_key(p) for p in iter_pieces(files, 5)]


def test_one_process_plans_only_big_files(crafted: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``jobs=1`` a file over ``READ_ONCE_MAX`` bytes is planned, so that its pieces are
    read as they are parsed (a big file with no hand header in it used to be held whole), and
    the pieces are the same."""
    files = expand_paths([crafted])
    want = list(iter_pieces(files, 2))
    monkeypatch.setattr(pieces_module, "READ_ONCE_MAX", 3000)
    got = list(pieces_for(files, 2))
    assert [_key(p) for p in got] == [_key(p) for p in want]
    big = {f for f in files if Path(f).stat().st_size > 3000}
    assert big and {p.path for p in got if p.span is not None} == big
    assert {p.path for p in got if p.lines} == {p.path for p in want} - big
    for g, w in zip(got, want, strict=True):
        lines = g.lines if g.span is None else list(span_lines(g.path, g.first_line, g.span))
        assert lines == w.lines, g


def test_audit_and_tables_with_a_client_send_no_text(crafted: Path) -> None:
    names = ["crlf.txt", "odd.txt", "cp1252.txt", "u16be.txt", "huge.txt", "blank.txt"]
    paths = [str(crafted / name) for name in names] + [str(DATA / "LBad-USD-SNG8-201011.txt")]
    expected = audit_paths(paths, hands_per_piece=3)
    findings = list(expected)
    client = InlineClient()
    run = audit_paths(paths, client=client, hands_per_piece=3)
    assert list(run) == findings and run.counts == expected.counts
    pieces = [x for x in client.sent if isinstance(x, Piece)]
    assert len(pieces) > 20 and all(p.span is not None and not p.lines for p in pieces)

    client = InlineClient()
    local = tables_of_paths(paths, hands_per_piece=10)
    remote = tables_of_paths(paths, client=client, hands_per_piece=10)
    assert local.tables is not None and remote.tables is not None
    for name in ("hands", "players", "actions", "draws"):
        want = getattr(local.tables, name).astype(str)
        assert getattr(remote.tables, name).astype(str).equals(want), name
    assert [str(e) for e in remote.parse_errors] == [str(e) for e in local.parse_errors]
    assert all(not p.lines for p in client.sent if isinstance(p, Piece))


def test_a_file_changed_after_planning_is_an_error(tmp_path: Path, crafted: Path) -> None:
    path = tmp_path / "h.txt"
    data = (crafted / "lf.txt").read_bytes()
    path.write_bytes(data)
    first, second, *_ = plan_pieces([str(path)], 2)
    assert first.span is not None and second.span is not None
    path.write_bytes(data[: second.span.start + 100])
    with pytest.raises(FileChanged, match=r"h\.txt is shorter than \d+ bytes"):
        parse_piece(second)
    at = data.index(b"Seat", second.span.start)  # same size, one line more
    path.write_bytes(data[:at] + b"\n" + data[at + 1 :])
    with pytest.raises(FileChanged, match=r"h\.txt:\d+: expected \d+ line\(s\) from here"):
        parse_piece(second)
    path.write_bytes(b"\n" * len(data))
    with pytest.raises(FileChanged, match=r"h\.txt:\d+: a piece must start at a header"):
        parse_piece(second)
    assert next(plan_pieces([str(path)], 2)).span == type(first.span)(0, len(data), len(data))


@pytest.mark.parametrize("name", ["u16le-bom.txt", "u16be.txt", "u16le-huge.txt"])
def test_a_utf16_piece_is_read_from_its_own_bytes(tmp_path: Path, crafted: Path, name: str) -> None:
    """Each piece of a UTF-16 file starts at its byte offset (it used to decode the file from
    its start, so a file of N pieces was decoded about N/2 times): bytes before it may change."""
    path = tmp_path / name
    data = (crafted / name).read_bytes()
    path.write_bytes(data)
    pieces = list(plan_pieces([str(path)], 1))
    assert len(pieces) > 3
    want = [list(span_lines(str(path), p.first_line, p.span)) for p in pieces if p.span]
    last = pieces[-1]
    assert last.span is not None and last.span.start > 0 and last.span.end == len(data)
    # Same length and encoding, other bytes: the pieces before the last read as something else.
    path.write_bytes(data[:4] + bytes(last.span.start - 4) + data[last.span.start :])
    assert list(span_lines(str(path), last.first_line, last.span)) == want[-1]
    with pytest.raises(FileChanged, match="no longer UTF-16"):
        path.write_bytes(data.decode(utf16_encoding(data[:4]) or "", "replace").encode())
        parse_piece(last)


def test_a_file_shrinking_while_planned_is_an_error(tmp_path: Path, crafted: Path) -> None:
    from histparse.parallel.ranges import Block, scan_blocks

    path = tmp_path / "h.txt"
    path.write_bytes(b"abc\n")
    with pytest.raises(FileChanged, match=r"h\.txt is shorter than 100 bytes"):
        scan_blocks([Block(0, str(path), 50, 100, True)])


def test_bad_arguments_are_refused(crafted: Path) -> None:
    with pytest.raises(ValueError, match="hands_per_piece"):
        plan_pieces([], 0)
    with pytest.raises(ValueError, match="block_size"):
        plan_pieces([], 1, block_size=0)
    with pytest.raises(FileNotFoundError, match="gone"):
        list(plan_pieces([str(crafted / "gone.txt")], 1))


class ListingClient:
    """A client whose worker sees files this process does not."""

    def __init__(self, files: list[str]) -> None:
        self.files = files
        self.calls: list[Any] = []

    def submit(self, func: Callable[..., Any], *args: Any, **kwargs: Any) -> _Done:
        self.calls.append(args)
        return _Done(self.files)

    def nthreads(self) -> dict[str, int]:
        return {"lister": 1}


def test_list_files_asks_a_worker_only_when_needed(crafted: Path) -> None:
    here = list_files([crafted])
    assert here == expand_paths([crafted])
    client = ListingClient(["/shared/a.txt"])
    assert list_files([crafted], client) == here and client.calls == []
    assert list_files(["/shared"], client) == ["/shared/a.txt"]
    assert client.calls == [(["/shared"],)]
    with pytest.raises(FileNotFoundError, match="shared"):
        list_files(["/shared"])
