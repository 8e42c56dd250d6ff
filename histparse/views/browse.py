"""The hand browser: a list of hands beside the table replayer, as one self-contained page.

    rows = browse_rows(t)                         # t = tables(...): one row per hand, hero's view
    kept = select(rows, BrowseFilter(lost_more=Decimal(20), pat=(1,)))
    Path("b.html").write_text(browser_page(kept, models))   # models: (site, hand_id) -> JSON
    Browser(t, hands)                             # in a notebook: the same page, in a frame

A row is one hand seen by one player (the hero by default, or ``player``): date, table, stakes,
position, starting-hand class, result in money and in big blinds, all-in EV net, and the flags
the filters read (all-in, showdown, capped, pat / broke at each draw, snowed, kept class at each
draw). Every column comes from the ``tables`` result (``histparse.frames``) and the classes of
``histparse.stats``: nothing here reads a hand's events. The page keeps the rows and the hands'
replayer models gzipped in pages of ``CHUNK`` hands, unpacked when first shown, so that it opens
fast at 100,000 hands.
"""

from __future__ import annotations

import base64
import gzip
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, cast

import pandas as pd

from histparse.frames import Tables
from histparse.replayer import Replay
from histparse.stats.class_keys import card_class
from histparse.stats.starting import KeptClass, StartClass, kept_class, start_class
from histparse.stats.units import symbol_of
from histparse.views.browse_assets import BROWSE_CSS, BROWSE_SCRIPT
from histparse.views.page import frame, page
from histparse.views.table import model_json, table_model
from histparse.views.table_assets import TABLE_CSS, TABLE_SCRIPT

__all__ = [
    "CHUNK",
    "BrowseFilter",
    "BrowseRow",
    "Browser",
    "browse_models",
    "browse_rows",
    "browser_page",
    "select",
]

CHUNK = 1000
"""Hands per gzipped page of replayer models (and rows shown per list page: ``PAGE_ROWS``)."""
PAGE_ROWS = 100
_CAP_BETS = 4  # a bet and three raises: the cap of a limit betting round on every site here


@dataclass(frozen=True, slots=True)
class BrowseRow:
    """One hand as the browser lists it, seen by ``player`` (None: no hero, nobody's view)."""

    site: str
    hand_id: str
    file: str | None
    line: int | None
    started_at: str  # ISO 8601, UTC
    table: str
    stakes: str
    unit: str
    player: str | None
    position: str | None
    start_class: str | None
    net: Decimal | None
    net_bb: Decimal | None  # the net in big blinds, to two places (toward zero)
    ev_net: Decimal | None
    allin: bool  # a line of the hand says "all-in"
    showdown: bool  # the player reached the showdown
    won: bool
    capped: bool  # a limit betting round reached the cap (a bet and three raises)
    pat: tuple[int, ...]  # the draws the player stood pat at
    broke: tuple[int, ...]  # the draws the player broke at (drew after standing pat)
    snow: bool  # stood pat at every draw with a paired or worse hand shown (stats' Snow)
    kept: tuple[str | None, ...]  # the kept class at draws 1..3 (None: unknown or no draw)
    findings: int

    @property
    def key(self) -> tuple[str, str]:
        """``(site, hand_id)``."""
        return self.site, self.hand_id

    def net_text(self) -> str:
        """The result as money: ``-$1,234.50``, ``+3,000 tournament chips``."""
        return _money(self.net, self.unit, signed=True)

    def as_record(self) -> dict[str, Any]:
        """The row as JSON-ready values (money as strings, exact)."""
        return {
            "site": self.site,
            "hand_id": self.hand_id,
            "file": self.file,
            "line": self.line,
            "started_at": self.started_at,
            "table": self.table,
            "stakes": self.stakes,
            "player": self.player,
            "position": self.position,
            "start_class": self.start_class,
            "net": None if self.net is None else str(self.net),
            "net_bb": None if self.net_bb is None else str(self.net_bb),
            "ev_net": None if self.ev_net is None else str(self.ev_net),
            "allin": self.allin,
            "showdown": self.showdown,
            "capped": self.capped,
            "pat": list(self.pat),
            "broke": list(self.broke),
            "snow": self.snow,
            "kept": list(self.kept),
            "findings": self.findings,
        }


@dataclass(frozen=True, slots=True)
class BrowseFilter:
    """Which rows to keep; every condition given must hold. ``pat``/``broke``: the draws (any
    one of them), or ``(0,)`` for any draw; ``kept``: (draw, class) pairs."""

    lost_more: Decimal | None = None  # lost more than this many big blinds
    won_more: Decimal | None = None  # won more than this many big blinds
    allin: bool = False
    showdown: bool = False
    capped: bool = False
    pat: tuple[int, ...] = ()
    broke: tuple[int, ...] = ()
    snow: bool = False
    start_classes: tuple[str, ...] = ()
    kept: tuple[tuple[int, str], ...] = field(default=())

    def keeps(self, row: BrowseRow) -> bool:
        """Whether ``row`` passes every condition."""
        bb = row.net_bb
        if self.lost_more is not None and (bb is None or bb >= -self.lost_more):
            return False
        if self.won_more is not None and (bb is None or bb <= self.won_more):
            return False
        if (self.allin and not row.allin) or (self.showdown and not row.showdown):
            return False
        if (self.capped and not row.capped) or (self.snow and not row.snow):
            return False
        if self.pat and not _any_draw(self.pat, row.pat):
            return False
        if self.broke and not _any_draw(self.broke, row.broke):
            return False
        if self.start_classes and row.start_class not in self.start_classes:
            return False
        return all(
            0 < draw <= len(row.kept) and row.kept[draw - 1] == cls for draw, cls in self.kept
        )


def _any_draw(wanted: tuple[int, ...], draws: tuple[int, ...]) -> bool:
    return bool(draws) and (0 in wanted or any(d in draws for d in wanted))


START_CLASSES: tuple[str, ...] = tuple(c.value for c in StartClass)
KEPT_CLASSES: tuple[str, ...] = tuple(c.value for c in KeptClass)


def select(rows: Iterable[BrowseRow], f: BrowseFilter) -> list[BrowseRow]:
    """The rows ``f`` keeps, in their order."""
    return [r for r in rows if f.keeps(r)]


def _money(amount: Decimal | None, unit: str, *, signed: bool = False) -> str:
    if amount is None:
        return ""
    sign = "-" if amount < 0 else ("+" if signed and amount > 0 else "")
    symbol = symbol_of(unit)
    if symbol is None and amount == amount.to_integral_value():
        amount = amount.quantize(Decimal(1))  # chips: 1,500, not 1,500.00
    text = f"{abs(amount):,}"
    return f"{sign}{symbol}{text}" if symbol else f"{sign}{text} {unit}"


def _dec(value: object) -> Decimal | None:
    if value is None or value is pd.NA or (isinstance(value, float) and value != value):
        return None
    return Decimal(str(value))


def _cards_class(text: object, kept: bool) -> str | None:
    return card_class(text, kept_class if kept else start_class)


def _capped(actions: pd.DataFrame) -> set[tuple[str, str]]:
    """The hands with a limit betting round at the cap: a bet and three raises (the big blind
    is round 0's first bet)."""
    if actions.empty:
        return set()
    a = actions[actions["action"].isin(["bet", "raise", "post_bb"])]
    counts = a.groupby(["site", "hand_id", "round"], observed=True).size()
    capped = counts[counts >= _CAP_BETS]
    return {(str(s), str(h)) for s, h, _ in capped.index}


def browse_rows(t: Tables, player: str | None = None) -> list[BrowseRow]:
    """One row per hand of ``t``: seen by the hero, or by ``player`` (then only the hands
    ``player`` was dealt in), in the order of ``t.hands``."""
    hands, players = t.hands, t.players
    if player is None:
        seen = players[players["is_hero"]]
    else:
        seen = players[players["player"].astype(str) == player]
    by_hand: dict[tuple[str, str], Any] = {(str(r.site), str(r.hand_id)): r for r in _tuples(seen)}
    allin = {
        (str(s), str(h))
        for s, h in t.actions.loc[t.actions["all_in"], ["site", "hand_id"]].itertuples(index=False)
    }
    capped = _capped(t.actions[t.actions["round"] >= 0]) if not t.actions.empty else set()
    kept: dict[tuple[str, str], dict[int, str | None]] = {}
    if not seen.empty and not t.draws.empty:
        names = {(k, str(r.player)) for k, r in by_hand.items()}
        for d in _tuples(t.draws):
            key = (str(d.site), str(d.hand_id))
            if (key, str(d.player)) in names:
                kept.setdefault(key, {})[int(d.draw)] = _cards_class(d.kept_cards, True)
    out: list[BrowseRow] = []
    for h in _tuples(hands):
        key = (str(h.site), str(h.hand_id))
        p = by_hand.get(key)
        if p is None and player is not None:
            continue
        limit = str(h.limit_type) == "Limit"
        big = _dec(h.big_blind)
        net = _dec(p.net) if p is not None else None
        bb = None
        if net is not None and big:
            bb = (net / big).quantize(Decimal("0.01"), rounding="ROUND_DOWN")
        draws = [_draw(p, k) for k in (1, 2, 3)] if p is not None else [None] * 3
        pat = tuple(k for k, d in enumerate(draws, 1) if d == 0)
        broke = tuple(k for k in (2, 3) if draws[k - 2] == 0 and (draws[k - 1] or 0) > 0)
        marks = kept.get(key, {})
        out.append(
            BrowseRow(
                site=key[0],
                hand_id=key[1],
                file=None if pd.isna(h.source_file) else str(h.source_file),
                line=None if pd.isna(h.source_line) else int(h.source_line),
                started_at=h.started_at.isoformat().replace("+00:00", "Z"),
                table=str(h.table_name),
                stakes=str(h.stakes),
                unit=str(h.unit),
                player=None if p is None else str(p.player),
                position=None if p is None or pd.isna(p.position) else str(p.position),
                start_class=None if p is None else _cards_class(p.dealt_cards, False),
                net=net,
                net_bb=bb,
                ev_net=None if p is None else _dec(p.ev_net),
                allin=key in allin,
                showdown=bool(p is not None and p.went_to_showdown),
                won=bool(p is not None and p.won),
                capped=limit and key in capped,
                pat=pat,
                broke=broke,
                snow=bool(p is not None and p.snow),
                kept=tuple(marks.get(k) for k in (1, 2, 3)),
                findings=int(h.findings),
            )
        )
    return out


def _tuples(frame: pd.DataFrame) -> Iterator[Any]:
    """The rows of ``frame`` as named tuples (typed loosely: a row's columns differ)."""
    return cast(Iterator[Any], frame.itertuples(index=False))


def _draw(p: Any, k: int) -> int | None:
    value = getattr(p, f"drawn_{k}")
    return None if value is pd.NA or value is None or pd.isna(value) else int(value)


# ------------------------------------------------------------------------------------- page


def _packed(data: object) -> str:
    """``data`` as gzipped JSON in base64 (the page's script unpacks it with the browser's
    own ``DecompressionStream``)."""
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return base64.b64encode(gzip.compress(raw, compresslevel=6, mtime=0)).decode("ascii")


def _row_data(rows: Sequence[BrowseRow]) -> dict[str, Any]:
    """The rows as columns, the repeated texts once (``S``) and referred to by index."""
    strings: dict[str, int] = {}

    def s(text: str | None) -> int:
        if text is None:
            return -1
        return strings.setdefault(text, len(strings))

    cols: dict[str, list[Any]] = {
        name: []
        for name in (
            "site", "id", "file", "line", "date", "table", "stakes", "player", "pos", "start",
            "net", "netv", "bb", "ev", "allin", "sd", "won", "cap", "pat", "broke", "snow",
            "k1", "k2", "k3", "fnd",
        )
    }  # fmt: skip
    for r in rows:
        c = cols
        c["site"].append(s(r.site))
        c["id"].append(r.hand_id)
        c["file"].append(s(r.file))
        c["line"].append(r.line)
        c["date"].append(r.started_at[:16].replace("T", " "))
        c["table"].append(s(r.table))
        c["stakes"].append(s(r.stakes))
        c["player"].append(s(r.player))
        c["pos"].append(s(r.position))
        c["start"].append(s(r.start_class))
        c["net"].append(r.net_text())
        c["netv"].append(None if r.net is None else str(r.net))
        c["bb"].append(None if r.net_bb is None else str(r.net_bb))
        c["ev"].append("" if r.ev_net is None else _money(r.ev_net, r.unit, signed=True))
        c["allin"].append(int(r.allin))
        c["sd"].append(int(r.showdown) + int(r.showdown and r.won))
        c["won"].append(int(r.won))
        c["cap"].append(int(r.capped))
        c["pat"].append(sum(1 << (d - 1) for d in r.pat))
        c["broke"].append(sum(1 << (d - 1) for d in r.broke))
        c["snow"].append(int(r.snow))
        for k in (1, 2, 3):
            c[f"k{k}"].append(s(r.kept[k - 1]))
        c["fnd"].append(r.findings)
    return {"n": len(rows), "S": list(strings), "cols": cols}


def browser_page(
    rows: Sequence[BrowseRow],
    models: Mapping[tuple[str, str], str],
    *,
    title: str = "histparse: hands",
    start: Mapping[str, object] | None = None,
) -> str:
    """The browser page of ``rows``: ``models`` holds each hand's replayer model as JSON
    (``views.table.model_json``; a hand without one shows why in place of the table);
    ``start`` the filters the page opens with (the names of the page's filter fields)."""
    chunks: list[str] = []
    for first in range(0, len(rows), CHUNK):
        part = rows[first : first + CHUNK]
        # The models are JSON already: joined as they are into one array, not parsed again.
        text = "[" + ",".join(models.get(r.key, "null") for r in part) + "]"
        packed = base64.b64encode(gzip.compress(text.encode("utf-8"), 6, mtime=0)).decode()
        chunks.append(f'<script type="application/octet-stream" class="hp-chunk">{packed}</script>')
    options = {
        "start": START_CLASSES,
        "kept": KEPT_CLASSES,
        "page": PAGE_ROWS,
        "chunk": CHUNK,
        "init": dict(start or {}),
    }
    body = (
        '<div class="hp-browser" id="hp-browser">'
        f'<script type="application/octet-stream" id="hp-rows">{_packed(_row_data(rows))}</script>'
        f'<script type="application/json" id="hp-options">{_json(options)}</script>'
        f"{''.join(chunks)}"
        '<div class="hp-side"><form class="hp-filters" id="hp-filters"></form>'
        '<div class="hp-count" id="hp-count"></div>'
        '<div class="hp-list"><table id="hp-list"></table></div>'
        '<div class="hp-pager" id="hp-pager"></div></div>'
        '<div class="hp-main"><div class="hp-nav" id="hp-nav"></div>'
        '<div id="hp-table"></div></div></div>'
    )
    return page(
        title,
        body,
        scripts=(TABLE_SCRIPT, BROWSE_SCRIPT),
        css=TABLE_CSS + BROWSE_CSS,
    )


def _json(data: object) -> str:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c")


def browse_models(replays: Iterable[Replay]) -> dict[tuple[str, str], str]:
    """Each replay's table replayer model, as JSON, by ``(site, hand_id)``."""
    return {(r.hand.site, r.hand.hand_id): model_json(table_model(r)) for r in replays}


class Browser:
    """The hand browser in a notebook, over a ``tables`` result: ``Browser.of(t, replays)``
    (or ``Browser(rows, models)`` as ``browser_page`` takes them) shows the page in a frame."""

    def __init__(
        self,
        rows: Sequence[BrowseRow],
        models: Mapping[tuple[str, str], str],
        *,
        height: int = 900,
    ) -> None:
        self.rows = list(rows)
        self.models = models
        self.height = height

    @classmethod
    def of(
        cls,
        t: Tables,
        replays: Iterable[Replay],
        *,
        player: str | None = None,
        where: BrowseFilter | None = None,
    ) -> Browser:
        """The browser of ``t``'s hands (as ``player`` sees them, the hero by default) that
        ``where`` keeps; ``replays`` are the hands' replays (``histparse.replay``), for the
        replayer."""
        rows = browse_rows(t, player)
        if where is not None:
            rows = select(rows, where)
        return cls(rows, browse_models(replays))

    def page(self) -> str:
        """The page, as ``histparse browse --html`` writes it."""
        return browser_page(self.rows, self.models)

    def _repr_html_(self) -> str:
        return frame(self.page(), self.height)

    def __repr__(self) -> str:
        return f"<Browser: {len(self.rows)} hands>"
