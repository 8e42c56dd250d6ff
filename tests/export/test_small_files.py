"""Many small files: grouped into shared pieces (one set of tables for many files), the export
is the one that one piece a file gives: tables, findings, the check across hands, repeats and
conflicts, re-exports and the resume of an interrupted export, for any ``jobs``."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from histparse.export import ExportResult, export_files, export_results, load, load_findings
from histparse.export.pieces import export_groups, export_pieces
from histparse.parallel import Progress
from histparse.parallel.pieces import SMALL_FILE, Piece, PieceGroup, grouped_pieces
from histparse.parallel.ranges import list_files
from histparse.parsing import read_results

TABLES = ("hands", "players", "actions", "draws")
SIZE = 60  # hands a piece: files of at most 60 * 256 bytes are small, groups up to 60 KiB
BATCH = 70  # four batches, the third ending inside a group
WAYS = (("one", 0), ("grouped", SMALL_FILE))  # one piece a file, and grouped
_SEAT = re.compile(r"^(Seat 1: [^(]*\(\$)(\d+(?:\.\d+)?)( in chips\))", re.M)
_HEAD = "PokerStars Hand #"
NAMES = ["f000.txt", "f001.txt", "f002.txt", "f003.txt", "f004.txt", "f004b.txt", "f005.txt"]
NAMES += ["f006.txt", "f007.txt", "f007b.txt"]


def _hands(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return [_HEAD + h for h in text.split(_HEAD)[1:]]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """45 files of 1-5 hands cut from one generated history (every seventh hand with a stack
    that does not follow from the hand before: STACK-* findings across files), a 70-hand file
    among them (big: cut into two pieces); f001 ends with a truncated hand; then a file
    repeating the one before it, a file with a different hand under an id of the one before it
    (another total pot), an empty file, a file of junk and a truncated hand, a UTF-16 file."""
    from histparse.cli import main

    base = tmp_path_factory.mktemp("small")
    sim = base / "sim.txt"
    assert main(["generate", "--hands", "210", "--seed", "11", "--out", str(sim), "-q"]) == 0
    hands = _hands(sim)
    sim.unlink()
    for i in range(3, len(hands), 7):
        hands[i] = _SEAT.sub(lambda m: f"{m[1]}{float(m[2]) + 1.5:g}{m[3]}", hands[i], 1)
    out = base / "in"
    out.mkdir()
    at = 0
    for i in range(45):
        n = 70 if i == 20 else i % 5 + 1
        (out / f"f{i:03d}.txt").write_text("".join(hands[at : at + n]), encoding="utf-8")
        at += n
    assert at == 204 and len(hands) == 210
    # A rejected chunk breaks the chains of its file's tables: f002's first hand (a top-up) is
    # not compared with f001's last (the writer must break f001's, not another file's).
    with (out / "f001.txt").open("a", encoding="utf-8") as f:
        f.write(hands[at + 4].replace(_HEAD, _HEAD + "6", 1)[:300])
    (out / "f004b.txt").write_bytes((out / "f004.txt").read_bytes())
    first, *rest = _hands(out / "f007.txt")
    # Other content under f007's first id, with two findings of its own (POT-TOTAL, POT-RAKE):
    # the row kept, f007's, must keep its own count.
    changed = re.sub(r"Total pot \$([\d.]+)", lambda m: f"Total pot ${float(m[1]) + 1:.2f}", first)
    (out / "f007b.txt").write_text("".join([changed, *rest]), encoding="utf-8")
    (out / "f010b.txt").write_bytes(b"")
    junk = "not a hand\n\n" + hands[at].replace(_HEAD, _HEAD + "7", 1)[:300]
    (out / "f012b.txt").write_text(junk, encoding="utf-8")
    wide = "".join(h.replace(_HEAD, _HEAD + "9", 1) for h in hands[at + 1 : at + 4])
    (out / "f030b.txt").write_text(wide, encoding="utf-16")
    return out


def _frames(out: Path) -> dict[str, pd.DataFrame]:
    t = load(out)
    frames = {name: getattr(t, name).astype(str) for name in TABLES}
    frames["findings"] = load_findings(out).astype(str)
    return frames


def _same(a: Path, b: Path) -> None:
    x, y = _frames(a), _frames(b)
    for name in x:
        assert x[name].equals(y[name]), name


def _figures(r: ExportResult) -> tuple[Any, ...]:
    fields = [f for f in ExportResult.__dataclass_fields__ if f != "out"]
    return tuple(getattr(r, f) for f in fields)


def _export(files: list[str], out: Path, **kwargs: Any) -> ExportResult:
    return export_files(files, out, batch_size=BATCH, hands_per_piece=SIZE, **kwargs)


def test_small_files_are_grouped_and_big_ones_cut(folder: Path) -> None:
    files = list_files([folder])
    pieces = list(grouped_pieces(files, SIZE))
    groups = [p for p in pieces if isinstance(p, PieceGroup)]
    cut = [p for p in pieces if isinstance(p, Piece)]
    assert [p.index for p in pieces] == list(range(len(pieces)))
    # f020 (70 hands) is the only big file: two pieces; the 49 others are in groups, in order.
    assert [(Path(p.path).name, p.hands) for p in cut] == [("f020.txt", 60), ("f020.txt", 10)]
    grouped = [f.file_index for g in groups for f in g.files]
    big = files.index(str(folder / "f020.txt"))
    assert grouped == [i for i in range(len(files)) if i != big]
    assert len(groups) >= 3 and max(len(g.files) for g in groups) >= 10
    assert all(sum(f.size for f in g.files) <= SIZE * 1024 for g in groups)
    # One piece a file (``small=0``), as before grouping: 50 files, f010b (empty) none, f020 two.
    assert len(files) == 50 and len(list(grouped_pieces(files, SIZE, small=0))) == 50


def test_a_group_repeating_a_hand_id_is_split(folder: Path) -> None:
    """f004b repeats f004, f007b reuses an id of f007: each starts a new piece of its group."""
    files = list_files([folder])
    group = next(
        p for p in grouped_pieces(files, SIZE) if isinstance(p, PieceGroup) and len(p.files) > 8
    )
    names = [Path(f.path).name for f in group.files]
    assert names[:9] == [f"f00{i}.txt" for i in range(4)] + ["f004.txt", "f004b.txt"] + [
        "f005.txt",
        "f006.txt",
        "f007.txt",
    ]
    made = export_pieces(group)
    starts = [Path(p.files[0][1]).name for p in made]
    assert starts[:3] == ["f000.txt", "f004b.txt", "f007b.txt"]
    # Every file's items, in order: its hands (f012b: its junk line, then a truncated hand).
    assert [n for p in made for _, _, n in p.files] == [
        len(_hands(Path(f.path))) + f.path.endswith("f012b.txt") for f in group.files
    ]


@pytest.mark.parametrize("jobs", [1, 2])
def test_grouped_export_equals_one_piece_a_file(folder: Path, tmp_path: Path, jobs: int) -> None:
    files = list_files([folder])
    one = _export(files, tmp_path / "one", small_file=0)
    grouped = _export(files, tmp_path / "grouped", jobs=jobs)
    assert _figures(one) == _figures(grouped)
    # 9 * 15 hands in the files of 1-5, but 70 in f020: 204; f004b repeats 5, f007b 3 (one
    # of them in conflict), f030b has 3 new; f001's truncated hand, f012b's junk chunk and
    # truncated hand are rejected. 218 chunks: batches of 70, 70, 70, 8.
    assert (one.parsed, one.new, one.repeated, one.rejected) == (215, 207, 8, 3)
    assert [(Path(c.file).name, c.line) for c in one.conflicts] == [("f007b.txt", 1)]
    assert one.batches == 4
    _same(tmp_path / "one", tmp_path / "grouped")
    found = load_findings(tmp_path / "grouped")
    assert {"STACK-TOPUP", "STACK-MISMATCH", "PARSE-REJECTED", "ID-CONFLICT"} <= set(
        found["code"].astype(str)
    )
    # The check across hands runs across files: findings on a file's first hand.
    stacks = found[found["code"].astype(str).str.startswith("STACK-")]
    firsts = {
        Path(f).name for f, line in zip(stacks["file"], stacks["line"], strict=True) if line < 9
    }
    assert len(firsts) >= 3
    # f001's rejected last chunk broke the chain there: f002's first hand (a top-up) was not
    # compared; f004's was.
    assert "f002.txt" not in firsts and "f004.txt" in firsts


def test_rejects_name_their_file_and_line(folder: Path, tmp_path: Path) -> None:
    files = list_files([folder])
    _export(files, tmp_path / "ds")
    f = load_findings(tmp_path / "ds")
    rejected = f[f["code"] == "PARSE-REJECTED"]
    # f001's third hand and f012b's (header at line 3) are cut in their sixth line, a seat's;
    # f012b's first line is junk.
    cut = len((folder / "f001.txt").read_text(encoding="utf-8").splitlines())
    assert [(Path(r.file).name, r.line) for r in rejected.itertuples()] == [
        ("f001.txt", cut),
        ("f012b.txt", 1),
        ("f012b.txt", 8),
    ]
    for r in rejected.iloc[[0, 2]].itertuples():
        line = Path(r.file).read_text(encoding="utf-8").splitlines()[r.line - 1]
        assert line.startswith("Seat ") and repr(line) in r.message


def test_reexport_and_changed_content_as_one_piece_a_file(folder: Path, tmp_path: Path) -> None:
    files = list_files([folder])
    for name, small in WAYS:
        _export(files, tmp_path / name, small_file=small)
    again = [_export(files, tmp_path / n, small_file=s) for n, s in WAYS]
    assert _figures(again[0]) == _figures(again[1])
    assert (again[1].new, again[1].batches, again[1].findings) == (0, 0, 0)
    # A file whose second hand has another table: its id is in the dataset, its content not.
    hands = _hands(folder / "f013.txt")
    changed = tmp_path / "changed.txt"
    changed.write_text(hands[0] + hands[1].replace("Table '", "Table 'New ", 1), encoding="utf-8")
    more = [*files[:3], str(changed)]
    after = [_export(more, tmp_path / n, small_file=s) for n, s in WAYS]
    assert _figures(after[0]) == _figures(after[1])
    line = hands[0].count("\n") + 1
    assert [(Path(c.file).name, c.line) for c in after[1].conflicts] == [("changed.txt", line)]
    _same(tmp_path / "one", tmp_path / "grouped")


def test_resume_after_an_interrupted_export(
    folder: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    fail_in_batch: Callable[[pytest.MonkeyPatch, int, int], None],
) -> None:
    files = list_files([folder])
    for name, small in WAYS:
        # The third batch's third file: two batches are committed, the third is not.
        with monkeypatch.context() as patch:
            fail_in_batch(patch, 3, 3)
            with pytest.raises(KeyboardInterrupt):
                _export(files, tmp_path / name, small_file=small)
        # Batch 1: the first 70 of the 71 chunks of f000-f019, of which 8 repeated hands and 3
        # rejects; batch 2: f019's last hand and f020's first 69.
        assert len(load(tmp_path / name).hands) == 59 + 70
        resumed = _export(files, tmp_path / name, small_file=small)
        assert (resumed.new, resumed.already_present) == (207 - 129, 129 + 8)
    _same(tmp_path / "one", tmp_path / "grouped")
    assert len(load(tmp_path / "grouped").hands) == 207


def test_progress_by_bytes_over_groups(folder: Path, tmp_path: Path) -> None:
    files = list_files([folder])
    stream = io.StringIO()
    progress = Progress(files, enabled=True, stream=stream, interval=0)
    seen: list[tuple[int, int]] = []
    update = progress.update

    def record(hands: int, file_index: int) -> None:
        update(hands, file_index)
        seen.append((progress.files_done, progress.bytes_done))

    progress.update = record  # type: ignore[method-assign]
    _export(files, tmp_path / "ds", progress=progress)
    sizes = progress.sizes
    pieces = list(grouped_pieces(files, SIZE))
    assert len(seen) == len(pieces)
    for piece, (done, got) in zip(pieces, seen, strict=True):
        assert done == piece.file_index
        if isinstance(piece, PieceGroup):  # every file up to the group's last one, whole
            assert got == sum(sizes[: piece.file_index + 1])
    assert seen[-1][1] == progress.total_bytes == sum(sizes)
    progress.close()
    assert "100%" in stream.getvalue()


def test_export_results_shares_pieces_as_one_piece_a_file(folder: Path, tmp_path: Path) -> None:
    """``export_results`` puts consecutive small files' results into one piece too."""
    files = list_files([folder])
    one = _export(files, tmp_path / "one", small_file=0)
    seq = export_results(read_results(*files), tmp_path / "seq", batch_size=BATCH)
    assert _figures(one) == _figures(seq)
    _same(tmp_path / "one", tmp_path / "seq")
    groups = [(str(folder / n), i, list(read_results(folder / n))) for i, n in enumerate(NAMES)]
    made = list(export_groups(groups, SIZE))
    # f000-f004: 16 results (f001's reject among them) of the 60 a piece may hold; f004b
    # repeats f004's ids and starts a new piece, and f007b f007's.
    assert [[Path(p).name for _, p, _ in piece.files] for piece in made] == [
        ["f000.txt", "f001.txt", "f002.txt", "f003.txt", "f004.txt"],
        ["f004b.txt", "f005.txt", "f006.txt", "f007.txt"],
        ["f007b.txt"],
    ]


def test_a_file_gone_before_its_group_is_read_is_named(folder: Path, tmp_path: Path) -> None:
    """A file listed, then removed before its group is read: the export stops naming it."""
    copy = tmp_path / "in"
    copy.mkdir()
    for name in NAMES:
        (copy / name).write_bytes((folder / name).read_bytes())
    files = list_files([copy])
    pieces = grouped_pieces(files, SIZE)
    first = next(pieces)
    assert isinstance(first, PieceGroup) and len(first.files) == len(NAMES)
    (copy / "f005.txt").unlink()
    with pytest.raises(FileNotFoundError) as caught:
        export_pieces(first)
    assert caught.value.filename == str(copy / "f005.txt")
