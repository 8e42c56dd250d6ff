"""Full Tilt tournament summaries read into the same tournament results as PokerStars': the
real summaries give the buy-in, fee, finish and prize they print, and ROI follows (counted by
hand from the files, FORMATS-SITES §1.13)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from histparse.stats.tournaments import SummaryError, read_summary, tournament_results

D = Decimal
SUMMARIES = (
    Path(__file__).resolve().parents[1] / "data" / "real_histories" / "fulltilt" / "summaries"
)
HU_WIN = SUMMARIES / "27TD-USD-HUSnG-201101.Hero.wins.txt"  # ASCII
HU_LOSS = SUMMARIES / "3-Draw-Limit-USD-STT-2max-10-201211.Hero.loses.txt"  # UTF-16
MTT = SUMMARIES / "27SD-USD-MTT-1-201303.txt"  # UTF-16, rebuys and add-ons


def test_the_heads_up_sit_and_go_won() -> None:
    s = read_summary(HU_WIN)
    # "Buy-In: $30 + $1.50", "2 Entries", "Total Prize Pool: $60", "1: sljons91, $60".
    assert (s.tournament_id, s.game, s.buy_in, s.fee, s.unit) == (
        "211366000",
        "2-7 Triple Draw Limit",
        D("30"),
        D("1.50"),
        "USD",
    )
    assert (s.entries, s.prize_pool, s.hero_place) == (2, D("60"), 1)
    (won,) = tournament_results([s], "sljons91")
    assert (won.place, won.prize, won.cost, won.profit) == (1, D("60"), D("31.50"), D("28.50"))
    assert won.roi == D("0.9048")  # 28.50 / 31.50
    (lost,) = tournament_results([s], "RIDDLEOUT")
    assert (lost.place, lost.prize, lost.roi) == (2, D("0"), D("-1.0000"))


def test_the_heads_up_sit_and_go_lost_utf16() -> None:
    s = read_summary(HU_LOSS)
    # "$10 Heads-Up Sit & Go (243560420) 2-7 Triple Draw Limit (Turbo, Heads Up)",
    # "Buy-In: $9.60 + $0.40", "2: Hero", "OrangeWater finished in 2nd place".
    assert (s.tournament_id, s.buy_in, s.fee, s.prize_pool) == (
        "243560420",
        D("9.60"),
        D("0.40"),
        D("19.20"),
    )
    assert s.game == "2-7 Triple Draw Limit (Turbo, Heads Up)" and s.hero_place == 2
    (hero,) = tournament_results([s], "Hero")
    assert (hero.place, hero.prize, hero.cost, hero.roi) == (2, D("0"), D("10.00"), D("-1.0000"))
    (winner,) = tournament_results([s], "Player0")
    assert winner.prize == D("19.20") and winner.roi == D("0.9200")


def test_the_multi_table_tournament() -> None:
    s = read_summary(MTT)
    assert (s.tournament_id, s.buy_in, s.fee, s.entries, s.prize_pool) == (
        "251286379",
        D("1"),
        D("0.10"),
        30,
        D("100"),
    )
    # 30 finishers, tied places printed twice ("16: attila225" / "16: Jota14123").
    assert len(s.finishes) == 30 and [f.place for f in s.finishes].count(16) == 3
    assert sum(f.prize for f in s.finishes) == s.prize_pool  # $40 + $30 + $20 + $10
    assert s.hero_place == 11  # "synthesiis finished in 11th place"
    results = tournament_results([s])
    assert len(results) == 30 and results[0].player == "nakhodka"
    assert results[0].profit == D("38.90")


def test_an_unreadable_full_tilt_buy_in(tmp_path: Path) -> None:
    bad = tmp_path / "ft.txt"
    bad.write_text(
        "Full Tilt Poker Tournament Summary $10 Sit & Go (1) 2-7 Triple Draw Limit\n"
        "Buy-In: ten dollars\n",
        encoding="utf-8",
    )
    with pytest.raises(SummaryError, match=r"ft\.txt:2"):
        read_summary(bad)
