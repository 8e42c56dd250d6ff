"""``running_pot``: the pot as the lines say it, checked against the rules engine's own pot.

The engine returns an uncalled bet as soon as the betting round ends while the lines keep it in
the pot until the ``Uncalled bet`` line, so after a post or an action the two pots are equal
or differ by exactly the uncalled bet still to come.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from histparse.events import Action, Hand, Post, SummaryPot, UncalledBet
from histparse.game import LimitType
from histparse.parsing import parse_hand, read_histories
from histparse.replayer import replay
from histparse.show import render_hand, running_pot
from histparse.simulation import HardCase, SimConfig, TournamentStructure, simulate

REAL = Path(__file__).resolve().parents[1] / "data" / "pokerstars"
HALF = (Decimal("0.25"), Decimal("0.50"))
CONFIGS = (
    SimConfig(focus=frozenset(HardCase)),
    SimConfig(players=2, focus=frozenset(HardCase)),
    SimConfig(limit=LimitType.NO_LIMIT, stakes=HALF, focus=frozenset(HardCase)),
    SimConfig(limit=LimitType.POT, stakes=HALF, focus=frozenset(HardCase)),
    SimConfig(tournament=TournamentStructure(), focus=frozenset(HardCase)),
)


def check_against_engine(hand: Hand) -> int:
    """Assert the law of the module docstring; return how many pots were compared."""
    result = replay(hand, trace=True)
    engine = {s.index: s.state.pot * result.unit for s in result.states}
    pots = running_pot(hand)
    compared = 0
    for index, pot in pots.items():
        event = hand.events[index]
        if not isinstance(event, Post | Action) or index not in engine:
            continue
        gap = pot - engine[index]
        if gap:
            coming = next(e for e in hand.events[index:] if isinstance(e, UncalledBet))
            assert gap == coming.amount, (hand.hand_id, event, pot, engine[index])
        compared += 1
    return compared


def check_total(hand: Hand) -> None:
    pots = running_pot(hand)
    (summary,) = hand.events_of(SummaryPot)
    assert pots[max(pots)] == summary.total, hand.hand_id


def test_real_hands_agree_with_the_engine() -> None:
    compared = sum(check_against_engine(h) for h in read_histories(REAL))
    assert compared > 500


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), config=st.sampled_from(CONFIGS))
def test_simulated_hands_agree_with_the_engine_and_the_summary(
    seed: int, config: SimConfig
) -> None:
    for hand in simulate(6, seed=seed, config=config):
        check_against_engine(hand)
        check_total(hand)
        # Simulated hands are clean: the replayer says so.
        assert render_hand(hand).endswith("Findings\n  no findings\n")


def test_raise_to_counts_what_the_player_already_had() -> None:
    # The big blind (0.10 in) re-raises to 0.30: 0.20 more, not 0.10 or 0.30.
    text = "\n".join(
        [
            "PokerStars Hand #1:  Triple Draw 2-7 Lowball Limit ($0.10/$0.20 USD) - "
            "2012/06/07 20:44:17 ET",
            "Table 'T' 6-max Seat #1 is the button",
            "Seat 1: A ($5 in chips) ",
            "Seat 2: B ($5 in chips) ",
            "Seat 3: C ($5 in chips) ",
            "B: posts small blind $0.05",
            "C: posts big blind $0.10",
            "*** DEALING HANDS ***",
            "A: raises $0.10 to $0.20",
            "B: folds ",
            "C: raises $0.10 to $0.30",
            "A: folds ",
            "Uncalled bet ($0.10) returned to C",
            "C collected $0.45 from pot",
            "*** SUMMARY ***",
            "Total pot $0.45 | Rake $0 ",
            "Seat 1: A (button) folded before the Draw",
            "Seat 2: B (small blind) folded before the Draw",
            "Seat 3: C (big blind) collected ($0.45)",
        ]
    )
    hand = parse_hand(text)
    assert list(running_pot(hand).values()) == [
        Decimal("0.05"),
        Decimal("0.15"),
        Decimal("0.35"),
        Decimal("0.35"),
        Decimal("0.55"),
        Decimal("0.55"),
        Decimal("0.45"),
    ]
    assert check_against_engine(hand) == 6
    check_total(hand)
