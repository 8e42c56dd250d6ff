"""Full Tilt hands through the reports as PokerStars hands go: the notebooks' calls (tables,
player statistics, the dashboard, ``render_hand``, the audit and the Parquet dataset), ``graph``,
and ``show`` wording hands Full Tilt's way (``J,7,5,3,2``, ``a pair of Sevens``, no ``Lo:``)."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

import histparse as hp
from histparse.cards import parse_cards
from histparse.cli import main
from histparse.export import export_histories, load
from histparse.plots import dashboard
from histparse.show import describe_cards, render_hand
from histparse.stats import showdown_classes

DATA = Path(__file__).resolve().parents[1] / "data"
FULLTILT = DATA / "real_histories" / "fulltilt"
SNG = FULLTILT / "3-Draw-Limit-USD-STT-2max-10-201211.txt"  # 54 heads-up hands, Hero in all
CAPPED = FULLTILT / "3-Draw-Limit-USD-150-300-201012.txt"
STARS = DATA / "pokerstars" / "3-Draw-Limit-USD-0.10-0.20-200911.txt"


@pytest.fixture(scope="module")
def sng() -> list[hp.Hand]:
    hands = list(hp.read_histories(SNG))
    assert len(hands) == 54
    return hands


def test_the_review_notebooks_calls_on_full_tilt_hands(sng: list[hp.Hand]) -> None:
    t = hp.tables(sng)
    assert set(t.hands["site"]) == {"FullTilt"} and len(t.hands) == 54
    hero = hp.player_stats(t, players="Hero").iloc[0]
    assert hero["hands"] == 54
    by_position = hp.player_stats(t, by="position", players="Hero")
    assert set(by_position["position"]) == {"BTN", "BB"}  # heads-up: button and big blind
    fig = dashboard(t, "Hero")
    assert len(fig.axes) >= 4
    assert "Hero" in render_hand(sng[0])


def test_the_audit_notebooks_calls_on_full_tilt_hands() -> None:
    results = list(hp.read_results(FULLTILT / "3-Draw-Limit-USD-5-10-201211.txt"))
    (hand,) = [r for r in results if isinstance(r, hp.Hand)]
    assert hp.replay(hand).findings == ()
    assert list(hp.audit_results(results)) == []


def test_the_parquet_notebooks_calls_on_full_tilt_hands(tmp_path: Path) -> None:
    out = tmp_path / "ds"
    report = export_histories([str(SNG)], out)
    assert report.new == 54
    dataset = load(out)
    assert set(dataset.hands["site"].astype(str)) == {"FullTilt"}
    assert len(showdown_classes(dataset, "Hero")) > 0


def test_graph_writes_a_full_tilt_players_png(tmp_path: Path) -> None:
    out = tmp_path / "hero.png"
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["graph", str(SNG), "--player", "Hero", "--out", str(out)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_show_words_hands_as_full_tilt_does() -> None:
    (hand,) = hp.read_histories(CAPPED)
    text = render_hand(hand)
    assert "shows [Js 7d 5c 3c 2d]: J,7,5,3,2 (rank 128)" in text
    assert "the summary shows [7h 7c 8c 5d 3d]: a pair of Sevens (rank 2393)" in text
    assert "a pair of Twos" in text  # the hero's deal, [2h Qd 4s Tc 2c]: Full Tilt's "Twos"
    assert "Lo: " not in text and "the site says" not in text  # its own wording matches
    # PokerStars hands keep PokerStars' wording.
    stars = render_hand(next(iter(hp.read_histories(STARS))))
    assert "Lo: " in stars


def test_describe_cards_by_site() -> None:
    cards = parse_cards("Js 7d 5c 3c 2d")
    assert describe_cards(cards) == "Lo: J,7,5,3,2 (rank 128)"
    assert describe_cards(cards, "FullTilt") == "J,7,5,3,2 (rank 128)"
    assert describe_cards(cards, "PokerStars") == "Lo: J,7,5,3,2 (rank 128)"
