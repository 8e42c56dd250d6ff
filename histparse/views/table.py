"""The table replayer's model of one hand: ``table_model(replay) -> TableModel``.

Every step of the hand (each post and action, each draw line, each uncalled bet returned, each
show, each collection) as the table looks right after it: every seat's stack and bet in front,
the pot, the cards face up, the draw counts, the hero's 2-7 hand, the findings on that line. It
reads the replay's record (``Replay.body``: moves with what each put in and the live total
after it, draw lines and records, uncalled bets, shows, collections, dealt and final cards) and
never the hand's events: the hand is read once.

Amounts are ints in the model's minor unit (``scale`` decimal places), so that the page's
script formats them exactly; ``money_label`` is the Python twin of the script's formatter (the
browser tests compare the two).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from histparse.cards import Card, format_cards
from histparse.events import Action, Collected, Draw, Post, Shows, UncalledBet
from histparse.game import ActionKind, PostKind, Street
from histparse.money import places_of
from histparse.ranking import rank_or_none
from histparse.replayer import DrawRecord, Replay
from histparse.replayer.findings import Finding
from histparse.show import describe_cards
from histparse.views.review_mark import ReviewMark, review_marks

if TYPE_CHECKING:
    from histparse.review import DrawReview

__all__ = ["TableModel", "TableSeat", "TableStep", "model_json", "money_label", "table_model"]

_ZERO = Decimal(0)
STREETS: tuple[str, ...] = ("Blinds", "Pre-draw", "Draw 1", "Draw 2", "Draw 3", "Showdown")
_POST_WORDS = {
    PostKind.SMALL_BLIND: "posts small blind",
    PostKind.BIG_BLIND: "posts big blind",
    PostKind.SMALL_AND_BIG_BLIND: "posts small & big blinds",
    PostKind.ANTE: "posts the ante",
    PostKind.DEAD_BLIND: "posts a dead blind",
}
_ACT_WORDS = {
    ActionKind.FOLD: "folds",
    ActionKind.CHECK: "checks",
    ActionKind.CALL: "calls",
    ActionKind.BET: "bets",
    ActionKind.RAISE: "raises to",
}


@dataclass(frozen=True, slots=True)
class TableSeat:
    """One seat at the table; ``stack`` in minor units, ``position`` None when not dealt in."""

    seat: int
    player: str
    stack: int
    position: str | None
    hero: bool
    dealt_in: bool


@dataclass(frozen=True, slots=True)
class TableStep:
    """The table right after one line. Tuples run in the order of ``TableModel.seats``.

    ``cards`` are the cards face up per seat (None: hidden, or not known); ``drew`` what each
    seat drew at the current draw (-1: no draw line yet this draw, 0: stood pat); ``hand`` the
    hero's 2-7 hand after a draw of theirs; ``review`` the draw review's row on the line of the
    draw it values (``table_model(replay, reviews)``).
    """

    street: int  # index in STREETS
    actor: int  # index of the seat acting, -1 for none
    text: str
    line: int
    pot: int
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    folded: tuple[bool, ...]
    cards: tuple[str | None, ...]
    drew: tuple[int, ...]
    hand: str | None
    findings: tuple[str, ...]
    review: ReviewMark | None = None


@dataclass(frozen=True, slots=True)
class TableModel:
    """One hand for the table replayer (``model_json`` writes it for the page's script)."""

    site: str
    hand_id: str
    title: str
    symbol: str
    scale: int  # the ints count 10**-scale
    places: int  # decimal places always shown (2 for cash, 0 for chips)
    max_seats: int
    button: int
    seats: tuple[TableSeat, ...]
    steps: tuple[TableStep, ...]
    result: tuple[str, ...]  # the pots with their winners, then each player's net
    pots: tuple[str, ...] = ()  # "main pot $1.20", "side pot-1 $0.40" when the hand has side pots

    def label(self, amount: int) -> str:
        """``amount`` (minor units) as the page shows it."""
        return money_label(amount, self.symbol, self.scale, self.places)


def money_label(amount: int, symbol: str, scale: int, places: int, *, signed: bool = False) -> str:
    """``$103,461.00``: thousands grouped, at least ``places`` decimals, never rounded."""
    sign = "-" if amount < 0 else ("+" if signed and amount > 0 else "")
    whole, frac = divmod(abs(amount), 10**scale)
    text = f"{whole:,}"
    if scale:
        digits = f"{frac:0{scale}d}".rstrip("0")
        if len(digits) < places:
            digits += "0" * (places - len(digits))
        if digits:
            text += "." + digits
    return f"{sign}{symbol}{text}"


def _scale(replay: Replay) -> int:
    """Decimal places that hold every amount of the hand exactly."""
    body = replay.body
    amounts = [s.stack for s in replay.hand.seats]
    amounts += [e.amount for e, _, _ in body.moves if e.amount is not None]
    amounts += [m for _, m, _ in body.moves]
    amounts += [u.amount for u in body.uncalled] + [c.amount for c in body.collected]
    amounts += [p.invested for p in replay.players]
    return max([places_of(replay.unit), *(places_of(a) for a in amounts)])


def _street(e: Post | Action | Draw) -> int:
    if isinstance(e, Post):
        return 0
    s = e.street
    return min(max(int(s), Street.PREDRAW) + 1, len(STREETS) - 1)


def _describe(cards: tuple[Card, ...], site: str) -> str | None:
    """The 2-7 hand worded as the site words it (as ``histparse show`` prints it), or None
    when the cards are not one valid five-card hand."""
    if len(cards) != 5 or rank_or_none(cards) is None:
        return None
    return describe_cards(cards, site)


def table_model(replay: Replay, reviews: Iterable[DrawReview] = ()) -> TableModel:
    """The replayer's steps of ``replay``'s hand, read off its record; ``reviews`` (the draw
    review of that replay, ``histparse.review.review_hand``) marks the draws it valued."""
    hand, body = replay.hand, replay.body
    marks = dict(review_marks(reviews, hand.layout.money_symbol))
    scale = _scale(replay)
    factor = Decimal(10) ** scale
    cash = not (hand.is_tournament or hand.is_play_money) and bool(hand.layout.money_symbol)
    places = places_of(replay.unit) if cash else 0
    symbol = hand.layout.money_symbol

    def units(amount: Decimal) -> int:
        return int(amount * factor)

    def label(amount: Decimal) -> str:
        return money_label(units(amount), symbol, scale, places)

    positions = body.positions
    dealt = set(body.dealt_in)
    seats = tuple(
        TableSeat(
            s.seat,
            s.player,
            units(s.stack),
            positions[s.player].value if s.player in positions else None,
            s.player == hand.hero,
            s.player in dealt,
        )
        for s in sorted(hand.seats, key=lambda s: s.seat)
    )
    index = {s.player: k for k, s in enumerate(seats)}
    n = len(seats)
    stacks = [s.stack for s in seats]
    bets = [0] * n
    folded = [not s.dealt_in for s in seats]
    drew = [-1] * n
    cards: list[str | None] = [None] * n
    hero = hand.hero
    hero_cards = body.dealt_cards.get(hero) if hero is not None else None
    if hero is not None and hero in index and hero_cards is not None:
        cards[index[hero]] = format_cards(hero_cards)
    pot = 0
    street = 0
    steps: list[TableStep] = []
    notes = _findings_by_line(replay.findings)

    def add(
        actor: int,
        text: str,
        line: int,
        hand_text: str | None = None,
        mark: ReviewMark | None = None,
    ) -> None:
        steps.append(
            TableStep(
                street, actor, text, line, pot, tuple(stacks), tuple(bets), tuple(folded),
                tuple(cards), tuple(drew), hand_text, tuple(notes.pop(line, ())), mark,
            )
        )  # fmt: skip

    # The lines in order: moves, draw lines, uncalled bets, shows and collections.
    timeline: list[tuple[int, int, object]] = []
    for k, move in enumerate(body.moves):
        timeline.append((move[0].line, k, move))
    records = body.draw_records
    for k, d in enumerate(body.draw_lines):
        timeline.append((d.line, k, (d, records[k] if k < len(records) else None)))
    timeline.extend((u.line, 0, u) for u in body.uncalled)
    timeline.extend((s.line, 0, s) for s in body.shows.values())
    timeline.extend((c.line, 0, c) for c in body.collected)
    timeline.sort(key=lambda t: (t[0], t[1]))
    returned = _silent_returns(replay)
    add(-1, "Seats and stacks", hand.source.first_line)
    for line, _, item in timeline:
        if isinstance(item, Collected | Shows) and returned:
            # The site returned an uncalled bet without a line (R-BET-7): shown before the
            # pot is shared, so that the stacks end where the hand's net says.
            for player, back in returned.items():
                k = index[player]
                stacks[k] += units(back)
                pot -= units(back)
                bets[k] = max(0, bets[k] - units(back))
                add(k, f"{player}: uncalled {label(back)} back (no line)", line)
            returned = {}
        if isinstance(item, tuple) and isinstance(item[0], Post | Action):
            e, put, to = item
            k = index.get(e.player, -1)
            s = _street(e)
            if s != street:
                # The blinds are the first bets of the pre-draw round: they stay in front.
                if street != 0 or s != 1:
                    bets = [0] * n
                street = s
            paid = units(e.amount if isinstance(e, Post) else put)
            if isinstance(e, Post):
                words = f"{_POST_WORDS[e.kind]} {label(e.amount)}"
            else:
                words = _ACT_WORDS[e.kind]
                if e.kind is ActionKind.RAISE and to is not None:
                    words += f" {label(to)}"
                elif e.kind in (ActionKind.CALL, ActionKind.BET):
                    words += f" {label(put)}"
                if e.kind is ActionKind.FOLD and k >= 0:
                    folded[k] = True
            if e.all_in:
                words += " and is all-in"
            if k >= 0:
                stacks[k] -= paid
                if to is not None:
                    bets[k] = units(to)
            pot += paid
            add(k, f"{e.player} {words}", line)
        elif isinstance(item, tuple) and isinstance(item[0], Draw):
            d, rec = item
            k = index.get(d.player, -1)
            s = _street(d)
            if s != street:
                street = s
                bets = [0] * n
                drew = [-1] * n
            hand_text = None
            if k >= 0:
                drew[k] = d.count if not d.pat else 0
            words = "stands pat" if d.pat else f"draws {d.count}"
            known = _hero_draw(rec) if d.player == hero else None
            if known is not None and k >= 0:
                words += f" [{format_cards(known[0])}] for [{format_cards(known[1])}]"
                whole = known[2]
                cards[k] = format_cards(whole)
                hand_text = _describe(whole, hand.site)
            elif d.pat and d.player == hero and rec is not None and rec.kept_cards and k >= 0:
                cards[k] = format_cards(rec.kept_cards)
                hand_text = _describe(rec.kept_cards, hand.site)
            number = rec.draw if rec is not None else street - 1
            add(k, f"{d.player} {words}", line, hand_text, marks.pop((d.player, number), None))
        elif isinstance(item, UncalledBet):
            k = index.get(item.player, -1)
            amount = units(item.amount)
            if k >= 0:
                stacks[k] += amount
                bets[k] = max(0, bets[k] - amount)
            pot -= amount
            add(k, f"Uncalled bet ({label(item.amount)}) returned to {item.player}", line)
        elif isinstance(item, Shows):
            k = index.get(item.player, -1)
            if k >= 0:
                cards[k] = format_cards(item.cards)
            street = len(STREETS) - 1
            described = _describe(item.cards, hand.site)
            shown = f" ({described})" if described else ""
            add(k, f"{item.player} shows [{format_cards(item.cards)}]{shown}", line)
        elif isinstance(item, Collected):
            k = index.get(item.player, -1)
            amount = units(item.amount)
            if k >= 0:
                stacks[k] += amount
            pot -= amount
            bets = [0] * n
            add(k, f"{item.player} collects {label(item.amount)} from {item.pot}", line)
    if notes:
        # Findings on lines no step shows (the header, the summary): on the last step.
        last = steps[-1]
        extra = tuple(t for _, texts in sorted(notes.items()) for t in texts)
        steps[-1] = _with_findings(last, last.findings + extra)
    return TableModel(
        hand.site,
        hand.hand_id,
        _title(replay),
        symbol,
        scale,
        places,
        max(hand.max_seats or 0, max((s.seat for s in seats), default=0), 2),
        hand.button_seat,
        seats,
        tuple(steps),
        _result(replay, label),
        tuple(f"{p.name} {label(p.amount)}" for p in replay.pots) if len(replay.pots) > 1 else (),
    )


def _with_findings(step: TableStep, findings: tuple[str, ...]) -> TableStep:
    return TableStep(
        step.street, step.actor, step.text, step.line, step.pot, step.stacks, step.bets,
        step.folded, step.cards, step.drew, step.hand, findings, step.review,
    )  # fmt: skip


def _hero_draw(
    rec: DrawRecord | None,
) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]] | None:
    """The hero's discarded, received and whole new hand at a draw, when all are known."""
    if rec is None or rec.pat:
        return None
    if rec.discarded_cards is None or rec.received_cards is None or rec.kept_cards is None:
        return None
    return rec.discarded_cards, rec.received_cards, rec.kept_cards + rec.received_cards


def _silent_returns(replay: Replay) -> dict[str, Decimal]:
    """Uncalled bets the site returned without a line: what ``invested`` takes off beyond the
    printed ``Uncalled bet`` lines."""
    body = replay.body
    out: dict[str, Decimal] = {}
    for player, net in body.invested.items():
        printed = body.invested_by(player)
        if printed > net:
            out[player] = printed - net
    return out


def _findings_by_line(findings: tuple[Finding, ...]) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for f in findings:
        rule = f" ({f.rule})" if f.rule else ""
        out.setdefault(f.line, []).append(f"{f.severity.label} {f.code}{rule}: {f.message}")
    return out


def _title(replay: Replay) -> str:
    hand = replay.hand
    low, high = hand.stakes
    unit = hand.currency or ("play money" if hand.is_play_money else "chips")
    kind = f"Tournament #{hand.tournament_id}, " if hand.is_tournament else ""
    when = hand.started_at.strftime("%Y-%m-%d %H:%M UTC")
    return (
        f"{hand.site} #{hand.hand_id}: {hand.game.label} {hand.limit_type.label} "
        f"{low}/{high} {unit}, {kind}table '{hand.table_name}', {when}"
    )


def _result(replay: Replay, label: Any) -> tuple[str, ...]:
    out: list[str] = []
    if replay.body.cancelled:
        return ("Hand cancelled: the money went back.",)
    for pot in replay.pots:
        won = ", ".join(f"{p} {label(a)}" for p, a in pot.collected) or "nobody"
        rake = f", rake {label(pot.rake)}" if pot.rake else ""
        out.append(f"{pot.name} {label(pot.amount)}{rake}: {won}")
    if not replay.pots:
        summary = replay.body.summary_pot
        if summary is not None:
            out.append(f"Total pot {label(summary.total)}, rake {label(summary.rake)}")
    for p in replay.players:
        if p.dealt_in or p.invested or p.collected:
            out.append(f"{p.player} {label(p.net) if p.net < 0 else '+' + label(p.net)}")
    return tuple(out)


def _compact(model: TableModel) -> dict[str, Any]:
    """The model as the page's script reads it: each step keeps only what changed."""
    seats = [[s.seat, s.player, s.stack, s.position, int(s.hero), int(s.dealt_in)] for s in
             model.seats]  # fmt: skip
    steps: list[list[Any]] = []
    before: TableStep | None = None
    for st in model.steps:
        changes: list[int] = []
        extra: dict[str, Any] = {}
        for k in range(len(model.seats)):
            if before is None or (st.stacks[k], st.bets[k]) != (before.stacks[k], before.bets[k]):
                changes += [k, st.stacks[k], st.bets[k]]
            if before is None or st.cards[k] != before.cards[k]:
                extra.setdefault("c", {})[str(k)] = st.cards[k]
            if before is None or st.drew[k] != before.drew[k]:
                extra.setdefault("d", {})[str(k)] = st.drew[k]
            if before is None or st.folded[k] != before.folded[k]:
                extra.setdefault("x", {})[str(k)] = int(st.folded[k])
        if st.hand is not None:
            extra["h"] = st.hand
        if st.findings:
            extra["f"] = list(st.findings)
        if st.review is not None:
            extra["r"] = st.review.as_json()
        steps.append([st.street, st.actor, st.text, st.line, st.pot, changes, extra])
        before = st
    return {
        "site": model.site,
        "id": model.hand_id,
        "title": model.title,
        "sym": model.symbol,
        "scale": model.scale,
        "places": model.places,
        "max": model.max_seats,
        "button": model.button,
        "seats": seats,
        "steps": steps,
        "result": list(model.result),
        "pots": list(model.pots),
    }


def model_json(model: TableModel | Mapping[str, Any]) -> str:
    """The model as JSON safe inside a ``<script type="application/json">`` element."""
    data = _compact(model) if isinstance(model, TableModel) else model
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    # No "</script>" (nor "<!--") can close or bend the element: every "<" is escaped.
    return text.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
