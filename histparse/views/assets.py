"""The CSS and the script of the views, inlined into every page (no file or network access).

Colours are CSS variables: JupyterLab's own theme variables when the view sits in a notebook
(so its light and dark themes both read well), else the browser's ``prefers-color-scheme``.
Every class starts with ``hp-`` so that a view never restyles the notebook around it.
"""

from __future__ import annotations

from typing import Final

__all__ = ["CSS", "SCRIPT"]

CSS: Final = """
.hp-root {
  --hp-fg: var(--jp-content-font-color1, #1d1d1f);
  --hp-muted: var(--jp-content-font-color2, #5f6368);
  --hp-bg: var(--jp-layout-color0, #ffffff);
  --hp-panel: var(--jp-layout-color2, #f1f3f4);
  --hp-line: var(--jp-border-color2, #d0d4d8);
  --hp-now: #fff3c4;
  --hp-spade: #1d1d1f; --hp-heart: #c62828; --hp-diamond: #1565c0; --hp-club: #2e7d32;
  --hp-card: #ffffff;
  --hp-error: #c62828; --hp-warning: #b26a00; --hp-info: #1565c0;
  --hp-link: #1a5fb4;
  color: var(--hp-fg); background: var(--hp-bg);
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif;
}
@media (prefers-color-scheme: dark) {
  .hp-root {
    --hp-fg: var(--jp-content-font-color1, #e6e6e6);
    --hp-muted: var(--jp-content-font-color2, #a0a4a8);
    --hp-bg: var(--jp-layout-color0, #17191c);
    --hp-panel: var(--jp-layout-color2, #23262b);
    --hp-line: var(--jp-border-color2, #3a3f45);
  }
}
body[data-jp-theme-light="false"] .hp-root, .hp-root.hp-dark {
  --hp-fg: var(--jp-content-font-color1, #e6e6e6);
  --hp-muted: var(--jp-content-font-color2, #a0a4a8);
  --hp-bg: var(--jp-layout-color0, #17191c);
  --hp-panel: var(--jp-layout-color2, #23262b);
  --hp-line: var(--jp-border-color2, #3a3f45);
}
@media (prefers-color-scheme: dark) {
  body:not([data-jp-theme-light="true"]) .hp-root { --hp-now: #4a3f12; --hp-spade: #e6e6e6;
    --hp-heart: #ff6b6b; --hp-diamond: #64a8ff; --hp-club: #5fd068; --hp-card: #2b2f35;
    --hp-error: #ff6b6b; --hp-warning: #f0b040; --hp-info: #64a8ff; --hp-link: #8ab4ff; }
}
body[data-jp-theme-light="false"] .hp-root, .hp-root.hp-dark { --hp-now: #4a3f12;
  --hp-spade: #e6e6e6; --hp-heart: #ff6b6b; --hp-diamond: #64a8ff; --hp-club: #5fd068;
  --hp-card: #2b2f35; --hp-error: #ff6b6b; --hp-warning: #f0b040; --hp-info: #64a8ff;
  --hp-link: #8ab4ff; }
.hp-root a { color: var(--hp-link); }
.hp-root table { border-collapse: collapse; margin: 0.4em 0; }
.hp-root th, .hp-root td { padding: 2px 8px; text-align: left; vertical-align: top;
  border-bottom: 1px solid var(--hp-line); color: var(--hp-fg); background: transparent; }
.hp-root th { font-weight: 600; }
.hp-root td.hp-num, .hp-root th.hp-num { text-align: right; font-variant-numeric: tabular-nums; }
.hp-root h2, .hp-root h3 { margin: 0.8em 0 0.3em; color: var(--hp-fg); }
.hp-head { font-weight: 600; }
.hp-head div + div { font-weight: normal; color: var(--hp-muted); }
.hp-hero td { font-weight: 600; }
.hp-button { display: inline-block; min-width: 1.3em; text-align: center; border-radius: 50%;
  background: var(--hp-fg); color: var(--hp-bg); font-size: 11px; font-weight: 700; }
.hp-cards { white-space: nowrap; }
.hp-card { display: inline-block; min-width: 1.9em; margin: 0 1px; padding: 0 3px;
  border: 1px solid var(--hp-line); border-radius: 4px; background: var(--hp-card);
  text-align: center; font-weight: 700; }
.hp-s { color: var(--hp-spade); } .hp-h { color: var(--hp-heart); }
.hp-d { color: var(--hp-diamond); } .hp-c { color: var(--hp-club); }
.hp-lines tr.hp-street th { background: var(--hp-panel); }
.hp-lines td.hp-ln { color: var(--hp-muted); font-size: 12px; }
.hp-lines tr.hp-now td { background: var(--hp-now); }
.hp-lines tr.hp-future td { opacity: 0.35; }
.hp-lines tr.hp-flag td:first-child { box-shadow: inset 4px 0 var(--hp-warning); }
.hp-lines tr.hp-flag.hp-sev-error td:first-child { box-shadow: inset 4px 0 var(--hp-error); }
.hp-note td { font-size: 12.5px; }
.hp-sev-error .hp-sev, .hp-sev.hp-sev-error { color: var(--hp-error); font-weight: 700; }
.hp-sev-warning .hp-sev, .hp-sev.hp-sev-warning { color: var(--hp-warning); font-weight: 700; }
.hp-sev-info .hp-sev, .hp-sev.hp-sev-info { color: var(--hp-info); }
.hp-controls { position: sticky; top: 0; z-index: 1; display: flex; gap: 6px;
  align-items: center; padding: 6px 0; background: var(--hp-bg); }
.hp-controls button { font: inherit; padding: 2px 10px; color: var(--hp-fg);
  background: var(--hp-panel); border: 1px solid var(--hp-line); border-radius: 4px; }
.hp-potbox { font-size: 16px; font-weight: 700; margin-left: 8px; }
.hp-muted { color: var(--hp-muted); }
.hp-clean { color: var(--hp-club); font-weight: 600; }
.hp-dirty { color: var(--hp-error); font-weight: 600; }
.hp-root details { margin: 0.3em 0; }
.hp-root summary { cursor: pointer; }
body.hp-page { margin: 16px 24px; background: var(--hp-bg); }
"""

# One stepper per hand view that has controls. The arrow keys (and Home/End) step the hand
# last used, or the first one; ``#step=N`` opens the first hand at step N; ``#selftest`` in the
# address steps every hand through the same key handler and writes what it saw into
# ``#hp-selftest`` (the browser tests read it).
SCRIPT: Final = r"""
(function () {
  "use strict";
  var errors = [];
  window.addEventListener("error", function (e) { errors.push(String(e.message)); });
  var steppers = [];
  var active = null;
  function Stepper(root) {
    var rows = Array.prototype.slice.call(root.querySelectorAll("tr.hp-row"));
    var pot = root.querySelector(".hp-potval");
    var pos = root.querySelector(".hp-pos");
    var i = 0;
    var self = this;
    this.root = root;
    this.size = rows.length;
    this.pot = function () { return pot ? pot.textContent : ""; };
    this.show = function (k) {
      if (!rows.length) { return; }
      i = Math.max(0, Math.min(rows.length - 1, k));
      for (var j = 0; j < rows.length; j++) {
        rows[j].classList.toggle("hp-now", j === i);
        rows[j].classList.toggle("hp-future", j > i);
      }
      if (pot) { pot.textContent = rows[i].getAttribute("data-pot"); }
      if (pos) { pos.textContent = (i + 1) + " / " + rows.length; }
    };
    this.go = function (how) {
      active = self;
      if (how === "first") { self.show(0); }
      else if (how === "prev") { self.show(i - 1); }
      else if (how === "next") { self.show(i + 1); }
      else if (how === "last") { self.show(rows.length - 1); }
    };
    root.addEventListener("click", function (e) {
      var how = e.target && e.target.getAttribute ? e.target.getAttribute("data-go") : null;
      if (how) { self.go(how); } else { active = self; }
    });
    this.show(0);
  }
  var roots = document.querySelectorAll(".hp-hand[data-stepper]");
  for (var r = 0; r < roots.length; r++) { steppers.push(new Stepper(roots[r])); }
  var keys = { ArrowRight: "next", ArrowDown: "next", ArrowLeft: "prev", ArrowUp: "prev",
               Home: "first", End: "last" };
  document.addEventListener("keydown", function (e) {
    var how = keys[e.key];
    var s = active || steppers[0];
    if (!how || !s || e.altKey || e.ctrlKey || e.metaKey) { return; }
    e.preventDefault();
    s.go(how);
  });
  function openTarget() {
    var step = /^#step=(\d+)$/.exec(location.hash);
    if (step && steppers.length) {
      active = steppers[0];
      steppers[0].show(+step[1] - 1);
      return;
    }
    var id = decodeURIComponent(location.hash.slice(1));
    var el = id && document.getElementById(id);
    if (el && el.tagName === "DETAILS") { el.open = true; }
    for (var k = 0; k < steppers.length; k++) {
      if (el && steppers[k].root.contains(el)) { active = steppers[k]; }
    }
  }
  window.addEventListener("hashchange", openTarget);
  openTarget();
  if (location.hash === "#selftest") {
    var report = { errors: errors, hands: [] };
    for (var h = 0; h < steppers.length; h++) {
      var s = steppers[h];
      active = s;
      s.go("first");
      var pots = [s.pot()];
      for (var n = 1; n < s.size; n++) {
        document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight" }));
        pots.push(s.pot());
      }
      document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowLeft" }));
      var back = s.pot();
      s.go("first");
      report.hands.push({ hand: s.root.getAttribute("data-hand"), pots: pots, back: back });
    }
    // From the start of navigation to the page parsed, laid out and stepped through.
    report.height = document.body.offsetHeight;
    report.load_ms = performance.now();
    var out = document.createElement("pre");
    out.id = "hp-selftest";
    out.textContent = JSON.stringify(report);
    document.body.appendChild(out);
  }
})();
"""
