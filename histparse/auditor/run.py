"""Audit many hands: ``audit(hands)`` and ``audit_results(results)``.

``audit`` yields the findings of parsed hands: each hand's replay findings, then the check
across hands. ``audit_results`` takes what ``histparse.parsing.read_results`` yields (hands,
rejected chunks, unsupported hands), turns every rejected chunk into a ``PARSE-REJECTED``
finding and keeps the counts a report needs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from histparse.auditor.across import StackChain, StackRecord, stack_record
from histparse.events import Hand
from histparse.handstore import HandStore
from histparse.parsing import ParseError, Unsupported
from histparse.replayer import Replay, replay
from histparse.replayer.findings import CODES, Code, Finding, Severity, make_finding
from histparse.sites.profile import SiteProfile
from histparse.textio import one_line

__all__ = [
    "AuditCounts",
    "AuditRun",
    "audit",
    "audit_results",
    "checked",
    "checked_replay",
    "failed_finding",
    "rejected_finding",
]

Result = Hand | ParseError | Unsupported


def audit(hands: Iterable[Hand], *, profile: SiteProfile | None = None) -> Iterator[Finding]:
    """Yield every finding of ``hands``, hand by hand, in the order given.

    ``profile`` overrides each hand's site profile (for what-if audits).
    """
    chain = StackChain()
    seen = HandStore()  # on disk: a long run remembers every hand it read
    for hand in hands:
        if not seen.add_new(hand.site, str(hand.hand_id)):
            continue  # the same hand read twice: its findings are the first reading's
        findings, record = checked(hand, profile)
        yield from findings
        if record is not None:
            yield from chain.feed(record)


def checked(
    hand: Hand, profile: SiteProfile | None = None
) -> tuple[tuple[Finding, ...], StackRecord | None]:
    """The replay findings of ``hand`` and its record for the check across hands; an
    unexpected exception becomes one ``AUDIT-FAILED`` finding (and no record), so that one odd
    hand never stops a run."""
    findings, record, _ = checked_replay(hand, profile)
    return findings, record


def checked_replay(
    hand: Hand, profile: SiteProfile | None = None
) -> tuple[tuple[Finding, ...], StackRecord | None, Replay | None]:
    """``checked`` with the replay itself (None when the auditor failed), for a caller that
    needs more of it (an export's all-in EV)."""
    try:
        r = replay(hand, profile=profile)
        return r.findings, stack_record(r), r
    except Exception as exc:
        return (failed_finding(hand, exc),), None, None


def failed_finding(hand: Hand, error: BaseException) -> Finding:
    """The ``AUDIT-FAILED`` finding of a hand the auditor raised ``error`` on."""
    return make_finding(
        hand, Code.AUDIT_FAILED, f"the auditor failed on this hand: {one_line(error)}"
    )


def rejected_finding(error: ParseError) -> Finding:
    """The ``PARSE-REJECTED`` finding of a chunk the parser rejected."""
    # The site whose parser rejected it; text that no site recognised is nobody's.
    return Finding(
        site=error.site or "unknown",
        hand_id=error.hand_id,
        code=Code.PARSE_REJECTED,
        severity=CODES[Code.PARSE_REJECTED].severity,
        message=str(error),
        file=error.file,
        line=error.line,
        rule=None,
    )


@dataclass
class AuditCounts:
    """What an ``AuditRun`` read (``read == parsed + rejected + unsupported``) and found.

    ``duplicates`` counts the parsed hands skipped as a second reading of a hand (same site
    and hand id); ``unsupported_games`` the unsupported hands by ``(site, game)``.
    """

    read: int = 0
    parsed: int = 0
    duplicates: int = 0
    unsupported_games: Counter[tuple[str, str]] = field(default_factory=Counter)
    rejected: int = 0
    unsupported: int = 0
    info: int = 0
    warnings: int = 0
    errors: int = 0

    def add_finding(self, finding: Finding) -> None:
        """Count one finding by severity."""
        if finding.severity is Severity.ERROR:
            self.errors += 1
        elif finding.severity is Severity.WARNING:
            self.warnings += 1
        else:
            self.info += 1


class AuditRun:
    """Iterate over the findings of a stream of parse results, counting as it goes.

    Rejected chunks become ``PARSE-REJECTED`` findings; unsupported hands are counted only.
    A chunk that is not a parsed hand breaks the check across hands for its file (something
    unseen happened at the table in between). A second reading of a hand (same site and hand
    id) is skipped and counted in ``counts.duplicates``.
    """

    def __init__(self, results: Iterable[Result], *, profile: SiteProfile | None = None) -> None:
        self._results = results
        self._profile = profile
        self.counts = AuditCounts()

    def __iter__(self) -> Iterator[Finding]:
        counts = self.counts
        chain = StackChain()
        seen = HandStore()  # on disk: a long run remembers every hand it read
        profile = self._profile
        for result in self._results:
            counts.read += 1
            if isinstance(result, Hand):
                counts.parsed += 1
                if not seen.add_new(result.site, str(result.hand_id)):
                    counts.duplicates += 1
                    continue
                findings, record = checked(result, profile)
                for f in findings:
                    counts.add_finding(f)
                    yield f
                if record is None:
                    continue
                for f in chain.feed(record):
                    counts.add_finding(f)
                    yield f
            elif isinstance(result, ParseError):
                counts.rejected += 1
                chain.break_file(result.file)
                f = rejected_finding(result)
                counts.add_finding(f)
                yield f
            else:
                counts.unsupported += 1
                counts.unsupported_games[(result.site, result.game)] += 1
                chain.break_file(result.file)


def audit_results(results: Iterable[Result], *, profile: SiteProfile | None = None) -> AuditRun:
    """Audit what ``read_results`` yields; iterate over the returned ``AuditRun`` for the
    findings, then read its ``counts``."""
    return AuditRun(results, profile=profile)
