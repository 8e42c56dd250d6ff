"""The record's derived fields (``LineFacts`` properties: ``replayer/derived.py``,
``replayer/steps.py``), each checked value by value on a real hand worked out by hand."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, fields, replace
from decimal import Decimal
from pathlib import Path

import pytest
from test_tables_builder import HandBuilder

from histparse import read_histories
from histparse.cards import parse_cards
from histparse.engine import Position
from histparse.replayer import Act, LineFacts, read_facts, replay
from histparse.replayer.findings import Code
from histparse.replayer.steps import DrawRecord

D = Decimal
FILE = Path(__file__).resolve().parents[1] / "data" / "pokerstars"
FILE = FILE / "3-Draw-Limit-USD-0.10-0.20-200911.txt"


def first_hand() -> LineFacts:
    # PokerStars #35839001292, $0.10/$0.20, button seat 5: TheLabman SB, Hero BB; rumble1111
    # limps, cypis28 raises, bakter9 3-bets, rumble1111 calls, cypis28 caps, both call. Round
    # 1: cypis28 bets, bakter9 raises, rumble1111 folds. Round 2: cypis28 bets 0.20, bakter9
    # calls 0.18 all-in (0.02 back). Showdown: bakter9's 8-low beats cypis28's 9-low.
    (hand,) = [h for h in read_histories(FILE) if h.hand_id == "35839001292"]
    return replay(hand).body


def test_steps_are_every_post_and_action_in_order() -> None:
    body = first_hand()
    steps = body.steps
    assert [(s.round, s.player, s.act.value, str(s.amount)) for s in steps[:6]] == [
        (0, "TheLabman", "post_sb", "0.05"),
        (0, "Hero", "post_bb", "0.10"),
        (0, "rumble1111", "call", "0.10"),
        (0, "Eisenherz73", "fold", "0"),
        (0, "cypis28", "raise", "0.20"),
        (0, "bakter9", "raise", "0.30"),
    ]
    assert [s.line for s in steps[:6]] == [9, 10, 13, 14, 15, 16]
    # A raise's to-amount is the round total; a fold's is None.
    cap = steps[9]
    assert (cap.player, cap.act, cap.amount, cap.to_amount) == (
        "cypis28",
        Act.RAISE,
        D("0.20"),
        D("0.40"),
    )
    assert steps[3].to_amount is None
    last = steps[-1]
    assert (last.round, last.player, last.act, last.amount, last.all_in) == (
        2, "bakter9", Act.CALL, D("0.18"), True,
    )  # fmt: skip
    assert len(steps) == 19 and [s.all_in for s in steps].count(True) == 1
    assert [s.act.is_post for s in steps[:3]] == [True, True, False]
    assert all(a.is_post for a in (Act.POST_SB, Act.POST_BB, Act.POST_ANTE, Act.POST_DEAD))
    assert not any(a.is_post for a in (Act.FOLD, Act.CHECK, Act.CALL, Act.BET, Act.RAISE))
    assert body.all_in == frozenset({"bakter9"})


def test_seats_positions_and_money() -> None:
    body = first_hand()
    assert [(s.seat, s.player) for s in body.seats] == [
        (1, "Hero"), (2, "rumble1111"), (3, "Eisenherz73"), (4, "cypis28"), (5, "bakter9"),
        (6, "TheLabman"),
    ]  # fmt: skip
    assert dict(body.positions) == {
        "TheLabman": Position.SB, "Hero": Position.BB, "rumble1111": Position.UTG,
        "Eisenherz73": Position.MP, "cypis28": Position.CO, "bakter9": Position.BTN,
    }  # fmt: skip
    # cypis28: 0.40 + 0.20 + 0.20, less the 0.02 returned; bakter9 0.40 + 0.20 + 0.18.
    assert dict(body.invested) == {
        "TheLabman": D("0.05"), "Hero": D("0.10"), "rumble1111": D("0.40"),
        "cypis28": D("0.78"), "bakter9": D("0.78"),
    }  # fmt: skip
    assert body.invested_by("cypis28") == D("0.78")
    assert body.invested_by("Eisenherz73") == 0
    assert body.collected_by("bakter9") == D("2.01")
    assert body.collected_by("cypis28") == 0
    stakes = (body.small_bet, body.big_bet, body.small_blind, body.big_blind)
    assert stakes == (D("0.10"), D("0.20"), D("0.05"), D("0.10"))


def test_draws_cards_and_showdown() -> None:
    body = first_hand()
    records = body.draw_records
    assert [(r.draw, r.player, r.discarded, r.pat) for r in records] == [
        (1, "rumble1111", 2, False), (1, "cypis28", 2, False), (1, "bakter9", 1, False),
        (2, "cypis28", 1, False), (2, "bakter9", 0, True),
        (3, "cypis28", 0, True), (3, "bakter9", 0, True),
    ]  # fmt: skip
    assert records[0].discarded_cards is None and records[4].discarded_cards == ()
    assert isinstance(records[0], DrawRecord)
    hero = parse_cards("8s Ts 8h 2s 3s")
    assert dict(body.dealt_cards) == {"Hero": hero}
    assert dict(body.final_cards) == {
        "cypis28": parse_cards("7c 6d 9c 4s 2c"), "bakter9": parse_cards("7s 5s 8d 4h 3c"),
        "Hero": hero,
    }  # fmt: skip
    assert body.has_showdown is True


def test_a_walk_has_no_showdown_and_the_blinds_as_posted() -> None:
    # Heads-up, X (button) posts the small blind and folds: Y's 0.05 above it comes back.
    h = HandBuilder(["X", "Y"], button=1, hand_id="3").sb("X").bb("Y").deal().fold("X")
    body = replay(h.uncalled("Y", "0.05").collect("Y", "0.10").build()).body
    assert body.has_showdown is False
    assert dict(body.invested) == {"X": D("0.05"), "Y": D("0.05")}
    assert (body.small_blind, body.big_blind) == (D("0.05"), D("0.10"))
    assert body.final_cards == {} and body.draw_records == ()
    # A short big blind (all in for less) is not the stake: the header's is.
    h = HandBuilder(["X", "Y"], button=1, stacks=["5", "0.06"], hand_id="4")
    h.sb("X").bb("Y", "0.06", all_in=True).deal().call("X", "0.01").showdown()
    h.show("X", "7h 5d 4c 3s 2h").show("Y", "Kh Kd 4s 3h 2c").collect("X", "0.12")
    body = replay(h.build()).body
    assert body.big_blind == D("0.10") and body.small_blind == D("0.05")
    assert body.all_in == frozenset({"Y"}) and body.has_showdown is True


def test_pots_are_named_as_pokerstars_numbers_them() -> None:
    # B all in for the big blind, C all in raising to 0.20, A calls: a main pot of 0.30 and a
    # side pot of 0.20 (A's and C's), both A's.
    h = HandBuilder(["A", "B", "C"], button=3, stacks=["5", "0.10", "0.20"], hand_id="7")
    h.sb("A").bb("B", all_in=True).deal().raise_to("C", "0.10", "0.20", all_in=True)
    h.call("A", "0.15")
    for k in (1, 2, 3):
        h.draw_round(k).pat("A").pat("B").pat("C")
    h.showdown().show("A", "7h 5d 4c 3s 2h").show("B", "Kh Kd 4s 3h 2c")
    h.show("C", "9s 8h 6d 4d 3c").collect("A", "0.20", "side pot").collect("A", "0.30", "main pot")
    pots = replay(h.build()).pots
    assert [(p.name, p.amount, p.net) for p in pots] == [
        ("main pot", D("0.30"), D("0.30")),
        ("side pot-1", D("0.20"), D("0.20")),
    ]


def frozen_with_slots(record: object) -> None:
    assert not hasattr(record, "__dict__")
    with pytest.raises(FrozenInstanceError):
        setattr(record, fields(record)[0].name, None)  # type: ignore[arg-type]


def test_the_replay_of_a_real_hand_its_records_and_its_one_line() -> None:
    (hand,) = [h for h in read_histories(FILE) if h.hand_id == "35839001292"]
    r = replay(hand, trace=True)
    (pot,) = r.pots
    assert (pot.name, pot.amount, pot.rake, pot.net) == (
        "main pot",
        D("2.11"),
        D("0.10"),
        D("2.01"),
    )
    (back,) = r.returned
    assert (back.player, back.amount) == ("cypis28", D("0.02"))
    for record in (pot, r.player("bakter9"), back, r.states[0], r.body, r):
        frozen_with_slots(record)
    assert r.player("bakter9").player == "bakter9"
    with pytest.raises(KeyError, match="nobody"):
        r.player("nobody")
    assert repr(r) == "<Replay PokerStars #35839001292: complete, 1 pots, 0 findings>"
    assert (r.worst, r.codes, r.audited, read_facts(hand).audited) == (
        None,
        frozenset(),
        True,
        False,
    )
    # The record's hand and profile, and what it derived, are neither compared nor printed.
    body = r.body
    assert body.steps and "steps" in body.derived
    other = replace(body, hand=replace(hand, hand_id="1"), derived={})
    assert other == body and "hand=" not in repr(body) and "derived=" not in repr(body)
    assert "profile=" not in repr(body)
    assert body.unrecorded is False  # PokerStars prints every draw


def test_a_replays_findings_in_its_one_line() -> None:
    # No big blind: the replay finds it (and what follows from it).
    h = HandBuilder(["S", "B", "C", "D"], button=4, hand_id="12")
    h.sb("S").deal().fold("C").bet("D", "0.10").fold("S").fold("B")
    r = replay(h.uncalled("D", "0.10").collect("D", "0.05").build())
    codes = sorted(r.codes)
    assert Code.BLIND_MISSING in r.codes and len(r.findings) >= len(codes) > 0
    assert repr(r).endswith(f", {len(r.findings)} findings ({', '.join(codes)})>")
    assert r.worst == max(f.severity for f in r.findings)
    quiet = r.with_findings(())
    assert (quiet.findings, quiet.codes, quiet.worst) == ((), frozenset(), None)
    assert quiet.hand is r.hand and r.findings


def test_a_replay_shows_itself_in_jupyter_once_the_views_are_loaded() -> None:
    import histparse.views  # noqa: F401  (registers the display hook)

    (hand,) = [h for h in read_histories(FILE) if h.hand_id == "35839001292"]
    html = replay(hand)._repr_html_()
    assert html is not None and "hp-hand" in html and "35839001292" in html
