"""``histparse._records``: ``builder`` and ``twin`` make ordinary frozen records, and refuse a
class whose fields they would fill wrongly."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import pytest

from histparse._records import builder, twin
from histparse.events import Action, Seat
from histparse.game import ActionKind, Street


def test_builder_makes_the_same_frozen_record() -> None:
    new_action = builder(
        Action, "line", "trailing", "street", "player", "kind", "amount", "to_amount", "all_in"
    )
    one, two = Decimal("1"), Decimal("2")
    made = new_action(7, " ", Street.DRAW1, "a b", ActionKind.RAISE, one, two, True)
    plain = Action(Street.DRAW1, "a b", ActionKind.RAISE, one, two, True, line=7, trailing=" ")
    assert type(made) is Action and made == plain and repr(made) == repr(plain)
    assert hash(made) == hash(plain)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.line = 8  # type: ignore[misc]


def test_builder_checks_the_field_list_and_keeps_post_init() -> None:
    with pytest.raises(TypeError, match="has fields"):
        builder(Seat, "seat", "player")

    @dataclasses.dataclass(frozen=True, slots=True)
    class Positive:
        value: int

        def __post_init__(self) -> None:
            if self.value <= 0:
                raise ValueError("not positive")

    new_positive = builder(Positive, "value")
    assert new_positive(3) == Positive(3)
    with pytest.raises(ValueError, match="not positive"):
        new_positive(0)


@dataclasses.dataclass(frozen=True, slots=True)
class _Pair:
    left: int
    right: str


def test_twin_becomes_an_ordinary_frozen_record() -> None:
    parts = twin(_Pair)()
    parts.left = 1
    parts.right = "x"
    with pytest.raises(AttributeError):
        parts.middle = 2
    parts.__class__ = _Pair
    assert parts == _Pair(1, "x") and hash(parts) == hash(_Pair(1, "x"))
    assert repr(parts) == repr(_Pair(1, "x"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        parts.left = 2  # type: ignore[misc]


def test_twin_refuses_a_class_without_matching_slots() -> None:
    @dataclasses.dataclass(frozen=True)
    class Loose:
        value: int

    with pytest.raises(TypeError, match="not a slots dataclass"):
        twin(Loose)


def test_fast_builds_what_the_class_builds() -> None:
    from dataclasses import field

    from histparse._records import fast

    @dataclasses.dataclass(frozen=True, slots=True)
    class Rec:
        a: int
        b: str = "x"
        c: list[int] = field(default_factory=list)

    new = fast(Rec)
    assert new is not Rec
    assert new(1) == Rec(1)
    assert new(1, "y", [2]) == Rec(1, "y", [2])
    assert new(a=3, c=[4]) == Rec(3, c=[4])
    assert new(1).c is not new(1).c  # a fresh default each time, as the class does
    with pytest.raises(dataclasses.FrozenInstanceError):
        new(1).a = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        new()  # type: ignore[call-arg]


def test_fast_falls_back_to_the_class() -> None:
    from histparse._records import fast

    @dataclasses.dataclass(frozen=True, slots=True)
    class Checked:
        a: int

        def __post_init__(self) -> None:
            if self.a < 0:
                raise ValueError("negative")

    @dataclasses.dataclass(frozen=True)
    class Unslotted:
        a: int

    assert fast(Checked) is Checked
    assert fast(Unslotted) is Unslotted


def test_parsed_hands_are_ordinary_records() -> None:
    from pathlib import Path

    from histparse.parsing import read_histories

    data = Path(__file__).resolve().parent / "data" / "pokerstars"
    hand = next(iter(read_histories(data / "3-Draw-Limit-USD-0.10-0.20-200911.txt")))
    copy = dataclasses.replace(hand)  # through the class's own __init__
    assert copy == hand and hash(copy.layout) == hash(hand.layout)
    assert type(hand.layout).__name__ == "PokerStarsLayout"
