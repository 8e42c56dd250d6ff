"""An audit as HTML: ``audit_report(results)`` reads the hands once and keeps what the page shows.

What was checked (hands, sites, stakes, months, money moved and rake, per money unit), the
findings per 1,000 hands by code and by site, each file clean or not, the worst hands first, each
opening its replayer view, and per code its worst findings (at most ``max_listed`` a code, as the
text report caps them). Memory and page size are bounded by the number of codes, sites, stakes,
months, files and ``max_hands``, not by the number of hands.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from histparse.auditor.across import StackChain
from histparse.auditor.report import Digest
from histparse.auditor.run import AuditCounts, Result, rejected_finding
from histparse.events import Hand
from histparse.parsing import ParseError
from histparse.replayer import Replay, replay
from histparse.replayer.findings import CODES, Code, Finding, Severity
from histparse.sites.profile import SiteProfile
from histparse.views.findings import findings_table
from histparse.views.hand import hand_html
from histparse.views.markup import esc, rule_href, rules_base, severity_class
from histparse.views.page import notebook_view, page

__all__ = ["AuditReport", "audit_report"]

_ZERO = Decimal(0)
# Worst first: most errors, then warnings, then info, then file and hand id.
_Rank = tuple[int, int, int, str, str]


@dataclass
class _File:
    hands: int = 0
    errors: int = 0
    warnings: int = 0
    info: int = 0


def _unit(hand: Hand) -> str:
    """The money a hand's amounts are in: never added to another's."""
    if hand.is_tournament:
        return "tournament chips"
    if hand.is_play_money:
        return "play money"
    return hand.currency or "chips"


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}" + ("" if n == 1 or word == "info" else "s")


def _per_1000(n: int, hands: int) -> str:
    return f"{1000 * n / hands:.2f}" if hands else "-"


class AuditReport:
    """The audit of a stream of parse results, kept for its page: ``add`` each result (or use
    ``audit_report``), then ``page()`` for a self-contained page or show it in a notebook."""

    def __init__(
        self,
        *,
        profile: SiteProfile | None = None,
        min_severity: Severity = Severity.INFO,
        max_hands: int = 20,
        max_listed: int = 100,
        rules: str | None = None,
    ) -> None:
        self.profile = profile
        self.min_severity = min_severity
        self.max_hands = max_hands
        self.counts = AuditCounts()
        self.digest = Digest(min_severity, max_hands=max_hands, max_listed=max_listed)
        self.rules = rules_base() if rules is None else rules
        self.sites: Counter[str] = Counter()
        self.stakes: Counter[str] = Counter()
        self.months: Counter[str] = Counter()
        self.moved: dict[str, Decimal] = {}
        self.rake: dict[str, Decimal] = {}
        self.by_code_site: Counter[tuple[Code, str]] = Counter()
        self.files: dict[str, _File] = {}
        self._chain = StackChain()
        self._worst: list[tuple[_Rank, Replay]] = []

    def _file(self, path: str) -> _File:
        f = self.files.get(path)
        if f is None:
            f = self.files[path] = _File()
        return f

    def _finding(self, f: Finding) -> None:
        self.counts.add_finding(f)
        if f.severity < self.min_severity:
            return
        self.digest.add(f)
        self.by_code_site[f.code, f.site] += 1
        file = self._file(f.file)
        if f.severity is Severity.ERROR:
            file.errors += 1
        elif f.severity is Severity.WARNING:
            file.warnings += 1
        else:
            file.info += 1

    def skipped(self, duplicates: int) -> None:
        """Count ``duplicates`` second readings of hands, read and skipped before ``add`` (by
        the reading front): the page's counts are then those of every command."""
        self.counts.read += duplicates
        self.counts.parsed += duplicates
        self.counts.duplicates += duplicates

    def add(self, result: Result) -> None:
        """Audit one result of ``read_results`` (every result given is audited: skip the
        second readings of a hand before, and count them with ``skipped``)."""
        self.counts.read += 1
        if isinstance(result, ParseError):
            self.counts.rejected += 1
            self._chain.break_file(result.file)
            self._file(result.file).hands += 1
            self._finding(rejected_finding(result))
            return
        if not isinstance(result, Hand):
            self.counts.unsupported += 1
            self._chain.break_file(result.file)
            self._file(result.file)
            return
        hand = result
        self.counts.parsed += 1
        r = replay(hand, profile=self.profile)
        findings = (*r.findings, *self._chain.feed(r))
        for f in findings:
            self._finding(f)
        findings = tuple(f for f in findings if f.severity >= self.min_severity)
        self._file(hand.source.path).hands += 1
        self._count_hand(hand, r)
        if findings:
            sev = Counter(f.severity for f in findings)
            rank: _Rank = (
                -sev[Severity.ERROR],
                -sev[Severity.WARNING],
                -sev[Severity.INFO],
                hand.source.path,
                hand.hand_id,
            )
            self._worst.append((rank, r.with_findings(findings)))
            if len(self._worst) > 2 * self.max_hands:
                self._worst = heapq.nsmallest(self.max_hands, self._worst, key=lambda w: w[0])

    def _count_hand(self, hand: Hand, r: Replay) -> None:
        # Here, not at the top: the stats package imports pandas, which ``histparse show``
        # (it imports the views, not the audit) would otherwise load for nothing.
        from histparse.stats.stakes import stakes_amounts

        self.sites[hand.site] += 1
        sym = hand.layout.money_symbol
        # The amounts as the stakes labels write them, so that one stake is counted once.
        low, high = stakes_amounts(*hand.stakes)
        stake = f"{hand.game.label}, {hand.limit_type.label} {sym}{low}/{sym}{high}"
        if hand.currency:
            stake += f" {hand.currency}"
        self.stakes[stake] += 1
        self.months[hand.started_at.strftime("%Y-%m")] += 1
        unit = _unit(hand)
        if r.total_pot is not None:
            self.moved[unit] = self.moved.get(unit, _ZERO) + r.total_pot
        summary = r.body.summary_pot
        if summary is not None:
            self.rake[unit] = self.rake.get(unit, _ZERO) + summary.rake

    def worst(self) -> list[Replay]:
        """The replays of the worst hands, worst first, with all their findings."""
        return [r for _, r in heapq.nsmallest(self.max_hands, self._worst, key=lambda w: w[0])]

    # ------------------------------------------------------------------------------- markup

    def _checked(self) -> str:
        c = self.counts
        rows = [
            ("hands read", f"{c.read:,}"),
            ("parsed", f"{c.parsed:,}"),
            ("rejected", f"{c.rejected:,}"),
            ("unsupported", f"{c.unsupported:,}"),
            *([("duplicates skipped", f"{c.duplicates:,}")] if c.duplicates else []),
            ("files", f"{len(self.files):,}"),
            ("findings", f"{c.errors:,} errors, {c.warnings:,} warnings, {c.info:,} info"),
        ]
        for unit in sorted(self.moved):
            rake = self.rake.get(unit, _ZERO)
            rows.append((f"money moved ({unit})", f"{self.moved[unit]:,} (rake {rake:,})"))
        table = "".join(f"<tr><th>{esc(k)}</th><td>{esc(v)}</td></tr>" for k, v in rows)
        parts = [f'<table class="hp-checked">{table}</table>']
        for title, counter in (("Sites", self.sites), ("Stakes", self.stakes)):
            parts.append(_counter_table(title, counter, by_count=True))
        parts.append(_counter_table("Months", self.months, by_count=False))
        return "".join(parts)

    def _rates(self) -> str:
        sites = sorted(self.sites) + sorted({s for _, s in self.by_code_site} - set(self.sites))
        hands = self.counts.parsed - self.counts.duplicates + self.counts.rejected
        head = '<tr><th>code</th><th>severity</th><th>rule</th><th class="hp-num">findings</th>'
        head += '<th class="hp-num">per 1,000 hands</th>'
        head += "".join(f'<th class="hp-num">{esc(s)} per 1,000</th>' for s in sites)
        rows = []
        for code in self.digest.code_order():
            part = self.digest.codes[code]
            info = CODES.get(code)
            rule = info.rule if info is not None and info.rule else ""
            href = rule_href(rule, self.rules) if rule else None
            rule_cell = f'<a href="{esc(href)}">{esc(rule)}</a>' if href else esc(rule)
            cells = (
                f'<td><a href="#code-{esc(code)}">{esc(code)}</a></td>'
                f'<td class="hp-sev">{esc(part.severity.label)}</td><td>{rule_cell}</td>'
                f'<td class="hp-num">{part.findings:,}</td>'
                f'<td class="hp-num">{_per_1000(part.findings, hands)}</td>'
            )
            cells += "".join(
                f'<td class="hp-num">{_per_1000(self.by_code_site[code, s], self.sites[s])}</td>'
                for s in sites
            )
            rows.append(f'<tr class="{severity_class(part.severity)}">{cells}</tr>')
        if not rows:
            return '<p class="hp-clean">no findings</p>'
        return f'<table class="hp-rates">{head}</tr>{"".join(rows)}</table>'

    def _files(self, limit: int = 500) -> str:
        def dirty(item: tuple[str, _File]) -> tuple[int, int, str]:
            f = item[1]
            return (-f.errors, -f.warnings, item[0])

        items = sorted(self.files.items(), key=dirty)
        rows = []
        for path, f in items[:limit]:
            clean = not (f.errors or f.warnings)
            state = (
                '<span class="hp-clean">clean</span>'
                if clean
                else '<span class="hp-dirty">not clean</span>'
            )
            rows.append(
                f'<tr><td>{esc(path)}</td><td>{state}</td><td class="hp-num">{f.hands:,}</td>'
                f'<td class="hp-num">{f.errors:,}</td><td class="hp-num">{f.warnings:,}</td>'
                f'<td class="hp-num">{f.info:,}</td></tr>'
            )
        more = ""
        if len(items) > limit:
            more = f'<p class="hp-muted">... and {len(items) - limit:,} more files</p>'
        head = (
            '<tr><th>file</th><th></th><th class="hp-num">hands</th><th class="hp-num">errors</th>'
            '<th class="hp-num">warnings</th><th class="hp-num">info</th></tr>'
        )
        return f'<table class="hp-files">{head}{"".join(rows)}</table>{more}'

    def _worst_hands(self, *, views: bool) -> str:
        worst = self.worst()
        if not worst:
            return '<p class="hp-clean">no hand has a finding</p>'
        rows = []
        details = []
        for k, r in enumerate(worst, 1):
            sev = Counter(f.severity for f in r.findings)
            parts = [_plural(sev[s], s.label) for s in sorted(sev, reverse=True) if sev[s]]
            h = r.hand
            name = f"#{h.hand_id}"
            link = f'<a href="#hand-{k}">{esc(name)}</a>' if views else esc(name)
            rows.append(
                f'<tr><td class="hp-num">{k}</td><td>{link}</td><td>{esc(h.site)}</td>'
                f"<td>{esc(', '.join(parts))}</td><td>{esc(', '.join(sorted(r.codes)))}</td>"
                f"<td>{esc(h.source.path)}:{h.source.first_line}</td></tr>"
            )
            if views:
                view = hand_html(h, r, stepper=True, anchor=f"hand-{k}-", rules=self.rules)
                details.append(
                    f'<details id="hand-{k}"><summary>{esc(name)} ({esc(h.site)}): '
                    f"{esc(', '.join(parts))}</summary>{view}</details>"
                )
        more = ""
        if self.digest.hands > len(worst):
            more = f'<p class="hp-muted">... and {self.digest.hands - len(worst):,} more hands</p>'
        head = (
            '<tr><th class="hp-num"></th><th>hand</th><th>site</th><th>findings</th>'
            "<th>codes</th><th>where</th></tr>"
        )
        return f'<table class="hp-worst">{head}{"".join(rows)}</table>{more}{"".join(details)}'

    def _by_code(self) -> str:
        parts = []
        for code in self.digest.code_order():
            part = self.digest.codes[code]
            listed = self.digest.listed(code)
            info = CODES.get(code)
            meaning = f" {info.meaning}" if info is not None else ""
            parts.append(
                f'<details id="code-{esc(code)}"><summary>{esc(code)}: '
                f"{_plural(part.findings, 'finding')} in {_plural(part.hands, 'hand')}</summary>"
                f'<p class="hp-muted">{esc(meaning)}</p>' + findings_table(listed, base=self.rules)
            )
            if part.findings > len(listed):
                parts.append(
                    f'<p class="hp-muted">... and {part.findings - len(listed):,} more '
                    "(histparse audit --json lists every finding)</p>"
                )
            parts.append("</details>")
        return "".join(parts)

    def html(self, *, views: bool = True) -> str:
        """The report as an HTML fragment; ``views`` adds each worst hand's replayer."""
        return (
            '<div class="hp-audit"><h2>Audit</h2>'
            f"<h3>What was checked</h3>{self._checked()}"
            f"<h3>Findings per 1,000 hands</h3>{self._rates()}"
            f"<h3>Worst hands</h3>{self._worst_hands(views=views)}"
            f"<h3>Findings by code</h3>{self._by_code()}"
            f"<h3>Files</h3>{self._files()}</div>"
        )

    def page(self) -> str:
        """The report as a self-contained page."""
        c = self.counts
        return page(f"histparse audit: {c.read:,} hands", self.html())

    def _repr_html_(self) -> str:
        return notebook_view(self.html())

    def __repr__(self) -> str:
        c = self.counts
        return (
            f"<AuditReport {c.read} hands read, {c.parsed} parsed: {c.errors} errors, "
            f"{c.warnings} warnings, {c.info} info>"
        )


def _counter_table(title: str, counter: Counter[str], *, by_count: bool, limit: int = 50) -> str:
    items = counter.most_common() if by_count else sorted(counter.items())
    rows = "".join(
        f'<tr><td>{esc(k)}</td><td class="hp-num">{n:,}</td></tr>' for k, n in items[:limit]
    )
    more = (
        f'<tr><td class="hp-muted">... and {len(items) - limit} more</td></tr>'
        if len(items) > limit
        else ""
    )
    return (
        f"<details open><summary>{esc(title)} ({len(items)})</summary>"
        f'<table><tr><th></th><th class="hp-num">hands</th></tr>{rows}{more}</table></details>'
    )


def audit_report(
    results: Iterable[Result],
    *,
    profile: SiteProfile | None = None,
    min_severity: Severity = Severity.INFO,
    max_hands: int = 20,
    max_listed: int = 100,
) -> AuditReport:
    """Audit what ``read_results`` yields and keep it for its page or notebook view."""
    report = AuditReport(
        profile=profile, min_severity=min_severity, max_hands=max_hands, max_listed=max_listed
    )
    for result in results:
        report.add(result)
    return report
