"""Per-hand statistics on hand-made hands, each value worked out by hand (in the comments)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pandas as pd
import pytest
from test_tables_builder import HandBuilder

from histparse.events import Hand
from histparse.frames import tables
from histparse.game import Game, LimitType
from histparse.replayer import replay
from histparse.stats import STATS, StatKind
from histparse.stats.classes import ShowdownClass
from histparse.stats.flags import FLAGS, SHOWDOWN_CLASSES, hand_flags

D = Decimal


def rows(hand: Hand) -> dict[str, dict[str, Any]]:
    """The players-table rows of one hand, by player."""
    t = tables([hand])
    return {str(r["player"]): r for r in t.players.to_dict("records")}


def flags(row: dict[str, Any], *names: str) -> list[tuple[bool, bool]]:
    """(count, opportunity) of each named stat."""
    return [(bool(row[n]), bool(row[n + "_opp"])) for n in names]


# --------------------------------------------------------------------------- fixture A
# 6-max Limit $0.10/$0.20, button seat 6: A SB, B BB, C UTG, D MP, E CO, F BTN.
# Round 0: C folds, D limps, E raises (2nd bet), F re-raises (3rd bet), A folds, B calls,
# D folds, E caps (4th bet), F and B call. Draw 1: B 2, E 1, F pat. Round 1: B checks, E bets,
# F raises, B folds, E calls. Draw 2: E pat, F pat; E checks, F bets, E calls. Draw 3: E draws 1,
# F pat; E bets, F raises, E calls. Showdown: F 7-5-4-3-2 beats E 8-6-4-3-2.
# Pot: round 0 0.05 + 0.40 + 0.10 + 0.40 + 0.40 = 1.35; round 1 0.40; round 2 0.40; round 3 0.80:
# 2.95, rake 0.14, F collects 2.81.
def fixture_a() -> Hand:
    h = HandBuilder(["A", "B", "C", "D", "E", "F"], button=6, hero="F", hand_id="1")
    h.sb("A").bb("B").deal().dealt("F", "7h 5d 4c 3s 2h")
    h.fold("C").call("D", "0.10").raise_to("E", "0.10", "0.20").raise_to("F", "0.10", "0.30")
    h.fold("A").call("B", "0.20").fold("D").raise_to("E", "0.10", "0.40")
    h.call("F", "0.10").call("B", "0.10")
    h.draw_round(1).discard("B", 2).discard("E", 1).pat("F", "7h 5d 4c 3s 2h")
    h.check("B").bet("E", "0.10").raise_to("F", "0.10", "0.20").fold("B").call("E", "0.10")
    h.draw_round(2).pat("E").pat("F", "7h 5d 4c 3s 2h")
    h.check("E").bet("F", "0.20").call("E", "0.20")
    h.draw_round(3).discard("E", 1).pat("F", "7h 5d 4c 3s 2h")
    h.bet("E", "0.20").raise_to("F", "0.20", "0.40").call("E", "0.20")
    h.showdown().show("E", "8h 6d 4s 3c 2d").show("F", "7h 5d 4c 3s 2h").collect("F", "2.81")
    return h.build(rake="0.14", total="2.95")


def test_fixture_a_money() -> None:
    r = rows(fixture_a())
    invested = {p: r[p]["invested"] for p in r}
    assert invested == {
        "A": D("0.05"), "B": D("0.40"), "C": D("0"), "D": D("0.10"), "E": D("1.20"),
        "F": D("1.20"),
    }  # fmt: skip
    assert r["F"]["collected"] == D("2.81") and r["F"]["net"] == D("1.61")
    assert r["E"]["net"] == D("-1.20")
    assert sum(x["net"] for x in r.values()) == D("-0.14")
    # Rake 14 cents by invested cents (5, 40, 0, 10, 120, 120 of 295): floors 0, 1, 0, 0, 5, 5
    # (11 cents); the 3 left go to the largest remainders: B (265), E (205), F (205, tie with E,
    # both get one).
    shares = {p: r[p]["rake_share"] for p in r}
    assert shares == {
        "A": D("0"), "B": D("0.02"), "C": D("0"), "D": D("0"), "E": D("0.06"), "F": D("0.06"),
    }  # fmt: skip


def test_fixture_a_positions() -> None:
    r = rows(fixture_a())
    assert {p: r[p]["position"] for p in r} == {
        "A": "SB", "B": "BB", "C": "UTG", "D": "MP", "E": "CO", "F": "BTN",
    }  # fmt: skip
    assert r["F"]["is_hero"] and not r["E"]["is_hero"]


def test_fixture_a_round0() -> None:
    r = rows(fixture_a())
    # Every player acted voluntarily in round 0 (B called).
    assert all(r[p]["vpip_opp"] and r[p]["pfr_opp"] for p in r)
    assert {p for p in r if r[p]["vpip"]} == {"B", "D", "E", "F"}
    assert {p for p in r if r[p]["pfr"]} == {"E", "F"}
    # Only F faced exactly two bets (after E's open); the others acted at one bet or three.
    assert {p for p in r if r[p]["three_bet_opp"]} == {"F"}
    assert {p for p in r if r[p]["three_bet"]} == {"F"}
    # E made the 2nd bet, faced F's 3rd bet at its next action, and capped: opportunity, no fold.
    assert flags(r["E"], "fold_to_three_bet") == [(False, True)]
    assert not any(r[p]["fold_to_three_bet_opp"] for p in "ABCDF")
    # D limped before E acted, so nobody was folded to in CO/BTN/SB: no steal chances.
    assert not any(r[p]["steal_opp"] or r[p]["fold_bb_to_steal_opp"] for p in r)


def test_fixture_a_later_rounds_and_showdown() -> None:
    r = rows(fixture_a())
    # E: bet, call (r1), call (r2), bet, call (r3). F: raise, bet, raise. B: check, fold.
    assert (r["E"]["af"], r["E"]["af_opp"], r["E"]["afq"], r["E"]["afq_opp"]) == (2, 3, 2, 5)
    assert (r["F"]["af"], r["F"]["af_opp"], r["F"]["afq"], r["F"]["afq_opp"]) == (3, 0, 3, 3)
    assert (r["B"]["af"], r["B"]["af_opp"], r["B"]["afq"], r["B"]["afq_opp"]) == (0, 0, 0, 1)
    # Took part in draw 1: B, E, F. Showdown: E and F; F won.
    assert flags(r["B"], "wtsd", "wsd", "wwsf") == [(False, True), (False, False), (False, True)]
    assert flags(r["E"], "wtsd", "wsd", "wwsf") == [(True, True), (False, True), (False, True)]
    assert flags(r["F"], "wtsd", "wsd", "wwsf") == [(True, True), (True, True), (True, True)]
    assert flags(r["A"], "wtsd", "wsd", "wwsf") == [(False, False)] * 3
    assert r["E"]["showdown_class"] == "8-low" and r["F"]["showdown_class"] == "7-low"
    assert pd.isna(r["B"]["showdown_class"])


def test_fixture_a_draws() -> None:
    r = rows(fixture_a())
    # Cards drawn: B 2/-/-, E 1/0/1, F 0/0/0.
    assert [r["E"][f"drawn_{k}"] for k in (1, 2, 3)] == [1, 0, 1]
    assert [r["F"][f"drawn_{k}"] for k in (1, 2, 3)] == [0, 0, 0]
    assert r["B"]["drawn_1"] == 2 and pd.isna(r["B"]["drawn_2"])
    assert flags(r["E"], "pat_1", "pat_2", "pat_3") == [(False, True), (True, True), (False, True)]
    assert flags(r["F"], "pat_1", "pat_2", "pat_3") == [(True, True)] * 3
    assert flags(r["B"], "pat_1", "pat_2") == [(False, True), (False, False)]
    assert [(r["E"][f"cards_drawn_{k}"], r["E"][f"cards_drawn_{k}_opp"]) for k in (1, 2, 3)] == [
        (1, 1), (0, 1), (1, 1),
    ]  # fmt: skip
    assert r["B"]["d1_drew2"] and r["B"]["d1_drew2_opp"] and not r["B"]["d1_drew1"]
    assert not r["B"]["d2_drew0_opp"]
    # E: pat at draw 2 then drew at draw 3: one chance, one break. F: two pats each followed by
    # a pat: two chances, no break. F stood pat three times with a 7-low: a snow chance, no snow.
    assert (r["E"]["break"], r["E"]["break_opp"]) == (1, 1)
    assert (r["F"]["break"], r["F"]["break_opp"]) == (0, 2)
    assert flags(r["F"], "snow") == [(False, True)]
    assert flags(r["E"], "snow") == [(False, False)]


def test_fixture_a_actions_and_draws_tables() -> None:
    t = tables([fixture_a()])
    a = t.actions
    assert list(a["seq"]) == list(range(1, len(a) + 1))
    first = a.iloc[0]
    assert (first["action"], first["amount"], first["to_amount"]) == (
        "post_sb",
        D("0.05"),
        D("0.05"),
    )
    # B's call of the 3-bet: 0.20 more, to 0.30; E's cap: raise to 0.40 from 0.20, puts in 0.20.
    b_call = a[(a["player"] == "B") & (a["action"] == "call")].iloc[0]
    assert (b_call["amount"], b_call["to_amount"]) == (D("0.20"), D("0.30"))
    e_open, e_cap = a[(a["player"] == "E") & (a["action"] == "raise")].iloc[:2].to_dict("records")
    assert (e_open["amount"], e_open["to_amount"]) == (D("0.20"), D("0.20"))
    assert (e_cap["amount"], e_cap["to_amount"]) == (D("0.20"), D("0.40"))
    assert sorted(set(a["round"])) == [0, 1, 2, 3]
    assert sum(a["amount"]) == D("2.95")
    d = t.draws
    assert len(d) == 7  # 3 at draw 1 (B, E, F), 2 at draw 2, 2 at draw 3
    pats = d[d["pat"]]
    assert (pats["discarded"] == 0).all() and (pats["discarded_cards"] == "").all()
    opp = d[(d["player"] == "B")].iloc[0]
    assert opp["discarded"] == 2 and pd.isna(opp["discarded_cards"])


# --------------------------------------------------------------------------- fixture B
# 4 players, button seat 4: S SB, B BB, C CO, D BTN. C folds, D raises (a steal), S and B
# fold. D's extra 0.10 comes back; D collects 0.25.
def fixture_b() -> Hand:
    h = HandBuilder(["S", "B", "C", "D"], button=4, hand_id="2")
    h.sb("S").bb("B").deal().fold("C").raise_to("D", "0.10", "0.20").fold("S").fold("B")
    return h.uncalled("D", "0.10").collect("D", "0.25").build()


def test_fixture_b_steal() -> None:
    r = rows(fixture_b())
    assert {p: r[p]["position"] for p in r} == {"S": "SB", "B": "BB", "C": "CO", "D": "BTN"}
    # C (CO) and D (BTN) were folded to; D raised. S acted after D's raise: no chance.
    assert flags(r["C"], "steal") == [(False, True)]
    assert flags(r["D"], "steal") == [(True, True)]
    assert flags(r["S"], "steal") == [(False, False)]
    # The BB folded to the steal with only S's fold in between.
    assert flags(r["B"], "fold_bb_to_steal") == [(True, True)]
    # S and B each faced exactly two bets with D still able to act: 3-bet chances, not taken.
    assert flags(r["S"], "three_bet") == [(False, True)]
    assert flags(r["B"], "three_bet") == [(False, True)]
    assert flags(r["D"], "vpip", "pfr") == [(True, True), (True, True)]
    assert {p: r[p]["net"] for p in r} == {"S": D("-0.05"), "B": D("-0.10"), "C": 0, "D": D("0.15")}
    assert not any(r[p]["wtsd_opp"] for p in r)


def test_steal_called_by_small_blind_is_no_bb_chance() -> None:
    h = HandBuilder(["S", "B", "C", "D"], button=4)
    h.sb("S").bb("B").deal().fold("C").raise_to("D", "0.10", "0.20").call("S", "0.15")
    h.fold("B").draw_round(1).discard("S", 1).discard("D", 1).check("S").check("D")
    h.draw_round(2).pat("S").pat("D").check("S").check("D")
    h.draw_round(3).pat("S").pat("D").check("S").check("D")
    h.showdown().show("S", "9h 8d 6c 4s 2h").show("D", "Th 8c 6d 4h 3s").collect("S", "0.50")
    r = rows(h.build())
    assert flags(r["B"], "fold_bb_to_steal") == [(False, False)]
    assert flags(r["D"], "steal") == [(True, True)]


# --------------------------------------------------------------------------- fixture C
# Heads-up, button seat 1: X is BTN and posts the small blind, Y is BB. X folds: Y is walked.
def fixture_c() -> Hand:
    h = HandBuilder(["X", "Y"], button=1, hand_id="3").sb("X").bb("Y").deal().fold("X")
    return h.uncalled("Y", "0.05").collect("Y", "0.10").build()


def test_fixture_c_heads_up() -> None:
    r = rows(fixture_c())
    assert (r["X"]["position"], r["Y"]["position"]) == ("BTN", "BB")
    # X acts first, folded to as BTN: a steal chance. Y had no voluntary action.
    assert flags(r["X"], "vpip", "steal") == [(False, True), (False, True)]
    assert flags(r["Y"], "vpip", "pfr", "fold_bb_to_steal") == [(False, False)] * 3
    assert (r["X"]["net"], r["Y"]["net"]) == (D("-0.05"), D("0.05"))


# --------------------------------------------------------------------------- fixture D
# 3 players, button seat 3: A SB, B BB (all-in for the blind), C BTN. C limps, A completes.
# Draws: A 3/1/0, B 2/1/1, C pat/pat; A bets round 2, C folds, the bet comes back. Showdown: A's
# 9-low beats B's pair; A collects 0.30.
def fixture_d() -> Hand:
    h = HandBuilder(["A", "B", "C"], button=3, stacks=["5", "0.10", "5"], hand_id="4")
    h.sb("A").bb("B", all_in=True).deal().call("C", "0.10").call("A", "0.05")
    h.draw_round(1).discard("A", 3).discard("B", 2).pat("C").check("A").check("C")
    h.draw_round(2).discard("A", 1).discard("B", 1).pat("C").bet("A", "0.20").fold("C")
    h.uncalled("A", "0.20").draw_round(3).pat("A").discard("B", 1)
    h.showdown().show("A", "9s 7h 5d 4c 2s").show("B", "Kh Kd 4s 3h 2c").collect("A", "0.30")
    return h.build()


def test_fixture_d_all_in_blind_and_folded_later() -> None:
    r = rows(fixture_d())
    # B is all-in from the blind: no voluntary action in round 0.
    assert flags(r["B"], "vpip", "pfr", "three_bet") == [(False, False)] * 3
    # C, first to act 3-handed on the button, was folded to (a steal chance) and limped.
    assert flags(r["C"], "steal", "vpip") == [(False, True), (True, True)]
    assert flags(r["A"], "steal") == [(False, False)]
    # Showdown between A and the all-in B.
    assert flags(r["B"], "wtsd", "wsd") == [(True, True), (False, True)]
    assert flags(r["A"], "wtsd", "wsd", "wwsf") == [(True, True)] * 3
    assert flags(r["C"], "wtsd", "wwsf") == [(False, True), (False, True)]
    assert (r["A"]["showdown_class"], r["B"]["showdown_class"]) == ("9-low", "paired or worse")
    # C: pat at draw 1 then pat at draw 2 (a chance, no break); folded before draw 3.
    assert (r["C"]["break"], r["C"]["break_opp"]) == (0, 1)
    assert (r["C"]["afq"], r["C"]["afq_opp"]) == (0, 1)
    assert (r["A"]["af"], r["A"]["af_opp"], r["A"]["afq_opp"]) == (1, 0, 1)
    assert {p: r[p]["net"] for p in r} == {"A": D("0.20"), "B": D("-0.10"), "C": D("-0.10")}


# --------------------------------------------------------------------------- fixture E
# Limit 300/600 tournament chips, button seat 4: S SB 150, B BB 300, C CO, D BTN. C is all-in
# raising to 550: short of a full raise (250 < 300), not a new bet. D "raises 50 to 600": 600 is
# a full raise above the last full bet (300), the 2nd bet. S folds, B calls. Side pot of 100.
def fixture_e() -> Hand:
    h = HandBuilder(
        ["S", "B", "C", "D"],
        button=4,
        stacks=["5000", "5000", "550", "5000"],
        stakes=("300", "600"),
        currency=None,
        hand_id="5",
    )
    h.sb("S", "150").bb("B", "300").deal().raise_to("C", "250", "550", all_in=True)
    h.raise_to("D", "50", "600").fold("S").call("B", "300")
    h.draw_round(1).discard("B", 1).discard("C", 2).discard("D", 1).check("B").check("D")
    h.draw_round(2).pat("B").pat("C").pat("D").bet("B", "600").fold("D").uncalled("B", "600")
    h.draw_round(3).pat("B").pat("C")
    h.showdown().show("B", "7h 5d 4c 3s 2h").show("C", "8h 6d 4s 3c 2d")
    h.collect("B", "100", "side pot").collect("B", "1800", "main pot")
    return h.build()


def test_fixture_e_incomplete_all_in_raise() -> None:
    r = rows(fixture_e())
    # C was folded to in CO but its raise was not a full bet: a steal chance, no steal.
    assert flags(r["C"], "steal", "pfr") == [(False, True), (True, True)]
    # D acted at one bet (C's raise added none), so no 3-bet chance; D made the 2nd bet.
    assert flags(r["D"], "three_bet", "pfr", "steal") == [
        (False, False),
        (True, True),
        (False, False),
    ]
    # S and B then faced exactly two bets.
    assert flags(r["S"], "three_bet") == [(False, True)]
    assert flags(r["B"], "three_bet") == [(False, True)]
    assert {p: r[p]["net"] for p in r} == {
        "S": D("-150"), "B": D("1300"), "C": D("-550"), "D": D("-600"),
    }  # fmt: skip
    t = tables([fixture_e()])
    assert t.hands.loc[0, "big_blind"] == D("300") and t.hands.loc[0, "small_blind"] == D("150")
    assert t.hands.loc[0, "big_bet"] == D("600") and pd.isna(t.hands.loc[0, "currency"])


# --------------------------------------------------------------------------- fixture F
# Dead small blind, 5 players in seats 1, 2, 3, 5, 6, button seat 6. Seat 1 (P1) posts the big
# blind; P5, a new player, posts "small & big blinds" 0.15 (0.05 dead, 0.10 live). Positions:
# P1 BB, then back from the button P6 BTN, P5 CO, P3 MP, P2 UTG. P2 opens to 0.20, P3 folds,
# P5 3-bets to 0.30 (puts in 0.20), P6, P1 and P2 fold; P5 gets 0.10 back and collects 0.55.
def fixture_f() -> Hand:
    h = HandBuilder(["P1", "P2", "P3", "P5", "P6"], button=6, seats=[1, 2, 3, 5, 6], hand_id="6")
    h.bb("P1").post("P5", "sbbb", "0.15").deal()
    h.raise_to("P2", "0.10", "0.20").fold("P3").raise_to("P5", "0.10", "0.30")
    h.fold("P6").fold("P1").fold("P2").uncalled("P5", "0.10").collect("P5", "0.55")
    return h.build()


def test_fixture_f_dead_blind_and_fold_to_three_bet() -> None:
    r = rows(fixture_f())
    assert {p: r[p]["position"] for p in r} == {
        "P1": "BB", "P2": "UTG", "P3": "MP", "P5": "CO", "P6": "BTN",
    }  # fmt: skip
    assert flags(r["P2"], "fold_to_three_bet", "pfr") == [(True, True), (True, True)]
    assert flags(r["P5"], "three_bet") == [(True, True)]
    assert flags(r["P3"], "three_bet") == [(False, True)]
    assert flags(r["P6"], "three_bet", "steal") == [(False, False), (False, False)]
    assert {p: r[p]["invested"] for p in r} == {
        "P1": D("0.10"), "P2": D("0.20"), "P3": 0, "P5": D("0.25"), "P6": 0,
    }  # fmt: skip
    a = tables([fixture_f()]).actions
    p5 = a[a["player"] == "P5"][["action", "amount", "to_amount"]].to_dict("records")
    assert (p5[0]["action"], p5[0]["amount"]) == ("post_dead", D("0.05"))
    assert pd.isna(p5[0]["to_amount"])
    assert [(x["action"], x["amount"]) for x in p5[1:]] == [
        ("post_bb", D("0.10")), ("raise", D("0.20")),
    ]  # fmt: skip
    assert p5[1]["to_amount"] == D("0.10") and p5[2]["to_amount"] == D("0.30")


# --------------------------------------------------------------------------- misc


def test_no_limit_full_raise_follows_the_last_raise_size() -> None:
    # NL 0.25/0.50: A opens to 2.00 (raise of 1.50), B re-raises to 3.00 (raise of 1.00, less
    # than 1.50, all-in: not a full raise, so no 3rd bet), C re-raises to 5.00 (1.50 above B's
    # 3.00... but measured from the last full bet, 2.00: 3.00, full): the 3rd bet is C's.
    h = HandBuilder(
        ["A", "B", "C", "S", "Bb"],
        button=3,
        seats=[1, 2, 3, 4, 5],
        stacks=["50", "3", "50", "50", "50"],
        stakes=("0.25", "0.50"),
        limit=LimitType.NO_LIMIT,
        game=Game.SINGLE_DRAW_27,
    )
    h.sb("S", "0.25").bb("Bb", "0.50").deal()
    h.raise_to("A", "1.50", "2").raise_to("B", "1", "3", all_in=True)
    h.raise_to("C", "2", "5").fold("S").fold("Bb").fold("A").uncalled("C", "2")
    h.collect("C", "8.75")
    r = rows(h.build())
    assert flags(r["B"], "three_bet", "pfr") == [(False, True), (True, True)]
    assert flags(r["C"], "three_bet") == [(True, True)]
    assert flags(r["A"], "fold_to_three_bet") == [(True, True)]


def test_cancelled_hand_has_only_a_hands_row() -> None:
    h = HandBuilder(["A", "B"], button=1, hand_id="9").sb("A").cancel()
    t = tables([h.build(), fixture_c()])
    assert list(t.hands["cancelled"]) == [True, False]
    assert set(t.players["hand_id"]) == {"3"} and len(t.players) == 2
    assert pd.isna(t.hands.loc[0, "total_pot"])


@pytest.mark.parametrize("make", [fixture_a, fixture_b, fixture_c, fixture_d, fixture_e, fixture_f])
def test_counts_never_exceed_opportunities(make: Any) -> None:
    r = rows(make())
    for row in r.values():
        for s in STATS:
            assert row[s.name] >= 0 and row[s.opp] >= 0
            if s.kind is StatKind.PROPORTION:
                assert row[s.name] <= row[s.opp], (row["player"], s.name)
            elif s.kind is StatKind.MEAN:  # cards drawn: at most 5 per draw taken part in
                assert row[s.name] <= 5 * row[s.opp], (row["player"], s.name)


# --------------------------------------------------------------------------- hand_flags itself


def hand_flag_values(hand: Hand) -> dict[str, dict[str, int]]:
    """``hand_flags`` of one hand, each player's list by flag name."""
    return {p: dict(zip(FLAGS, v, strict=True)) for p, v in hand_flags(replay(hand)).items()}


def test_hand_flags_are_zero_or_one_counts_and_draw_sizes() -> None:
    # The exact primitives of fixture A (worked out in its comments above): a yes/no flag is
    # 1, never just true; break chances count; drawn_k is -1 for a draw not taken part in.
    f = hand_flag_values(fixture_a())
    assert (f["E"]["pfr"], f["E"]["fold_to_three_bet_opp"], f["E"]["fold_to_three_bet"]) == (
        1,
        1,
        0,
    )
    assert (f["F"]["three_bet_opp"], f["F"]["three_bet"], f["F"]["vpip"]) == (1, 1, 1)
    assert (f["F"]["break_opp"], f["F"]["break"], f["F"]["snow_opp"], f["F"]["snow"]) == (
        2,
        0,
        1,
        0,
    )
    assert (f["E"]["break_opp"], f["E"]["break"]) == (1, 1)
    assert [f["B"][k] for k in ("drawn_1", "drawn_2", "drawn_3")] == [2, -1, -1]
    assert (f["F"]["aggressive"], f["E"]["calls"], f["B"]["folds"]) == (3, 3, 1)
    assert f["F"]["showdown_class"] == SHOWDOWN_CLASSES.index(ShowdownClass.LOW_7)
    assert f["B"]["showdown_class"] == -1 and f["A"]["went_to_showdown"] == 0
    b = hand_flag_values(fixture_b())
    assert (b["D"]["steal_opp"], b["D"]["steal"], b["B"]["fold_bb_to_steal_opp"]) == (1, 1, 1)
    assert (b["B"]["fold_bb_to_steal"], b["D"]["won"], b["S"]["won"]) == (1, 1, 0)


def test_no_three_bet_chance_when_nobody_else_can_act() -> None:
    # B is all-in for the big blind, C raises all-in to 0.20 (the 2nd bet): A faces two bets
    # with nobody left to act after a re-raise: no 3-bet chance. A calls; A's 7-low wins both
    # pots (main 0.30, side 0.20).
    h = HandBuilder(["A", "B", "C"], button=3, stacks=["5", "0.10", "0.20"], hand_id="7")
    h.sb("A").bb("B", all_in=True).deal().raise_to("C", "0.10", "0.20", all_in=True)
    h.call("A", "0.15")
    for k in (1, 2, 3):
        h.draw_round(k).pat("A").pat("B").pat("C")
    h.showdown().show("A", "7h 5d 4c 3s 2h").show("B", "Kh Kd 4s 3h 2c")
    h.show("C", "9s 8h 6d 4d 3c").collect("A", "0.20", "side pot").collect("A", "0.30", "main pot")
    f = hand_flag_values(h.build())
    assert f["A"]["three_bet_opp"] == 0
    assert (f["A"]["vpip"], f["C"]["pfr"], f["C"]["steal"]) == (1, 1, 1)


def test_a_three_bet_chance_needs_more_than_the_call() -> None:
    # Limit 0.10/0.20, button seat 4. A (SB) has 0.15 behind after the blind, C (UTG) 0.15
    # after a limp; D (BTN) raises to 0.20. A must put in 0.15 (all of it: no chance), B (BB)
    # 0.10, and C 0.10 of its 0.15 (a chance: it could raise all-in). Round totals count
    # what each put in before: the blind, the limp.
    h = HandBuilder(["A", "B", "C", "D"], button=4, stacks=["0.20", "5", "0.25", "5"], hand_id="8")
    h.sb("A").bb("B").deal().call("C", "0.10").raise_to("D", "0.10", "0.20").fold("A")
    h.call("B", "0.10").call("C", "0.10")
    for k in (1, 2, 3):
        h.draw_round(k).pat("B").pat("C").pat("D").check("B").check("C").check("D")
    h.showdown().show("B", "7h 5d 4c 3s 2h").show("C", "Kh Kd 4s 3h 2c")
    h.show("D", "9s 8h 6d 4d 3c").collect("B", "0.65")
    f = hand_flag_values(h.build())
    assert {p: f[p]["three_bet_opp"] for p in f} == {"A": 0, "B": 1, "C": 1, "D": 0}
    # A second SB with a little more: 0.18 behind covers the 0.15 to call.
    h = HandBuilder(["A", "B", "C", "D"], button=4, stacks=["0.23", "5", "5", "5"], hand_id="9")
    h.sb("A").bb("B").deal().fold("C").raise_to("D", "0.10", "0.20").fold("A").fold("B")
    f = hand_flag_values(h.uncalled("D", "0.10").collect("D", "0.25").build())
    assert (f["A"]["three_bet_opp"], f["B"]["three_bet_opp"]) == (1, 1)


def test_a_re_raise_of_a_steal_is_no_fold_to_steal_chance() -> None:
    # D steals from the button, S re-raises from the small blind: B's fold is to a 3-bet.
    h = HandBuilder(["S", "B", "C", "D"], button=4, hand_id="10")
    h.sb("S").bb("B").deal().fold("C").raise_to("D", "0.10", "0.20")
    h.raise_to("S", "0.15", "0.30").fold("B").fold("D").uncalled("S", "0.10").collect("S", "0.60")
    f = hand_flag_values(h.build())
    assert (f["D"]["steal"], f["S"]["three_bet"]) == (1, 1)
    assert (f["B"]["fold_bb_to_steal_opp"], f["B"]["fold_bb_to_steal"]) == (0, 0)
    assert (f["D"]["fold_to_three_bet_opp"], f["D"]["fold_to_three_bet"]) == (1, 1)


def test_no_limit_full_raise_is_measured_from_the_last_raise_size() -> None:
    # NL 0.25/0.50: A opens to 2.00 (a raise of 1.50); C re-raises to 3.75 (1.75 more: at
    # least the last raise, a full raise, the 3rd bet), though less than the open's total.
    h = HandBuilder(
        ["A", "C", "S", "Bb"],
        button=2,
        stacks=["50", "50", "50", "50"],
        stakes=("0.25", "0.50"),
        limit=LimitType.NO_LIMIT,
        game=Game.SINGLE_DRAW_27,
        hand_id="11",
    )
    h.sb("S", "0.25").bb("Bb", "0.50").deal()
    h.raise_to("A", "1.50", "2").raise_to("C", "1.75", "3.75").fold("S").fold("Bb").fold("A")
    h.uncalled("C", "1.75").collect("C", "4.75")
    f = hand_flag_values(h.build())
    assert (f["C"]["three_bet"], f["A"]["fold_to_three_bet_opp"]) == (1, 1)


def test_without_a_big_blind_the_first_bet_is_the_first_bet() -> None:
    # The big blind is missing (a BLIND-MISSING finding): D's bet opens the betting, it does
    # not raise a blind, so it is no steal, and S and B facing it have no 3-bet chance.
    h = HandBuilder(["S", "B", "C", "D"], button=4, hand_id="12")
    h.sb("S").deal().fold("C").bet("D", "0.10").fold("S").fold("B")
    f = hand_flag_values(h.uncalled("D", "0.10").collect("D", "0.05").build())
    assert (f["D"]["steal_opp"], f["D"]["steal"], f["D"]["pfr"]) == (0, 0, 1)
    assert (f["S"]["three_bet_opp"], f["B"]["three_bet_opp"]) == (0, 0)


def test_a_pat_at_draw_1_broken_at_draw_2() -> None:
    # X stands pat at draw 1 and draws one at draw 2 (a break, one chance: X then drew);
    # Y draws at draw 1, stands pat at draws 2 and 3 (one chance, not taken; no snow chance:
    # Y drew at draw 1).
    h = HandBuilder(["X", "Y"], button=1, hand_id="13").sb("X").bb("Y").deal()
    h.call("X", "0.05").check("Y")
    h.draw_round(1).discard("Y", 2).pat("X").check("Y").check("X")
    h.draw_round(2).pat("Y").discard("X", 1).check("Y").check("X")
    h.draw_round(3).pat("Y").pat("X").check("Y").check("X")
    h.showdown().show("Y", "7h 5d 4c 3s 2h").show("X", "9s 8h 6d 4d 3c").collect("Y", "0.20")
    f = hand_flag_values(h.build())
    assert (f["X"]["break_opp"], f["X"]["break"], f["X"]["snow_opp"]) == (1, 1, 0)
    assert (f["Y"]["break_opp"], f["Y"]["break"], f["Y"]["snow_opp"]) == (1, 0, 0)
    assert [f["X"][f"drawn_{k}"] for k in (1, 2, 3)] == [0, 1, 0]
