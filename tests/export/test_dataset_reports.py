"""``stats`` and ``graph`` given an exported dataset directory print exactly what they print from
the same text; datasets of schema versions 1 and 2 still load and report."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from histparse.cli import main
from histparse.export import export_histories, load
from histparse.frames import tables
from histparse.parsing import read_histories
from histparse.stats import SITUATION_STATS

ROOT = Path(__file__).resolve().parents[2]
V1 = str(ROOT / "tests" / "data" / "datasets" / "v1")
V2 = str(ROOT / "tests" / "data" / "datasets" / "v2")
V1_TEXT = [
    str(ROOT / "tests" / "data" / "pokerstars" / name)
    for name in (
        "3-Draw-Limit-USD-0.10-0.20-200911.txt",
        "8-Game-2max-STT-play-100-201306.homeGame.shootout.txt",
    )
]


def _out(argv: list[str]) -> tuple[int, str]:
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(io.StringIO()):
        status = main(argv)
    return status, buf.getvalue()


@pytest.fixture(scope="module")
def dataset(tmp_path_factory: pytest.TempPathFactory, samples: str) -> str:
    out = tmp_path_factory.mktemp("ds") / "samples"
    export_histories([samples], out, audit=False)
    return str(out)


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["--csv"],
        ["--by", "stakes,position", "--json"],
        ["--by", "session", "--player", "hero"],
        ["--game", "all", "--by", "date"],
        ["--unit", "USD", "--since", "2011-01-01", "--until", "2011-12-31"],
        ["--tournament", "--min-hands", "20", "--sort", "hands"],
        # Filters pushed into the dataset's scan (text matched case-insensitively).
        ["--stakes", "0.50/1 usd POT LIMIT", "--by", "position", "--csv"],
        ["--site", "pokerstars", "--max-seats", "6", "--cash", "--limit", "limit"],
        ["--since", "2011-06-01T08:00", "--until", "2012-01-01", "--tz", "Europe/Paris"],
        ["--game", "all", "--unit", "TOURNAMENT chips", "--by", "table"],
    ],
)
def test_stats_from_the_dataset_equal_stats_from_the_text(
    samples: str, dataset: str, args: list[str]
) -> None:
    text = _out(["stats", samples, *args])
    data = _out(["stats", dataset, *args])
    assert text[0] == data[0]
    assert text[1] and text[1] == data[1]


def test_graph_from_the_dataset_equals_the_graph_from_the_text(
    samples: str, dataset: str, tmp_path: Path
) -> None:
    a, b = tmp_path / "text.png", tmp_path / "data.png"
    assert _out(["graph", samples, "--player", "Hero", "--out", str(a)])[0] == 0
    assert _out(["graph", dataset, "--player", "Hero", "--out", str(b)])[0] == 0
    assert a.read_bytes() == b.read_bytes()


def test_a_version_1_dataset_loads_and_reports_as_its_text() -> None:
    t = load(V1)
    assert set(t.hands["unit"].astype(str)) == {"USD", "tournament chips"}
    assert t.hands["source_file"].isna().all() and t.players["final_cards"].isna().all()
    assert t.players["ev_net"].isna().all()  # exported before export filled the all-in EV
    for args in ([], ["--json"], ["--by", "position"]):
        assert _out(["stats", V1, *args]) == _out(["stats", *V1_TEXT, *args, "--no-ev"])


def test_a_version_2_dataset_gets_its_situation_counts_walked() -> None:
    """Version 2 players files have no situation counts: ``load`` walks them from the actions
    and draws, and the batch-by-batch ``stats`` does too, so both equal the text's."""
    old = load(V2)
    new = tables(h for path in V1_TEXT for h in read_histories(path))
    for s in SITUATION_STATS:
        for name in (s.name, s.opp):
            assert old.players[name].tolist() == new.players[name].tolist(), name
    assert int(old.players["fold_to_bet_1_opp"].sum()) > 0
    for args in ([], ["--by", "position", "--json"]):
        assert _out(["stats", V2, *args]) == _out(["stats", *V1_TEXT, *args])
