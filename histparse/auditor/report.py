"""Reports of an audit: a readable text report grouped by code, and the JSON document."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import TextIO

from histparse.auditor.run import AuditCounts
from histparse.replayer.findings import CODES, Finding, Severity

__all__ = ["hand_ranking", "json_document", "write_json", "write_text"]

HandKey = tuple[str, str | None, int]  # file, hand id, first line of the hand's findings


def _hand_key(f: Finding) -> tuple[str, str]:
    # Rejected chunks have no hand id: each one is its own "hand", named by its line.
    return f.file, f.hand_id if f.hand_id is not None else f"line {f.line}"


def hand_ranking(findings: Sequence[Finding]) -> list[tuple[tuple[str, str], Counter[Severity]]]:
    """Hands with findings, worst first: most errors, then most warnings, then most info."""
    per_hand: dict[tuple[str, str], Counter[Severity]] = defaultdict(Counter)
    for f in findings:
        per_hand[_hand_key(f)][f.severity] += 1
    return sorted(
        per_hand.items(),
        key=lambda kv: (
            -kv[1][Severity.ERROR],
            -kv[1][Severity.WARNING],
            -kv[1][Severity.INFO],
            kv[0],
        ),
    )


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def write_text(
    counts: AuditCounts,
    findings: Sequence[Finding],
    out: TextIO,
    *,
    files: int,
    min_severity: Severity = Severity.INFO,
    max_hands: int = 20,
) -> None:
    """The readable report: counts, the worst hands, then the findings grouped by code (worst
    codes first, each listing its hands worst first)."""
    shown = [f for f in findings if f.severity >= min_severity]
    print(
        f"audited {_plural(counts.read, 'hand')} from {_plural(files, 'file')}: "
        f"{counts.parsed} parsed, {counts.rejected} rejected, {counts.unsupported} unsupported",
        file=out,
    )
    print(
        f"findings: {_plural(counts.errors, 'error')}, {_plural(counts.warnings, 'warning')}, "
        f"{counts.info} info"
        + (f" (showing {min_severity.label} and above)" if min_severity > Severity.INFO else ""),
        file=out,
    )
    if not shown:
        return
    ranking = hand_ranking(shown)
    order = {key: k for k, (key, _) in enumerate(ranking)}
    print("\nworst hands:", file=out)
    for (path, hand), sev in ranking[:max_hands]:
        parts = [_plural(sev[s], s.label) for s in sorted(sev, reverse=True) if sev[s]]
        print(f"  #{hand}  {', '.join(parts)}  ({path})", file=out)
    if len(ranking) > max_hands:
        print(f"  ... and {len(ranking) - max_hands} more", file=out)
    by_code: dict[str, list[Finding]] = defaultdict(list)
    for f in shown:
        by_code[f.code].append(f)
    codes = sorted(by_code, key=lambda c: (-by_code[c][0].severity, -len(by_code[c]), c))
    for code in codes:
        items = sorted(by_code[code], key=lambda f: (order[_hand_key(f)], f.line))
        info = CODES.get(code)
        rule = f", {info.rule}" if info is not None and info.rule else ""
        hands = len({_hand_key(f) for f in items})
        print(
            f"\n{code} ({items[0].severity.label}{rule}): {_plural(len(items), 'finding')} in "
            f"{_plural(hands, 'hand')}",
            file=out,
        )
        for f in items:
            hand = f"#{f.hand_id}" if f.hand_id is not None else "(no hand)"
            print(f"  {hand} {f.file}:{f.line}: {f.message}", file=out)


def json_document(counts: AuditCounts, findings: Sequence[Finding]) -> dict[str, object]:
    """The ``--json`` document: counts and every finding as a record."""
    return {
        "hands_read": counts.read,
        "hands_parsed": counts.parsed,
        "hands_rejected": counts.rejected,
        "hands_unsupported": counts.unsupported,
        "findings": [f.as_record() for f in findings],
    }


def write_json(counts: AuditCounts, findings: Sequence[Finding], out: TextIO) -> None:
    """Write ``json_document`` as one JSON object."""
    json.dump(json_document(counts, findings), out, indent=1)
    out.write("\n")
