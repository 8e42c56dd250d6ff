"""Laws of the tables and statistics over random Limit hands (hypothesis).

A small simulator plays random legal-looking Limit Triple Draw hands through ``HandBuilder`` and
keeps its own account of what each player put in; the tables must agree with it, and the laws
(nets sum to minus the rake, counts never exceed opportunities, every grouping gives the same
totals) must hold.
"""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pandas as pd
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_tables_builder import T0, HandBuilder

from histparse.events import Hand
from histparse.frames import tables
from histparse.stats import BY_KEYS, STATS, StatKind, player_stats

D = Decimal
SB, BB = D("0.05"), D("0.10")


def _clockwise(seats: list[int], button: int) -> list[int]:
    start = next((i for i, s in enumerate(seats) if s > button), 0)
    return seats[start:] + seats[:start]


def simulate(data: st.DataObject, hand_id: str, minute: int) -> tuple[Hand, dict[str, D], D]:
    """A random hand; returns it with the simulator's invested amounts and the rake."""
    n = data.draw(st.integers(2, 6), label="players")
    seats = sorted(data.draw(st.sets(st.integers(1, 9), min_size=n, max_size=n), label="seats"))
    names = [f"p{s}" for s in seats]
    name = dict(zip(seats, names, strict=True))
    button = data.draw(st.sampled_from(seats), label="button")
    b = HandBuilder(
        names,
        button=button,
        seats=seats,
        stacks=["1000"] * n,
        hand_id=hand_id,
        started_at=T0 + timedelta(minutes=minute),
        table=data.draw(st.sampled_from(["T1", "T2"]), label="table"),
    )
    order = [name[s] for s in _clockwise(seats, button)]
    if n == 2:
        sb_p, bb_p = name[button], next(p for p in names if p != name[button])
        first0 = sb_p
        later_order = [bb_p, sb_p]
    else:
        sb_p, bb_p = order[0], order[1]
        first0 = order[2 % n]
        later_order = order
    invested = dict.fromkeys(names, D(0))
    active = list(names)
    b.sb(sb_p).bb(bb_p).deal()
    invested[sb_p] += SB
    invested[bb_p] += BB

    def betting(rnd: int, seq: list[str], cur: dict[str, D], level: int, size: D) -> None:
        high = max(cur.values(), default=D(0))
        pending = [p for p in seq if p in active]
        i = 0
        while pending and len(active) > 1:
            p = seq[i % len(seq)]
            i += 1
            if p not in pending:
                continue
            pending.remove(p)
            to_call = high - cur.get(p, D(0))
            options = ["check"] if to_call == 0 else ["fold", "call"]
            if level < 4:
                options.append("raise")
            choice = data.draw(st.sampled_from(options), label=f"r{rnd} {p}")
            if choice == "fold":
                b.fold(p)
                active.remove(p)
            elif choice == "check":
                b.check(p)
            elif choice == "call":
                b.call(p, str(to_call))
                cur[p] = high
                invested[p] += to_call
            else:
                new = high + size
                if high == 0:
                    b.bet(p, str(size))
                else:
                    b.raise_to(p, str(size), str(new))
                invested[p] += new - cur.get(p, D(0))
                cur[p] = new
                high = new
                level += 1
                pending = [q for q in seq if q in active and q != p]
        if len(active) == 1:
            # Everyone else folded: the excess over the next largest bet comes back.
            w = active[0]
            others = [v for q, v in cur.items() if q != w]
            excess = cur.get(w, D(0)) - max(others, default=D(0))
            if excess > 0:
                b.uncalled(w, str(excess))
                invested[w] -= excess

    start = order.index(first0)
    betting(0, order[start:] + order[:start], {sb_p: SB, bb_p: BB}, 1, D("0.10"))
    for k in (1, 2, 3):
        if len(active) == 1:
            break
        b.draw_round(k)
        for p in later_order:
            if p in active:
                c = data.draw(st.integers(0, 5), label=f"d{k} {p}")
                if c == 0:
                    b.pat(p)
                else:
                    b.discard(p, c)
        betting(k, later_order, {}, 0, D("0.10") if k == 1 else D("0.20"))
    total = sum(invested.values(), start=D(0))
    rake = D(data.draw(st.integers(0, int(total * 100) // 10), label="rake")) / 100
    if len(active) > 1:
        b.showdown()
        for p in active:
            b.show(p, "7h 5d 4c 3s 2h" if p == active[0] else "Kh Kd 4s 3h 2c")
        winners = data.draw(st.sampled_from([active[:1], active[:2]]), label="winners")
    else:
        winners = active
    share, odd = divmod(int((total - rake) * 100), len(winners))
    for j, w in enumerate(winners):
        b.collect(w, str(D(share + (1 if j < odd else 0)) / 100))
    return b.build(rake=str(rake), total=str(total)), invested, rake


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_money_matches_the_simulator_and_nets_sum_to_minus_the_rake(data: st.DataObject) -> None:
    hand, invested, rake = simulate(data, "1", 0)
    t = tables([hand])
    p = t.players
    assert dict(zip(p["player"].astype(str), p["invested"], strict=True)) == invested
    assert sum(p["net"]) == -rake
    assert sum(p["rake_share"]) == rake
    assert (p["rake_share"] >= 0).all()
    assert sum(t.actions["amount"]) - sum(invested.values()) == sum(
        e.amount for e in hand.events if type(e).__name__ == "UncalledBet"
    )


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_counts_never_exceed_opportunities(data: st.DataObject) -> None:
    hand, _, _ = simulate(data, "1", 0)
    p = tables([hand]).players
    for s in STATS:
        assert (p[s.name] >= 0).all() and (p[s.opp] >= 0).all()
        if s.kind is StatKind.PROPORTION:
            assert (p[s.name] <= p[s.opp]).all(), s.name
        elif s.kind is StatKind.MEAN:
            assert (p[s.name] <= 5 * p[s.opp]).all(), s.name
    # A raise is voluntary money; a 3-bet is a raise; a steal is a raise.
    assert (p["pfr"] <= p["vpip"]).all()
    assert (p["three_bet"] <= p["pfr"]).all() and (p["steal"] <= p["pfr"]).all()
    # Exactly one player per position label, and one BB.
    assert p["position"].is_unique
    assert (p["position"] == "BB").sum() == 1


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_every_grouping_gives_the_same_totals(data: st.DataObject) -> None:
    n = data.draw(st.integers(1, 6), label="hands")
    # Start times spread over three days, so dates and sessions (30-minute gaps) vary.
    starts = data.draw(st.lists(st.integers(0, 3 * 24 * 60), min_size=n, max_size=n))
    hands = [simulate(data, str(i), m)[0] for i, m in enumerate(starts)]
    t = tables(hands)
    overall = player_stats(t).set_index("player")
    summed = [s.name for s in STATS] + [s.opp for s in STATS] + ["hands"]
    for key in BY_KEYS:
        grouped = player_stats(t, by=key)
        totals = grouped.groupby("player", observed=True)[summed].sum()
        pd.testing.assert_frame_equal(
            totals.sort_index(), overall[summed].sort_index(), check_dtype=False
        )
        nets = grouped.groupby("player", observed=True)["net"].sum()
        assert dict(nets) == dict(overall["net"]), key
        rakes = grouped.groupby("player", observed=True)["rake_share"].sum()
        assert dict(rakes) == dict(overall["rake_share"]), key
    assert overall["hands"].sum() == len(t.players)
