"""``replay(hand)``: the rules' view of real and hand-built PokerStars hands."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from histparse.auditor import Severity
from histparse.engine import Phase
from histparse.events import Action, Hand, Post, Shows
from histparse.game import ActionKind, Game
from histparse.parsing import parse_hand, read_histories
from histparse.replayer import Money, Unrepresentable, read_facts, replay

TESTS = Path(__file__).resolve().parents[1]
REAL = TESTS / "data" / "pokerstars"
FIXTURES = TESTS / "mutations" / "hands"
CORRUPT = "81631597149"


@cache
def real_hands() -> dict[str, Hand]:
    return {h.hand_id: h for h in read_histories(REAL)}


@cache
def fixture(name: str) -> Hand:
    return parse_hand((FIXTURES / name).read_text(encoding="utf-8"), name)


def test_real_triple_draw_hands_have_no_error_or_warning_but_the_corrupt_one() -> None:
    td = [h for h in real_hands().values() if h.game is Game.TRIPLE_DRAW_27]
    assert len(td) == 38
    for hand in td:
        bad = [f for f in replay(hand).findings if f.severity >= Severity.WARNING]
        if hand.hand_id == CORRUPT:
            assert bad and all(f.code.startswith("CARD-") for f in bad)
        else:
            assert bad == [], (hand.hand_id, bad)


def test_real_single_draw_hands_are_clean_too() -> None:
    sd = [h for h in real_hands().values() if h.game is Game.SINGLE_DRAW_27]
    assert len(sd) == 4
    for hand in sd:
        r = replay(hand)
        assert r.complete
        assert r.findings == ()


LIMIT_SINGLE_DRAW = """\
PokerStars Game #63826525699:  Single Draw 2-7 Lowball Limit ($0.50/$1 USD) - \
2011/06/26 23:34:01 WET [2011/06/26 18:34:01 ET]
Table 'AlsVII' 7-max Seat #7 is the button
Seat 1: Player1 ($24 in chips)
Seat 2: Player2 ($31.60 in chips)
Seat 7: Player6 ($104.65 in chips)
Player1: posts small blind $0.25
Player2: posts big blind $0.50
*** DEALING HANDS ***
Player6: raises $0.50 to $1
Player1: folds
Player2: calls $0.50
Player2: discards 1 card
Player6: stands pat
Player2: bets $1
Player6: calls $1
*** SHOW DOWN ***
Player2: shows [8h 3c 4s 8d 7d] (Lo: a pair of Eights)
Player6: shows [2d Th 3d 6h 5c] (Lo: T,6,5,3,2)
Player6 collected $4.15 from pot
*** SUMMARY ***
Total pot $4.25 | Rake $0.10
Seat 1: Player1 (small blind) folded before Flop
Seat 2: Player2 (big blind) showed [8h 3c 4s 8d 7d] and lost with Lo: a pair of Eights
Seat 7: Player6 (button) showed [2d Th 3d 6h 5c] and won ($4.15) with Lo: T,6,5,3,2
"""


def test_limit_single_draw_bets_the_big_bet_after_its_draw() -> None:
    """R-BET-4 for one draw: the small bet before the draw, the big bet after it (the
    engine's ``GameConfig.draws=1``; padded onto triple draw, $1 was 'above the maximum')."""
    hand = parse_hand(LIMIT_SINGLE_DRAW, "limit-sd.txt")
    assert hand.game is Game.SINGLE_DRAW_27
    r = replay(hand)
    assert r.findings == () and r.complete
    small = parse_hand(
        LIMIT_SINGLE_DRAW.replace("bets $1", "bets $0.50")
        .replace("calls $1", "calls $0.50")
        .replace("$4.25 | Rake $0.10", "$3.25 | Rake $0.10")
        .replace("$4.15", "$3.15"),
        "limit-sd-small.txt",
    )
    assert [f.code for f in replay(small).findings] == ["BET-SIZE"]


def test_single_draw_is_replayed_with_one_draw_and_no_padding() -> None:
    """The engine is set for one draw (GameConfig.draws): after the draw and its betting
    round the hand is at the showdown, with no stand-pats or checks added in between."""
    for hand in real_hands().values():
        if hand.game is not Game.SINGLE_DRAW_27:
            continue
        traced = replay(hand, trace=True)
        last = traced.states[-1].state
        assert last.phase in (Phase.SHOWDOWN, Phase.UNCONTESTED), hand.hand_id
        drawn = [s.state.street for s in traced.states if s.state.phase is Phase.DRAWING]
        assert set(drawn) <= {1}, hand.hand_id
        assert traced.body.reached_draw in (0, 1)


def test_corrupt_hand_is_flagged_on_the_bad_lines() -> None:
    """PokerStars' duplicate hole-card bug: empty discard list, ten 'dealt' cards, a discard
    of a card never held (docs/formats.md §1.6)."""
    r = replay(real_hands()[CORRUPT])
    by_line = {(f.line, f.code) for f in r.findings}
    assert (21, "CARD-HERO-DRAW") in by_line  # discards 2 cards []
    assert (22, "CARD-DUPLICATE") in by_line  # [2s 7s 5h 3c Qh] [2s 7s 5h 3c Qh]
    assert (43, "CARD-HERO-DRAW") in by_line  # discards 1 card [Ad]
    # The money is still replayed: the uncalled bet and the pot are right.
    assert r.complete
    assert r.returned[0].player == "Player2" and r.returned[0].amount == Decimal(2)
    assert r.total_pot == Decimal(20)


def test_side_pot_fixture() -> None:
    r = replay(fixture("td-sidepot.txt"))
    assert r.findings == ()
    main, side = r.pots
    assert (main.amount, main.rake, main.eligible, main.winners) == (
        Decimal("0.90"),
        Decimal("0.07"),
        ("Hero", "Shorty", "Villain"),
        ("Shorty",),
    )
    assert (side.amount, side.rake, side.eligible, side.winners) == (
        Decimal("0.60"),
        Decimal("0.00"),
        ("Hero", "Villain"),
        ("Hero",),
    )
    assert main.net == Decimal("0.83") and side.name == "side pot-1"
    money = {p.player: (p.invested, p.collected, p.net, p.rightful) for p in r.players}
    assert money == {
        "Hero": (Decimal("0.60"), Decimal("0.60"), Decimal("0.00"), Decimal("0.60")),
        "Shorty": (Decimal("0.30"), Decimal("0.83"), Decimal("0.53"), Decimal("0.83")),
        "Villain": (Decimal("0.60"), Decimal(0), Decimal("-0.60"), Decimal(0)),
    }
    assert r.total_pot == Decimal("1.50")


def test_split_pot_fixture_gives_the_odd_chip_left_of_the_button() -> None:
    r = replay(fixture("td-split.txt"))
    assert r.findings == ()
    (pot,) = r.pots
    assert pot.winners == ("Hero", "Alpha")  # clockwise from the button (seat 4)
    assert dict(pot.shares) == {"Hero": Decimal("0.48"), "Alpha": Decimal("0.47")}
    assert pot.odd_chips == ("Hero",)
    assert dict(pot.collected) == dict(pot.shares)


def test_unmatched_ante_comes_back_with_the_uncalled_bet() -> None:
    """The real SD hand: the hero is all-in for an ante of 1; the other player's big blind
    and 24 of the 25 ante come back as one uncalled bet of 124."""
    r = replay(real_hands()["71348201941"])
    assert r.findings == ()
    assert [(x.player, x.amount) for x in r.returned] == [("Player0", Decimal(124))]
    assert r.total_pot == Decimal(2)
    assert r.pots[0].winners == ("Player0",)


def test_uncontested_hand_needs_no_cards() -> None:
    """Opponents' cards and discards are unknown; that is never a finding."""
    hand = real_hands()["35839176665"]  # six-handed, reshuffled in the third draw
    r = replay(hand)
    assert r.findings == ()
    assert r.body.reached_draw == 3 and r.body.showdown is False
    assert r.pots[0].winners == ("Hero",)


def test_trace_gives_one_state_per_event_and_only_when_asked() -> None:
    hand = real_hands()["35839050562"]
    assert replay(hand).states == ()
    traced = replay(hand, trace=True)
    assert [s.index for s in traced.states] == list(range(len(hand.events)))
    assert [s.line for s in traced.states] == [e.line for e in hand.events]
    first_draw = next(s for s in traced.states if s.state.phase is Phase.DRAWING)
    assert first_draw.state.street == 1
    final = traced.states[-1].state
    assert final.phase is Phase.SHOWDOWN
    shown = next(e for e in hand.events if isinstance(e, Shows) and e.player == "Hero")
    assert final.player("Hero").cards == shown.cards
    assert traced.findings == replay(hand).findings


def test_cancelled_hand_is_not_replayed() -> None:
    r = replay(real_hands()["20349633663"])
    assert r.codes == {"HAND-CANCELLED"}
    assert r.worst is Severity.INFO
    assert not r.complete and r.pots == ()


def test_cancelled_hand_gives_the_same_result_wherever_the_line_is() -> None:
    """The pass stops at 'Hand cancelled' and starts again as a cancelled hand: nothing the
    engine made of the lines before it is kept, even when it read a whole hand; the record
    keeps what the lines say (the facts alone, as ``read_facts`` reads them)."""
    hand = real_hands()["20349633663"]
    cancelled = replay(hand)
    (line,) = [e for e in hand.events if type(e).__name__ == "HandCancelled"]
    others = [e for e in hand.events if e is not line]
    played = real_hands()["35839050562"]
    for events in ([line, *others], [*others, line], [*played.events, line]):
        r = replay(replace(hand, events=tuple(events)))
        assert [(f.code, f.message) for f in r.findings] == [
            (f.code, f.message) for f in cancelled.findings
        ]
        facts = read_facts(replace(hand, events=tuple(events)))
        assert r.body.cancelled and not r.complete and r.pots == ()
        assert r.body.posts == facts.body.posts and r.body.sections == facts.body.sections
        assert r.players == facts.players


def test_error_before_a_cancelled_line_is_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    """A cancelled hand was never replayed: an error of the pass on the way to its
    'Hand cancelled' line gives the cancelled result; any other hand raises it."""
    import histparse.replayer.feed as feed

    def broken(job: object, event: object) -> None:
        raise RuntimeError("broken handler")

    monkeypatch.setitem(feed.HANDLERS, Post, broken)
    hand = real_hands()["20349633663"]
    assert type(hand.events[0]) is Post  # read before the 'Hand cancelled' line
    assert replay(hand).codes == {"HAND-CANCELLED"}
    with pytest.raises(RuntimeError, match="broken handler"):
        replay(real_hands()["35839050562"])


@given(st.decimals(min_value=-(10**6), max_value=10**6, places=4), st.integers(0, 3))
def test_money_units_or_none_is_the_exact_conversion(amount: Decimal, places: int) -> None:
    """The kept conversions agree with the arithmetic, asked once or twice, and never keep an
    unrepresentable amount."""
    money = Money(places)
    scaled = amount * money.scale
    expected = int(scaled) if int(scaled) == scaled else None
    assert money.units_or_none(amount) == expected
    assert money.units_or_none(amount) == expected
    if expected is not None:
        assert money.to_units(amount) == expected


def test_money_units() -> None:
    cents = Money(2)
    assert cents.to_units(Decimal("1.24")) == 124
    assert cents.to_units(Decimal("3")) == 300
    assert cents.to_decimal(124) == Decimal("1.24")
    with pytest.raises(Unrepresentable, match=r"0\.005"):
        cents.to_units(Decimal("0.005"), "call")
    chips = Money.for_hand(real_hands()["99631756108"])
    assert chips.unit == Decimal(1)
    assert Money.for_hand(real_hands()["35839001292"]).unit == Decimal("0.01")


def test_unrepresentable_amount_is_a_finding() -> None:
    hand = real_hands()["35839050562"]
    k, call = next(
        (k, e)
        for k, e in enumerate(hand.events)
        if isinstance(e, Action) and e.kind is ActionKind.CALL
    )
    events = list(hand.events)
    events[k] = replace(call, amount=Decimal("0.105"))
    r = replay(replace(hand, events=tuple(events)))
    assert "MONEY-UNREPRESENTABLE" in r.codes
    assert not r.complete
    bad = next(f for f in r.findings if f.code == "MONEY-UNREPRESENTABLE")
    assert bad.line == call.line and bad.file == hand.source.path


def test_findings_carry_site_hand_file_and_line() -> None:
    hand = real_hands()[CORRUPT]
    for f in replay(hand).findings:
        assert f.site == "PokerStars"
        assert f.hand_id == CORRUPT
        assert f.file == hand.source.path
        assert hand.source.first_line <= f.line <= hand.source.last_line
        assert f.severity is Severity.ERROR
