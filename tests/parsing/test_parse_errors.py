"""Bad input: every rejected chunk is a ParseError naming file, line, column, text and what was
expected; reading goes on; read = parsed + rejected + unsupported."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from histparse.events import Hand
from histparse.parsing import (
    ParseError,
    Unsupported,
    parse_hand,
    parse_results,
    parse_text,
    read_histories,
    read_results,
)
from histparse.parsing.reader import MAX_CHUNK_CHARS, expand_paths
from histparse.sites.pokerstars import parse as ps_module
from histparse.textio import MAX_LINE

DATA = Path(__file__).resolve().parents[1] / "data" / "pokerstars"


def real_hands() -> list[str]:
    text = (DATA / "3-Draw-Limit-USD-0.10-0.20-200911.txt").read_text(encoding="utf-8")
    return [h for h in text.split("\n\n\n\n") if h.strip()]


GOLDEN = real_hands()[1]  # 50 lines: file lines 57-106


def only(results: list[object]) -> object:
    assert len(results) == 1
    return results[0]


def error_of(text: str, source: str = "<text>") -> ParseError:
    result = only(parse_results(text, source))  # type: ignore[arg-type]
    assert isinstance(result, ParseError), result
    return result


# ------------------------------------------------------------------------------ error records


def test_unknown_line_error_fields() -> None:
    bad = GOLDEN.replace("bakter9: calls $0.10\n", "bakter9: dances\n")
    err = error_of(bad, "some/file.txt")
    assert err.file == "some/file.txt"
    assert err.line == 15 and err.first_line == 1 and err.hand_id == "35839050562"
    assert err.text == "bakter9: dances"
    assert err.message == "unrecognised line"
    assert "a betting action" in err.expected
    assert str(err).startswith("some/file.txt:15:1: unrecognised line (expected ")
    record = err.as_record()
    assert record["line"] == 15 and record["text"] == "bakter9: dances"
    assert err == error_of(bad, "some/file.txt") and hash(err) == hash(
        error_of(bad, "some/file.txt")
    )


@pytest.mark.parametrize(
    ("old", "new", "line", "column", "message"),
    [
        ("bakter9: calls $0.10\n", "bakter9: calls 0.10\n", 15, 16, "currency symbol"),
        ("bakter9: calls $0.10\n", "bakter9: calls $0.1O\n", 15, 16, "arguments of 'calls'"),
        ("Dealt to Hero [Kh Th 3d Tc 7c]", "Dealt to Hero [Kh Th 3d Tc 7x]", 12, 16, "not a card"),
        ("Dealt to Hero [Kh Th 3d Tc 7c]", "Dealt to Hero [kh Th 3d Tc 7c]", 12, 16, "not a card"),
        ("rumble1111: discards 1 card", "rumble1111: discards 1 cards", 36, 22, "arguments"),
        ("Seat 2: rumble1111 ($4.18", "Seat 1: rumble1111 ($4.18", 4, 6, "listed twice"),
        ("Seat 2: rumble1111 ($4.18", "Seat 2: Hero ($4.18", 4, 6, "seated twice"),
        ("Total pot $1.30 | Rake $0.06", "Total pot $1.30 | Rake", 44, 1, "cannot read"),
        ("Hero collected $1.24 from pot", "Hero collected $1.24 from the pot", 42, 16, "collected"),
        ("Table 'Theodora VI' 6-max Seat #6", "Table Theodora VI 6-max Seat #6", 2, 1, "table"),
    ],
)
def test_mangled_line_error_points_at_it(
    old: str, new: str, line: int, column: int, message: str
) -> None:
    assert old in GOLDEN
    err = error_of(GOLDEN.replace(old, new, 1))
    assert (err.line, err.column) == (line, column), str(err)
    assert message in err.message
    assert err.text == GOLDEN.replace(old, new, 1).split("\n")[line - 1].rstrip()
    assert err.expected


def test_line_out_of_order() -> None:
    lines = GOLDEN.split("\n")
    # The THIRD DRAW marker before the SECOND DRAW one.
    i2, i3 = lines.index("*** SECOND DRAW ***"), lines.index("*** THIRD DRAW ***")
    lines[i2], lines[i3] = lines[i3], lines[i2]
    err = error_of("\n".join(lines))
    assert err.line == i2 + 1 and "cannot come here" in err.message
    assert "'*** SECOND DRAW ***'" in err.expected


def test_lost_draw_marker_is_noticed() -> None:
    err = error_of(GOLDEN.replace("*** SECOND DRAW ***\n", ""))
    assert "discard or stand-pat line cannot come here" in err.message


def test_truncated_summary_is_noticed() -> None:
    err = error_of(GOLDEN.rsplit("\n", 2)[0])
    assert "seats [5, 6] are missing" in err.message


def test_every_truncation_gives_a_hand_or_a_parse_error() -> None:
    lines = GOLDEN.split("\n")
    for n in range(1, len(lines)):
        result = only(parse_results("\n".join(lines[:n])))  # type: ignore[arg-type]
        # A hand cut anywhere before its last line is incomplete: always rejected.
        assert isinstance(result, ParseError), n
        assert 1 <= result.line <= n


def test_every_dropped_line_gives_a_hand_or_a_parse_error() -> None:
    lines = GOLDEN.split("\n")
    rejected = 0
    for i in range(len(lines)):
        result = only(parse_results("\n".join(lines[:i] + lines[i + 1 :])))  # type: ignore[arg-type]
        assert isinstance(result, Hand | ParseError | Unsupported)
        rejected += isinstance(result, ParseError)
    # Dropping an action or a draw line still reads (the auditor checks the money), but
    # dropping the header, the table, a marker, a summary line... is caught here.
    assert rejected >= 10


# ------------------------------------------------------------------------------ chunks


def test_garbage_between_hands_is_a_rejected_chunk() -> None:
    hands = real_hands()
    text = hands[0] + "\n\n\nthis is not a hand\nnor is this\n\n\n" + hands[1] + "\n"
    results = parse_results(text, "f.txt")
    assert [type(r).__name__ for r in results] == ["Hand", "ParseError", "Hand"]
    err = results[1]
    assert isinstance(err, ParseError)
    first_lines = len(hands[0].split("\n"))
    assert err.line == first_lines + 3 and err.text == "this is not a hand"
    assert "header" in err.expected


def test_garbage_before_the_first_hand() -> None:
    results = parse_results("junk\n" + GOLDEN)
    # A header line always starts a new chunk, even without a blank line before it.
    assert [type(r).__name__ for r in results] == ["ParseError", "Hand"]
    hand = results[1]
    assert isinstance(hand, Hand) and hand.source.first_line == 2
    assert hand.events[0].line == 10


def test_hands_without_blank_lines_between_them() -> None:
    hands = real_hands()
    results = parse_results("\n".join(hands[:3]))
    assert [type(r).__name__ for r in results] == ["Hand", "Hand", "Hand"]


def test_blank_line_inside_a_hand() -> None:
    lines = GOLDEN.split("\n")
    results = parse_results("\n".join([*lines[:20], "", *lines[20:]]))
    # The hand is cut in two: its first part is incomplete, its second has no header.
    assert [type(r).__name__ for r in results] == ["ParseError", "ParseError"]


def test_header_only_chunk() -> None:
    err = error_of(GOLDEN.split("\n")[0])
    assert "ends after its header" in err.message and err.expected == "the table line"


def test_overlong_chunk_and_line_keep_memory_flat(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    filler = "x" * 1000 + "\n"
    with open(path, "w", encoding="utf-8") as f:
        f.write(GOLDEN + "\n\n\n")
        f.write(
            "PokerStars Game #1:  Triple Draw 2-7 Lowball Limit ($1/$2 USD) - 2009/1/1 1:00:00 ET\n"
        )
        f.write(filler * (MAX_CHUNK_CHARS // 1000 + 10))
        f.write("\n\n" + "y" * (MAX_LINE * 3) + "\n\n")
        f.write(GOLDEN + "\n")
    reader = read_results(path)
    results = list(reader)
    assert [type(r).__name__ for r in results] == ["Hand", "ParseError", "ParseError", "Hand"]
    too_long = results[1]
    assert isinstance(too_long, ParseError) and "too long for a hand" in too_long.message
    long_line = results[2]
    assert isinstance(long_line, ParseError) and len(long_line.text) <= MAX_LINE
    last = results[3]
    assert isinstance(last, Hand)
    # Line numbers stay right after the cut chunk and the cut line.
    assert last.source.first_line == 50 + 3 + 1 + MAX_CHUNK_CHARS // 1000 + 10 + 2 + 2
    c = reader.counts
    assert (c.read, c.parsed, c.rejected, c.unsupported) == (4, 2, 2, 0)


def test_internal_errors_come_out_as_parse_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*args: object) -> None:
        raise RuntimeError("bug")

    monkeypatch.setattr(ps_module, "check_order", boom)
    err = error_of(GOLDEN)
    assert err.message == "internal parser error: RuntimeError: bug"


# ------------------------------------------------------------------------------ public API


def test_parse_text_raises_on_first_bad_hand_and_skips_unsupported() -> None:
    hands = real_hands()
    razz = "PokerStars Game #1:  Razz Limit ($0.10/$0.20 USD) - 2009/11/25 14:14:02 ET\nxx"
    assert len(parse_text("\n\n".join([hands[0], razz, hands[1]]))) == 2
    with pytest.raises(ParseError) as info:
        parse_text("\n\n".join([hands[0], "garbage", hands[1]]), source="s")
    assert info.value.file == "s" and info.value.text == "garbage"


def test_parse_hand_needs_exactly_one_chunk() -> None:
    with pytest.raises(ParseError, match="found 0 chunks"):
        parse_hand("\n\n")
    with pytest.raises(ParseError, match="unrecognised"):
        parse_hand(GOLDEN.replace("Hero: checks", "Hero: chex"))


def test_read_histories_on_error(tmp_path: Path) -> None:
    hands = real_hands()
    path = tmp_path / "h.txt"
    path.write_text("\n\n\n".join([hands[0], "garbage", hands[1]]) + "\n", encoding="utf-8")
    with pytest.raises(ParseError):
        list(read_histories(path))
    seen: list[ParseError] = []
    assert len(list(read_histories(path, on_error=seen.append))) == 2
    assert len(seen) == 1 and seen[0].text == "garbage"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert len(list(read_histories(path, on_error="warn"))) == 2
    assert len(caught) == 1 and "garbage" in str(caught[0].message)
    with pytest.raises(ValueError, match="on_error"):
        list(read_histories(path, on_error="ignore"))  # type: ignore[arg-type]


def test_paths_directories_and_globs(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "one.txt").write_text(GOLDEN, encoding="utf-8")
    (tmp_path / "a" / "b").mkdir()
    (tmp_path / "a" / "b" / "two.txt").write_text(GOLDEN, encoding="utf-8")
    (tmp_path / "a" / "skip.csv").write_text("not read", encoding="utf-8")
    assert len(list(read_histories(tmp_path))) == 2
    assert len(list(read_histories(str(tmp_path / "a" / "*.txt")))) == 1
    assert len(list(read_histories(str(tmp_path / "**" / "*.txt")))) == 2
    assert expand_paths([tmp_path / "a" / "skip.csv"]) == [str(tmp_path / "a" / "skip.csv")]
    with pytest.raises(FileNotFoundError):
        read_results(tmp_path / "missing.txt")
    with pytest.raises(FileNotFoundError):
        read_results(str(tmp_path / "*.nothing"))


def test_an_unreadable_header_of_another_game_gets_a_short_label() -> None:
    # A game named (a header naming none, and no date, is a damaged hand: rejected).
    garbage = "PokerStars Hand #1: Hold'em " + "x" * 10_000
    result = only(parse_results(garbage + "\nTable 't' 6-max Seat #1 is the button\n"))
    assert isinstance(result, Unsupported)
    assert len(result.game) == 60 and result.game.endswith("…")


def test_hostile_headers_cannot_grow_the_game_counts_without_bound() -> None:
    from histparse.parsing.reader import MAX_GAMES, OTHER_GAMES, ReadCounts

    counts = ReadCounts()
    for i in range(MAX_GAMES + 100):
        counts.add(Unsupported("PokerStars", f"Game {i}", "x.txt", i + 1))
    assert counts.unsupported == MAX_GAMES + 100
    assert len(counts.games) == MAX_GAMES + 1
    assert counts.games[("PokerStars", OTHER_GAMES)] == 100
    assert sum(counts.games.values()) == counts.unsupported
