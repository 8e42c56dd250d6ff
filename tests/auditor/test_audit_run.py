"""``audit(hands)``, ``audit_results(results)``, the check across hands, the findings'
shape and the documentation of every code."""

from __future__ import annotations

import dataclasses
import re
import subprocess
import sys
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest

from histparse.auditor import CODES, Code, Finding, Severity, audit, audit_results, code_info
from histparse.events import Hand
from histparse.parsing import parse_results, read_histories, read_results

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
REAL = TESTS / "data" / "pokerstars"
CASH_FILE = REAL / "3-Draw-Limit-USD-0.10-0.20-200911.txt"


def cash_hands() -> list[Hand]:
    return list(read_histories(CASH_FILE))


def test_severity_order_and_parse() -> None:
    assert Severity.INFO < Severity.WARNING < Severity.ERROR
    assert Severity.parse("Warning") is Severity.WARNING
    assert Severity.ERROR.label == "error"
    with pytest.raises(ValueError, match="unknown severity"):
        Severity.parse("fatal")


def test_finding_is_a_frozen_record() -> None:
    f = Finding("PokerStars", "1", "POT-RAKE", Severity.ERROR, "m", "f.txt", 3, "R-SHOW-4")
    with pytest.raises(dataclasses.FrozenInstanceError):
        f.code = "X"  # type: ignore[misc]
    assert f.as_record() == {
        "site": "PokerStars",
        "hand_id": "1",
        "code": "POT-RAKE",
        "severity": "error",
        "message": "m",
        "file": "f.txt",
        "line": 3,
        "rule": "R-SHOW-4",
    }
    assert code_info("POT-RAKE").rule == "R-SHOW-4"
    with pytest.raises(KeyError, match="NOPE"):
        code_info("NOPE")


def test_audit_of_real_hands() -> None:
    findings = list(audit(read_histories(REAL)))
    worst = {f.code for f in findings if f.severity >= Severity.WARNING}
    assert worst == {"CARD-HERO-DRAW", "CARD-DUPLICATE"}
    assert {f.hand_id for f in findings if f.severity >= Severity.WARNING} == {"81631597149"}


def test_consecutive_hands_chain_their_stacks() -> None:
    hands = cash_hands()
    assert [f for f in audit(hands) if f.code.startswith("STACK")] == []
    # The third hand starts where the second one left everybody; change one stack.
    third = hands[2]
    seat = third.seats[0]
    for delta, code in ((Decimal("0.50"), "STACK-TOPUP"), (Decimal("-0.50"), "STACK-MISMATCH")):
        changed = replace(seat, stack=seat.stack + delta)
        seats = (changed, *third.seats[1:])
        edited = [*hands[:2], replace(third, seats=seats), *hands[3:]]
        found = [f for f in audit(edited) if f.code.startswith("STACK")]
        # The next hand is then off by the same amount the other way: both are reported.
        first = found[0]
        assert (first.code, first.hand_id, first.line) == (code, third.hand_id, seat.line)
        assert {f.hand_id for f in found} == {third.hand_id, hands[3].hand_id}
        assert CODES[code].severity is (Severity.INFO if delta > 0 else Severity.WARNING)


def test_chain_breaks_on_other_text_in_the_file() -> None:
    hands = cash_hands()
    first, second = hands[0], hands[1]
    moved = replace(
        second,
        seats=(replace(second.seats[0], stack=Decimal(99)), *second.seats[1:]),
        source=replace(second.source, first_line=second.source.first_line + 40),
    )
    assert [f for f in audit([first, moved]) if f.code.startswith("STACK")] == []


def test_audit_results_turns_rejected_chunks_into_findings() -> None:
    good = CASH_FILE.read_text(encoding="utf-8").split("\n\n\n\n")[0]
    broken = good.replace("Hero: folds", "Hero: juggles", 1)
    text = good + "\n\n\n\n" + broken + "\n"
    run = audit_results(parse_results(text, "mixed.txt"))
    findings = list(run)
    rejected = [f for f in findings if f.code == "PARSE-REJECTED"]
    assert len(rejected) == 1
    f = rejected[0]
    assert f.severity is Severity.ERROR and f.file == "mixed.txt" and f.site == "PokerStars"
    assert f.hand_id == "35839001292" and "juggles" in f.message
    lines = [line.rstrip() for line in text.splitlines()]
    assert f.line == lines.index("Hero: juggles") + 1
    assert (run.counts.read, run.counts.parsed, run.counts.rejected) == (2, 1, 1)
    assert run.counts.errors == 1


def test_audit_results_counts_real_files() -> None:
    run = audit_results(read_results(REAL))
    findings = list(run)
    c = run.counts
    assert c.read == c.parsed + c.rejected + c.unsupported
    assert (c.parsed, c.rejected) == (42, 0)
    assert c.errors == len([f for f in findings if f.severity is Severity.ERROR]) == 8


def test_every_code_is_documented() -> None:
    doc = (ROOT / "docs" / "findings.md").read_text(encoding="utf-8")
    rows = dict(
        (m.group(1), (m.group(2), m.group(3)))
        for m in re.finditer(r"^\| `([A-Z0-9-]+)` \| (\w+) \| ([^|]+) \|", doc, re.M)
    )
    assert set(rows) == set(CODES)
    for code, info in CODES.items():
        # A rule id is written as a link to its anchor in docs/rules.md.
        rule = f"[{info.rule}](rules.md#{info.rule})" if info.rule else "–"
        assert rows[code] == (info.severity.label, rule), code
    assert set(rows) == {c.value for c in Code}


def test_code_enum_and_catalogue_hold_the_same_codes() -> None:
    # One entry per member, in the enum's (documentation) order, each naming its own member,
    # and the member names spell the codes with underscores.
    assert list(CODES) == list(Code)
    for code, info in CODES.items():
        assert type(code) is Code and info.code is code
        assert code.name == code.value.replace("-", "_")
    # The value is what every output shows (text, JSON, Parquet): the plain code string.
    assert str(Code.BET_ALLIN) == "BET-ALLIN" == f"{Code.BET_ALLIN}"
    assert code_info("BET-ALLIN") is CODES[Code.BET_ALLIN]
    with pytest.raises(KeyError, match="BET-ALLINN"):
        code_info("BET-ALLINN")


def test_packages_import_in_either_order() -> None:
    # The packages are named apart from the top-level functions (auditor/audit,
    # replayer/replay, simulation/simulate), so a plain ``import ... as`` reaches the package
    # and importing a package never rebinds the function on ``histparse``.
    for first, second in (("histparse.replayer", "histparse.auditor"),
                          ("histparse.auditor", "histparse.simulation")):  # fmt: skip
        code = (
            f"import {first}, {second}; import histparse.auditor as a; "
            "import histparse.replayer as r; import histparse.simulation as s; import histparse; "
            "assert callable(histparse.audit) and callable(histparse.replay); "
            "assert callable(histparse.simulate); print(a.audit.__name__, r.replay.__name__, "
            "s.simulate.__name__)"
        )
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=False
        )
        assert out.returncode == 0, out.stderr
        assert out.stdout.split() == ["audit", "replay", "simulate"]
