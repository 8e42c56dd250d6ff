"""Hard cases: present at realistic rates by default, and far more often on demand (focus)."""

from __future__ import annotations

import argparse
from decimal import Decimal
from pathlib import Path

import pytest

from histparse.cli import generate_cmd
from histparse.events import Collected, Reshuffle, SummaryPot
from histparse.game import LimitType
from histparse.parsing import read_histories
from histparse.simulation import (
    BotProfile,
    HardCase,
    RakeRule,
    SimConfig,
    SimulationError,
    TournamentStructure,
    census,
    simulate,
)

# Counter of ``Census.counts()`` that measures each hard case.
MEASURE = {
    HardCase.CAPPED: "capped_hands",
    HardCase.ALL_IN: "all_in_hands",
    HardCase.SIDE_POTS: "side_pot_hands",
    HardCase.SPLIT: "split_pots",
    HardCase.RESHUFFLE: "reshuffle_hands",
    HardCase.UNCALLED: "uncalled_hands",
    HardCase.WALK: "walks",
    HardCase.MUCK: "muck_hands",
    HardCase.CHAT: "chat_lines",
    HardCase.SEATING: "joins",
}


@pytest.fixture(scope="module")
def baseline() -> dict[str, int]:
    return census(simulate(1000, 21)).counts()


def test_default_run_has_every_case_at_a_realistic_rate(baseline: dict[str, int]) -> None:
    hands = baseline["hands"]
    # Players who open by seat and fold missed draws: about one hand in six reaches a showdown
    # (each player goes to it in about 30% of the hands it draws in), and most hands end with a
    # bet nobody calls.
    assert 0.1 * hands < baseline["showdowns"] < 0.4 * hands
    assert 0.02 * hands < baseline["walks"] < 0.2 * hands
    assert 0.01 * hands < baseline["capped_hands"] < 0.15 * hands
    assert 0.5 * hands < baseline["uncalled_hands"] < 0.95 * hands
    for key in ("all_in_hands", "side_pot_hands", "muck_hands", "chat_lines", "joins", "leaves"):
        assert baseline[key] > 0, key
    assert baseline["spaced_names"] > 0 and baseline["non_ascii_names"] > 0


@pytest.mark.parametrize("case", list(HardCase))
def test_focus_multiplies_a_case(case: HardCase, baseline: dict[str, int]) -> None:
    counts = census(simulate(1000, 21, SimConfig(focus=frozenset({case})))).counts()
    key = MEASURE[case]
    hands = baseline["hands"]
    if 1.3 * baseline[key] > hands:
        # Already in most hands (uncalled bets): the hands without the case shrink instead.
        assert 1.3 * (hands - counts[key]) <= hands - baseline[key], (key, counts[key])
        return
    assert counts[key] >= max(1.3 * baseline[key], 30), (key, counts[key], baseline[key])


def test_split_pots_with_odd_chips_and_several_side_pots_on_demand() -> None:
    hands = list(simulate(1000, 2, SimConfig(focus=frozenset(HardCase))))
    c = census(hands)
    assert c.split_pots > 50 and c.odd_chip_splits > 20
    assert c.multi_side_pot_hands > 5
    numbered = [h for h in hands for e in h.events_of(Collected) if e.pot.startswith("side pot-")]
    assert numbered and all(
        e.trailing == " "
        for h in numbered
        for e in h.events_of(Collected)
        if e.pot.startswith("side pot-")
    )
    for h in hands:
        pot = h.events_of(SummaryPot)[0]
        names = {e.pot for e in h.events_of(Collected)}
        if len(pot.sides) == 1:
            assert not pot.sides_numbered and names <= {"main pot", "side pot"}
        elif pot.sides:
            assert pot.sides_numbered and "side pot" not in names
        else:
            assert names <= {"pot"}


def test_reshuffle_line_comes_mid_draw() -> None:
    config = SimConfig(focus=frozenset({HardCase.RESHUFFLE}))
    seen = 0
    for hand in simulate(400, 8, config):
        for k, e in enumerate(hand.events):
            if isinstance(e, Reshuffle):
                seen += 1
                assert type(hand.events[k + 1]).__name__ == "Draw"
    assert seen > 20


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"players": 7}, "players must be 2 to 6"),
        ({"players": 1}, "players must be 2 to 6"),
        ({"stakes": (Decimal("0.2"), Decimal("0.1"))}, "stakes"),
        ({"stakes": (Decimal("0.105"), Decimal("0.21"))}, "whole cents"),
        ({"hero": "a: b"}, "hero name"),
        ({"chat_rate": 2.0}, "chat_rate"),
        ({"newline": "\r"}, "newline"),
        ({"bots": ()}, "bots"),
    ],
)
def test_bad_settings_are_rejected(changes: dict[str, object], message: str) -> None:
    with pytest.raises(SimulationError, match=message):
        SimConfig(**changes)  # type: ignore[arg-type]


def test_bad_structures_are_rejected() -> None:
    with pytest.raises(SimulationError, match="rake percent"):
        RakeRule(percent=Decimal("1.5"))
    with pytest.raises(SimulationError, match="starting stack"):
        TournamentStructure(starting_stack=0)
    with pytest.raises(SimulationError, match="payout"):
        TournamentStructure(payouts=(Decimal("0.8"), Decimal("0.4")))
    with pytest.raises(ValueError, match="looseness"):
        BotProfile("x", looseness=2.0, aggression=0.5)
    with pytest.raises(SimulationError, match="hands"):
        simulate(-1)


def run_cli(*argv: str) -> int:
    parser = argparse.ArgumentParser()
    generate_cmd.register(parser.add_subparsers())
    args = parser.parse_args(["generate", *argv])
    status: int = args.func(args)
    return status


def test_cli_writes_a_parseable_deterministic_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "gen.txt"
    argv = ["--hands", "120", "--seed", "4", "--out", str(out), "--limit", "nl", "--players", "4"]
    assert run_cli(*argv, "--census") == 0
    first = out.read_bytes()
    assert b"\r\n" in first and not first.startswith(b"\xef\xbb\xbf")
    hands = list(read_histories(out))
    assert len(hands) == 120
    assert {h.limit_type for h in hands} == {LimitType.NO_LIMIT}
    assert hands[0].stakes == (Decimal("0.25"), Decimal("0.50"))
    assert "wrote 120 hand(s)" in capsys.readouterr().out
    assert run_cli(*argv, "-q") == 0
    assert out.read_bytes() == first


def test_cli_tournament_and_options(tmp_path: Path) -> None:
    out = tmp_path / "sng.txt"
    status = run_cli(
        "--hands", "80", "--out", str(out), "--tournament", "--buy-in", "3.19+0.31",
        "--players", "2", "--lf", "--bom", "--focus", "all-in,chat", "--bots", "lag,rock", "-q",
    )  # fmt: skip
    assert status == 0
    data = out.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and b"\r\n" not in data
    hands = list(read_histories(out))
    assert all(h.is_tournament and h.buy_in == (Decimal("3.19"), Decimal("0.31")) for h in hands)
    assert all(h.max_seats == 2 for h in hands)


@pytest.mark.parametrize(
    "argv",
    [
        ["--limit", "xx"],
        ["--focus", "nothing"],
        ["--bots", "robot"],
        ["--players", "9"],
        ["--tournament", "--buy-in", "5"],
        ["--stakes", "a/b"],
    ],
)
def test_cli_rejects_bad_options(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_cli("--out", str(tmp_path / "x.txt"), *argv) == 2
    assert "histparse generate:" in capsys.readouterr().err
