"""Parquet export and load: round trip, incremental export, rejects and findings.

The helpers at the top (``real_hands``, ``variant``, ``assert_tables_equal``) are imported by the
other ``test_export_*`` modules.
"""

from __future__ import annotations

import dataclasses
import functools
import gc
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from datetime import timedelta
from decimal import Decimal
from enum import Enum
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_tables_builder import HandBuilder

from histparse.auditor import audit
from histparse.auditor import run as audit_run  # where each hand is replayed
from histparse.events import Hand
from histparse.export import (
    AUDIT_FAILED,
    PARSE_REJECTED,
    TABLE_REJECTED,
    TABLES,
    export_histories,
    export_results,
    load,
    load_findings,
)
from histparse.export import findings as findings_module
from histparse.frames import Tables, tables
from histparse.game import LimitType
from histparse.parsing import read_histories
from histparse.replayer import replay
from histparse.stats import player_stats

DATA = Path(__file__).resolve().parents[1] / "data" / "pokerstars"
MANY_HANDS = DATA / "3-Draw-Limit-USD-0.10-0.20-200911.txt"  # 17 Triple Draw hands

SORT_KEYS = {
    "hands": ["site", "hand_id"],
    "players": ["site", "hand_id", "seat"],
    "actions": ["site", "hand_id", "seq"],
    "draws": ["site", "hand_id", "draw", "player"],
}


@functools.cache
def _real_hands() -> tuple[Hand, ...]:
    return tuple(read_histories(DATA, on_error="warn"))


def real_hands() -> list[Hand]:
    """Every parsed hand of ``tests/data/pokerstars`` (2-7 Triple and Single Draw)."""
    return list(_real_hands())


def variant(hand: Hand, k: int, *, months: int = 1) -> Hand:
    """A copy of ``hand`` with a new hand id, ``months * k`` (about) months later."""
    return dataclasses.replace(
        hand,
        hand_id=f"{hand.hand_id}{k:04d}",
        started_at=hand.started_at + timedelta(days=31 * months * k),
    )


def sort_table(df: pd.DataFrame, name: str) -> pd.DataFrame:
    """A stable order for comparing tables."""
    return df.sort_values(SORT_KEYS[name], kind="stable", ignore_index=True)


def assert_tables_equal(left: Tables, right: Tables) -> None:
    """Same columns, dtypes and values in every table (after a stable sort)."""
    for name in TABLES:
        pd.testing.assert_frame_equal(
            sort_table(getattr(left, name), name), sort_table(getattr(right, name), name)
        )


def dedupe(hands: Iterable[Hand]) -> list[Hand]:
    """First occurrence of each (site, hand id)."""
    seen: set[tuple[str, str]] = set()
    out = []
    for h in hands:
        key = (h.site, h.hand_id)
        if key not in seen:
            seen.add(key)
            out.append(h)
    return out


@pytest.fixture(autouse=True)
def _no_auditor(monkeypatch: pytest.MonkeyPatch) -> None:
    # The tables are compared with ``tables(hands)`` (no findings); the audit coupling has its
    # own tests below, which switch the auditor back on.
    monkeypatch.setattr(findings_module, "_auditor", lambda: None)


# ------------------------------------------------------------------------------ round trip


def test_real_hands_are_there() -> None:
    hands = real_hands()
    assert len(hands) >= 40
    assert {h.game.label for h in hands} >= {"Triple Draw 2-7 Lowball", "Single Draw 2-7 Lowball"}


def test_load_gives_back_the_tables(tmp_path: Path) -> None:
    result = export_histories([DATA], tmp_path / "ds", batch_size=7)
    hands = real_hands()
    assert result.new == len(hands) and result.batches == -(-len(hands) // 7)
    assert_tables_equal(load(tmp_path / "ds"), tables(hands))


def test_load_of_an_empty_dataset_is_tables_of_nothing(tmp_path: Path) -> None:
    result = export_results([], tmp_path / "ds")
    assert (result.new, result.batches) == (0, 0)
    loaded = load(tmp_path / "ds")
    empty = tables([])
    for name in TABLES:
        pd.testing.assert_frame_equal(getattr(loaded, name), getattr(empty, name))
    assert load_findings(tmp_path / "ds").empty


def _edge_hands() -> list[Hand]:
    """Hands with the awkward values: nulls, non-ASCII names, a site name that needs
    encoding in a path, a cancelled hand, chips, fractional and large amounts."""
    odd = (
        HandBuilder(
            ["Zoë", "Ålborg B", "北京"],
            button=1,
            hero="Zoë",
            site="Poker Stars/Ω",
            currency=None,
            hand_id="9001",
            stakes=("100", "200"),
            stacks=["123456789012.00", "5000", "300"],
        )
        .sb("Ålborg B", "50")
        .bb("北京", "100", all_in=False)
        .deal()
        .dealt("Zoë", "2c 3d 4h 5s 7c")
        .raise_to("Zoë", "100", "200")
        .fold("Ålborg B")
        .call("北京", "100")
        .draw_round(1)
        .pat("北京")
        .discard("Zoë", 1, "7c", kept="2c 3d 4h 5s", new="8d")
        .collect("Zoë", "450")
        .build()
    )
    cancelled = HandBuilder(["A", "B"], button=1, hand_id="9002").cancel().build()
    pl = (
        HandBuilder(["A", "B"], button=1, hand_id="9003", limit=LimitType.POT, hero=None)
        .sb("A", "0.05")
        .bb("B", "0.10")
        .deal()
        .call("A", "0.05")
        .check("B")
        .collect("B", "0.19")
        .build(rake="0.01")
    )
    return [odd, cancelled, pl]


def test_edge_values_survive_the_round_trip(tmp_path: Path) -> None:
    hands = _edge_hands()
    export_results(hands, tmp_path / "ds")
    loaded = load(tmp_path / "ds")
    assert_tables_equal(loaded, tables(hands))
    assert set(loaded.hands["site"].astype(str)) == {"PokerStars", "Poker Stars/Ω"}
    players = loaded.players
    stacks = dict(zip(players["player"].astype(str), players["starting_stack"], strict=True))
    assert stacks["Zoë"] == Decimal("123456789012.00")


def test_stats_on_loaded_data_equal_stats_on_parsed_files(tmp_path: Path) -> None:
    export_histories([DATA], tmp_path / "ds")
    from_files = player_stats(tables(real_hands()))
    from_parquet = player_stats(load(tmp_path / "ds"))
    pd.testing.assert_frame_equal(from_parquet, from_files)


def test_partitions_are_site_and_utc_month(tmp_path: Path) -> None:
    hands = real_hands()
    export_results(hands, tmp_path / "ds")
    want = {("PokerStars", h.started_at.strftime("%Y-%m")) for h in hands}
    for name in TABLES:
        dirs = {
            (p.parent.parent.name.removeprefix("site="), p.parent.name.removeprefix("month="))
            for p in (tmp_path / "ds" / name).rglob("part-*.parquet")
        }
        assert dirs <= want
    hand_dirs = {
        (p.parent.parent.name.removeprefix("site="), p.parent.name.removeprefix("month="))
        for p in (tmp_path / "ds" / "hands").rglob("part-*.parquet")
    }
    assert hand_dirs == want


def test_batches_bound_the_files(tmp_path: Path) -> None:
    hands = [variant(h, 0, months=0) for h in real_hands()]
    export_results(hands, tmp_path / "ds", batch_size=5)
    counts = [len(pd.read_parquet(p)) for p in (tmp_path / "ds" / "hands").rglob("*.parquet")]
    assert sum(counts) == len(hands) and max(counts) <= 5


# ------------------------------------------------------------------------------ incremental


def test_exporting_again_adds_nothing(tmp_path: Path) -> None:
    out = tmp_path / "ds"
    first = export_histories([DATA], out)
    files = sorted(p.relative_to(out) for p in out.rglob("*.parquet"))
    second = export_histories([DATA], out)
    assert (second.new, second.already_present, second.batches) == (0, first.new, 0)
    assert sorted(p.relative_to(out) for p in out.rglob("*.parquet")) == files
    assert_tables_equal(load(out), tables(real_hands()))


def test_overlapping_inputs_add_only_new_hands(tmp_path: Path) -> None:
    out = tmp_path / "ds"
    hands = real_hands()
    a, b = hands[: len(hands) * 2 // 3], hands[len(hands) // 3 :]
    r1 = export_results(a, out)
    r2 = export_results(b, out)
    overlap = len(a) + len(b) - len(hands)
    assert (r1.new, r1.already_present) == (len(a), 0)
    assert (r2.new, r2.already_present) == (len(b) - overlap, overlap)
    assert_tables_equal(load(out), tables(hands))


def test_a_hand_repeated_in_one_input_is_written_once(tmp_path: Path) -> None:
    hands = real_hands()[:5]
    result = export_results([*hands, *hands[:2]], tmp_path / "ds", batch_size=3)
    assert (result.new, result.already_present, result.repeated) == (5, 2, 2)
    assert_tables_equal(load(tmp_path / "ds"), tables(hands))


def test_same_hand_id_on_another_site_is_a_different_hand(tmp_path: Path) -> None:
    hand = real_hands()[0]
    other = dataclasses.replace(hand, site="OtherSite")
    result = export_results([hand, other], tmp_path / "ds")
    assert result.new == 2
    assert sorted(load(tmp_path / "ds").hands["site"].astype(str)) == ["OtherSite", "PokerStars"]


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    picks=st.lists(st.integers(0, 59), min_size=1, max_size=40),
    split=st.integers(0, 40),
    batch=st.integers(1, 15),
)
def test_incremental_export_equals_one_export_of_the_union(
    tmp_path_factory: pytest.TempPathFactory, picks: list[int], split: int, batch: int
) -> None:
    """Law: exporting A then B (any overlap, any batch size) loads as tables(unique(A + B)),
    and the counts say how many of B were new."""
    base = real_hands()
    pool = [variant(base[i % len(base)], i // len(base)) for i in range(60)]
    chosen = [pool[i] for i in picks]
    a, b = chosen[:split], chosen[split:]
    out = tmp_path_factory.mktemp("inc") / "ds"
    r1 = export_results(a, out, batch_size=batch)
    r2 = export_results(b, out, batch_size=batch)
    assert r1.new == len(dedupe(a))
    assert r2.new == len(dedupe(a + b)) - len(dedupe(a))
    assert r2.new + r2.already_present == len(b)
    assert_tables_equal(load(out), tables(dedupe(a + b)))


# --------------------------------------------------------------------------- rejects


def _bad_file(tmp_path: Path) -> tuple[Path, int]:
    """A copy of a real Triple Draw file with one hand broken and a line of garbage; returns
    the path and the number of good hands in it."""
    text = MANY_HANDS.read_text(encoding="utf-8-sig")
    good = len(list(read_histories(MANY_HANDS)))
    broken = text.replace(": raises ", ": raisez ", 1)
    path = tmp_path / "bad.txt"
    path.write_text(broken + "\n\nthis is not a hand\n", encoding="utf-8")
    return path, good - 1


def test_rejects_become_findings_and_do_not_stop_the_export(tmp_path: Path) -> None:
    path, good = _bad_file(tmp_path)
    result = export_histories([path], tmp_path / "ds")
    assert (result.new, result.rejected) == (good, 2)
    f = load_findings(tmp_path / "ds")
    assert list(f["code"].astype(str)) == [PARSE_REJECTED, PARSE_REJECTED]
    assert set(f["severity"].astype(str)) == {"error"}
    assert set(f["file"]) == {str(path)}
    lines = path.read_text(encoding="utf-8").splitlines()
    assert "raisez" in lines[int(f["line"].iloc[0]) - 1]
    assert lines[int(f["line"].iloc[1]) - 1] == "this is not a hand"
    assert f["hand_id"].iloc[0] is not pd.NA and f["hand_id"].isna().iloc[1]
    assert len(load(tmp_path / "ds").hands) == good


def test_rejects_are_not_recorded_twice(tmp_path: Path) -> None:
    path, _ = _bad_file(tmp_path)
    export_histories([path], tmp_path / "ds")
    again = export_histories([path, path], tmp_path / "ds")
    assert again.rejected == 4 and again.findings == 0
    assert len(load_findings(tmp_path / "ds")) == 2


def _untabulable(hand: Hand) -> Hand:
    # A start time past what datetime64[ns] holds: the one kind of value the tables cannot
    # hold (an action by a player with no seat is a finding now, and the hand is kept).
    late = hand.started_at.replace(year=2300)
    return dataclasses.replace(hand, hand_id="777", started_at=late)


def test_a_hand_the_tables_refuse_becomes_a_finding(tmp_path: Path) -> None:
    hands = real_hands()[:4]
    bad = _untabulable(hands[0])
    result = export_results([*hands, bad], tmp_path / "ds")
    assert (result.new, result.table_rejected, result.findings) == (4, 1, 1)
    f = load_findings(tmp_path / "ds")
    row = f.iloc[0]
    assert (row["code"], row["severity"], row["hand_id"]) == (TABLE_REJECTED, "error", "777")
    assert row["file"] == bad.source.path and row["line"] == bad.source.first_line
    assert "777" not in set(load(tmp_path / "ds").hands["hand_id"])
    again = export_results([bad], tmp_path / "ds")
    assert (again.table_rejected, again.findings) == (1, 0)


# ------------------------------------------------------------------------- audit coupling


def _real_auditor(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Switch the real auditor back on; returns the ids of the hands it replays, in order."""
    monkeypatch.setattr(findings_module, "_auditor", lambda: audit)
    replayed: list[str] = []

    def spy(hand: Hand, **kw: Any) -> Any:
        replayed.append(hand.hand_id)
        return replay(hand, **kw)

    monkeypatch.setattr(audit_run, "replay", spy)
    return replayed


def _codes(hand_ids: Iterable[str], codes: Iterable[str]) -> Counter[tuple[str, str]]:
    return Counter(zip(hand_ids, codes, strict=True))


def test_audit_findings_are_exported_for_new_hands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    replayed = _real_auditor(monkeypatch)
    hands = real_hands()
    expected = list(audit(hands))
    assert expected, "the real hands should give the auditor something to report"
    replayed.clear()  # audit() replays through the same function
    result = export_results(hands, tmp_path / "ds", batch_size=10)
    assert result.audited and result.findings == len(expected)
    assert replayed == _ids(hands)  # each hand replayed once, in order
    f = load_findings(tmp_path / "ds")
    assert _codes(f["hand_id"], f["code"]) == _codes(
        (x.hand_id for x in expected), (x.code for x in expected)
    )
    counts = load(tmp_path / "ds").hands.set_index("hand_id")["findings"]
    per_hand = Counter(x.hand_id for x in expected)
    assert all(counts[h] == per_hand[h] for h in counts.index)
    # Present hands are replayed again (the checks across hands need them) but their
    # findings are not recorded twice.
    again = export_results(hands, tmp_path / "ds", batch_size=10)
    assert (again.new, again.findings) == (0, 0)
    # Only the new hand's findings are recorded, and the check across hands sees its
    # neighbours: a copy of the first hand at the end breaks the table's chain of stacks.
    new = dataclasses.replace(hands[0], hand_id="3000000000")
    mine = [x for x in audit([*hands, new]) if x.hand_id == "3000000000"]
    mixed = export_results([*hands, new], tmp_path / "ds", batch_size=len(hands) + 1)
    assert (mixed.new, mixed.findings) == (1, len(mine))
    assert len(load_findings(tmp_path / "ds")) == len(expected) + len(mine)


def test_no_audit_skips_the_auditor(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    replayed = _real_auditor(monkeypatch)
    result = export_results(real_hands(), tmp_path / "ds", audit=False)
    assert not result.audited and result.findings == 0 and replayed == []
    assert set(load(tmp_path / "ds").hands["findings"].dropna()) <= {0}


def test_an_auditor_failure_does_not_stop_the_export(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _real_auditor(monkeypatch)
    hands = real_hands()
    target = hands[3].hand_id

    def failing(hand: Hand, **kw: Any) -> Any:
        if hand.hand_id == target:
            raise RuntimeError("boom")
        return replay(hand, **kw)

    monkeypatch.setattr(audit_run, "replay", failing)
    result = export_results(hands, tmp_path / "ds")
    assert result.new == len(hands)
    f = load_findings(tmp_path / "ds")
    failed = f[f["code"] == AUDIT_FAILED]
    assert list(failed["hand_id"]) == [target]
    assert "RuntimeError: boom" in failed["message"].iloc[0]
    assert failed["severity"].iloc[0] == "error"
    # The other hands are audited as usual.
    others = [x for x in audit(hands) if x.hand_id != target]
    assert result.findings == len(others) + 1


def test_export_results_streams_its_input(tmp_path: Path) -> None:
    """``export_results`` takes a generator and does not hold on to the hands: each piece's
    hands are freed once its tables are made."""
    hands = real_hands()
    ids = {f"{h.hand_id}{k}" for h in hands for k in range(5)}

    def copies_alive() -> int:
        # Other tests may keep hands alive: count only this test's copies.
        gc.collect()
        return sum(1 for o in gc.get_objects() if isinstance(o, Hand) and o.hand_id in ids)

    most = 0

    def stream() -> Iterator[Hand]:
        nonlocal most
        for k in range(5):
            for n, h in enumerate(hands):
                if n % 21 == 0:
                    most = max(most, copies_alive())
                yield dataclasses.replace(h, hand_id=f"{h.hand_id}{k}")

    result = export_results(stream(), tmp_path / "ds", hands_per_piece=10)
    assert (result.new, result.batches) == (5 * len(hands), 1)
    # At most two pieces are alive (the one being filled and the one just exported), not the
    # batch of 210 hands.
    assert 0 < most <= 2 * 10 + 1
    assert copies_alive() == 0


def test_findings_row_from_auditor_like_objects() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Like:
        site: str
        hand_id: str
        code: str
        severity: Enum
        message: str
        file: str
        line: int

    error = Enum("Severity", ["INFO", "ERROR"]).ERROR  # type: ignore[attr-defined]
    row = findings_module._row(Like("S", "1", "C", error, "msg", "f.txt", 3))
    assert (row.site, row.hand_id, row.code, row.severity, row.line) == ("S", "1", "C", "error", 3)


def _ids(hands: Sequence[Hand]) -> list[str]:
    return [h.hand_id for h in hands]
