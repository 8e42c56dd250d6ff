"""Tournament summaries: the real PokerStars summaries give the buy-in, finish and prize they
print, and ROI follows from them (counted by hand from the files)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from histparse.stats.tournaments import SummaryError, read_summary, tournament_results

D = Decimal
SUMMARIES = Path(__file__).resolve().parents[1] / "data" / "pokerstars" / "summaries"
MTT = SUMMARIES / "NLSD-MTT-USD-1000-50-201609.reentry.txt"
STT = SUMMARIES / "8-Game-2max-STT-play-100-201306.homeGame.shootout.txt"


def test_the_mtt_summary() -> None:
    s = read_summary(MTT)
    # "Buy-In: $1000.00/$50.00 USD", "104 players", "Total Prize Pool: $145000.00 USD".
    assert (s.tournament_id, s.buy_in, s.fee, s.unit) == (
        "1646040883",
        D("1000.00"),
        D("50.00"),
        "USD",
    )
    assert (s.entries, s.prize_pool) == (104, D("145000.00"))
    assert s.finishes[0].player == "nilsef" and s.finishes[0].prize == D("30511.94")
    # The printed prizes add up to the pool (to the cent).
    assert sum(f.prize for f in s.finishes) == D("145000.00")


def test_a_re_entry_counts_twice_in_the_cost() -> None:
    (r,) = tournament_results([read_summary(MTT)], "blanconegro")
    # "5: blanconegro [2] (Mexico), $11,267.10": two entries of $1050, best place 5.
    assert (r.entries, r.place, r.prize, r.cost) == (2, 5, D("11267.10"), D("2100.00"))
    assert r.profit == D("9167.10") and r.roi == D("4.3653")  # 9167.10 / 2100


def test_the_play_money_sit_and_go() -> None:
    s = read_summary(STT)
    # "Buy-In: 100/9", "You finished in 1st place", "1: Hero (United States), 200 (100%)".
    assert (s.buy_in, s.fee, s.unit, s.hero_place) == (D("100"), D("9"), "play money", 1)
    (hero,) = tournament_results([s], ["Hero"])
    assert (hero.place, hero.prize, hero.cost, hero.profit) == (1, D("200"), D("109"), D("91"))
    assert hero.roi == D("0.8349")  # 91 / 109
    (other,) = tournament_results([s], "Player0")
    assert (other.place, other.prize, other.roi) == (2, D("0"), D("-1.0000"))


def test_not_a_summary(tmp_path: Path) -> None:
    bad = tmp_path / "x.txt"
    bad.write_text("PokerStars Hand #1: ...\n", encoding="utf-8")
    with pytest.raises(SummaryError, match=r"x\.txt:1"):
        read_summary(bad)
