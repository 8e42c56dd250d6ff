"""One reading of a hand: the replay's record feeds the tables, ``show`` and the engine alike.

Every hand of every real file in ``tests/data`` is read once; who is dealt in, each position and
each blind poster must be the same in the engine's view (``Replay.players``), the record
(``body.seats``/``positions``), the tables (``players`` rows) and ``show``'s seat list. The
facts-only pass (``read_facts``, no engine) must give the very same record.
"""

from __future__ import annotations

import re
from decimal import Decimal
from functools import cache
from pathlib import Path

import pytest

from histparse import read_histories
from histparse.engine import Position, assign_positions
from histparse.events import Hand, Seat
from histparse.frames import tables
from histparse.replayer import Replay, read_facts, replay
from histparse.show import render_hand
from histparse.simulation import simulate

DATA = Path(__file__).resolve().parents[1] / "data"
REAL = DATA / "real_histories"

# The record's fields the tables and views read: equal with and without the engine.
RECORD_FIELDS = (
    "dealt_in",
    "seats",
    "positions",
    "steps",
    "draw_records",
    "all_in",
    "invested",
    "collected_totals",
    "dealt_cards",
    "final_cards",
    "reshuffles",
    "small_bet",
    "big_bet",
    "small_blind",
    "big_blind",
    "has_showdown",
    "folds",
)


@cache
def _real_hands() -> tuple[Hand, ...]:
    """Each hand once (some files repeat a hand of another: the first reading is kept)."""
    seen: dict[tuple[str, str], Hand] = {}
    for hand in read_histories(REAL, DATA / "pokerstars", DATA / "other_sites"):
        seen.setdefault((hand.site, str(hand.hand_id)), hand)
    return tuple(seen.values())


@cache
def _replays() -> dict[tuple[str, str], Replay]:
    return {(h.site, str(h.hand_id)): replay(h) for h in _real_hands()}


def _hand(hand_id: str) -> Replay:
    found = [r for (_, hid), r in _replays().items() if hid == hand_id]
    assert len(found) == 1, hand_id
    return found[0]


def _shown_positions(text: str) -> dict[str, str]:
    """The position column of ``show``'s seat list (``-`` for a seat not dealt in)."""
    out: dict[str, str] = {}
    lines = iter(text.splitlines())
    for line in lines:
        if line == "Seats":
            break
    for line in lines:
        m = re.match(r"  Seat \d+: (.+?)  +\S+  +(\S+)", line)
        if m is None:
            break
        out[m.group(1)] = m.group(2)
    return out


def test_real_hands_are_many_and_of_every_site() -> None:
    sites = {h.site for h in _real_hands()}
    assert {"PokerStars", "FullTilt", "Winamax", "Kings Club", "Merge"} <= sites
    assert len(_real_hands()) > 150


def test_engine_record_tables_and_show_agree_on_seating() -> None:
    """Dealt in, positions and blind posters: one answer for the engine, tables and show."""
    hands = _real_hands()
    players = tables(hands, replays=lambda h: _replays()[(h.site, str(h.hand_id))]).players
    rows: dict[tuple[str, str], dict[str, str]] = {}
    for site, hid, player, pos in zip(
        players["site"], players["hand_id"], players["position"], players["player"], strict=True
    ):
        rows.setdefault((str(site), str(hid)), {})[str(pos)] = str(player)
    checked = 0
    for hand in hands:
        key = (hand.site, str(hand.hand_id))
        r = _replays()[key]
        body = r.body
        dealt = set(body.dealt_in)
        assert {p.player for p in r.players if p.dealt_in} == dealt, key
        assert {s.player for s in body.seats} == dealt, key
        assert set(body.positions) == dealt, key
        if body.cancelled:
            assert key not in rows
            continue
        assert rows.get(key, {}) == {p: pos.value for p, pos in body.positions.items()}, key
        shown = _shown_positions(render_hand(hand, r))
        for s in hand.seats:
            expected = body.positions[s.player].value if s.player in dealt else "-"
            assert shown[s.player] == expected, (key, s.player)
        # Whoever posts a small blind in full sits in the SB (a new player's extra blind and
        # a dead blind are other posts).
        for step in body.steps:
            if step.act.value == "post_sb" and not step.all_in and len(dealt) > 2:
                assert body.positions[step.player] is Position.SB, key
        checked += 1
    assert checked > 140


@pytest.mark.parametrize(
    ("hand_id", "out", "hero_position"),
    [
        # Full Tilt: Player2, Player4 and Player5 'is sitting out'; the hero posts the SB.
        ("25325440000", {"Player2", "Player4", "Player5"}, Position.SB),
        # 'Seat 3: Player3 ($4,941), is sitting out': not the BB, five dealt in.
        ("25325990000", {"Player3"}, None),
        # The hero sat out but is not listed as such: no row for the hero.
        ("25585334444", {"Hero"}, None),
    ],
)
def test_full_tilt_sitting_out_players_have_no_row(
    hand_id: str, out: set[str], hero_position: Position | None
) -> None:
    r = _hand(hand_id)
    t = tables([r.hand], replays=lambda h: r)
    names = set(t.players["player"].astype(str))
    assert names.isdisjoint(out)
    assert names == set(r.body.dealt_in)
    assert int(t.hands["n_players"].iloc[0]) == len(r.hand.seats) - len(out)
    assert not t.players["went_to_showdown"][t.players["invested"] == 0].any()
    if hero_position is not None:
        assert r.body.positions["Hero"] is hero_position


def _facts_equal(hand: Hand) -> None:
    full, facts = replay(hand).body, read_facts(hand).body
    for name in RECORD_FIELDS:
        assert getattr(full, name) == getattr(facts, name), (hand.hand_id, name)


def test_facts_alone_give_the_replays_record_on_real_hands() -> None:
    for hand in _real_hands():
        _facts_equal(hand)


def test_facts_alone_give_the_replays_record_on_generated_hands() -> None:
    hands = list(simulate(400, 32))
    assert len(hands) == 400
    for hand in hands:
        _facts_equal(hand)
    records = [read_facts(h) for h in hands]
    assert sum(r.body.has_showdown for r in records) > 50
    assert sum(bool(r.body.all_in) for r in records) > 0


def test_record_of_facts_has_no_verdicts() -> None:
    hand = _real_hands()[0]
    record = read_facts(hand)
    assert not record.audited and not record.complete
    assert record.pots == () and record.findings == ()
    assert replay(hand).audited


def _kings_club_hand_with_an_idle_seat(tmp: Path) -> tuple[Hand, Hand]:
    """A real Kings Club hand, and the same hand with one more seat whose player has no
    'Dealt to' line and no other line: seated, but not dealt in."""
    path = REAL / "kingsclub" / "2-7 Triple Draw Lowball-FL-USD-40-80-202101.txt"
    text = path.read_text(encoding="utf-8")
    first = text.split("\n\n\n")[0].strip("\n") + "\n"
    seat_lines = re.findall(r"^Seat (\d+): .*$", first.split("*** SUMMARY ***")[0], re.M)
    free = next(n for n in range(1, 10) if str(n) not in seat_lines)
    last_seat = re.findall(r"^Seat \d+: .*$", first, re.M)[len(seat_lines) - 1]
    with_idle = first.replace(last_seat, f"{last_seat}\nSeat {free}: Idler (1,000)", 1)
    (tmp / "a.txt").write_text(first, encoding="utf-8")
    (tmp / "b.txt").write_text(with_idle, encoding="utf-8")
    (a,) = read_histories(tmp / "a.txt")
    (b,) = read_histories(tmp / "b.txt")
    assert any(s.player == "Idler" for s in b.seats)
    return a, b


def test_kings_club_seat_without_a_dealt_to_line_is_not_dealt_in(tmp_path: Path) -> None:
    """Kings Club prints 'Dealt to' for every player dealt in (profile
    ``deals_every_seat_a_line``): a seat without one sat the hand out, so the engine does not
    expect it to post (no false BLIND-SEAT, BET-ORDER or BET-ROUND) and it has no row."""
    plain, idle = _kings_club_hand_with_an_idle_seat(tmp_path)
    a, b = replay(plain), replay(idle)
    assert "Idler" not in b.body.dealt_in
    assert b.body.dealt_in == a.body.dealt_in
    assert sorted(f.code for f in b.findings) == sorted(f.code for f in a.findings)
    assert b.complete == a.complete
    assert dict(b.body.positions) == dict(a.body.positions)


def test_seven_handed_positions_use_the_trackers_names() -> None:
    """UTG is first to act, then UTG+1, MP, CO, BTN; the blinds SB and BB."""
    got = assign_positions([1, 2, 3, 4, 5, 6, 7], 7)
    assert [got[s].value for s in (1, 2, 3, 4, 5, 6, 7)] == [
        "SB", "BB", "UTG", "UTG+1", "MP", "CO", "BTN",
    ]  # fmt: skip
    six = assign_positions([1, 2, 3, 4, 5, 6], 6)
    assert [six[s].value for s in (3, 4, 5, 6)] == ["UTG", "MP", "CO", "BTN"]
    heads_up = assign_positions([2, 5], 5)
    assert heads_up == {5: Position.BTN, 2: Position.BB}
    dead_small_blind = assign_positions([1, 2, 3, 4], 4, small_blind_posted=False)
    assert dead_small_blind[1] is Position.BB and Position.SB not in dead_small_blind.values()


def test_a_real_seven_handed_hand_names_utg_first() -> None:
    sevens = [r for r in _replays().values() if len(r.body.seats) == 7 and not r.body.cancelled]
    assert sevens
    for r in sevens:
        names = set(p.value for p in r.body.positions.values())
        assert names == {"UTG", "UTG+1", "MP", "CO", "BTN", "SB", "BB"} or "SB" not in names


def test_total_pot_is_what_was_put_in_before_rake_on_every_site() -> None:
    """``total_pot``: gross of rake, net of uncalled bets, on every site. PokerStars writes it
    so; Winamax writes it net of rake with the uncalled bet in (298 of a 250 pot raked 2)."""
    hands = _real_hands()
    t = tables(hands, replays=lambda h: _replays()[(h.site, str(h.hand_id))])
    pots = {
        (str(s), str(h)): p
        for s, h, p in zip(t.hands["site"], t.hands["hand_id"], t.hands["total_pot"], strict=True)
    }
    assert pots[("Winamax", "9250793-388-1478989461")] == Decimal("250.00")
    stars = 0
    for hand in hands:
        r = _replays()[(hand.site, str(hand.hand_id))]
        if hand.site == "PokerStars" and r.body.summary_pot is not None and not r.body.cancelled:
            assert pots[(hand.site, str(hand.hand_id))] == r.body.summary_pot.total
            stars += 1
    assert stars > 20
    assert all(p is not None for p in pots.values())


def test_a_partial_hand_is_a_hands_row() -> None:
    r = _hand("27020940000")
    assert r.hand.partial
    t = tables([r.hand])
    assert list(t.hands["hand_id"]) == ["27020940000"]
    assert len(t.players) == 0


def test_seat_type_is_the_hands_own() -> None:
    r = _hand("25325990000")
    assert all(isinstance(s, Seat) for s in r.body.seats)
    assert [s.seat for s in r.body.seats] == sorted(s.seat for s in r.body.seats)
