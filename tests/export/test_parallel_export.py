"""Parallel export: the dataset is the same for any ``jobs`` and piece size, equals the
sequential ``export_results`` dataset, and re-exports add nothing."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from histparse.auditor import audit_results
from histparse.export import export_histories, export_results, load, load_findings
from histparse.export import parallel as parallel_module
from histparse.frames import Tables
from histparse.parsing import read_results

DATA = Path(__file__).resolve().parents[1] / "data"
_SEAT = re.compile(r"^(Seat 1: [^(]*\(\$)(\d+(?:\.\d+)?)( in chips\))", re.M)
TABLES = ("hands", "players", "actions", "draws")


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    from histparse.cli import main

    base = tmp_path_factory.mktemp("inputs")
    sim = base / "sim.txt"
    assert main(["generate", "--hands", "20", "--seed", "5", "--out", str(sim)]) == 0
    text = sim.read_text(encoding="utf-8")
    # Stacks that do not follow from the hand before: findings across hands (new hand ids).
    hands = text.replace("Hand #", "Hand #9").split("PokerStars Hand")
    for i in range(1, len(hands), 3):
        hands[i] = _SEAT.sub(lambda m: f"{m[1]}{float(m[2]) + 1.5:g}{m[3]}", hands[i], 1)
    (base / "topup.txt").write_text("PokerStars Hand".join(hands), encoding="utf-8")
    junk = text.replace("Hand #", "Hand #8")
    (base / "junk.txt").write_text("not a hand\n\n" + junk[: len(junk) // 3], encoding="utf-8")
    return [str(base), str(DATA / "pokerstars")]


def _frames(out: Path) -> dict[str, pd.DataFrame]:
    t: Tables = load(out)
    frames = {name: getattr(t, name).astype(str) for name in TABLES}
    frames["findings"] = load_findings(out).astype(str)
    return frames


def _same(a: dict[str, pd.DataFrame], b: dict[str, pd.DataFrame], *, ordered: bool) -> None:
    for name in a:
        x, y = a[name], b[name]
        if not ordered:
            x = x.sort_values(list(x.columns)).reset_index(drop=True)
            y = y.sort_values(list(y.columns)).reset_index(drop=True)
        assert x.equals(y), name


@pytest.mark.parametrize(("jobs", "batch", "size"), [(2, 7, 3), (2, 10_000, 1000), (1, 5, 2)])
def test_parallel_export_equals_jobs_1(
    tmp_path: Path, inputs: list[str], jobs: int, batch: int, size: int
) -> None:
    one = export_histories(inputs, tmp_path / "one", batch_size=batch)
    many = export_histories(
        inputs, tmp_path / "many", batch_size=batch, jobs=jobs, hands_per_piece=size
    )
    for field in ("read", "parsed", "rejected", "unsupported", "new", "findings", "batches"):
        assert getattr(one, field) == getattr(many, field), field
    assert one.new > 0 and one.rejected > 0 and one.findings > one.rejected
    codes = set(load_findings(tmp_path / "one")["code"].astype(str))
    assert {"STACK-MISMATCH", "STACK-TOPUP"} & codes
    _same(_frames(tmp_path / "one"), _frames(tmp_path / "many"), ordered=True)


def test_parallel_export_equals_the_sequential_export(tmp_path: Path, inputs: list[str]) -> None:
    """The tables equal ``export_results``'; the findings are ``histparse audit``'s: the
    sequential export audits hands alone, without the rejected chunks and unsupported hands that
    break the check across hands, so its STACK-* findings may differ."""
    par = export_histories(inputs, tmp_path / "par", jobs=2, hands_per_piece=4)
    seq = export_results(read_results(*inputs), tmp_path / "seq")
    for field in ("read", "parsed", "rejected", "unsupported", "new", "batches"):
        assert getattr(par, field) == getattr(seq, field), field
    a, b = _frames(tmp_path / "par"), _frames(tmp_path / "seq")
    del a["hands"]["findings"], b["hands"]["findings"]
    for frames in (a, b):
        f = frames["findings"]
        frames["findings"] = f[~f["code"].str.startswith("STACK-")]
    _same(a, b, ordered=False)
    audited = {
        (f.code, f.hand_id, f.file, f.line)
        for f in audit_results(read_results(*inputs))
        if f.code != "PARSE-REJECTED"
    }
    f = load_findings(tmp_path / "par")
    exported = {
        (r.code, r.hand_id, r.file, r.line) for r in f[f["code"] != "PARSE-REJECTED"].itertuples()
    }
    assert exported == audited
    assert load(tmp_path / "par").hands["findings"].sum() == len(f) - par.rejected


def test_batches_count_chunks_as_the_sequential_export(tmp_path: Path, inputs: list[str]) -> None:
    par = export_histories(inputs, tmp_path / "par", batch_size=6, hands_per_piece=4)
    seq = export_results(read_results(*inputs), tmp_path / "seq", batch_size=6)
    assert par.batches == seq.batches > 2


def test_parallel_reexport_adds_nothing(tmp_path: Path, inputs: list[str]) -> None:
    first = export_histories(inputs, tmp_path / "ds", jobs=2, batch_size=9, hands_per_piece=4)
    again = export_histories(inputs, tmp_path / "ds", jobs=2, batch_size=9, hands_per_piece=4)
    assert (again.new, again.already_present, again.batches) == (0, first.new, 0)
    assert again.findings == 0  # the same rejects are not recorded twice
    part = export_histories(inputs[:1], tmp_path / "part", jobs=2, hands_per_piece=4)
    rest = export_histories(inputs, tmp_path / "part", jobs=2, hands_per_piece=4)
    assert part.new + rest.new == first.new and rest.already_present == part.new
    _same(_frames(tmp_path / "ds"), _frames(tmp_path / "part"), ordered=False)


def test_input_repeated_is_written_once(tmp_path: Path, inputs: list[str]) -> None:
    one = export_histories(inputs[:1], tmp_path / "one", hands_per_piece=3)
    twice = export_histories([*inputs[:1], *inputs[:1]], tmp_path / "twice", jobs=2)
    assert twice.new == one.new and twice.repeated == one.parsed
    _same(_frames(tmp_path / "one"), _frames(tmp_path / "twice"), ordered=True)


def test_no_audit_exports_rejects_only(tmp_path: Path, inputs: list[str]) -> None:
    result = export_histories(inputs, tmp_path / "ds", audit=False, jobs=2)
    assert not result.audited and result.findings == result.rejected
    assert set(load_findings(tmp_path / "ds")["code"].astype(str)) == {"PARSE-REJECTED"}
    assert (load(tmp_path / "ds").hands["findings"] == 0).all()


@pytest.mark.parametrize("size", [3, 1000])
def test_plain_pieces_taken_at_once_equal_hand_by_hand(
    tmp_path: Path, inputs: list[str], monkeypatch: pytest.MonkeyPatch, size: int
) -> None:
    """The writer takes a plain piece at once (ids as arrays, the worker's chain finished from
    its heads); the dataset is the one of taking every piece hand by hand, with stacks that
    jump across pieces, hands out of time order at a table, repeats and rejects."""
    base = tmp_path / "more"
    base.mkdir()
    text = (Path(inputs[0]) / "topup.txt").read_text(encoding="utf-8")
    hands = text.split("PokerStars Hand")
    # The same hands again, later ones first (each head older than its table's latest), with
    # new ids: these pieces go hand by hand.
    back = ["", *reversed(hands[1:])]
    (base / "back.txt").write_text("PokerStars Hand".join(back).replace("Hand #9", "Hand #7"))
    paths = [*inputs, str(base)]
    taken: list[bool] = []
    plain = parallel_module._Writer._take_plain

    def spy(self: parallel_module._Writer, *args: Any) -> bool:
        taken.append(plain(self, *args))
        return taken[-1]

    monkeypatch.setattr(parallel_module._Writer, "_take_plain", spy)
    at_once = export_histories(paths, tmp_path / "at_once", hands_per_piece=size, batch_size=25)
    assert any(taken) and not all(taken)
    monkeypatch.setattr(parallel_module._Writer, "_take_plain", lambda *_: False)
    by_hand = export_histories(paths, tmp_path / "by_hand", hands_per_piece=size, batch_size=25)
    assert at_once == dataclasses.replace(by_hand, out=at_once.out)
    _same(_frames(tmp_path / "at_once"), _frames(tmp_path / "by_hand"), ordered=True)
    found = load_findings(tmp_path / "at_once")
    assert found["code"].str.startswith("STACK").sum() >= 5  # the jumps compared
