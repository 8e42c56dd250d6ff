"""The audit's text report reads findings as a stream in bounded memory: the worst hands and
each code's listing are exactly what sorting all the findings would give, cut at the caps."""

from __future__ import annotations

import io
from collections import Counter, defaultdict

from hypothesis import given, settings
from hypothesis import strategies as st

from histparse.auditor import Finding, Severity
from histparse.auditor.report import Digest, write_text
from histparse.auditor.run import AuditCounts

CODES = {"A": Severity.ERROR, "B": Severity.WARNING, "C": Severity.INFO, "D": Severity.ERROR}


def _finding(file: str, hand: str | None, code: str, line: int) -> Finding:
    return Finding(
        site="PokerStars",
        hand_id=hand,
        code=code,
        severity=CODES[code],
        message=f"{code} at {line}",
        file=file,
        line=line,
        rule=None,
    )


# A stream as an audit makes it: hand after hand, each hand's findings together.
hands = st.lists(
    st.tuples(
        st.sampled_from(["a.txt", "b.txt"]),
        st.one_of(st.none(), st.integers(1, 40).map(str)),
        st.lists(st.tuples(st.sampled_from(sorted(CODES)), st.integers(1, 60)), min_size=1),
    ),
    max_size=40,
    unique_by=lambda h: (h[0], h[1]),
)


def _stream(spec: list[tuple[str, str | None, list[tuple[str, int]]]]) -> list[Finding]:
    out = []
    for n, (file, hand, items) in enumerate(spec):
        for code, line in items:
            # A rejected chunk (no hand id) is one line; give each its own.
            out.append(_finding(file, hand, code, 1000 + n if hand is None else line))
    return out


def _key(f: Finding) -> tuple[str, str]:
    return f.file, f.hand_id if f.hand_id is not None else f"line {f.line}"


def _reference(findings: list[Finding]) -> tuple[list[tuple[str, str]], dict[str, list[Finding]]]:
    """Everything in memory, sorted: what the report printed before it streamed."""
    per_hand: dict[tuple[str, str], Counter[Severity]] = defaultdict(Counter)
    for f in findings:
        per_hand[_key(f)][f.severity] += 1
    ranking = sorted(
        per_hand,
        key=lambda k: (
            -per_hand[k][Severity.ERROR],
            -per_hand[k][Severity.WARNING],
            -per_hand[k][Severity.INFO],
            k,
        ),
    )
    order = {k: i for i, k in enumerate(ranking)}
    by_code: dict[str, list[Finding]] = defaultdict(list)
    for f in findings:
        by_code[f.code].append(f)
    for items in by_code.values():
        items.sort(key=lambda f: (order[_key(f)], f.line))
    return ranking, by_code


@settings(max_examples=300, deadline=None)
@given(hands, st.integers(1, 5), st.integers(1, 6), st.sampled_from(list(Severity)))
def test_the_digest_is_the_sorted_report_cut_at_the_caps(
    spec: list[tuple[str, str | None, list[tuple[str, int]]]],
    max_hands: int,
    max_listed: int,
    min_severity: Severity,
) -> None:
    findings = _stream(spec)
    shown = [f for f in findings if f.severity >= min_severity]
    ranking, by_code = _reference(shown)
    digest = Digest(min_severity, max_hands=max_hands, max_listed=max_listed)
    for f in findings:
        digest.add(f)
    assert [k for k, _ in digest.worst_hands()] == ranking[:max_hands]
    assert digest.hands == len(ranking)
    assert set(digest.codes) == set(by_code)
    for code, items in by_code.items():
        assert digest.listed(code) == items[:max_listed]
        assert digest.codes[code].findings == len(items)
        assert digest.codes[code].hands == len({_key(f) for f in items})


def test_a_long_listing_is_cut_and_says_so() -> None:
    findings = [_finding("a.txt", str(i), "A", 3) for i in range(50)]
    out = io.StringIO()
    write_text(AuditCounts(read=50, parsed=50, errors=50), findings, out, files=1, max_listed=10)
    text = out.getvalue()
    assert "A (error): 50 findings in 50 hands" in text
    assert text.count("a.txt:3: A at 3") == 10
    assert "  ... and 40 more (--json lists every finding)" in text
    assert "  ... and 30 more\n" in text  # the worst hands: 20 shown of 50
