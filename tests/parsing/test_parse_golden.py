"""Golden test: the annotated hand of docs/formats.md §1.12 (#35839050562, the second hand of the
2009 cash file) gives exactly this Hand and this event list."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

from histparse.cards import parse_cards
from histparse.events import (
    Action,
    Collected,
    DealtTo,
    Draw,
    Hand,
    Mucks,
    Position,
    Post,
    Seat,
    SeatOutcome,
    Section,
    SectionMarker,
    Shows,
    SummaryPot,
    SummarySeat,
)
from histparse.game import ActionKind, Game, LimitType, PostKind, Street
from histparse.parsing import read_histories
from histparse.sites.pokerstars import PokerStarsLayout

DATA = Path(__file__).resolve().parents[1] / "data" / "pokerstars"
FILE = DATA / "3-Draw-Limit-USD-0.10-0.20-200911.txt"

D = Decimal
C = parse_cards
P0, D1, D2, D3 = Street.PREDRAW, Street.DRAW1, Street.DRAW2, Street.DRAW3
FOLD, CHECK, CALL, BET = ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET

EXPECTED_EVENTS = [
    Post("Hero", PostKind.SMALL_BLIND, D("0.05"), line=65),
    Post("rumble1111", PostKind.BIG_BLIND, D("0.10"), line=66),
    SectionMarker(Section.DEALING_HANDS, line=67),
    DealtTo(P0, "Hero", C("Kh Th 3d Tc 7c"), line=68),
    Action(P0, "Eisenherz73", FOLD, line=69, trailing=" "),
    Action(P0, "cypis28", FOLD, line=70, trailing=" "),
    Action(P0, "bakter9", CALL, D("0.10"), line=71),
    Action(P0, "TheLabman", FOLD, line=72, trailing=" "),
    Action(P0, "Hero", CALL, D("0.05"), line=73),
    Action(P0, "rumble1111", CHECK, line=74, trailing=" "),
    SectionMarker(Section.FIRST_DRAW, line=75),
    Draw(D1, "Hero", 2, C("Kh Th"), line=76),
    DealtTo(D1, "Hero", C("3d Tc 7c"), C("5c Qs"), line=77),
    Draw(D1, "rumble1111", 2, line=78),
    Draw(D1, "bakter9", 2, line=79),
    Action(D1, "Hero", CHECK, line=80, trailing=" "),
    Action(D1, "rumble1111", BET, D("0.10"), D("0.10"), line=81),
    Action(D1, "bakter9", FOLD, line=82, trailing=" "),
    Action(D1, "Hero", CALL, D("0.10"), line=83),
    SectionMarker(Section.SECOND_DRAW, line=84),
    Draw(D2, "Hero", 2, C("Qs Tc"), line=85),
    DealtTo(D2, "Hero", C("3d 7c 5c"), C("4c 2s"), line=86),
    Draw(D2, "rumble1111", 0, pat=True, line=87, trailing=" "),
    Action(D2, "Hero", BET, D("0.20"), D("0.20"), line=88),
    Action(D2, "rumble1111", CALL, D("0.20"), line=89),
    SectionMarker(Section.THIRD_DRAW, line=90),
    Draw(D3, "Hero", 0, pat=True, pat_cards=C("3d 7c 5c 4c 2s"), line=91),
    Draw(D3, "rumble1111", 1, line=92),
    Action(D3, "Hero", BET, D("0.20"), D("0.20"), line=93),
    Action(D3, "rumble1111", CALL, D("0.20"), line=94),
    SectionMarker(Section.SHOW_DOWN, line=95),
    Shows("Hero", C("5c 4c 3d 2s 7c"), "Lo: 7,5,4,3,2", line=96),
    Mucks("rumble1111", line=97, trailing=" "),
    Collected("Hero", D("1.24"), "pot", line=98),
    SectionMarker(Section.SUMMARY, line=99),
    SummaryPot(D("1.30"), D("0.06"), line=100, trailing=" "),
    SummarySeat(
        1,
        "Hero",
        (Position.SMALL_BLIND,),
        SeatOutcome.SHOWED_WON,
        amount=D("1.24"),
        cards=C("5c 4c 3d 2s 7c"),
        description="Lo: 7,5,4,3,2",
        line=101,
    ),
    SummarySeat(
        2,
        "rumble1111",
        (Position.BIG_BLIND,),
        SeatOutcome.MUCKED,
        cards=C("8s 7d 3c 6d 2h"),
        line=102,
    ),
    SummarySeat(3, "Eisenherz73", (), SeatOutcome.FOLDED_BEFORE_DRAW, True, line=103),
    SummarySeat(4, "cypis28", (), SeatOutcome.FOLDED_BEFORE_DRAW, True, line=104),
    SummarySeat(5, "bakter9", (), SeatOutcome.FOLDED_AFTER_1ST_DRAW, line=105),
    SummarySeat(6, "TheLabman", (Position.BUTTON,), SeatOutcome.FOLDED_BEFORE_DRAW, True, line=106),
]

EXPECTED_SEATS = (
    Seat(1, "Hero", D("3.90"), line=59, trailing=" "),
    Seat(2, "rumble1111", D("4.18"), line=60, trailing=" "),
    Seat(3, "Eisenherz73", D("7.54"), line=61, trailing=" "),
    Seat(4, "cypis28", D("0.62"), line=62, trailing=" "),
    Seat(5, "bakter9", D("2.01"), line=63, trailing=" "),
    Seat(6, "TheLabman", D("6.26"), line=64, trailing=" "),
)


def golden_hand() -> Hand:
    hands = [h for h in read_histories(FILE) if h.hand_id == "35839050562"]
    assert len(hands) == 1
    return hands[0]


def test_golden_event_list() -> None:
    hand = golden_hand()
    assert list(hand.events) == EXPECTED_EVENTS


def test_golden_header_and_seats() -> None:
    hand = golden_hand()
    assert hand.seats == EXPECTED_SEATS
    assert (hand.site, hand.game, hand.limit_type) == (
        "PokerStars",
        Game.TRIPLE_DRAW_27,
        LimitType.FIXED,
    )
    assert (hand.stakes, hand.currency, hand.is_play_money) == (
        (D("0.10"), D("0.20")),
        "USD",
        False,
    )
    assert (hand.table_name, hand.max_seats, hand.button_seat, hand.hero) == (
        "Theodora VI",
        6,
        6,
        "Hero",
    )
    assert hand.started_at == datetime(2009, 11, 25, 19, 14, 2, tzinfo=UTC)
    assert hand.layout == PokerStarsLayout(
        header_word="Game",
        colon_gap="  ",
        local_time="2009/11/25 14:14:02",
        time_zone="ET",
        et_time=None,
        money_symbol="$",
        newline="\n",
    )
    assert (hand.source.first_line, hand.source.last_line) == (57, 106)
    assert hand.source.text.startswith("PokerStars Game #35839050562:  Triple Draw")
    assert hand.source.text.endswith(
        "Seat 6: TheLabman (button) folded before the Draw (didn't bet)"
    )


def test_golden_helpers() -> None:
    hand = golden_hand()
    assert hand.players == ("Hero", "rumble1111", "Eisenherz73", "cypis28", "bakter9", "TheLabman")
    assert hand.seat_of("bakter9") == EXPECTED_SEATS[4]
    assert hand.seat_of("nobody") is None
    assert len(hand.actions) == 14 and len(hand.draws) == 7 and len(hand.posts) == 2
    assert hand.events_of(DealtTo)[-1].hand == C("3d 7c 5c 4c 2s")
