"""Property tests: odd player names and amounts survive parsing; mangled input gives
ParseError, never another exception; read = parsed + rejected + unsupported."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from histparse.events import Event, Hand, Seat
from histparse.parsing import ParseError, Unsupported, parse_results, read_results

DATA = Path(__file__).resolve().parents[1] / "data" / "pokerstars"
FILES = [
    "3-Draw-Limit-USD-0.10-0.20-200911.txt",
    "Triple Draw 2-7 Lowball-FL-USD-0.10-0.20-201106.sample.txt",
    "Triple Draw 2-7 Lowball-FL-USD-1.00-2.00-201206.duplicate.holecards.txt",
    "NLSDraw-USD-0.25-0.50-201009.Mucked.cards.txt",
    "2-7 Single Draw-NL-USD-2max-STT-1.40-201212.ante.all.in.txt",
]
SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example],
)


def _load() -> list[tuple[str, Hand]]:
    out = []
    for name in FILES:
        for result in read_results(DATA / name):
            assert isinstance(result, Hand)
            # Work on LF text: line endings are tested elsewhere.
            out.append((result.source.text.replace("\r\n", "\n"), result))
    return out


REAL = _load()
CASH = [(t, h) for t, h in REAL if h.currency == "USD"]

# Names: letters (any script), digits, punctuation, symbols and inner spaces; no control
# characters and no leading or trailing space (PokerStars trims names; a trailing space could
# not be told from the trailing whitespace of a line).
NAME_TEXT = st.text(
    st.characters(categories=("L", "N", "P", "S", "Zs"), exclude_characters="\ufeff"),
    min_size=1,
    max_size=12,
).filter(lambda s: s == s.strip() and s.strip(" \t") == s)
# Extensions that make one name a prefix of another in the ways that could mislead a reader.
# (Not a bare ":": "a: sits out" is then truly ambiguous between "a" and "a:", as PokerStars
# writes that status with a colon; the roster decides for a seated "a".)
EXTENSIONS = st.sampled_from(
    ["0", "1", "0 1", ": x", ": folds", ": sits", " said", " (button)", " collected", "'s", "  x"]
)


@st.composite
def rosters(draw: Callable[[st.SearchStrategy[Any]], Any], size: int) -> list[str]:
    names: list[str] = []
    while len(names) < size:
        if names and draw(st.booleans()):
            base = draw(st.sampled_from(names))
            candidate = base + draw(EXTENSIONS | NAME_TEXT)
        else:
            candidate = draw(NAME_TEXT)
        if candidate == candidate.strip() and candidate not in names:
            names.append(candidate)
    shuffled: list[str] = draw(st.permutations(names))
    return shuffled


def substituter(mapping: dict[str, str]) -> Callable[[str], str]:
    pattern = re.compile("|".join(re.escape(n) for n in sorted(mapping, key=len, reverse=True)))
    return lambda text: pattern.sub(lambda m: mapping[m.group()], text)


def map_strings(obj: Any, f: Callable[[str], str], first_line: int) -> Any:
    """``obj`` with ``f`` applied to each of its string fields (names, chat text...) and its
    line renumbered for a hand that starts at line 1."""
    changes: dict[str, Any] = {
        fld.name: f(getattr(obj, fld.name))
        for fld in dataclasses.fields(obj)
        if isinstance(getattr(obj, fld.name), str) and fld.name != "trailing"
    }
    changes["line"] = obj.line - first_line + 1
    return dataclasses.replace(obj, **changes)


@SETTINGS
@given(st.sampled_from(REAL), st.data())
def test_odd_player_names_survive(real: tuple[str, Hand], data: st.DataObject) -> None:
    text, original = real
    # Every name that appears in the hand: seated players and unseated status/chat names.
    names = sorted(
        {s.player for s in original.seats}
        | {e.player for e in original.events if isinstance(getattr(e, "player", None), str)}  # type: ignore[attr-defined]
    )
    new_names = data.draw(rosters(len(names)))
    subst = substituter(dict(zip(names, new_names, strict=True)))
    (result,) = parse_results(subst(text))
    assert isinstance(result, Hand), result
    assert result.players == tuple(subst(p) for p in original.players)
    assert result.hero == (None if original.hero is None else subst(original.hero))
    first = original.source.first_line
    assert result.seats == tuple(map_strings(s, subst, first) for s in original.seats)
    expected: list[Event] = [map_strings(e, subst, first) for e in original.events]
    assert list(result.events) == expected


AMOUNT = st.one_of(
    st.integers(min_value=0, max_value=10**7).map(str),
    st.decimals(min_value=0, max_value=10**7, places=2).map(lambda d: f"{d:.2f}"),
)


@SETTINGS
@given(st.sampled_from(CASH), st.data())
def test_amounts_survive_with_their_written_scale(
    real: tuple[str, Hand], data: st.DataObject
) -> None:
    text, _ = real
    written: dict[int, list[str]] = {}
    lines = text.split("\n")
    for number, line in enumerate(lines, start=1):

        def replace(m: re.Match[str], number: int = number) -> str:
            new = data.draw(AMOUNT)
            written.setdefault(number, []).append(new)
            return "$" + new

        lines[number - 1] = re.sub(r"\$\d+(?:\.\d+)?", replace, line)
    (result,) = parse_results("\n".join(lines))
    assert isinstance(result, Hand), result
    first = result.source.first_line
    assert [str(a) for a in result.stakes] == written[first]
    items: list[Seat | Event] = [*result.seats, *result.events]
    for item in items:
        found = set()
        for fld in dataclasses.fields(item):
            value = getattr(item, fld.name)
            values = value if isinstance(value, tuple) else (value,)
            found |= {str(v) for v in values if isinstance(v, Decimal)}
        assert found == set(written.get(item.line, [])), item


EDITS = st.sampled_from(["cut", "drop", "dup", "swap", "insert", "chars"])


def mangle(text: str, data: st.DataObject) -> str:
    lines = text.split("\n")
    for _ in range(data.draw(st.integers(1, 3))):
        if not lines:
            break
        i = data.draw(st.integers(0, len(lines) - 1))
        j = data.draw(st.integers(0, len(lines) - 1))
        edit = data.draw(EDITS)
        if edit == "cut":
            lines = lines[:i]
        elif edit == "drop":
            del lines[i]
        elif edit == "dup":
            lines.insert(j, lines[i])
        elif edit == "swap":
            lines[i], lines[j] = lines[j], lines[i]
        elif edit == "insert":
            lines.insert(i, data.draw(st.text(max_size=40)))
        else:
            line = lines[i]
            a = data.draw(st.integers(0, len(line)))
            b = data.draw(st.integers(a, len(line)))
            lines[i] = line[:a] + data.draw(st.text(max_size=8)) + line[b:]
    return "\n".join(lines)


@SETTINGS
@given(st.sampled_from(REAL), st.data())
def test_mangled_hands_give_parse_errors_never_exceptions(
    real: tuple[str, Hand], data: st.DataObject
) -> None:
    text = mangle(real[0], data)
    results = parse_results(text)
    for r in results:
        assert isinstance(r, Hand | ParseError | Unsupported)
        if isinstance(r, ParseError):
            assert not r.message.startswith("internal"), r
            assert r.line >= 1 and r.column >= 1


@SETTINGS
@given(st.text(max_size=400))
def test_arbitrary_text_never_raises(text: str) -> None:
    for r in parse_results(text):
        assert isinstance(r, ParseError | Unsupported)  # no accident makes a real hand
        if isinstance(r, ParseError):
            assert not r.message.startswith("internal"), r


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(
        st.one_of(
            st.sampled_from(REAL).map(lambda r: r[0]),
            st.sampled_from(
                [
                    "garbage line\nmore garbage",
                    "PokerStars Game #1:  Razz Limit ($0.10/$0.20 USD) - 2009/11/25 1:00:00 ET",
                    "PokerStars Game #2:  Triple Draw 2-7 Lowball Limit",
                ]
            ),
        ),
        max_size=8,
    ),
    st.data(),
)
def test_read_counts_always_add_up(
    tmp_path_factory: Any, chunks: list[str], data: st.DataObject
) -> None:
    text = "\n\n\n".join(mangle(c, data) if data.draw(st.booleans()) else c for c in chunks)
    path = tmp_path_factory.mktemp("counts") / "h.txt"
    path.write_text(text, encoding="utf-8")
    reader = read_results(path)
    results = list(reader)
    c = reader.counts
    assert c.read == len(results) == c.parsed + c.rejected + c.unsupported
    assert c.parsed == sum(isinstance(r, Hand) for r in results)
    assert c.rejected == sum(isinstance(r, ParseError) for r in results)


@SETTINGS
@given(
    st.integers(0, 9999),
    st.integers(0, 99),
    st.integers(0, 99),
    st.integers(0, 99),
    st.integers(0, 99),
    st.integers(0, 99),
    st.sampled_from(["ET", "CET", "WET", "PT", "XYZ"]),
    st.booleans(),
)
def test_any_header_date_gives_a_hand_or_a_parse_error(
    year: int, month: int, day: int, hour: int, minute: int, second: int, zone: str, et: bool
) -> None:
    text, _ = REAL[1]
    stamp = f"{year:04d}/{month:02d}/{day:02d} {hour}:{minute:02d}:{second:02d}"
    when = f"{stamp} {zone}" + (f" [{stamp} ET]" if et else "")
    header, rest = text.split("\n", 1)
    result = parse_results(header[: header.rindex(" - ") + 3] + when + "\n" + rest)[0]
    if isinstance(result, Hand):
        assert result.layout.local_time == stamp and result.started_at.utcoffset() is not None
    else:
        assert isinstance(result, ParseError) and result.line == 1
        assert not result.message.startswith("internal"), result
