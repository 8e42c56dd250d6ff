"""Tournament summaries on the command line: ``histparse tournaments``, the tournaments table
of ``histparse stats``, a tournament's hands as one ``--by stakes`` row, stakes in numeric
order, and summaries counted as such (not as failures) by parse, audit and export. Numbers
are counted by hand from the real files named."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from histparse.cli import main

REAL = Path(__file__).resolve().parents[1] / "data" / "real_histories"
PS_SUM = REAL / "pokerstars" / "summaries"
FT_SUM = REAL / "fulltilt" / "summaries"
HOME = PS_SUM / "8-Game-2max-STT-play-100-201306.homeGame.shootout.txt"
FT_LOSS = FT_SUM / "3-Draw-Limit-USD-STT-2max-10-201211.Hero.loses.txt"
# The hands of FT_LOSS's sit and go (243560420): 54 hands, limits 30/60 up to 80/160.
FT_STT = REAL / "fulltilt" / "3-Draw-Limit-USD-STT-2max-10-201211.txt"
FT_5_10 = REAL / "fulltilt" / "3-Draw-Limit-USD-5-10-201211.txt"
FT_10_20 = REAL / "fulltilt" / "3-Draw-Limit-USD-10-20-201101.Dead.hand.txt"
FT_150_300 = REAL / "fulltilt" / "3-Draw-Limit-USD-150-300-201012.txt"


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(args)
    got = capsys.readouterr()
    return status, got.out, got.err


def test_tournaments_json_per_type_in_two_units(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(
        ["tournaments", str(PS_SUM), str(FT_SUM), "--player", "hero", "--json"], capsys
    )
    assert status == 0
    rows = json.loads(out)
    # FT_LOSS: "Buy-In: $9.60 + $0.40" (line 2), "2: Hero" (line 10, no prize). HOME:
    # "Buy-In: 100/9" (line 2), "1: Hero (United States), 200 (100%)" (line 7).
    assert [(r["site"], r["unit"], r["buy_in"], r["fee"]) for r in rows] == [
        ("FullTilt", "USD", "9.60", "0.40"),
        ("PokerStars", "play money", "100", "9"),
    ]
    ft, home = rows
    assert (ft["entries"], ft["cost"], ft["prizes"], ft["net"], ft["roi"]) == (
        1, "10.00", "0.00", "-10.00", "-1.0000",
    )  # fmt: skip
    assert (home["cost"], home["prizes"], home["net"], home["roi"], home["itm"]) == (
        "109", "200", "91", "0.8349", "1.0000",
    )  # fmt: skip
    assert home["average_finish"] == "1.00" and ft["average_finish"] == "2.00"


def test_tournaments_csv_and_each(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(["tournaments", str(FT_SUM), "--csv"], capsys)
    assert status == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    # Each summary's hero: Hero (FT_LOSS line 10), sljons91 (27TD line 11), synthesiis
    # (27SD-USD-MTT line 45: 11th, no prize, buy-in "$1 + $0.10").
    assert sorted((r["player"], r["net"]) for r in rows) == [
        ("Hero", "-10.00"),
        ("sljons91", "28.50"),  # "1: sljons91, $60" less $30 + $1.50
        ("synthesiis", "-1.10"),
    ]
    status, out, _ = _run(["tournaments", str(FT_SUM), "--each", "--json"], capsys)
    each = json.loads(out)
    assert {(r["tournament_id"], r["place"]) for r in each} == {
        ("243560420", 2), ("211366000", 1), ("251286379", 11),
    }  # fmt: skip


def test_tournaments_command_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _run(["tournaments", str(FT_STT)], capsys)
    assert status == 2 and "no tournament summary" in err
    status, _, err = _run(["tournaments", str(FT_SUM), "--player", "nobody"], capsys)
    assert status == 2 and "no results for player 'nobody'" in err
    bad = tmp_path / "bad.txt"
    bad.write_text("Full Tilt Poker Tournament Summary $10 (1) Razz\nBuy-In: ten\n", "utf-8")
    status, out, err = _run(["tournaments", str(bad), str(FT_LOSS)], capsys)
    assert status == 1 and "bad.txt:2" in err and "Hero" in out


def test_stats_prints_the_tournaments_of_the_summaries(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(
        ["stats", str(FT_STT), str(FT_LOSS), str(HOME), "--player", "Hero", "--no-ev"], capsys
    )
    assert status == 0
    hands, _, tables = out.partition("tournaments (2 summaries")
    assert "Hero" in hands and tables
    lines = tables.splitlines()
    assert any("9.60+0.40 USD" in line and "-100.00%" in line for line in lines)
    assert any("100+9 play money" in line and "83.49%" in line for line in lines)
    # USD and play money apart, never added (10.00 + 109 would be 119.00).
    assert "119" not in tables and "tournaments in 2 units are shown apart" in tables
    assert "no summary" not in err  # 243560420's summary is given


def test_stats_of_summaries_only(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(["stats", str(FT_LOSS)], capsys)
    assert status == 0 and out.startswith("tournaments (1 summary;") and "Player0" not in out
    status, out, err = _run(["stats", str(FT_LOSS), "--json"], capsys)
    assert status == 0 and json.loads(out) == [] and "histparse tournaments" in err


def test_a_tournament_is_one_stakes_row(capsys: pytest.CaptureFixture[str]) -> None:
    options = ["--by", "stakes", "--player", "Hero", "--no-ev", "--json"]
    status, out, err = _run(["stats", str(FT_STT), *options], capsys)
    # Five levels (30/60, 40/80, 50/100, 60/120, 80/160), one row: no buy-in without the summary
    # (the Full Tilt header prints "$10 Heads-Up Sit & Go", not its parts).
    assert status == 0 and "1 tournament(s) in the hands have no summary" in err
    (row,) = json.loads(out)
    assert (row["stakes"], row["hands"], row["unit"]) == (
        "tournament 243560420",
        54,
        "tournament chips",
    )
    status, out, err = _run(["stats", str(FT_STT), str(FT_LOSS), *options], capsys)
    (row,) = json.loads(out)
    assert row["stakes"] == "tournament 243560420 (9.60+0.40 USD)" and row["hands"] == 54
    assert "histparse tournaments" in err


def test_stakes_in_numeric_order(capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(FT_150_300), str(FT_10_20), str(FT_5_10)]
    status, out, _ = _run(["stats", *files, "--by", "stakes", "--player", "Hero", "--json"], capsys)
    assert status == 0
    # As text "150/300" < "5/10"; by big blind 5 < 150. The hero of the 10/20 file sat out its
    # one hand (a 'dead hand', both seats sitting out): not dealt in, no 10/20 row.
    assert [r["stakes"] for r in json.loads(out)] == [
        "5/10 USD Limit",
        "150/300 USD Limit",
    ]


def test_parse_audit_export_count_summaries(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    paths = [str(FT_SUM), str(PS_SUM), str(FT_STT)]
    status, out, _ = _run(["parse", *paths], capsys)
    # 3 Full Tilt and 2 PokerStars summaries beside the 54 hands.
    assert status == 0 and "5 of them tournament summaries, not hand histories" in out
    status, out, _ = _run(["audit", *paths], capsys)
    assert status == 0 and "5 of the unsupported are tournament summaries" in out
    assert "unsupported: " not in out  # not listed as an unsupported game
    status, out, _ = _run(["export", "--out", str(tmp_path / "ds"), *paths], capsys)
    assert status == 0 and "5 tournament summary file(s), not hand histories" in out
    # A dataset cannot hold summaries: those given beside it are read.
    args = ["stats", str(tmp_path / "ds"), str(FT_LOSS), "--player", "Hero", "--by", "stakes"]
    status, out, _ = _run(args, capsys)
    assert status == 0 and "tournament 243560420 (9.60+0.40 USD)" in out
    assert "tournaments (1 summary;" in out


def test_a_cash_report_has_no_tournaments_table_unless_asked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    base = ["stats", str(FT_5_10), str(FT_LOSS), "--no-ev", "-j", "1"]
    status, out, err = _run(base, capsys)
    assert status == 0 and "tournaments (" not in out and "Hero" in out
    assert "1 tournament summary read; --tournaments shows their results" in err
    status, out, _ = _run([*base, "--tournaments"], capsys)
    assert status == 0 and "tournaments (1 summary;" in out
    # Tournament hands beside the summaries: the input is tournaments, the table is printed.
    status, out, _ = _run(["stats", str(FT_STT), str(FT_LOSS), "--no-ev", "-j", "1"], capsys)
    assert status == 0 and "tournaments (1 summary;" in out
