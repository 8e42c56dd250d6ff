"""A small builder of ``Hand`` objects from events, for hand-made table and stats fixtures.

The other ``test_tables*``/``test_stats*``/``test_plots*`` modules import ``HandBuilder`` from
here. Amounts are strings; a raise is given by its "to" total, as PokerStars writes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from factories import make_hand

from histparse.cards import parse_cards
from histparse.events import (
    Action,
    Collected,
    DealtTo,
    Draw,
    Event,
    Hand,
    HandCancelled,
    Mucks,
    Post,
    Seat,
    SeatOutcome,
    Section,
    SectionMarker,
    Shows,
    Source,
    SummaryPot,
    SummarySeat,
    UncalledBet,
)
from histparse.game import ActionKind, Game, LimitType, PostKind, Street

_DRAW_SECTIONS = {1: Section.FIRST_DRAW, 2: Section.SECOND_DRAW, 3: Section.THIRD_DRAW}
_POSTS = {
    "sb": PostKind.SMALL_BLIND,
    "bb": PostKind.BIG_BLIND,
    "ante": PostKind.ANTE,
    "sbbb": PostKind.SMALL_AND_BIG_BLIND,
    "dead": PostKind.DEAD_BLIND,
}
T0 = datetime(2020, 1, 1, 12, 0, tzinfo=UTC)


class HandBuilder:
    """Build a hand event by event; ``build()`` adds the summary (pot line and seat lines)."""

    def __init__(
        self,
        players: Sequence[str],
        *,
        button: int,
        seats: Sequence[int] | None = None,
        stacks: Sequence[str] | None = None,
        stakes: tuple[str, str] = ("0.10", "0.20"),
        limit: LimitType = LimitType.FIXED,
        game: Game = Game.TRIPLE_DRAW_27,
        hero: str | None = None,
        hand_id: str = "1",
        site: str = "PokerStars",
        started_at: datetime = T0,
        table: str = "Test I",
        currency: str | None = "USD",
    ) -> None:
        numbers = list(seats) if seats is not None else list(range(1, len(players) + 1))
        chips = list(stacks) if stacks is not None else ["10"] * len(players)
        self.seats = tuple(
            Seat(n, p, Decimal(s), line=i + 3)
            for i, (n, p, s) in enumerate(zip(numbers, players, chips, strict=True))
        )
        self.button = button
        self.stakes = (Decimal(stakes[0]), Decimal(stakes[1]))
        self.limit = limit
        self.game = game
        self.hero = hero
        self.hand_id = hand_id
        self.site = site
        self.started_at = started_at
        self.table = table
        self.currency = currency
        self.events: list[Event] = []
        self.street = Street.PREDRAW
        self.folded: set[str] = set()
        self.winners: set[str] = set()
        self.cancelled = False

    # ------------------------------------------------------------------ lines
    def _line(self) -> int:
        return len(self.seats) + 3 + len(self.events)

    def _add(self, event: Event) -> HandBuilder:
        self.events.append(event)
        return self

    def post(self, player: str, kind: str, amount: str, all_in: bool = False) -> HandBuilder:
        return self._add(Post(player, _POSTS[kind], Decimal(amount), all_in, line=self._line()))

    def sb(self, player: str, amount: str = "0.05", all_in: bool = False) -> HandBuilder:
        return self.post(player, "sb", amount, all_in)

    def bb(self, player: str, amount: str = "0.10", all_in: bool = False) -> HandBuilder:
        return self.post(player, "bb", amount, all_in)

    def deal(self) -> HandBuilder:
        return self._add(SectionMarker(Section.DEALING_HANDS, line=self._line()))

    def _act(
        self,
        player: str,
        kind: ActionKind,
        amount: str | None = None,
        to: str | None = None,
        all_in: bool = False,
    ) -> HandBuilder:
        a = None if amount is None else Decimal(amount)
        t = None if to is None else Decimal(to)
        return self._add(Action(self.street, player, kind, a, t, all_in, line=self._line()))

    def fold(self, player: str) -> HandBuilder:
        self.folded.add(player)
        return self._act(player, ActionKind.FOLD)

    def check(self, player: str) -> HandBuilder:
        return self._act(player, ActionKind.CHECK)

    def call(self, player: str, amount: str, all_in: bool = False) -> HandBuilder:
        return self._act(player, ActionKind.CALL, amount, None, all_in)

    def bet(self, player: str, amount: str, all_in: bool = False) -> HandBuilder:
        return self._act(player, ActionKind.BET, amount, amount, all_in)

    def raise_to(self, player: str, by: str, to: str, all_in: bool = False) -> HandBuilder:
        """``X: raises <by> to <to>`` (``by`` is the written increment over the last bet)."""
        return self._act(player, ActionKind.RAISE, by, to, all_in)

    def draw_round(self, k: int) -> HandBuilder:
        self.street = Street(k)
        return self._add(SectionMarker(_DRAW_SECTIONS[k], line=self._line()))

    def discard(
        self, player: str, n: int, cards: str | None = None, kept: str = "", new: str = ""
    ) -> HandBuilder:
        disc = None if cards is None else parse_cards(cards)
        self._add(Draw(self.street, player, n, disc, line=self._line()))
        if new:
            self._add(
                DealtTo(self.street, player, parse_cards(kept), parse_cards(new), line=self._line())
            )
        return self

    def pat(self, player: str, cards: str | None = None) -> HandBuilder:
        pc = None if cards is None else parse_cards(cards)
        return self._add(Draw(self.street, player, 0, None, True, pc, line=self._line()))

    def dealt(self, player: str, cards: str) -> HandBuilder:
        return self._add(DealtTo(Street.PREDRAW, player, parse_cards(cards), line=self._line()))

    def uncalled(self, player: str, amount: str) -> HandBuilder:
        return self._add(UncalledBet(player, Decimal(amount), line=self._line()))

    def showdown(self) -> HandBuilder:
        self.street = Street.SHOWDOWN
        return self._add(SectionMarker(Section.SHOW_DOWN, line=self._line()))

    def show(self, player: str, cards: str) -> HandBuilder:
        return self._add(Shows(player, parse_cards(cards), line=self._line()))

    def muck(self, player: str) -> HandBuilder:
        return self._add(Mucks(player, line=self._line()))

    def collect(self, player: str, amount: str, pot: str = "pot") -> HandBuilder:
        self.winners.add(player)
        return self._add(Collected(player, Decimal(amount), pot, line=self._line()))

    def cancel(self) -> HandBuilder:
        self.cancelled = True
        return self._add(HandCancelled(line=self._line()))

    # ------------------------------------------------------------------ build
    def build(self, rake: str = "0", total: str | None = None) -> Hand:
        """Close the hand. ``total`` defaults to what was collected plus the rake (the site's
        own identity), so tests of ``invested`` stay independent of the builder."""
        self._add(SectionMarker(Section.SUMMARY, line=self._line()))
        if not self.cancelled:
            won = sum((e.amount for e in self.events if isinstance(e, Collected)), start=Decimal(0))
            pot = Decimal(total) if total is not None else won + Decimal(rake)
            self._add(SummaryPot(pot, Decimal(rake), line=self._line()))
        for s in self.seats:
            if s.player in self.folded:
                outcome = SeatOutcome.FOLDED_BEFORE_DRAW
            elif s.player in self.winners:
                outcome = SeatOutcome.COLLECTED
            else:
                outcome = SeatOutcome.MUCKED
            self._add(SummarySeat(s.seat, s.player, (), outcome, line=self._line()))
        last = self._line() - 1
        return make_hand(
            site=self.site,
            hand_id=self.hand_id,
            game=self.game,
            limit_type=self.limit,
            stakes=self.stakes,
            currency=self.currency,
            is_tournament=self.currency is None,
            started_at=self.started_at,
            table_name=self.table,
            button_seat=self.button,
            seats=self.seats,
            hero=self.hero,
            events=self.events,
            source=Source("<test>", 1, last, ""),
        )


def minutes(n: int) -> datetime:
    """``T0`` plus ``n`` minutes."""
    return T0 + timedelta(minutes=n)


def test_builder_makes_a_consistent_hand() -> None:
    h = HandBuilder(["A", "B"], button=1).sb("A").bb("B").deal().fold("A")
    hand = h.uncalled("B", "0.05").collect("B", "0.10").build()
    assert hand.players == ("A", "B")
    pot = hand.events_of(SummaryPot)[0]
    assert (pot.total, pot.rake) == (Decimal("0.10"), Decimal(0))
    assert [e.line for e in hand.events] == sorted(e.line for e in hand.events)
