"""The cards the replay knows: the hero's, line by line, and the ones revealed at showdown.

The hero's first ``Dealt to`` line gives the engine the only known hand of the deal; each hero
draw is checked against the hand held (``CARD-HERO-DRAW``) and the hero's show or muck against
it (``CARD-HERO-SHOW``). A bad hero line makes the hero's cards unknown to the engine rather
than reporting every later card again. Called by the feed (``histparse.replayer.feed``), which
gives the engine what this finds.
"""

from __future__ import annotations

from collections.abc import Sequence

from histparse.cards import Card, format_hand
from histparse.engine import HandState
from histparse.events import (
    Action,
    Chat,
    Clock,
    DealtTo,
    Draw,
    Emote,
    Event,
    Hand,
    Mucks,
    PlayerStatus,
    Replaced,
    Reshuffle,
    Shows,
    TopUp,
)
from histparse.game import Street
from histparse.replayer.checks.cards import hero_draw, is_hand
from histparse.replayer.findings import Code, Finding, make_finding

__all__ = ["HeroCards"]

_PREDRAW = Street.PREDRAW
# Lines that may stand between a hero's draw and the 'Dealt to' line that answers it. Full
# Tilt prints every discard of the draw first, then the replacements in the same order, so the
# other players' discard and 'is dealt' lines (and its clock, emote and top-up lines) may too.
_BETWEEN_DRAW_AND_DEALT = (Chat, PlayerStatus, Reshuffle, Replaced, Clock, Emote, TopUp)


class HeroCards:
    """The hero's cards over one replay, and the cards revealed so far."""

    __slots__ = (
        "consumed_dealt",
        "events",
        "findings",
        "hand",
        "hero",
        "hero_hand",
        "hero_listed",
        "revealed",
    )

    def __init__(self, hand: Hand, findings: list[Finding]) -> None:
        self.hand = hand
        self.findings = findings
        self.events: Sequence[Event] = hand.events
        self.hero = hand.hero
        # The hand the hero holds (None when unknown or inconsistent), and the one the last
        # 'Dealt to' line listed.
        self.hero_hand: tuple[Card, ...] | None = None
        self.hero_listed: tuple[Card, ...] | None = None
        self.consumed_dealt: set[int] = set()  # 'Dealt to' lines already read ahead
        self.revealed: dict[Card, str] = {}

    def add(self, code: Code, message: str, line: int | None = None) -> None:
        self.findings.append(make_finding(self.hand, code, message, line))

    def _initial_hand(self, index: int) -> tuple[Card, ...] | None:
        """The hero's first ``Dealt to`` cards (looked up ahead of the event at ``index``)."""
        events = self.events
        for k in range(index, len(events)):
            e = events[k]
            if type(e) is DealtTo:
                if e.new is None and e.street <= _PREDRAW:
                    self.consumed_dealt.add(k)
                    return e.kept
                return None
            if type(e) is Action or type(e) is Draw:
                return None
        return None

    def deal(self, index: int, dealt_in: tuple[str, ...]) -> dict[str, tuple[Card, ...]]:
        """The known hands of the deal at the event at ``index``: the hero's, when the lines
        give a consistent one."""
        cards = self._initial_hand(index)
        known: dict[str, tuple[Card, ...]] = {}
        hero = self.hero
        if cards is not None and hero is not None:
            self.hero_listed = cards
            if not is_hand(cards):
                code = Code.CARD_DUPLICATE if len(set(cards)) != len(cards) else Code.CARD_COUNT
                line = self.events[min(self.consumed_dealt)].line
                self.add(code, f"{hero} is dealt {format_hand(cards)}", line)
            elif hero in dealt_in:
                known[hero] = cards
                self.hero_hand = cards
        return known

    def on_dealt(self, e: DealtTo, index: int, engine_off: bool) -> None:
        """A ``Dealt to`` line not read ahead: the hero's hand when the engine is not running,
        else a line that does not answer a draw."""
        if index in self.consumed_dealt:
            return
        if e.new is None and e.street <= _PREDRAW and engine_off:
            self.hero_listed = e.kept
            if is_hand(e.kept):
                self.hero_hand = e.kept
            return
        self.add(Code.CARD_HERO_DRAW, f"'Dealt to {e.player}' does not follow a draw", e.line)

    def _dealt_after(self, player: str, index: int) -> DealtTo | None:
        """The ``Dealt to`` line that answers the draw at ``index``."""
        events = self.events
        for k in range(index + 1, len(events)):
            e = events[k]
            if type(e) is DealtTo:
                if e.player != player:
                    return None
                self.consumed_dealt.add(k)
                return e
            if type(e) is Draw and e.player != player:
                continue
            if not isinstance(e, _BETWEEN_DRAW_AND_DEALT):
                return None
        return None

    def draw(self, e: Draw, index: int) -> tuple[tuple[Card, ...] | None, tuple[Card, ...] | None]:
        """Check the hero's draw at ``index``: the cards discarded and received, for the engine
        (None when not known)."""
        p = e.player
        dealt = self._dealt_after(p, index)
        if dealt is None and e.drawn:
            dealt = self._dealt_on_line(e)
        verdict = hero_draw(p, self.hero_hand, self.hero_listed, e, dealt)
        for code, message, on_dealt in verdict.problems:
            self.add(code, message, dealt.line if on_dealt and dealt is not None else e.line)
        self.hero_hand = verdict.hand
        self.hero_listed = verdict.listed
        return verdict.discarded, verdict.received

    def _dealt_on_line(self, e: Draw) -> DealtTo:
        """The hand after a draw whose line names the new cards itself (Kings Club's
        ``discards [..] draws [..]``): what is kept, then the first run's new cards."""
        pool = self.hero_hand if self.hero_hand is not None else self.hero_listed
        discarded = e.discarded or ()
        kept = tuple(c for c in pool if c not in discarded) if pool is not None else ()
        return DealtTo(e.street, e.player, kept, e.drawn[0], line=e.line)

    def learn(self, state: HandState) -> None:
        """After a hero draw: the hand the engine holds for the hero, if fully known."""
        if self.hero_hand is None and self.hero is not None:
            known = state.hand_of(self.hero)
            if len(known) == 5 and None not in known:
                self.hero_hand = tuple(c for c in known if c is not None)

    def shows(self, e: Shows) -> bool:
        """Check a show against the hero's hand; True if it differs (reported)."""
        p = e.player
        cards = e.cards
        held = self.hero_hand if p == self.hero else None
        mismatch = held is not None and cards != held and sorted(cards) != sorted(held)
        if held is not None and mismatch:
            self.add(
                Code.CARD_HERO_SHOW,
                f"{p} shows {format_hand(cards)} but holds {format_hand(held)}",
                e.line,
            )
        return mismatch

    def mucks(self, e: Mucks, cards: tuple[Card, ...] | None) -> bool:
        """Check a muck of ``cards`` (from the summary) against the hero's hand; True if it
        differs (reported)."""
        p = e.player
        held = self.hero_hand if p == self.hero else None
        mismatch = (
            cards is not None
            and held is not None
            and cards != held
            and sorted(cards) != sorted(held)
        )
        if mismatch and cards is not None and held is not None:
            self.add(
                Code.CARD_HERO_SHOW,
                f"{p} mucks {format_hand(cards)} but holds {format_hand(held)}",
                e.line,
            )
        return mismatch

    def reveal(self, p: str, cards: tuple[Card, ...], line: int, reported: bool) -> bool:
        """Record the cards ``p`` reveals; a card another player revealed (or the hero holds)
        cannot be in this hand too. True if anything is reported (now or before)."""
        hero = self.hero_hand if p != self.hero else None
        revealed = self.revealed
        for c in cards:
            owner = revealed.get(c)
            if owner is None and hero is not None and c in hero:
                owner = self.hero
            if owner is not None and owner != p:
                self.add(Code.CARD_DUPLICATE, f"{p} reveals {c}, which {owner} holds", line)
                reported = True
            else:
                revealed[c] = p
        return reported
