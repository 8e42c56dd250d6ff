"""PHH export and pokerkit's replay of it, on one core.

Simulates N fixed-limit cash hands with every card (``simulate_with_cards``, default cash
6-max, the same hands ``histparse generate`` writes for that seed), converts them to PHH
(``histparse.phh.convert`` + ``dumps``) into a ``.phhs`` file, then times pokerkit 0.7.7
loading that file (``HandHistory.load_all``) and replaying every hand to its end (iterating
the states), and checks each replay ends on the simulator's final stacks (rake aside: PHH has
no rake, pokerkit gives it to the winners, so the check is that the totals differ by exactly
the rake).

Rates are per CPU second of this process (``time.process_time``), so other work on the
machine does not skew them.

Usage: python bench/bench_phh.py [HANDS] [SEED]  (defaults 100000 and 1)
"""

from __future__ import annotations

import os
import resource
import sys
import tempfile
import time
import warnings
from collections import Counter, deque

from pokerkit import HandHistory

from histparse.phh import PhhHand, Skipped, convert, dumps
from histparse.simulation import SimConfig, simulate_with_cards


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    config = SimConfig()

    # Streamed, so memory stays flat: each hand is simulated, converted and dumped, and only
    # its PHH text and the simulator's final stacks are kept.
    clock = time.process_time
    simulate_s = convert_s = dump_s = 0.0
    texts: list[str] = []
    phhs: list[PhhHand] = []
    truth: dict[str, list[int]] = {}
    skipped: Counter[str] = Counter()
    last = clock()
    for hand, deal in simulate_with_cards(hands, seed, config):
        t0 = clock()
        result = convert(hand, deal)
        t1 = clock()
        simulate_s += t0 - last
        convert_s += t1 - t0
        if isinstance(result, Skipped):
            skipped[result.reason.value] += 1
            last = clock()
            continue
        texts.append(f"[{len(texts) + 1}]\n{dumps(result)}")
        last = clock()
        dump_s += last - t1
        phhs.append(result)
        truth[hand.hand_id] = [int(deal.final_stack(n) * 100) for n in result.players]
    print(f"simulated {hands:,} fixed-limit cash hands in {simulate_s:.1f} s CPU")
    print(
        f"convert: {len(phhs):,} converted, {sum(skipped.values()):,} skipped "
        f"({', '.join(f'{n:,} {r}' for r, n in skipped.most_common()) or 'none'})"
    )
    print(
        f"convert + dumps: {hands / (convert_s + dump_s):,.0f} hands/s "
        f"(convert {hands / convert_s:,.0f}/s, dumps {len(phhs) / dump_s:,.0f}/s)"
    )

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "hands.phhs")
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(texts))
        size = os.path.getsize(path)
        del texts
        start = time.process_time()
        with open(path, "rb") as f:
            histories = list(HandHistory.load_all(f))
        loaded = time.process_time() - start
    print(
        f"pokerkit load_all: {len(histories):,} hands in {loaded:.1f} s CPU "
        f"({len(histories) / loaded:,.0f} hands/s; {size / max(len(histories), 1):,.0f} bytes/hand)"
    )

    mismatched = failed = 0
    with warnings.catch_warnings():
        # Dealing from the reserve (the discards reshuffled, R-DRAW-3) makes pokerkit warn.
        warnings.filterwarnings("ignore", message="Returning reserved")
        start = time.process_time()
        for history, phh in zip(histories, phhs, strict=True):
            try:
                state = deque(history, maxlen=1).pop()
            except ValueError:
                failed += 1
                continue
            expected = truth[str(phh.hand)]
            rake = dict(phh.user_fields).get("_rake", 0)
            if (
                state.status
                or sum(state.stacks) - sum(expected) != rake
                or (not rake and list(state.stacks) != expected)
            ):
                mismatched += 1
        replayed = time.process_time() - start
    print(
        f"pokerkit replay to the end: {len(histories):,} hands in {replayed:.1f} s CPU "
        f"({len(histories) / replayed:,.0f} hands/s); load + replay "
        f"{len(histories) / (loaded + replayed):,.0f} hands/s"
    )
    print(
        f"final stacks: {len(histories) - mismatched - failed:,} agree, {mismatched} disagree, "
        f"{failed} not replayable"
    )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory (max RSS): {peak:,.0f} MiB")


if __name__ == "__main__":
    main()
