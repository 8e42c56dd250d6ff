"""Deal fairness, calibrated: the whole battery on many fair corpora, and seeded faults.

Cheap by design: the observations the tests consume (the player's dealt hands, and at each
draw the kept, received and unseen cards) are produced directly, never written as text and
parsed again:

* ``--dealer test`` (default): a small dealer of its own, independent of the project's
  simulator: a shuffled deck dealt to six players, the player drawing by the bots' draw plan
  and staying for each draw with probability 1/2 whatever the cards, the others taking 0 to 3
  cards a draw at random (no betting, so no selection: the draw tests' null holds exactly;
  and no all-ins, so the ``allin`` test cannot take part). Faults: ``deal`` (each high card
  dealt to the player swapped for the stub's next low card with probability B), ``draws``
  (the same on the replacement cards), ``repeat`` (the last hand's five cards dealt again with
  probability B), ``returned`` (with probability B a draw serves the player one of their own
  discards back).
* ``--dealer sim``: the project's simulator (``simulate_with_cards``), the view read from its
  ``FullDeal``, and the player's all-in showdowns valued (``hero_allin``), so ``allin`` takes
  part (``--allins``: all-ins made frequent); ``--verify K`` checks on K corpora that this
  direct view equals what ``hero_view`` reads from the written and re-parsed text.

Each corpus is read at every size of ``--hands`` in one pass, as the report reads it and with
the draw-rank tests without their margin (``p0``, ``alarm0``: what a perfect null would see).

Run: ``nice -n 19 python bench/bench_calibration.py --corpora 50 --first-seed 1 --hands 20000
50000 --save f0.jsonl`` (and 51, 101, ...), then ``--summarize f*.jsonl`` (``--fault draws
--rate 0.02`` for a seeded fault: the share of corpora flagged is the power).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections.abc import Iterator
from math import sqrt
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from histparse.cards import DECK, Card  # noqa: E402
from histparse.fairness import DEFAULT_ALPHA, DrawSeen, HeroView, hero_view  # noqa: E402
from histparse.fairness.allin import AllInSeen, fairness_record, hero_allin  # noqa: E402
from histparse.fairness.report import (  # noqa: E402
    DRAW_MARGIN,
    FAMILY_SIZE,
    FairnessCounts,
    _group_tests,
)
from histparse.fairness.significance import holm  # noqa: E402
from histparse.fairness.standards import kolmogorov_sf  # noqa: E402
from histparse.simulation import HardCase, SimConfig, simulate_with_cards  # noqa: E402
from histparse.simulation.bots import DrawPolicy, plan_draw  # noqa: E402

_FULL = frozenset(DECK)
# The player's view of a hand, its table, and its all-in showdown with draws left (or why it
# could not be valued, or None: no such all-in).
_View = tuple[HeroView, str, AllInSeen | str | None]
_LOW = range(0, 6)
_HIGH = range(8, 13)


def _swap(cards: list[Card], stub: list[Card], rate: float, rng: random.Random) -> None:
    """Each high card of ``cards`` swapped for the stub's next low card with chance ``rate``."""
    for i, card in enumerate(cards):
        if card >> 2 in _HIGH and rng.random() < rate:
            for j in range(len(stub) - 1, -1, -1):
                if stub[j] >> 2 in _LOW:
                    cards[i], stub[j] = stub[j], card
                    break


def test_dealer(
    hands: int, seed: int, fault: str = "", rate: float = 0.0, players: int = 6
) -> Iterator[_View]:
    """The player's view of ``hands`` hands from the bench's own dealer (see the docstring)."""
    rng = random.Random(seed)
    last: tuple[Card, ...] | None = None
    for n in range(hands):
        stub = list(DECK)
        rng.shuffle(stub)
        seats = [[stub.pop() for _ in range(5)] for _ in range(players)]
        hero = seats[0]
        if fault == "deal":
            _swap(hero, stub, rate, rng)
        if fault == "repeat" and last is not None and rng.random() < rate:
            # The last hand again: the others dealt from the rest of a fresh shuffle.
            stub = [c for c in DECK if c not in last]
            rng.shuffle(stub)
            seats = [list(last)] + [[stub.pop() for _ in range(5)] for _ in range(players - 1)]
            hero = seats[0]
        dealt = tuple(hero)
        last = dealt
        seen = set(dealt)
        draws: list[DrawSeen] = []
        returned = 0
        in_hand = True
        for number in (1, 2, 3):
            in_hand = in_hand and rng.random() < 0.5
            for i in range(players):
                if i:
                    # Another player's draw: 0 to 3 cards off the stub, whatever they hold
                    # (their hands never reach the player's view; this keeps the dealer cheap).
                    del stub[len(stub) - min(rng.randrange(4), len(stub)) :]
                    continue
                if not in_hand:
                    continue
                discard = plan_draw(tuple(hero), 3 - number + 1, DrawPolicy.STANDARD, False)[0]
                k = len(discard)
                if k == 0 or k > len(stub):
                    continue
                kept = [c for c in hero if c not in discard]
                new = [stub.pop() for _ in range(k)]
                if fault == "draws":
                    _swap(new, stub, rate, rng)
                if fault == "returned" and rng.random() < rate:
                    new[0] = discard[0]
                if seen.intersection(new):
                    returned += 1
                else:
                    draws.append(DrawSeen(number, tuple(kept), tuple(new), _FULL - seen))
                seen.update(new)
                hero[:] = kept + new
        # No betting, so no pots and no all-ins: the ``allin`` test cannot take part here.
        yield HeroView("player", dealt, tuple(draws), 0, returned), f"t{n // 500}", None


def sim_views(hands: int, seed: int, config: SimConfig) -> Iterator[_View]:
    """The player's view read straight from the simulator's full deal (no text), with the
    player's all-in showdown with draws left (``hero_allin``: the engine replays the hands
    whose lines show one, a few in a hundred), so the ``allin`` test takes part."""
    for hand, deal in simulate_with_cards(hands, seed, config):
        hero = hand.hero or ""
        view = direct_view(hero, deal)
        if view is not None:
            yield view, f"{hand.site} {hand.table_name}", hero_allin(fairness_record(hand), hero)


def direct_view(hero: str, deal: object) -> HeroView | None:
    """``hero_view`` of a simulated hand, from its ``FullDeal`` rather than its text."""
    try:
        held = list(deal.initial(hero))  # type: ignore[attr-defined]
    except KeyError:
        return None
    dealt = tuple(held)
    seen = set(held)
    draws: list[DrawSeen] = []
    skipped = 0
    reshuffled = False
    for d in deal.draws:  # type: ignore[attr-defined]
        reshuffled = reshuffled or d.reshuffled
        if d.player != hero or not d.received:
            continue
        kept = tuple(c for c in held if c not in d.discarded)
        if reshuffled:
            skipped += 1
        else:
            draws.append(DrawSeen(d.number, kept, tuple(d.received), _FULL - seen))
        held = [*kept, *d.received]
        seen.update(d.received)
    return HeroView(hero, dealt, tuple(draws), skipped)


_MARGINED = ("drawn-low", "drawn-high", "made-7", "made-8", "made-9")


def _batteries(
    views: Iterator[_View], alpha: float, sizes: list[int]
) -> Iterator[dict[str, object]]:
    """The report's family on the first ``size`` hands of one corpus, for each of ``sizes``
    (one pass: a corpus of 20,000 hands is the first 20,000 of the same seed's 50,000): its
    alarm and p-values, and the same family with the draw-rank tests read without their
    margin (as a perfect null would read them: exact on the bench's dealer, where nothing
    selects the draws), kept apart as ``p0`` and ``alarm0``."""
    counts = FairnessCounts()
    wanted = set(sizes)
    for view, table, allin in views:
        counts.add(view, table)
        if allin is not None:
            counts.add_allin(allin)
        if counts.hands in wanted:
            yield {"hands": counts.hands, **_battery(counts, alpha)}


def _battery(counts: FairnessCounts, alpha: float) -> dict[str, object]:
    # One group: the report's own family (every test it runs), so Holm's first step is the
    # report's alpha / FAMILY_SIZE.
    level = alpha / FAMILY_SIZE
    out: dict[str, object] = {}
    for suffix, margin in (("", DRAW_MARGIN), ("0", 0.0)):
        tests = [t for t in _group_tests((), counts, level, margin) if t.enough]
        p = [t.p_value if t.p_value is not None else 1.0 for t in tests]
        out["alarm" + suffix] = any(holm(p, alpha))
        named = {t.name: pv for t, pv in zip(tests, p, strict=True)}
        out["p" + suffix] = named if not suffix else {k: named[k] for k in _MARGINED if k in named}
    return out


def _wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _key(v: HeroView | None) -> object:
    return None if v is None else (v.dealt, [(set(d.kept), d.received, d.unseen) for d in v.draws])


def _verify(corpora: int, hands: int) -> None:
    """The direct view equals the text path's on ``corpora`` simulated corpora."""
    from histparse.parsing import read_histories
    from histparse.replayer import read_facts
    from histparse.writing import write_file

    for seed in range(1, corpora + 1):
        played = list(simulate_with_cards(hands, seed))
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "h.txt"
            write_file(path, (h for h, _ in played))
            parsed = list(read_histories(path))
        same = 0
        for (hand, deal), back in zip(played, parsed, strict=True):
            a = direct_view(hand.hero or "", deal)
            b = hero_view(read_facts(back))
            if _key(a) != _key(b):
                raise SystemExit(f"seed {seed} hand {hand.hand_id}: direct {a} != text {b}")
            same += 1
        print(f"verify seed {seed}: {same} hands, direct view == text view", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--corpora", type=int, default=200)
    ap.add_argument(
        "--hands", type=int, nargs="+", default=[20000], help="corpus sizes (one pass per seed)"
    )
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--dealer", choices=("test", "sim"), default="test")
    ap.add_argument("--fault", choices=("", "deal", "draws", "repeat", "returned"), default="")
    ap.add_argument("--rate", type=float, default=0.0)
    ap.add_argument(
        "--allins", action="store_true", help="simulator: all-ins made frequent (more for allin)"
    )
    ap.add_argument("--alpha", type=float, default=DEFAULT_ALPHA)
    ap.add_argument("--verify", type=int, default=0, metavar="K")
    ap.add_argument(
        "--save",
        metavar="FILE",
        help="also append each corpus's p-values to FILE as it ends (one JSON line a corpus: a "
        "run stopped early keeps the corpora it finished)",
    )
    ap.add_argument("--summarize", metavar="FILE", nargs="+", help="summarize saved runs")
    args = ap.parse_args()
    if args.verify:
        _verify(args.verify, args.hands[0])
        return
    if args.summarize:
        runs = [r for f in args.summarize for r in _saved(Path(f))]
        for size in sorted({int(r.get("hands", 0)) for r in runs}):  # type: ignore[call-overload]
            at = [r for r in runs if r.get("hands", 0) == size]
            _summary(at, args.alpha, f"saved runs, {size or 'unrecorded'} hands each")
        return
    start = time.process_time()
    runs = []
    most = max(args.hands)
    for seed in range(args.first_seed, args.first_seed + args.corpora):
        if args.dealer == "test":
            views = test_dealer(most, seed, args.fault, args.rate)
        else:
            rig = args.rate if args.fault in ("deal", "draws") else 0.0
            config = SimConfig(
                rig_hero=rig,
                rig_draws_only=args.fault == "draws",
                focus=frozenset({HardCase.ALL_IN}) if args.allins else frozenset(),
            )
            views = sim_views(most, seed, config)
        for result in _batteries(views, args.alpha, args.hands):
            run = {"seed": seed, **result}
            runs.append(run)
            if args.save:
                with Path(args.save).open("a") as out:
                    out.write(json.dumps(run) + "\n")
            for suffix in ("", "0"):
                if run["alarm" + suffix]:
                    p: dict[str, float] = run["p"]  # type: ignore[assignment]
                    p = {**p, **run["p" + suffix]}  # type: ignore[dict-item]
                    worst = min(p, key=lambda k: p[k])
                    what = "ALARM" if not suffix else "alarm without the draw margin"
                    print(
                        f"seed {seed}, {run['hands']} hands: {what} ({worst}, p = {p[worst]:.2g})",
                        flush=True,
                    )
    what = f"fault {args.fault} {args.rate}" if args.fault else "fair"
    for size in sorted(args.hands):
        at = [r for r in runs if r["hands"] == size]
        _summary(at, args.alpha, f"{args.dealer} dealer, {what}, {size} hands each")
    print(f"CPU {time.process_time() - start:.0f} s")


def _saved(path: Path) -> list[dict[str, object]]:
    """The runs saved in ``path``: one JSON line a corpus (or one JSON list, as written before)."""
    text = path.read_text()
    if text.startswith("["):
        runs: list[dict[str, object]] = json.loads(text)
        return runs
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _summary(runs: list[dict[str, object]], alpha: float, what: str) -> None:
    """The family-wise rate of alarms with its interval, and each test's p-values against
    the uniform law they follow under a fair deal; then the same without the draw margin."""
    for suffix, label in (("", ""), ("0", "without the draw margin: ")):
        if not all("alarm" + suffix in r for r in runs):
            continue
        alarms = sum(1 for r in runs if r["alarm" + suffix])
        n = len(runs)
        low, high = _wilson(alarms, n)
        print(
            f"{label}{what}: {alarms} of {n} corpora flagged ({alarms / n:.3f}, 95% interval "
            f"{low:.3f}-{high:.3f}) at family-wise level {alpha}"
        )
        pvalues: dict[str, list[float]] = {}
        for r in runs:
            for name, value in r["p" + suffix].items():  # type: ignore[attr-defined]
                pvalues.setdefault(name, []).append(value)
        for name, values in pvalues.items():
            values.sort()
            m = len(values)
            d = max(max((i + 1) / m - v, v - i / m) for i, v in enumerate(values))
            print(
                f"  {name:<13} {m:>4} p-values: KS distance from uniform {d:.3f} "
                f"(p = {kolmogorov_sf(d, m):.2g}), below 0.01: "
                f"{sum(v < 0.01 for v in values)}, median {values[m // 2]:.2f}"
            )


if __name__ == "__main__":
    main()
