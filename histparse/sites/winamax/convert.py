"""A hand made by code (the simulator's, in PokerStars' shape) as Winamax would print it.

``histparse generate --site winamax`` writes simulated sessions in the history viewer's export
dialect, the one whose draws are recorded (``discard 2 cards``; no ``Dealt to`` line, so no
hero cards). The same play in Winamax's shape: ``raises A to B``; an extra big blind posted
``out of position``; no uncalled-bet, muck or ``doesn't show`` line; the winner's collection,
``won`` and the ``Total pot`` include their own uncalled bet and the total is net of rake; the
summary lists only the winners and the players who showed, heads-up the button tagged
``(small blind) (button)``. Chat, status and cap lines have no Winamax words and are left out.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from typing import Final

from histparse.events import (
    Action,
    Collected,
    Draw,
    Event,
    Hand,
    Position,
    Post,
    PostKind,
    SeatOutcome,
    SectionMarker,
    Shows,
    Source,
    SummaryPot,
    SummarySeat,
    UncalledBet,
)
from histparse.game import Game
from histparse.ranking import hand_rank
from histparse.sites.winamax.layout import WinamaxLayout
from histparse.sites.winamax.read import SITE
from histparse.sites.winamax.wording import describe

__all__ = ["as_winamax"]

_ZERO: Final = Decimal(0)
_EXPORT_TRAILING: Final = " "  # the export's -BET and -DRAW markers end in a space
_SHOWN: Final = (SeatOutcome.COLLECTED, SeatOutcome.SHOWED_WON, SeatOutcome.SHOWED_LOST)


def _events(hand: Hand) -> tuple[list[Event], list[int], list[int]]:
    """The events, the indexes of the posts printed ``out of position`` and of the draw
    markers (which end in a space in the export)."""
    back: dict[str, Decimal] = {}
    for e in hand.events:
        if isinstance(e, UncalledBet):
            back[e.player] = back.get(e.player, _ZERO) + e.amount
    takers = {e.player for e in hand.events if isinstance(e, Collected)}
    # Only a winner's own uncalled bet is in the collection and the total (a reading).
    back = {p: a for p, a in back.items() if p in takers}
    returned = sum(back.values(), _ZERO)
    heads_up = len(hand.dealt_in()) == 2
    out: list[Event] = []
    oop: list[int] = []
    spaced: list[int] = []
    big_blind_seen = False
    credited: set[str] = set()
    for e in hand.events:
        if isinstance(e, Post):
            if e.kind is PostKind.BIG_BLIND:
                if big_blind_seen:
                    oop.append(len(out))
                big_blind_seen = True
            elif e.kind is not PostKind.SMALL_BLIND and e.kind is not PostKind.ANTE:
                raise ValueError(f"hand {hand.hand_id}: Winamax has no {e.kind.label} post")
        elif isinstance(e, SectionMarker):
            if e.section.value.startswith("draw") or e.section.value == "deal":
                spaced.append(len(out))
        elif isinstance(e, Draw):
            e = Draw(e.street, e.player, e.count, line=0)  # the export prints counts only
        elif isinstance(e, Shows):
            e = replace(e, description=describe(hand_rank(" ".join(map(str, e.cards)))))
        elif isinstance(e, Collected):
            if e.player in back and e.player not in credited:
                credited.add(e.player)
                e = replace(e, amount=e.amount + back[e.player])
            e = replace(e, pot="pot" if e.pot == "main pot" else e.pot)
        elif isinstance(e, SummaryPot):
            e = SummaryPot(e.total - e.rake + returned, e.rake, line=0)
        elif isinstance(e, SummarySeat):
            if e.outcome not in _SHOWN:
                continue
            positions = e.positions
            if heads_up and Position.SMALL_BLIND in positions:
                positions = (Position.SMALL_BLIND, Position.BUTTON)
            amount = e.amount
            if amount is not None and e.player in back:
                amount += back[e.player]
            description = e.description
            if e.cards is not None and len(e.cards) == 5:
                description = describe(hand_rank(" ".join(map(str, e.cards))))
            e = replace(e, positions=positions, amount=amount, description=description)
        elif not isinstance(e, Action):
            continue  # uncalled bets, mucks, chat, status lines: no Winamax line
        out.append(e)
    return out, oop, spaced


def as_winamax(hand: Hand) -> Hand:
    """``hand`` (a 2-7 Triple Draw hand made by code) as a Winamax export hand, its lines
    renumbered from its first line. Its ``source`` is left to whoever writes it out."""
    if hand.game is not Game.TRIPLE_DRAW_27:
        raise ValueError(f"Winamax hands of {hand.game.label} are not written")
    events, oop, spaced = _events(hand)
    seats = tuple(replace(s, trailing="", sitting_out=False) for s in hand.dealt_in())
    first = hand.source.first_line or 1
    seats = tuple(replace(s, line=first + 2 + k) for k, s in enumerate(seats))
    line = first + 2 + len(seats) + 1  # the header, the table, the seats, ANTE/BLINDS
    renumbered: list[Event] = []
    markers: list[tuple[int, str]] = []
    pending = False
    for k, e in enumerate(events):
        if isinstance(e, SectionMarker):
            pending = e.section.value.startswith("draw")
        elif pending and isinstance(e, Action):
            markers.append((k, _EXPORT_TRAILING))
            pending = False
            line += 1
        trailing = _EXPORT_TRAILING if k in spaced else ""
        renumbered.append(replace(e, line=line, trailing=trailing))
        line += 1
    stamp = int(hand.started_at.timestamp())
    layout = WinamaxLayout(
        money_symbol="",
        money_suffix="",
        game_word="Lowball27",
        real_money=False,
        bet_markers=tuple(markers),
        details=tuple((k, "oop") for k in oop),
        newline=getattr(hand.layout, "newline", "\r\n"),
    )
    return replace(
        hand,
        site=SITE,
        hand_id=f"{hand.hand_id}-1-{stamp}",
        seats=seats,
        events=tuple(renumbered),
        layout=layout,
        hero=None,
        source=Source(hand.source.path, first, line - 1, ""),
        currency=None,
        is_play_money=True,
        is_tournament=False,
        tournament_id=None,
        buy_in=None,
        buy_in_currency=None,
        level=None,
        match_round=None,
        mixed_game=None,
        club=None,
        is_home_game=False,
        max_seats=hand.max_seats or 6,
    )
