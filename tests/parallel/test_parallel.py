"""Parallel processing (``histparse.parallel``): pieces parse exactly as whole files, and every
parallel run (any ``jobs``, any piece size) gives the results of the sequential code."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from histparse.auditor import audit_results
from histparse.parallel import (
    Progress,
    audit_paths,
    iter_pieces,
    ordered_map,
    parse_piece,
)
from histparse.parallel.tables import tables_of_paths
from histparse.parsing import read_results

DATA = Path(__file__).resolve().parents[1] / "data"
# The real files, bytes untouched (their sources: tests/data/real_histories/SOURCES.md).
REAL = DATA / "real_histories"
_SEAT = re.compile(r"^(Seat 1: [^(]*\(\$)(\d+(?:\.\d+)?)( in chips\))", re.M)


def _sim_text(path: Path, hands: int = 30) -> str:
    from histparse.cli import main

    assert main(["generate", "--hands", str(hands), "--seed", "3", "--lf", "--out", str(path)]) == 0
    return path.read_text(encoding="utf-8").strip("\n")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Real files, plus a simulated table whose stacks are altered every third hand (so the
    check across hands finds mismatches, also across pieces), with junk and a summary."""
    base = tmp_path_factory.mktemp("corpus")
    text = _sim_text(tmp_path_factory.mktemp("sim") / "sim.txt")
    chunks = text.split("\n\n\n")
    for i in range(0, len(chunks), 3):
        chunks[i] = _SEAT.sub(lambda m: f"{m[1]}{float(m[2]) + 1.5:g}{m[3]}", chunks[i], 1)
    chunks.insert(7, "some junk that is not a hand\nat all")
    (base / "table.txt").write_text("\ufeff" + "\n\n\n".join(chunks) + "\n", encoding="utf-8")
    # Other hand ids: the same hand read twice would be skipped as a duplicate.
    renumbered = text.replace("Hand #6", "Hand #7")
    (base / "crlf.txt").write_bytes(renumbered.replace("\n", "\r\n").encode())
    return base


def _paths(corpus: Path) -> list[str]:
    # tests/data/pokerstars is a subset of REAL's PokerStars files: every hand of it is read
    # twice, and the second reading is a duplicate.
    return [str(corpus), str(DATA / "pokerstars"), str(REAL)]


def test_the_corpus_has_findings_across_hands(corpus: Path) -> None:
    codes = {f.code for f in audit_results(read_results(corpus))}
    assert {"STACK-MISMATCH", "STACK-TOPUP"} & codes


@pytest.fixture(scope="module")
def whole(corpus: Path) -> list[object]:
    """The corpus read whole, in one process: what every way of cutting it must give."""
    return list(read_results(*_paths(corpus)))


@pytest.fixture(scope="module")
def audited(corpus: Path) -> tuple[list[object], object]:
    """The corpus audited whole, in one process: its findings and counts."""
    sequential = audit_results(read_results(*_paths(corpus)))
    return list(sequential), sequential.counts


@pytest.mark.parametrize("size", [1, 2, 5, 1000])
def test_pieces_parse_as_whole_files(corpus: Path, whole: list[object], size: int) -> None:
    paths = _paths(corpus)
    pieces = list(iter_pieces(paths, size))
    assert [r for p in pieces for r in parse_piece(p)] == whole
    assert [p.index for p in pieces] == list(range(len(pieces)))
    if size == 1:
        assert len(pieces) > len({p.path for p in pieces})


@settings(max_examples=15, deadline=None)
@given(size=st.integers(1, 12), cut=st.integers(0, 4000))
def test_pieces_of_any_size_parse_as_the_whole(corpus: Path, size: int, cut: int) -> None:
    """Law: cutting a file into pieces anywhere allowed changes no result, even a file
    truncated mid-hand."""
    text = (corpus / "table.txt").read_text(encoding="utf-8")
    path = corpus / f"cut-{size}-{cut}.txt"
    path.write_text(text[: len(text) - cut], encoding="utf-8")
    try:
        whole = list(read_results(path))
        assert [r for p in iter_pieces([path], size) for r in parse_piece(p)] == whole
    finally:
        path.unlink()


def test_bad_piece_size_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        iter_pieces([DATA], 0)


def test_missing_path_fails_at_once() -> None:
    with pytest.raises(FileNotFoundError, match="nope"):
        iter_pieces(["nope/none.txt"])


@pytest.mark.parametrize(("jobs", "size"), [(1, 1), (1, 4), (2, 1), (2, 3), (2, 1000)])
def test_parallel_audit_equals_the_sequential_audit(
    corpus: Path, audited: tuple[list[object], object], jobs: int, size: int
) -> None:
    expected, counts = audited
    run = audit_paths(_paths(corpus), jobs=jobs, hands_per_piece=size)
    assert list(run) == expected
    assert run.counts == counts


def _square(n: int) -> int:
    return n * n


def _slow_first(n: int) -> int:
    import time

    time.sleep(0.05 if n < 3 else 0)
    return n


@pytest.mark.parametrize("jobs", [1, 2])
def test_ordered_map_keeps_the_input_order(jobs: int) -> None:
    assert list(ordered_map(_slow_first, range(20), jobs=jobs, in_flight=4)) == list(range(20))
    assert list(ordered_map(_square, iter(range(7)), jobs=jobs)) == [n * n for n in range(7)]


def test_ordered_map_consumes_the_input_lazily() -> None:
    taken: list[int] = []

    def items() -> Iterator[int]:
        for n in range(100):
            taken.append(n)
            yield n

    results = ordered_map(_square, items(), jobs=2, in_flight=3)
    assert next(results) == 0
    assert len(taken) <= 4  # bounded in flight: memory does not grow with the input
    results.close()  # type: ignore[attr-defined]


def test_ordered_map_refuses_zero_jobs() -> None:
    with pytest.raises(ValueError, match="jobs"):
        ordered_map(_square, [1], jobs=0)


def test_parallel_tables_equal_the_sequential_tables(corpus: Path) -> None:
    from histparse.frames import tables

    paths = _paths(corpus)
    hands = [r for r in read_results(*paths) if not isinstance(r, Exception)]
    from histparse.events import Hand

    errors: list[object] = []
    # Without the all-in EV: it is hand-local (tests/stats/test_stats_allin_ev.py holds it
    # equal across --jobs) and would double this test's time; the pieces are what is tested.
    expected = tables(
        [h for h in hands if isinstance(h, Hand)],
        on_error=lambda _h, e: errors.append(e),
        allin_ev=False,
    )
    # Small pieces, so that hands of one table fall on both sides of many piece boundaries (each
    # piece makes its own frames: pieces of 2 took three times as long to test the same joins).
    for jobs, size in [(1, 40), (2, 6)]:
        run = tables_of_paths(paths, jobs=jobs, hands_per_piece=size, allin_ev=False)
        assert run.tables is not None
        for name in ("hands", "players", "actions", "draws"):
            got = getattr(run.tables, name)
            want = getattr(expected, name)
            assert got.astype(str).equals(want.astype(str)), name
        # A second reading of a hand is skipped by the front (counted as a duplicate), where
        # the tables of the whole input refuse it.
        repeats = [str(e) for e in errors if "was already read at" in str(e)]
        refused = [str(e) for e in errors if "was already read at" not in str(e)]
        assert [str(e) for e in run.table_errors] == refused
        assert run.counts is not None and run.counts.duplicates == len(repeats)


def test_a_hand_read_twice_is_skipped_once_across_pieces(tmp_path: Path, corpus: Path) -> None:
    one = (corpus / "crlf.txt").read_bytes()
    (tmp_path / "a.txt").write_bytes(one)
    (tmp_path / "b.txt").write_bytes(one)
    run = tables_of_paths([tmp_path], jobs=1, hands_per_piece=5)
    assert run.tables is not None
    n = len(run.tables.hands)
    assert n == len(set(run.tables.hands["hand_id"])) and n > 0
    # Skipped by the front, counted as duplicates (not refused by the tables), no conflict.
    assert run.table_errors == []
    assert run.counts is not None
    assert (run.counts.parsed, run.counts.duplicates, run.counts.conflicts) == (2 * n, n, 0)


def test_progress_line_and_silence() -> None:
    out = io.StringIO()
    p = Progress(3, enabled=True, stream=out, interval=0)
    p.update(1500, 0)
    p.update(500, 1)
    p.close()
    text = out.getvalue()
    assert text.startswith("\r2,000 hands") or "\r1,500 hands" in text
    assert "2,000 hands" in text and "file 3/3" in text and text.endswith("\n")
    quiet = io.StringIO()
    q = Progress(3, enabled=False, stream=quiet, interval=0)
    q.update(10, 0)
    q.close()
    assert quiet.getvalue() == "" and q.hands == 10


def test_progress_is_off_when_stderr_is_not_a_terminal() -> None:
    # pytest captures stderr: not a terminal.
    assert not Progress.for_terminal(1).enabled
    assert not Progress.for_terminal(1, quiet=True).enabled
