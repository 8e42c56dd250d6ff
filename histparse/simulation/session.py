"""Sessions: the hero's tables hand after hand, cash or sit & go, as one history file.

Cash: the hero sits at a table of ``players`` players. Stacks carry over from hand to hand;
the button moves to the next seat of a player who played the last hand; players leave now and
then (always when broke) and new ones join empty seats (``joins the table at seat #N`` in the
hand before their first one). A new player posts an extra big blind on their first hand
unless they are the big blind; one who would be the button or the small blind waits (``will
be allowed to play after the button``). When the hero goes broke or is left alone the hero
moves to a new table.

Sit & go: ``players`` start with the same chips at one table; blinds and antes go up every
``hands_per_level`` hands; broke players finish (``finished the tournament in Nth place``) and
the last one ``wins the tournament``. The history stops when the hero is out. Then the next
sit & go starts, until the requested number of hands is reached.

Everything is drawn from one ``random.Random(seed)``: the same seed and settings give the same
hands (no set or hash order is ever used to decide anything).

With ``SimConfig.sessions`` (a ``SessionPlan``) the hero takes breaks and sessions end
(``histparse.simulation.breaks``): the same hands, at the times a player's sessions give them.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Final
from zoneinfo import ZoneInfo

from histparse.engine import GameConfig
from histparse.engine.positions import clockwise_from, expected_blinds
from histparse.events import Hand, Source
from histparse.game import LimitType
from histparse.simulation.bots import LAG, MANIAC, NIT, ROCK, STATION, TAG, WHALE, BotProfile
from histparse.simulation.breaks import Breaks, Pause
from histparse.simulation.deal import FullDeal
from histparse.simulation.errors import SimulationError
from histparse.simulation.hand import HandSetup, SimPlayer, TableFacts, play_hand
from histparse.simulation.money import Units
from histparse.simulation.names import player_name, table_name
from histparse.simulation.structure import (
    HardCase,
    Level,
    SimConfig,
    default_levels,
    default_payouts,
)
from histparse.sites.pokerstars import default_layout, format_et_time
from histparse.writing import write_hand

_ET: Final = ZoneInfo("America/New_York")
_BLANK_LINES: Final = 3  # PokerStars' separator: each hand is followed by three empty lines
_TIE_DEAL_RATE: Final = 0.25
# The chance per hand that a free seat of a cash table is taken: busy tables, as a lobby's
# 6-max tables are, seldom stay short-handed for long.
_JOIN_CHANCE: Final = 0.3
_HAND_ID_BASE: Final = 20_000_000_000
_HAND_ID_EPOCH: Final = datetime(
    2008, 1, 1, tzinfo=UTC
)  # share of hands dealt with two tied hands under HardCase.SPLIT

# Bots a focus adds to (or puts in place of) the configured pool.
_FOCUS_BOTS: Final[dict[HardCase, tuple[BotProfile, ...]]] = {
    HardCase.CAPPED: (MANIAC, LAG, TAG),
    HardCase.ALL_IN: (LAG, MANIAC, STATION),
    HardCase.SIDE_POTS: (LAG, MANIAC, STATION),
    HardCase.RESHUFFLE: (WHALE,) * 6,
    HardCase.UNCALLED: (MANIAC, NIT, NIT),
    HardCase.WALK: (NIT, ROCK),
    HardCase.MUCK: (STATION, WHALE, TAG),
}
_SHORT_STACKS: Final = frozenset({HardCase.ALL_IN, HardCase.SIDE_POTS})


def _local_time(at: datetime) -> tuple[datetime, str]:
    """The start time and its ET text, moved past the second pass of an ambiguous hour (when
    clocks go back) so that reading the text back gives the same instant."""
    for _ in range(3):
        text = format_et_time(at)
        et = at.astimezone(_ET)
        naive = datetime(et.year, et.month, et.day, et.hour, et.minute, et.second, tzinfo=_ET)
        if naive.astimezone(UTC) == at:
            return at, text
        at += timedelta(hours=1)
    raise SimulationError(f"no unambiguous ET time near {at}")  # pragma: no cover


Played = tuple[Hand, FullDeal | None]


# Generated ids end with SEED_DIGITS digits of the seed, so that runs with different seeds
# never give two different hands (or tournaments) the same id; the leading digits grow with time
# as a site's do.
SEED_DIGITS = 6


def seed_field(seed: int) -> int:
    """The seed's part of every generated id: the seed itself below 10**SEED_DIGITS (distinct
    seeds, distinct ids), else a hash of it."""
    if 0 <= seed < 10**SEED_DIGITS:
        return seed
    digest = hashlib.sha256(str(seed).encode()).digest()
    value: int = int.from_bytes(digest[:8], "big") % 10**SEED_DIGITS
    return value


def seeded_id(number: int, seed_digits: int) -> str:
    """A generated hand or tournament id: ``number`` then the seed's digits."""
    return f"{number}{seed_digits:0{SEED_DIGITS}d}"


class _Session:
    """The state of one simulation run across tables and tournaments. With ``record_cards``
    each hand comes with its ``FullDeal`` (recording draws nothing from the random stream, so
    the hands are the same either way)."""

    def __init__(
        self, config: SimConfig, rng: random.Random, record_cards: bool = False, seed: int = 0
    ) -> None:
        self.config = config
        self.rng = rng
        self.seed_digits = seed_field(seed)
        self.record_cards = record_cards
        self.clock = config.start.astimezone(UTC)
        plan = config.sessions
        self.breaks = None if plan is None else Breaks(plan, seed)
        self.hand_id = 0
        self.line = 1
        self.first = True
        focus = config.focus
        pool = list(config.bots)
        extra = [
            b for case in sorted(focus, key=lambda c: c.value) for b in _FOCUS_BOTS.get(case, ())
        ]
        if extra:
            pool = extra * 4 + pool[: max(1, len(pool) // 3)]
        self.bots = tuple(pool)
        self.short_stacks = bool(focus & _SHORT_STACKS)
        self.chat_rate = min(1.0, config.chat_rate * (25 if HardCase.CHAT in focus else 1))
        self.seating_rate = min(0.5, config.seating_rate * (8 if HardCase.SEATING in focus else 1))
        self.tie_rate = _TIE_DEAL_RATE if HardCase.SPLIT in focus else 0.0
        rake = config.rake
        if config.tournament is None and rake is not None:
            num, den = rake.percent.as_integer_ratio()
            self.rake_percent = (num, den)
            self.rake_cap = Units(2).minor(rake.cap)
        else:
            self.rake_percent = (0, 1)
            self.rake_cap = 0

    # -- shared -------------------------------------------------------------------------------

    def _bot(self) -> BotProfile:
        return self.rng.choice(self.bots)

    def _setup(
        self,
        facts: TableFacts,
        stakes: tuple[Decimal, Decimal],
        level: int | None,
        config: GameConfig,
        button: int,
        players: list[SimPlayer],
    ) -> HandSetup:
        started_at, local = _local_time(self.clock)
        # Hand numbers grow with time, as a site's do (a few hundred hands a second).
        self.hand_id = max(
            self.hand_id + 1,
            _HAND_ID_BASE
            + int((started_at - _HAND_ID_EPOCH).total_seconds()) * 250
            + self.rng.randrange(250),
        )
        setup = HandSetup(
            facts=facts,
            hand_id=seeded_id(self.hand_id, self.seed_digits),
            started_at=started_at,
            local_time=local,
            stakes=stakes,
            level=level,
            config=config,
            button=button,
            players=players,
            hero=self.config.hero,
            first_line=self.line,
            path=self.config.path,
            bom=self.first and self.config.bom,
            rake_percent=self.rake_percent,
            rake_cap=self.rake_cap,
            chat_rate=self.chat_rate,
            muck_chance=1.0 if HardCase.MUCK in self.config.focus else 0.8,
            tie_deal=self.tie_rate > 0 and self.rng.random() < self.tie_rate,
            record_cards=self.record_cards,
            rig_hero=self.config.rig_hero,
            rig_draws_only=self.config.rig_draws_only,
        )
        self.first = False
        return setup

    def _finish(self, hand: Hand, started_at: datetime) -> Hand:
        """Advance the file position and the clock past ``hand``; fill its source text if
        asked."""
        self.line = hand.source.last_line + 1 + _BLANK_LINES
        actions = len(hand.events)
        self.clock = started_at + timedelta(seconds=8 + actions * 2 + self.rng.randint(0, 30))
        if self.config.source_text:
            src = hand.source
            text = write_hand(hand)
            hand = _replace_source(hand, Source(src.path, src.first_line, src.last_line, text))
        return hand

    def _pause(self, *, may_end: bool = True) -> bool:
        """With a session plan (``SimConfig.sessions``): move the clock past the pause that
        follows a hand; True when the session ends there."""
        if self.breaks is None:
            return False
        pause, length = self.breaks.after_hand(may_end=may_end)
        self.clock += length
        return pause is Pause.END

    # -- cash ---------------------------------------------------------------------------------

    def _cash_stack(self, unit: int) -> int:
        """A buy-in in minor units: ``unit`` is the big blind (the small bet in limit)."""
        rng = self.rng
        limit = self.config.limit
        if self.short_stacks:
            lo, hi = (2, 12) if limit is LimitType.FIXED else (5, 30)
        else:
            lo, hi = (12, 60) if limit is LimitType.FIXED else (40, 150)
        return rng.randint(lo * unit, hi * unit)

    def cash(self, hands: int) -> Iterator[Played]:
        cfg = self.config
        rng = self.rng
        units = Units(2)
        low, high = (units.minor(a) for a in cfg.stakes)
        if cfg.limit is LimitType.FIXED:
            game = GameConfig.fixed_limit(low, high, small_blind=low // 2, big_blind=low)
        elif cfg.limit is LimitType.POT:
            game = GameConfig.pot_limit(low, high)
        else:
            game = GameConfig.no_limit(low, high)
        unit = game.big_blind
        layout = default_layout(is_tournament=False, money_symbol="$", newline=cfg.newline)
        played = 0
        used_tables: set[str] = set()
        while played < hands:
            # Tables get fresh names (as long as the name pool lasts), so that hands with one
            # table name are one table.
            name_of_table = table_name(rng, used_tables)
            used_tables.add(name_of_table)
            facts = TableFacts(
                limit_type=cfg.limit,
                currency="USD",
                is_tournament=False,
                tournament_id=None,
                buy_in=None,
                buy_in_currency=None,
                table_name=name_of_table,
                max_seats=cfg.max_seats,
                layout=layout,
            )
            seats = sorted(rng.sample(range(1, cfg.max_seats + 1), cfg.players))
            hero_seat = rng.choice(seats)
            taken = {cfg.hero}
            table: dict[int, SimPlayer] = {}
            for seat in seats:
                if seat == hero_seat:
                    name, stack = cfg.hero, 40 * unit
                else:
                    name = player_name(rng, taken)
                    taken.add(name)
                    stack = self._cash_stack(unit)
                table[seat] = SimPlayer(name, seat, stack, self._bot())
            button: int | None = None
            joined: list[SimPlayer] = []
            while played < hands:
                for p in joined:
                    table[p.seat] = p
                joined = []
                if len(table) < 2 or cfg.hero not in {p.name for p in table.values()}:
                    break
                button, dealt, waiting = self._cash_seating(table, button)
                leavers, joiners = self._cash_changes(table, dealt, taken, unit)
                setup = self._setup(facts, cfg.stakes, None, game, button, dealt)
                setup.waiting = [p.name for p in waiting]
                setup.leavers = [p.name for p in leavers]
                setup.joiners = [(p.name, p.seat) for p in joiners]
                result = play_hand(setup, units, rng)
                played += 1
                yield self._finish(result.hand, setup.started_at), result.deal
                for p in dealt:
                    p.stack = result.stacks[p.name]
                    p.new = False
                for p in dealt:
                    if p.stack == 0 or p in leavers:
                        del table[p.seat]
                joined = joiners
                if self._pause():
                    break  # the session is over: the next one starts at a new table
                if cfg.hero not in result.stacks or result.stacks[cfg.hero] == 0:
                    break

    def _cash_seating(
        self, table: dict[int, SimPlayer], button: int | None
    ) -> tuple[int, list[SimPlayer], list[SimPlayer]]:
        """The button and who is dealt in: new players who would be the button or the small
        blind wait for the button to pass."""
        rng = self.rng
        seats = sorted(table)
        old = [s for s in seats if not table[s].new]
        if len(old) < 2:
            # A table down to one old player restarts with everyone dealt in as usual.
            for s in seats:
                table[s].new = False
            old = seats
        button = rng.choice(old) if button is None else clockwise_from(old, button)[0]
        waiting: list[SimPlayer] = []
        dealt_seats = list(seats)
        while True:
            blinds = expected_blinds(button, dealt_seats)
            late = [s for s in dealt_seats if table[s].new and s in (blinds.small_blind, button)]
            if not late:
                break
            for s in late:
                dealt_seats.remove(s)
                waiting.append(table[s])
        return button, [table[s] for s in dealt_seats], waiting

    def _cash_changes(
        self,
        table: dict[int, SimPlayer],
        dealt: list[SimPlayer],
        taken: set[str],
        unit: int,
    ) -> tuple[list[SimPlayer], list[SimPlayer]]:
        """Players who leave during this hand and players who join an empty seat."""
        cfg = self.config
        rng = self.rng
        rate = self.seating_rate
        leavers: list[SimPlayer] = []
        staying = len(table)
        for p in dealt:
            if p.name != cfg.hero and staying > 2 and rng.random() < rate:
                leavers.append(p)
                staying -= 1
        joiners: list[SimPlayer] = []
        free = [s for s in range(1, cfg.max_seats + 1) if s not in table]
        rng.shuffle(free)
        while free and staying < cfg.players and rng.random() < max(rate * 4, _JOIN_CHANCE):
            name = player_name(rng, taken | {p.name for p in table.values()})
            taken.add(name)
            joiners.append(SimPlayer(name, free.pop(), self._cash_stack(unit), self._bot(), True))
            staying += 1
        return leavers, joiners

    # -- sit & go -----------------------------------------------------------------------------

    def tournaments(self, hands: int) -> Iterator[Played]:
        cfg = self.config
        structure = cfg.tournament
        assert structure is not None
        rng = self.rng
        units = Units(0)
        levels = structure.levels or default_levels(cfg.limit)
        payouts = structure.payouts or default_payouts(cfg.players)
        pool = structure.buy_in * cfg.players
        cents = Units(2)
        prizes: dict[int, Decimal] = {}
        for place, share in enumerate(payouts, 1):
            prizes[place] = cents.dec(int((pool * share).scaleb(2)))
        max_seats = 2 if cfg.players == 2 else cfg.max_seats
        layout = default_layout(
            is_tournament=True, money_symbol="", buy_in_symbol="$", newline=cfg.newline
        )
        tid = 0
        played = 0
        while played < hands:
            tid = max(
                tid + 1,
                100_000_000
                + int((self.clock - _HAND_ID_EPOCH).total_seconds()) * 4
                + rng.randrange(4),
            )
            facts = TableFacts(
                limit_type=cfg.limit,
                currency=None,
                is_tournament=True,
                tournament_id=seeded_id(tid, self.seed_digits),
                buy_in=(structure.buy_in, structure.fee),
                buy_in_currency="USD",
                table_name=f"{seeded_id(tid, self.seed_digits)} 1",
                max_seats=max_seats,
                layout=layout,
            )
            start = structure.starting_stack
            if self.short_stacks:
                start = max(2, start // 4)
            taken = {cfg.hero}
            names = [cfg.hero]
            for _ in range(cfg.players - 1):
                name = player_name(rng, taken)
                taken.add(name)
                names.append(name)
            rng.shuffle(names)
            table = [
                SimPlayer(name, seat, start, self._bot()) for seat, name in enumerate(names, 1)
            ]
            button = rng.choice(table).seat
            count = 0
            while played < hands:
                level_no = min(count // structure.hands_per_level, len(levels) - 1)
                level = levels[level_no]
                game = _tournament_game(cfg.limit, level)
                if count:
                    button = clockwise_from([p.seat for p in table], button)[0]
                setup = self._setup(
                    facts,
                    (Decimal(level.low), Decimal(level.high)),
                    level_no + 1,
                    game,
                    button,
                    list(table),
                )
                setup.places_left = len(table)
                setup.prizes = prizes
                result = play_hand(setup, units, rng)
                played += 1
                count += 1
                yield self._finish(result.hand, setup.started_at), result.deal
                for p in table:
                    p.stack = result.stacks[p.name]
                table = [p for p in table if p.stack > 0]
                # A short break at most: a sit & go is not left midway.
                self._pause(may_end=False)
                if len(table) < 2 or cfg.hero not in {p.name for p in table}:
                    break
            if self.breaks is not None:
                self.clock += self.breaks.after_game()


def _tournament_game(limit: LimitType, level: Level) -> GameConfig:
    if limit is LimitType.FIXED:
        return GameConfig.fixed_limit(
            level.low, level.high, small_blind=level.low // 2, big_blind=level.low, ante=level.ante
        )
    if limit is LimitType.POT:
        return GameConfig.pot_limit(level.low, level.high, ante=level.ante)
    return GameConfig.no_limit(level.low, level.high, ante=level.ante)


def _replace_source(hand: Hand, source: Source) -> Hand:
    from dataclasses import replace

    return replace(hand, source=source)


def _played(
    hands: int, seed: int, config: SimConfig | None, record_cards: bool
) -> Iterator[Played]:
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 0:
        raise SimulationError(f"hands must be a non-negative int, got {hands!r}")
    config = config or SimConfig()
    session = _Session(config, random.Random(seed), record_cards, seed)
    if config.tournament is None:
        return session.cash(hands)
    return session.tournaments(hands)


def simulate(hands: int, seed: int = 0, config: SimConfig | None = None) -> Iterator[Hand]:
    """Play ``hands`` hands of 2-7 Triple Draw and yield them as PokerStars hands from the
    hero's seat, one history file's worth: ``write_file(path, simulate(...))`` writes it, and
    parsing that file gives the same hands back (line numbers included; ``Source.text`` only
    with ``config.source_text``). Deterministic for a given ``seed`` and ``config``."""
    return (hand for hand, _ in _played(hands, seed, config, False))


def simulate_with_cards(
    hands: int, seed: int = 0, config: SimConfig | None = None
) -> Iterator[tuple[Hand, FullDeal]]:
    """``simulate`` with every card: yields each hand (the same hands ``simulate`` yields for
    the same arguments) with its ``FullDeal``: every player's first five cards, every discard
    and every card served, and the final stacks."""
    played = _played(hands, seed, config, True)
    # Every deal is recorded; the filter only tells the type checker so.
    return ((hand, deal) for hand, deal in played if deal is not None)
