(function () {
  "use strict";
  var errors = window.hpErrors = window.hpErrors || [];
  var root = document.getElementById("hp-browser");
  if (!root) { return; }
  var options = JSON.parse(document.getElementById("hp-options").textContent);
  var chunkEls = document.querySelectorAll("script.hp-chunk");
  var chunks = {};
  var D = null, S = null, n = 0;
  var view = [], page = 0, current = -1, sortKey = null, sortDir = 1;
  var replayer = null;
  // What a player reads first on the left: when, how much, with what; where it was after.
  var COLS = [
    ["date", "date"], ["net", "result"], ["bb", "BB"], ["start", "start"], ["pos", "pos"],
    ["flags", "flags"], ["ev", "all-in EV"], ["stakes", "stakes"], ["table", "table"],
    ["site", "site"], ["fnd", "findings"]
  ];

  function unpack(b64) {
    var bin = atob(b64.trim()), bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) { bytes[i] = bin.charCodeAt(i); }
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).text().then(JSON.parse);
  }
  function str(col, i) { var k = D[col][i]; return k < 0 ? "" : S[k]; }
  function el(name, cls, parent, text) {
    var e = document.createElement(name);
    if (cls) { e.className = cls; }
    if (text !== undefined) { e.textContent = text; }
    if (parent) { parent.appendChild(e); }
    return e;
  }
  function flags(i) {
    var out = [];
    if (D.allin[i]) { out.push("all-in"); }
    if (D.sd[i]) { out.push(D.sd[i] === 2 ? "SD won" : "SD"); }
    if (D.cap[i]) { out.push("capped"); }
    for (var d = 1; d <= 3; d++) {
      if (D.pat[i] & (1 << (d - 1))) { out.push("pat" + d); }
      if (D.broke[i] & (1 << (d - 1))) { out.push("broke" + d); }
    }
    if (D.snow[i]) { out.push("snow"); }
    return out.join(" ");
  }
  function cell(i, key) {
    if (key === "flags") { return flags(i); }
    if (key === "date" || key === "net" || key === "ev") { return D[key][i]; }
    if (key === "bb") { return D.bb[i] === null ? "" : D.bb[i]; }
    if (key === "fnd") { return D.fnd[i] ? String(D.fnd[i]) : ""; }
    return str(key, i);
  }
  function sortValue(i, key) {
    if (key === "net") { return D.netv[i] === null ? -Infinity : +D.netv[i]; }
    if (key === "bb") { return D.bb[i] === null ? -Infinity : +D.bb[i]; }
    if (key === "ev") { return D.ev[i] === "" ? -Infinity : parseFloat(D.ev[i].replace(/[^0-9.+-]/g, "")); }
    if (key === "fnd") { return D.fnd[i]; }
    return cell(i, key);
  }

  // --------------------------------------------------------------------------- filters
  var form = document.getElementById("hp-filters");
  var fields = {};
  function addNumber(name, label) {
    var l = el("label", "", form, label + " ");
    var inp = el("input", "", l); inp.type = "number"; inp.min = "0"; inp.step = "any";
    inp.name = name; fields[name] = inp;
  }
  function addCheck(name, label) {
    var l = el("label", "", form);
    var inp = el("input", "", l); inp.type = "checkbox"; inp.name = name; fields[name] = inp;
    l.appendChild(document.createTextNode(" " + label));
  }
  function addSelect(name, label, values) {
    var l = el("label", "", form, label + " ");
    var sel = el("select", "", l); sel.name = name; fields[name] = sel;
    el("option", "", sel, "any").value = "";
    for (var k = 0; k < values.length; k++) { el("option", "", sel, values[k][1]).value = values[k][0]; }
  }
  function pairs(list) { return list.map(function (v) { return [v, v]; }); }
  function present(col) {
    var seen = {}, out = [];
    for (var i = 0; i < n; i++) { var k = D[col][i]; if (k >= 0 && !seen[k]) { seen[k] = 1; out.push(S[k]); } }
    return out.sort();
  }
  function buildForm() {
    addSelect("site", "site", pairs(present("site")));
    addSelect("stakes", "stakes", pairs(present("stakes")));
    addNumber("lost", "lost > BB");
    addNumber("won", "won > BB");
    addCheck("allin", "all-in");
    addCheck("showdown", "showdown");
    addCheck("capped", "capped");
    addSelect("pat", "pat at", [["0", "any draw"], ["1", "draw 1"], ["2", "draw 2"], ["3", "draw 3"]]);
    addSelect("broke", "broke at", [["0", "any draw"], ["2", "draw 2"], ["3", "draw 3"]]);
    addCheck("snow", "snowed");
    addSelect("start", "start", pairs(options.start));
    addSelect("keptdraw", "kept at", [["1", "draw 1"], ["2", "draw 2"], ["3", "draw 3"]]);
    addSelect("kept", "", pairs(options.kept));
    form.addEventListener("input", function () { apply(read()); });
    form.addEventListener("change", function () { apply(read()); });
    form.addEventListener("submit", function (e) { e.preventDefault(); });
  }
  function read() {
    var f = {};
    for (var name in fields) {
      var inp = fields[name];
      if (inp.type === "checkbox") { if (inp.checked) { f[name] = true; } }
      else if (inp.value !== "") { f[name] = inp.value; }
    }
    return f;
  }
  function write(f) {
    for (var name in fields) {
      var inp = fields[name];
      if (inp.type === "checkbox") { inp.checked = !!f[name]; }
      else { inp.value = f[name] === undefined ? "" : String(f[name]); }
    }
  }
  function keeps(f, i) {
    if (f.site && str("site", i) !== f.site) { return false; }
    if (f.stakes && str("stakes", i) !== f.stakes) { return false; }
    var bb = D.bb[i] === null ? null : +D.bb[i];
    if (f.lost !== undefined && (bb === null || bb >= -(+f.lost))) { return false; }
    if (f.won !== undefined && (bb === null || bb <= +f.won)) { return false; }
    if (f.allin && !D.allin[i]) { return false; }
    if (f.showdown && !D.sd[i]) { return false; }
    if (f.capped && !D.cap[i]) { return false; }
    if (f.snow && !D.snow[i]) { return false; }
    if (f.pat !== undefined && !(+f.pat === 0 ? D.pat[i] : D.pat[i] & (1 << (+f.pat - 1)))) { return false; }
    if (f.broke !== undefined && !(+f.broke === 0 ? D.broke[i] : D.broke[i] & (1 << (+f.broke - 1)))) { return false; }
    if (f.start && str("start", i) !== f.start) { return false; }
    if (f.kept && str("k" + (f.keptdraw || "1"), i) !== f.kept) { return false; }
    return true;
  }
  function count(f) {
    var c = 0;
    for (var i = 0; i < n; i++) { if (keeps(f, i)) { c++; } }
    return c;
  }
  function apply(f) {
    view = [];
    for (var i = 0; i < n; i++) { if (keeps(f, i)) { view.push(i); } }
    if (sortKey) { sortView(); }
    page = 0;
    var at = view.indexOf(current);
    if (at >= 0) { page = Math.floor(at / options.page); }
    render();
  }
  function sortView() {
    var key = sortKey, dir = sortDir;
    var vals = {};
    for (var k = 0; k < view.length; k++) { vals[view[k]] = sortValue(view[k], key); }
    view.sort(function (a, b) {
      var x = vals[a], y = vals[b];
      return (x < y ? -1 : x > y ? 1 : a - b) * dir;
    });
  }

  // ------------------------------------------------------------------------------ list
  var list = document.getElementById("hp-list");
  var counter = document.getElementById("hp-count");
  var pager = document.getElementById("hp-pager");
  function render() {
    while (list.firstChild) { list.removeChild(list.firstChild); }
    var head = el("thead", "", list), tr = el("tr", "", head);
    for (var c = 0; c < COLS.length; c++) {
      var th = el("th", "", tr, COLS[c][1] + (sortKey === COLS[c][0] ? (sortDir > 0 ? " \u25B2" : " \u25BC") : ""));
      th.setAttribute("data-sort", COLS[c][0]);
    }
    var body = el("tbody", "", list);
    var from = page * options.page, to = Math.min(view.length, from + options.page);
    for (var k = from; k < to; k++) {
      var i = view[k], row = el("tr", i === current ? "hp-pick" : "", body);
      row.setAttribute("data-row", i);
      row.setAttribute("data-hand", D.id[i]);
      for (c = 0; c < COLS.length; c++) {
        var td = el("td", "", row, cell(i, COLS[c][0]));
        if (COLS[c][0] === "net" || COLS[c][0] === "bb") {
          td.className = "hp-num " + (/^-/.test(td.textContent) ? "hp-neg" : (/^\+/.test(td.textContent) ? "hp-pos" : ""));
        }
      }
    }
    counter.textContent = view.length + " of " + n + " hands";
    while (pager.firstChild) { pager.removeChild(pager.firstChild); }
    var pages = Math.max(1, Math.ceil(view.length / options.page));
    var prev = el("button", "", pager, "\u25C0 rows"); prev.type = "button"; prev.setAttribute("data-page", page - 1);
    el("span", "hp-muted", pager, "page " + (page + 1) + " / " + pages);
    var next = el("button", "", pager, "rows \u25B6"); next.type = "button"; next.setAttribute("data-page", page + 1);
  }
  list.addEventListener("click", function (e) {
    var t = e.target;
    var key = t.getAttribute && t.getAttribute("data-sort");
    if (key) {
      if (sortKey === key) { sortDir = -sortDir; } else { sortKey = key; sortDir = 1; }
      sortView(); render(); return;
    }
    while (t && t.tagName !== "TR") { t = t.parentNode; }
    if (t && t.hasAttribute("data-row")) { open(+t.getAttribute("data-row")); }
  });
  pager.addEventListener("click", function (e) {
    var p = e.target.getAttribute && e.target.getAttribute("data-page");
    if (p === null || p === undefined) { return; }
    var pages = Math.max(1, Math.ceil(view.length / options.page));
    page = Math.max(0, Math.min(pages - 1, +p));
    render();
  });

  // ---------------------------------------------------------------------------- replayer
  var nav = document.getElementById("hp-nav");
  var where = el("span", "hp-where", null);
  function navButton(label, step, title) {
    var b = el("button", "", nav, label); b.type = "button"; b.title = title;
    b.addEventListener("click", function () { move(step); });
  }
  function chunk(c) {
    if (!chunks[c]) { chunks[c] = unpack(chunkEls[c].textContent); }
    return chunks[c];
  }
  function open(i) {
    current = i;
    var at = view.indexOf(i);
    if (at >= 0 && Math.floor(at / options.page) !== page) { page = Math.floor(at / options.page); }
    render();
    var c = Math.floor(i / options.chunk);
    var file = str("file", i);
    where.textContent = str("site", i) + " #" + D.id[i] + (file ? " \u2014 " + file + ":" + D.line[i] : "");
    root.setAttribute("data-open", D.id[i]);
    return chunk(c).then(function (models) {
      if (current !== i) { return; }
      var m = models[i % options.chunk];
      var box = document.getElementById("hp-table");
      if (!m) {
        box.textContent = "This hand's replay is not in the page (its history file was not read).";
        replayer = null;
        return;
      }
      if (!replayer) {
        box.textContent = "";
        var r = document.createElement("div");
        box.appendChild(r);
        replayer = window.hpTable.create(r);
      }
      replayer.load(m);
      window.hpTable.use(replayer);
      root.setAttribute("data-shown", m.id);
    });
  }
  function move(step) {
    if (!view.length) { return Promise.resolve(); }
    var at = view.indexOf(current);
    var to = at < 0 ? 0 : Math.max(0, Math.min(view.length - 1, at + step));
    return open(view[to]);
  }
  navButton("\u25C0 hand", -1, "previous hand (p)");
  navButton("hand \u25B6", 1, "next hand (n)");
  nav.appendChild(where);
  document.addEventListener("keydown", function (e) {
    var tag = e.target && e.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || e.altKey || e.ctrlKey || e.metaKey) { return; }
    if (e.key === "n" || e.key === "PageDown") { e.preventDefault(); move(1); }
    if (e.key === "p" || e.key === "PageUp") { e.preventDefault(); move(-1); }
  });

  // ------------------------------------------------------------------------------- start
  var TESTS = [
    {}, { lost: "10" }, { won: "10" }, { allin: true }, { showdown: true }, { capped: true },
    { pat: "0" }, { pat: "1" }, { pat: "2" }, { pat: "3" }, { broke: "0" }, { broke: "2" },
    { broke: "3" }, { snow: true }
  ];
  function selftest() {
    var report = { errors: errors, counts: [], opened: [] };
    var extra = [];
    var starts = present("start"), kept = present("k1");
    if (starts.length) { extra.push({ start: starts[0] }); }
    if (kept.length) { extra.push({ keptdraw: "1", kept: kept[0] }); }
    if (present("site").length) { extra.push({ site: present("site")[0] }); }
    var all = TESTS.concat(extra);
    for (var k = 0; k < all.length; k++) { report.counts.push({ filter: all[k], kept: count(all[k]) }); }
    write({}); apply({});
    // Choose rows as a user does: a click on a row, then "next hand" and "previous hand".
    var picks = [0, Math.floor(view.length / 2), view.length - 1].filter(function (x) { return x >= 0; });
    var done = Promise.resolve();
    picks.forEach(function (p) {
      done = done.then(function () {
        var want = view[p];
        page = Math.floor(p / options.page); render();
        var tr = list.querySelector('tr[data-row="' + want + '"]');
        tr.click();
        return chunk(Math.floor(want / options.chunk)).then(function () {
          report.opened.push({ row: want, want: D.id[want], shown: root.getAttribute("data-shown"),
                               site: str("site", want) });
        });
      });
    });
    done = done.then(function () {
      if (view.length < 2) { return; }
      return open(view[0]).then(function () { return move(1); }).then(function () {
        report.next = { want: D.id[view[1]], shown: root.getAttribute("data-shown") };
        return move(-1);
      }).then(function () {
        report.prev = { want: D.id[view[0]], shown: root.getAttribute("data-shown") };
      });
    });
    done.then(function () {
      report.rows = n;
      report.load_ms = performance.now();
      var out = document.createElement("pre");
      out.id = "hp-browsetest";
      out.textContent = JSON.stringify(report);
      document.body.appendChild(out);
    }, function (e) { errors.push(String(e)); });
  }
  unpack(document.getElementById("hp-rows").textContent).then(function (data) {
    D = data.cols; S = data.S; n = data.n;
    buildForm();
    write(options.init);
    apply(read());
    // From the start of navigation: the list shown, then the first hand on the table.
    root.setAttribute("data-ready", String(Math.round(performance.now())));
    if (location.hash === "#selftest") { selftest(); }
    else if (view.length) {
      return open(view[0]).then(function () {
        root.setAttribute("data-opened", String(Math.round(performance.now())));
      });
    }
  }).catch(function (e) { errors.push(String(e)); });
})();
