"""Full Tilt's draw lines checked against the replay: the pot a draw marker prints
(POT-MARKER), the replacement lines against the discards (DRAW-REPLACED) and the hero's
``Dealt to [kept] [new]`` against the hero's discard (CARD-HERO-DRAW); and the dead hand, whose
findings each name the known site anomaly (docs/findings.md). Mutated real hands."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_fulltilt_audit import _lines, _mutated

from histparse.events import Hand
from histparse.parsing import read_histories
from histparse.replayer import replay
from histparse.replayer.findings import Severity

FULLTILT = Path(__file__).resolve().parents[1] / "data" / "real_histories" / "fulltilt"
CAPPED = "3-Draw-Limit-USD-150-300-201012.txt"  # client dialect, "(Pot: $1,425)" markers
TOURNEY = "3-Draw-Limit-USD-STT-2max-10-201211.txt"  # "(Total Pot: 180, 2 Players)" markers
SINGLE = "1-Draw-NL-USD-0.10-0.20-201103.txt"  # "*** DRAW *** (Pot: $2.05)"
DEAD = "3-Draw-Limit-USD-10-20-201101.Dead.hand.txt"


def _hand_with(lines: list[str], text: str) -> list[str]:
    """The lines of the first hand of a multi-hand file that holds the line ``text``."""
    at = lines.index(text)
    start = max(i for i in range(at + 1) if lines[i].startswith("Full Tilt Poker Game #"))
    end = next(i for i in range(at, len(lines)) if not lines[i].strip())
    return lines[start:end]


def _errors(hand: Hand) -> list[tuple[str, int, str]]:
    return [
        (f.code.value, f.line, f.message)
        for f in replay(hand).findings
        if f.severity is Severity.ERROR
    ]


def _codes(hand: Hand) -> set[tuple[str, int]]:
    return {(code, line) for code, line, _ in _errors(hand)}


# ---------------------------------------------------------------------------- marker pots


def test_every_real_marker_pot_matches_the_replay() -> None:
    hands = list(read_histories(FULLTILT))
    printed = sum(len(h.layout.marker_pots()) for h in hands)
    assert printed == 100  # the 2-7 hands' markers (FORMATS-SITES §1.7: 133 with other games)
    found = [f for h in hands for f in replay(h).findings if f.code.value == "POT-MARKER"]
    assert found == []


@pytest.mark.parametrize(
    ("name", "old", "new", "nth", "says"),
    [
        (
            CAPPED,
            "*** SECOND DRAW *** (Pot: $1,725)",
            "*** SECOND DRAW *** (Pot: $1,825)",
            0,
            "a pot of $1,825, but the lines put in $1,725",
        ),
        (
            CAPPED,
            "*** FIRST DRAW *** (Pot: $1,425)",
            "*** FIRST DRAW *** (Pot: $1,275)",
            0,
            "a pot of $1,275, but the lines put in $1,425",
        ),
        (
            CAPPED,
            "*** THIRD DRAW *** (Pot: $2,925)",
            "*** THIRD DRAW *** (Pot: $2,9x5)",
            0,
            "cannot be read",
        ),
        (
            TOURNEY,
            "*** FIRST DRAW *** (Total Pot: 180, 2 Players)",
            "*** FIRST DRAW *** (Total Pot: 190, 2 Players)",
            0,
            "a pot of 190, but the lines put in 180",
        ),
        (
            SINGLE,
            "*** DRAW *** (Pot: $2.05)",
            "*** DRAW *** (Pot: $2.10)",
            0,
            "a pot of $2.10, but the lines put in $2.05",
        ),
    ],
    ids=["second draw", "first draw", "unreadable", "tournament", "single draw"],
)
def test_a_wrong_marker_pot_is_an_error_on_its_line(
    name: str, old: str, new: str, nth: int, says: str
) -> None:
    lines = _lines(name)
    if name == TOURNEY:
        lines = _hand_with(lines, old)
    hand, line = _mutated(lines, old, new, nth)
    found = [(code, at, message) for code, at, message in _errors(hand) if code == "POT-MARKER"]
    assert len(found) == 1
    _code, at, message = found[0]
    assert at == line
    assert says in message
    assert f"#{hand.hand_id}" not in message  # the hand is the finding's own field
    assert replay(hand).findings[0].hand_id == hand.hand_id


def test_a_marker_pot_after_a_changed_bet_follows_the_lines() -> None:
    """The pot checked is the lines' money: a bet changed before a marker moves it (and the
    bet itself is a BET-SIZE error), so the printed pot disagrees."""
    hand, _ = _mutated(_lines(CAPPED), "Player6 calls $150", "Player6 calls $300")
    codes = {code for code, _, _ in _errors(hand)}
    assert "POT-MARKER" in codes


# ------------------------------------------------------------------------ replacement lines


@pytest.mark.parametrize(
    ("old", "new", "nth", "says"),
    [
        ("Player6 is dealt 2 cards", "Player6 is dealt 3 cards", 0, "discards 2 cards"),
        ("Player5 is dealt 1 card", "Player5 is dealt 2 cards", 1, "but is dealt 2 cards"),
        ("Player5 is dealt 1 card", "Player6 is dealt 1 card", 2, "stands pat but is dealt"),
        ("Player5 is dealt 1 card", None, 0, "never dealt the replacements"),
    ],
    ids=["more dealt", "second draw", "dealt after pat", "none dealt"],
)
def test_a_replacement_count_that_differs_from_the_discard_is_an_error(
    old: str, new: str | None, nth: int, says: str
) -> None:
    lines = _lines(CAPPED)
    hand, line = _mutated(lines, old, new, nth)
    found = [(at, message) for code, at, message in _errors(hand) if code == "DRAW-REPLACED"]
    if new is None:  # reported on the discard line that nothing answers
        line = next(i for i, t in enumerate(lines) if t == "Player5 discards 1 card") + 1
    assert [at for at, message in found if says in message] == [line]
    # Moving Player5's line to Player6 also leaves Player5's discard unanswered.
    assert len(found) == (2 if "pat" in says else 1)


def test_the_hero_dealt_a_different_number_of_new_cards_is_an_error() -> None:
    lines = _hand_with(_lines(TOURNEY), "Dealt to Hero [4d 2d] [8s 3c 3h]")
    hand, line = _mutated(
        lines, "Dealt to Hero [4d 2d] [8s 3c 3h]", "Dealt to Hero [4d 2d] [8s 3c]"
    )
    assert ("CARD-HERO-DRAW", line) in _codes(hand)
    hand, line = _mutated(
        lines, "Hero discards 3 cards [Ac Jc Qh]", "Hero discards 2 cards [Ac Jc Qh]"
    )
    assert ("CARD-HERO-DRAW", line) in _codes(hand)


def test_an_unchanged_real_hand_has_no_draw_line_finding() -> None:
    for name in (CAPPED, SINGLE):
        (hand,) = read_histories(FULLTILT / name)
        assert not [
            f for f in replay(hand).findings if f.code.value in ("DRAW-REPLACED", "POT-MARKER")
        ]


# ------------------------------------------------------------------------------ dead hand


def test_the_dead_hands_findings_each_name_the_known_site_anomaly() -> None:
    (hand,) = read_histories(FULLTILT / DEAD)
    findings = replay(hand).findings
    assert {f.code.value for f in findings} == {
        "STRUCT-SECTIONS",
        "STRUCT-SEATS",
        "POT-TOTAL",
        "SUMMARY-POSITION",
    }
    assert all("known site anomaly" in f.message and "dead hand" in f.message for f in findings)
    assert hand.layout.known_anomaly() is not None


def test_no_other_real_hand_is_marked_as_an_anomaly() -> None:
    hands = [h for h in read_histories(FULLTILT) if h.hand_id != "26884156000"]
    assert all(h.layout.known_anomaly() is None for h in hands)
    messages = [f.message for h in hands for f in replay(h).findings]
    assert messages and not [m for m in messages if "known site anomaly" in m]
