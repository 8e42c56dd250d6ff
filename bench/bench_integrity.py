"""The integrity screens' labelled benchmark (docs/integrity.md, bench/README.md).

Populations of 100 players at 6-max fixed-limit tables (``simulation.population``):

* superuser: one superuser at every table, ``--super-hands`` hands (all of them its own):
  is it ranked first among the players?
* pair: one colluding pair at ``--pair-share`` of the tables, ``--pair-hands`` pooled hands:
  is it among the top 5 pairs?
* honest: nobody cheats, ``--honest-hands`` hands: does the top player and pair score stay
  below the alarm line?

The observations are simulated directly: each hand is replayed once from the simulator's own
copy and every player's final cards come from the full deal (what pooling every player's file
gives), skipping the writing and reading of six copies of each hand. ``--check-text`` checks on
a small population that the text path (write every player's file, ``histparse integrity``'s
reading and pooling) gives the same scores.

    nice -n 10 python bench/bench_integrity.py --reps 20  # the issue's sizes
    python bench/bench_integrity.py --reps 0 --honest-reps 10 --first-rep 10  # a part of it
"""

from __future__ import annotations

import argparse
import tempfile
import time
from dataclasses import replace

from histparse.integrity import ALARM, Pool, Screens, observe, screen
from histparse.parallel import iter_pieces
from histparse.replayer import replay
from histparse.simulation.population import (
    PopulationConfig,
    labels_of,
    play_population,
    write_histories,
)


def direct(hands: int, seed: int, config: PopulationConfig) -> Screens:
    pool = Pool()
    for hand, deal in play_population(hands, seed, config):
        copy = observe(replay(hand))
        cards = tuple(sorted((p, deal.final_hand(p)) for p, _ in deal.dealt))
        pool.add(replace(copy, cards=cards))
    return screen(pool)


def text(hands: int, seed: int, config: PopulationConfig) -> Screens:
    from histparse.cli.integrity_cmd import observe_piece

    with tempfile.TemporaryDirectory() as tmp:
        write_histories(play_population(hands, seed, config), tmp, labels_of(seed, config))
        pool = Pool()
        for piece in iter_pieces([tmp]):
            pool.extend(observe_piece(piece)[0])
    return screen(pool)


def same(a: Screens, b: Screens) -> bool:
    """The same players and pairs with the same scores (to 1e-9: sums run in another order)."""

    def close(x: float | None, y: float | None) -> bool:
        return x == y or (x is not None and y is not None and abs(x - y) < 1e-9)

    players = {p.player: p for p in b.players}
    pairs = {(q.a, q.b): q for q in b.pairs}
    return (
        a.hands == b.hands
        and players.keys() == {p.player for p in a.players}
        and pairs.keys() == {(q.a, q.b) for q in a.pairs}
        and all(
            p.hands == players[p.player].hands
            and p.net == players[p.player].net
            and close(p.luck.z, players[p.player].luck.z)
            and close(p.showdown.z, players[p.player].showdown.z)
            for p in a.players
        )
        and all(
            close(q.collusion, pairs[(q.a, q.b)].collusion)
            and close(q.apart.z, pairs[(q.a, q.b)].apart.z)
            for q in a.pairs
        )
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=20)
    ap.add_argument("--pair-reps", type=int, default=None)
    ap.add_argument("--honest-reps", type=int, default=None)
    ap.add_argument("--super-hands", type=int, default=5_000)
    ap.add_argument("--pair-hands", type=int, default=100_000)
    ap.add_argument("--pair-share", type=float, default=0.1)
    ap.add_argument("--honest-hands", type=int, default=100_000)
    ap.add_argument("--check-text", type=int, default=0, help="hands of the text-path check")
    ap.add_argument(
        "--first-rep", type=int, default=0, help="the first replication (split a run over cores)"
    )
    args = ap.parse_args()
    if args.check_text:
        cfg = PopulationConfig(players=30, superusers=1, pairs=1)
        a, b = direct(args.check_text, 99, cfg), text(args.check_text, 99, cfg)
        print(f"text path check ({args.check_text} hands, 30 players): same scores: {same(a, b)}")
    t0 = time.process_time()
    first = 0
    for seed in range(args.first_rep, args.first_rep + args.reps):
        cfg = PopulationConfig(superusers=1)
        s = direct(args.super_hands, 1000 + seed, cfg)
        who = labels_of(1000 + seed, cfg).superusers[0]
        top = s.players[0]
        first += top.player == who
        hit = top.player == who
        print(f"superuser rep {seed}: top {top.player!r} z={top.top:.1f} (superuser: {hit})")
    print(f"superuser ranked first: {first}/{args.reps} ({time.process_time() - t0:.0f} CPU s)")
    t0 = time.process_time()
    reps = args.reps if args.pair_reps is None else args.pair_reps
    top5 = 0
    for seed in range(args.first_rep, args.first_rep + reps):
        cfg = PopulationConfig(pairs=1, pair_share=args.pair_share)
        s = direct(args.pair_hands, 2000 + seed, cfg)
        pair = labels_of(2000 + seed, cfg).pairs[0]
        ranks = [i for i, q in enumerate(s.pairs) if (q.a, q.b) == pair]
        rank = ranks[0] + 1 if ranks else None
        top5 += rank is not None and rank <= 5
        best = s.pairs[0].collusion
        print(f"pair rep {seed}: rank {rank} of {len(s.pairs)} pairs, top score {best:.1f}")
    print(f"pair in the top 5: {top5}/{reps} ({time.process_time() - t0:.0f} CPU s)")
    t0 = time.process_time()
    reps = args.reps if args.honest_reps is None else args.honest_reps
    quiet = 0
    for seed in range(args.first_rep, args.first_rep + reps):
        s = direct(args.honest_hands, 3000 + seed, PopulationConfig())
        p_top = s.players[0].top if s.players else 0.0
        q_top = s.pairs[0].collusion if s.pairs else 0.0
        quiet += p_top <= ALARM and q_top <= ALARM
        print(f"honest rep {seed}: top player {p_top:.2f}, top pair {q_top:.2f}")
    cpu = time.process_time() - t0
    print(f"honest below the alarm line ({ALARM}): {quiet}/{reps} ({cpu:.0f} CPU s)")


if __name__ == "__main__":
    main()
