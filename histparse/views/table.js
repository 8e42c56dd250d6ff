(function () {
  "use strict";
  var errors = window.hpErrors = window.hpErrors || [];
  if (!window.hpErrorHook) {
    window.hpErrorHook = true;
    window.addEventListener("error", function (e) { errors.push(String(e.message)); });
  }
  var NS = "http://www.w3.org/2000/svg";
  var STREETS = ["Blinds", "Pre-draw", "Draw 1", "Draw 2", "Draw 3", "Showdown"];
  var SUITS = { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" };
  var W = 860, H = 500, CX = 430, CY = 235, RX = 330, RY = 170;

  function fmt(m, v, signed) {
    var a = Math.abs(v), f = Math.pow(10, m.scale), whole = Math.floor(a / f);
    var t = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    if (m.scale) {
      var d = String(a - whole * f);
      while (d.length < m.scale) { d = "0" + d; }
      d = d.replace(/0+$/, "");
      while (d.length < m.places) { d += "0"; }
      if (d) { t += "." + d; }
    }
    return (v < 0 ? "-" : (signed && v > 0 ? "+" : "")) + m.sym + t;
  }

  // The full table after each step, from the steps that keep only what changed.
  function states(m) {
    var n = m.seats.length, out = [];
    var cur = { stacks: [], bets: [], cards: [], drew: [], out: [] };
    for (var k = 0; k < n; k++) {
      cur.stacks.push(m.seats[k][2]); cur.bets.push(0); cur.cards.push(null);
      cur.drew.push(-1); cur.out.push(m.seats[k][5] ? 0 : 1);
    }
    for (var i = 0; i < m.steps.length; i++) {
      var s = m.steps[i], ch = s[5], ex = s[6] || {};
      for (var j = 0; j < ch.length; j += 3) { cur.stacks[ch[j]] = ch[j + 1]; cur.bets[ch[j]] = ch[j + 2]; }
      var key;
      for (key in ex.c || {}) { cur.cards[+key] = ex.c[key]; }
      for (key in ex.d || {}) { cur.drew[+key] = ex.d[key]; }
      for (key in ex.x || {}) { cur.out[+key] = ex.x[key]; }
      out.push({ street: s[0], actor: s[1], text: s[2], line: s[3], pot: s[4],
                 stacks: cur.stacks.slice(), bets: cur.bets.slice(), cards: cur.cards.slice(),
                 drew: cur.drew.slice(), out: cur.out.slice(), hand: ex.h || null,
                 findings: ex.f || [], review: ex.r || null });
    }
    return out;
  }

  function el(name, attrs, parent, text) {
    var e = document.createElementNS(NS, name);
    for (var a in attrs) { e.setAttribute(a, attrs[a]); }
    if (text !== undefined) { e.textContent = text; }
    if (parent) { parent.appendChild(e); }
    return e;
  }
  function html(name, cls, parent, text) {
    var e = document.createElement(name);
    if (cls) { e.className = cls; }
    if (text !== undefined) { e.textContent = text; }
    if (parent) { parent.appendChild(e); }
    return e;
  }

  function drawCards(g, text, x, y) {
    while (g.firstChild) { g.removeChild(g.firstChild); }
    if (text === "back") {
      for (var b = 0; b < 5; b++) { el("rect", { x: x + b * 15, y: y, width: 22, height: 30, rx: 3, "class": "hp-back" }, g); }
      return;
    }
    if (!text) { return; }
    var cards = text.split(" ");
    for (var k = 0; k < cards.length; k++) {
      var cx = x + k * 24 - (cards.length - 5) * 12;
      el("rect", { x: cx, y: y, width: 23, height: 30, rx: 3, "class": "hp-cd" }, g);
      var r = cards[k].charAt(0), s = cards[k].charAt(1);
      el("text", { x: cx + 11.5, y: y + 20, "text-anchor": "middle", "class": "hp-cs hp-" + s }, g,
         r + (SUITS[s] || s));
    }
  }

  function pct(v) { return (100 * v).toFixed(1) + "%"; }

  // The draw review's row on a draw (views/review_mark.py): who, what it faced, every
  // alternative's equity with the best and the one played marked, the cost and the method.
  function reviewPanel(box, r) {
    while (box.firstChild) { box.removeChild(box.firstChild); }
    if (!r) { box.style.display = "none"; return; }
    box.style.display = "";
    html("div", "hp-r-head", box, "Draw review: " + r.player + ", draw " + r.draw + " (" +
         r.left + (r.left === 1 ? " draw" : " draws") + " left), pot " + r.pot + ", facing " +
         r.facing + " [" + r.opponents + "]");
    if (r.reason) { html("div", "hp-r-why", box, "Not valued: " + r.reason); return; }
    var t = html("table", "hp-r-table", box), head = html("tr", "", t), exact = false;
    for (var k = 0; k < r.choices.length; k++) { if (r.choices[k][3]) { exact = true; } }
    var cols = exact ? ["choice", "keeps", "equity", "exact"] : ["choice", "keeps", "equity"];
    for (var c = 0; c < cols.length; c++) { html("th", "", head, cols[c]); }
    for (k = 0; k < r.choices.length; k++) {
      var ch = r.choices[k], tr = html("tr", "", t), tags = [];
      if (ch[0] === r.best) { tags.push("best"); tr.classList.add("hp-r-best"); }
      if (ch[0] === r.actual) {
        tr.classList.add("hp-r-played");
        if (!/\(as played\)$/.test(ch[0])) { tags.push("played"); }
      }
      html("td", "", tr, ch[0] + (tags.length ? " (" + tags.join(", ") + ")" : ""));
      html("td", "", tr, ch[1] || "(none)");
      html("td", "hp-num", tr, pct(ch[2]));
      if (exact) { html("td", "hp-num", tr, ch[3] || ""); }
    }
    var lost = r.cost_eq > 1e-12;
    html("div", lost ? "hp-r-cost hp-r-lost" : "hp-r-cost", box, "Played " + r.actual +
         (lost ? ": cost " + pct(r.cost_eq) + " of the pot = " + r.cost + " (best: " + r.best + ")"
               : ": the best choice") +
         "; " + r.method + (r.candidates > 1 ? ", over " + r.candidates + " holdings of the opponents" : ""));
    html("div", "hp-r-policy", box, "Later draws: " + r.policy);
  }

  function Replayer(root) {
    var self = this, m = null, st = [], i = 0, timer = null, seats = [], parts = {};
    this.root = root;
    root.classList.add("hp-tbl");
    var title = html("div", "hp-head", root);
    var svg = el("svg", { viewBox: "0 0 " + W + " " + H, role: "img" }, root);
    var say = html("div", "hp-say", root);
    var bar = html("div", "hp-bar", root);
    var holds = html("div", "hp-holds", root);
    var review = html("div", "hp-review", root);
    var notes = html("div", "hp-notes", root);
    var log = html("ol", "hp-log", root);
    var result = html("div", "hp-muted", root);
    var buttons = [["first", "|\u25C0", "first (Home)"], ["prev", "\u25C0", "back (\u2190)"],
                   ["play", "\u25B6\u25B6", "play / pause (space)"], ["next", "\u25B6", "forward (\u2192)"],
                   ["last", "\u25B6|", "last (End)"]];
    for (var b = 0; b < buttons.length; b++) {
      var bt = html("button", "", bar, buttons[b][1]);
      bt.type = "button"; bt.title = buttons[b][2]; bt.setAttribute("data-go", buttons[b][0]);
    }
    var streetBar = html("span", "", bar);
    var counter = html("span", "hp-muted", bar);
    bar.addEventListener("click", function (e) {
      var t = e.target, how = t && t.getAttribute ? t.getAttribute("data-go") : null;
      active = self;
      if (how) { self.go(how); }
      var s = t && t.getAttribute ? t.getAttribute("data-street") : null;
      if (s !== null) { self.street(+s); }
    });
    log.addEventListener("click", function (e) {
      var t = e.target;
      while (t && t.tagName !== "LI") { t = t.parentNode; }
      active = self;
      if (t) { self.show(+t.getAttribute("data-i")); }
    });
    root.addEventListener("click", function () { active = self; });

    this.load = function (model) {
      self.stop();
      m = model; st = states(m); seats = []; i = 0;
      while (svg.firstChild) { svg.removeChild(svg.firstChild); }
      while (log.firstChild) { log.removeChild(log.firstChild); }
      while (streetBar.firstChild) { streetBar.removeChild(streetBar.firstChild); }
      root.setAttribute("data-hand", m.id);
      title.textContent = m.title;
      el("ellipse", { cx: CX, cy: CY, rx: RX - 60, ry: RY - 45, "class": "hp-felt" }, svg);
      el("ellipse", { cx: CX, cy: CY, rx: RX - 75, ry: RY - 58, "class": "hp-rail" }, svg);
      parts.street = el("text", { x: CX, y: CY - 40, "text-anchor": "middle", "class": "hp-t-street" }, svg);
      parts.potlabel = el("text", { x: CX, y: CY - 12, "text-anchor": "middle", "class": "hp-t-potlabel" }, svg, "Pot");
      parts.pot = el("text", { x: CX, y: CY + 12, "text-anchor": "middle", "class": "hp-t-pot" }, svg);
      // The side pots, as the rules settle them, once the betting is over.
      parts.side = el("text", { x: CX, y: CY + 36, "text-anchor": "middle", "class": "hp-t-potlabel" }, svg);
      var hero = 0;
      for (var k = 0; k < m.seats.length; k++) { if (m.seats[k][4]) { hero = m.seats[k][0]; } }
      if (!hero && m.seats.length) { hero = m.seats[0][0]; }
      for (k = 0; k < m.seats.length; k++) {
        var sd = m.seats[k], slot = ((sd[0] - hero) % m.max + m.max) % m.max;
        var ang = Math.PI / 2 + slot * 2 * Math.PI / m.max;
        var x = CX + RX * Math.cos(ang), y = CY + RY * Math.sin(ang);
        var g = el("g", { "class": "hp-seat", "data-seat": sd[0] }, svg);
        var bx = Math.max(8, Math.min(W - 158, x - 75)), by = Math.max(4, Math.min(H - 60, y - 28));
        el("rect", { x: bx, y: by, width: 150, height: 52, rx: 8, "class": "hp-box" }, g);
        el("text", { x: bx + 8, y: by + 20, "class": "hp-t-name" }, g, sd[1].length > 15 ? sd[1].slice(0, 14) + "\u2026" : sd[1]);
        el("text", { x: bx + 142, y: by + 20, "text-anchor": "end", "class": "hp-t-pos" }, g, sd[3] || (sd[5] ? "" : "out"));
        var stack = el("text", { x: bx + 8, y: by + 42, "class": "hp-t-stack" }, g);
        var draw = el("text", { x: bx + 142, y: by + 42, "text-anchor": "end", "class": "hp-t-draw" }, g);
        var cardsUp = y < CY;
        var cg = el("g", {}, g);
        var cy0 = cardsUp ? by + 56 : by - 34;
        var bxp = CX + (x - CX) * 0.55, byp = CY + (y - CY) * 0.55;
        // The review's badge: on the side of the box away from the cards.
        var badge = el("text", { x: bx + 75, y: cardsUp ? by - 7 : by + 68, "text-anchor": "middle",
                                 "class": "hp-t-review" }, g);
        var chip = el("circle", { cx: bxp - 10, cy: byp - 4, r: 7, "class": "hp-chip" }, g);
        var bet = el("text", { x: bxp, y: byp, "class": "hp-t-bet" }, g);
        if (sd[0] === m.button) {
          // Beside the seat's box (right, or left at the page's edge): toward the centre it
          // would cover the seat's cards or bet.
          var dx = bx + 166 <= W - 12 ? bx + 166 : bx - 16, dy = by + 26;
          el("circle", { cx: dx, cy: dy, r: 10, "class": "hp-btn" }, g);
          el("text", { x: dx, y: dy + 4, "text-anchor": "middle" }, g, "D");
        }
        seats.push({ g: g, stack: stack, bet: bet, chip: chip, draw: draw, badge: badge, cards: cg, cx: bx + 15, cy: cy0, shown: undefined });
      }
      var present = {};
      for (k = 0; k < st.length; k++) {
        var li = html("li", st[k].findings.length ? "hp-flagged" : "", log, st[k].text);
        li.setAttribute("data-i", k);
        var rv = st[k].review;
        if (rv) {
          li.classList.add("hp-reviewed");
          html("span", rv.cost_eq > 1e-12 ? "hp-rmark hp-r-lost" : "hp-rmark", li,
               rv.reason ? "review: not valued" :
               (rv.cost_eq > 1e-12 ? "review: cost " + pct(rv.cost_eq) : "review: best"));
        }
        if (!(st[k].street in present)) { present[st[k].street] = k; }
      }
      for (var s in present) {
        var sb = html("button", "", streetBar, STREETS[+s]);
        sb.type = "button"; sb.setAttribute("data-street", s);
      }
      result.textContent = "";
      if (m.result.length) { result.textContent = "Result: " + m.result.join("; "); }
      self.show(0);
    };

    this.show = function (k) {
      if (!m || !st.length) { return; }
      i = Math.max(0, Math.min(st.length - 1, k));
      var s = st[i];
      parts.pot.textContent = fmt(m, s.pot);
      parts.street.textContent = STREETS[s.street];
      parts.side.textContent = s.street === STREETS.length - 1 && m.pots ? m.pots.join(" \u00b7 ") : "";
      var won = {};
      for (var j = 0; j <= i; j++) {
        if (/ collects /.test(st[j].text) && st[j].actor >= 0) { won[st[j].actor] = 1; }
      }
      // Once the pot is shared, what is left in the middle is the rake.
      parts.potlabel.textContent = Object.keys(won).length ? "left in the pot (rake)" : "Pot";
      for (var k2 = 0; k2 < seats.length; k2++) {
        var p = seats[k2], cls = "hp-seat";
        p.stack.textContent = fmt(m, s.stacks[k2]);
        p.bet.textContent = s.bets[k2] ? fmt(m, s.bets[k2]) : "";
        p.chip.style.display = s.bets[k2] ? "" : "none";
        p.draw.textContent = s.drew[k2] < 0 ? "" : (s.drew[k2] === 0 ? "pat" : "draws " + s.drew[k2]);
        var show = s.cards[k2] || (!s.out[k2] && m.seats[k2][5] ? "back" : null);
        if (show !== p.shown) { drawCards(p.cards, show, p.cx, p.cy); p.shown = show; }
        if (s.out[k2]) { cls += " hp-out"; }
        if (k2 === s.actor) { cls += " hp-act"; }
        if (won[k2]) { cls += " hp-won"; }
        p.g.setAttribute("class", cls);
      }
      // The latest review on this street (the draw's line, then its betting round).
      var rv = null, who = -1;
      for (j = i; j >= 0 && st[j].street === s.street && rv === null; j--) {
        if (st[j].review) { rv = st[j].review; who = st[j].actor; }
      }
      for (k2 = 0; k2 < seats.length; k2++) {
        var bd = seats[k2].badge, on = rv && k2 === who;
        bd.textContent = !on ? "" : (rv.reason ? "\u25C6 not valued" :
          (rv.cost_eq > 1e-12 ? "\u25C6 cost " + pct(rv.cost_eq) : "\u25C6 best choice"));
        bd.setAttribute("class", on && rv.cost_eq > 1e-12 ? "hp-t-review hp-r-lost" : "hp-t-review");
      }
      reviewPanel(review, rv);
      say.textContent = s.text;
      var hero = null;
      for (j = i; j >= 0 && hero === null; j--) { hero = st[j].hand; }
      holds.textContent = hero ? "Hero holds " + hero : "";
      notes.textContent = s.findings.join(" \u2022 ");
      counter.textContent = (i + 1) + " / " + st.length;
      var items = log.children;
      for (j = 0; j < items.length; j++) {
        items[j].classList.toggle("hp-now", j === i);
        items[j].classList.toggle("hp-later", j > i);
      }
      var btns = streetBar.children;
      for (j = 0; j < btns.length; j++) {
        btns[j].classList.toggle("hp-on", +btns[j].getAttribute("data-street") === s.street);
      }
    };
    this.street = function (s) {
      for (var k = 0; k < st.length; k++) { if (st[k].street === s) { self.show(k); return; } }
    };
    this.stop = function () { if (timer) { clearInterval(timer); timer = null; } };
    this.go = function (how) {
      if (how === "first") { self.show(0); }
      else if (how === "prev") { self.show(i - 1); }
      else if (how === "next") { self.show(i + 1); }
      else if (how === "last") { self.show(st.length - 1); }
      else if (how === "play") {
        if (timer) { self.stop(); return; }
        if (i >= st.length - 1) { self.show(0); }
        timer = setInterval(function () { if (i >= st.length - 1) { self.stop(); } else { self.show(i + 1); } }, 900);
      }
    };
    this.read = function () {
      var stacks = [], bets = [];
      for (var k = 0; k < seats.length; k++) { stacks.push(seats[k].stack.textContent); bets.push(seats[k].bet.textContent); }
      var seen = { pot: parts.pot.textContent, stacks: stacks, bets: bets };
      if (review.textContent) { seen.review = review.textContent; }  // a draw the review valued
      return seen;
    };
    this.size = function () { return st.length; };
    this.at = function () { return i; };
  }

  var replayers = [], active = null;
  var keys = { ArrowRight: "next", ArrowLeft: "prev", Home: "first", End: "last", " ": "play" };
  document.addEventListener("keydown", function (e) {
    var how = keys[e.key], r = active || replayers[0];
    var tag = e.target && e.target.tagName;
    if (!how || !r || e.altKey || e.ctrlKey || e.metaKey || tag === "INPUT" || tag === "SELECT") { return; }
    e.preventDefault();
    r.go(how);
  });
  function create(root) { var r = new Replayer(root); replayers.push(r); return r; }
  window.hpTable = { create: create, fmt: fmt, states: states,
                     use: function (r) { active = r; }, replayers: replayers };
  var roots = document.querySelectorAll("div.hp-tblroot");
  for (var k = 0; k < roots.length; k++) {
    var data = roots[k].querySelector("script.hp-model");
    var r = create(roots[k]);
    r.load(JSON.parse(data.textContent));
  }
  var at = /^#step=(\d+)$/.exec(location.hash);
  if (at && replayers.length) { replayers[0].show(+at[1] - 1); }
  if (location.hash === "#selftest" && roots.length) {
    var report = { errors: errors, hands: [] };
    for (var h = 0; h < roots.length; h++) {
      var rp = replayers[h];
      active = rp;
      rp.go("first");
      var seen = [rp.read()];
      for (var n = 1; n < rp.size(); n++) {
        document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight" }));
        seen.push(rp.read());
      }
      document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowLeft" }));
      var back = rp.at();
      rp.go("first");
      report.hands.push({ hand: roots[h].getAttribute("data-hand"), steps: seen, back: back });
    }
    report.load_ms = performance.now();
    var out = document.createElement("pre");
    out.id = "hp-tabletest";
    out.textContent = JSON.stringify(report);
    document.body.appendChild(out);
  }
})();
