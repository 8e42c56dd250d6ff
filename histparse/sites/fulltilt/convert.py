"""A hand made by code (the simulator's, in PokerStars' shape) as Full Tilt would print it.

``histparse generate --site fulltilt`` writes simulated sessions as Full Tilt text (the client
dialect). The same play, in Full Tilt's order and words: every discard of a draw first, then
the replacements (``is dealt N cards``, the hero's ``Dealt to [kept] [new]``); ``raises to`` only;
the uncontested winner ``mucks``; no cap or reshuffle line; a returning player's ``small & big
blinds`` as a dead small blind plus a live ``posts $x``; Full Tilt's hand descriptions; heads-up
the button tagged ``(small blind)`` alone. Lines that Full Tilt has no words for (PokerStars'
``joins the table``, ``has timed out``, tournament placings) are left out.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from histparse.events import (
    Action,
    CapReached,
    Chat,
    Collected,
    DealtTo,
    DoesntShow,
    Draw,
    Event,
    Hand,
    Mucks,
    PlayerStatus,
    Position,
    Post,
    PostKind,
    Replaced,
    Reshuffle,
    Section,
    SectionMarker,
    Shows,
    Source,
    StatusKind,
    SummaryPot,
    SummarySeat,
    UncalledBet,
)
from histparse.game import ActionKind, Game
from histparse.ranking import hand_rank
from histparse.sites.fulltilt.header import SITE
from histparse.sites.fulltilt.layout import FullTiltLayout
from histparse.sites.fulltilt.wording import STATUSES, describe

__all__ = ["as_full_tilt"]

_STATUS_MAP: Final = {
    StatusKind.JOINS: StatusKind.SITS_DOWN,
    StatusKind.LEAVES: StatusKind.STANDS_UP,
    StatusKind.SITS_OUT: StatusKind.IS_SITTING_OUT,
}
_DROPPED: Final = (CapReached, Reshuffle)


def _description(cards: tuple[object, ...] | None, text: str | None) -> str | None:
    if text is None or cards is None or len(cards) != 5:
        return text
    return describe(hand_rank(" ".join(map(str, cards))))


def _draw_block(block: list[Event], hero: str | None) -> list[Event]:
    """A draw's lines in Full Tilt's order: the discards and stand-pats, then the replacements
    in the same order (the hero's ``Dealt to`` in his place among them)."""
    discards: list[Event] = []
    replacements: list[Event] = []
    for e in block:
        if isinstance(e, Draw):
            discards.append(e)
            if e.count and e.player != hero:
                replacements.append(Replaced(e.street, e.player, e.count, line=0))
        elif isinstance(e, DealtTo):
            replacements.append(e)
        else:
            discards.append(e)
    return discards + replacements


def _events(hand: Hand) -> list[Event]:
    out: list[Event] = []
    block: list[Event] = []
    hero = hand.hero
    heads_up = len(hand.dealt_in()) == 2
    for e in hand.events:
        if isinstance(e, Draw | DealtTo) and (
            not isinstance(e, DealtTo) or e.new is not None or block
        ):
            block.append(e)
            continue
        if block:
            out += _draw_block(block, hero)
            block = []
        if isinstance(e, _DROPPED):
            continue
        if isinstance(e, Action) and e.kind is ActionKind.RAISE:
            e = replace(e, amount=None)
        elif isinstance(e, Post) and e.kind is PostKind.SMALL_AND_BIG_BLIND:
            big = hand.stakes[0]
            out.append(Post(e.player, PostKind.DEAD_BLIND, e.amount - big, line=0))
            e = Post(e.player, PostKind.BIG_BLIND, big, e.all_in, line=0)
        elif isinstance(e, DoesntShow):
            # Full Tilt's uncontested winner "mucks" before the "wins the pot" line.
            at = next(
                (
                    k
                    for k in range(len(out) - 1, -1, -1)
                    if isinstance(out[k], Collected) and out[k].player == e.player  # type: ignore[attr-defined]
                ),
                len(out),
            )
            out.insert(at, Mucks(e.player, line=0))
            continue
        elif isinstance(e, PlayerStatus):
            kind = _STATUS_MAP.get(e.kind, e.kind)
            if kind not in STATUSES:
                continue
            e = PlayerStatus(e.player, kind, line=0)
        elif isinstance(e, Shows):
            e = replace(e, description=_description(e.cards, e.description))
        elif isinstance(e, SummarySeat):
            positions = e.positions
            if heads_up and Position.SMALL_BLIND in positions:
                positions = tuple(p for p in positions if p is not Position.BUTTON)
            description = e.description
            if description is not None:
                description = _description(e.cards, description)
            e = replace(e, positions=positions, description=description)
        elif isinstance(e, Chat | SectionMarker | UncalledBet | Collected | Mucks | SummaryPot):
            pass
        elif not isinstance(e, Post | Action | DealtTo):
            continue  # tournament placings, "Hand cancelled": no Full Tilt words
        out.append(e)
    if block:
        out += _draw_block(block, hero)
    return out


def as_full_tilt(hand: Hand) -> Hand:
    """``hand`` (a 2-7 hand made by code) as a Full Tilt client-dialect hand, its lines
    renumbered from its first line. Its ``source`` is left to whoever writes it out."""
    if hand.game not in (Game.TRIPLE_DRAW_27, Game.SINGLE_DRAW_27):
        raise ValueError(f"Full Tilt hands of {hand.game.label} are not written")
    events = _events(hand)
    seats = tuple(replace(s, trailing="", line=0) for s in hand.seats if s.out_of_hand is None)
    first = hand.source.first_line or 1
    line = first + 1 + len(seats)
    renumbered: list[Event] = []
    button_at = -1
    for i, e in enumerate(events):
        if button_at < 0 and isinstance(e, SectionMarker) and e.section is Section.DEALING_HANDS:
            button_at = i
            line += 1
        renumbered.append(replace(e, line=line, trailing=""))
        line += 1
    seats = tuple(replace(s, line=first + 1 + k) for k, s in enumerate(seats))
    layout = FullTiltLayout(
        money_symbol=hand.layout.money_symbol,
        button_at=button_at,
        newline=getattr(hand.layout, "newline", "\r\n"),
    )
    return replace(
        hand,
        site=SITE,
        seats=seats,
        events=tuple(renumbered),
        layout=layout,
        source=Source(hand.source.path, first, line - 1, ""),
        buy_in=None,
        buy_in_currency=None,
        level=None,
        match_round=None,
        mixed_game=None,
        club=None,
        is_home_game=False,
        max_seats=hand.max_seats,
    )
