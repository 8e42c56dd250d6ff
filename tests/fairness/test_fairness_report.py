"""The fairness report on real and simulated hands (histparse.fairness)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from histparse.cards import DECK
from histparse.cli import main
from histparse.events import Draw, Hand, Reshuffle
from histparse.fairness import CLASSES, fairness_report, hero_view
from histparse.fairness.report import FAMILY_SIZE
from histparse.parsing import read_histories
from histparse.replayer import read_facts, replay
from histparse.simulation import SimConfig, simulate

REAL = Path(__file__).resolve().parents[1] / "data" / "real_histories"


def _real() -> list[Hand]:
    return list(read_histories(REAL, on_error=lambda e: None))


def test_hero_view_reads_the_deal_and_every_draw_consistently() -> None:
    """On the real hands: five distinct dealt cards; at each draw, kept plus received is five
    cards, the received ones were unseen, and unseen is the deck less what the hero saw."""
    views = [v for h in _real() if (v := hero_view(read_facts(h))) is not None]
    assert len(views) >= 40
    for v in views:
        assert len(set(v.dealt)) == 5
        seen = set(v.dealt)
        for d in v.draws:
            assert len(d.kept) + len(d.received) == 5
            assert d.unseen == frozenset(DECK) - seen
            assert not seen.intersection(d.received)
            seen |= set(d.received)
    # A draw of five ('Dealt to Hero [five new]', nothing kept) is read as such.
    five = [d for v in views for d in v.draws if not d.kept]
    assert five and all(len(d.received) == 5 for d in five)


def test_hero_view_leaves_out_inconsistent_draw_lines() -> None:
    """The real PokerStars hand whose hero draw lines print empty discards and repeat the
    hand: its draws are left out (counted), never read as received cards."""
    (hand,) = [h for h in _real() if h.hand_id == "81631597149"]
    view = hero_view(read_facts(hand))
    assert view is not None and view.draws == () and view.skipped_draws == 3


def test_draws_after_a_reshuffle_are_left_out_r_draw_3() -> None:
    """R-DRAW-3: after a reshuffle the stub holds earlier discards, so the hero's draws from
    there on are no uniform draw from the unseen cards: left out and counted."""
    for hand in simulate(300, 11, SimConfig()):
        draws = [
            i
            for i, e in enumerate(hand.events)
            if type(e) is Draw and e.player == hand.hero and e.count > 0
        ]
        if len(draws) >= 2:
            break
    else:
        pytest.fail("no hand with two hero draws")
    before = hero_view(read_facts(hand))
    assert before is not None and len(before.draws) == len(draws)
    at = draws[1]
    events = (*hand.events[:at], Reshuffle(line=hand.events[at].line), *hand.events[at:])
    after = hero_view(read_facts(replace(hand, events=events)))
    assert after is not None
    assert after.draws == before.draws[:1]
    assert after.skipped_draws == len(draws) - 1


def test_fair_simulated_hands_raise_no_alarm() -> None:
    report = fairness_report(simulate(3000, 5, SimConfig()))
    assert report.hands_used == 3000
    assert report.verdict == "no alarm" and not report.alarm
    assert all(t.enough for t in report.tests if t.name.startswith("dealt"))


@pytest.mark.parametrize(("bias", "lean"), [(0.1, "more"), (-0.1, "fewer")])
def test_a_rigged_deal_is_flagged_with_its_direction(bias: float, lean: str) -> None:
    report = fairness_report(simulate(3000, 6, SimConfig(rig_hero=bias)))
    assert report.verdict == "alarm"
    low = next(t for t in report.tests if t.name == "dealt-low")
    assert low.alarm and low.direction.startswith(f"{lean} low cards")
    assert (low.effect > 0) == (bias > 0) and low.effect_low <= low.effect <= low.effect_high


def test_rigged_histories_stay_consistent() -> None:
    """The rigged dealer only swaps cards still in the stub: every hand replays with no error."""
    for hand in simulate(300, 8, SimConfig(rig_hero=0.5)):
        assert not [f for f in replay(hand).findings if f.severity == "error"], hand.hand_id


def test_real_histories_give_no_alarm_and_say_when_too_few() -> None:
    report = fairness_report(_real())
    assert report.verdict in ("no alarm", "not enough hands")
    # Too few draws that could make a 7-low for a verdict: said, with no p-value.
    made = next(t for t in report.tests if t.name == "made-7")
    assert not made.enough and made.p_value is None
    tiny = fairness_report(_real()[:20])
    assert tiny.verdict == "not enough hands" and not any(t.enough for t in tiny.tests)


def test_groups_are_one_family() -> None:
    hands = list(simulate(600, 9, SimConfig()))
    later = [
        replace(h, started_at=h.started_at.replace(year=h.started_at.year + 1)) for h in hands[:300]
    ]
    report = fairness_report([*hands[300:], *later], by=["month"])
    # All hands pooled come first, then each month.
    assert len(report.groups) >= 3 and report.groups[0].key == ()
    assert report.groups[0].hands == sum(g.hands for g in report.groups[1:]) == 600
    assert {t.group for t in report.tests} == {g.key for g in report.groups}
    with pytest.raises(ValueError, match="cannot group by"):
        fairness_report(hands, by=["weather"])


def test_classes_cover_every_starting_hand() -> None:
    report = fairness_report(simulate(200, 4, SimConfig()))
    classes = next(t for t in report.tests if t.name == "dealt-classes")
    observed = sum(o for _, o, _ in classes.categories)
    assert observed == 200
    assert {c for c, _, _ in classes.categories} <= {*CLASSES, "rarer classes"} | {
        f"{c} or rarer" for c in CLASSES
    }


def test_cli_exit_statuses_json_and_figure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fair = tmp_path / "fair.txt"
    rigged = tmp_path / "rigged.txt"
    assert main(["generate", "--hands", "1500", "--seed", "2", "--out", str(fair), "-q"]) == 0
    assert (
        main(
            [
                "generate",
                "--hands",
                "1500",
                "--seed",
                "2",
                "--rig-hero",
                "0.15",
                "--out",
                str(rigged),
                "-q",
            ]
        )
        == 0
    )
    capsys.readouterr()
    assert main(["fairness", str(fair), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "no alarm" and data["correction"] == "Holm"
    assert data["hands_used"] == 1500 and len(data["groups"][0]["tests"]) == FAMILY_SIZE
    png = tmp_path / "f.png"
    assert main(["fairness", str(rigged), "--plot", str(png)]) == 5
    out = capsys.readouterr().out
    assert "verdict: alarm" in out and "more low cards (2-7)" in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main(["fairness", str(tmp_path / "missing.txt")]) == 2
    assert main(["fairness", str(fair), "--by", "weather"]) == 2
