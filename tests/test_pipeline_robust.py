"""Mangled text never crashes the pipeline: whatever the lines of a real hand are turned into,
every chunk is parsed or rejected, and each parsed hand replays, goes into the tables (or is
refused alone with a TableError), converts to PHH (or is skipped with a reason), renders and
writes back to text that parses to the same events. The mutations are the ones a fuzzer used to
find the crashes fixed in the tables and the PHH converter."""

from __future__ import annotations

import dataclasses
from functools import cache
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from histparse.events import Hand
from histparse.frames import tables
from histparse.game import Game
from histparse.parsing import ParseError, Unsupported, parse_results, read_results
from histparse.phh import PhhHand, Skipped, convert
from histparse.replayer import replay
from histparse.show.render import render_hand
from histparse.stats import player_stats
from histparse.writing import write_hand

DATA = Path(__file__).resolve().parent / "data" / "pokerstars"
TOKENS = ["$", "0", "9", "[", "]", " ", ":", "all-in", "and is all-in", "Ah", "2c", "\t", "é",
          "99999999999999999999", "0.001", "-1", "raises", "calls", "discards", "stands pat",
          "***", "Seat", "(", ")", "#", ".", "pot", "side pot-2", "collected", "2413"]  # fmt: skip


@cache
def texts() -> tuple[str, ...]:
    return tuple(
        r.source.text.replace("\r\n", "\n")
        for r in read_results(DATA)
        if isinstance(r, Hand) and r.game is Game.TRIPLE_DRAW_27
    )


@st.composite
def mangled(draw: st.DrawFn) -> str:
    lines = draw(st.sampled_from(texts())).split("\n")
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(lines) - 1))
        line = lines[i]
        k = draw(st.integers(0, len(line)))
        op = draw(st.sampled_from(["drop", "dup", "swap", "put", "insert", "cut", "digit"]))
        if op == "drop" and len(lines) > 1:
            del lines[i]
        elif op == "dup":
            lines.insert(i, lines[draw(st.integers(0, len(lines) - 1))])
        elif op == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "put":
            lines[i] = line[:k] + draw(st.sampled_from(TOKENS)) + line[k + 1 :]
        elif op == "insert":
            lines[i] = line[:k] + draw(st.sampled_from(TOKENS)) + line[k:]
        elif op == "cut":
            lines[i] = line[:k]
        elif op == "digit" and any(c.isdigit() for c in line):
            k = draw(st.sampled_from([n for n, c in enumerate(line) if c.isdigit()]))
            lines[i] = line[:k] + str(draw(st.integers(0, 9))) + line[k + 1 :]
    return "\n".join(lines)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mangled())
def test_mangled_text_never_crashes_the_pipeline(text: str) -> None:
    results = parse_results(text, "m.txt")
    assert all(isinstance(r, Hand | ParseError | Unsupported) for r in results)
    hands = [r for r in results if isinstance(r, Hand)]
    refused: list[Hand] = []
    t = tables(hands, on_error=lambda hand, error: refused.append(hand))
    assert len(t.hands) + len(refused) == len(hands)
    if len(t.hands):
        player_stats(t)
    for hand in hands:
        r = replay(hand)
        render_hand(hand, r)
        for allow in (False, True):
            assert isinstance(convert(hand, allow_unknown=allow), PhhHand | Skipped)
        (again,) = parse_results(write_hand(hand), "m.txt")
        assert isinstance(again, Hand)
        shift = hand.source.first_line - 1
        moved = tuple(dataclasses.replace(e, line=e.line + shift) for e in again.events)
        assert moved == hand.events
