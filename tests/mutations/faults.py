"""Fault injectors for the mutation tests: each takes a correct hand and returns it with one
kind of fault injected (``dataclasses.replace`` on its events), or None when the hand offers no
place for that fault.

``FAULTS`` maps a fault name to (the finding code that must detect it, the injector).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

from histparse.cards import DECK, Card
from histparse.events import (
    Action,
    CapReached,
    Collected,
    DealtTo,
    Event,
    Hand,
    Post,
    Reshuffle,
    SeatOutcome,
    Shows,
    SummaryPot,
    SummarySeat,
    UncalledBet,
)
from histparse.game import ActionKind, Game, LimitType, PostKind
from histparse.parsing import read_histories

TESTS = Path(__file__).resolve().parent.parent
REAL = TESTS / "data" / "pokerstars"
FIXTURES = Path(__file__).resolve().parent / "hands"
CORRUPT = "81631597149"  # the real PokerStars duplicate-hole-cards bug hand

Injector = Callable[[Hand], Hand | None]


def correct_hands() -> list[Hand]:
    """Every real Triple Draw hand that is known to be correct, plus the hand-built side-pot
    and split-pot fixtures."""
    hands = [
        h
        for h in read_histories(REAL, FIXTURES)
        if h.game is Game.TRIPLE_DRAW_27 and h.hand_id != CORRUPT and not h.cancelled
    ]
    return hands


def unit(hand: Hand) -> Decimal:
    """The smallest amount of the hand's money."""
    return Decimal("0.01") if hand.layout.money_symbol else Decimal(1)


def _with(hand: Hand, events: list[Event]) -> Hand:
    return replace(hand, events=tuple(events))


def _set(hand: Hand, index: int, event: Event) -> Hand:
    events = list(hand.events)
    events[index] = event
    return _with(hand, events)


def _find(hand: Hand, pred: Callable[[Event], bool]) -> int | None:
    return next((k for k, e in enumerate(hand.events) if pred(e)), None)


# -- pots ----------------------------------------------------------------------------------


def pot_total(hand: Hand) -> Hand | None:
    k = _find(hand, lambda e: isinstance(e, SummaryPot))
    if k is None:
        return None
    sp = hand.events[k]
    assert isinstance(sp, SummaryPot)
    return _set(hand, k, replace(sp, total=sp.total + 10 * unit(hand)))


def rake_arithmetic(hand: Hand) -> Hand | None:
    k = _find(hand, lambda e: isinstance(e, SummaryPot))
    if k is None:
        return None
    sp = hand.events[k]
    assert isinstance(sp, SummaryPot)
    return _set(hand, k, replace(sp, rake=sp.rake + unit(hand)))


def _showers(hand: Hand) -> list[Shows]:
    return [e for e in hand.events if isinstance(e, Shows)]


def wrong_winner(hand: Hand) -> Hand | None:
    """The main pot collected by a player who showed a worse hand."""
    shows = _showers(hand)
    k = _find(hand, lambda e: isinstance(e, Collected) and e.pot_index == 0)
    if k is None or len(shows) < 2:
        return None
    c = hand.events[k]
    assert isinstance(c, Collected)
    loser = next((s.player for s in shows if s.player != c.player), None)
    if loser is None:
        return None
    return _set(hand, k, replace(c, player=loser))


def wrong_side_winner(hand: Hand) -> Hand | None:
    """A side pot collected by another player who showed and is eligible for it."""
    k = _find(hand, lambda e: isinstance(e, Collected) and e.pot_index > 0)
    if k is None:
        return None
    c = hand.events[k]
    assert isinstance(c, Collected)
    shows = _showers(hand)
    # The short all-in player is the one who collects the main pot only.
    main = {e.player for e in hand.events if isinstance(e, Collected) and e.pot_index == 0}
    other = next((s.player for s in shows if s.player != c.player and s.player not in main), None)
    if other is None:
        return None
    return _set(hand, k, replace(c, player=other))


def overcollected(hand: Hand) -> Hand | None:
    sp = next((e for e in hand.events if isinstance(e, SummaryPot)), None)
    k = _find(hand, lambda e: isinstance(e, Collected))
    if k is None or sp is None:
        return None
    c = hand.events[k]
    assert isinstance(c, Collected)
    return _set(hand, k, replace(c, amount=sp.total + unit(hand)))


def not_eligible(hand: Hand) -> Hand | None:
    """A player who folded collects the pot."""
    folded = next(
        (e.player for e in hand.events if isinstance(e, Action) and e.kind is ActionKind.FOLD),
        None,
    )
    k = _find(hand, lambda e: isinstance(e, Collected))
    if folded is None or k is None:
        return None
    c = hand.events[k]
    assert isinstance(c, Collected)
    return _set(hand, k, replace(c, player=folded))


def split_shares(hand: Hand) -> Hand | None:
    """A split pot whose odd chip goes to the wrong winner."""
    ks = [k for k, e in enumerate(hand.events) if isinstance(e, Collected)]
    if len(ks) != 2:
        return None
    a, b = hand.events[ks[0]], hand.events[ks[1]]
    assert isinstance(a, Collected) and isinstance(b, Collected)
    if a.pot_index != b.pot_index or a.amount == b.amount:
        return None
    events = list(hand.events)
    events[ks[0]] = replace(a, amount=b.amount)
    events[ks[1]] = replace(b, amount=a.amount)
    return _with(hand, events)


def side_pot_summary(hand: Hand) -> Hand | None:
    k = _find(hand, lambda e: isinstance(e, SummaryPot) and e.main is not None)
    if k is None:
        return None
    sp = hand.events[k]
    assert isinstance(sp, SummaryPot) and sp.main is not None
    step = unit(hand)
    return _set(hand, k, replace(sp, main=sp.main - step, sides=(sp.sides[0] + step,)))


# -- cards -------------------------------------------------------------------------------


def duplicate_card(hand: Hand) -> Hand | None:
    """The second player to show holds a card of the first one's hand."""
    shows = [(k, e) for k, e in enumerate(hand.events) if isinstance(e, Shows)]
    if len(shows) < 2:
        return None
    (_, first), (k, second) = shows[0], shows[1]
    stolen = next(c for c in first.cards if c not in second.cards)
    cards = (stolen, *second.cards[1:])
    return _set(hand, k, replace(second, cards=cards, description=None))


def hero_draw(hand: Hand) -> Hand | None:
    """A 'Dealt to [kept] [new]' whose kept cards are not the hand minus the discards."""
    k = _find(hand, lambda e: isinstance(e, DealtTo) and e.new is not None and len(e.kept) > 0)
    if k is None:
        return None
    d = hand.events[k]
    assert isinstance(d, DealtTo) and d.new is not None
    used = {c for e in hand.events if isinstance(e, DealtTo | Shows) for c in _cards_of(e)}
    outsider = next(c for c in DECK if c not in used)
    return _set(hand, k, replace(d, kept=(outsider, *d.kept[1:])))


def _cards_of(e: Event) -> tuple[Card, ...]:
    if isinstance(e, DealtTo):
        return e.hand
    if isinstance(e, Shows):
        return e.cards
    return ()


def wrong_description(hand: Hand) -> Hand | None:
    k = _find(hand, lambda e: isinstance(e, Shows) and e.description is not None)
    if k is None:
        return None
    s = hand.events[k]
    assert isinstance(s, Shows)
    other = "Lo: 7,5,4,3,2" if s.description != "Lo: 7,5,4,3,2" else "Lo: 8,5,4,3,2"
    return _set(hand, k, replace(s, description=other))


def missing_reshuffle(hand: Hand) -> Hand | None:
    k = _find(hand, lambda e: isinstance(e, Reshuffle))
    if k is None:
        return None
    events = list(hand.events)
    del events[k]
    return _with(hand, events)


def early_reshuffle(hand: Hand) -> Hand | None:
    """'The deck is reshuffled' in the first draw, when the stub has plenty of cards."""
    k = _find(hand, lambda e: type(e).__name__ == "Draw")
    if k is None:
        return None
    events = list(hand.events)
    events.insert(k, Reshuffle(line=hand.events[k].line))
    return _with(hand, events)


# -- betting -----------------------------------------------------------------------------


def raise_size(hand: Hand) -> Hand | None:
    """A fixed-limit raise one bet too big ('raises A to B' kept arithmetic)."""
    if hand.limit_type is not LimitType.FIXED:
        return None
    k = _find(
        hand,
        lambda e: isinstance(e, Action) and e.kind is ActionKind.RAISE and not e.all_in,
    )
    if k is None:
        return None
    a = hand.events[k]
    assert isinstance(a, Action) and a.amount is not None and a.to_amount is not None
    step = hand.stakes[0]
    return _set(hand, k, replace(a, amount=a.amount + step, to_amount=a.to_amount + step))


def raise_arithmetic(hand: Hand) -> Hand | None:
    """'raises A to B' where B - A is not the bet being raised."""
    k = _find(hand, lambda e: isinstance(e, Action) and e.kind is ActionKind.RAISE)
    if k is None:
        return None
    a = hand.events[k]
    assert isinstance(a, Action) and a.amount is not None
    return _set(hand, k, replace(a, amount=a.amount + unit(hand)))


def over_cap(hand: Hand) -> Hand | None:
    """The call right after 'Betting is capped' becomes one more raise."""
    k = _find(hand, lambda e: isinstance(e, CapReached))
    if k is None:
        return None
    nxt = next(
        (j for j in range(k + 1, len(hand.events)) if isinstance(hand.events[j], Action)), None
    )
    prev = hand.events[k - 1]
    if nxt is None or not isinstance(prev, Action) or prev.to_amount is None:
        return None
    a = hand.events[nxt]
    assert isinstance(a, Action)
    step = hand.stakes[0] if prev.street <= 1 else hand.stakes[1]
    if a.kind is not ActionKind.CALL or a.all_in:
        return None
    raised = replace(a, kind=ActionKind.RAISE, amount=step, to_amount=prev.to_amount + step)
    return _set(hand, nxt, raised)


def missing_cap_line(hand: Hand) -> Hand | None:
    k = _find(hand, lambda e: isinstance(e, CapReached))
    if k is None:
        return None
    events = list(hand.events)
    del events[k]
    return _with(hand, events)


def out_of_turn(hand: Hand) -> Hand | None:
    """Two consecutive actions of different players in one round, swapped."""
    events = hand.events
    for k in range(len(events) - 1):
        a, b = events[k], events[k + 1]
        if (
            isinstance(a, Action)
            and isinstance(b, Action)
            and a.street == b.street
            and a.player != b.player
            and a.kind is ActionKind.FOLD
            and b.kind is ActionKind.FOLD
        ):
            swapped = list(events)
            swapped[k] = replace(b, line=a.line)
            swapped[k + 1] = replace(a, line=b.line)
            return _with(hand, swapped)
    return None


def wrong_call(hand: Hand) -> Hand | None:
    k = _find(hand, lambda e: isinstance(e, Action) and e.kind is ActionKind.CALL and not e.all_in)
    if k is None:
        return None
    a = hand.events[k]
    assert isinstance(a, Action) and a.amount is not None
    return _set(hand, k, replace(a, amount=a.amount + unit(hand)))


def act_after_fold(hand: Hand) -> Hand | None:
    """A player who folded checks right after folding."""
    k = _find(hand, lambda e: isinstance(e, Action) and e.kind is ActionKind.FOLD)
    if k is None:
        return None
    a = hand.events[k]
    assert isinstance(a, Action)
    events = list(hand.events)
    events.insert(k + 1, replace(a, kind=ActionKind.CHECK))
    return _with(hand, events)


def uncalled_amount(hand: Hand) -> Hand | None:
    k = _find(hand, lambda e: isinstance(e, UncalledBet))
    if k is None:
        return None
    u = hand.events[k]
    assert isinstance(u, UncalledBet)
    return _set(hand, k, replace(u, amount=u.amount + unit(hand)))


def allin_flag(hand: Hand) -> Hand | None:
    k = _find(hand, lambda e: isinstance(e, Action) and e.all_in)
    if k is None:
        return None
    a = hand.events[k]
    assert isinstance(a, Action)
    return _set(hand, k, replace(a, all_in=False))


# -- structure ---------------------------------------------------------------------------


def blind_seat(hand: Hand) -> Hand | None:
    """The small and big blinds posted by the wrong players (names swapped)."""
    ks = [
        k
        for k, e in enumerate(hand.events)
        if isinstance(e, Post) and e.kind in (PostKind.SMALL_BLIND, PostKind.BIG_BLIND)
    ]
    if len(ks) != 2:
        return None
    sb, bb = hand.events[ks[0]], hand.events[ks[1]]
    assert isinstance(sb, Post) and isinstance(bb, Post)
    if len(hand.seats) <= 2:
        return None  # heads-up the swap also breaks the button rule; keep the fault pure
    third = next(s.player for s in hand.seats if s.player not in (sb.player, bb.player))
    return _set(hand, ks[0], replace(sb, player=third))


def blind_amount(hand: Hand) -> Hand | None:
    k = _find(hand, lambda e: isinstance(e, Post) and e.kind is PostKind.BIG_BLIND)
    if k is None:
        return None
    p = hand.events[k]
    assert isinstance(p, Post)
    return _set(hand, k, replace(p, amount=p.amount + unit(hand)))


# -- summary -----------------------------------------------------------------------------


def summary_fold(hand: Hand) -> Hand | None:
    k = _find(
        hand,
        lambda e: isinstance(e, SummarySeat) and e.outcome is SeatOutcome.FOLDED_BEFORE_DRAW,
    )
    if k is None:
        return None
    s = hand.events[k]
    assert isinstance(s, SummarySeat)
    return _set(hand, k, replace(s, outcome=SeatOutcome.FOLDED_AFTER_2ND_DRAW, didnt_bet=False))


def summary_amount(hand: Hand) -> Hand | None:
    k = _find(hand, lambda e: isinstance(e, SummarySeat) and e.amount is not None and e.amount)
    if k is None:
        return None
    s = hand.events[k]
    assert isinstance(s, SummarySeat) and s.amount is not None
    return _set(hand, k, replace(s, amount=s.amount + unit(hand)))


# A fault that asks a player for more chips than they have is reported as such (BET-ALLIN:
# the engine cannot apply it) before its size is judged; simulated short stacks make that
# common, the real hands never do.
OVER_STACK = frozenset({"wrong raise size", "over the cap", "blind amount", "wrong call amount"})

FAULTS: dict[str, tuple[str, Injector]] = {
    # the list
    "pot total": ("POT-TOTAL", pot_total),
    "rake arithmetic": ("POT-RAKE", rake_arithmetic),
    "wrong winner": ("POT-WINNER", wrong_winner),
    "wrong side-pot winner": ("POT-WINNER", wrong_side_winner),
    "duplicate card": ("CARD-DUPLICATE", duplicate_card),
    "hero draw inconsistency": ("CARD-HERO-DRAW", hero_draw),
    "wrong raise size": ("BET-SIZE", raise_size),
    "over the cap": ("BET-CAP", over_cap),
    "out of turn": ("BET-ORDER", out_of_turn),
    "wrong call amount": ("BET-CALL", wrong_call),
    "collected more than the pot": ("POT-OVERCOLLECTED", overcollected),
    "act after fold": ("BET-AFTER-FOLD", act_after_fold),
    "summary contradicting the body (fold)": ("SUMMARY-FOLD", summary_fold),
    "summary contradicting the body (amount)": ("SUMMARY-AMOUNT", summary_amount),
    "wrong description": ("CARD-DESCRIPTION", wrong_description),
    # more
    "collector not eligible": ("POT-NOT-ELIGIBLE", not_eligible),
    "odd chip to the wrong winner": ("POT-SPLIT", split_shares),
    "side pots in the summary": ("POT-SIDE-POTS", side_pot_summary),
    "missing reshuffle line": ("CARD-RESHUFFLE", missing_reshuffle),
    "reshuffle with cards in the stub": ("CARD-RESHUFFLE", early_reshuffle),
    "raise arithmetic": ("BET-RAISE-ARITHMETIC", raise_arithmetic),
    "missing cap line": ("BET-CAP-LINE", missing_cap_line),
    "uncalled bet amount": ("BET-UNCALLED", uncalled_amount),
    "all-in flag": ("BET-ALLIN-FLAG", allin_flag),
    "blind by the wrong seat": ("BLIND-SEAT", blind_seat),
    "blind amount": ("BLIND-AMOUNT", blind_amount),
}
