"""Checks of what a site prints around a draw beyond the draw itself: the pot a draw marker
prints (Full Tilt's ``*** FIRST DRAW *** (Pot: $0.45)``, POT-MARKER) and the replacement lines
that answer the discards (Full Tilt's ``X discards 2 cards`` ... ``X is dealt 2 cards``,
DRAW-REPLACED).

Both use only the lines, so they run even when the engine could not follow the hand. The
marker's pot is the money the lines put in before it (posts, calls, bets, raises, less the
uncalled bets returned): it matched at every marker of the real Full Tilt files
(FORMATS-SITES §1.7).
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from histparse.events import Action, Draw, Hand, Post, Replaced, UncalledBet
from histparse.game import Street
from histparse.ledger import LineLedger, header_big_blind
from histparse.replayer.checks.common import money
from histparse.replayer.findings import Code, Finding, make_finding

if TYPE_CHECKING:
    from histparse.replayer.types import Replay

__all__ = ["check_draw_lines", "check_marker_pots", "check_replacements"]

_ZERO = Decimal(0)


def check_draw_lines(r: Replay) -> list[Finding]:
    """POT-MARKER and DRAW-REPLACED findings of one hand."""
    hand = r.hand
    if r.body.cancelled:
        return []
    out = check_marker_pots(hand)
    events = hand.events
    for e in events:
        if type(e) is Replaced:
            out.extend(check_replacements(hand))
            break
    return out


def check_marker_pots(hand: Hand) -> list[Finding]:
    """POT-MARKER: each printed marker pot against the lines' pot before that marker."""
    printed = hand.layout.marker_pots()
    if not printed:
        return []
    at = {index: (pot, text) for index, pot, text in printed}
    out: list[Finding] = []
    ledger = LineLedger(header_big_blind(hand))
    pot = _ZERO
    for index, e in enumerate(hand.events):
        kind = type(e)
        if kind is Post:
            assert isinstance(e, Post)
            ledger.post(e)
            pot += e.amount
        elif kind is Action:
            assert isinstance(e, Action)
            pot += ledger.action(e)
        elif kind is UncalledBet:
            assert isinstance(e, UncalledBet)
            pot -= e.amount
        elif index in at:
            written, text = at[index]
            if written is None:
                message = f"the marker's pot {text!r} cannot be read"
            elif written != pot:
                message = (
                    f"the marker prints {text}, a pot of {money(hand, written)}, but the lines "
                    f"put in {money(hand, pot)} before it"
                )
            else:
                continue
            out.append(make_finding(hand, Code.POT_MARKER, message, e.line))
    return out


def check_replacements(hand: Hand) -> list[Finding]:
    """DRAW-REPLACED: every ``is dealt N cards`` line against the player's discard in the same
    draw, and every discard of another player than the hero answered by one (the hand prints
    them: the site's hero gets ``Dealt to`` instead, checked as CARD-HERO-DRAW)."""
    out: list[Finding] = []
    discards: dict[tuple[Street, str], Draw] = {}
    served: dict[tuple[Street, str], Replaced] = {}
    for e in hand.events:
        if type(e) is Draw:
            assert isinstance(e, Draw)
            discards.setdefault((e.street, e.player), e)
        elif type(e) is Replaced:
            assert isinstance(e, Replaced)
            key = (e.street, e.player)
            draw = discards.get(key)
            cards = _cards(e.count)
            if key in served:
                message = f"{e.player} is dealt {cards} a second time in this draw"
            elif draw is None:
                message = f"{e.player} is dealt {cards} without a discard in this draw"
            elif draw.pat or draw.count == 0:
                message = f"{e.player} stands pat but is dealt {cards} (line {draw.line})"
            elif draw.count != e.count:
                message = (
                    f"{e.player} discards {_cards(draw.count)} (line {draw.line}) but is dealt "
                    f"{cards}"
                )
            else:
                served[key] = e
                continue
            served.setdefault(key, e)
            out.append(make_finding(hand, Code.DRAW_REPLACED, message, e.line))
    for key, draw in discards.items():
        if draw.count and not draw.pat and key not in served and draw.player != hand.hero:
            out.append(
                make_finding(
                    hand,
                    Code.DRAW_REPLACED,
                    f"{draw.player} discards {_cards(draw.count)} but is never dealt the "
                    "replacements",
                    draw.line,
                )
            )
    return out


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"
