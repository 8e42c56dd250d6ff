"""One hand as an HTML replayer: ``hand_html(hand, replay=None)``.

The lines are the text replayer's (``histparse.show``): the same street titles, the same pot
after every post and action, the same "holds" line with the 2-7 rank after each of the hero's
draws. This view adds the seats as a table with the button, cards as glyphs, each finding marked
on the line it names, and (with ``stepper=True``, for a page with the script) controls that step
through the hand showing the pot at each step.
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from histparse.events import Hand
from histparse.money import MoneyText
from histparse.replayer import Replay
from histparse.replayer import replay as replay_hand
from histparse.replayer.findings import Finding, Severity
from histparse.show.render import _header, _Row, _streets, seating
from histparse.views.findings import findings_table
from histparse.views.markup import cards_html, esc, severity_class

__all__ = ["hand_html", "step_pots"]

_ZERO = Decimal(0)


class GroupedMoney(MoneyText):
    """``MoneyText`` with thousands separators, as a reader wants them: ``$103,461.00``."""

    __slots__ = ()

    @classmethod
    def of(cls, hand: Hand) -> GroupedMoney:
        """The hand's money text, grouped."""
        plain = MoneyText.for_hand(hand)
        return cls(plain.symbol, plain.unit)

    def __call__(self, amount: Decimal, *, signed: bool = False) -> str:
        text = super().__call__(amount, signed=signed)
        head = len(text) - len(text.lstrip("+-")) + len(self.symbol)
        number = text[head:]
        whole, dot, frac = number.partition(".")
        if not whole.isdigit():
            return text  # not a plain amount (never rounded, never reshaped)
        return f"{text[:head]}{int(whole):,}{dot}{frac}"


def step_pots(hand: Hand) -> list[str]:
    """The pot shown at each step of the replayer: after each of its lines, as money text."""
    money = GroupedMoney.of(hand)
    pots: list[str] = []
    pot = _ZERO
    for item in _streets(hand, money):
        if isinstance(item, _Row):
            if item.pot is not None:
                pot = item.pot
            pots.append(money(pot))
    return pots


def _seats(hand: Hand, replay: Replay, money: MoneyText) -> str:
    dealt, positions = seating(replay)
    rows = []
    for s in sorted(hand.seats, key=lambda s: s.seat):
        notes = []
        if s.player == hand.hero:
            notes.append("hero")
        if s.bounty is not None:
            notes.append(f"bounty {hand.layout.buy_in_symbol}{s.bounty}")
        if s.out_of_hand is not None:
            notes.append(f"out of hand ({s.out_of_hand})")
        elif s.player not in dealt:
            notes.append("sitting out")
        position = positions.get(s.player)
        button = (
            '<span class="hp-button" title="button">D</span>' if s.seat == hand.button_seat else ""
        )
        cls = ' class="hp-hero"' if s.player == hand.hero else ""
        rows.append(
            f'<tr{cls}><td class="hp-num">{s.seat}</td><td>{button}</td>'
            f'<td>{esc(s.player)}</td><td class="hp-num">{esc(money(s.stack))}</td>'
            f"<td>{esc(position if position is not None else '-')}</td>"
            f'<td class="hp-muted">{esc(", ".join(notes))}</td></tr>'
        )
    head = (
        '<tr><th class="hp-num">seat</th><th></th><th>player</th>'
        '<th class="hp-num">stack</th><th>pos</th><th></th></tr>'
    )
    return f'<table class="hp-seats">{head}{"".join(rows)}</table>'


def _note(f: Finding) -> str:
    rule = f" ({f.rule})" if f.rule else ""
    return (
        f'<tr class="hp-note {severity_class(f.severity)}"><td></td><td></td>'
        f'<td colspan="2"><span class="hp-sev">{esc(f.severity.label)} {esc(f.code)}'
        f"{esc(rule)}</span>: {esc(f.message)}</td></tr>"
    )


def _lines(hand: Hand, replay: Replay, money: MoneyText, prefix: str) -> tuple[str, set[int]]:
    """The street-by-street table and the lines it shows (with an anchor each)."""
    by_line: dict[int, list[Finding]] = defaultdict(list)
    for f in replay.findings:
        by_line[f.line].append(f)
    rows: list[str] = []
    shown: set[int] = set()
    pot = _ZERO
    items = _streets(hand, money)
    last_of_line = {}
    for k, item in enumerate(items):
        if isinstance(item, _Row):
            last_of_line[item.line] = k
    for k, item in enumerate(items):
        if isinstance(item, str):
            rows.append(f'<tr class="hp-street"><th colspan="4">{esc(item)}</th></tr>')
            continue
        if item.pot is not None:
            pot = item.pot
        # A line shown as two rows (a draw's "receives" and "holds") has its anchor and its
        # findings on the last.
        last = last_of_line.get(item.line) == k
        notes = by_line.get(item.line, []) if last else []
        classes = ["hp-row"]
        if notes:
            classes.append("hp-flag")
            if max(f.severity for f in notes) is Severity.ERROR:
                classes.append("hp-sev-error")
        if hand.hero is not None and item.player == hand.hero:
            classes.append("hp-hero")
        anchor = ""
        if last:
            shown.add(item.line)
            anchor = f' id="{esc(prefix)}L{item.line}"'
        text = esc(item.text) if item.text.startswith('says "') else cards_html(item.text)
        shown_pot = esc(money(item.pot)) if item.pot is not None else ""
        rows.append(
            f'<tr class="{" ".join(classes)}"{anchor} data-pot="{esc(money(pot))}">'
            f'<td class="hp-ln">{item.line}</td><td>{esc(item.player)}</td>'
            f'<td>{text}</td><td class="hp-num">{shown_pot}</td></tr>'
        )
        rows.extend(_note(f) for f in notes)
    body = "".join(rows) or '<tr><td class="hp-muted">no lines</td></tr>'
    return f'<table class="hp-lines">{body}</table>', shown


def _result(hand: Hand, replay: Replay, money: MoneyText) -> str:
    body = replay.body
    if body.cancelled:
        return "<p>Hand cancelled: no pot was played, the money went back.</p>"
    parts = []
    summary = body.summary_pot
    if summary is not None:
        parts.append(
            f"<p>Total pot {esc(money(summary.total))}, rake {esc(money(summary.rake))}</p>"
        )
    if replay.complete:
        # The "rules award it to" column only when the rules and the site disagree on a pot.
        disputed = any(sorted(p.collected) != sorted(p.shares) for p in replay.pots)
        rows = []
        for pot in replay.pots:
            won = ", ".join(f"{p} {money(a)}" for p, a in pot.collected) or "nobody"
            cells = (
                f'<td>{esc(pot.name)}</td><td class="hp-num">{esc(money(pot.amount))}</td>'
                f'<td class="hp-num">{esc(money(pot.rake))}</td><td>{esc(won)}</td>'
            )
            if disputed:
                rightful = ""
                if sorted(pot.collected) != sorted(pot.shares):
                    rightful = ", ".join(f"{p} {money(a)}" for p, a in pot.shares) or "nobody"
                cells += f'<td class="hp-sev hp-sev-error">{esc(rightful)}</td>'
            rows.append(f"<tr>{cells}</tr>")
        head = (
            '<tr><th>pot</th><th class="hp-num">amount</th><th class="hp-num">rake</th>'
            "<th>won by</th>" + ("<th>the rules award it to</th>" if disputed else "") + "</tr>"
        )
        parts.append(f'<table class="hp-pots">{head}{"".join(rows)}</table>')
    else:
        parts.append("<p>The rules engine could not settle this hand (see the findings).</p>")
    players = [p for p in replay.players if p.dealt_in or p.invested or p.collected]
    if players:
        rows = [
            f'<tr><td>{esc(p.player)}</td><td class="hp-num">{esc(money(p.invested))}</td>'
            f'<td class="hp-num">{esc(money(p.collected))}</td>'
            f'<td class="hp-num">{esc(money(p.net, signed=True))}</td></tr>'
            for p in players
        ]
        parts.append(
            '<table class="hp-net"><tr><th>player</th><th class="hp-num">invested</th>'
            '<th class="hp-num">collected</th><th class="hp-num">net</th></tr>'
            + "".join(rows)
            + "</table>"
        )
    return "".join(parts)


def hand_html(
    hand: Hand,
    replay: Replay | None = None,
    *,
    stepper: bool = False,
    anchor: str = "",
    rules: str | None = None,
) -> str:
    """The hand as an HTML fragment (a ``div.hp-hand``, without the styles).

    ``stepper`` adds the step controls the page script drives; ``anchor`` prefixes the ids of
    the lines (``{anchor}L12``) so that several hands can share a page; ``rules`` is where the
    rule links point (``markup.rules_base()`` by default).
    """
    if replay is None:
        replay = replay_hand(hand)
    money = GroupedMoney.of(hand)
    head = _header(hand, money)
    # The header's "From path, lines a-b" and the start time are in the first lines: as text.
    header = "".join(f"<div>{esc(line)}</div>" for line in head)
    lines, shown = _lines(hand, replay, money, anchor)
    controls = ""
    attrs = f' data-hand="{esc(hand.hand_id)}"'
    if stepper:
        attrs += " data-stepper"
        controls = (
            '<div class="hp-controls">'
            '<button type="button" data-go="first" title="first (Home)">|&#x25C0;</button>'
            '<button type="button" data-go="prev" title="back (&#x2190;)">&#x25C0;</button>'
            '<button type="button" data-go="next" title="forward (&#x2192;)">&#x25B6;</button>'
            '<button type="button" data-go="last" title="last (End)">&#x25B6;|</button>'
            '<span class="hp-pos hp-muted"></span>'
            '<span class="hp-potbox">pot <span class="hp-potval"></span></span></div>'
        )
    anchors = {line: f"{anchor}L{line}" for line in shown}
    findings = findings_table(replay.findings, hands=False, base=rules, anchors=anchors)
    return (
        f'<div class="hp-hand"{attrs}>'
        f'<div class="hp-head">{header}</div>'
        f"{_seats(hand, replay, money)}{controls}{lines}"
        f"<h3>Result</h3>{_result(hand, replay, money)}"
        f"<h3>Findings</h3>{findings}</div>"
    )
