"""All-in EV on real PokerStars hands: eligibility, the snapshot, EV net and luck."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from histparse.allin import allin_ev, snapshot
from histparse.allin.ev import RESULT, _candidates, _situation
from histparse.cards import parse_cards
from histparse.equity import equity
from histparse.events import Hand
from histparse.game import Street
from histparse.parsing import read_histories
from histparse.replayer import Replay, replay

REAL = Path(__file__).resolve().parents[1] / "data" / "real_histories" / "pokerstars"
TD_2009 = REAL / "3-Draw-Limit-USD-0.10-0.20-200911.txt"
SD_ANTE = REAL / "2-7 Single Draw-NL-USD-2max-STT-1.40-201212.ante.all.in.txt"


def hand(path: Path, hand_id: str) -> Hand:
    for h in read_histories(path, on_error="skip"):
        if h.hand_id == hand_id:
            return h
    raise LookupError(hand_id)


def replayed(path: Path, hand_id: str) -> Replay:
    return replay(hand(path, hand_id))


def test_all_in_on_the_first_draw_round_two_draws_left() -> None:
    """cypis28 raises all-in after the first draw (DRAW1): two draws left. It drew one then
    stood pat and showed 8-7-6-3-2, so it kept four of those five (five candidates, weighted
    by the policy: all five are four distinct cards of 8 or lower it would keep, so the
    weights differ only by the pairs and flushes a fifth card could make);
    bakter9 stood pat twice with 7-6-5-4-2, so its hand is known."""
    r = replayed(TD_2009, "35839118248")
    snap = snapshot(r)
    assert snap is not None
    assert (snap.street, snap.draws_left) == (Street.DRAW1, 2)
    assert snap.contenders == ("cypis28", "bakter9")
    assert snap.draws_after == {"cypis28": (1, 0), "bakter9": (0, 0)}
    # The hero folded: its cards are out for good; three folded hands unknown; the first
    # draw's three discards unknown.
    assert set(snap.out) == set(parse_cards("Js 3d Qc 9s 5h"))
    assert (snap.unknown_out, snap.unknown_dead) == (15, 3)
    combos = _candidates(snap, 0)
    assert len(combos) == 5
    exact = [equity(_situation(snap, c, r.hand.game)).players[0].exact for c, _ in combos]
    weights = [w for _, w in combos]
    assert sum(weights) == pytest.approx(1) and min(weights) > 0.15
    # Each candidate: a subset kept and one card thrown with it (drawn from those the policy
    # would throw). Keeping 7-6-3-2 (about 5 outs in 37, twice) is the best chance; an 8 kept
    # can only win through a flush broken again (8-7-6-2 of hearts); the rest never win.
    best = max(range(5), key=lambda i: exact[i] or 0)
    assert sorted(combos[best][0]["cypis28"][0]) == sorted(parse_cards("7h 6h 3s 2h"))
    assert 0.15 < (exact[best] or 0) < 0.25 and exact.count(0) == 3
    assert all(len(c["cypis28"][1] or ()) == 1 for c, _ in combos)
    ev = allin_ev(r)
    assert ev is not None and ev.method == "exact" and ev.candidates == 5
    cyp, bak = ev.player("cypis28"), ev.player("bakter9")
    assert cyp.equity == pytest.approx(
        sum(w * float(e) for w, e in zip(weights, exact, strict=True) if e is not None)
    )
    assert (cyp.equity_min, cyp.equity_max) == (0.0, pytest.approx(float(exact[best] or 0)))
    assert cyp.equity + bak.equity == pytest.approx(1)
    # EV net = equity x (pot - rake) - invested; luck = net - EV net.
    pot = Decimal("1.29") - Decimal("0.06")
    assert cyp.ev_net == (Decimal(repr(cyp.equity)) * pot - Decimal("0.62")).quantize(
        Decimal("0.01")
    )
    assert cyp.net == Decimal("-0.62") and bak.net == Decimal("0.61")
    for p in ev.players:
        assert p.luck == p.net - p.ev_net and p.equity_se == 0


def test_single_draw_all_in_from_the_blind() -> None:
    """An all-in post (the ante and blind) in 2-7 Single Draw: one draw left; the hero's
    hand is known from its Dealt to lines."""
    r = replayed(SD_ANTE, "71348201941")
    ev = allin_ev(r, exact_limit=1_000_000)
    assert ev is not None
    assert (ev.street, ev.draws_left, ev.method) == (Street.PREDRAW, 1, "exact")
    sampled = allin_ev(r)  # beyond the tables' exact limit: Monte Carlo
    assert sampled is not None and sampled.method == "monte-carlo"
    for p in sampled.players:
        assert abs(p.equity - ev.player(p.player).equity) <= 3 * p.equity_se
    assert sum(p.equity for p in ev.players) == pytest.approx(1)
    assert sum(p.ev_net for p in ev.players) == pytest.approx(0, abs=0.011)  # no rake
    assert all(p.ev_net == p.ev_net.quantize(Decimal("0.01")) for p in ev.players)


def test_both_pat_at_the_last_draw_is_decided() -> None:
    r = replayed(TD_2009, "35839001292")
    ev = allin_ev(r)
    assert ev is not None and ev.draws_left == 1
    assert sorted(p.equity for p in ev.players) == [0.0, 1.0]
    assert all(p.luck == 0 for p in ev.players)


def test_hands_without_an_all_in_are_not_eligible() -> None:
    hands = list(read_histories(TD_2009, on_error="skip"))
    eligible = {h.hand_id for h in hands if allin_ev(replay(h)) is not None}
    assert eligible == {"35839001292", "35839118248", "35839959625"}
    assert len(hands) > 10


def test_all_in_on_the_last_betting_round_is_the_result() -> None:
    """tom1206 bets all-in after the third draw: no draw left, the EV is the result (the
    mucked hands of the summary count as shown)."""
    ev = allin_ev(replayed(TD_2009, "35839959625"))
    assert ev is not None
    assert (ev.street, ev.draws_left, ev.method, ev.candidates) == (Street.DRAW3, 0, RESULT, 1)
    assert [p.player for p in ev.players] == ["Hero", "tom1206", "LumBita"]
    assert [p.equity for p in ev.players] == [0.0, 1.0, 0.0]
    assert all(p.ev_net == p.net and p.luck == 0 for p in ev.players)
    assert ev.player("tom1206").net == Decimal("1.72")


def test_the_same_hand_gives_the_same_numbers_with_monte_carlo() -> None:
    r = replayed(TD_2009, "35839118248")
    a = allin_ev(r, exact_limit=0, samples=4_000)
    b = allin_ev(r, exact_limit=0, samples=4_000)
    assert a is not None and a == b and a.method == "monte-carlo"
    cyp = a.player("cypis28")
    exact = allin_ev(r)
    assert exact is not None
    assert abs(cyp.equity - exact.player("cypis28").equity) <= 3 * cyp.equity_se
    assert RESULT == "result"


def test_the_players_table_carries_the_all_in_columns() -> None:
    """``tables``: the contenders of the all-in showdowns get the figures; every other row has
    ``ev_net == net`` and ``luck == 0``; EV net + luck is the net everywhere."""
    from histparse.frames import tables

    players = tables(read_histories(TD_2009, on_error="skip"), allin_ev=True).players
    flagged = players[players["allin_method"].notna()]
    assert sorted(set(flagged["hand_id"])) == ["35839001292", "35839118248", "35839959625"]
    assert len(flagged) == 2 + 2 + 3
    row = flagged[(flagged["hand_id"] == "35839118248") & (flagged["player"] == "cypis28")].iloc[0]
    ev = allin_ev(replayed(TD_2009, "35839118248"))
    assert ev is not None
    figures = ev.player("cypis28")
    assert row["allin_draws_left"] == 2 and row["allin_method"] == "exact"
    assert row["allin_equity"] == pytest.approx(figures.equity)
    assert (row["allin_equity_min"], row["allin_equity_max"]) == (0.0, figures.equity_max)
    assert row["ev_net"] == figures.ev_net and row["luck"] == figures.luck
    rest = players[players["allin_method"].isna()]
    assert rest["allin_equity"].isna().all() and rest["allin_draws_left"].isna().all()
    assert (rest["ev_net"] == rest["net"]).all() and (rest["luck"] == 0).all()
    assert ((players["ev_net"] + players["luck"]) == players["net"]).all()


def test_the_all_in_columns_are_null_when_not_asked_for() -> None:
    """With ``allin_ev=False`` (faster) nothing is computed, and nothing reads as if it were:
    EV net and luck are null, not "the net" and 0."""
    from histparse.frames import tables

    players = tables(read_histories(TD_2009, on_error="skip"), allin_ev=False).players
    for column in ("allin_method", "allin_equity", "ev_net", "luck"):
        assert players[column].isna().all(), column
