"""One way for the tests to build a ``Hand`` in Python: ``make_hand(**overrides)``.

``Hand`` has 25 fields, 24 of them required; a test names only the ones it is about and takes
the rest from a plain hand: a USD cash 2-7 Triple Draw hand at $0.10/$0.20 fixed limit on
PokerStars, six-max, with no seats, no events and no hero.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from histparse.events import Event, Hand, Seat, Source
from histparse.game import Game, LimitType

__all__ = ["make_hand"]

_DEFAULTS: dict[str, Any] = {
    "site": "PokerStars",
    "hand_id": "1",
    "game": Game.TRIPLE_DRAW_27,
    "limit_type": LimitType.FIXED,
    "stakes": (Decimal("0.10"), Decimal("0.20")),
    "currency": "USD",
    "is_play_money": False,
    "is_tournament": False,
    "tournament_id": None,
    "buy_in": None,
    "buy_in_currency": None,
    "level": None,
    "match_round": None,
    "mixed_game": None,
    "is_home_game": False,
    "club": None,
    "started_at": datetime(2020, 1, 1, tzinfo=UTC),
    "table_name": "Built",
    "max_seats": 6,
    "button_seat": 1,
    "seats": (),
    "hero": None,
    "events": (),
    "source": Source("<built>", 1, 1, ""),
}


def make_hand(
    *, seats: Iterable[Seat] = (), events: Iterable[Event] = (), **overrides: Any
) -> Hand:
    """The plain hand with ``overrides`` (any ``Hand`` field by name; an unknown name raises
    ``TypeError``); ``seats`` and ``events`` may be any iterable."""
    fields = {**_DEFAULTS, **overrides, "seats": tuple(seats), "events": tuple(events)}
    return Hand(**fields)
