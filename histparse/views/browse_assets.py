"""The CSS and the script of the hand browser (``views.browse``): the list beside the replayer.

The script (``browse.js``, package data) unpacks the rows (gzipped JSON, the browser's own
``DecompressionStream``), filters and sorts them, shows them ``PAGE_ROWS`` at a time, and opens
the chosen hand in the table replayer, unpacking that hand's page of models on first use.
``#selftest`` counts the hands each filter keeps, opens rows and checks the hand shown, and
writes it all into ``#hp-browsetest`` (the browser tests read it).
"""

from __future__ import annotations

from importlib.resources import files
from typing import Final

__all__ = ["BROWSE_CSS", "BROWSE_SCRIPT"]

BROWSE_CSS: Final = """
.hp-browser { display: flex; gap: 16px; align-items: flex-start; }
.hp-side { flex: 0 0 640px; min-width: 0; }
.hp-main { flex: 1 1 auto; min-width: 420px; }
.hp-filters { display: flex; flex-wrap: wrap; gap: 4px 10px; font-size: 13px;
  padding: 6px; background: var(--hp-panel); border: 1px solid var(--hp-line); }
.hp-filters label { white-space: nowrap; }
.hp-filters input[type=number] { width: 4.5em; }
.hp-filters select, .hp-filters input { font: inherit; }
.hp-count { margin: 4px 0; color: var(--hp-muted); }
.hp-list { max-height: 75vh; overflow: auto; }
.hp-list table { font-size: 12.5px; width: 100%; }
.hp-list td { white-space: nowrap; }
.hp-list th { cursor: pointer; position: sticky; top: 0; background: var(--hp-bg); }
.hp-list tr.hp-pick td { background: var(--hp-now); }
.hp-list tbody tr { cursor: pointer; }
.hp-list .hp-neg { color: var(--hp-error); }
.hp-list .hp-pos { color: var(--hp-club); }
.hp-pager, .hp-nav { display: flex; gap: 6px; align-items: center; margin: 4px 0; }
.hp-pager button, .hp-nav button { font: inherit; padding: 1px 8px; color: var(--hp-fg);
  background: var(--hp-panel); border: 1px solid var(--hp-line); border-radius: 4px; }
.hp-where { color: var(--hp-muted); font-size: 12px; }
"""

BROWSE_SCRIPT: Final = (files("histparse.views") / "browse.js").read_text(encoding="utf-8")
