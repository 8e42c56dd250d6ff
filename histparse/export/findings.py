"""Rows of the ``findings`` dataset: parse rejects, table rejects and the auditor's findings.

The auditor's findings are made by the pieces (``histparse.export.pieces``); here they only
become rows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Final

from histparse.events import Hand
from histparse.parsing import ParseError
from histparse.replayer.findings import Code
from histparse.stats.errors import TableError

__all__ = [
    "AUDIT_FAILED",
    "ID_CONFLICT",
    "PARSE_REJECTED",
    "TABLE_REJECTED",
    "FindingRow",
    "audit_failed",
    "auditor_available",
    "parse_rejected",
    "table_rejected",
]

# The auditor's code, as the plain string every row holds; the other two are the export's own.
PARSE_REJECTED: Final = str(Code.PARSE_REJECTED)
TABLE_REJECTED: Final = "TABLE-REJECTED"
AUDIT_FAILED: Final = "AUDIT-FAILED"
ID_CONFLICT: Final = "ID-CONFLICT"

RejectKey = tuple[str, str, str, str, int]


@dataclass(frozen=True, slots=True)
class FindingRow:
    """One row of the ``findings`` dataset."""

    site: str | None
    hand_id: str | None
    code: str
    severity: str  # "info", "warning" or "error"
    message: str
    file: str | None
    line: int | None

    @property
    def reject_key(self) -> RejectKey:
        """What identifies a reject across exports (the same chunk read again)."""
        return (self.code, self.site or "", self.hand_id or "", self.file or "", self.line or 0)


def parse_rejected(error: ParseError) -> FindingRow:
    """The finding for a chunk the parser rejected."""
    message = error.message
    if error.expected:
        message += f" (expected {error.expected})"
    if error.text:
        message += f": {error.text!r}"
    return FindingRow(
        site=None,
        hand_id=error.hand_id,
        code=PARSE_REJECTED,
        severity="error",
        message=f"column {error.column}: {message}",
        file=error.file,
        line=error.line,
    )


def table_rejected(hand: Hand, error: TableError) -> FindingRow:
    """The finding for a parsed hand that the tables refused (it is left out of every table)."""
    return FindingRow(
        site=hand.site,
        hand_id=str(hand.hand_id),
        code=TABLE_REJECTED,
        severity="error",
        message=str(error),
        file=hand.source.path,
        line=hand.source.first_line,
    )


def _severity(value: object) -> str:
    # The auditor's severity is an enum (info < warning < error); accept its name or its value.
    if isinstance(value, Enum):
        value = value.name if isinstance(value.value, int) else value.value
    text = str(value).lower()
    return text if text in ("info", "warning", "error") else "error"


def _row(finding: object) -> FindingRow:
    hand_id = getattr(finding, "hand_id", None)
    line = getattr(finding, "line", None)
    file = getattr(finding, "file", None)
    site = getattr(finding, "site", None)
    return FindingRow(
        site=None if site is None else str(site),
        hand_id=None if hand_id is None else str(hand_id),
        code=str(getattr(finding, "code", "")),
        severity=_severity(getattr(finding, "severity", "error")),
        message=str(getattr(finding, "message", "")),
        file=None if file is None else str(file),
        line=line if isinstance(line, int) else None,
    )


AuditFunction = Callable[[Iterable[Hand]], Iterable[object]]


def _auditor() -> AuditFunction | None:
    try:
        from histparse.auditor import audit
    except ImportError:
        # An installation without the auditor still exports, with the rejects as findings.
        return None
    return audit


def auditor_available() -> bool:
    """True when ``histparse.auditor`` is installed (the export then records its findings)."""
    return _auditor() is not None


def audit_failed(hand: Hand, error: Exception) -> FindingRow:
    """The finding for a hand the auditor raised an exception on."""
    return FindingRow(
        site=hand.site,
        hand_id=str(hand.hand_id),
        code=AUDIT_FAILED,
        severity="error",
        message=f"the auditor failed on this hand: {type(error).__name__}: {error}",
        file=hand.source.path,
        line=hand.source.first_line,
    )
