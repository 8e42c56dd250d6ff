"""Reports of an audit: a readable text report grouped by code, and the JSON document.

Both read the findings as a stream, once, and keep what they print in memory bounded by the
number of finding codes, not by the number of findings: a run over millions of hands with a
finding in each still reports in flat memory. The findings of one hand come together in an
audit's stream (its replay's, then the check across hands'), which is what lets a hand be ranked
as soon as its findings are read.
"""

from __future__ import annotations

import heapq
import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import IO

from histparse.auditor.run import AuditCounts
from histparse.reading import TOURNAMENT_SUMMARY
from histparse.replayer.findings import CODES, Code, Finding, Severity
from histparse.textio import visible

__all__ = ["Digest", "write_json", "write_text"]

HandKey = tuple[str, str]  # file, hand id (or "line N" for a rejected chunk)
# Worst first: most errors, then warnings, then info, then file and hand.
Rank = tuple[int, int, int, str, str]

# At most this many findings are listed under each code; the JSON document lists them all.
MAX_LISTED = 1000

# Unsupported games listed by name in the text report (the most frequent first).
MAX_GAMES = 10


def _hand_key(f: Finding) -> HandKey:
    # Rejected chunks have no hand id: each one is its own "hand", named by its line.
    return f.file, f.hand_id if f.hand_id is not None else f"line {f.line}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


@dataclass
class _Code:
    """One code's part of the report: its counts and its worst findings so far."""

    severity: Severity
    findings: int = 0
    hands: int = 0
    listed: list[tuple[Rank, int, int, Finding]] = field(default_factory=list)


class Digest:
    """What the text report shows of a stream of findings (those of ``min_severity`` and
    above): the worst ``max_hands`` hands, and per code its counts and its ``max_listed`` worst
    findings, in the order of the hands' ranking."""

    def __init__(
        self,
        min_severity: Severity = Severity.INFO,
        *,
        max_hands: int = 20,
        max_listed: int = MAX_LISTED,
    ) -> None:
        self.min_severity = min_severity
        self.max_hands = max_hands
        self.max_listed = max_listed
        self.hands = 0  # hands with a finding shown
        self.codes: dict[Code, _Code] = {}
        self._worst: list[tuple[Rank, Counter[Severity]]] = []
        self._key: HandKey | None = None
        self._pending: list[Finding] = []
        self._seq = 0  # arrival order: ties keep the stream's order

    def add(self, finding: Finding) -> None:
        """Take the next finding of the stream."""
        if finding.severity < self.min_severity:
            return
        key = _hand_key(finding)
        if key != self._key:
            self._flush()
            self._key = key
        self._pending.append(finding)

    def worst_hands(self) -> list[tuple[HandKey, Counter[Severity]]]:
        """The worst hands, worst first, with their findings by severity."""
        self._flush()
        worst = heapq.nsmallest(self.max_hands, self._worst, key=lambda w: w[0])
        return [((r[3], r[4]), sev) for r, sev in worst]

    def listed(self, code: Code) -> list[Finding]:
        """The listed findings of ``code``: its hands worst first, each hand's by line."""
        self._flush()
        listed = heapq.nsmallest(self.max_listed, self.codes[code].listed, key=lambda x: x[:3])
        return [f for *_, f in listed]

    def code_order(self) -> list[Code]:
        """Worst codes first: by severity, then by number of findings."""
        self._flush()
        return sorted(
            self.codes, key=lambda c: (-self.codes[c].severity, -self.codes[c].findings, c)
        )

    def _flush(self) -> None:
        findings = self._pending
        if not findings:
            return
        self._pending = []
        sev = Counter(f.severity for f in findings)
        file, hand = _hand_key(findings[0])
        rank: Rank = (-sev[Severity.ERROR], -sev[Severity.WARNING], -sev[Severity.INFO], file, hand)
        self.hands += 1
        self._worst.append((rank, sev))
        if len(self._worst) > 2 * self.max_hands:
            self._worst = heapq.nsmallest(self.max_hands, self._worst, key=lambda w: w[0])
        seen: set[str] = set()
        for f in findings:
            code = self.codes.get(f.code)
            if code is None:
                code = self.codes[f.code] = _Code(f.severity)
            code.findings += 1
            if f.code not in seen:
                seen.add(f.code)
                code.hands += 1
            self._seq += 1
            code.listed.append((rank, f.line, self._seq, f))
            if len(code.listed) > 2 * self.max_listed:
                code.listed = heapq.nsmallest(self.max_listed, code.listed, key=lambda x: x[:3])


def write_text(
    counts: AuditCounts,
    findings: Iterable[Finding],
    out: IO[str],
    *,
    files: int,
    min_severity: Severity = Severity.INFO,
    max_hands: int = 20,
    max_listed: int = MAX_LISTED,
) -> None:
    """The readable report: counts, the worst hands, then the findings grouped by code (worst
    codes first, each listing its hands worst first, at most ``max_listed`` a code).
    ``findings`` is read first, so it may be the audit run that fills ``counts``."""
    digest = Digest(min_severity, max_hands=max_hands, max_listed=max_listed)
    for f in findings:
        digest.add(f)
    worst = digest.worst_hands()
    print(
        f"audited {_plural(counts.read, 'hand')} from {_plural(files, 'file')}: "
        f"{counts.parsed} parsed, {counts.rejected} rejected, {counts.unsupported} unsupported",
        file=out,
    )
    if counts.duplicates:
        print(
            f"skipped {_plural(counts.duplicates, 'duplicate hand')} (same site and hand id "
            "as a hand read before)",
            file=out,
        )
    games = sorted(counts.unsupported_games.items(), key=lambda kv: (-kv[1], kv[0]))
    summaries = sum(n for (_, game), n in games if game == TOURNAMENT_SUMMARY)
    if summaries:
        # Another kind of file, not a failure: said apart from the unsupported games.
        print(
            f"{summaries} of the unsupported are tournament summar"
            f"{'y' if summaries == 1 else 'ies'}, not hand histories (histparse stats and "
            "histparse tournaments read them)",
            file=out,
        )
        games = [kv for kv in games if kv[0][1] != TOURNAMENT_SUMMARY]
    for (site, game), n in games[:MAX_GAMES]:
        print(f"unsupported: {_plural(n, 'hand')} of {site} {game}", file=out)
    if len(games) > MAX_GAMES:
        rest = sum(n for _, n in games[MAX_GAMES:])
        print(
            f"unsupported: {_plural(rest, 'hand')} of {len(games) - MAX_GAMES} other games "
            "(--json lists them)",
            file=out,
        )
    print(
        f"findings: {_plural(counts.errors, 'error')}, {_plural(counts.warnings, 'warning')}, "
        f"{counts.info} info"
        + (f" (showing {min_severity.label} and above)" if min_severity > Severity.INFO else ""),
        file=out,
    )
    if not worst:
        return
    print("\nworst hands:", file=out)
    for (path, hand), sev in worst:
        parts = [_plural(sev[s], s.label) for s in sorted(sev, reverse=True) if sev[s]]
        # Never "#line 1", as if it were a hand number.
        name = f"(rejected text at {hand})" if hand.startswith("line ") else f"#{hand}"
        print(f"  {name}  {', '.join(parts)}  ({visible(path)})", file=out)
    if digest.hands > len(worst):
        print(f"  ... and {digest.hands - len(worst)} more", file=out)
    for code in digest.code_order():
        part = digest.codes[code]
        info = CODES.get(code)
        rule = f", {info.rule}" if info is not None and info.rule else ""
        print(
            f"\n{code} ({part.severity.label}{rule}): {_plural(part.findings, 'finding')} in "
            f"{_plural(part.hands, 'hand')}",
            file=out,
        )
        listed = digest.listed(code)
        for f in listed:
            hand = f"#{f.hand_id}" if f.hand_id is not None else "(no hand)"
            print(f"  {hand} {visible(f.file)}:{f.line}: {visible(f.message)}", file=out)
        if part.findings > len(listed):
            print(
                f"  ... and {part.findings - len(listed)} more (--json lists every finding)",
                file=out,
            )


def write_json(counts: AuditCounts, findings: Iterable[Finding], out: IO[str]) -> None:
    """One JSON object: ``findings`` (every finding as a record, one a line), then the counts
    ``hands_read``, ``hands_parsed``, ``hands_rejected``, ``hands_unsupported``,
    ``hands_duplicate`` and ``unsupported_games``. The
    findings are written as they are read, so ``findings`` may be the audit run that fills
    ``counts``."""
    out.write('{"findings": [')
    sep = "\n"
    for f in findings:
        out.write(sep + json.dumps(f.as_record()))
        sep = ",\n"
    tail = {
        "hands_read": counts.read,
        "hands_parsed": counts.parsed,
        "hands_rejected": counts.rejected,
        "hands_unsupported": counts.unsupported,
        "hands_duplicate": counts.duplicates,
        "unsupported_games": [
            {"site": site, "game": game, "hands": n}
            for (site, game), n in sorted(counts.unsupported_games.items())
        ],
    }
    out.write("\n],\n" + json.dumps(tail)[1:] + "\n")
