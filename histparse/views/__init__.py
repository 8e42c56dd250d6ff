"""HTML views of hands, findings and audits: for Jupyter and as self-contained pages.

    hand                                     # in a notebook: the table replayer and the lines
    replay(hand)                             # the same, from its replay
    table_model(replay(hand))                # the replayer's steps: stacks, bets, pot, cards
    Browser.of(tables(hands, replays=...), replays)   # the hand browser (views.browse)
    FindingList(audit(hands))                # findings as a table, codes linked to their rule
    audit_report(read_results("histories/")) # the audit: what was checked, findings, worst hands
    Path("hand.html").write_text(hand_page(hand))   # ``histparse show ID PATH --html FILE``
    browser_page(rows, models)               # ``histparse browse PATH --html FILE``

Every text that comes from a history is escaped; a page loads nothing from anywhere (inline
styles and script, and a content policy that forbids anything else). Importing this package
registers the notebook views of ``Hand`` and ``Replay`` (see ``histparse._display``).
"""

from __future__ import annotations

from histparse import _display
from histparse.events import Hand
from histparse.replayer import Replay
from histparse.replayer import replay as replay_hand
from histparse.views.audit import AuditReport, audit_report
from histparse.views.findings import FindingList, findings_table
from histparse.views.hand import hand_html, step_pots
from histparse.views.page import frame, hand_page, notebook_view, page, table_html
from histparse.views.table import TableModel, money_label, table_model

__all__ = [
    "AuditReport",
    "FindingList",
    "TableModel",
    "audit_report",
    "findings_table",
    "frame",
    "hand_html",
    "hand_page",
    "money_label",
    "notebook_view",
    "page",
    "step_pots",
    "table_html",
    "table_model",
]


def _replay_view(obj: object) -> str:
    assert isinstance(obj, Replay)
    # The table replayer runs in a frame of its own (its script); the lines, result and
    # findings below it need no script.
    return frame(hand_page(obj.hand, obj), 640) + notebook_view(hand_html(obj.hand, obj))


def _hand_view(obj: object) -> str:
    assert isinstance(obj, Hand)
    return _replay_view(replay_hand(obj))


_display.register(Hand, _hand_view)
_display.register(Replay, _replay_view)
