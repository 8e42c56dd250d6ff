"""Audit many hands against the rules: ``audit(hands)``, ``audit_results(results)``, reports.

The per-hand parts (finding codes, the checks run on each ``Replay``) live in the replayer
(``histparse.replayer.findings``, ``.checks``), and each site's profile in its folder (handed
out by ``histparse.sites.profile_for``); they are re-exported here so the auditor stays the one
place to import them from. The check across hands (``histparse.auditor.across``) is the
auditor's own.
"""

from __future__ import annotations

from histparse.auditor.run import AuditRun, audit, audit_results
from histparse.replayer.findings import CODES, Code, CodeInfo, Finding, Severity, code_info
from histparse.sites import SiteProfile, profile_for
from histparse.sites.profile import GENERIC

__all__ = [
    "CODES",
    "GENERIC",
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
