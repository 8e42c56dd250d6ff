"""Play one hand through the rules engine and build the ``Hand`` PokerStars would print.

The engine (``HandState`` with a seeded ``Dealer``) decides everything about the money and the
cards; this module asks the bots for decisions and turns each step into the event the parser
would read from PokerStars' line for it, with PokerStars' wording choices (docs/formats.md §1):

* antes (from the small blind round), then the small blind, the big blind and new players'
  extra big blinds, ``*** DEALING HANDS ***`` and the hero's ``Dealt to``;
* ``raises A to B`` with ``A`` the raise over the bet faced and ``B`` the round total,
  ``Betting is capped`` after the capping bet, ``Uncalled bet`` before ``collected``;
* ``The deck is reshuffled`` just before the line of the player whose draw runs the stub out;
* the hero's discards with cards and ``Dealt to X [kept] [new]``, ``stands pat on [..]``;
* at the showdown, pot by pot from the last side pot down to the main pot: the players of that
  pot show or muck in showdown order (R-SHOW-1), then the pot's ``collected`` lines; a player
  only mucks a hand already beaten by a shown hand that covers every pot they play for, so
  mucking never changes who wins;
* one side pot is ``side pot``/``Side pot``, several are numbered (``side pot-1``); the main
  pot in the summary is net of the rake, which comes off the main pot;
* summary seat lines with position tags from the seats dealt in; ``(didn't bet)`` for a player
  who folded before the draw without posting a blind or putting money in (antes do not count).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Final, cast

from histparse.cards import DECK, Card
from histparse.engine import Dealer, GameConfig, HandState, LegalActions, Phase, Settlement
from histparse.engine import Seat as EngineSeat
from histparse.engine.positions import clockwise_from, expected_blinds
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
    Reshuffle,
    Seat,
    SeatOutcome,
    Section,
    SectionMarker,
    Shows,
    Source,
    StatusKind,
    SummaryPot,
    SummarySeat,
    TournamentFinish,
    TournamentWin,
    UncalledBet,
)
from histparse.game import ActionKind, Game, LimitType, PostKind, Street
from histparse.ranking import describe_rank, rank_parsed
from histparse.simulation.bots import (
    BotProfile,
    DrawPolicy,
    Preflop,
    choose_action,
    choose_preflop,
    plan_draw,
)
from histparse.simulation.cheats import Cheats
from histparse.simulation.deal import DrawRecord, FullDeal
from histparse.simulation.money import Units
from histparse.simulation.names import CHAT_TEXTS
from histparse.simulation.ranges import start_share
from histparse.simulation.rig import RiggedDealer
from histparse.sites.pokerstars import PokerStarsLayout

_BETTING: Final = Phase.BETTING
_DRAWING: Final = Phase.DRAWING
_FOLD: Final = ActionKind.FOLD
_CHECK: Final = ActionKind.CHECK
_CALL: Final = ActionKind.CALL
_BET: Final = ActionKind.BET
_RAISE: Final = ActionKind.RAISE
_STREETS: Final = (Street.PREDRAW, Street.DRAW1, Street.DRAW2, Street.DRAW3)
_DRAW_SECTIONS: Final = (None, Section.FIRST_DRAW, Section.SECOND_DRAW, Section.THIRD_DRAW)
_FOLD_OUTCOME: Final = {
    Street.PREDRAW: SeatOutcome.FOLDED_BEFORE_DRAW,
    Street.DRAW1: SeatOutcome.FOLDED_AFTER_1ST_DRAW,
    Street.DRAW2: SeatOutcome.FOLDED_AFTER_2ND_DRAW,
    Street.DRAW3: SeatOutcome.FOLDED_AFTER_3RD_DRAW,
}
_SNOW_CHANCE: Final = 0.35
_DOESNT_SHOW_CHANCE: Final = 0.45
_TIMEOUT_CHANCE: Final = 0.01
_JOIN_PRINT_CHANCE: Final = 0.08


@dataclass(slots=True)
class SimPlayer:
    """A player at a simulated table; ``new`` players post an extra big blind when first dealt
    in (cash)."""

    name: str
    seat: int
    stack: int
    bot: BotProfile
    new: bool = False


@dataclass(frozen=True, slots=True)
class TableFacts:
    """The header facts shared by every hand of a table (see ``Hand`` for their meaning)."""

    limit_type: LimitType
    currency: str | None
    is_tournament: bool
    tournament_id: str | None
    buy_in: tuple[Decimal, ...] | None
    buy_in_currency: str | None
    table_name: str
    max_seats: int
    layout: PokerStarsLayout


@dataclass(slots=True)
class HandSetup:
    """Everything one hand needs from its table.

    ``players`` are dealt in (seat order); ``waiting`` are new players sitting out until the
    button passes them; ``joiners`` (name, seat) and ``leavers`` are announced during the hand.
    ``places_left`` and ``prizes`` (by place, in buy-in currency) are for tournaments.
    """

    facts: TableFacts
    hand_id: str
    started_at: datetime
    local_time: str
    stakes: tuple[Decimal, Decimal]
    level: int | None
    config: GameConfig
    button: int
    players: list[SimPlayer]
    hero: str
    first_line: int
    path: str
    bom: bool = False
    waiting: list[str] = field(default_factory=list)
    joiners: list[tuple[str, int]] = field(default_factory=list)
    leavers: list[str] = field(default_factory=list)
    rake_percent: tuple[int, int] = (0, 1)
    rake_cap: int = 0
    chat_rate: float = 0.0
    muck_chance: float = 0.8
    tie_deal: bool = False
    places_left: int | None = None
    prizes: dict[int, Decimal] = field(default_factory=dict)
    prize_symbol: str = "$"
    record_cards: bool = False
    rig_hero: float = 0.0
    rig_draws_only: bool = False
    cheats: Cheats | None = None  # the integrity benchmark's superusers and colluders


@dataclass(frozen=True, slots=True)
class HandResult:
    """A played hand: the ``Hand``, every dealt-in player's stack after it, the engine's
    settlement and, when ``HandSetup.record_cards`` asked for it, the full deal."""

    hand: Hand
    stacks: dict[str, int]
    settlement: Settlement
    deal: FullDeal | None = None


class _Builder:
    """One hand: drives the engine, collects events with their line numbers."""

    __slots__ = (
        "bots",
        "dealt",
        "draw_log",
        "engine",
        "events",
        "folded_on",
        "hero",
        "joiners",
        "leavers",
        "line",
        "marker",
        "names",
        "pre",
        "rigged",
        "rng",
        "setup",
        "shown",
        "snowing",
        "strength",
        "units",
        "voluntary",
    )

    def __init__(self, setup: HandSetup, units: Units, rng: random.Random) -> None:
        self.setup = setup
        self.units = units
        self.rng = rng
        self.hero = setup.hero
        self.names = [p.name for p in setup.players]
        self.bots = {p.name: p.bot for p in setup.players}
        self.events: list[Event] = []
        self.line = setup.first_line + 2 + len(setup.players)
        self.folded_on: dict[str, Street] = {}
        self.voluntary: set[str] = set()
        self.snowing: set[str] = set()
        self.strength: dict[str, tuple[int, float]] = {}
        self.pre = _RoundZero(setup)
        self.marker = 0
        self.shown: tuple[list[str], dict[str, tuple[Card, ...]], dict[str, int]] | None = None
        self.joiners = list(setup.joiners)
        self.leavers = list(setup.leavers)
        self.dealt: tuple[tuple[str, tuple[Card, ...]], ...] = ()
        self.draw_log: list[DrawRecord] | None = [] if setup.record_cards else None
        dealer: Dealer
        self.rigged: RiggedDealer | None = None
        if setup.rig_hero and not setup.tie_deal:
            # Only here is the rng asked for the rig's coins: fair runs deal as they always did.
            dealer = self.rigged = RiggedDealer(
                setup.rig_hero, rng, -1, draws_only=setup.rig_draws_only
            )
        else:
            dealer = Dealer(rng=rng, order=self._tie_deck() if setup.tie_deal else None)
        seats = [EngineSeat(p.seat, p.name, p.stack) for p in setup.players]
        self.engine = HandState(setup.config, seats, setup.button, dealer=dealer)
        if self.rigged is not None and self.hero in self.names:
            self.rigged.player_index = self.engine.deal_order().index(self.hero)

    # -- small helpers ----------------------------------------------------------------------

    def _next_line(self) -> int:
        line = self.line
        self.line = line + 1
        return line

    def _noise(self) -> None:
        """Chat and announced joins between two lines, at their rates."""
        rng = self.rng
        if rng.random() < self.setup.chat_rate:
            self.events.append(
                Chat(rng.choice(self.names), rng.choice(CHAT_TEXTS), line=self._next_line())
            )
        if self.joiners and rng.random() < _JOIN_PRINT_CHANCE:
            self._join(self.joiners.pop(0))

    def _join(self, joiner: tuple[str, int]) -> None:
        name, seat = joiner
        self.events.append(
            PlayerStatus(name, StatusKind.JOINS, seat, False, line=self._next_line(), trailing=" ")
        )

    def _leave(self, name: str) -> None:
        self.events.append(PlayerStatus(name, StatusKind.LEAVES, line=self._next_line()))

    def _tie_deck(self) -> list[Card]:
        """A stacked deck giving two players the same eight-high (or better) no-pair hand in
        different suits, so that they tie if both stay to the showdown (R-RANK-6)."""
        rng = self.rng
        players = self.setup.players
        seats = [p.seat for p in players]
        order = clockwise_from(seats, self.setup.button)
        n = len(order)
        a, b = rng.sample(range(n), 2)
        while True:
            ranks = sorted(rng.sample(range(7), 5))
            if ranks[4] - ranks[0] != 4:
                break
        suits_a = [rng.randrange(4) for _ in ranks]
        if len(set(suits_a)) == 1:
            suits_a[0] = (suits_a[0] + 1) % 4
        suits_b = [(s + rng.randrange(1, 4)) % 4 for s in suits_a]
        if len(set(suits_b)) == 1:
            # Any suit other than A's for this rank and B's common suit breaks the flush.
            suits_b[0] = next(s for s in range(4) if s not in (suits_a[0], suits_b[1]))
        hand_a = [DECK[r * 4 + s] for r, s in zip(ranks, suits_a, strict=True)]
        hand_b = [DECK[r * 4 + s] for r, s in zip(ranks, suits_b, strict=True)]
        rest = [c for c in DECK if c not in hand_a and c not in hand_b]
        rng.shuffle(rest)
        hands: list[list[Card]] = []
        for k in range(n):
            if k == a:
                hands.append(hand_a)
            elif k == b:
                hands.append(hand_b)
            else:
                hands.append([rest.pop() for _ in range(5)])
        deck = [hands[k][j] for j in range(5) for k in range(n)]
        return deck + rest

    # -- the hand ---------------------------------------------------------------------------

    def play(self) -> HandResult:
        setup = self.setup
        engine = self.engine
        events = self.events
        dec = self.units.dec
        self._posts()
        engine.deal()
        if self.draw_log is not None:
            self.dealt = tuple((name, self._cards(name)) for name in engine.deal_order())
        events.append(SectionMarker(Section.DEALING_HANDS, line=self._next_line()))
        hero_cards = self._cards(self.hero)
        events.append(DealtTo(Street.PREDRAW, self.hero, hero_cards, line=self._next_line()))
        for returned in engine.uncalled_bets:
            events.append(
                UncalledBet(returned.player, dec(returned.amount), line=self._next_line())
            )
        phase = engine.phase
        while phase is _BETTING or phase is _DRAWING:
            if phase is _BETTING:
                self._act()
            else:
                self._draw()
            self._noise()
            phase = engine.phase
        uncontested = phase is Phase.UNCONTESTED
        settlement = self._uncontested() if uncontested else self._showdown()
        stacks = {p.player: p.final_stack for p in settlement.players}
        self._tournament_lines(stacks)
        for joiner in self.joiners:
            self._join(joiner)
        for name in self.leavers:
            self._leave(name)
        if not setup.facts.is_tournament:
            for p in setup.players:
                if stacks[p.name] == 0 and p.name not in setup.leavers:
                    self._leave(p.name)
        self._summary(settlement)
        hand = self._hand()
        deal = None
        if self.draw_log is not None:
            deal = FullDeal(
                hand.hand_id,
                self.dealt,
                tuple(self.draw_log),
                tuple((p.name, dec(stacks[p.name])) for p in setup.players),
                dec(settlement.rake),
            )
        return HandResult(hand, stacks, settlement, deal)

    def _cards(self, name: str) -> tuple[Card, ...]:
        # The dealer deals every card, so the engine knows them all.
        return cast(tuple[Card, ...], self.engine.hand_of(name))

    def _posts(self) -> None:
        setup = self.setup
        engine = self.engine
        events = self.events
        dec = self.units.dec
        for name in setup.waiting:
            events.append(
                PlayerStatus(name, StatusKind.ALLOWED_AFTER_BUTTON, line=self._next_line())
            )
        blinds = expected_blinds(setup.button, [p.seat for p in setup.players])
        by_seat = {p.seat: p for p in setup.players}
        order = clockwise_from([p.seat for p in setup.players], blinds.small_blind)
        all_in: set[str] = set()
        if setup.config.ante:
            # Antes go in before the blinds, from the small blind round the table.
            for seat in order:
                name = by_seat[seat].name
                r = engine.post(name, PostKind.ANTE)
                events.append(
                    Post(name, PostKind.ANTE, dec(r.amount), r.all_in, line=self._next_line())
                )
                if r.all_in:
                    all_in.add(name)
        for seat, kind in (
            (blinds.small_blind, PostKind.SMALL_BLIND),
            (blinds.big_blind, PostKind.BIG_BLIND),
        ):
            name = by_seat[seat].name
            if name in all_in:
                continue
            r = engine.post(name, kind)
            self.voluntary.add(name)
            events.append(Post(name, kind, dec(r.amount), r.all_in, line=self._next_line()))
        for seat in clockwise_from([p.seat for p in setup.players], blinds.big_blind):
            p = by_seat[seat]
            if p.new and seat != blinds.big_blind and p.name not in all_in:
                r = engine.post(p.name, PostKind.BIG_BLIND)
                self.voluntary.add(p.name)
                events.append(
                    Post(
                        p.name, PostKind.BIG_BLIND, dec(r.amount), r.all_in, line=self._next_line()
                    )
                )

    def _hand_strength(self, name: str, round_number: int) -> float:
        cached = self.strength.get(name)
        if cached is not None and cached[0] == round_number:
            return cached[1]
        bot = self.bots[name]
        snowing = name in self.snowing
        cards = self._cards(name)
        value = plan_draw(cards, 3 - round_number, bot.draw, snowing, bot.keep)[1]
        self.strength[name] = (round_number, value)
        return value

    def _live(self) -> dict[str, tuple[Card, ...]]:
        """Every live player's cards (what a cheating seat sees)."""
        engine = self.engine
        return {n: self._cards(n) for n in self.names if engine.is_live(n)}

    def _act(self) -> None:
        engine = self.engine
        events = self.events
        dec = self.units.dec
        rng = self.rng
        name = engine.to_act
        assert name is not None
        legal = engine.legal_actions()
        rnd = engine.round_number
        bot = self.bots[name]
        config = self.setup.config
        cheats = self.setup.cheats
        live = self._live() if cheats is not None and name in cheats.seats else None
        if rnd == 0:
            share = start_share(self._cards(name))
            if live is not None:
                assert cheats is not None
                share = cheats.share(name, share, live)
            spot = self.pre.spot(name, share)
            kind, to = choose_preflop(
                bot, legal, spot, engine.pot, config.limit, config.big_blind, rng
            )
            strength = 1.0 - share
        else:
            strength = self._hand_strength(name, rnd)
            if live is not None:
                assert cheats is not None
                strength = cheats.strength(name, bot, rnd, strength, live)
            first_bet = rnd == 1 and name == self.pre.raiser
            kind, to = choose_action(
                bot,
                legal,
                strength,
                engine.pot,
                config.limit,
                config.big_blind,
                rng,
                rnd == 3,
                first_bet,
            )
        if live is not None:
            assert cheats is not None
            kind, to = cheats.adjust(name, kind, to, legal, live, strength)
        if rnd == 0:
            self.pre.saw(name, kind, legal)
        street = _STREETS[rnd]
        timed_out = kind is _FOLD and name != self.hero and rng.random() < _TIMEOUT_CHANCE
        if timed_out:
            events.append(PlayerStatus(name, StatusKind.TIMED_OUT, line=self._next_line()))
        result = engine.act(name, kind, to)
        if kind is _CALL:
            self.voluntary.add(name)
            ev: Event = Action(
                street, name, _CALL, dec(result.increment), None, result.all_in,
                line=self._next_line(),
            )  # fmt: skip
        elif kind is _RAISE:
            self.voluntary.add(name)
            ev = Action(
                street, name, _RAISE, dec(result.total - legal.current_bet), dec(result.total),
                result.all_in, line=self._next_line(),
            )  # fmt: skip
        elif kind is _BET:
            self.voluntary.add(name)
            amount = dec(result.total)
            ev = Action(street, name, _BET, amount, amount, result.all_in, line=self._next_line())
        else:
            if kind is _FOLD:
                self.folded_on[name] = street
            ev = Action(street, name, kind, line=self._next_line(), trailing=" ")
        events.append(ev)
        if result.capped:
            events.append(CapReached(line=self._next_line()))
        if timed_out and rng.random() < 0.5:
            events.append(PlayerStatus(name, StatusKind.IS_SITTING_OUT, line=self._next_line()))
            events.append(PlayerStatus(name, StatusKind.RETURNED, line=self._next_line()))
        if result.uncalled is not None:
            events.append(
                UncalledBet(
                    result.uncalled.player, dec(result.uncalled.amount), line=self._next_line()
                )
            )
        if kind is _FOLD and name in self.leavers and rng.random() < 0.5:
            self.leavers.remove(name)
            self._leave(name)

    def _draw(self) -> None:
        engine = self.engine
        events = self.events
        number = engine.draw_number
        street = _STREETS[number]
        if number != self.marker:
            self.marker = number
            section = _DRAW_SECTIONS[number]
            assert section is not None
            events.append(SectionMarker(section, line=self._next_line()))
        name = engine.to_act
        assert name is not None
        cards = self._cards(name)
        bot = self.bots[name]
        policy = bot.draw
        snowing = name in self.snowing
        discard = plan_draw(cards, 3 - number, policy, snowing, bot.keep)[0]
        if (
            policy is DrawPolicy.SNOW
            and not snowing
            and number == 1
            and len(discard) >= 3
            and self.rng.random() < _SNOW_CHANCE
        ):
            self.snowing.add(name)
            discard = ()
        count = len(discard)
        if count and engine.would_reshuffle(count):
            events.append(Reshuffle(line=self._next_line()))
        rigged = self.rigged
        if rigged is not None:
            rigged.serving = name == self.hero
        result = engine.draw(name, count, discard)
        if rigged is not None:
            rigged.serving = False
        if self.draw_log is not None:
            self.draw_log.append(
                DrawRecord(name, number, tuple(discard), result.received or (), result.reshuffled)
            )
        if name == self.hero:
            if count:
                events.append(Draw(street, name, count, discard, line=self._next_line()))
                kept = tuple(c for c in result.kept if c is not None)
                received = result.received or ()
                events.append(DealtTo(street, name, kept, received, line=self._next_line()))
            else:
                events.append(Draw(street, name, 0, None, True, cards, line=self._next_line()))
        elif count:
            events.append(Draw(street, name, count, line=self._next_line()))
        else:
            events.append(Draw(street, name, 0, None, True, line=self._next_line(), trailing=" "))

    # -- the end ----------------------------------------------------------------------------

    def _rake(self) -> int:
        engine = self.engine
        if engine.draw_number == 0:
            return 0  # no rake when the hand ends before the first draw
        num, den = self.setup.rake_percent
        return min(engine.pot * num // den, self.setup.rake_cap)

    def _uncontested(self) -> Settlement:
        engine = self.engine
        settlement = engine.settle(self._rake())
        winner = next(n for n in self.names if engine.is_live(n))
        won = settlement.collected(winner)
        self.events.append(Collected(winner, self.units.dec(won), "pot", line=self._next_line()))
        if winner != self.hero and self.rng.random() < _DOESNT_SHOW_CHANCE:
            self.events.append(DoesntShow(winner, line=self._next_line(), trailing=" "))
        return settlement

    def _showdown(self) -> Settlement:
        engine = self.engine
        events = self.events
        rng = self.rng
        dec = self.units.dec
        events.append(SectionMarker(Section.SHOW_DOWN, line=self._next_line()))
        order = engine.showdown_order()
        pots = engine.pots()
        snapshot = engine.snapshot()
        invested = {p.name: p.invested for p in snapshot.players}
        cards = {name: self._cards(name) for name in order}
        ranks = {name: rank_parsed(cards[name]) for name in order}
        # Decide who shows and who mucks, pot by pot from the last side pot (R-SHOW-1).
        plan: list[tuple[int, list[tuple[str, bool]]]] = []
        shown: list[str] = []
        acted: set[str] = set()
        for k in range(len(pots) - 1, -1, -1):
            step: list[tuple[str, bool]] = []
            eligible = pots[k].eligible
            for name in order:
                if name in acted or name not in eligible:
                    continue
                acted.add(name)
                beaten = any(
                    ranks[s] < ranks[name] and invested[s] >= invested[name] for s in shown
                )
                if beaten and rng.random() < self.setup.muck_chance:
                    engine.muck(name)
                    step.append((name, False))
                else:
                    shown.append(name)
                    step.append((name, True))
            plan.append((k, step))
        settlement = engine.settle(self._rake())
        results = settlement.pots
        several = len(results) > 2
        for k, step in plan:
            for name, shows in step:
                if shows:
                    events.append(
                        Shows(name, cards[name], describe_rank(ranks[name]), line=self._next_line())
                    )
                else:
                    events.append(Mucks(name, line=self._next_line(), trailing=" "))
            if len(results) == 1:
                pot_name = "pot"
            elif k == 0:
                pot_name = "main pot"
            else:
                pot_name = f"side pot-{k}" if several else "side pot"
            trailing = " " if several and k else ""
            for winner, share in results[k].shares:
                if share:
                    events.append(
                        Collected(
                            winner, dec(share), pot_name, line=self._next_line(), trailing=trailing
                        )
                    )
        self.shown = (shown, cards, ranks)
        return settlement

    def _tournament_lines(self, stacks: dict[str, int]) -> None:
        setup = self.setup
        places = setup.places_left
        if places is None:
            return
        start = {p.name: p.stack for p in setup.players}
        busted = [p.name for p in setup.players if stacks[p.name] == 0]
        # The player who started the hand with fewer chips finishes lower.
        busted.sort(key=lambda name: start[name])
        for name in busted:
            prize = setup.prizes.get(places)
            self.events.append(
                TournamentFinish(
                    name,
                    places,
                    prize,
                    setup.prize_symbol if prize is not None else "",
                    line=self._next_line(),
                )
            )
            places -= 1
        if busted and places == 1:
            winner = next(p.name for p in setup.players if stacks[p.name] > 0)
            self.events.append(
                TournamentWin(
                    winner,
                    setup.prizes.get(1, Decimal(0)),
                    setup.prize_symbol,
                    line=self._next_line(),
                )
            )

    def _summary(self, settlement: Settlement) -> None:
        setup = self.setup
        events = self.events
        dec = self.units.dec
        events.append(SectionMarker(Section.SUMMARY, line=self._next_line()))
        results = settlement.pots
        if len(results) > 1:
            main: Decimal | None = dec(results[0].net)
            sides = tuple(dec(p.net) for p in results[1:])
        else:
            main, sides = None, ()
        events.append(
            SummaryPot(
                dec(settlement.total_pot),
                dec(settlement.rake),
                main,
                sides,
                len(sides) > 1,
                line=self._next_line(),
                trailing=" ",
            )
        )
        seats = [p.seat for p in setup.players]
        blinds = expected_blinds(setup.button, seats)
        shown_info = self.shown
        for p in setup.players:
            name = p.name
            positions: list[Position] = []
            if p.seat == setup.button:
                positions.append(Position.BUTTON)
            if p.seat == blinds.small_blind:
                positions.append(Position.SMALL_BLIND)
            if p.seat == blinds.big_blind:
                positions.append(Position.BIG_BLIND)
            pos = tuple(positions)
            won = settlement.collected(name)
            folded = self.folded_on.get(name)
            line = self._next_line()
            if folded is not None:
                didnt_bet = folded is Street.PREDRAW and name not in self.voluntary
                ev = SummarySeat(p.seat, name, pos, _FOLD_OUTCOME[folded], didnt_bet, line=line)
            elif shown_info is None:
                ev = SummarySeat(
                    p.seat, name, pos, SeatOutcome.COLLECTED, False, dec(won), line=line
                )
            else:
                shown, cards, ranks = shown_info
                if name not in shown:
                    ev = SummarySeat(
                        p.seat, name, pos, SeatOutcome.MUCKED, False, None, cards[name],
                        line=line,
                    )  # fmt: skip
                elif won:
                    ev = SummarySeat(
                        p.seat, name, pos, SeatOutcome.SHOWED_WON, False, dec(won), cards[name],
                        describe_rank(ranks[name]), line=line,
                    )  # fmt: skip
                else:
                    ev = SummarySeat(
                        p.seat, name, pos, SeatOutcome.SHOWED_LOST, False, None, cards[name],
                        describe_rank(ranks[name]), line=line,
                    )  # fmt: skip
            events.append(ev)

    def _hand(self) -> Hand:
        setup = self.setup
        facts = setup.facts
        dec = self.units.dec
        seats = []
        line = setup.first_line + 2
        for p in setup.players:
            seats.append(Seat(p.seat, p.name, dec(p.stack), line=line, trailing=" "))
            line += 1
        layout = facts.layout
        return Hand(
            site="PokerStars",
            hand_id=setup.hand_id,
            game=Game.TRIPLE_DRAW_27,
            limit_type=facts.limit_type,
            stakes=setup.stakes,
            currency=facts.currency,
            is_play_money=False,
            is_tournament=facts.is_tournament,
            tournament_id=facts.tournament_id,
            buy_in=facts.buy_in,
            buy_in_currency=facts.buy_in_currency,
            level=setup.level,
            match_round=None,
            mixed_game=None,
            is_home_game=False,
            club=None,
            started_at=setup.started_at,
            table_name=facts.table_name,
            max_seats=facts.max_seats,
            button_seat=setup.button,
            seats=tuple(seats),
            hero=self.hero,
            events=tuple(self.events),
            source=Source(setup.path, setup.first_line, self.line - 1, ""),
            layout=PokerStarsLayout(
                header_word=layout.header_word,
                colon_gap=layout.colon_gap,
                local_time=setup.local_time,
                time_zone=layout.time_zone,
                et_time=None,
                money_symbol=layout.money_symbol,
                buy_in_symbol=layout.buy_in_symbol,
                newline=layout.newline,
                bom=setup.bom,
            ),
        )


class _RoundZero:
    """What a bot needs to know of the betting before the first draw: its seat's players left
    to act, the bets so far (full raises only: the big blind is the first), the limpers."""

    __slots__ = ("behind", "bets", "blind", "invested", "limpers", "raiser")

    def __init__(self, setup: HandSetup) -> None:
        seats = [p.seat for p in setup.players]
        name_of = {p.seat: p.name for p in setup.players}
        blinds = expected_blinds(setup.button, seats)
        # Acting order before the first draw: left of the big blind round to the big blind.
        order = clockwise_from(seats, blinds.big_blind)
        n = len(order)
        self.behind = {name_of[s]: n - 1 - i for i, s in enumerate(order)}
        self.blind: dict[str, str] = {}
        if n > 2:
            self.blind[name_of[blinds.small_blind]] = "SB"
        self.blind[name_of[blinds.big_blind]] = "BB"
        self.bets = 1
        self.limpers = 0
        self.invested: set[str] = set()
        self.raiser: str | None = None  # who raised last: the continuation bettor

    def spot(self, name: str, share: float) -> Preflop:
        return Preflop(
            share,
            self.behind.get(name, 0),
            self.bets,
            self.limpers,
            self.blind.get(name),
            name in self.invested,
        )

    def saw(self, name: str, kind: ActionKind, legal: LegalActions) -> None:
        if kind is _CALL:
            if self.bets == 1 and name not in self.blind:
                self.limpers += 1
            self.invested.add(name)
        elif kind is _RAISE or kind is _BET:
            if not legal.call_amount or legal.stack > legal.call_amount:
                self.bets += 1
            self.invested.add(name)
            self.raiser = name


def play_hand(setup: HandSetup, units: Units, rng: random.Random) -> HandResult:
    """Play one hand of ``setup`` with ``rng`` and return the ``Hand`` as PokerStars would
    print it from the hero's seat, with the final stacks."""
    return _Builder(setup, units, rng).play()
