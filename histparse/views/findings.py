"""Findings as an HTML table whose codes link to the rule they check."""

from __future__ import annotations

from collections.abc import Iterable

from histparse.replayer.findings import CODES, Finding
from histparse.views.assets import CSS
from histparse.views.markup import esc, rule_href, rules_base, severity_class

__all__ = ["FindingList", "findings_table"]


def _code_cell(f: Finding, base: str | None) -> str:
    info = CODES.get(f.code)
    meaning = esc(info.meaning) if info is not None else ""
    code = f'<span title="{meaning}">{esc(f.code)}</span>'
    if f.rule:
        href = rule_href(f.rule, base)
        rule = esc(f.rule) if href is None else f'<a href="{esc(href)}">{esc(f.rule)}</a>'
        return f"<td>{code}</td><td>{rule}</td>"
    return f"<td>{code}</td><td></td>"


def findings_table(
    findings: Iterable[Finding],
    *,
    hands: bool = True,
    base: str | None = None,
    anchors: dict[int, str] | None = None,
) -> str:
    """A table of ``findings``: severity, code, rule (a link into the rule book at ``base``,
    default ``rules_base()``), where and the message. ``hands`` adds the hand and file columns
    (off for one hand's own findings); ``anchors`` maps a line to an element id to link it to.
    """
    base = rules_base() if base is None else base
    head = "<th>severity</th><th>code</th><th>rule</th>"
    head += "<th>hand</th><th>file</th>" if hands else ""
    head += '<th class="hp-num">line</th><th>message</th>'
    rows = []
    for f in findings:
        cells = f'<td class="hp-sev">{esc(f.severity.label)}</td>' + _code_cell(f, base)
        if hands:
            hand = f"#{f.hand_id}" if f.hand_id is not None else "(no hand)"
            cells += f"<td>{esc(hand)}</td><td>{esc(f.file)}</td>"
        line = esc(f.line)
        target = anchors.get(f.line) if anchors else None
        if target is not None:
            line = f'<a href="#{esc(target)}">{line}</a>'
        cells += f'<td class="hp-num">{line}</td><td>{esc(f.message)}</td>'
        rows.append(f'<tr class="{severity_class(f.severity)}">{cells}</tr>')
    if not rows:
        return '<p class="hp-muted">no findings</p>'
    return f'<table class="hp-findings"><tr>{head}</tr>{"".join(rows)}</table>'


class FindingList(list[Finding]):
    """A list of findings that Jupyter shows as a table (``FindingList(audit(hands))``)."""

    def __init__(self, findings: Iterable[Finding] = ()) -> None:
        super().__init__(findings)

    def _repr_html_(self) -> str:
        return f'<div class="hp-root"><style>{CSS}</style>{findings_table(self)}</div>'
