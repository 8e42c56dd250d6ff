"""``histparse stats`` on the real 2009 file (numbers as counted by hand in test_stats_real)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pandas as pd
import pytest

from histparse.cli import main
from histparse.stats import STATS

DATA = Path(__file__).resolve().parents[1] / "data" / "pokerstars"
TD_2009 = str(DATA / "3-Draw-Limit-USD-0.10-0.20-200911.txt")


def test_json_has_every_stat_with_count_opp_and_rate(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", TD_2009, "--player", "LumBita", "--player", "cypis28", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["player"] for r in rows] == ["LumBita", "cypis28"]
    lum = rows[0]
    assert (lum["hands"], lum["net"], lum["bb_per_100"], lum["BB_per_100"]) == (
        5, "0.22", "44.00", "22.00",
    )  # fmt: skip
    assert lum["rake_share"] == "0.09"
    assert lum["vpip"] == {"count": 3, "opp": 5, "rate": 0.6}
    assert lum["fold_to_three_bet"] == {"count": 0, "opp": 0, "rate": None}
    assert lum["af"] == {"count": 4, "opp": 5, "rate": 0.8}
    for s in STATS:
        assert set(rows[1][s.name]) == {"count", "opp", "rate"}
    assert rows[1]["net"] == "-1.40"


def test_json_by_position(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", TD_2009, "--player", "LumBita", "--by", "position", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {r["position"]: r["net"] for r in rows} == {
        "UTG": "-0.10", "MP": "1.07", "CO": "-0.40", "SB": "-0.67", "BB": "0.32",
    }  # fmt: skip


def test_csv_has_every_column(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", TD_2009, "--csv"]) == 0
    df = pd.read_csv(io.StringIO(capsys.readouterr().out), dtype={"net": str})
    assert len(df) == 10  # players seen at the table in the file
    assert {"player", "hands", "net", "bb_per_100", "vpip_opp", "vpip_rate", "d3_drew5"} <= set(
        df.columns
    )
    assert df.set_index("player").loc["cypis28", "net"] == "-1.40"


def test_readable_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", TD_2009]) == 0
    out = capsys.readouterr().out
    header, *lines = out.splitlines()
    # One unit: the net's header names it, the cells are bare amounts.
    assert header.split()[:7] == ["player", "hands", "net", "USD", "bb/100", "VPIP", "PFR"]
    assert max(map(len, out.splitlines())) <= 120
    lum = next(line for line in lines if line.split()[0] == "LumBita").split()
    # hands, net, bb/100, then each percentage with its count and opportunities.
    assert lum[1:8] == ["5", "0.22", "44.00", "60.0", "(3/5)", "0.0", "(0/5)"]
    # Most hands first (--sort hands is the text's default): right-aligned under "hands".
    end = header.index("hands") + len("hands")
    hands = [int(line[:end].split()[-1]) for line in lines if line.strip()]
    assert hands == sorted(hands, reverse=True) and hands[0] == 17


def test_every_column(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", TD_2009, "--columns", "all", "--sort", "player"]) == 0
    header, *lines = capsys.readouterr().out.splitlines()
    assert header.split()[:12] == [
        "player", "hands", "net", "USD", "net", "bb", "net", "BB", "bb/100", "BB/100", "EV",
        "bb/100",
    ]  # fmt: skip
    lum = next(line for line in lines if line.split()[0] == "LumBita").split()
    # hands, net, net in big blinds and big bets, bb/100, BB/100, EV bb/100 (no all-in: the
    # bb/100), rake share
    assert lum[1:9] == ["5", "0.22", "2.20", "1.10", "44.00", "22.00", "44.00", "0.09"]


def test_could_not_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", str(tmp_path / "missing.txt")]) == 2
    assert "missing.txt" in capsys.readouterr().err
    assert main(["stats", TD_2009, "--player", "nobody"]) == 2
    assert "nobody" in capsys.readouterr().err
    empty = tmp_path / "empty.txt"
    empty.write_text("", encoding="utf-8")
    assert main(["stats", str(empty)]) == 2


def test_rejected_hands_are_reported_and_give_status_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = Path(TD_2009).read_text(encoding="utf-8")
    first, rest = text.split("\n\n\n\n", 1)
    broken = first.replace("cypis28: raises $0.10 to $0.40", "cypis28: juggles $0.10")
    bad = tmp_path / "bad.txt"
    bad.write_text(broken + "\n\n\n\n" + rest, encoding="utf-8")
    assert main(["stats", str(bad), "--player", "LumBita", "--json"]) == 1
    captured = capsys.readouterr()
    assert "1 hand(s) left out" in captured.err
    assert json.loads(captured.out)[0]["hands"] == 5


def test_cli_choices_match_the_library() -> None:
    from histparse.cli.stats_cmd import BY_CHOICES
    from histparse.stats import BY_KEYS

    assert BY_CHOICES == BY_KEYS


def test_columns_and_width(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", TD_2009, "--columns", "hands,three_bet,W$SD", "--sort", "vpip"]) == 0
    header, first, *_ = capsys.readouterr().out.splitlines()
    assert header.split() == ["player", "hands", "3Bet", "W$SD"]
    assert first.split()[0] == "LumBita"  # the highest VPIP: 60.0 (3/5)
    assert main(["stats", TD_2009, "--width", "80"]) == 0
    captured = capsys.readouterr()
    assert max(map(len, captured.out.splitlines())) <= 80
    assert "more column(s) with --columns (" in captured.err
    assert main(["stats", TD_2009, "--columns", "vpip,nope"]) == 2
    assert "unknown column 'nope'; the columns are hands, net" in capsys.readouterr().err


def test_by_kept_class(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", TD_2009, "--by", "kept_class", "--json", "--no-ev"]) == 0
    rows = json.loads(capsys.readouterr().out)
    hero = {r["kept_class"]: r["hands"] for r in rows if r["player"] == "Hero"}
    # The hero's kept cards are known; the others' are not, or they folded before the draw.
    assert sum(hero.values()) == 17 and "unknown" not in hero and "no draw 1" in hero
    others = {r["kept_class"] for r in rows if r["player"] != "Hero"}
    assert others <= {"unknown", "no draw 1"}
