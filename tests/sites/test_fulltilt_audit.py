"""Full Tilt hands through the replay and audit: the real hands are clean but for the anomalies
Full Tilt really wrote (docs/findings.md), its profile's rules hold, and a mutated real hand
gives an error finding on the right line."""

from __future__ import annotations

from pathlib import Path

import pytest

from histparse.auditor import audit
from histparse.events import Hand
from histparse.parsing import parse_results, read_histories
from histparse.replayer import replay
from histparse.replayer.findings import Severity
from histparse.sites import profile_for

FULLTILT = Path(__file__).resolve().parents[1] / "data" / "real_histories" / "fulltilt"
SITE = "FullTilt"
DEAD_HAND = "26884156000"  # no deal, the posted small blind vanishes (docs/findings.md)


def _codes(hand: Hand) -> list[tuple[str, int | None]]:
    return [
        (f.code.value, f.line)
        for f in replay(hand).findings
        if f.severity in (Severity.ERROR, Severity.WARNING)
    ]


def test_every_real_hand_replays_clean_but_the_dead_hand() -> None:
    hands = list(read_histories(FULLTILT))
    assert len(hands) == 84
    dirty = {h.hand_id: _codes(h) for h in hands if _codes(h)}
    assert set(dirty) == {DEAD_HAND}
    assert {code for code, _ in dirty[DEAD_HAND]} == {
        "STRUCT-SECTIONS",
        "STRUCT-SEATS",
        "POT-TOTAL",
        "SUMMARY-POSITION",
    }


def test_the_partial_hand_is_not_replayed() -> None:
    (hand,) = read_histories(FULLTILT / "3-Draw-Limit-USD-20-40-201101.Partial.txt")
    assert [f.code.value for f in replay(hand).findings] == ["HAND-PARTIAL"]


def test_audit_counts_the_top_ups_as_info_only() -> None:
    run = audit(read_histories(FULLTILT / "10Game-6max-USD-2.50-5.201104.Sample.txt"))
    severities = {f.code.value: f.severity for f in run}
    assert severities == {"STACK-TOPUP": Severity.INFO}


def test_profile() -> None:
    profile = profile_for(SITE)
    assert profile.cap_lifted_heads_up and profile.max_bets_per_round == 4
    assert profile.no_rake_before_draw and not profile.returns_dead_money
    assert profile.marks_single_draw and not profile.prints_cap_line


# ------------------------------------------------------------------------------ mutations


def _lines(name: str) -> list[str]:
    data = (FULLTILT / name).read_bytes()
    text = data.decode("utf-16") if data[:2] == b"\xff\xfe" else data.decode("utf-8-sig")
    return text.replace("\r\n", "\n").split("\n")


def _hand_at(lines: list[str], start: int) -> list[str]:
    """The lines of the hand whose header is line ``start`` (0-based), up to its blank lines."""
    end = start
    while end < len(lines) and lines[end].strip():
        end += 1
    return lines[start:end]


def _mutated(lines: list[str], old: str, new: str | None, nth: int = 0) -> tuple[Hand, int]:
    """The hand with the ``nth`` line equal to ``old`` replaced (removed for None), and that
    line's number."""
    index = [i for i, text in enumerate(lines) if text == old][nth]
    changed = list(lines)
    if new is None:
        del changed[index]
    else:
        changed[index] = new
    (hand,) = parse_results("\n".join(changed))
    assert isinstance(hand, Hand)
    return hand, index + 1


def _errors(hand: Hand) -> set[tuple[str, int | None]]:
    return {(f.code.value, f.line) for f in replay(hand).findings if f.severity is Severity.ERROR}


CAPPED = "3-Draw-Limit-USD-150-300-201012.txt"


@pytest.mark.parametrize(
    ("old", "new", "code", "at"),
    [
        # a collected amount: the total pot minus rake is not what is collected
        (
            "Player6 wins the pot ($2,922) with J,7,5,3,2",
            "Player6 wins the pot ($2,921) with J,7,5,3,2",
            "POT-RAKE",
            "Total pot $2,925 | Rake $3",
        ),
        # a winner (R-SHOW-2)
        (
            "Player6 wins the pot ($2,922) with J,7,5,3,2",
            "Player5 wins the pot ($2,922) with J,7,5,3,2",
            "POT-WINNER",
            None,
        ),
        # a bet size (R-BET-4)
        ("Player5 bets $150", "Player5 bets $300", "BET-SIZE", None),
        # a shown card (R-RANK-3)
        (
            "Player6 shows [Js 7d 5c 3c 2d] J,7,5,3,2",
            "Player6 shows [Js 7d 5c 3c 4d] J,7,5,3,2",
            "CARD-DESCRIPTION",
            None,
        ),
    ],
    ids=["collected amount", "winner", "bet size", "shown card"],
)
def test_a_mutated_real_hand_gives_an_error_on_the_right_line(
    old: str, new: str, code: str, at: str | None
) -> None:
    lines = _lines(CAPPED)
    hand, line = _mutated(lines, old, new)
    if at is not None:
        line = lines.index(at) + 1
    assert (code, line) in _errors(hand)


def test_a_removed_fold_is_an_error_on_the_next_action() -> None:
    lines = _lines(CAPPED)
    hand, line = _mutated(lines, "Player1 folds", None)
    # "Hero folds" now comes while Player1 is still to act (R-BET-2), on the removed line's place.
    assert ("BET-ORDER", line) in _errors(hand)


def test_a_fifth_bet_multiway_is_over_the_cap() -> None:
    """R-BET-5: bet + three raises multiway (1500-3000 archive hand)."""
    lines = _lines("3-Draw-Limit-USD-1500-3000-201101.FTP.Archive.sample.txt")
    hand, line = _mutated(lines, "Hero calls $3,000", "Hero raises to $7,500")
    assert ("BET-CAP", line) in _errors(hand)


def test_a_fifth_bet_heads_up_is_not_an_error() -> None:
    """R-BET-5 per site: Full Tilt's heads-up cap is unknown, so it is taken as lifted."""
    lines = _lines("3-Draw-Limit-USD-STT-2max-10-201211.txt")
    start = next(i for i, text in enumerate(lines) if "#31331182923" in text)
    hand_lines = _hand_at(lines, start)
    hand, line = _mutated(hand_lines, "Player0 calls 80", "Player0 raises to 400")
    assert not [c for c, at in _errors(hand) if c == "BET-CAP"]
    assert line > 1


def test_a_rake_before_the_draw_is_reported() -> None:
    """R-SHOW-4: Full Tilt takes no rake when the hand ends before the first draw."""
    lines = _lines("3-Draw-Limit-USD-5-10-201211.txt")
    hand, _ = _mutated(lines, "Total pot $15 | Rake $0", "Total pot $15 | Rake $1")
    findings = replay(hand).findings
    assert any(
        f.code.value == "POT-RAKE-PROFILE" and "before the first draw" in f.message
        for f in findings
    )
