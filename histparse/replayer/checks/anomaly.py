"""Findings of a hand the site is known to have written wrong: each says so.

A site's layout may name a known anomaly of the hand (``SiteLayout.known_anomaly``: Full
Tilt's "dead hand", docs/findings.md). Its findings keep their codes and severities, since
they are true of the text, and each message ends by naming the anomaly, so that a reader of
the audit knows the site, not the parser or the player, wrote it.
"""

from __future__ import annotations

from dataclasses import replace

from histparse.events import Hand
from histparse.replayer.findings import Finding

__all__ = ["KNOWN", "mark_known_anomaly"]

KNOWN = "known site anomaly"


def mark_known_anomaly(hand: Hand, findings: list[Finding]) -> list[Finding]:
    """``findings``, each naming the hand's known site anomaly if it has one."""
    anomaly = hand.layout.known_anomaly()
    if anomaly is None:
        return findings
    suffix = f" ({KNOWN}: {anomaly})"
    return [replace(f, message=f.message + suffix) for f in findings]
