"""The parser's speed-ups give the same results as the plain way: caches keep nothing of one
hand in the next, the record constructors make the same frozen events, the line automaton
accepts exactly what the LALR table accepts, block reading gives the same lines as reading line
by line, and the short paths for seat and summary lines agree with the general expressions."""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from fresh_python import run_fresh
from hypothesis import given, settings
from hypothesis import strategies as st

import histparse.textio as reader_module
from histparse._records import builder
from histparse.events import Action, Hand, Position, Seat, SeatOutcome, SummarySeat
from histparse.game import ActionKind, Street
from histparse.parsing import ParseError, Unsupported, parse_results, read_results
from histparse.parsing.reader import Result, split_chunks
from histparse.reading import Chunk
from histparse.sites.pokerstars import lines as lines_module
from histparse.sites.pokerstars import parse as ps_module
from histparse.sites.pokerstars import verbs as verbs_module
from histparse.sites.pokerstars.common import LineError
from histparse.sites.pokerstars.header import (
    Header,
    OtherGame,
    clear_header_cache,
    parse_header,
    parse_seat,
    parse_seat_fully,
)
from histparse.textio import decoded_lines

DATA = Path(__file__).resolve().parents[1] / "data" / "pokerstars"
CASH = DATA / "3-Draw-Limit-USD-0.10-0.20-200911.txt"
CHIPS = DATA / "2-7 Single Draw-NL-USD-2max-STT-1.40-201212.ante.all.in.txt"


def record(result: Result) -> object:
    if isinstance(result, ParseError):
        return result.as_record()
    return result


def cold(text: str) -> list[object]:
    """The results of ``text`` with every cache empty."""
    verbs_module.clear_caches()
    clear_header_cache()
    return [record(r) for r in parse_results(text)]


def chunks_of(path: Path) -> list[Chunk]:
    return list(split_chunks(decoded_lines(path), str(path)))


def hands_of(path: Path) -> list[str]:
    """The text of every chunk of a file (hands and whatever else it holds)."""
    return ["".join(chunk.raw) for chunk in chunks_of(path)]


# ------------------------------------------------------------------------------ caches


def test_warm_caches_give_the_results_of_cold_ones() -> None:
    texts = [h for path in sorted(DATA.glob("*.txt")) for h in hands_of(path)]
    # Lines that are read (and kept) in one kind of hand and wrong in another.
    cash = hands_of(CASH)[0]
    chips = hands_of(CHIPS)[0]
    texts += [
        cash.replace("calls $0.10", "calls 0.10"),
        cash.replace("raises $0.10 to $0.20", "raises $0.10 to 0.20"),
        cash.replace("posts small blind $0.05", "posts small blind 0.05"),
        chips.replace("posts the ante 25", "posts the ante $25"),
        chips.replace("Player0: stands pat", "Player0: calls 25"),
    ]
    expected = [cold(t) for t in texts]
    assert any(isinstance(r, dict) for results in expected for r in results)
    for order in (list(range(len(texts))), list(reversed(range(len(texts))))):
        verbs_module.clear_caches()
        clear_header_cache()
        for i in order:
            assert [record(r) for r in parse_results(texts[i])] == expected[i]


def test_a_line_read_in_a_chips_hand_is_checked_again_in_a_cash_hand() -> None:
    chips = hands_of(CHIPS)[0].replace("Player0: stands pat", "Player0: calls 25")
    cash = hands_of(CASH)[0].replace("rumble1111: calls $0.10", "rumble1111: calls 25", 1)
    verbs_module.clear_caches()
    (chip_hand,) = parse_results(chips)
    assert not isinstance(chip_hand, ParseError)
    assert "calls 25" in verbs_module.KNOWN
    (err,) = parse_results(cash)
    assert isinstance(err, ParseError)
    assert err.message == "amount 25 has the wrong currency symbol"
    assert err.text == "rumble1111: calls 25" and err.column == 19
    assert err.expected == "an amount with $"
    assert [record(r) for r in parse_results(cash)] == cold(cash)


def test_the_street_comes_from_the_hand_not_the_cache() -> None:
    # "stands pat" is kept from a triple draw hand, then read in a single draw hand where
    # the first draw line also opens the draw.
    (td,) = parse_results(hands_of(CASH)[0])
    (sd,) = parse_results(hands_of(CHIPS)[0])
    assert not isinstance(td, ParseError | Unsupported)
    assert not isinstance(sd, ParseError | Unsupported)
    sd_draws = [(d.street, d.player, d.pat) for d in sd.draws]
    assert sd_draws == [(Street.DRAW1, "Player0", True), (Street.DRAW1, "Hero", False)]
    assert {a.street for a in td.actions} == {Street.PREDRAW, Street.DRAW1, Street.DRAW2}


def test_header_cache_keeps_only_what_the_middle_says() -> None:
    cash = hands_of(CASH)[0]
    header, rest = cash.split("\n", 1)
    other = (
        header.replace("#35839001292", "#1")
        .replace("PokerStars Game", "PokerStars Home Game Hand")
        .replace("2009/11/25 14:12:58", "2010/1/2 3:04:05")
    )
    verbs_module.clear_caches()
    clear_header_cache()
    (first,) = parse_results(cash)
    (second,) = parse_results(other + "\n" + rest)
    assert isinstance(first, Hand) and isinstance(second, Hand)
    assert (first.hand_id, first.is_home_game) == ("35839001292", False)
    assert (second.hand_id, second.is_home_game) == ("1", True)
    assert second.layout.header_word == "Hand" and second.layout.local_time == "2010/1/2 3:04:05"
    assert second.started_at.year == 2010 and second.stakes == first.stakes


def test_caches_are_bounded() -> None:
    verbs_module.clear_caches()
    for i in range(verbs_module.KNOWN_SIZE + 10):
        assert verbs_module.parse_verb(f"calls ${i}", 1) is not None
    assert 0 < len(verbs_module.KNOWN) <= verbs_module.KNOWN_SIZE
    # A long line of a readable amount (amounts take at most 30 digits each side of the point).
    long = "calls $" + "1" * 30 + "." + "1" * 30 + " and is all-in"
    assert len(long) > verbs_module.KNOWN_KEY
    assert verbs_module.parse_verb(long, 1) is not None
    assert long not in verbs_module.KNOWN
    verbs_module.clear_caches()
    assert not verbs_module.KNOWN


def test_card_errors_point_at_the_card_whether_cached_or_not() -> None:
    bad = hands_of(CASH)[0].replace("Dealt to Hero [8s Ts 8h 2s 3s]\n", "")
    bad = bad.replace("cypis28: shows [7c 6d 9c 4s 2c]", "cypis28: shows [7c 6d 9x 4s 2c]")
    first = cold(bad)
    again = [record(r) for r in parse_results(bad)]
    assert first == again
    (err,) = first
    assert isinstance(err, dict) and err["message"] == "not a card: '9x'" and err["column"] == 17


# ------------------------------------------------------------------------------ constructors


def test_builders_make_the_same_frozen_records() -> None:
    new_action = builder(
        Action, "line", "trailing", "street", "player", "kind", "amount", "to_amount", "all_in"
    )
    one, two = Decimal("1"), Decimal("2")
    made = new_action(7, " ", Street.DRAW1, "a b", ActionKind.RAISE, one, two, True)
    plain = Action(Street.DRAW1, "a b", ActionKind.RAISE, one, two, True, line=7, trailing=" ")
    assert type(made) is Action and made == plain and repr(made) == repr(plain)
    assert hash(made) == hash(plain)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.line = 8  # type: ignore[misc]
    assert dataclasses.replace(made, line=8) == dataclasses.replace(plain, line=8)


def test_every_parsed_event_equals_its_plain_construction() -> None:
    for result in read_results(DATA):
        if isinstance(result, ParseError | Unsupported):
            continue
        records: list[Any] = [result, result.layout, result.source, *result.seats]
        for made in [*records, *result.events]:
            fields = {f.name: getattr(made, f.name) for f in dataclasses.fields(made)}
            assert type(made)(**fields) == made


def test_builder_checks_the_field_list() -> None:
    with pytest.raises(TypeError, match="has fields"):
        builder(Seat, "seat", "player")
    with pytest.raises(TypeError, match="has fields"):
        builder(Action, "trailing", "line", "street", "player", "kind", "amount", "to_amount")


def test_builder_calls_the_class_when_it_checks_its_fields() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Positive:
        value: int

        def __post_init__(self) -> None:
            if self.value <= 0:
                raise ValueError("not positive")

    new_positive = builder(Positive, "value")
    assert new_positive(3) == Positive(3)
    with pytest.raises(ValueError, match="not positive"):
        new_positive(0)


# ------------------------------------------------------------------------------ automaton

TERMINALS = sorted(t for t in ps_module._DESCRIBE if t != "$END")


def lalr_run(kinds: list[str]) -> int | None:
    """The index where the LALR table rejects ``kinds`` (``len`` for the end), None if it
    accepts them: the table run directly, without the automaton."""
    assert ps_module.LINES.start  # the table is read when the automaton is built
    stack: tuple[int, ...] | None = (ps_module.LINES._start,)
    for index, terminal in enumerate(kinds):
        assert stack is not None
        stack = ps_module.LINES._step(stack, terminal)
        if stack is None:
            return index
    assert stack is not None
    return None if ps_module.LINES._step(stack, "$END") is not None else len(kinds)


def automaton_run(kinds: list[str]) -> int | None:
    try:
        ps_module.check_order(kinds)
    except ps_module.Unexpected as exc:
        return exc.index
    return None


def real_kinds() -> Iterator[list[str]]:
    """The line kinds of every real 2-7 hand."""
    for path in sorted(DATA.glob("*.txt")):
        for chunk in chunks_of(path):
            header = chunk.contents[0]
            if "2-7 Lowball" not in header or not header.startswith("PokerStars"):
                continue
            result = parse_header(header)
            if isinstance(result, OtherGame):
                continue
            kinds = ["TD_HEADER" if "Triple" in header else "SD_HEADER", "TABLE"]
            reader = lines_module.LineReader(result)
            reader.read_lines(chunk.contents, chunk.trailings, 1, kinds, [])
            yield kinds


REAL_KINDS = list(real_kinds())


def test_real_hands_are_accepted_by_both() -> None:
    assert len(REAL_KINDS) >= 40
    for kinds in REAL_KINDS:
        assert lalr_run(kinds) is None and automaton_run(kinds) is None


def test_real_hands_cut_short_are_judged_alike() -> None:
    for kinds in REAL_KINDS:
        for end in range(len(kinds)):
            assert automaton_run(kinds[:end]) == lalr_run(kinds[:end])
        # Up to its first summary seat line a hand cannot end.
        for end in range(kinds.index("SUMMARY_SEAT") + 1):
            assert automaton_run(kinds[:end]) == end


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(REAL_KINDS),
    st.lists(
        st.tuples(st.integers(0, 200), st.sampled_from(["drop", "copy", *TERMINALS])),
        max_size=4,
    ),
)
def test_automaton_accepts_exactly_what_the_table_accepts(
    kinds: list[str], edits: list[tuple[int, str]]
) -> None:
    kinds = list(kinds)
    for at, edit in edits:
        i = at % (len(kinds) + 1)
        if edit == "drop" and i < len(kinds):
            del kinds[i]
        elif edit == "copy" and i < len(kinds):
            kinds.insert(i, kinds[i])
        elif edit not in ("drop", "copy"):
            kinds.insert(i, edit)
    assert automaton_run(kinds) == lalr_run(kinds)


def test_the_automata_are_built_at_first_use() -> None:
    """Importing the sites builds no automaton (0.1-0.15 s each, four sites); parsing a
    PokerStars file builds PokerStars' alone. In a fresh interpreter: this one's are built."""
    code = (
        "import sys\n"
        "import histparse.sites\n"
        "from histparse.parsing import read_results\n"
        "from histparse.sites.fulltilt.parse import _AUTOMATON as ft\n"
        "from histparse.sites.pokerstars.parse import LINES as ps\n"
        "built = lambda: ['start' in vars(a) for a in (ps, ft)]\n"
        "before = built()\n"
        "hands = list(read_results(sys.argv[1]))\n"
        "print(before, built(), len(hands))\n"
    )
    path = DATA / "3-Draw-Limit-USD-0.10-0.20-200911.txt"
    assert run_fresh(code, str(path)).split() == ["[False,", "False]", "[True,", "False]", "17"]


def test_expected_after_lists_what_the_table_accepts() -> None:
    kinds = REAL_KINDS[0][:5]
    accepted = {t for t in TERMINALS if lalr_run([*kinds, t]) != len(kinds)}
    if lalr_run(kinds) is None:
        accepted.add("$END")
    assert ps_module._acceptable(kinds) == accepted
    assert ps_module._acceptable(["TABLE", *kinds]) == set()


# ------------------------------------------------------------------------------ reading


def line_by_line(data: bytes, max_line: int) -> list[str]:
    """The lines of ``data`` as read one ``readline`` at a time (the plain way)."""
    f = io.BytesIO(data)
    out = []
    while line := f.readline(max_line):
        if len(line) == max_line and not line.endswith(b"\n"):
            while (rest := f.readline(max_line)) and not rest.endswith(b"\n"):
                pass
        try:
            out.append(line.decode("utf-8"))
        except UnicodeDecodeError:
            out.append(line.decode("cp1252", errors="replace"))
    return out


PIECES = st.sampled_from(
    [
        *(b"a", b"Seat 1", b" ", b"\n", b"\r\n", b"\r", b"\x0c", b"\xe9", "é€".encode()),
        *(b"\xe2\x82", "\u2028".encode(), b"\x85", b"\xc2\x85", b"\x1c", b"\n\n\n"),
    ]
)


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.tuples(PIECES, st.sampled_from([1, 1, 2, 7, 20])), max_size=40),
    st.integers(2, 24),
    st.integers(1, 23),
)
def test_block_reading_gives_the_lines_of_line_reading(
    parts: list[tuple[bytes, int]], max_line: int, block: int
) -> None:
    data = b"".join(piece * n for piece, n in parts)
    block = min(block, max_line - 1)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(reader_module, "MAX_LINE", max_line)
        mp.setattr(reader_module, "_BLOCK", block)
        read = []
        for piece, whole in reader_module.byte_pieces(io.BytesIO(data)):
            read.extend(
                reader_module.lines_of_bytes(piece) if whole else [reader_module.decode_line(piece)]
            )
    assert read == line_by_line(data, max_line)


def test_block_reading_of_a_real_file(tmp_path: Path) -> None:
    # Only the first line of a block can be too long because a block is shorter than a line.
    assert reader_module._BLOCK < reader_module.MAX_LINE
    raw = CASH.read_bytes() * 40  # several blocks
    path = tmp_path / "big.txt"
    path.write_bytes(raw)
    assert list(decoded_lines(path)) == line_by_line(raw, reader_module.MAX_LINE)


# ------------------------------------------------------------------------------ short paths

NAMES = st.lists(
    st.sampled_from([*"ab (): $1.,", " (", ": ", " in chips)", "Seat 1: "]), max_size=8
).map("".join)
AMOUNTS = st.sampled_from(["$4", "$4.58", "4", "€1", "$04", "$", "", "$1.", "1,000", "$0.10"])


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(["1", "10", "100", "1000", "", "x", "١"]),
    NAMES,
    AMOUNTS,
    st.sampled_from([" in chips)", " in chips) is sitting out", ", $1 bounty) in chips)"]),
)
def test_seat_short_path_agrees_with_the_expression(
    number: str, name: str, amount: str, end: str
) -> None:
    content = f"Seat {number}: {name} ({amount}{end}"

    def outcome(read: object) -> object:
        try:
            return read(content, "$", "$", 3, " ")  # type: ignore[operator]
        except LineError as exc:
            return (exc.message, exc.column, exc.expected)

    assert outcome(parse_seat) == outcome(parse_seat_fully)


def test_every_tagged_fold_reads_as_the_general_reader() -> None:
    header = parse_header(hands_of(CASH)[0].split("\n")[0])
    assert isinstance(header, Header)
    reader = lines_module.LineReader(header)
    reader.read_lines(["", "", "Seat 3: x ($1 in chips)"], ["", "", ""], 1, [], [])
    for rest, (tags, outcome, didnt_bet) in lines_module._TAGGED_FOLDS.items():
        general = reader._seat_outcome(3, "x", rest, 10, 5, "")
        assert general == SummarySeat(3, "x", tags, outcome, didnt_bet, line=5)
        assert reader._summary_seat(f"Seat 3: x{rest}", 5, "") == ("SUMMARY_SEAT", general)
    assert len(lines_module._TAGGED_FOLDS) == 40 * 12
    assert lines_module._TAGGED_FOLDS[" (button) (small blind) folded before Flop"] == (
        (Position.BUTTON, Position.SMALL_BLIND),
        SeatOutcome.FOLDED_BEFORE_FLOP,
        False,
    )
