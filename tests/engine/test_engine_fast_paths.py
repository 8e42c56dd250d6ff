"""The engine's hot paths agree with the slow, explicit ones: ``act`` judges with plain ints
what ``legal_actions`` spells out, results built through their mutable twins are ordinary
frozen dataclasses, ``Card`` tuples skip parsing, and ``bet_of`` reads the round bet."""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_engine_properties import post_blinds, random_table

from histparse._records import twin
from histparse.cards import parse_cards
from histparse.engine import (
    ActionResult,
    Dealer,
    DrawResult,
    GameConfig,
    HandState,
    IllegalAction,
    LegalActions,
    Phase,
    PostResult,
    Seat,
    StateError,
)
from histparse.engine.pots import PlayerResult, PotResult, build_pots
from histparse.game import ActionKind, PostKind
from histparse.ranking import rank_parsed


def _candidates(hand: HandState, rng: random.Random) -> list[tuple[str, ActionKind, int | None]]:
    """Actions to try now, legal or not: every kind, around the legal bounds, out of turn."""
    legal = hand.legal_actions()
    to_act = hand.to_act or ""
    others = [p for p in hand.players if p != to_act and hand.is_live(p)]
    tos = {legal.min_to - 1, legal.min_to, legal.max_to, legal.max_to + 1}
    tos |= {legal.current_bet + 1, legal.player_bet + legal.stack, rng.randint(1, 500)}
    out: list[tuple[str, ActionKind, int | None]] = []
    for kind in ActionKind:
        out.extend((to_act, kind, to) for to in sorted(tos))
        if others:
            out.append((rng.choice(others), kind, legal.min_to))
    return out


def _legal_by_the_book(hand: HandState, player: str, kind: ActionKind, to: int | None) -> bool:
    if player != hand.to_act:
        return False
    return hand.legal_actions().allows(kind, to)


@settings(max_examples=80, deadline=None)
@given(st.randoms(use_true_random=False))
def test_act_accepts_exactly_what_legal_actions_allows(rng: random.Random) -> None:
    """For random states and candidate actions (R-BET-2..7): ``act(check=True)`` raises
    ``IllegalAction`` exactly when ``legal_actions().allows`` says no."""
    cfg, seats, button = random_table(rng)
    hand = HandState(cfg, seats, button, dealer=Dealer(rng.randrange(2**32)))
    post_blinds([hand], rng)
    hand.deal()
    while hand.phase is Phase.BETTING or hand.phase is Phase.DRAWING:
        player = hand.to_act or ""
        if hand.phase is Phase.DRAWING:
            hand.draw(player, 0)
            continue
        for who, kind, to in rng.sample(_candidates(hand, rng), 6):
            arg = to if kind is ActionKind.BET or kind is ActionKind.RAISE else None
            expected = _legal_by_the_book(hand, who, kind, arg)
            # A refused action leaves the state as it was, so only legal ones need a copy.
            trial = copy.deepcopy(hand) if expected else hand
            try:
                trial.act(who, kind, arg)
            except IllegalAction:
                assert not expected, (who, kind, arg, hand.legal_actions())
            except StateError:
                pass  # impossible at all (e.g. more than the stack): not a legality question
            else:
                assert expected, (who, kind, arg, hand.legal_actions())
        legal = hand.legal_actions()
        kinds: list[ActionKind] = [k for k in legal.kinds if k is not ActionKind.FOLD]
        kinds = kinds or [ActionKind.FOLD]
        kind = rng.choice(kinds)
        to = legal.min_to if kind is ActionKind.BET or kind is ActionKind.RAISE else None
        hand.act(player, kind, to)


def test_call_amount_is_judged_like_the_legal_call() -> None:
    """A call states its increment: the legal call amount passes, any other is R-BET-3 (or
    R-BET-7 when the player is short), as before the fast path."""
    hand = HandState(GameConfig.fixed_limit(10), [Seat(1, "A", 100), Seat(2, "B", 4)], 2)
    hand.post("A", PostKind.SMALL_BLIND)
    hand.post("B", PostKind.BIG_BLIND)
    hand.deal()
    with pytest.raises(IllegalAction) as err:
        hand.call("A", 4)
    assert err.value.rule_id == "R-BET-3" and err.value.legal is not None
    assert err.value.legal.call_amount == 5
    assert hand.call("A", 5).increment == 5


@pytest.mark.parametrize(
    "cls", [ActionResult, DrawResult, PostResult, LegalActions, PotResult, PlayerResult]
)
def test_twins_build_ordinary_frozen_results(cls: type) -> None:
    """Results built by ``twin`` are equal to, hash like and print like the ones built by
    the dataclass ``__init__``, and are frozen."""
    fields = dataclasses.fields(cls)
    values = {f.name: (k if f.type in ("int", "bool") else f"v{k}") for k, f in enumerate(fields)}
    made = cls(**values)
    parts = twin(cls)()
    for name, value in values.items():
        setattr(parts, name, value)
    parts.__class__ = cls
    assert parts == made and hash(parts) == hash(made) and repr(parts) == repr(made)
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(parts, fields[0].name, values[fields[0].name])
    with pytest.raises(TypeError):
        twin(Seat.__base__)  # type: ignore[arg-type]


def test_engine_results_equal_their_dataclass_twins() -> None:
    hand = HandState(GameConfig.fixed_limit(10), [Seat(1, "A", 100), Seat(2, "B", 100)], 2)
    post = hand.post("A", PostKind.SMALL_BLIND)
    assert post == PostResult("A", PostKind.SMALL_BLIND, 5, 5, 0, False)
    hand.post("B", PostKind.BIG_BLIND)
    hand.deal({"A": "7h 5d 4c 3s 2h"})
    act = hand.call("A")
    assert act == ActionResult("A", ActionKind.CALL, 5, 10, False)
    assert type(act) is ActionResult and dataclasses.replace(act, total=11).total == 11
    hand.check("B")
    kept = hand.draw("A", 0)
    assert kept == DrawResult("A", 1, 0, None, None, parse_cards("7h 5d 4c 3s 2h"), False, 0, 42)
    drawn = hand.draw("B", 2)
    assert drawn == DrawResult("B", 1, 2, None, None, (None,) * 3, False, 2, 52 - 10 - 2)
    assert hand.events[-1] is drawn


def test_card_tuples_skip_parsing_and_text_is_still_read() -> None:
    hand = HandState(GameConfig.fixed_limit(10), [Seat(1, "A", 100), Seat(2, "B", 100)], 2)
    hand.post("A", PostKind.SMALL_BLIND)
    hand.post("B", PostKind.BIG_BLIND)
    cards = parse_cards("7h 5d 4c 3s 2h")
    hand.deal({"A": cards, "B": "[Kh Qd Jc 9s 8h]"})
    assert hand.hand_of("A") == cards
    assert hand.hand_of("B") == parse_cards("Kh Qd Jc 9s 8h")


def test_bet_of_reads_the_round_bet() -> None:
    """``bet_of``: the player's total in the current betting round, 0 once it is over."""
    hand = HandState(GameConfig.no_limit(5, 10), [Seat(1, "A", 100), Seat(2, "B", 100)], 2)
    hand.post("A", PostKind.SMALL_BLIND)
    hand.post("B", PostKind.BIG_BLIND)
    hand.deal()
    assert (hand.bet_of("A"), hand.bet_of("B")) == (5, 10)
    hand.raise_to("A", 30)
    assert hand.bet_of("A") == 30 == hand.snapshot().player("A").bet
    hand.call("B")
    assert hand.phase is Phase.DRAWING and (hand.bet_of("A"), hand.bet_of("B")) == (0, 0)
    with pytest.raises(StateError, match="not dealt in"):
        hand.bet_of("Nobody")


def _pots_by_levels(invested: list[int], live: list[bool]) -> list[tuple[int, list[int]]]:
    """``build_pots`` spelled out: one layer per live contribution level, every chip of the
    layer in it, the live players who reach the level eligible; chips above the top live
    level join the top pot."""
    levels = sorted({c for c, ok in zip(invested, live, strict=True) if ok})
    pots: list[tuple[int, list[int]]] = []
    prev = 0
    for level in levels:
        amount = sum(max(0, min(c, level) - prev) for c in invested)
        if amount:
            pots.append((amount, [i for i, c in enumerate(invested) if live[i] and c >= level]))
        prev = level
    above = sum(max(0, c - prev) for c in invested)
    if above:
        if pots:
            pots[-1] = (pots[-1][0] + above, pots[-1][1])
        else:
            pots.append((above, [i for i in range(len(invested)) if live[i]]))
    return pots


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 40), st.booleans()), min_size=2, max_size=9),
    st.booleans(),
)
def test_build_pots_one_level_fast_path_agrees(
    players: list[tuple[int, bool]], same_level: bool
) -> None:
    """When every live player put in the same (one pot, the usual hand) the shortcut gives
    what the layer by layer reading gives; other hands too."""
    invested = [c for c, _ in players]
    live = [ok for _, ok in players]
    if same_level and any(live):
        level = max(c for c, ok in players if ok)
        invested = [level if ok else c for c, ok in players]
    assert build_pots(invested, live) == _pots_by_levels(invested, live)


def test_uncontested_settlement_ranks_nobody(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hands are ranked only for a pot with two claimants: an uncontested hand settles
    without ranking the winner's known hand."""
    import histparse.engine.state as state_module

    ranked: list[Sequence[int]] = []

    def counting(cards: Sequence[int]) -> int:
        ranked.append(cards)
        return rank_parsed(cards)

    monkeypatch.setattr(state_module, "rank_parsed", counting)
    seats = [Seat(1, "A", 500), Seat(2, "B", 500), Seat(3, "C", 500)]
    hand = HandState(GameConfig.fixed_limit(10), seats, 1)
    hand.post("B", PostKind.SMALL_BLIND, 5)
    hand.post("C", PostKind.BIG_BLIND, 10)
    hand.deal({"A": parse_cards("7h 5d 4c 3s 2h")})
    hand.raise_to("A", 20)
    hand.fold("B")
    hand.fold("C")
    assert hand.phase is Phase.UNCONTESTED
    settlement = hand.settle()
    assert ranked == []
    assert settlement.pots[0].winners == ("A",)
