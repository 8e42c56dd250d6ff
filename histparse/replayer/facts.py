"""The replay's first job on every event: record what the line itself says.

Money put in (posts, bets, calls, raises, with the ``raises A to B`` totals of each betting
round), folds, shows, mucks, collections, uncalled bets, the section markers and the summary,
plus the checks that need only the lines (a post after the deal, a line labelled with another
street, ``raises A to B`` arithmetic, a summary line before the summary marker). The checks
after the pass read these facts as ``Replay.body`` (``LineFacts``, built by
``histparse.replayer.result``).

The engine is fed by the second job, ``histparse.replayer.feed.Feed``: a ``Facts`` that also
drives the engine. Each of its handlers records the line's facts here first, then feeds the
engine reading what it needs from them (the section, the money of an action). One object for
both jobs keeps the pass at one call per event (two objects cost 4% of the replay, measured).
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from histparse.engine import Phase
from histparse.events import (
    Action,
    Collected,
    DealtTo,
    Draw,
    Hand,
    HandCancelled,
    Mucks,
    Post,
    Reshuffle,
    Seat,
    Section,
    SectionMarker,
    Shows,
    SummaryPot,
    SummarySeat,
    UncalledBet,
)
from histparse.game import ActionKind, PostKind, Street
from histparse.ledger import LineLedger, header_big_blind
from histparse.money import hand_places, money_text
from histparse.replayer.findings import Code, Finding, make_finding
from histparse.replayer.steps import Move
from histparse.sites import SiteProfile, dealt_in_seats, draws_unrecorded, words_for

__all__ = ["FACT_HANDLERS", "RECORD_HANDLERS", "Cancelled", "Facts"]

_ZERO = Decimal(0)
_BLIND_POSTS = (PostKind.SMALL_BLIND, PostKind.BIG_BLIND, PostKind.SMALL_AND_BIG_BLIND)
# Enum members as module constants: Enum classes have a Python-level __getattr__ hook, which
# makes every ``Street.X`` lookup slow on the hot path.
_BETTING = Phase.BETTING
_CALL = ActionKind.CALL
_BET = ActionKind.BET
_RAISE = ActionKind.RAISE
_FOLD = ActionKind.FOLD
_CHECK = ActionKind.CHECK
_SMALL_AND_BIG_BLIND = PostKind.SMALL_AND_BIG_BLIND
_PREDEAL = Street.PREDEAL
_PREDRAW = Street.PREDRAW
_DRAW1 = Street.DRAW1
_SUMMARY = Street.SUMMARY
_S_SHOW_DOWN = Section.SHOW_DOWN

# The street of each section marker, keyed by the marker's text (``_value_``): string keys
# hash in C, enum members through a Python-level __hash__. Any other marker is the summary.
_SECTION_STREETS: dict[str, Street] = {
    Section.DEALING_HANDS.value: _PREDRAW,
    Section.FIRST_DRAW.value: _DRAW1,
    Section.SECOND_DRAW.value: Street.DRAW2,
    Section.THIRD_DRAW.value: Street.DRAW3,
    _S_SHOW_DOWN.value: Street.SHOWDOWN,
}


class Cancelled(Exception):
    """Raised at a 'Hand cancelled' line: the hand is not replayed (``driver.replay``)."""


class Facts:
    """The line facts of one replay, filled in event by event.

    ``increment`` and ``before`` are the money of the last action (what it adds, and what the
    player had in the round before it), for the feed to give the engine.
    """

    __slots__ = (
        "before",
        "cancelled",
        "collected",
        "contributed",
        "dealt_in",
        "dealt_to",
        "draw_lines",
        "draws",
        "findings",
        "first_show",
        "folds",
        "hand",
        "increment",
        "lines",
        "moves",
        "mucks",
        "posts",
        "profile",
        "reshuffles",
        "section_street",
        "sections",
        "shows",
        "summary_pot",
        "summary_seats",
        "sym",
        "uncalled",
        "unrecorded",
        "voluntary",
    )

    def __init__(
        self, hand: Hand, findings: list[Finding], draws: int, profile: SiteProfile
    ) -> None:
        self.hand = hand
        self.findings = findings
        self.draws = draws
        self.profile = profile
        self.sym = hand.layout.money_symbol
        self.cancelled = False
        self.dealt_in: tuple[str, ...] = ()
        # What the record's readers derive their rows from (replayer.derived): each post and
        # action with what it put in and the player's live total after it, the draw lines,
        # the 'Dealt to' lines and the reshuffles.
        self.moves: list[Move] = []
        self.draw_lines: list[Draw] = []
        self.dealt_to: list[DealtTo] = []  # the 'Dealt to' lines that show cards
        self.reshuffles: list[int] = []  # for each reshuffle, how many draw lines came before
        # A hand whose draws the site did not record (Winamax real money): its stand-pat
        # lines do not give the hero's final hand.
        self.unrecorded = draws_unrecorded(hand, profile)
        self.posts: list[Post] = []
        self.folds: dict[str, tuple[Street, int]] = {}
        self.shows: dict[str, Shows] = {}
        self.mucks: dict[str, Mucks] = {}
        self.collected: list[Collected] = []
        self.uncalled: list[UncalledBet] = []
        self.voluntary: set[str] = set()
        self.contributed: dict[str, Decimal] = {}
        # The lines' own money: live totals per betting round. The big blind caps the live part
        # of a 'small & big blinds' post: the header's until the engine's config says (the feed).
        self.lines = LineLedger(header_big_blind(hand))
        self.sections: list[SectionMarker] = []
        self.summary_pot: SummaryPot | None = None
        self.summary_seats: list[SummarySeat] = []
        self.section_street = _PREDEAL
        self.first_show: int | None = None
        self.increment = _ZERO
        self.before = _ZERO

    def add(self, code: Code, message: str, line: int | None = None) -> None:
        self.findings.append(make_finding(self.hand, code, message, line))

    def seat(self) -> list[Seat]:
        """Decide who is dealt in, once for the whole pass (``sites.dealt_in_seats``)."""
        seats = dealt_in_seats(self.hand, self.profile)
        self.dealt_in = tuple([s.player for s in seats])
        return seats

    def on_post(self, e: Post) -> None:
        self.posts.append(e)
        p = e.player
        kind = e.kind
        amount = e.amount
        contributed = self.contributed
        contributed[p] = contributed.get(p, _ZERO) + amount
        lines = self.lines
        live = lines.post(e)
        if self.section_street >= _PREDRAW:  # the feed does not book it either
            self.add(Code.STRUCT_SECTIONS, f"{p} posts a {kind.label} after the deal", e.line)
        # The post as the record keeps it: the step rows are made from it on first use
        # (histparse.replayer.derived), not here on the audit's hot path.
        self.moves.append((e, live, lines.live.get(p, _ZERO)))

    def on_section(self, e: SectionMarker) -> None:
        self.sections.append(e)
        section = e.section
        self.section_street = _SECTION_STREETS.get(section._value_, _SUMMARY)
        if section is _S_SHOW_DOWN and self.first_show is not None:
            self.add(Code.STRUCT_SECTIONS, "a 'shows' line before the showdown", self.first_show)

    def on_action(self, e: Action) -> None:
        p = e.player
        kind = e.kind
        street = e.street
        section_street = self.section_street
        # Streets are enum members: identity first, the ordering test only for a mismatch.
        if street is not section_street and section_street >= _PREDRAW:
            self.add(
                Code.STRUCT_STREET,
                f"{p}'s action is labelled {street.name} in the {section_street.name} section",
                e.line,
            )
        # The lines' own money (histparse.ledger): 'raises A to B' totals per betting round.
        lines = self.lines
        if street is not lines.street:
            lines.enter(street)
        before = _ZERO
        if kind is _BET or kind is _RAISE:
            before = lines.live.get(p, _ZERO)
            to = e.to_amount if e.to_amount is not None else (e.amount or _ZERO)
            if e.amount is not None:
                if kind is _RAISE:
                    self._raise_arithmetic(e, to)
                elif e.amount != to:
                    self.add(
                        Code.BET_RAISE_ARITHMETIC,
                        f"{p} bets {self.text(e.amount)} to {self.text(to)}",
                        e.line,
                    )
        elif kind is _FOLD and p not in self.folds:
            self.folds[p] = (street, e.line)
        # Booked after the checks above, which read the round as it was before this line.
        # ``LineLedger.action`` inlined (the rule is the ledger's; tests/test_ledger.py holds
        # the two together): this runs once per action line, the commonest line.
        if kind is _CALL:
            increment = e.amount or _ZERO
        elif kind is _BET or kind is _RAISE:
            increment = to - before
        else:
            increment = _ZERO
        if increment:
            live = lines.live
            total = live[p] = live.get(p, _ZERO) + increment
            self.contributed[p] = self.contributed.get(p, _ZERO) + increment
            self.voluntary.add(p)
            self.moves.append((e, increment, total))
        elif kind is _FOLD or kind is _CHECK:
            self.moves.append((e, increment, None))
        else:
            self.moves.append((e, increment, lines.live.get(p)))
        self.increment = increment
        self.before = before

    def _raise_arithmetic(self, e: Action, to: Decimal) -> None:
        """Check ``raises A to B``: B minus A must be the bet being raised."""
        amount = e.amount
        assert amount is not None
        current = self.wrong_bet_to_raise(to - amount)
        if current is not None:
            text = self.text
            self.add(
                Code.BET_RAISE_ARITHMETIC,
                f"{e.player} raises {text(amount)} to {text(to)} but the bet to raise is "
                f"{text(current)}",
                e.line,
            )

    def text(self, amount: Decimal) -> str:
        """``amount`` in the hand's own money, as every finding writes it (``money_text``)."""
        return money_text(amount, self.sym, hand_places(self.hand))

    def wrong_bet_to_raise(self, raised: Decimal) -> Decimal | None:
        """The bet to raise if ``raised`` (B minus A of ``raises A to B``) is not it, else None.
        Here the lines decide (their top bet in the round); the feed asks the engine."""
        top = self.lines.top()
        return None if raised == top else top

    def on_draw(self, e: Draw) -> None:
        self.draw_lines.append(e)
        if self.draws == 1 and self.section_street < _DRAW1:
            self.section_street = _DRAW1  # single draw: the draw lines open the round
        if e.street is not self.section_street:
            self.add(
                Code.STRUCT_STREET,
                f"{e.player}'s draw is labelled {e.street.name} in the "
                f"{self.section_street.name} section",
                e.line,
            )

    def on_dealt(self, e: DealtTo) -> None:
        self.dealt_to.append(e)

    def on_reshuffle(self, e: Reshuffle) -> None:
        # R-DRAW-3: the discards of the draw lines before it are back in the stub.
        self.reshuffles.append(len(self.draw_lines))

    def on_uncalled(self, e: UncalledBet) -> None:
        self.uncalled.append(e)

    def on_shows(self, e: Shows) -> None:
        if e.run == 2 and self.profile.runs_twice:
            return  # the second run's cards (the feed keeps them for the settlement)
        self.shows[e.player] = e
        if self.first_show is None:
            self.first_show = e.line

    def on_mucks(self, e: Mucks) -> None:
        self.mucks[e.player] = e

    def on_collected(self, e: Collected) -> None:
        self.collected.append(e)

    def _summary_line(self, line: int) -> None:
        if self.section_street is not _SUMMARY:
            marker = words_for(self.hand.site).markers[Section.SUMMARY]
            self.add(Code.STRUCT_SECTIONS, f"a summary line before '{marker}'", line)

    def on_summary_pot(self, e: SummaryPot) -> None:
        self._summary_line(e.line)
        self.summary_pot = e

    def on_summary_seat(self, e: SummarySeat) -> None:
        if not self.summary_seats:
            self._summary_line(e.line)
        self.summary_seats.append(e)


def _cancel(facts: Facts, event: HandCancelled) -> None:
    raise Cancelled


def _mark_cancelled(facts: Facts, event: HandCancelled) -> None:
    facts.cancelled = True


FACT_HANDLERS: dict[type, Callable[[Facts, Any], None]] = {
    Post: Facts.on_post,
    SectionMarker: Facts.on_section,
    Action: Facts.on_action,
    Draw: Facts.on_draw,
    DealtTo: Facts.on_dealt,
    Reshuffle: Facts.on_reshuffle,
    UncalledBet: Facts.on_uncalled,
    Collected: Facts.on_collected,
    Shows: Facts.on_shows,
    Mucks: Facts.on_mucks,
    SummaryPot: Facts.on_summary_pot,
    SummarySeat: Facts.on_summary_seat,
    HandCancelled: _cancel,
}
"""The facts job's handler of each event class (the others say nothing the checks need);
at 'Hand cancelled' the pass stops (``Cancelled``), for the engine's sake."""

RECORD_HANDLERS: dict[type, Callable[[Facts, Any], None]] = {
    **FACT_HANDLERS,
    HandCancelled: _mark_cancelled,
}
"""The facts alone to the end of the hand, with no engine to stop: a cancelled or partial
hand's record still holds what its lines say (``driver.read_facts``)."""
