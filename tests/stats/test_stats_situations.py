"""The situation statistics (docs/stats.md, "Situations"), counted by hand on real PokerStars
hands and on hands built event by event."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from histparse.frames import Tables, tables
from histparse.parsing import read_histories
from histparse.simulation import SimConfig, simulate
from histparse.stats import SITUATION_STATS, player_stats
from histparse.stats.situations import situation_counts

DATA = Path(__file__).resolve().parents[1] / "data" / "pokerstars"
TD_2009 = DATA / "3-Draw-Limit-USD-0.10-0.20-200911.txt"


def _tables(path: Path, ids: set[str] | None = None) -> Tables:
    hands = read_histories(path)
    return tables(h for h in hands if ids is None or h.hand_id in ids)


def _pairs(t: Tables, player: str) -> dict[str, tuple[int, int]]:
    """Every situation stat of ``player`` that had an opportunity: name -> (count, opp)."""
    r: dict[str, Any] = player_stats(t, players=player).iloc[0].to_dict()
    return {s.name: (int(r[s.name]), int(r[s.opp])) for s in SITUATION_STATS if int(r[s.opp])}


@pytest.fixture(scope="module")
def td2009() -> Tables:
    return _tables(TD_2009)


def test_cypis28_counted_by_hand(td2009: Tables) -> None:
    """cypis28's four hands of the 2009 file (see test_stats_real for the betting).

    #35839001292 (CO): rumble1111 limped first, so no raise-first-in chance; cypis28 raises and
      caps: the pre-draw raiser. Round 1: rumble1111 checks, cypis28 bets (a continuation bet),
      bakter9 raises, cypis28 calls (it faced a bet: no fold). Round 2: cypis28 bets first.
      Draw 3: cypis28 draws first, so it never stands pat after a pat opponent.
    #35839050562 (MP) and #35839109592 (UTG): only folds before: raise-first-in and limp
      chances, folded.
    #35839118248 (BB): bakter9 raises first in; cypis28's first action faces two bets (a cold
      call chance; it 3-bets). Round 1: cypis28 bets first (bakter9, the raiser, faces a bet:
      no continuation bet chance), faces bakter9's raise (a fold-to-bet chance, not folded).
    """
    assert _pairs(td2009, "cypis28") == {
        "rfi": (0, 2),
        "limp": (0, 2),
        "cold_call": (0, 1),
        "cbet": (1, 1),
        "fold_to_bet_1": (0, 2),
    }


def test_two_hands_of_the_others(td2009: Tables) -> None:
    """#35839001292 and #35839118248 for bakter9, rumble1111 and TheLabman.

    bakter9: #1 (BTN) 3-bets cypis28's raise (a cold-call chance), raises the continuation bet
    (a fold-to-c-bet chance, and its first bet faced in round 1), calls the round-2 bet, stands
    pat at draws 2 and 3; at draw 3 after cypis28's pat (pat vs pat: pat; a break chance, not
    broken). #4 (UTG): raises first in; raises cypis28's round-1 bet (a bet faced, no fold);
    pat at draws 2 and 3, the third after cypis28's pat.
    rumble1111: #1 (UTG) open-limps; checks round 1, then folds to bakter9's raise of the
    continuation bet (a check-raise chance, a bet faced and folded; the c-bet had been raised:
    no fold-to-c-bet chance); #4 (BTN) folds to bakter9's raise (a cold-call chance).
    TheLabman: #1 (SB) folds facing three bets, #4 (MP) folds to the raise (cold-call chances).
    """
    t = _tables(TD_2009, {"35839001292", "35839118248"})
    assert _pairs(t, "bakter9") == {
        "rfi": (1, 1),
        "limp": (0, 1),
        "cold_call": (0, 1),
        "fold_to_cbet": (0, 1),
        "fold_to_bet_1": (0, 2),
        "fold_to_bet_2": (0, 1),
        "pat_vs_pat": (2, 2),
        "break_vs_pat": (0, 2),
    }
    assert _pairs(t, "rumble1111") == {
        "rfi": (0, 1),
        "limp": (1, 1),
        "cold_call": (0, 1),
        "check_raise_1": (0, 1),
        "fold_to_bet_1": (1, 1),
    }
    assert _pairs(t, "TheLabman") == {"cold_call": (0, 2)}


def test_three_hands_against_pat_hands() -> None:
    """Three more hands of the 2009 file, counted by hand.

    #35839050562: rumble1111 (BB) bets round 1 (nothing faced), stands pat at draw 2, calls
      Hero's round-2 bet (a bet faced), then at draw 3, after Hero's pat, breaks (pat vs pat:
      drew; a break chance, taken) and calls Hero's round-3 bet (a bet from a pat hand: called).
    #35839176665: rumble1111 (UTG) open-limps; at draws 2 and 3 draws after Hero's pat (two pat
      vs pat chances); folds to Hero's round-3 bet (a bet faced, from a pat hand: folded).
    #35839484932: tom1206 (SB) completes after Hero's limp; bakter9 (BB) raises (the pre-draw
      raiser) and bets round 1 (a continuation bet) after tom1206's check; tom1206 calls it
      (a c-bet and a bet faced, a check-raise chance), calls bakter9's round-2 raise of its own
      bet (a bet faced), and in round 3 check-raises bakter9, who stood pat at draw 3 (a bet
      faced from a pat hand: raised, neither fold nor call). Hero limps first in, calls the
      c-bet and the round-2 raise, stands pat after bakter9's pat at draw 3 and calls its bet.
    """
    t = _tables(TD_2009, {"35839050562", "35839176665", "35839484932"})
    assert _pairs(t, "rumble1111") == {
        "rfi": (0, 1),
        "limp": (1, 1),
        "fold_to_bet_2": (0, 1),
        "fold_to_bet_3": (1, 2),
        "pat_vs_pat": (0, 3),
        "break_vs_pat": (1, 1),
        "fold_vs_pat": (1, 2),
        "call_vs_pat": (1, 2),
    }
    tom = _pairs(_tables(TD_2009, {"35839484932"}), "tom1206")
    assert tom == {
        "fold_to_cbet": (0, 1),
        "check_raise_1": (0, 1),
        "check_raise_3": (1, 1),
        "fold_to_bet_1": (0, 1),
        "fold_to_bet_2": (0, 1),
        "fold_to_bet_3": (0, 1),
        "fold_vs_pat": (0, 1),
        "call_vs_pat": (0, 1),
    }
    hero = _pairs(_tables(TD_2009, {"35839484932"}), "Hero")
    assert hero == {
        "rfi": (0, 1),
        "limp": (1, 1),
        "fold_to_cbet": (0, 1),
        "fold_to_bet_1": (0, 1),
        "fold_to_bet_2": (0, 1),
        "fold_to_bet_3": (0, 1),
        "pat_vs_pat": (1, 1),
        "fold_vs_pat": (0, 1),
        "call_vs_pat": (1, 1),
    }
    assert _pairs(_tables(TD_2009, {"35839484932"}), "bakter9") == {
        "cbet": (1, 1),
        "fold_to_bet_2": (0, 1),
        "fold_to_bet_3": (0, 1),
    }


def test_the_players_table_holds_what_the_actions_walk_gives(td2009: Tables) -> None:
    """``tables`` stores the situation counts in the players table (one walk per hand as it is
    built); walking the actions and draws tables afterwards gives the same counts."""
    walked = situation_counts(td2009)
    for s in SITUATION_STATS:
        for name in (s.name, s.opp):
            assert td2009.players[name].astype("int64").tolist() == walked[name].tolist(), name
    assert int(walked["cbet_opp"].sum()) > 0  # the file has continuation-bet chances


def test_without_situation_columns_nor_actions_the_situations_have_no_opportunity(
    td2009: Tables,
) -> None:
    situation = [c for s in SITUATION_STATS for c in (s.name, s.opp)]

    class Two:
        hands = td2009.hands
        players = td2009.players.drop(columns=situation)

    s = player_stats(Two(), players="cypis28")
    assert all(int(s[st.opp].iloc[0]) == 0 for st in SITUATION_STATS)
    assert int(s["vpip_opp"].iloc[0]) == 4  # the players table's stats are all there


@pytest.fixture(scope="module")
def generated() -> Tables:
    return tables(simulate(1500, 7, SimConfig(players=6, max_seats=6)))


def test_generated_counts_obey_their_laws(generated: Tables) -> None:
    c = situation_counts(generated)
    p = generated.players
    for s in SITUATION_STATS:
        assert (c[s.name] <= c[s.opp]).all(), s.name
    assert (c["rfi_opp"] == c["limp_opp"]).all()
    assert (c["rfi"] + c["limp"] <= c["rfi_opp"]).all()
    assert (c["fold_vs_pat"] + c["call_vs_pat"] <= c["fold_vs_pat_opp"]).all()
    assert (c["break_vs_pat_opp"] <= c["pat_vs_pat_opp"]).all()
    # Steal is raise first in from CO, BTN and SB; the BB never raises first in.
    late = p["position"].isin(["CO", "BTN", "SB"]).to_numpy()
    assert (c["rfi"].to_numpy()[late] == p["steal"].to_numpy()[late]).all()
    assert (c["rfi_opp"][p["position"] == "BB"] == 0).all()
    # A cold call is a voluntary call: never more than VPIP.
    assert (c["cold_call"] <= p["vpip"].astype(int)).all()
    # Every stat is seen in 1,500 generated six-max hands.
    totals = c.sum()
    assert all(totals[s.opp] > 0 for s in SITUATION_STATS)
    assert all(totals[s.name] > 0 for s in SITUATION_STATS), totals


@settings(max_examples=15, deadline=None)
@given(st.lists(st.integers(0, 599), min_size=1, max_size=40, unique=True))
def test_any_subset_of_hands_sums_to_the_whole(rows: list[int]) -> None:
    """Counts are per hand: the counts of a subset of hands are those hands' rows of the whole."""
    whole = _GENERATED_COUNTS
    keep = set(_GENERATED.hands["hand_id"].iloc[rows])
    sub = _subset(_GENERATED, keep)
    part = situation_counts(sub)
    mask = _GENERATED.players["hand_id"].isin(keep).to_numpy()
    assert (part.to_numpy() == whole.to_numpy()[mask]).all()


def _subset(t: Tables, ids: set[str]) -> Tables:
    def rows(df: Any) -> Any:
        return df[df["hand_id"].isin(ids)].reset_index(drop=True)

    return Tables(rows(t.hands), rows(t.players), rows(t.actions), rows(t.draws))


_GENERATED = tables(simulate(600, 7, SimConfig(players=6, max_seats=6)))
_GENERATED_COUNTS = situation_counts(_GENERATED)


def test_the_stats_command_reports_them(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``histparse stats`` shows the situations in its table, --json and --csv, from history
    files and from an exported dataset alike."""
    import json

    from histparse.cli import main

    assert main(["stats", str(TD_2009), "--player", "cypis28", "--json"]) == 0
    row = json.loads(capsys.readouterr().out)[0]
    assert row["cbet"] == {"count": 1, "opp": 1, "rate": 1.0}
    assert row["rfi"] == {"count": 0, "opp": 2, "rate": 0.0}
    assert row["fold_to_cbet"] == {"count": 0, "opp": 0, "rate": None}
    assert main(["stats", str(TD_2009), "--player", "cypis28", "--columns", "all"]) == 0
    text = capsys.readouterr().out
    assert "CBet" in text and "FBet1" in text and "PatVsPat" in text
    assert main(["stats", str(TD_2009), "--player", "cypis28", "--columns", "cbet,rfi"]) == 0
    assert capsys.readouterr().out.splitlines()[1].split()[-4:] == [
        "100.0",
        "(1/1)",
        "0.0",
        "(0/2)",
    ]
    assert main(["stats", str(TD_2009), "--player", "cypis28", "--csv"]) == 0
    head = capsys.readouterr().out.splitlines()[0]
    assert '"cbet_opp"' in head and '"call_vs_pat_rate"' in head
    out = tmp_path / "ds"
    assert main(["export", str(TD_2009), "--out", str(out)]) == 0
    capsys.readouterr()
    assert main(["stats", str(out), "--player", "cypis28", "--json"]) == 0
    again = json.loads(capsys.readouterr().out)[0]
    assert {s.name: again[s.name] for s in SITUATION_STATS} == {
        s.name: row[s.name] for s in SITUATION_STATS
    }
