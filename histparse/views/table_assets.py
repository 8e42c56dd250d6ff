"""The CSS and the script of the table replayer (``views.table_html``), inlined into its pages.

The script draws an oval table in SVG from a hand's model (``views.table.model_json``): seats in
their places around it (the hero at the bottom), stacks, bets in front, the pot, the cards face up
or backs, the draw counts, the button; then steps through the model with the buttons, the arrow
keys (Home/End, space to play/pause) or a street's button. ``#selftest`` in the address steps
every replayer of the page through its key handler and writes what each step showed (the pot,
every stack and every bet, as the page's text) into ``#hp-tabletest``: the browser tests read it.
``window.hpTable`` lets the hand browser reuse one replayer for the hand chosen.
"""

from __future__ import annotations

from importlib.resources import files
from typing import Final

__all__ = ["TABLE_CSS", "TABLE_SCRIPT"]

TABLE_CSS: Final = """
.hp-tbl { max-width: 900px; }
.hp-tbl svg { width: 100%; height: auto; display: block; user-select: none; }
.hp-tbl .hp-felt { fill: #2f6b45; stroke: #5a3b1e; stroke-width: 14; }
.hp-tbl .hp-rail { fill: none; stroke: #c9a46a; stroke-width: 2; }
.hp-tbl .hp-box { fill: var(--hp-panel); stroke: var(--hp-line); stroke-width: 1.5; }
.hp-tbl .hp-act .hp-box { stroke: #e0a800; stroke-width: 3; }
.hp-tbl .hp-won .hp-box { fill: #e6f4ea; stroke: #2e7d32; stroke-width: 3; }
.hp-tbl .hp-out { opacity: 0.4; }
.hp-tbl text { fill: var(--hp-fg); font: 13px system-ui, sans-serif; }
.hp-tbl .hp-won text { fill: #1d1d1f; }
.hp-tbl .hp-t-name { font-weight: 600; }
.hp-tbl .hp-t-pos { fill: var(--hp-muted); font-size: 11px; }
.hp-tbl .hp-t-stack { font-variant-numeric: tabular-nums; }
.hp-tbl .hp-t-bet { fill: #fff; font-weight: 700; font-variant-numeric: tabular-nums; }
.hp-tbl .hp-chip { fill: #d4a017; stroke: #fff; stroke-width: 1.5; }
.hp-tbl .hp-t-pot { fill: #fff; font-size: 18px; font-weight: 700; }
.hp-tbl .hp-t-potlabel, .hp-tbl .hp-t-street { fill: #d8eadc; font-size: 13px; }
.hp-tbl .hp-t-draw { fill: #b26a00; font-size: 12px; font-weight: 700; }
.hp-tbl .hp-btn { fill: #fff; stroke: #1d1d1f; }
.hp-tbl .hp-btn + text { fill: #1d1d1f; font-size: 11px; font-weight: 700; }
.hp-tbl .hp-cd { fill: #fff; stroke: #888; }
.hp-tbl .hp-back { fill: #1a4c8c; stroke: #fff; }
.hp-tbl .hp-cs { font-size: 13px; font-weight: 700; }
.hp-tbl .hp-cs.hp-s { fill: #1d1d1f; } .hp-tbl .hp-cs.hp-h { fill: #c62828; }
.hp-tbl .hp-cs.hp-d { fill: #1565c0; } .hp-tbl .hp-cs.hp-c { fill: #2e7d32; }
.hp-tbl .hp-bar { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 6px 0; }
.hp-tbl .hp-bar button { font: inherit; padding: 2px 10px; color: var(--hp-fg);
  background: var(--hp-panel); border: 1px solid var(--hp-line); border-radius: 4px;
  cursor: pointer; }
.hp-tbl .hp-bar button.hp-on { border-color: #e0a800; font-weight: 700; }
.hp-tbl .hp-say { font-size: 15px; font-weight: 600; min-height: 1.4em; }
.hp-tbl .hp-holds { color: var(--hp-muted); min-height: 1.3em; }
.hp-tbl .hp-notes { color: var(--hp-error); font-size: 13px; }
.hp-tbl .hp-log { max-height: 220px; overflow: auto; margin: 6px 0; padding-left: 2.4em;
  border: 1px solid var(--hp-line); font-size: 13px; }
.hp-tbl .hp-log li { cursor: pointer; }
.hp-tbl .hp-log li.hp-now { background: var(--hp-now); }
.hp-tbl .hp-log li.hp-flagged { box-shadow: inset 4px 0 var(--hp-error); }
.hp-tbl .hp-log li.hp-later { opacity: 0.45; }
.hp-tbl .hp-log .hp-rmark { margin-left: 8px; padding: 0 5px; border-radius: 3px; font-size: 12px;
  background: #e6f4ea; color: #1d5e20; }
.hp-tbl .hp-log .hp-rmark.hp-r-lost { background: #fdecea; color: #a11; }
.hp-tbl .hp-t-review { fill: #2e7d32; font-size: 12px; font-weight: 700; }
.hp-tbl .hp-t-review.hp-r-lost { fill: #c62828; }
.hp-tbl .hp-review { margin: 6px 0; padding: 6px 8px; border: 1px solid var(--hp-line);
  border-left: 4px solid #e0a800; font-size: 13px; }
.hp-tbl .hp-r-head { font-weight: 600; margin-bottom: 4px; }
.hp-tbl .hp-r-table { border-collapse: collapse; margin: 2px 0 4px; }
.hp-tbl .hp-r-table th, .hp-tbl .hp-r-table td { padding: 1px 10px 1px 0; text-align: left; }
.hp-tbl .hp-r-table .hp-num { text-align: right; font-variant-numeric: tabular-nums; }
.hp-tbl .hp-r-best td { font-weight: 700; }
.hp-tbl .hp-r-played td:first-child { box-shadow: inset 3px 0 #e0a800; padding-left: 5px; }
.hp-tbl .hp-r-lost { color: #c62828; }
.hp-tbl .hp-r-policy, .hp-tbl .hp-r-why { color: var(--hp-muted); }
"""

# The script is a file of its own (``table.js``, package data): JavaScript, not Python text.
TABLE_SCRIPT: Final = (files("histparse.views") / "table.js").read_text(encoding="utf-8")
