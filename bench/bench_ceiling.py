"""How far pure CPython can go: the speed targets of ``bench_all.py`` turned into a time budget
per hand, against the least that any parser of eager typed events, and any replayer of them,
must spend.

On one simulated corpus (the same as ``bench_all.py``'s, cached in ``--corpus``), one core:

* floor: read, decode and split into lines and hands (the reader's own splitting);
* parse: the parsing proper of the hands already split (``parse_any_chunk``);
* event floor: for each line after the header and table line, one ``partition`` and one
  frozen slotted event built by the parser's own constructor: the least a parser must do that
  hands out one typed event per line, before it has classified or checked anything;
* replay: the audit of the hands already parsed (``audit_results``);
* visit floor: for each event of each hand, one dispatch on its class to a function reading
  one field: the least a replayer must do that looks at every event once;
* pokerkit 0.7.7: load the same hands from PHH and replay them to their end.

It prints µs a hand for each, then each target as a budget (parse within 4x the floor; parse
+ audit within a tenth of pokerkit's time) next to those floors. Best of ``--rounds`` runs.
Run: ``python bench/bench_ceiling.py [--hands N] [--seed S] [--corpus DIR] [--rounds R]``.
"""

from __future__ import annotations

import argparse
import gc
import tempfile
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench_all import _corpus, pokerkit_replay

from histparse.auditor import audit_results
from histparse.events import Hand, Street
from histparse.parsing import decoded_lines
from histparse.parsing.reader import parse_any_chunk, split_chunks
from histparse.reading import Chunk
from histparse.sites.pokerstars.lines import _new_action


def _best(work: Callable[[], object], rounds: int) -> float:
    """The least CPU seconds of ``rounds`` runs of ``work``."""
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def event_floor(chunks: list[Chunk]) -> int:
    """One ``partition`` and one frozen ``Action`` a line; the events are kept per hand."""
    street = Street.PREDRAW
    kept = 0
    for chunk in chunks:
        events = []
        add = events.append
        trailings = chunk.trailings
        first = chunk.first_line
        for i, content in enumerate(chunk.contents[2:], 2):
            name, _, rest = content.partition(": ")
            add(_new_action(first + i, trailings[i], street, name, rest, None, None, False))
        kept += len(events)
    return kept


def visit_floor(hands: list[Hand]) -> int:
    """One dispatch on the event's class and one field read an event."""
    seen: dict[str, int] = {}

    def read(event: Any) -> None:
        seen[event.line] = 0

    visitors: dict[type, Callable[[Any], None]] = {}
    for hand in hands:
        for event in hand.events:
            visit = visitors.get(type(event))
            if visit is None:
                visit = visitors[type(event)] = read
            visit(event)
    return len(seen)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--hands", type=int, default=10_000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--corpus", default=str(Path(tempfile.gettempdir()) / "histparse-bench"))
    p.add_argument("--rounds", type=int, default=3)
    args = p.parse_args()
    text, phh = _corpus(Path(args.corpus), args.hands, args.seed)
    path = str(text)

    # The inputs of the later rows are made once, untimed, and frozen out of the garbage
    # collector's sight: the commands stream, so their collections never walk a whole corpus.
    chunks = list(split_chunks(decoded_lines(path), path))
    hands = [r for r in map(parse_any_chunk, chunks) if isinstance(r, Hand)]
    gc.collect()
    gc.freeze()

    def floor() -> None:
        deque(split_chunks(decoded_lines(path), path), maxlen=0)

    def parse() -> None:
        deque(map(parse_any_chunk, chunks), maxlen=0)

    def replay() -> None:
        deque(audit_results(hands), maxlen=0)

    def pokerkit() -> None:
        phh_hands.append(pokerkit_replay(phh))

    phh_hands: list[int] = []
    rows: list[tuple[str, float]] = []
    for name, work, per in [
        ("floor: read + split into lines and hands", floor, lambda: len(chunks)),
        ("parse (of the split hands)", parse, lambda: len(chunks)),
        ("event floor: partition + one frozen event a line", lambda: event_floor(chunks),
         lambda: len(chunks)),
        ("replay: audit (of the parsed hands)", replay, lambda: len(hands)),
        ("visit floor: one dispatch + one field read an event", lambda: visit_floor(hands),
         lambda: len(hands)),
        ("pokerkit 0.7.7: load PHH + replay", pokerkit, lambda: phh_hands[-1]),
    ]:  # fmt: skip
        seconds = _best(work, 1 if work is pokerkit else args.rounds)
        rows.append((name, seconds / per() * 1e6))
        print(f"{name:<55} {rows[-1][1]:8.1f} µs a hand", flush=True)

    keys = ("floor", "parse", "events", "replay", "visit", "pokerkit")
    us = dict(zip(keys, (r[1] for r in rows), strict=True))
    lines = sum(len(c.contents) for c in chunks) / len(chunks)
    events = sum(len(h.events) for h in hands) / len(hands)
    parse_budget = 3 * us["floor"]
    audit_budget = us["pokerkit"] / 10 - (us["floor"] + us["parse"])
    print(f"\n{lines:.1f} lines and {events:.1f} events a hand ({len(chunks):,} hands)")
    print(
        f"parse target (parse >= 0.25 of the floor): parsing proper within {parse_budget:.1f} µs;"
        f" it takes {us['parse']:.1f}, of which the event floor alone is {us['events']:.1f}"
    )
    print(
        f"audit target (parse + audit >= 10x pokerkit): the hand within"
        f" {us['pokerkit'] / 10:.1f} µs; after today's parse {audit_budget:.1f} µs are left"
        f" for the replay, which takes {us['replay']:.1f} (visit floor {us['visit']:.1f})"
    )


if __name__ == "__main__":
    main()
