"""Tournament results summed per player and tournament type (``tournament_stats``), from the
real PokerStars and Full Tilt summaries; every expected number is counted by hand from the
line of the file named beside it."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from histparse import sites
from histparse.stats.tournaments import (
    FT_SITE,
    PS_SITE,
    SummaryError,
    distinct,
    read_summaries,
    read_summary,
    read_tournaments,
    results_frame,
    tournament_stats,
    who_played,
)

D = Decimal
REAL = Path(__file__).resolve().parents[1] / "data" / "real_histories"
PS = REAL / "pokerstars" / "summaries"
FT = REAL / "fulltilt" / "summaries"
MTT = PS / "NLSD-MTT-USD-1000-50-201609.reentry.txt"
HOME = PS / "8-Game-2max-STT-play-100-201306.homeGame.shootout.txt"
FT_LOSS = FT / "3-Draw-Limit-USD-STT-2max-10-201211.Hero.loses.txt"
FT_WIN = FT / "27TD-USD-HUSnG-201101.Hero.wins.txt"
FT_MTT = FT / "27SD-USD-MTT-1-201303.txt"


def _one(frame_rows: list[dict[str, object]], **match: object) -> dict[str, object]:
    (row,) = [r for r in frame_rows if all(r[k] == v for k, v in match.items())]
    return row


def test_the_site_names_are_the_registrys() -> None:
    assert sites.site_named(PS_SITE) is not None and sites.site_named(FT_SITE) is not None


def test_re_entries_in_the_mtt() -> None:
    stats = tournament_stats(results_frame(who_played([read_summary(MTT)])))
    rows = stats.to_dict("records")
    # No "You finished" line: every finisher is reported, once each; 145 place lines
    # (lines 7-151) name 104 players (line 3, "104 players").
    assert len(rows) == 104
    row = _one(rows, player="blanconegro")
    # Line 11 "5: blanconegro [2] (Mexico), $11,267.10" and line 98 "92: blanconegro (Mexico),":
    # two entries of $1000 + $50 (line 2), one paid.
    assert (row["tournaments"], row["entries"], row["cost"], row["prizes"]) == (
        1,
        2,
        D("2100.00"),
        D("11267.10"),
    )
    assert row["net"] == D("9167.10") and row["roi"] == D("4.3653")  # 9167.10 / 2100
    assert (row["cashes"], row["itm"], row["average_finish"]) == (1, D("0.5000"), D("5.00"))
    # Line 21 "15: Antonio7 (Canada)," is the first place paid nothing: one entry, all lost.
    row = _one(rows, player="Antonio7")
    assert (row["entries"], row["prizes"], row["roi"], row["itm"]) == (1, D(0), D("-1.0000"), 0)
    # Every entry cost $1050: 145 entries, the prize pool (line 4) $145,000 = 145 x $1000.
    assert sum(r["entries"] for r in rows) == 145
    assert sum(r["prizes"] for r in rows) == D("145000.00")


def test_the_hero_of_each_summary() -> None:
    # HOME line 10 "You finished in 1st place", line 7 "1: Hero (United States)".
    assert read_summary(HOME).hero() == "Hero"
    # FT_LOSS line 11 "OrangeWater finished in 2nd place" names no finisher: line 10 "2: Hero".
    assert read_summary(FT_LOSS).hero() == "Hero"
    # FT_WIN line 11 "sljons91 finished in 1st place", listed line 9.
    assert read_summary(FT_WIN).hero() == "sljons91"
    # FT_MTT line 45 "synthesiis finished in 11th place".
    assert read_summary(FT_MTT).hero() == "synthesiis"
    assert read_summary(MTT).hero() is None


def test_two_units_are_never_added() -> None:
    got = [read_summary(FT_LOSS), read_summary(HOME)]
    rows = tournament_stats(results_frame(who_played(got, ["Hero"]))).to_dict("records")
    # One row a unit: FT_LOSS "Buy-In: $9.60 + $0.40" (line 2), "2: Hero" (line 10, no
    # prize); HOME "Buy-In: 100/9" (line 2, no currency: play money), "1: Hero ..., 200".
    assert [(r["unit"], r["cost"], r["prizes"], r["net"]) for r in rows] == [
        ("USD", D("10.00"), D(0), D("-10.00")),
        ("play money", D("109"), D("200"), D("91")),
    ]
    assert [r["roi"] for r in rows] == [D("-1.0000"), D("0.8349")]  # -10/10, 91/109
    assert [r["itm"] for r in rows] == [D(0), D(1)]
    assert [r["average_finish"] for r in rows] == [D("2.00"), D("1.00")]


def test_a_type_sums_its_tournaments(tmp_path: Path) -> None:
    # A second $9.60 + $0.40 sit and go, the same file with another id and Hero the winner.
    text = FT_LOSS.read_text(encoding="ascii")
    won = (
        text.replace("(243560420)", "(243560421)")
        .replace("1: Player0, $19.20", "1: Hero, $19.20")
        .replace("2: Hero", "2: Player0")
    )
    (tmp_path / "won.txt").write_text(won, encoding="ascii")
    frame = read_tournaments(FT_LOSS, tmp_path, players="Hero")
    assert list(frame["tournament_id"]) == ["243560420", "243560421"]
    (row,) = tournament_stats(frame).to_dict("records")
    # Two entries of $10.00, one prize of $19.20: net -$0.80, ROI -0.80 / 20.00 = -4%.
    assert (row["tournaments"], row["entries"], row["cost"], row["prizes"]) == (
        2,
        2,
        D("20.00"),
        D("19.20"),
    )
    assert (row["net"], row["roi"], row["itm"], row["average_finish"]) == (
        D("-0.80"),
        D("-0.0400"),
        D("0.5000"),
        D("1.50"),
    )


def test_several_summaries_in_one_file_and_a_hand_after(tmp_path: Path) -> None:
    hand = (REAL / "pokerstars" / "3-Draw-Limit-USD-1-2-200809.Hand.cancelled.txt").read_text(
        encoding="utf-8"
    )
    both = tmp_path / "both.txt"
    both.write_text(
        HOME.read_text(encoding="utf-8-sig") + MTT.read_text(encoding="utf-8") + "\n" + hand,
        encoding="utf-8",
    )
    got = read_summaries(both)
    assert [s.tournament_id for s in got] == ["743144019", "1646040883"]
    # HOME is 12 lines (CRLF), so the MTT starts on line 13; the hand is not a finisher.
    assert got[1].line == 13 and len(got[1].finishes) == 145
    # A file of hands holds no summary.
    assert (
        read_summaries(REAL / "pokerstars" / "3-Draw-Limit-USD-1-2-200809.Hand.cancelled.txt") == []
    )


def test_a_tournament_given_twice_counts_once() -> None:
    kept, repeated = distinct([read_summary(HOME), read_summary(HOME), read_summary(FT_WIN)])
    assert [s.tournament_id for s in kept] == ["743144019", "211366000"] and repeated == 1
    frame = read_tournaments(PS, PS, players="Hero")
    assert len(frame) == 1  # the folder twice: the home game once


def test_an_unreadable_place_in_a_second_summary(tmp_path: Path) -> None:
    bad = tmp_path / "two.txt"
    bad.write_text(
        "PokerStars Tournament #1, 8-Game\nBuy-In: 100/9\n\n"
        "PokerStars Tournament #2, 8-Game\nBuy-In: 100/9\n  1: ???\n",
        encoding="utf-8",
    )
    with pytest.raises(SummaryError, match=r"two\.txt:6"):
        read_summaries(bad)
    # Given a list for the errors, the first summary is still read.
    errors: list[SummaryError] = []
    assert [s.tournament_id for s in read_summaries(bad, errors)] == ["1"]
    assert [str(e) for e in errors] == [f"{bad}:6: unreadable place line: '1: ???'"]


def test_player_stats_by_stakes_one_row_a_tournament_in_buy_in_order() -> None:
    from histparse.parallel.tables import tables_of_paths
    from histparse.stats import player_stats

    files = [
        REAL / "fulltilt" / "3-Draw-Limit-USD-STT-2max-10-201211.txt",  # 54 hands, 243560420
        REAL / "pokerstars" / "2-7 Single Draw-NL-USD-2max-STT-1.40-201212.ante.all.in.txt",
    ]
    t = tables_of_paths(files, allin_ev=False).tables
    assert t is not None
    buy_ins = {
        ("FullTilt", "243560420"): ((D("9.60"), D("0.40")), "USD"),
        ("PokerStars", "476454368"): ((D("1.40"), D("0.10")), "USD"),
    }
    rows = player_stats(t, by="stakes", players="Hero", buy_ins=buy_ins)
    # The $1.50 sit and go before the $10 one (as text, "tournament 2..." would come first);
    # the Full Tilt one's five blind levels (30/60 ... 80/160) are one row.
    assert list(rows["stakes"]) == [
        "tournament 476454368 (1.40+0.10 USD)",
        "tournament 243560420 (9.60+0.40 USD)",
    ]
    assert list(rows["hands"]) == [1, 54]
    assert len(t.hands[t.hands["tournament_id"] == "243560420"]["stakes"].unique()) == 5
