"""``histparse equity HOLDING... --draws N``: each player's equity, its standard error, the method.

A holding is the cards a player keeps going into the next draw (``"7c 5d 3h 2s"`` draws one);
``??`` stands for a card the player holds that nobody has seen. ``--policy`` says how the
players draw after that (once for all players, or once per player in order). Exit status: 0
when it ran, 2 when the input was wrong or ``--method exact`` refused, 3 when the exact
methods ran out of memory (a large ``--budget``).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from histparse.cards import CardError, format_cards, parse_cards
from histparse.equity import (
    DEFAULT_POLICY,
    DEFAULT_SAMPLES,
    Equity,
    Holding,
    Method,
    NotExact,
    Policy,
    Situation,
    budget_for,
    equity,
    parse_policy,
)
from histparse.game import Game

__all__ = ["register", "run"]

_GAMES = {"triple": Game.TRIPLE_DRAW_27, "single": Game.SINGLE_DRAW_27}


def _factor(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"a whole number of at least 1, not {text!r}")
    return value


def _holding(text: str, policy: Policy) -> Holding:
    words = text.replace(",", " ").split()
    hidden = sum(1 for w in words if w == "??")
    known = [w for w in words if w != "??"]
    return Holding(parse_cards(known), hidden=hidden, policy=policy)


def _situation(args: argparse.Namespace) -> Situation:
    policies: list[Policy] = [parse_policy(p) for p in args.policy] or [DEFAULT_POLICY]
    if len(policies) not in (1, len(args.holdings)):
        raise ValueError(
            f"--policy: give one for all players or one per player ({len(args.holdings)})"
        )
    if len(policies) == 1:
        policies *= len(args.holdings)
    holdings = tuple(_holding(h, p) for h, p in zip(args.holdings, policies, strict=True))
    return Situation(
        holdings,
        draws_left=args.draws,
        dead=parse_cards(args.dead.replace(",", " ")),
        game=_GAMES[args.game],
    )


def _as_dict(situation: Situation, result: Equity) -> dict[str, Any]:
    return {
        "game": situation.game.label,
        "draws_left": situation.draws_left,
        "dead": format_cards(situation.dead),
        "method": result.method.value,
        "samples": result.samples,
        "seed": result.seed,
        "paths": None if result.paths is None else list(result.paths),
        "not_exact": result.not_exact,
        "players": [
            {
                "holding": str(h),
                "policy": h.policy.describe(),
                "equity": e.value,
                "std_error": e.std_error,
                "exact": None if e.exact is None else str(e.exact),
            }
            for h, e in zip(situation.holdings, result.players, strict=True)
        ],
    }


def _print(situation: Situation, result: Equity) -> None:
    if result.paths is not None:
        paths = " x ".join(f"{n:,}" for n in result.paths)
        # A player whose last draw is summed into the pairing counts its states before that
        # draw, not its paths (docs/equity.md): the count says what was paired, not which.
        how = f"exact, {paths} paths or states paired"
    elif result.method is Method.EXACT:
        how = f"exact over {result.samples:,} deals"
    else:
        how = f"monte-carlo, {result.samples:,} samples, seed {result.seed}"
    dead = f", dead {format_cards(situation.dead)}" if situation.dead else ""
    print(f"{situation.game.label}, {situation.draws_left} draw(s) left{dead}: {how}")
    width = max(len(str(h)) for h in situation.holdings)
    print(f"{'player':<7} {'holding':<{width}}  {'equity':>8}  {'std err':>7}  policy")
    for number, (h, e) in enumerate(zip(situation.holdings, result.players, strict=True), 1):
        print(
            f"{number:<7} {h!s:<{width}}  {e.value:>8.3%}  {e.std_error:>7.3%}  "
            f"{h.policy.describe()}"
        )
    if result.not_exact is not None:
        print(f"not exact under --method auto ({result.not_exact}); --method exact tries a "
              "larger budget (it may take a minute and gigabytes)")  # fmt: skip


def run(args: argparse.Namespace) -> int:
    """Run ``histparse equity``; return the exit status."""
    try:
        situation = _situation(args)
        result = equity(
            situation,
            method=args.method,
            samples=args.samples,
            seed=args.seed,
            budget=budget_for(args.method, args.budget),
        )
    except NotExact as exc:
        # A limit of the budget is the one refusal a user can lift, by waiting longer with
        # more memory (not the stub running out, which no budget changes).
        hint = ""
        if exc.over_budget:
            hint = f"; --budget {2 * args.budget} doubles the heads-up limits (time and memory)"
        print(f"histparse equity: {exc}{hint}", file=sys.stderr)
        return 2
    except MemoryError:
        # A large --budget can ask for more than the machine has (two four-card draws with two
        # draws left under 16 times the full budget: an array of 2.9 GiB past 16 GiB held).
        ways = ["a smaller one refuses sooner"] if args.budget > 1 else []
        ways += ["--method auto samples"] if args.method == "exact" else []
        print(
            f"histparse equity: out of memory under --budget {args.budget}"
            + (f"; {', or '.join(ways)}" if ways else ""),
            file=sys.stderr,
        )
        return 3
    except (ValueError, CardError) as exc:
        print(f"histparse equity: {exc}", file=sys.stderr)
        return 2
    if args.json:
        json.dump(_as_dict(situation, result), sys.stdout, indent=2)
        print()
    else:
        _print(situation, result)
    return 0


def register(subparsers: Any) -> None:
    """Add the ``equity`` subcommand."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "equity",
        help="each player's equity in 2-7 Triple or Single Draw with the draws left",
        description=(
            "Each player's share of the pot with DRAWS draws left: exact (a fraction) when the "
            "deals are few enough or heads-up by each player's paths, seeded Monte Carlo "
            "otherwise (see --method and docs/equity.md). "
            "A HOLDING is the cards a player keeps going into the next draw: fewer than five "
            "cards means it draws the rest; '??' is a card it holds that nobody saw. Players "
            "draw in the order given."
        ),
    )
    p.add_argument("holdings", nargs="+", metavar="HOLDING", help='e.g. "7c 5d 3h 2s"')
    p.add_argument("--draws", type=int, required=True, help="draws left (0-3; 0-1 single draw)")
    p.add_argument("--dead", default="", help='known discards, e.g. "Kd 9s" (R-DRAW-3 reuses)')
    p.add_argument(
        "--policy",
        action="append",
        default=[],
        help="pat | draw[:T,9,8[:K]] | plan:N,N,N; once for all or once per player "
        "(default: draw, i.e. stand pat with T/9/8-low or better at 1/2/3 draws left)",
    )
    p.add_argument("--samples", type=int, default=DEFAULT_SAMPLES, help="Monte Carlo samples")
    p.add_argument("--seed", type=int, default=0, help="Monte Carlo seed (default 0)")
    p.add_argument(
        "--method",
        choices=("auto", "exact", "monte-carlo"),
        default="auto",
        help="auto (default): exact where it is quick, else Monte Carlo; exact: exact within "
        "a full budget (it may take a minute and gigabytes), or an error naming why not. "
        "Exact under auto: up to a million deals listed, three players or more at the last "
        "draw when every kept card is known (by card classes, in milliseconds) and with two "
        "draws left where their class paths are few, and heads-up any draws left while "
        "the stub cannot run out, most within a second (a one-card draw against a one- or "
        "two-card draw or a pat hand, two two-card draws with two left, a three-card draw "
        "with two left against a one- or two-card draw; flush draws, some in seconds). Exact "
        "only with --method exact: two two-card draws with three left, two three-card draws "
        "with two left (4-6 s), a one-card against a three-card draw with three left, one to "
        "three cards against four or five with two left, three cards against one with three "
        "left (12-72 s), three one-card draws with two left (1 s). Not exact even then: most "
        "spots of three drawers with three draws left, or with a two-card draw and two left; "
        "a three-card draw with three left against two cards or more (three against two "
        "and two against three answer with --budget 2), a four-card draw with "
        "three left, two four-card draws with two left",
    )
    p.add_argument(
        "--budget",
        type=_factor,
        default=1,
        metavar="N",
        help="heads-up, multiply the exact methods' limits by N: they may work about N times "
        "as long, with N times the memory, before they refuse (default 1: the full budget "
        "under --method exact, the quick one under auto). Twice the full budget answers "
        "three cards against two, or two against three, with three draws left (about 10 "
        "minutes, 2.5-3 GiB)",
    )
    p.add_argument("--game", choices=tuple(_GAMES), default="triple", help="default triple")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=run)
