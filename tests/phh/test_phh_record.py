"""PHH conversion reads the hand's record (issue 32: one reading of a hand).

``convert`` takes the replay's record (or reads it once from a ``Hand``) and builds the action
list from the record's lines in their order. A line the record does not keep (Full Tilt's
``X has 15 seconds left to act`` between two discards) no longer splits a draw: PHH deals a
draw's replacement cards once every player in it has discarded, and pokerkit refuses a deal in
the middle of the discards (``Unable to repair the hand history``).
"""

from __future__ import annotations

import warnings
from collections import deque
from pathlib import Path

from pokerkit import HandHistory

from histparse.events import Hand
from histparse.parsing import read_results
from histparse.phh import PhhHand, convert, dumps
from histparse.replayer import read_facts, replay

DATA = Path(__file__).resolve().parents[1] / "data"
REAL = DATA / "real_histories"
FT_SNG = REAL / "fulltilt" / "3-Draw-Limit-USD-STT-2max-10-201211.txt"


def _real_hands() -> list[Hand]:
    return [r for r in read_results(REAL) if isinstance(r, Hand)]


def test_a_record_converts_as_its_hand() -> None:
    """The audit's record, the facts alone and the hand itself give the same PHH text."""
    hands = _real_hands()
    assert len(hands) >= 150
    compared = 0
    for hand in hands:
        from_hand = convert(hand, allow_unknown=True)
        assert convert(read_facts(hand), allow_unknown=True) == from_hand
        assert convert(replay(hand), allow_unknown=True) == from_hand
        compared += isinstance(from_hand, PhhHand)
    assert compared >= 100


def _draws_in_order(actions: tuple[str, ...]) -> bool:
    """Whether, within each draw, every discard (``sd``) comes before any replacement deal.
    A discard by a player who discarded in the draw already starts the next draw (all-in
    players draw again with no betting between)."""
    players = len({a.split()[2] for a in actions if a.startswith("d dh ")})
    discarded: set[str] = set()
    dealing = False
    for action in actions[players:]:
        words = action.split()
        if words[0] == "d":
            dealing = True
        elif words[1] == "sd":
            if words[0] in discarded:
                discarded, dealing = set(), False
            elif dealing:
                return False
            discarded.add(words[0])
        else:
            discarded, dealing = set(), False
    return True


def test_every_draw_deals_after_its_last_discard() -> None:
    """On every real hand PHH can say, a draw's replacements come after all its discards."""
    converted = [convert(h, allow_unknown=True) for h in _real_hands()]
    phh = [c for c in converted if isinstance(c, PhhHand)]
    assert len(phh) >= 100
    out_of_order = [p.hand for p in phh if not _draws_in_order(p.actions)]
    assert out_of_order == []


def test_the_order_law_sees_a_deal_between_discards() -> None:
    assert _draws_in_order(("d dh p1 ??", "d dh p2 ??", "p1 sd ?", "p2 sd ?", "d dh p1 ?"))
    assert not _draws_in_order(("d dh p1 ??", "d dh p2 ??", "p1 sd ?", "d dh p1 ?", "p2 sd ?"))
    # Two draws in a row (all in): the second starts with a player who discarded already.
    assert _draws_in_order(
        ("d dh p1 ??", "d dh p2 ??", "p1 sd ?", "p2 sd ?", "d dh p1 ?", "p1 sd ?", "p2 sd")
    )


def test_a_timing_line_between_discards_still_replays_in_pokerkit() -> None:
    """Full Tilt hand 31331175479 prints ``Player0 has 15 seconds left to act`` between the
    hero's discard and Player0's; its PHH replays to its finishing stacks."""
    hand = next(
        r for r in read_results(FT_SNG) if isinstance(r, Hand) and r.hand_id == "31331175479"
    )
    phh = convert(hand, allow_unknown=True)
    assert isinstance(phh, PhhHand)
    actions = list(phh.actions)
    assert actions.index("p2 sd ??") < actions.index("d dh p1 6s")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        state = deque(HandHistory.loads(dumps(phh)), maxlen=1).pop()
    assert list(state.stacks) == list(phh.finishing_stacks) == [1705, 1295]
