"""Statistics of real PokerStars files, counted by hand for two players, and the money laws on
every real hand."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from histparse.frames import Tables, tables
from histparse.parsing import read_histories
from histparse.stats import player_stats, showdown_classes

DATA = Path(__file__).resolve().parents[1] / "data" / "pokerstars"
TD_2009 = DATA / "3-Draw-Limit-USD-0.10-0.20-200911.txt"
D = Decimal


@pytest.fixture(scope="module")
def td2009() -> Tables:
    return tables(read_histories(TD_2009))


@pytest.fixture(scope="module")
def every_real_hand() -> Tables:
    return tables(read_histories(DATA, on_error="warn"))


def stats_of(t: Tables, player: str) -> dict[str, Any]:
    s = player_stats(t, players=player)
    assert len(s) == 1
    rec: dict[str, Any] = s.iloc[0].to_dict()
    return rec


def pair(rec: dict[str, Any], name: str) -> tuple[int, int]:
    return int(rec[name]), int(rec[name + "_opp"])


def test_cypis28_counted_by_hand(td2009: Tables) -> None:
    """cypis28 is dealt in the file's first 4 hands (it leaves during the 5th, not seated).

    #35839001292 (CO; button bakter9): rumble1111 limps, cypis28 raises (2nd bet), bakter9
      3-bets, cypis28 caps at its next action (a fold-to-3-bet chance, not a fold; it never faced
      exactly two bets). Draws 2, 1, pat. Rounds 1-3: bet, call (r1), bet (r2; 0.02 of it comes
      back). Showdown with 9-7-6-4-2 (9-low), lost. Invested 0.40 + 0.20 + 0.18 = 0.78.
    #35839050562 (MP): folds, Eisenherz73 having folded first. Invested 0.
    #35839109592 (UTG): folds first. Invested 0.
    #35839118248 (BB): bakter9 opens from UTG (not a steal), all fold to cypis28 who 3-bets
      (a chance, taken), bakter9 caps, cypis28 calls. Draws 2, 1, pat. Round 1: bet, then an
      all-in raise (2 aggressive actions). Showdown with 8-7-6-3-2 (8-low), lost. Invested 0.62.
    Totals: VPIP 2/4 (#1, #4), PFR 2/4, 3-bet 1/1, fold to 3-bet 0/1, steal 0/0, AF (2 + 2) / 1,
    AFq 4 / 5, WTSD 2/2, W$SD 0/2, WWSF 0/2, pat at draw 3 2/2, cards drawn 4, 2, 0 over 2 each.
    Net -0.78 - 0.62 = -1.40 = -14 big blinds over 4 hands: -350 bb/100, -175 BB/100.
    Rake shares in cents (largest remainder): #1 rake 10 of 211 put in: 4; #4 rake 6 of 129: 3.
    """
    r = stats_of(td2009, "cypis28")
    assert r["hands"] == 4
    assert r["net"] == D("-1.40")
    assert (r["bb_per_100"], r["BB_per_100"]) == (D("-350.00"), D("-175.00"))
    assert r["rake_share"] == D("0.07")
    assert pair(r, "vpip") == (2, 4) and pair(r, "pfr") == (2, 4)
    assert pair(r, "three_bet") == (1, 1) and pair(r, "fold_to_three_bet") == (0, 1)
    assert pair(r, "steal") == (0, 0) and pair(r, "fold_bb_to_steal") == (0, 0)
    assert pair(r, "af") == (4, 1) and r["af_rate"] == 4.0
    assert pair(r, "afq") == (4, 5)
    assert pair(r, "wtsd") == (2, 2) and pair(r, "wsd") == (0, 2) and pair(r, "wwsf") == (0, 2)
    assert [pair(r, f"pat_{k}") for k in (1, 2, 3)] == [(0, 2), (0, 2), (2, 2)]
    assert [pair(r, f"cards_drawn_{k}") for k in (1, 2, 3)] == [(4, 2), (2, 2), (0, 2)]
    assert pair(r, "d1_drew2") == (2, 2) and pair(r, "d2_drew1") == (2, 2)
    assert pair(r, "break") == (0, 0) and pair(r, "snow") == (0, 0)
    p = td2009.players
    mine = p[p["player"] == "cypis28"].set_index("hand_id")
    assert dict(mine["position"]) == {
        "35839001292": "CO", "35839050562": "MP", "35839109592": "UTG", "35839118248": "BB",
    }  # fmt: skip
    sd = showdown_classes(td2009, "cypis28")
    assert sd.loc["9-low", ["count", "won", "net"]].tolist() == [1, 0, D("-0.78")]
    assert sd.loc["8-low", ["count", "won", "net"]].tolist() == [1, 0, D("-0.62")]
    assert sd["count"].sum() == 2


def test_lumbita_counted_by_hand(td2009: Tables) -> None:
    """LumBita joins for the file's last 5 hands.

    #35839735773 (CO): posts a new player's big blind, checks (voluntary, not VPIP; two limpers
      before, so no steal chance). Draws 1, pat, pat (a break chance, no break). Call (r1), bet
      (r2). Showdown, mucks 8-6-4-3-2 (8-low, from the summary). Net -0.40.
    #35839797257 (MP): limps, calls Hero's raise (a 3-bet chance). Draws 2, pat, pat (a break
      chance). Call (r1), bet (r2), all-in bet (r3) that nobody calls. No showdown; collects
      1.57 for 0.50 in: net +1.07.
    #35839866916 (UTG): limps. Draws 2, 2, 1; folds to the round-3 bet. Net -0.10.
    #35839926911 (BB): checks its option. Draws 3, 2, pat. Bet (r2). Wins the showdown with
      8-7-6-5-2 (8-low): 0.62 for 0.30, net +0.32.
    #35839959625 (SB): completes. Draws 2, 1, 1. Calls in rounds 1, 2, 3; loses the showdown,
      mucking 9-7-6-4-3 (9-low). Net -0.67.
    Totals: VPIP 3/5, PFR 0/5, 3-bet 0/1, AF 4 / 5 (bets: #1, #2 twice, #4; calls: #1, #2, #5
    three times), AFq 4 / 10 (one fold, #3), WTSD 3/5, W$SD 1/3, WWSF 2/5, pat 0/5, 2/5, 3/5,
    cards drawn 10, 5, 2 over 5 each, break 0/2. Net 0.22 = 2.2 big blinds over 5 hands: 44 bb/100.
    Rake shares (cents, largest remainder, ties to the earlier seat): 2 + 2 + 1 + 1 + 3 = 9.
    """
    r = stats_of(td2009, "LumBita")
    assert r["hands"] == 5
    assert r["net"] == D("0.22")
    assert (r["bb_per_100"], r["BB_per_100"]) == (D("44.00"), D("22.00"))
    assert r["rake_share"] == D("0.09")
    assert pair(r, "vpip") == (3, 5) and pair(r, "pfr") == (0, 5)
    assert pair(r, "three_bet") == (0, 1) and pair(r, "fold_to_three_bet") == (0, 0)
    assert pair(r, "steal") == (0, 0)
    assert pair(r, "af") == (4, 5) and pair(r, "afq") == (4, 10)
    assert pair(r, "wtsd") == (3, 5) and pair(r, "wsd") == (1, 3) and pair(r, "wwsf") == (2, 5)
    assert [pair(r, f"pat_{k}") for k in (1, 2, 3)] == [(0, 5), (2, 5), (3, 5)]
    assert [pair(r, f"cards_drawn_{k}") for k in (1, 2, 3)] == [(10, 5), (5, 5), (2, 5)]
    assert [int(r[f"d1_drew{c}"]) for c in range(6)] == [0, 1, 3, 1, 0, 0]
    assert pair(r, "break") == (0, 2) and pair(r, "snow") == (0, 0)
    by_pos = player_stats(td2009, by="position", players="LumBita").set_index("position")
    assert dict(by_pos["net"]) == {
        "MP": D("1.07"), "CO": D("-0.40"), "UTG": D("-0.10"), "SB": D("-0.67"), "BB": D("0.32"),
    }  # fmt: skip
    sd = showdown_classes(td2009, "LumBita")
    assert sd.loc["8-low", ["count", "won", "net"]].tolist() == [2, 1, D("-0.08")]
    assert sd.loc["9-low", ["count", "won", "net"]].tolist() == [1, 0, D("-0.67")]


def test_every_real_hand_nets_sum_to_minus_the_rake(every_real_hand: Tables) -> None:
    t = every_real_hand
    assert len(t.hands) >= 40
    g = t.players.groupby(["site", "hand_id"], observed=True).agg(
        net=("net", "sum"), invested=("invested", "sum"), rake_share=("rake_share", "sum")
    )
    h = t.hands[~t.hands["cancelled"]].set_index(["site", "hand_id"])
    joined = g.join(h[["total_pot", "rake"]], how="inner")
    assert len(joined) == (~t.hands["cancelled"]).sum()
    assert (joined["net"] == -joined["rake"]).all()
    assert (joined["invested"] == joined["total_pot"]).all()
    assert (joined["rake_share"] == joined["rake"]).all()


def test_the_buggy_hero_hand_still_gives_rows(every_real_hand: Tables) -> None:
    # #81631597149, the PokerStars bug: "discards 2 cards []" then a 10-card Dealt to, twice,
    # then "discards 1 card [Ad]" (a card Hero never held) and "[..] [Qh]". Where the bracket
    # does not hold the counted cards they are unknown (null); the written count is kept.
    d = every_real_hand.draws
    hero = d[(d["hand_id"] == "81631597149") & (d["player"] == "Hero")]
    got = [
        (r["draw"], r["discarded"], None if pd.isna(r["discarded_cards"]) else r["discarded_cards"],
         None if pd.isna(r["received_cards"]) else r["received_cards"])
        for r in hero.to_dict("records")
    ]  # fmt: skip
    assert got == [(1, 2, None, None), (2, 1, None, None), (3, 1, "Ad", "Qh")]
    p = every_real_hand.players
    row = p[(p["hand_id"] == "81631597149") & (p["player"] == "Hero")].iloc[0]
    # 0.50 + 1.50 (round 0) + 1 (r1 bet) + 2 (r2 call), then a fold: -5.
    assert row["net"] == D("-5.00") and pd.isna(row["showdown_class"])
