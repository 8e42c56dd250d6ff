"""``render_hand``: real PokerStars hands shown street by street."""

from __future__ import annotations

import re
from decimal import Decimal
from functools import cache
from pathlib import Path

import pytest

from histparse.cards import parse_cards
from histparse.events import Hand, SummaryPot
from histparse.parsing import read_histories
from histparse.replayer import replay
from histparse.show import describe_cards, find_hand, render_hand, running_pot

TESTS = Path(__file__).resolve().parents[1]
REAL = TESTS / "data" / "pokerstars"
TD_2009 = REAL / "3-Draw-Limit-USD-0.10-0.20-200911.txt"
ANNOTATED = "35839050562"
CORRUPT = "81631597149"


@cache
def real_hands() -> dict[str, Hand]:
    return {h.hand_id: h for h in read_histories(REAL)}


@cache
def shown(hand_id: str) -> str:
    return render_hand(real_hands()[hand_id])


def section(text: str, title: str) -> list[str]:
    """The lines under the line that starts with ``title``, up to the next title line."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(title))
    out = []
    for line in lines[start + 1 :]:
        if not line.startswith("  "):
            break
        out.append(line)
    return out


def row(lines: list[str], player: str, text: str) -> str:
    """The one row where ``player`` does ``text`` (columns are padded, so match loosely)."""
    found = [ln for ln in lines if re.match(rf"  {re.escape(player)} +{re.escape(text)}", ln)]
    assert len(found) == 1, (player, text, lines)
    return found[0]


def pot_of(line: str) -> str:
    m = re.search(r"  pot (\S+)$", line)
    assert m is not None, line
    return m.group(1)


# -------------------------------------------------------------------- the annotated hand


def test_annotated_hand_header_and_seats() -> None:
    text = shown(ANNOTATED)
    lines = text.splitlines()
    assert lines[0] == (
        f"PokerStars hand #{ANNOTATED}: Triple Draw 2-7 Lowball, Limit $0.10/$0.20 USD"
    )
    # 14:14:02 ET on 25 November (EST, UTC-5) is 19:14:02 UTC.
    assert lines[1] == "Table 'Theodora VI' 6-max, 2009-11-25 19:14:02 UTC, button seat 6"
    seats = section(text, "Seats")
    assert len(seats) == 6
    expected = {
        "Hero": ("$3.90", "SB"),
        "rumble1111": ("$4.18", "BB"),
        "Eisenherz73": ("$7.54", "UTG"),
        "cypis28": ("$0.62", "MP"),
        "bakter9": ("$2.01", "CO"),
        "TheLabman": ("$6.26", "BTN"),
    }
    for line in seats:
        fields = line.split()
        assert expected[fields[2]] == (fields[3], fields[4]), line
    assert row(seats, "Seat 1: Hero", "$3.90").endswith("SB   hero")


def test_annotated_hand_pot_after_each_action() -> None:
    text = shown(ANNOTATED)
    blinds = section(text, "Blinds and antes")
    assert pot_of(row(blinds, "Hero", "posts small blind $0.05")) == "$0.05"
    assert pot_of(row(blinds, "rumble1111", "posts big blind $0.10")) == "$0.15"
    pre = section(text, "Pre-draw")
    # Blinds 0.05 + 0.10, then bakter9 calls 0.10: 0.25; the folds move nothing.
    assert pot_of(row(pre, "Eisenherz73", "folds")) == "$0.15"
    assert pot_of(row(pre, "bakter9", "calls $0.10")) == "$0.25"
    assert pot_of(row(pre, "TheLabman", "folds")) == "$0.25"
    # The small blind completes with 0.05: 0.30; the big blind checks.
    assert pot_of(row(pre, "Hero", "calls $0.05")) == "$0.30"
    assert pot_of(row(pre, "rumble1111", "checks")) == "$0.30"
    first = section(text, "First draw")
    assert pot_of(row(first, "rumble1111", "bets $0.10")) == "$0.40"
    assert pot_of(row(first, "Hero", "calls $0.10")) == "$0.50"
    second = section(text, "Second draw")
    assert pot_of(row(second, "Hero", "bets $0.20")) == "$0.70"
    assert pot_of(row(second, "rumble1111", "calls $0.20")) == "$0.90"
    third = section(text, "Third draw")
    assert pot_of(row(third, "Hero", "bets $0.20")) == "$1.10"
    # ... and the last call makes the summary's "Total pot $1.30".
    assert pot_of(row(third, "rumble1111", "calls $0.20")) == "$1.30"
    # Street titles carry the pot the street starts with.
    assert "First draw (pot $0.30)" in text.splitlines()
    assert "Showdown (pot $1.30)" in text.splitlines()


def test_annotated_hand_draws_and_hero_hands() -> None:
    text = shown(ANNOTATED)
    pre = section(text, "Pre-draw")
    assert row(pre, "Hero", "is dealt").endswith(
        "[Kh Th 3d Tc 7c]: " + describe_cards(parse_cards("Kh Th 3d Tc 7c"))
    )
    first = section(text, "First draw")
    assert row(first, "Hero", "discards 2 cards [Kh Th]")
    assert row(first, "rumble1111", "discards 2 cards")
    assert row(first, "bakter9", "discards 2 cards")
    assert row(first, "Hero", "receives [5c Qs]")
    assert row(first, "Hero", "holds").endswith("holds [3d Tc 7c 5c Qs]: Lo: Q,T,7,5,3 (rank 331)")
    second = section(text, "Second draw")
    assert row(second, "rumble1111", "stands pat")
    assert row(second, "Hero", "holds").endswith("[3d 7c 5c 4c 2s]: Lo: 7,5,4,3,2 (rank 1)")
    third = section(text, "Third draw")
    assert row(third, "Hero", "stands pat on [3d 7c 5c 4c 2s]")
    assert row(third, "Hero", "holds").endswith("[3d 7c 5c 4c 2s]: Lo: 7,5,4,3,2 (rank 1)")
    assert row(third, "rumble1111", "discards 1 card")
    # The hero's hand comes right after the hero's own draw line, before the betting.
    assert (
        third.index(row(third, "Hero", "holds"))
        == third.index(row(third, "Hero", "stands pat on")) + 1
    )


def test_annotated_hand_showdown_result_and_findings() -> None:
    text = shown(ANNOTATED)
    showdown = section(text, "Showdown")
    assert row(showdown, "Hero", "shows").endswith("[5c 4c 3d 2s 7c]: Lo: 7,5,4,3,2 (rank 1)")
    # The opponent mucked; the summary reveals the cards.
    assert "[8s 7d 3c 6d 2h]: Lo: 8,7,6,3,2" in row(showdown, "rumble1111", "mucks")
    result = section(text, "Result")
    assert result[0] == "  total pot $1.30, rake $0.06"
    assert result[1] == "  main pot $1.30 (rake $0.06) won by Hero $1.24"
    # Hero put in 0.05 + 0.05 + 0.10 + 0.20 + 0.20 = 0.60 and collected 1.24.
    assert row(result, "Hero", "$0.60").split() == ["Hero", "$0.60", "$1.24", "+$0.64"]
    assert row(result, "rumble1111", "$0.60").split()[-1] == "-$0.60"
    assert row(result, "bakter9", "$0.10").split()[-1] == "-$0.10"
    assert row(result, "TheLabman", "$0.00").split()[-1] == "$0.00"
    assert section(text, "Findings") == ["  no findings"]
    assert text.endswith("Findings\n  no findings\n")


def test_running_pot_of_annotated_hand() -> None:
    hand = real_hands()[ANNOTATED]
    pots = list(running_pot(hand).values())
    # 2 posts, 6 + 4 + 2 + 2 actions: one pot per post and action, in order.
    assert len(pots) == 16
    assert pots[:4] == [Decimal("0.05"), Decimal("0.15"), Decimal("0.15"), Decimal("0.15")]
    assert pots[-1] == Decimal("1.30")
    assert pots == sorted(pots)  # no uncalled bet: the pot never shrinks


# ------------------------------------------------------------------------ other real hands


def test_corrupt_hand_lists_its_findings() -> None:
    hand = real_hands()[CORRUPT]
    text = shown(CORRUPT)
    findings = replay(hand).findings
    assert findings
    listed = section(text, "Findings")
    assert len(listed) == len(findings)
    for f, line in zip(findings, listed, strict=True):
        assert line.startswith(f"  {f.severity.label} {f.code}")
        assert f" at line {f.line}: {f.message}" in line
    assert "  error CARD-HERO-DRAW (R-DRAW-2) at line 21: " in listed[0]
    assert any(ln.startswith("  error CARD-DUPLICATE (R-RANK-1) at line 22:") for ln in listed)
    assert "no findings" not in text
    first = section(text, "First draw")
    assert row(first, "Hero", "discards 2 cards []")
    assert row(first, "Hero", "holds").endswith("not a five-card hand (10 cards)")
    third = section(text, "Third draw")
    # Player2's $2 bet is in the pot until the "Uncalled bet ($2) returned" line.
    assert pot_of(row(third, "Player0", "folds")) == "$22.00"
    assert pot_of(row(third, "Player2", "takes back the uncalled $2.00")) == "$20.00"
    assert row(third, "Player2", "does not show")
    result = section(text, "Result")
    assert "  main pot $20.00 (rake $0.80) won by Player2 $19.20" in result
    assert row(result, "Player2", "$5.00").split()[-1] == "+$14.20"


def test_single_draw_tournament_hand_in_chips() -> None:
    text = shown("71348201941")
    lines = text.splitlines()
    assert lines[0].endswith("Single Draw 2-7 Lowball, No Limit 50/100")
    assert lines[1] == "Tournament #476454368, buy-in $1.40+$0.10 USD, match round 1, level 5"
    blinds = section(text, "Blinds and antes")
    assert pot_of(row(blinds, "Hero", "posts the ante 1 and is all-in")) == "1"
    assert pot_of(row(blinds, "Player0", "posts big blind 100")) == "126"
    pre = section(text, "Pre-draw")
    # The site returns the big blind and 24 of the 25 ante: 126 - 124.
    assert pot_of(row(pre, "Player0", "takes back the uncalled 124")) == "2"
    draw = section(text, "Draw (pot 2)")
    assert row(draw, "Hero", "holds").endswith("[5h 2d Ks 9d Kd]: Lo: a pair of Kings (rank 3737)")
    assert row(section(text, "Showdown"), "Hero", "finishes the tournament in 2nd place")
    assert "  main pot 2 (rake 0) won by Player0 2" in section(text, "Result")


def test_cancelled_hand() -> None:
    text = shown("20349633663")
    assert section(text, "Result") == ["  hand cancelled: no pot was played, the money went back"]
    assert section(text, "Findings")[0].startswith("  info HAND-CANCELLED at line 1:")


def test_heads_up_positions() -> None:
    seats = section(shown("99631756108"), "Seats")
    assert [ln.split()[2:5] for ln in seats] == [["Player0", "1500", "BTN"], ["Hero", "1500", "BB"]]


def test_every_real_hand_renders_with_its_pots() -> None:
    for hand in real_hands().values():
        text = render_hand(hand)
        assert text.startswith(f"PokerStars hand #{hand.hand_id}: ")
        titles = [ln for ln in text.splitlines() if ln and not ln.startswith(" ")]
        assert titles[-2:] == ["Result", "Findings"]
        pots = running_pot(hand)
        summary = hand.events_of(SummaryPot)
        if summary and not hand.cancelled:
            # The last pot printed is the summary's total: every chip is accounted for.
            assert pots[max(pots)] == summary[0].total, hand.hand_id


def test_given_replay_is_used_and_must_match() -> None:
    hand = real_hands()[ANNOTATED]
    assert render_hand(hand, replay(hand, trace=True)) == shown(ANNOTATED)
    with pytest.raises(ValueError, match=f"not of PokerStars hand #{ANNOTATED}"):
        render_hand(hand, replay(real_hands()[CORRUPT]))


def test_describe_cards() -> None:
    assert describe_cards(parse_cards("7h 5s 4d 3h 2d")) == "Lo: 7,5,4,3,2 (rank 1)"
    assert describe_cards(parse_cards("7h 5s 4d 3h")) == "not a five-card hand (4 cards)"
    twice = "not a valid hand (a card appears twice)"
    assert describe_cards(parse_cards("7h 7h 4d 3h 2d")) == twice


def test_amounts_are_printed_at_the_money_unit() -> None:
    # The corrupt hand writes "$1" and "$0.50"; both print in cents.
    blinds = section(shown(CORRUPT), "Blinds and antes")
    assert pot_of(row(blinds, "Player0", "posts big blind $1.00")) == "$1.50"


def test_find_hand_gives_the_same_hand_as_reading_everything() -> None:
    found = find_hand(f"#{ANNOTATED}", [TD_2009])
    assert isinstance(found, Hand)
    assert found == real_hands()[ANNOTATED]
