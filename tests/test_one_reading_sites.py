"""Nothing drops a hand, on every site: generated hands (reshuffled all-ins among them) are all
in the tables read from text and in the exported dataset, and every all-in showdown has an EV
or the reason it has none, counted in the commands' summaries (issue 32; the 20,000-hand run
of each site is ``bench/check_one_reading.py``)."""

from __future__ import annotations

import contextlib
import io
from functools import cache
from pathlib import Path

import pytest

from histparse import read_histories, tables
from histparse.cli import main
from histparse.events import Hand
from histparse.export import load
from histparse.replayer import read_facts

SITES = ("pokerstars", "fulltilt", "winamax", "kingsclub", "merge")
HANDS = 150


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


@cache
def _generated(site: str, folder: str) -> Path:
    path = Path(folder) / f"{site}.{'xml' if site == 'merge' else 'txt'}"
    status, _, _ = _run(
        ["generate", "--hands", str(HANDS), "--seed", "32", "--site", site,
         "--focus", "reshuffle,all-in", "--out", str(path), "-q"]
    )  # fmt: skip
    assert status == 0
    return path


def _needed_reshuffle(hand: Hand) -> bool:
    body = read_facts(hand).body
    return 5 * len(body.seats) + sum(d.discarded for d in body.draw_records) > 52


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> str:
    return str(tmp_path_factory.mktemp("sites"))


@pytest.mark.parametrize("site", SITES)
def test_every_hand_is_in_the_tables_and_the_dataset(site: str, folder: str) -> None:
    path = _generated(site, folder)
    hands = list(read_histories(path))
    assert len(hands) == HANDS
    assert any(map(_needed_reshuffle, hands))  # the corpus holds reshuffles
    t = tables(hands)
    assert len(t.hands) == HANDS
    out = Path(folder) / f"{site}-ds"
    status, text, _ = _run(["export", str(path), "--out", str(out), "-q"])
    assert status == 0, text
    ds = load(out)
    assert len(ds.hands) == HANDS and len(ds.players) == len(t.players)
    # Every all-in showdown has an EV (its contenders' allin_method) or says why not.
    allin = ds.players[ds.players["went_to_showdown"]]
    with_ev = set(allin.loc[allin["allin_method"].notna(), "hand_id"].astype(str))
    notes = ds.hands.set_index(ds.hands["hand_id"].astype(str))["allin_ev_note"]
    for hand in hands:
        body = read_facts(hand).body
        if body.has_showdown and body.all_in & {s.player for s in body.seats}:
            hid = str(hand.hand_id)
            assert hid in with_ev or notes[hid] is not None, (site, hid)
    assert with_ev, site


def test_the_summaries_count_the_hands_without_an_ev(folder: str) -> None:
    """``stats`` and ``export`` say how many all-in showdowns have no EV, by reason."""
    path = _generated("winamax", folder)  # its export form shows no mucked hand
    hands = tables(read_histories(path)).hands
    n = int(hands["allin_ev_note"].notna().sum())
    assert n > 0
    status, _, err = _run(["stats", str(path), "-q"])
    assert status == 0
    assert f"{n:,} all-in showdown(s) without an all-in EV (cards not shown: {n:,})" in err
    status, text, _ = _run(["export", str(path), "--out", str(Path(folder) / "wx-ds")])
    assert status == 0
    assert f"{n:,} all-in showdown(s) stored without an all-in EV (cards not shown: {n:,})" in text
