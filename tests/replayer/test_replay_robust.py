"""The replayer never crashes: any mangling of a correct hand gives a ``Replay`` whose findings
all have catalogued codes; and it works on ``Hand`` objects built by hand, without a parser."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from functools import cache
from pathlib import Path

from factories import make_hand
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from histparse.auditor import CODES, Severity
from histparse.events import (
    Action,
    Collected,
    DoesntShow,
    Event,
    Hand,
    Position,
    Post,
    Seat,
    SeatOutcome,
    Section,
    SectionMarker,
    Source,
    SummaryPot,
    SummarySeat,
    UncalledBet,
)
from histparse.game import ActionKind, Game, PostKind, Street
from histparse.parsing import read_histories
from histparse.replayer import replay

TESTS = Path(__file__).resolve().parents[1]


@cache
def hands() -> tuple[Hand, ...]:
    found = read_histories(TESTS / "data" / "pokerstars", TESTS / "mutations" / "hands")
    return tuple(h for h in found if h.game in (Game.TRIPLE_DRAW_27, Game.SINGLE_DRAW_27))


def _tweak(e: Event, delta: Decimal) -> Event:
    if isinstance(e, Action) and e.amount is not None:
        to = None if e.to_amount is None else e.to_amount + delta
        return replace(e, amount=e.amount + delta, to_amount=to)
    if isinstance(e, Post | UncalledBet | Collected):
        return replace(e, amount=e.amount + delta)
    if isinstance(e, Action):
        return replace(e, kind=ActionKind.CHECK if e.kind is ActionKind.FOLD else ActionKind.FOLD)
    return e


@st.composite
def mangled(draw: st.DrawFn) -> Hand:
    hand = draw(st.sampled_from(hands()))
    events = list(hand.events)
    for _ in range(draw(st.integers(1, 4))):
        if not events:
            break
        k = draw(st.integers(0, len(events) - 1))
        op = draw(st.sampled_from(["drop", "dup", "swap", "tweak", "rename"]))
        if op == "drop":
            del events[k]
        elif op == "dup":
            events.insert(k, events[k])
        elif op == "swap" and k + 1 < len(events):
            events[k], events[k + 1] = events[k + 1], events[k]
        elif op == "tweak":
            delta = draw(st.sampled_from([Decimal("0.01"), Decimal("-0.05"), Decimal(1)]))
            events[k] = _tweak(events[k], delta)
        elif op == "rename" and hasattr(events[k], "player"):
            other = draw(st.sampled_from([*hand.players, "Stranger"]))
            events[k] = replace(events[k], player=other)  # type: ignore[type-var]
    return replace(hand, events=tuple(events))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mangled())
def test_mangled_hands_never_crash(hand: Hand) -> None:
    r = replay(hand)
    assert all(f.code in CODES for f in r.findings)
    assert all(f.severity is CODES[f.code].severity for f in r.findings)
    assert all(f.hand_id == hand.hand_id for f in r.findings)


def built_walk() -> Hand:
    """Everyone folds to the big blind: a hand built in Python, no text behind it."""
    d = Decimal
    events: list[Event] = [
        Post(line=5, player="Ann", kind=PostKind.SMALL_BLIND, amount=d("0.05")),
        Post(line=6, player="Bob", kind=PostKind.BIG_BLIND, amount=d("0.10")),
        SectionMarker(line=7, section=Section.DEALING_HANDS),
        Action(line=8, street=Street.PREDRAW, player="Cid", kind=ActionKind.FOLD),
        Action(line=9, street=Street.PREDRAW, player="Ann", kind=ActionKind.FOLD),
        UncalledBet(line=10, player="Bob", amount=d("0.05")),
        Collected(line=11, player="Bob", amount=d("0.10")),
        DoesntShow(line=12, player="Bob"),
        SectionMarker(line=13, section=Section.SUMMARY),
        SummaryPot(line=14, total=d("0.10"), rake=d(0)),
        SummarySeat(
            line=15,
            seat=1,
            player="Ann",
            positions=(Position.SMALL_BLIND,),
            outcome=SeatOutcome.FOLDED_BEFORE_DRAW,
        ),
        SummarySeat(
            line=16,
            seat=2,
            player="Bob",
            positions=(Position.BIG_BLIND,),
            outcome=SeatOutcome.COLLECTED,
            amount=d("0.10"),
        ),
        SummarySeat(
            line=17,
            seat=3,
            player="Cid",
            positions=(Position.BUTTON,),
            outcome=SeatOutcome.FOLDED_BEFORE_DRAW,
            didnt_bet=True,
        ),
    ]
    # The factory's plain hand is this walk's: USD cash, $0.10/$0.20 fixed limit, six-max.
    return make_hand(
        button_seat=3,
        seats=(Seat(1, "Ann", d(4), line=2), Seat(2, "Bob", d(4), line=3), Seat(3, "Cid", d(4))),
        events=events,
        source=Source("<built>", 1, 17, ""),
    )


def test_hand_built_in_python_replays_cleanly() -> None:
    r = replay(built_walk())
    assert r.findings == ()
    assert r.player("Bob").net == Decimal("0.05")
    assert r.player("Ann").net == Decimal("-0.05")
    assert r.pots[0].winners == ("Bob",)


def test_hand_built_in_python_with_a_fault() -> None:
    hand = built_walk()
    events = list(hand.events)
    events[1] = replace(events[1], player="Cid")  # type: ignore[type-var]
    r = replay(replace(hand, events=tuple(events)))
    assert "BLIND-SEAT" in r.codes
    assert r.worst is Severity.ERROR
