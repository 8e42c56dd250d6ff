"""The check across hands (STACK-MISMATCH / STACK-TOPUP) chains only hands that surely follow
each other at one table (R-SHOW-4 bookkeeping; docs/audit.md), and ``audit`` skips the second
reading of a hand. Issue 22 reproducers."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from histparse.auditor import audit_results
from histparse.auditor.report import write_text
from histparse.cli import main
from histparse.parallel import audit_paths
from histparse.parsing import parse_results

_SEAT = re.compile(r"^(Seat 1: [^(]*\(\$)(\d+(?:\.\d+)?)( in chips\))", re.M)
_TIME = re.compile(r"\d{4}/\d\d/\d\d \d\d:\d\d:\d\d ET")
STACK_CODES = {"STACK-MISMATCH", "STACK-TOPUP"}


@pytest.fixture(scope="module")
def sim(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """Three generated hands at one table (their stacks follow each other)."""
    path = tmp_path_factory.mktemp("sim") / "sim.txt"
    assert main(["generate", "--hands", "3", "--seed", "5", "--lf", "--out", str(path)]) == 0
    return path.read_text(encoding="utf-8").strip("\n").split("\n\n\n")


def _topped_up(hand: str) -> str:
    return _SEAT.sub(lambda m: f"{m[1]}{float(m[2]) + 1.5:g}{m[3]}", hand, count=1)


def _at(hand: str, when: str) -> str:
    return _TIME.sub(when + " ET", hand, count=1)


def _stack_codes(*hands: str) -> list[str]:
    run = audit_results(parse_results("\n\n\n".join(hands) + "\n"))
    return [str(f.code) for f in run if f.code in STACK_CODES]


def test_a_changed_stack_at_the_same_table_is_reported(sim: list[str]) -> None:
    assert _stack_codes(sim[0], sim[1]) == []
    assert _stack_codes(sim[0], _topped_up(sim[1])) == ["STACK-TOPUP"]


def test_other_stakes_or_currency_under_the_same_table_name_is_another_chain(
    sim: list[str],
) -> None:
    other_stakes = _topped_up(sim[1]).replace("($0.10/$0.20 USD)", "($0.10/$0.25 USD)", 1)
    other_currency = _topped_up(sim[1]).replace("($0.10/$0.20 USD)", "(€0.10/€0.20 EUR)", 1)
    other_game = _topped_up(sim[1]).replace("Lowball Limit", "Lowball Pot Limit", 1)
    assert "0.25 USD" in other_stakes and "EUR" in other_currency and "Pot Limit" in other_game
    assert _stack_codes(sim[0], other_stakes) == []
    assert _stack_codes(sim[0], other_currency) == []
    assert _stack_codes(sim[0], other_game) == []


def test_hands_are_chained_in_time_order_not_input_order(sim: list[str]) -> None:
    # The second hand given first: the first hand is earlier, so it is not compared with it.
    assert _stack_codes(sim[1], sim[0], sim[2]) == []


def test_a_gap_of_more_than_an_hour_starts_a_new_chain(sim: list[str]) -> None:
    later = _at(_topped_up(sim[1]), "2013/06/05 18:30:00")
    assert _stack_codes(_at(sim[0], "2013/06/05 16:00:00"), later) == []
    soon = _at(_topped_up(sim[1]), "2013/06/05 16:40:00")
    assert _stack_codes(_at(sim[0], "2013/06/05 16:00:00"), soon) == ["STACK-TOPUP"]


def test_a_new_day_starts_a_new_chain(sim: list[str]) -> None:
    # 19:50 ET and 20:10 ET are either side of midnight UTC.
    first = _at(sim[0], "2013/06/05 19:50:00")
    assert _stack_codes(first, _at(_topped_up(sim[1]), "2013/06/05 20:10:00")) == []
    assert _stack_codes(first, _at(_topped_up(sim[1]), "2013/06/05 19:55:00")) == ["STACK-TOPUP"]


def test_audit_skips_duplicate_hands_and_says_so_once(sim: list[str], tmp_path: Path) -> None:
    text = "\n\n\n".join(sim) + "\n"
    (tmp_path / "a.txt").write_text(text, encoding="utf-8")
    (tmp_path / "b.txt").write_text(text, encoding="utf-8")
    for jobs in (1, 2):
        run = audit_paths([tmp_path], jobs=jobs)
        findings = list(run)
        assert not [f for f in findings if f.code in STACK_CODES]
        assert run.counts.duplicates == 3
        assert run.counts.read == run.counts.parsed + run.counts.rejected + run.counts.unsupported
    sequential = audit_results(parse_results(text + "\n\n" + text))
    assert not [f for f in sequential if f.code in STACK_CODES]
    assert sequential.counts.duplicates == 3


def test_the_report_says_how_many_duplicates_were_skipped(
    sim: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("a.txt", "b.txt"):
        (tmp_path / name).write_text("\n\n\n".join(sim) + "\n", encoding="utf-8")
    assert main(["audit", "-q", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.count("skipped 3 duplicate hands") == 1


def test_unsupported_hands_are_listed_by_site_and_game(sim: list[str]) -> None:
    other = sim[1].replace("Triple Draw 2-7 Lowball Limit", "Badugi Limit", 1)
    run = audit_results(parse_results(sim[0] + "\n\n\n" + other + "\n"))
    out = io.StringIO()
    write_text(run.counts, run, out, files=1)
    assert run.counts.unsupported == 1
    assert "unsupported: 1 hand of PokerStars Badugi" in out.getvalue()
