"""The event model: frozen, slotted records and their small helpers."""

from __future__ import annotations

import dataclasses
import inspect
from decimal import Decimal

import pytest

import histparse.events as events_module
from histparse.cards import parse_cards
from histparse.events import (
    Action,
    Collected,
    DealtTo,
    Event,
    Hand,
    Post,
    SeatOutcome,
    Section,
    SectionMarker,
)
from histparse.game import ActionKind, PostKind, Street
from histparse.sites.pokerstars import PokerStarsLayout

EVENT_CLASSES = [
    cls
    for _, cls in inspect.getmembers(events_module, inspect.isclass)
    if issubclass(cls, Event) and cls is not Event
]


def test_every_event_is_a_frozen_slotted_dataclass_with_a_line() -> None:
    assert {c.__name__ for c in EVENT_CLASSES} >= {
        "Post", "Action", "CapReached", "SectionMarker", "DealtTo", "Draw", "Reshuffle",
        "UncalledBet", "Collected", "Shows", "Mucks", "DoesntShow", "Chat", "PlayerStatus",
        "HandCancelled", "TournamentFinish", "TournamentWin", "SummaryPot", "SummarySeat",
    }  # fmt: skip
    for cls in [*EVENT_CLASSES, Hand, events_module.Seat, PokerStarsLayout]:
        assert dataclasses.is_dataclass(cls)
        params = cls.__dataclass_params__  # type: ignore[attr-defined]
        assert params.frozen, cls
        assert "__slots__" in cls.__dict__, cls
    for cls in EVENT_CLASSES:
        names = [f.name for f in dataclasses.fields(cls)]
        assert names[:2] == ["line", "trailing"], cls


def test_events_cannot_change() -> None:
    post = Post("Hero", PostKind.SMALL_BLIND, Decimal("0.05"), line=3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        post.amount = Decimal(1)  # type: ignore[misc]
    assert not hasattr(post, "__dict__")
    assert post == Post("Hero", PostKind.SMALL_BLIND, Decimal("0.05"), line=3)
    assert post != Post("Hero", PostKind.SMALL_BLIND, Decimal("0.05"), line=3, trailing=" ")
    assert hash(post) == hash(Post("Hero", PostKind.SMALL_BLIND, Decimal("0.05"), line=3))


def test_action_defaults() -> None:
    fold = Action(Street.DRAW2, "X", ActionKind.FOLD, line=1)
    assert (fold.amount, fold.to_amount, fold.all_in, fold.trailing) == (None, None, False, "")


@pytest.mark.parametrize(
    ("pot", "index"),
    [("pot", 0), ("main pot", 0), ("side pot", 1), ("side pot-1", 1), ("side pot-12", 12)],
)
def test_collected_pot_index(pot: str, index: int) -> None:
    assert Collected("X", Decimal(1), pot, line=1).pot_index == index


def test_seat_outcome_streets() -> None:
    assert SeatOutcome.FOLDED_BEFORE_DRAW.fold_street is Street.PREDRAW
    assert SeatOutcome.FOLDED_BEFORE_FLOP.fold_street is Street.PREDRAW
    assert SeatOutcome.FOLDED_AFTER_2ND_DRAW.fold_street is Street.DRAW2
    assert SeatOutcome.FOLDED_AFTER_DRAW.fold_street is Street.DRAW1
    assert SeatOutcome.MUCKED.fold_street is None and not SeatOutcome.MUCKED.folded
    assert SeatOutcome.FOLDED_AFTER_3RD_DRAW.folded


def test_sections() -> None:
    assert [s.street for s in Section] == [
        Street.PREDRAW,
        Street.DRAW1,
        Street.DRAW2,
        Street.DRAW3,
        Street.SHOWDOWN,
        Street.SUMMARY,
    ]
    # Neutral ids, not a site's wording: PokerStars' "SHOW DOWN" lives in its folder.
    assert SectionMarker(Section.SHOW_DOWN, line=9).section.value == "showdown"
    assert {s.value for s in Section} == {
        "deal",
        "draw_1",
        "draw_2",
        "draw_3",
        "showdown",
        "summary",
    }


def test_dealt_to_hand() -> None:
    first = DealtTo(Street.PREDRAW, "Hero", parse_cards("Kh Th 3d Tc 7c"), line=1)
    assert first.hand == parse_cards("Kh Th 3d Tc 7c")
    after = DealtTo(Street.DRAW1, "Hero", parse_cards("3d Tc 7c"), parse_cards("5c Qs"), line=2)
    assert after.hand == parse_cards("3d Tc 7c 5c Qs")
