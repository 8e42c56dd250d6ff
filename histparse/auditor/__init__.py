"""Audit many hands against the rules: ``audit(hands)``, ``audit_results(results)``, reports.

The per-hand parts (finding codes, site profiles, the checks run on each ``Replay``) live in the
replayer (``histparse.replayer.findings``, ``.profiles``, ``.checks``), which reports with them;
they are re-exported here so the auditor stays the one place to import them from. The check
across hands (``histparse.auditor.across``) is the auditor's own.
"""

from __future__ import annotations

from histparse.auditor.run import AuditRun, audit, audit_results
from histparse.replayer.findings import CODES, Code, CodeInfo, Finding, Severity, code_info
from histparse.replayer.profiles import GENERIC, POKERSTARS, PROFILES, SiteProfile, profile_for

__all__ = [
    "CODES",
    "GENERIC",
    "POKERSTARS",
    "PROFILES",
    "AuditRun",
    "Code",
    "CodeInfo",
    "Finding",
    "Severity",
    "SiteProfile",
    "audit",
    "audit_results",
    "code_info",
    "profile_for",
]
