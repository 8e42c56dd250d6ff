"""Audit hands against the rules: finding codes, site profiles, checks and ``audit(hands)``.

``audit`` and ``audit_results`` drive the replayer (``histparse.replayer``), which itself reports
with the findings defined here, so they are loaded on first use: importing either package
first then works.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from histparse.auditor.findings import CODES, CodeInfo, Finding, Severity, code_info
from histparse.auditor.profiles import GENERIC, POKERSTARS, PROFILES, SiteProfile, profile_for

if TYPE_CHECKING:
    from histparse.auditor.run import AuditRun, audit, audit_results

__all__ = [
    "CODES",
    "GENERIC",
    "POKERSTARS",
    "PROFILES",
    "AuditRun",
    "CodeInfo",
    "Finding",
    "Severity",
    "SiteProfile",
    "audit",
    "audit_results",
    "code_info",
    "profile_for",
]

_LAZY = frozenset({"AuditRun", "audit", "audit_results"})


def __getattr__(name: str) -> object:
    if name in _LAZY:
        from histparse.auditor import run

        return getattr(run, name)
    raise AttributeError(f"module 'histparse.auditor' has no attribute {name!r}")
