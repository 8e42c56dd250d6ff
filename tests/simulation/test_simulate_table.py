"""Table and session conventions of simulated hands: determinism, the hero's view, blinds,
the moving button, stacks carried over, joins and leaves, rake, tournaments."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from decimal import Decimal

import pytest

from histparse.engine import expected_blinds
from histparse.events import (
    Action,
    CapReached,
    Collected,
    DealtTo,
    Draw,
    Hand,
    PlayerStatus,
    Post,
    SeatOutcome,
    Section,
    SectionMarker,
    Shows,
    StatusKind,
    SummaryPot,
    SummarySeat,
    TournamentFinish,
    TournamentWin,
)
from histparse.game import ActionKind, LimitType, PostKind
from histparse.simulation import HardCase, SimConfig, TournamentStructure, simulate

CASH = SimConfig(focus=frozenset({HardCase.SEATING}))


def pairs(hands: list[Hand]) -> Iterator[tuple[Hand, Hand]]:
    """Consecutive hands played at the same table."""
    for a, b in itertools.pairwise(hands):
        if a.table_name == b.table_name and a.tournament_id == b.tournament_id:
            yield a, b


def final_stacks(hand: Hand) -> dict[str, Decimal]:
    """Stacks after the hand from the events: start - paid + collected (uncalled included)."""
    stacks = {s.player: s.stack for s in hand.seats}
    street_total: dict[str, Decimal] = {}
    street = None
    for e in hand.events:
        if isinstance(e, Post):
            stacks[e.player] -= e.amount
            if e.kind is not PostKind.ANTE:
                street_total[e.player] = street_total.get(e.player, Decimal(0)) + e.amount
        elif isinstance(e, Action):
            if street is not None and e.street is not street:
                street_total = {}
            street = e.street
            if e.kind in (ActionKind.CALL, ActionKind.BET):
                assert e.amount is not None
                stacks[e.player] -= e.amount
                street_total[e.player] = street_total.get(e.player, Decimal(0)) + e.amount
            elif e.kind is ActionKind.RAISE:
                assert e.to_amount is not None
                stacks[e.player] -= e.to_amount - street_total.get(e.player, Decimal(0))
                street_total[e.player] = e.to_amount
        elif hasattr(e, "player") and type(e).__name__ == "UncalledBet":
            stacks[e.player] += e.amount  # type: ignore[attr-defined]
        elif isinstance(e, Collected):
            stacks[e.player] += e.amount
    return stacks


def test_same_seed_same_hands_and_different_seed_different_hands() -> None:
    a = list(simulate(200, 7, CASH))
    b = list(simulate(200, 7, CASH))
    c = list(simulate(200, 8, CASH))
    assert a == b
    assert a != c


def test_hero_view_only_hero_cards_and_shown_cards() -> None:
    for hand in simulate(500, 3):
        assert hand.hero == "Hero"
        dealt = hand.events_of(DealtTo)
        assert dealt and all(d.player == "Hero" for d in dealt)
        for d in hand.draws:
            if d.player != "Hero":
                assert d.discarded is None and d.pat_cards is None
            elif d.count:
                assert d.discarded is not None and len(d.discarded) == d.count
            else:
                assert d.pat_cards is not None
        shown = {e.player for e in hand.events_of(Shows)}
        for s in hand.events_of(SummarySeat):
            if s.cards is not None:
                assert s.outcome in (
                    SeatOutcome.SHOWED_WON,
                    SeatOutcome.SHOWED_LOST,
                    SeatOutcome.MUCKED,
                )
                assert s.player in shown or s.outcome is SeatOutcome.MUCKED


def test_blinds_button_and_stacks_carry_over() -> None:
    hands = list(simulate(1500, 5, CASH))
    moved = 0
    for a, b in pairs(hands):
        after = final_stacks(a)
        for seat in b.seats:
            if seat.player in after:
                assert seat.stack == after[seat.player], (b.hand_id, seat.player)
        # The button moves clockwise to a seat of the last hand.
        prev_seats = sorted(s.seat for s in a.seats)
        nxt = [s for s in prev_seats if s > a.button_seat] or prev_seats
        if b.button_seat in prev_seats:
            assert b.button_seat == nxt[0] or nxt[0] not in {s.seat for s in b.seats}
        moved += b.button_seat != a.button_seat
    assert moved > 1000
    for hand in hands:
        seats = [s.seat for s in hand.seats]
        blinds = expected_blinds(hand.button_seat, seats)
        posts = [p for p in hand.posts if p.kind is not PostKind.ANTE]
        by_name = {s.player: s.seat for s in hand.seats}
        assert by_name[posts[0].player] == blinds.small_blind
        assert posts[0].kind is PostKind.SMALL_BLIND
        assert by_name[posts[1].player] == blinds.big_blind
        if len(seats) == 2:
            assert blinds.small_blind == hand.button_seat  # heads-up: the button posts the SB


def test_new_players_join_then_post_an_extra_big_blind_or_wait() -> None:
    hands = list(simulate(1500, 9, CASH))
    extra = waits = 0
    for a, b in pairs(hands):
        joined = {e.player: e.seat for e in a.events_of(PlayerStatus) if e.kind is StatusKind.JOINS}
        left = {e.player for e in a.events_of(PlayerStatus) if e.kind is StatusKind.LEAVES}
        names = {s.player for s in b.seats}
        assert not left & names
        waiting = {
            e.player for e in b.events_of(PlayerStatus) if e.kind is StatusKind.ALLOWED_AFTER_BUTTON
        }
        if len(names & {s.player for s in a.seats}) < 2:
            continue  # a table down to one player starts afresh: nobody posts extra
        for name, seat in joined.items():
            if name in waiting:
                waits += 1
                continue
            assert b.seat_of(name) is not None and b.seat_of(name).seat == seat  # type: ignore[union-attr]
            bb = [p for p in b.posts if p.kind is PostKind.BIG_BLIND]
            if bb[0].player != name:
                assert any(p.player == name for p in bb[1:])
                extra += 1
    assert extra > 20 and waits > 5


def test_limit_conventions_small_blind_cap_and_rake() -> None:
    config = SimConfig(
        stakes=(Decimal("0.25"), Decimal("0.50")), focus=frozenset({HardCase.CAPPED})
    )
    capped = 0
    for hand in simulate(800, 2, config):
        assert hand.stakes == (Decimal("0.25"), Decimal("0.50"))
        sb = [p for p in hand.posts if p.kind is PostKind.SMALL_BLIND and not p.all_in]
        assert all(p.amount == Decimal("0.12") for p in sb)  # half the small bet, rounded down
        for k, e in enumerate(hand.events):
            if isinstance(e, CapReached):
                capped += 1
                prev = hand.events[k - 1]
                assert isinstance(prev, Action) and prev.kind in (ActionKind.RAISE, ActionKind.BET)
                bets = [
                    a
                    for a in hand.actions
                    if a.street is prev.street and a.kind in (ActionKind.BET, ActionKind.RAISE)
                ]
                assert len(bets) + (prev.street == 0) >= 4
        pot = hand.events_of(SummaryPot)[0]
        drew = any(
            isinstance(e, SectionMarker) and e.section is Section.FIRST_DRAW for e in hand.events
        )
        if not drew:
            assert pot.rake == 0  # no rake when the hand ends before the first draw
        else:
            expected = min(
                (pot.total * Decimal("0.05")).quantize(Decimal("0.01"), "ROUND_DOWN"), Decimal(1)
            )
            assert pot.rake == expected
    assert capped > 50


def test_tournament_levels_antes_no_rake_and_finishes() -> None:
    config = SimConfig(
        players=6,
        limit=LimitType.NO_LIMIT,
        tournament=TournamentStructure(hands_per_level=5),
    )
    hands = list(simulate(600, 1, config))
    tournaments = {h.tournament_id for h in hands}
    assert len(tournaments) > 1
    for hand in hands:
        assert hand.is_tournament and hand.currency is None and hand.layout.money_symbol == ""
        assert hand.buy_in == (Decimal("1.40"), Decimal("0.10"))
        assert hand.events_of(SummaryPot)[0].rake == 0
        assert hand.level is not None
        antes = [p for p in hand.posts if p.kind is PostKind.ANTE]
        assert bool(antes) == (hand.level >= 4)
        if antes:
            first_blind = next(
                i
                for i, e in enumerate(hand.events)
                if isinstance(e, Post) and e.kind is not PostKind.ANTE
            )
            assert all(hand.events.index(a) < first_blind for a in antes)
    for tid in tournaments:
        t_hands = [h for h in hands if h.tournament_id == tid]
        levels = [h.level or 0 for h in t_hands]
        assert levels == sorted(levels) and levels[0] == 1
        last = t_hands[-1]
        finishes = last.events_of(TournamentFinish)
        wins = last.events_of(TournamentWin)
        if last is not hands[-1]:
            # Every sit & go ends with the hero out or a winner.
            assert any(f.player == "Hero" for f in finishes) or wins
        if wins:
            assert wins[0].prize == Decimal("5.46")  # 65% of 6 x $1.40


def test_draw_lines_follow_pokerstars() -> None:
    for hand in simulate(300, 6):
        for k, e in enumerate(hand.events):
            if isinstance(e, Draw) and e.player == hand.hero and e.count:
                nxt = hand.events[k + 1]
                assert isinstance(nxt, DealtTo) and nxt.new is not None
                assert len(nxt.new) == e.count and len(nxt.kept) == 5 - e.count
            if isinstance(e, Draw) and e.pat and e.player != hand.hero:
                assert e.trailing == " "
            if isinstance(e, Action) and e.kind in (ActionKind.FOLD, ActionKind.CHECK):
                assert e.trailing == " "


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_table_sizes(players: int) -> None:
    tables: set[str] = set()
    for hand in simulate(300, players, SimConfig(players=players, seating_rate=0.0)):
        # Broke players leave and are replaced after a while, so a table may be short.
        assert 2 <= len(hand.seats) <= players
        if hand.table_name not in tables:
            tables.add(hand.table_name)
            assert len(hand.seats) == players
        assert (hand.max_seats, hand.seats[-1].seat <= 6) == (6, True)
