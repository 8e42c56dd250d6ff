"""Individual checks of the auditor on small, targeted changes to correct hands."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal
from functools import cache
from pathlib import Path

import pytest

from histparse.auditor import GENERIC, SiteProfile, profile_for
from histparse.cards import DECK
from histparse.events import (
    Action,
    Draw,
    Event,
    Hand,
    Position,
    Post,
    SeatOutcome,
    Section,
    SectionMarker,
    Shows,
    SummaryPot,
    SummarySeat,
)
from histparse.game import ActionKind, PostKind
from histparse.parsing import parse_hand, read_histories
from histparse.replayer import replay
from histparse.sites.pokerstars.profile import POKERSTARS

TESTS = Path(__file__).resolve().parents[1]
REAL = TESTS / "data" / "pokerstars"
FIXTURES = TESTS / "mutations" / "hands"


@cache
def real(hand_id: str) -> Hand:
    return next(h for h in read_histories(REAL) if h.hand_id == hand_id)


@cache
def fixture(name: str) -> Hand:
    return parse_hand((FIXTURES / name).read_text(encoding="utf-8"), name)


def edit(hand: Hand, change: Callable[[list[Event]], None]) -> Hand:
    events = list(hand.events)
    change(events)
    return replace(hand, events=tuple(events))


def index(hand: Hand, pred: Callable[[Event], bool], nth: int = 0) -> int:
    return [k for k, e in enumerate(hand.events) if pred(e)][nth]


# A walk at $0.25/$0.50 limit: the small blind is posted as written (docs/formats.md §1.1).
HEADER = (
    "PokerStars Game #90000000003:  Triple Draw 2-7 Lowball Limit ($0.25/$0.50 USD)"
    " - 2011/06/26 18:34:02 ET\n"
)
WALK = """\
Table 'Fixture III' 6-max Seat #1 is the button
Seat 1: Anna ($5 in chips)
Seat 2: Bert ($5 in chips)
Seat 3: Cleo ($5 in chips)
Bert: posts small blind ${sb}
Cleo: posts big blind $0.25
*** DEALING HANDS ***
Anna: folds
Bert: folds
Uncalled bet (${back}) returned to Cleo
Cleo collected ${pot} from pot
Cleo: doesn't show hand
*** SUMMARY ***
Total pot ${pot} | Rake $0
Seat 1: Anna (button) folded before the Draw (didn't bet)
Seat 2: Bert (small blind) folded before the Draw
Seat 3: Cleo (big blind) collected (${pot})
"""


def walk(sb: str) -> Hand:
    small = Decimal(sb)
    text = HEADER + WALK.format(sb=sb, back=Decimal("0.25") - small, pot=2 * small)
    return parse_hand(text, "walk.txt")


@pytest.mark.parametrize(("sb", "ok"), [("0.10", True), ("0.12", True), ("0.05", False)])
def test_small_blind_rounding_per_profile(sb: str, ok: bool) -> None:
    """PokerStars posts $0.10 for a $0.25 big blind; the profile allows 1/3 to 2/3 of it."""
    codes = replay(walk(sb)).codes
    assert ("BLIND-AMOUNT" not in codes) is ok, codes
    assert codes <= {"BLIND-AMOUNT"}


def test_big_blind_amount_and_missing_big_blind() -> None:
    hand = real("35839050562")
    k = index(hand, lambda e: isinstance(e, Post) and e.kind is PostKind.BIG_BLIND)
    bb = hand.events[k]
    assert isinstance(bb, Post)
    wrong = edit(hand, lambda ev: ev.__setitem__(k, replace(bb, amount=Decimal("0.20"))))
    assert "BLIND-AMOUNT" in replay(wrong).codes
    missing = edit(hand, lambda ev: ev.pop(k))
    assert "BLIND-MISSING" in replay(missing).codes


def test_new_players_extra_big_blind_is_not_a_finding() -> None:
    """'tom1206: posts big blind' next to the real big blind (docs/formats.md §1.4)."""
    hand = real("35839176665")
    posts = [e for e in hand.events if isinstance(e, Post)]
    assert [p.kind for p in posts].count(PostKind.BIG_BLIND) == 2
    assert replay(hand).findings == ()


def test_draw_out_of_turn_and_missing_draw() -> None:
    hand = real("35839001292")
    first = index(hand, lambda e: isinstance(e, Draw))
    a, b = hand.events[first], hand.events[first + 1]
    swapped = edit(
        hand,
        lambda ev: ev.__setitem__(slice(first, first + 2), [replace(b, line=a.line), a]),
    )
    assert "DRAW-ORDER" in replay(swapped).codes
    dropped = edit(hand, lambda ev: ev.pop(first))
    assert "DRAW-MISSING" in replay(dropped).codes


def test_missing_section_marker() -> None:
    hand = real("35839050562")
    k = index(hand, lambda e: isinstance(e, SectionMarker) and e.section is Section.SECOND_DRAW)
    codes = replay(edit(hand, lambda ev: ev.pop(k))).codes
    assert "STRUCT-SECTIONS" in codes


def test_showdown_marker_in_an_uncontested_hand() -> None:
    hand = real("35839176665")
    k = index(hand, lambda e: isinstance(e, SectionMarker) and e.section is Section.SUMMARY)
    marker = SectionMarker(line=hand.events[k].line, section=Section.SHOW_DOWN)
    codes = replay(edit(hand, lambda ev: ev.insert(k, marker))).codes
    assert "STRUCT-SECTIONS" in codes


def test_unknown_player_acts() -> None:
    hand = real("35839050562")
    k = index(hand, lambda e: isinstance(e, Action))
    action = hand.events[k]
    assert isinstance(action, Action)
    ghost = replace(action, player="Nobody", kind=ActionKind.FOLD, amount=None)
    assert "STRUCT-PLAYER" in replay(edit(hand, lambda ev: ev.insert(k, ghost))).codes


def test_hero_shows_another_hand() -> None:
    hand = real("35839050562")
    k = index(hand, lambda e: isinstance(e, Shows) and e.player == "Hero")
    shows = hand.events[k]
    assert isinstance(shows, Shows)
    other = replace(shows, cards=(*shows.cards[:4], DECK[0]))  # 2c for 7c
    codes = replay(edit(hand, lambda ev: ev.__setitem__(k, other))).codes
    assert "CARD-HERO-SHOW" in codes


def test_hero_stands_pat_on_another_hand() -> None:
    hand = real("35839050562")
    k = index(hand, lambda e: isinstance(e, Draw) and e.pat_cards is not None)
    pat = hand.events[k]
    assert isinstance(pat, Draw) and pat.pat_cards is not None
    other = replace(pat, pat_cards=(*pat.pat_cards[:4], DECK[51]))
    assert "CARD-HERO-SHOW" in replay(edit(hand, lambda ev: ev.__setitem__(k, other))).codes


def summary(hand: Hand, player: str) -> int:
    return index(hand, lambda e: isinstance(e, SummarySeat) and e.player == player)


def test_summary_lines_against_the_body() -> None:
    hand = real("35839050562")
    k = summary(hand, "bakter9")  # folded after the 1st Draw
    line = hand.events[k]
    assert isinstance(line, SummarySeat)

    def with_line(new: SummarySeat) -> frozenset[str]:
        return replay(edit(hand, lambda ev: ev.__setitem__(k, new))).codes

    assert "SUMMARY-FOLD" in with_line(replace(line, outcome=SeatOutcome.FOLDED_BEFORE_DRAW))
    assert "SUMMARY-FOLD" in with_line(
        replace(line, outcome=SeatOutcome.SHOWED_LOST, cards=None, description=None)
    )
    assert "SUMMARY-POSITION" in with_line(replace(line, positions=(Position.BUTTON,)))
    assert "SUMMARY-SEAT" in with_line(replace(line, seat=2))
    assert "SUMMARY-DIDNT-BET" in with_line(replace(line, didnt_bet=True))
    assert "SUMMARY-SEAT" in replay(edit(hand, lambda ev: ev.pop(k))).codes
    hero = summary(hand, "Hero")
    won = hand.events[hero]
    assert isinstance(won, SummarySeat)
    lost = replace(won, outcome=SeatOutcome.SHOWED_LOST, amount=None)
    codes = replay(edit(hand, lambda ev: ev.__setitem__(hero, lost))).codes
    assert "SUMMARY-SHOWDOWN" in codes


def test_summary_showed_cards_differ_from_the_showdown() -> None:
    hand = real("35839050562")
    k = summary(hand, "Hero")
    line = hand.events[k]
    assert isinstance(line, SummarySeat) and line.cards is not None
    other = replace(line, cards=(*line.cards[:4], DECK[51]))
    codes = replay(edit(hand, lambda ev: ev.__setitem__(k, other))).codes
    assert "SUMMARY-SHOWDOWN" in codes


def test_heads_up_cap_is_a_site_rule() -> None:
    """Five bets in a heads-up round: over the cap on PokerStars, allowed where the profile
    lifts the cap heads-up (R-BET-5)."""
    hand = real("99631780767")  # heads-up: raise, re-raise, call before the first draw
    k = index(hand, lambda e: isinstance(e, Action) and e.kind is ActionKind.CALL)
    call = hand.events[k]
    assert isinstance(call, Action)
    more = [
        replace(call, kind=ActionKind.RAISE, amount=Decimal(20), to_amount=Decimal(80)),
        replace(
            call, player="Hero", kind=ActionKind.RAISE, amount=Decimal(20), to_amount=Decimal(100)
        ),
        replace(call, amount=Decimal(20)),
    ]
    capped = edit(hand, lambda ev: ev.__setitem__(slice(k, k + 1), more))
    assert "BET-CAP" in replay(capped).codes
    lifted = SiteProfile(site="lifted", cap_lifted_heads_up=True)
    assert "BET-CAP" not in replay(capped, profile=lifted).codes


def test_profiles() -> None:
    assert profile_for("PokerStars") is POKERSTARS
    assert profile_for("Nowhere Poker") is GENERIC
    assert POKERSTARS.cap_lifted_heads_up is False
    assert not GENERIC.prints_cap_line and not GENERIC.prints_reshuffle_line


def test_generic_profile_does_not_require_announcements() -> None:
    hand = real("35839176665")
    k = index(hand, lambda e: type(e).__name__ == "Reshuffle")
    silent = edit(hand, lambda ev: ev.pop(k))
    assert "CARD-RESHUFFLE" in replay(silent).codes
    assert "CARD-RESHUFFLE" not in replay(silent, profile=GENERIC).codes


def summary_pot(hand: Hand) -> tuple[int, SummaryPot]:
    k = index(hand, lambda e: isinstance(e, SummaryPot))
    pot = hand.events[k]
    assert isinstance(pot, SummaryPot)
    return k, pot


def test_rake_profile() -> None:
    hand = real("35839050562")  # $1.30 pot, raked $0.06
    k, pot = summary_pot(hand)
    greedy = replace(pot, rake=Decimal("0.50"))
    codes = replay(edit(hand, lambda ev: ev.__setitem__(k, greedy))).codes
    assert {"POT-RAKE", "POT-RAKE-PROFILE"} <= codes
    tournament = real("99631761623")
    j, tpot = summary_pot(tournament)
    raked = replace(tpot, rake=Decimal(1))
    codes = replay(edit(tournament, lambda ev: ev.__setitem__(j, raked))).codes
    assert "POT-RAKE-PROFILE" in codes
