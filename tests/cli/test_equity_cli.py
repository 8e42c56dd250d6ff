"""``histparse equity``: the issue's examples, JSON, policies per player, bad input."""

from __future__ import annotations

import dataclasses
import json

import pytest

from histparse.cli import equity_cmd, main
from histparse.equity import budget


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["equity", *args])
    out = capsys.readouterr()
    return status, out.out, out.err


def test_the_drawer_against_a_pat_nine(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue reference: 7-5-3-2 drawing one, Kd dead, wins 12/42 against 9-8-6-4-3 (pat with
    one draw left under the default policy)."""
    status, out, err = run(capsys, "7c 5d 3h 2s", "9h 8c 6d 4s 3c", "--draws", "1", "--dead", "Kd")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Triple Draw 2-7 Lowball, 1 draw(s) left, dead Kd: exact over 42 deals"
    assert "28.571%" in lines[2] and "71.429%" in lines[3]


def test_json_with_a_policy_per_player(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "7h 4d 3c 2h", "Ts 8h 6d 4c 2s", "--draws", "1", "--policy", "draw",
        "--policy", "pat", "--json",
    )  # fmt: skip
    assert status == 0
    data = json.loads(out)
    assert data["method"] == "exact" and data["seed"] is None
    assert [p["exact"] for p in data["players"]] == ["17/43", "26/43"]
    assert data["players"][1]["policy"] == "stand-pat"


def test_monte_carlo_is_seeded(capsys: pytest.CaptureFixture[str]) -> None:
    args = (
        "7c 5d 3h 2s 9d",
        "9h 8c 6d 4s 3c",
        "--draws",
        "3",
        "--samples",
        "3000",
        "--json",
        "--method",
        "monte-carlo",
    )  # heads-up it is exact by default now
    outs = [run(capsys, *args, "--seed", seed)[1] for seed in ("5", "5", "6")]
    first = json.loads(outs[0])
    assert first["method"] == "monte-carlo" and first["samples"] == 3000 and first["seed"] == 5
    assert 0 < first["players"][0]["std_error"] < 0.02
    assert outs[0] == outs[1] != outs[2]


def test_heads_up_three_draws_is_exact_over_paths(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 35: two one-card draws with three draws left, exact (the paths method by ranks,
    flushes apart: 619 paths each, where tracking clubs made 2,823 and the cards 17,528)."""
    status, out, _ = run(capsys, "7c 4d 3h 2s", "8h 5c 3d 2c", "--draws", "3", "--json")
    data = json.loads(out)
    assert status == 0 and data["method"] == "exact" and data["paths"] == [619, 619]
    assert data["players"][0]["exact"] == "82609913/141181040"


def test_hidden_cards_and_single_draw(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "7c 5d 3h ??", "9h 8c 6d 4s 3c", "--draws", "1", "--game", "single",
        "--policy", "draw", "--policy", "pat",
    )  # fmt: skip
    assert status == 0 and out.startswith("Single Draw 2-7 Lowball, 1 draw(s) left")
    assert "7c 5d 3h ??" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("7c 5d 3h 2s", "7c 8d 6d 4s 3c", "--draws", "1"), "seen twice: 7c"),
        (("7c 5d 3h 2s", "9h 8c 6d 4s 3c", "--draws", "1", "--policy", "fold"), "bad policy"),
        (("7c 5d 3h 2s", "9h 8c 6d 4s 3c", "--draws", "2", "--game", "single"), "draw"),
        # three players, three draws: neither the paths method nor enumeration
        (
            ("7c 5d 3h 2s", "9h 8c 6d 4s 3c", "Kd Qd", "--draws", "3", "--method", "exact"),
            "enumerate",
        ),
        (("7c 5d 3h 1s", "9h 8c 6d 4s 3c", "--draws", "1"), "not a card"),
        (("7c", "9h", "2c", "--draws", "1", "--policy", "pat", "--policy", "pat"), "one per"),
    ],
)
def test_bad_input_exits_2(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    status, out, err = run(capsys, *args)
    assert status == 2 and out == ""
    assert err.startswith("histparse equity: ") and message in err


def test_auto_says_why_a_heads_up_query_was_sampled(capsys: pytest.CaptureFixture[str]) -> None:
    """Past the quick budget ``auto`` samples and says why, pointing at ``--method exact``;
    with three players (no exact paths method) it says nothing."""
    args = ("7c 4d", "8h 5c 3d", "--draws", "3", "--samples", "2000")
    status, out, _ = run(capsys, *args)
    assert status == 0 and "monte-carlo" in out.splitlines()[0]
    assert out.splitlines()[-1].startswith("not exact under --method auto (by card classes, up to")
    assert "--method exact tries a larger budget" in out
    data = json.loads(run(capsys, *args, "--json")[1])
    assert "class cards served to one player (limit 4000000)" in data["not_exact"]
    _, out, _ = run(capsys, "7c 4d 3h", "8h 5c 3d 2c", "9c 7h", "--draws", "2", "--samples", "2000")
    assert "not exact" not in out
    _, out, _ = run(capsys, *args, "--method", "monte-carlo")
    assert "not exact" not in out


def test_budget_lifts_a_refusal_of_method_exact(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--method exact`` past its budget exits 2 naming ``--budget 2``; with it, the same query
    answers (the full budget's cells cut below the largest table of two one-card draws with
    three draws left, and the card method off)."""
    args = ("7c 4d 3h 2s", "8h 5c 3d 2c", "--draws", "3", "--method", "exact", "--json")
    tight = dataclasses.replace(budget.FULL, cells=10_000, cards=0)  # largest table 18,468
    monkeypatch.setattr(budget, "FULL", tight)
    status, out, err = run(capsys, *args)
    assert (status, out) == (2, "")
    assert "cells pairing" in err and err.rstrip().endswith(
        "--budget 2 doubles the heads-up limits (time and memory)"
    )
    status, out, _ = run(capsys, *args, "--budget", "2")
    assert status == 0
    assert json.loads(out)["players"][0]["exact"] == "82609913/141181040"
    for bad in ("0", "two"):
        with pytest.raises(SystemExit) as exit_:
            main(["equity", *args, "--budget", bad])
        assert exit_.value.code == 2
        assert "a whole number of at least 1" in capsys.readouterr().err


def test_no_budget_lifts_the_stub_running_out(capsys: pytest.CaptureFixture[str]) -> None:
    """Thirty cards dead: two four-card draws with three draws left could run the stub out
    (R-DRAW-3), which no budget changes, so the refusal names no ``--budget``."""
    dead = (
        "Ac Ad Ah As Kc Kd Kh Ks Qc Qd Qh Qs Jc Jd Jh Js Tc Td Th Ts 9c 9d 9h 9s 8c 8d 7d 7h 6c 6d"
    )
    status, out, err = run(capsys, "7c", "8h", "--draws", "3", "--method", "exact", "--dead", dead)
    assert (status, out) == (2, "")
    assert "the stub could run out (R-DRAW-3)" in err and "--budget" not in err


def test_out_of_memory_is_named_with_the_budget(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A large ``--budget`` may ask for more memory than the machine has: one line naming
    it, exit status 3, no traceback."""

    def too_much(*_args: object, **_kwargs: object) -> None:
        raise MemoryError

    monkeypatch.setattr(equity_cmd, "equity", too_much)
    status, out, err = run(
        capsys, "7c", "8h", "--draws", "2", "--method", "exact", "--budget", "16"
    )
    assert (status, out) == (3, "")
    assert err == (
        "histparse equity: out of memory under --budget 16; a smaller one refuses sooner, "
        "or --method auto samples\n"
    )
    status, _, err = run(capsys, "7c", "8h", "--draws", "2")
    assert (status, err) == (3, "histparse equity: out of memory under --budget 1\n")
