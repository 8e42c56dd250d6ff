"""Generated hand ids never collide between seeds, and export never silently drops a different
hand that has an id already kept: it reports the conflict (listed, ``ID-CONFLICT``, exit 1)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from histparse.cli import main
from histparse.events import Hand
from histparse.export import export_results, load, load_findings
from histparse.simulation import SimConfig, TournamentStructure, simulate
from histparse.simulation.session import seed_field, seeded_id
from histparse.writing import write_file


def test_ids_of_different_seeds_never_collide() -> None:
    ids = {seed: {h.hand_id for h in simulate(300, seed)} for seed in (0, 1, 2, 41)}
    for a in ids:
        for b in ids:
            if a < b:
                assert not ids[a] & ids[b]
    # The seed is the id's last digits: distinct small seeds, distinct ids.
    assert all(i.endswith("000041") for i in ids[41])
    tour = {
        s: {h.tournament_id for h in simulate(40, s, SimConfig(tournament=TournamentStructure()))}
        for s in (1, 2)
    }
    assert not tour[1] & tour[2]


def test_seed_field() -> None:
    assert seed_field(7) == 7 and seeded_id(123, 7) == "123000007"
    big = seed_field(10**12 + 5)
    assert 0 <= big < 10**6 and big == seed_field(10**12 + 5)


def test_two_runs_export_without_loss(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    write_file(a, simulate(200, 1))
    write_file(b, simulate(200, 2))
    out = tmp_path / "ds"
    assert main(["export", str(a), str(b), "--out", str(out), "-q"]) == 0
    assert len(load(out).hands) == 400


def _other(hand: Hand, like: Hand) -> Hand:
    """``hand`` (a different deal) under the site and id of ``like``."""
    return dataclasses.replace(hand, hand_id=like.hand_id, started_at=like.started_at)


def test_a_different_hand_with_a_kept_id_is_a_conflict(tmp_path: Path) -> None:
    first = list(simulate(5, 1))
    others = list(simulate(5, 2))
    out = tmp_path / "ds"
    assert export_results(first, out).new == 5
    again = export_results([first[0], _other(others[1], first[2])], out)
    # The same hand again is present; a different one with a kept id is a conflict.
    assert (again.new, again.already_present) == (0, 2)
    assert [c.hand_id for c in again.conflicts] == [first[2].hand_id]
    f = load_findings(out)
    rows = f[f["code"] == "ID-CONFLICT"]
    assert rows["hand_id"].tolist() == [first[2].hand_id]
    assert (rows["severity"] == "warning").all()
    # The kept hand is the first one, untouched.
    kept = load(out).hands.set_index("hand_id").loc[first[2].hand_id]
    assert kept["table_name"] == first[2].table_name
    # Exporting the conflict again records it once.
    export_results([_other(others[1], first[2])], out)
    assert (load_findings(out)["code"] == "ID-CONFLICT").sum() == 1


def test_a_conflict_within_one_input(tmp_path: Path) -> None:
    first = list(simulate(3, 1))
    other = _other(next(iter(simulate(3, 2))), first[1])
    result = export_results([*first, other], tmp_path / "ds")
    assert (result.new, result.repeated, len(result.conflicts)) == (3, 1, 1)
    assert result.conflicts[0].earlier.endswith(f":{first[1].source.first_line}")


def test_export_command_lists_conflicts_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = list(simulate(4, 1))
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    write_file(a, first)
    write_file(b, [_other(list(simulate(4, 2))[3], first[0])])
    out = tmp_path / "ds"
    assert main(["export", str(a), "--out", str(out), "-q"]) == 0
    assert main(["export", str(b), "--out", str(out), "-q"]) == 1
    err = capsys.readouterr().err
    assert "1 hand(s) not written" in err and first[0].hand_id in err and str(a) in err
