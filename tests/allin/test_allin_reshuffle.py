"""All-in EV around a reshuffle (R-DRAW-3), and the hands it cannot value (``AllInSkipped``).

The two hands in ``hands/`` are simulated PokerStars hands (``generate --seed 7 --focus
reshuffle,all-in``) that the all-in EV used to refuse with a ``ValueError``, which took them out
of every table.
"""

from __future__ import annotations

import dataclasses
import zlib
from decimal import Decimal
from pathlib import Path

import pytest

from histparse.allin import AllInEV, AllInSkipped, allin_ev, snapshot
from histparse.allin.ev import SKIP_CARDS, SKIP_NOT_SHOWN, SKIP_UNSETTLED, _candidates, _situation
from histparse.cards import Card, parse_card, parse_cards
from histparse.events import Draw, Hand, Reshuffle, SummarySeat
from histparse.frames import tables
from histparse.game import Street
from histparse.parsing import parse_hand, read_histories
from histparse.replayer import Replay, replay
from histparse.simulation import HardCase, SimConfig, simulate

HANDS = Path(__file__).resolve().parent / "hands"
# The stub runs out in the second draw, while the hero is served; the last chip goes in
# in the betting after it: one draw left.
BEFORE = HANDS / "reshuffle-then-all-in.txt"
# All-in before the first draw; the stub runs out in the third draw, and Zoë shows 8c, which
# the hero held at the all-in and threw at the first draw.
AFTER = HANDS / "all-in-then-reshuffle.txt"
TD_2009 = (
    HANDS.parents[1]
    / "data"
    / "real_histories"
    / "pokerstars"
    / "3-Draw-Limit-USD-0.10-0.20-200911.txt"
)


def _hand(path: Path) -> Hand:
    return parse_hand(path.read_text(encoding="utf-8"), path.name)


def _seed(hand: Hand) -> int:
    return zlib.crc32(f"0:{hand.site}:{hand.hand_id}".encode())


def _engine_stub_at_snapshot(r: Replay, street: Street) -> int:
    """The engine's stub just before the first draw after ``street`` (a traced replay)."""
    first = next(
        i for i, e in enumerate(r.hand.events) if isinstance(e, Draw) and e.street > street
    )
    return next(s for s in reversed(r.states) if s.index < first).state.stub


def test_r_draw_3_discards_before_a_reshuffle_are_unseen_again() -> None:
    """R-DRAW-3: the discards of the first draw and of the players served before the hero in
    the second are shuffled into the new stub; only the hero's own discards of that draw stay
    in the pile. The counts then match the engine's stub, and the hand gets an EV (it used to
    raise "26 unknown cards held or thrown, only 25 unseen")."""
    r = replay(_hand(BEFORE), trace=True)
    assert r.complete and any(isinstance(e, Reshuffle) for e in r.hand.events)
    snap = snapshot(r)
    assert snap is not None and not isinstance(snap, AllInSkipped)
    assert (snap.street, snap.draws_left) == (Street.DRAW2, 1)
    assert snap.dead == parse_cards("4s Qs") and snap.unknown_dead == 0
    # The hero's first-draw discards are no longer dead: unseen, like the stub's cards.
    # Mamega shows one of them (3s, drawn at the third draw): everybody but the hero, served
    # from the new stub, was served before the reshuffle, so none of them kept it.
    thrown = set(parse_cards("8c 3s Ah"))
    assert snap.not_held["Hero"] == frozenset()
    assert all(snap.not_held[p] == thrown for p in snap.contenders if p != "Hero")
    assert parse_card("3s") in snap.shown["Mamega"]
    combos = _candidates(snap, _seed(r.hand))
    assert 1 <= len(combos) <= 8 and sum(w for _, w in combos) == pytest.approx(1)
    assert all(parse_card("3s") not in combo["Mamega"] for combo, _ in combos)
    stub = _engine_stub_at_snapshot(r, snap.street)
    for combo, _ in combos:
        situation = _situation(snap, combo, r.hand.game)
        assert {int(c) for c in parse_cards("8c 3s Ah")} <= set(situation.unseen)
        assert len(situation.unseen) - situation.unknowns == stub == 20
    ev = allin_ev(r)
    assert isinstance(ev, AllInEV)
    assert (ev.street, ev.draws_left) == (Street.DRAW2, 1)
    assert ev.player("Hero").equity > 0.5  # pat T-7 against three drawing hands
    assert ev.player("rumble5081").equity == 0  # pat T-9: beaten by the hero's pat hand
    for p in ev.players:
        assert p.luck == p.net - p.ev_net
    # The pots after rake less the contenders' stakes: the folded big blind's $0.10 less
    # $0.07 of rake, within half a cent of rounding per player.
    assert sum(p.ev_net for p in ev.players) == pytest.approx(Decimal("0.03"), abs=Decimal("0.03"))


def test_r_draw_3_a_card_thrown_before_the_all_in_can_be_shown_after_a_later_reshuffle() -> None:
    """R-DRAW-3: Zoë shows 8c, the hero's at the all-in (thrown at the first draw, back in
    the stub at the third). Zoë cannot have kept it: no candidate holding keeps it, and the
    hand gets an EV (it used to raise "card(s) seen twice: 8c")."""
    r = replay(_hand(AFTER))
    snap = snapshot(r)
    assert snap is not None and not isinstance(snap, AllInSkipped)
    assert snap.street == Street.PREDRAW and parse_card("8c") in snap.known["Hero"]
    assert parse_card("8c") in snap.shown["Zoë"]
    combos = _candidates(snap, _seed(r.hand))
    assert 1 <= len(combos) <= 8 and sum(w for _, w in combos) == pytest.approx(1)
    assert all(parse_card("8c") not in combo["Zoë"] for combo, _ in combos)
    ev = allin_ev(r)
    assert isinstance(ev, AllInEV) and ev.candidates == len(combos) and ev.draws_left == 3
    assert {p.player for p in ev.players} == {"francois 686", "Kowal", "Hero", "deuce3614", "Zoë"}


def test_r_draw_3_reshuffled_all_ins_stay_in_the_tables() -> None:
    """Without ``on_error`` a hand the tables cannot take raises: both hands are rows, with
    the all-in columns filled for their contenders."""
    players = tables([_hand(BEFORE), _hand(AFTER)]).players
    filled = players[players["allin_method"].notna()]
    assert sorted(set(filled["hand_id"])) == ["63057236386000007", "63091356132000007"]
    assert len(filled) == 5 + 5


@pytest.fixture(scope="module")
def simulated() -> list[Replay]:
    """The all-in showdowns of 1,000 simulated hands, where reshuffles are frequent."""
    config = SimConfig(focus=frozenset({HardCase.RESHUFFLE, HardCase.ALL_IN}))
    found = []
    for h in simulate(1000, 2, config):
        r = replay(h, trace=any(isinstance(e, Reshuffle) for e in h.events))
        if snapshot(r) is not None:
            found.append(r)
    return found


def test_r_draw_3_the_counts_match_the_engine_stub_in_simulated_hands(
    simulated: list[Replay],
) -> None:
    """In every simulated all-in showdown with a reshuffle and a draw left, each candidate's
    stub (unseen cards less those held, thrown or out) is the engine's stub at the snapshot,
    and the hand gets an EV."""
    checked = 0
    for r in simulated:
        if not any(isinstance(e, Reshuffle) for e in r.hand.events):
            continue
        snap = snapshot(r)
        assert snap is not None and not isinstance(snap, AllInSkipped), r
        assert isinstance(allin_ev(r), AllInEV), r
        if not snap.draws_left:
            continue
        stub = _engine_stub_at_snapshot(r, snap.street)
        for combo, _ in _candidates(snap, _seed(r.hand)):
            situation = _situation(snap, combo, r.hand.game)
            assert len(situation.unseen) - situation.unknowns == stub, r
        checked += 1
    assert checked >= 2


def test_without_a_reshuffle_the_pile_is_every_discard_before_the_snapshot(
    simulated: list[Replay],
) -> None:
    """Hands without a reshuffle keep what the EV always used: every discard before the
    snapshot in the pile (known ones as ``dead``, the rest counted), so their numbers are
    the same as before the reshuffle was handled."""
    checked = 0
    for r in simulated:
        if any(isinstance(e, Reshuffle) for e in r.hand.events):
            continue
        snap = snapshot(r)
        assert snap is not None and not isinstance(snap, AllInSkipped), r
        dead: list[Card] = []
        unknown = 0
        for e in r.hand.events:
            if isinstance(e, Draw) and e.street <= snap.street:
                if e.discarded is not None and len(e.discarded) == e.count:
                    dead += e.discarded
                else:
                    unknown += e.count
        assert (snap.dead, snap.unknown_dead) == (tuple(dead), unknown), r
        checked += 1
    assert checked >= 50


def test_known_numbers_are_unchanged() -> None:
    """The figures of a real hand without a reshuffle (exact and Monte Carlo), pinned: the
    reshuffle handling left them as they were; the candidates' posterior weights
    (``allin.kept``) moved cypis28's exact equity from 0.04282 (uniform) to 0.04298."""
    (h,) = [h for h in read_histories(TD_2009, on_error="skip") if h.hand_id == "35839118248"]
    r = replay(h)
    exact, sampled = allin_ev(r), allin_ev(r, exact_limit=0)
    assert isinstance(exact, AllInEV) and isinstance(sampled, AllInEV)
    assert [(p.player, p.equity, p.equity_se, p.ev_net) for p in exact.players] == [
        ("cypis28", 0.04297521820886306, 0.0, Decimal("-0.57")),
        ("bakter9", 0.9570247817911369, 0.0, Decimal("0.56")),
    ]
    assert [(p.player, p.equity, p.equity_se, p.ev_net) for p in sampled.players] == [
        ("cypis28", 0.045169392523364486, 0.0029587545273582565, Decimal("-0.56")),
        ("bakter9", 0.9548306074766356, 0.0029587545273582565, Decimal("0.55")),
    ]


def test_an_unsettled_hand_is_skipped_not_raised() -> None:
    """A wrong call amount stops the engine: the all-in showdown has no pots to value."""
    text = BEFORE.read_text(encoding="utf-8").replace("Mamega: calls $0.15", "Mamega: calls $0.10")
    r = replay(parse_hand(text))
    assert not r.complete
    assert allin_ev(r) == AllInSkipped(SKIP_UNSETTLED)
    assert snapshot(r) == AllInSkipped(SKIP_UNSETTLED)


def test_a_contender_whose_cards_are_not_shown_is_skipped() -> None:
    """Mamega mucks and the summary does not list its cards: no EV, and the reason says
    whose cards are missing."""
    h = _hand(BEFORE)
    events = tuple(
        dataclasses.replace(e, cards=None)
        if isinstance(e, SummarySeat) and e.player == "Mamega"
        else e
        for e in h.events
    )
    r = replay(dataclasses.replace(h, events=events))
    assert r.complete
    assert allin_ev(r) == AllInSkipped(f"{SKIP_NOT_SHOWN}: Mamega")


def test_cards_that_do_not_add_up_are_skipped_not_raised() -> None:
    """A record whose cards contradict each other (the hero dealt Qs, its own discard of the
    same draw, which the engine would refuse): the equity's card check becomes the reason."""
    r = replay(_hand(BEFORE))
    dealt = tuple(
        dataclasses.replace(e, new=parse_cards("7d Qs")) if e.street == Street.DRAW2 else e
        for e in r.body.dealt_to
    )
    broken = dataclasses.replace(r, body=dataclasses.replace(r.body, dealt_to=dealt))
    ev = allin_ev(broken)
    assert ev == AllInSkipped(f"{SKIP_CARDS}: card(s) seen twice: Qs")


def test_shown_cards_no_holding_can_have_kept_are_skipped() -> None:
    """deuce.seven stood pat after the all-in, so it kept all five: a shown card the hero
    threw after the reshuffle (4s, in the pile at the all-in) leaves no candidate."""
    r = replay(_hand(BEFORE))
    shown = parse_cards("8d Th 4s 9d 7c")
    seats = tuple(
        dataclasses.replace(e, cards=shown) if e.player == "deuce.seven" else e
        for e in r.body.summary_seats
    )
    shows = {p: e for p, e in r.body.shows.items() if p != "deuce.seven"}
    body = dataclasses.replace(r.body, summary_seats=seats, shows=shows)
    broken = dataclasses.replace(r, body=body)
    assert allin_ev(broken) == AllInSkipped(f"{SKIP_CARDS}: no holding fits the shown cards")


def test_a_kings_club_draw_line_names_the_hands_new_cards() -> None:
    """Kings Club prints the hero's draw as ``discards [9d Qs 3s] draws [9h 4d Ac]`` and no
    'Dealt to' line after it: the hero's hand after the draw is the kept cards and those, so
    the discards are not also taken as held (they were 'seen twice' before: no EV)."""
    (hand,) = read_histories(HANDS / "kingsclub-hero-draws-then-all-in.txt")
    r = replay(hand)
    assert r.complete and r.body.has_showdown and "Ana Lúcia" in r.body.all_in
    ev = allin_ev(r)
    assert isinstance(ev, AllInEV), ev
    assert {p.player for p in ev.players} == {"Ana Lúcia", "Ştefan454"}
    assert sum(p.equity for p in ev.players) == pytest.approx(1.0)
