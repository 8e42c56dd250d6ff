"""The state machine of one hand of 2-7 triple draw: posts, deal, four betting rounds, three
draws, showdown and settlement (``GameConfig.draws=1``: 2-7 single draw, two rounds, one draw).

Every event method validates first and mutates only when nothing is wrong, so a raised error
leaves the hand as it was. ``check=True`` (the default) enforces docs/rules.md; ``check=False``
applies a site's event that breaks a rule so a replayer can record the finding and carry on
(physically impossible events still raise ``StateError``). See ``betting``, ``draws`` and
``pots`` for the readings taken where docs/rules.md is silent.

Unmatched money comes back at the end of a betting round as one ``UncalledBet`` (R-BET-7):
the bet nobody matched and, once no opponent can add a chip, antes or dead blinds nobody
matched (the reading is in ``betting``).

This is the replayer's hot path: ``act`` judges the usual actions with plain ints and builds
the ``LegalActions`` only for an error or when asked (``legal_actions``); results are built
through mutable twins (``frozen``); cards already given as ``Card`` tuples are not parsed
again; ``bet_of``, ``stack`` and ``is_live`` read one player without a snapshot.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import filterfalse
from operator import attrgetter, not_

from histparse._records import twin
from histparse.cards import Card, parse_cards
from histparse.engine.betting import (
    ActionResult,
    LegalActions,
    PostResult,
    RoundState,
    UncalledBet,
    compute_legal,
    is_capped,
)
from histparse.engine.config import GameConfig, Seat
from histparse.engine.dealer import Dealer
from histparse.engine.draws import CardTracker, DrawResult
from histparse.engine.errors import (
    ConfigError,
    IllegalAction,
    IllegalDraw,
    IllegalPost,
    SettlementError,
    StateError,
)
from histparse.engine.positions import BlindSeats, expected_blinds, first_left_of
from histparse.engine.posts import split_post
from histparse.engine.pots import (
    PlayerResult,
    Pot,
    PotResult,
    Settlement,
    build_pots,
    rake_by_pot,
    split_pot,
)
from histparse.engine.views import Phase, PlayerView, Snapshot
from histparse.game import ActionKind, LimitType, PostKind, Street
from histparse.ranking import rank_parsed

CardsIn = str | Iterable[str | Card]
Event = PostResult | ActionResult | DrawResult

_LIVE_BIG_BLINDS = (PostKind.BIG_BLIND, PostKind.SMALL_AND_BIG_BLIND)
# Street(k) goes through the enum's lookup machinery; betting round k is _ROUND_STREETS[k].
_ROUND_STREETS = (Street.PREDRAW, Street.DRAW1, Street.DRAW2, Street.DRAW3)
# Enum members as module constants: Enum classes have a Python __getattr__ hook, which
# makes every ``Phase.X`` lookup slow in the hot paths.
_POSTING = Phase.POSTING
_BETTING = Phase.BETTING
_DRAWING = Phase.DRAWING
_SHOWDOWN = Phase.SHOWDOWN
_UNCONTESTED = Phase.UNCONTESTED
_COMPLETE = Phase.COMPLETE
_FOLD = ActionKind.FOLD
_CHECK = ActionKind.CHECK
_CALL = ActionKind.CALL
_BET = ActionKind.BET
_RAISE = ActionKind.RAISE
_FIXED = LimitType.FIXED
_POT = LimitType.POT
# Mutable twins of the frozen results, to build them cheaply (histparse._records).
_ActionResultParts = twin(ActionResult)
_PostResultParts = twin(PostResult)
_PotResultParts = twin(PotResult)
_PlayerResultParts = twin(PlayerResult)
_SettlementParts = twin(Settlement)
_SEAT_NUMBER = attrgetter("seat")
_NAME = attrgetter("name")
_STACK = attrgetter("stack")
_DEALT_IN = attrgetter("dealt_in")
_ONLY_CARDS = frozenset({Card})
_CLOCKWISE: dict[int, tuple[tuple[int, ...], ...]] = {}


def _clockwise(n: int) -> tuple[tuple[int, ...], ...]:
    """For each player index ``a`` of ``n``, the others clockwise after it, ``a`` last: the
    scan order of ``_next_to_act`` (``[a]``) and of the deal and draws (``[first - 1]``).
    Built once per table size."""
    rotations = _CLOCKWISE.get(n)
    if rotations is None:
        rotations = tuple(tuple((a + k) % n for k in range(1, n + 1)) for a in range(n))
        _CLOCKWISE[n] = rotations
    return rotations


def _cards(cards: CardsIn) -> tuple[Card, ...]:
    """``parse_cards``, skipped for a tuple that holds only ``Card`` objects (the replayer's
    and the dealer's case)."""
    # issuperset reads the types as they come, without building a set of them.
    if type(cards) is tuple and _ONLY_CARDS.issuperset(map(type, cards)):
        return cards
    return parse_cards(cards)


class HandState:
    """One hand of triple draw between the dealt-in players of ``seats``.

    Players are named as in the history. With a ``dealer`` the engine deals real cards (deal
    and draws, reshuffle included); without one, cards are given by the caller where known and
    only counted where not.
    """

    __slots__ = (
        "_acted",
        "_active",
        "_all_in",
        "_amount_text",
        "_bet",
        "_button",
        "_cards",
        "_clockwise",
        "_config",
        "_dead",
        "_draw_no",
        "_events",
        "_final_aggressor",
        "_first",
        "_folded",
        "_index",
        "_invested",
        "_legal_cache",
        "_legal_for",
        "_live",
        "_mucked",
        "_n",
        "_names",
        "_open",
        "_pending",
        "_phase",
        "_pot",
        "_round",
        "_seats",
        "_settlement",
        "_stack",
        "_start",
        "_to_act",
        "_uncalled",
    )

    def __init__(
        self,
        config: GameConfig,
        seats: Sequence[Seat],
        button: int,
        *,
        dealer: Dealer | None = None,
        amount_text: Callable[[int], str] = str,
    ) -> None:
        # map/filter with attrgetters: C loops, where comprehensions are Python calls (3.11).
        if len(set(map(_SEAT_NUMBER, seats))) != len(seats):
            raise ConfigError("two players share a seat number")
        if len(set(map(_NAME, seats))) != len(seats):
            raise ConfigError("two seats share a player name")
        dealt: list[Seat] = sorted(filter(_DEALT_IN, seats), key=_SEAT_NUMBER)
        if not 2 <= len(dealt) <= config.max_players:
            raise ConfigError(
                f"{len(dealt)} players dealt in; the game needs 2 to {config.max_players}",
                "R-TABLE-1",
            )
        for s in dealt:
            if s.stack <= 0:
                raise ConfigError(f"{s.name} is dealt in with no chips")
        n = len(dealt)
        self._config = config
        # How error messages write an amount: plain minor units unless the caller knows the
        # hand's money (the replayer passes histparse.money.Amounts.units: "$0.10", "1,500").
        self._amount_text = amount_text
        self._names: tuple[str, ...] = tuple(map(_NAME, dealt))
        self._seats: tuple[int, ...] = tuple(map(_SEAT_NUMBER, dealt))
        # A comprehension: half the time of dict(zip(..., strict=...)) with its keyword.
        self._index = {name: i for i, name in enumerate(self._names)}
        self._n = n
        self._button = button
        self._first = first_left_of(self._seats, button)
        self._clockwise = _clockwise(n)
        self._start: tuple[int, ...] = tuple(map(_STACK, dealt))
        self._stack = list(self._start)
        self._bet = [0] * n
        self._invested = [0] * n
        self._dead = [0] * n  # dead money posted (dead blinds), by player
        self._folded = [False] * n
        self._all_in = [False] * n
        # Neither folded nor all-in: may still act (one list for the scan in _next_to_act).
        self._open = [True] * n
        self._mucked = [False] * n
        # raise_seq of the round when the player last acted; -1: not acted this round.
        self._acted = [-1] * n
        self._pot = 0
        self._live = n
        self._active = n
        self._phase = _POSTING
        self._round = RoundState(0, config.bet_unit(0), config.big_blind)
        self._draw_no = 0
        self._to_act = -1
        self._pending: list[int] = []
        self._final_aggressor = -1
        self._cards = CardTracker(self._names, dealer)
        self._events: list[Event] = []
        self._uncalled: list[UncalledBet] = []
        self._settlement: Settlement | None = None
        # legal_actions() of the player to act, reused by the act() that follows it.
        self._legal_for = -1
        self._legal_cache: LegalActions | None = None

    # -- read-only views ------------------------------------------------------------------------

    @property
    def config(self) -> GameConfig:
        """The rules options."""
        return self._config

    @property
    def players(self) -> tuple[str, ...]:
        """Dealt-in players in seat order."""
        return self._names

    @property
    def button(self) -> int:
        """The button's seat number."""
        return self._button

    @property
    def phase(self) -> Phase:
        """Where the hand is."""
        return self._phase

    @property
    def street(self) -> Street:
        """The street of the current (or, when over, the last) event."""
        phase = self._phase
        if phase is _POSTING:
            return Street.PREDEAL
        if phase is _DRAWING:
            return _ROUND_STREETS[self._draw_no]
        if phase is _SHOWDOWN:
            return Street.SHOWDOWN
        if phase is _COMPLETE:
            return Street.SUMMARY
        return _ROUND_STREETS[self._round.number]

    @property
    def round_number(self) -> int:
        """Betting round 0-3 (R-BET-1; 0-1 in single draw); the last one once betting is
        over."""
        return self._round.number

    @property
    def draw_number(self) -> int:
        """Draw 1-3 (1 in single draw) during or after it; 0 before the first draw."""
        return self._draw_no

    @property
    def to_act(self) -> str | None:
        """Who must bet (``BETTING``) or draw (``DRAWING``) next."""
        return self._names[self._to_act] if self._to_act >= 0 else None

    @property
    def pot(self) -> int:
        """Every chip in the middle, this round's bets included."""
        return self._pot

    @property
    def current_bet(self) -> int:
        """The round total to match in the current betting round."""
        return self._round.current_bet if self._phase is _BETTING else 0

    @property
    def stub_size(self) -> int:
        """Cards left in the stub (R-DRAW-3 accounting)."""
        return self._cards.stub_count

    @property
    def events(self) -> tuple[Event, ...]:
        """Posts, actions and draws applied so far, in order."""
        return tuple(self._events)

    @property
    def uncalled_bets(self) -> tuple[UncalledBet, ...]:
        """Bets returned so far (R-BET-7)."""
        return tuple(self._uncalled)

    @property
    def settlement(self) -> Settlement | None:
        """The settlement once ``settle`` has run."""
        return self._settlement

    def stack(self, player: str) -> int:
        """Chips ``player`` has behind."""
        i = self._index.get(player, -1)
        return self._stack[i if i >= 0 else self._idx(player)]

    def bet_of(self, player: str) -> int:
        """``player``'s bet in the current betting round (their round total; 0 between
        rounds). ``bet`` is the action method, hence the name."""
        i = self._index.get(player, -1)
        return self._bet[i if i >= 0 else self._idx(player)]

    def is_live(self, player: str) -> bool:
        """Whether ``player`` has not folded."""
        i = self._index.get(player, -1)
        return not self._folded[i if i >= 0 else self._idx(player)]

    def hand_of(self, player: str) -> tuple[Card | None, ...]:
        """``player``'s cards as known to the engine (``None`` for unknown cards)."""
        return tuple(self._cards.hands[self._idx(player)])

    def deal_order(self) -> tuple[str, ...]:
        """Dealt-in players from the first left of the button, clockwise (R-TABLE-3)."""
        n, first = self._n, self._first
        return tuple(self._names[(first + k) % n] for k in range(n))

    def expected_blinds(self) -> BlindSeats:
        """Seats that should post the small and the big blind (R-TABLE-2)."""
        return expected_blinds(self._button, self._seats)

    def snapshot(self) -> Snapshot:
        """A frozen copy of the public state."""
        hands = self._cards.hands
        players = tuple(
            PlayerView(name, seat, stack, bet, invested, folded, all_in, tuple(cards))
            for name, seat, stack, bet, invested, folded, all_in, cards in zip(
                self._names,
                self._seats,
                self._stack,
                self._bet,
                self._invested,
                self._folded,
                self._all_in,
                hands,
                strict=True,
            )
        )
        return Snapshot(
            self._phase,
            self.street,
            self.to_act,
            self._pot,
            self.current_bet,
            self._round.bet_count,
            self._cards.stub_count,
            self._button,
            players,
        )

    # -- internals ------------------------------------------------------------------------------

    def _idx(self, player: str) -> int:
        i = self._index.get(player)
        if i is None:
            raise StateError(f"{player!r} is not dealt in this hand")
        return i

    def _require(self, phase: Phase, what: str) -> None:
        if self._phase is not phase:
            raise StateError(f"cannot {what} now: the hand is in phase {self._phase.value}")

    def _put_in(self, i: int, amount: int, live: int) -> None:
        stack = self._stack[i] - amount
        self._stack[i] = stack
        self._bet[i] += live
        self._invested[i] += amount
        self._pot += amount
        if stack == 0 and not self._all_in[i]:
            self._all_in[i] = True
            self._open[i] = False
            self._active -= 1

    def _next_to_act(self, after: int) -> int:
        """The first player after ``after`` (clockwise) who still has to act, or -1."""
        open_, bets, acted = self._open, self._bet, self._acted
        current = self._round.current_bet
        # With nobody left to bet against, a player who has matched has nothing to decide.
        may_open = self._active > 1
        # Clockwise: the seats after ``after``, then from the first seat round to ``after``.
        for j in self._clockwise[after]:
            if not open_[j]:
                continue
            if bets[j] < current or (may_open and acted[j] < 0):
                return j
        return -1

    def _start_round(self, rnd: RoundState, start: int) -> None:
        self._legal_for = -1
        self._round = rnd
        self._phase = _BETTING
        self._acted = [-1] * self._n
        self._to_act = self._next_to_act(start - 1)
        if self._to_act < 0:
            self._end_round()

    def _give_back(self, i: int, amount: int) -> None:
        self._stack[i] += amount
        self._invested[i] -= amount
        self._pot -= amount
        if self._all_in[i]:
            self._all_in[i] = False
            if not self._folded[i]:
                self._open[i] = True
                self._active += 1

    def _unmatched_dead_money(self, last_round: bool) -> tuple[int, int]:
        """``(player, chips)`` of money nobody can match any more, beyond the bets (R-BET-7):
        the part of the top contributor's money above the next contributor's, once every
        opponent has folded or is all-in or the betting is over; ``(-1, 0)`` otherwise."""
        invested = self._invested
        if not self._config.returns_dead_money and any(self._dead):
            # Dead blinds stay in the pot: only the rest of what was put in can be unmatched.
            invested = [c - d for c, d in zip(invested, self._dead, strict=True)]
        top = max(invested)
        if invested.count(top) > 1:
            return -1, 0  # matched (the usual case)
        i = invested.index(top)
        folded, all_in = self._folded, self._all_in
        if folded[i]:
            return -1, 0
        second = 0
        for j, put in enumerate(invested):
            if j == i:
                continue
            if not (last_round or folded[j] or all_in[j]):
                return -1, 0  # this opponent may still match it
            if put > second:
                second = put
        return i, top - second

    def _end_round(self) -> None:
        """Return any uncalled bet and unmatched dead money (R-BET-7), then move to the next
        draw, the showdown or the end of an uncontested hand (R-DRAW-1)."""
        bets = self._bet
        n = self._n
        number = self._round.number
        street = _ROUND_STREETS[number]
        top = max(bets)
        back_to = -1
        back = 0
        if top > 0 and bets.count(top) == 1:
            back_to = bets.index(top)
            others = bets.copy()
            others[back_to] = 0
            back = top - max(others)
            self._give_back(back_to, back)
        last_round = self._live == 1 or number >= self._config.draws
        dead_to, dead = self._unmatched_dead_money(last_round)
        if dead:
            self._give_back(dead_to, dead)
            if dead_to == back_to:
                back += dead
            else:
                if back_to >= 0:
                    self._uncalled.append(UncalledBet(self._names[back_to], back, street))
                back_to, back = dead_to, dead
        if back_to >= 0:
            self._uncalled.append(UncalledBet(self._names[back_to], back, street))
        self._bet = [0] * n
        self._to_act = -1
        if self._live == 1:
            self._phase = _UNCONTESTED
        elif number < self._config.draws:
            self._phase = _DRAWING
            self._draw_no = number + 1
            first = self._first
            folded = self._folded
            if self._live < n:
                pending = list(filterfalse(folded.__getitem__, self._clockwise[first - 1]))
            else:
                pending = list(self._clockwise[first - 1])
            self._pending = pending
            self._to_act = pending[0]
        else:
            self._final_aggressor = self._round.last_aggressor
            self._phase = _SHOWDOWN

    def _legal(self, i: int) -> LegalActions:
        if i == self._legal_for and self._legal_cache is not None:
            return self._legal_cache
        rnd = self._round
        others_can_act = self._active - (0 if self._all_in[i] or self._folded[i] else 1) > 0
        legal = compute_legal(
            self._config,
            rnd,
            self._names[i],
            self._bet[i],
            self._stack[i],
            self._acted[i] < rnd.raise_seq and others_can_act,
            self._pot,
            self._live,
        )
        if i == self._to_act:
            self._legal_for = i
            self._legal_cache = legal
        return legal

    # -- posts and deal ---------------------------------------------------------------------------

    def post(
        self,
        player: str,
        kind: PostKind,
        amount: int | None = None,
        *,
        check: bool = True,
    ) -> PostResult:
        """A forced bet before the deal (R-TABLE-2). ``amount=None`` posts the configured
        amount, or the whole stack when it is smaller (all-in post)."""
        self._require(_POSTING, "post")
        i = self._idx(player)
        if self._all_in[i]:
            raise StateError(f"{player} is already all-in and cannot post")
        if check and any(
            isinstance(e, PostResult) and e.player == player and e.kind is kind
            for e in self._events
        ):
            raise IllegalPost("R-TABLE-2", f"{player} posts the {kind.label} twice")
        total, live, dead = split_post(self._config, player, kind, amount, self._stack[i], check)
        self._put_in(i, total, live)
        if dead and kind is not PostKind.ANTE:
            self._dead[i] += dead
        result = _PostResultParts()
        result.player = player
        result.kind = kind
        result.amount = total
        result.live = live
        result.dead = dead
        result.all_in = self._all_in[i]
        result.__class__ = PostResult  # a frozen PostResult from here on (histparse._records)
        posted: PostResult = result  # typed, without a cast() call
        self._events.append(posted)
        return posted

    def deal(self, hands: Mapping[str, CardsIn] | None = None, *, check: bool = True) -> None:
        """Deal five cards each (R-TABLE-3) and open the pre-draw betting round.

        ``hands`` gives the known hands (e.g. the hero's); the others stay unknown. With a
        dealer, leave it out: the dealer deals every card.
        """
        self._require(_POSTING, "deal")
        known: dict[int, tuple[Card, ...]] = {}
        if hands:
            for name, cards in hands.items():
                known[self._idx(name)] = _cards(cards)
        n, first = self._n, self._first
        order = list(self._clockwise[first - 1])
        self._cards.deal(order, known, check)
        config = self._config
        rnd = RoundState(0, config.bet_unit(0), config.big_blind)
        rnd.current_bet = max(self._bet)
        big_blind_at = -1
        posted_big: set[int] = set()
        for e in self._events:
            if type(e) is PostResult and e.kind in _LIVE_BIG_BLINDS:
                posted_big.add(self._index[e.player])
        if posted_big:
            # The big blind counts as the first bet even when posted all-in for less.
            rnd.level = config.big_blind
            rnd.bet_count = 1
            rnd.current_bet = max(rnd.current_bet, config.big_blind)
            # Seat order, not wording, tells the real big blind from a new player's extra one.
            for i in order:
                if i in posted_big:
                    big_blind_at = i
                    break
        else:
            seat = self.expected_blinds().big_blind
            big_blind_at = self._seats.index(seat)
            if self._all_in[big_blind_at]:
                # R-BET-8: the big blind went all-in on the ante and posts nothing; the others
                # still call the full big blind, and it counts as the round's first bet.
                rnd.level = config.big_blind
                rnd.bet_count = 1
                rnd.current_bet = max(rnd.current_bet, config.big_blind)
        self._start_round(rnd, (big_blind_at + 1) % n)

    # -- betting ----------------------------------------------------------------------------------

    def legal_actions(self, player: str | None = None) -> LegalActions:
        """What ``player`` (default: the player to act) may do now (R-BET-3..7)."""
        self._require(_BETTING, "bet")
        i = self._to_act if player is None else self._idx(player)
        return self._legal(i)

    def _error(self, rule: str, message: str, legal: LegalActions) -> IllegalAction:
        return IllegalAction(rule, message, legal, amount_text=self._amount_text)

    def _reject(
        self, i: int, kind: ActionKind, to: int | None, legal: LegalActions
    ) -> IllegalAction | None:
        """Why ``kind`` breaks a rule, or None when it is legal."""
        name = self._names[i]
        rnd = self._round
        text = self._amount_text
        illegal = self._error
        if i != self._to_act:
            expected = self._names[self._to_act]
            return illegal(
                "R-BET-2",
                f"{name} acts out of turn: {expected} is to act",
                self._legal(self._to_act),
            )
        if kind is _FOLD:
            return None
        if kind is _CHECK:
            if legal.can_check:
                return None
            return illegal(
                "R-BET-3", f"{name} checks facing a bet of {text(rnd.current_bet)}", legal
            )
        if kind is _CALL:
            if legal.can_call:
                return None
            return illegal("R-BET-3", f"{name} calls with nothing to call", legal)
        fixed = self._config.limit is _FIXED
        if kind is _BET and rnd.current_bet > 0:
            return illegal(
                "R-BET-3",
                f"{name} bets into a bet of {text(rnd.current_bet)} (raise instead)",
                legal,
            )
        if kind is _RAISE and rnd.current_bet == 0:
            return illegal("R-BET-3", f"{name} raises with no bet to raise (bet)", legal)
        if not (legal.can_bet or legal.can_raise):
            if is_capped(self._config, rnd, self._live):
                return illegal(
                    "R-BET-5",
                    f"{name} raises after the cap ({rnd.bet_count} bets this round)",
                    legal,
                )
            if self._bet[i] + self._stack[i] <= rnd.current_bet:
                why = "they can only call all-in"
            elif self._acted[i] >= rnd.raise_seq:
                why = "an incomplete all-in raise does not reopen the betting"
            else:
                why = "every opponent is all-in"
            return illegal("R-BET-7", f"{name} cannot raise: {why}", legal)
        assert to is not None
        if legal.min_to <= to <= legal.max_to:
            return None
        rule = "R-BET-4" if fixed else "R-BET-6"
        if to < legal.min_to:
            what = f"below the minimum of {text(legal.min_to)}"
        else:
            what = f"above the maximum of {text(legal.max_to)}"
        return illegal(rule, f"{name} {kind.value}s to {text(to)}, {what}", legal)

    def _allowed(self, i: int, kind: ActionKind, to: int | None, increment: int) -> bool:
        """Whether the action is legal: ``_reject`` and the call amount check, on plain ints
        (the ``LegalActions`` of ``compute_legal`` are only built to explain an error)."""
        if i != self._to_act:
            return False
        if kind is _FOLD:
            return True
        rnd = self._round
        current = rnd.current_bet
        bet = self._bet[i]
        if kind is _CHECK:
            return bet >= current
        stack = self._stack[i]
        if kind is _CALL:
            return bet < current and increment == min(current - bet, stack)
        if (kind is _BET) is (current > 0):
            return False  # a bet into a bet, or a raise of nothing
        all_in_to = bet + stack
        config = self._config
        if (
            all_in_to <= current
            or self._acted[i] >= rnd.raise_seq  # only an incomplete raise since they acted
            or self._active <= 1  # every opponent is all-in
            or is_capped(config, rnd, self._live)
        ):
            return False
        assert to is not None
        if config.limit is _FIXED:
            target = rnd.level + rnd.unit
            if target <= current:  # only after forced off-rule raises
                target = current + rnd.unit
            return to == min(target, all_in_to)
        min_to = min(current + rnd.raise_size, all_in_to)
        if config.limit is _POT:
            to_call = current - bet if current > bet else 0
            max_to = min(current + self._pot + to_call, all_in_to)
        else:
            max_to = all_in_to
        return min_to <= to <= max(max_to, min_to)

    def _illegal(
        self, i: int, kind: ActionKind, to: int | None, increment: int
    ) -> IllegalAction | None:
        """The error of an action ``_allowed`` refused, with what was legal instead."""
        legal = self._legal(i)
        error = self._reject(i, kind, to, legal)
        if error is None and kind is _CALL and increment != legal.call_amount:
            stack = self._stack[i]
            short = stack < self._round.current_bet - self._bet[i]
            text = self._amount_text
            error = IllegalAction(
                "R-BET-7" if short else "R-BET-3",
                f"{self._names[i]} calls {text(increment)}; the call is {text(legal.call_amount)}",
                legal,
                amount_text=text,
            )
        return error

    def act(
        self,
        player: str,
        kind: ActionKind,
        to: int | None = None,
        *,
        amount: int | None = None,
        check: bool = True,
    ) -> ActionResult:
        """Apply a betting action. ``to`` is the round total of a bet or raise (PokerStars'
        ``raises A to B`` gives B); ``amount`` optionally states a call's increment (checked
        against the legal call, or applied as given with ``check=False``)."""
        if self._phase is not _BETTING:
            raise StateError(f"cannot bet now: the hand is in phase {self._phase.value}")
        if type(kind) is not ActionKind:  # an Enum with members has no subclasses
            raise StateError(f"{player}: {kind!r} is not an ActionKind")
        i = self._index.get(player, -1)
        if i < 0:
            raise StateError(f"{player!r} is not dealt in this hand")
        if not self._open[i]:
            if self._folded[i]:
                raise StateError(f"{player} has folded and cannot act")
            raise StateError(f"{player} is all-in and cannot act", "R-BET-7")
        rnd = self._round
        bets = self._bet
        bet, stack = bets[i], self._stack[i]
        aggressive = kind is _BET or kind is _RAISE
        if aggressive:
            if type(to) is not int and (type(to) is bool or not isinstance(to, int)):
                raise StateError(f"{player} {kind.value}s without an int 'to' amount")
            increment = to - bet
            if increment <= 0 or increment > stack:
                text = self._amount_text
                raise StateError(
                    f"{player} {kind.value}s to {text(to)}: has {text(bet)} in and "
                    f"{text(stack)} behind"
                )
        elif kind is _CALL:
            if amount is None:
                owed = rnd.current_bet - bet
                increment = owed if 0 <= owed <= stack else (0 if owed < 0 else stack)
            else:
                increment = amount
                if (
                    type(increment) is not int
                    and (type(increment) is bool or not isinstance(increment, int))
                ) or not (0 <= increment <= stack):
                    shown = (
                        self._amount_text(increment) if type(increment) is int else repr(increment)
                    )
                    raise StateError(
                        f"{player} calls {shown} with {self._amount_text(stack)} behind"
                    )
        else:
            increment = 0
        if check:
            # The usual actions are judged here; bets and raises in _allowed.
            if i != self._to_act:
                allowed = False
            elif kind is _FOLD:
                allowed = True
            elif kind is _CHECK:
                allowed = bet >= rnd.current_bet
            elif kind is _CALL:
                owed = rnd.current_bet - bet
                allowed = owed > 0 and increment == (owed if owed < stack else stack)
            else:
                allowed = self._allowed(i, kind, to, increment)
            if not allowed:
                error = self._illegal(i, kind, to, increment)
                if error is not None:
                    raise error

        # Validated: mutate from here on.
        self._legal_for = -1
        full = capped = all_in = False
        total = bet + increment
        if increment:
            left = stack - increment
            self._stack[i] = left
            bets[i] = total
            self._invested[i] += increment
            self._pot += increment
            if not left:
                all_in = self._all_in[i] = True
                self._open[i] = False
                self._active -= 1
        if aggressive:
            current = rnd.current_bet
            config = self._config
            if config.limit is _FIXED:
                target = rnd.level + rnd.unit
                full = total >= (target if target > current else current + rnd.unit)
            else:
                full = total - current >= rnd.raise_size
                if full:
                    rnd.raise_size = total - current
            if full:
                rnd.level = total
                rnd.bet_count += 1
                rnd.raise_seq += 1
                capped = config.limit is _FIXED and is_capped(config, rnd, self._live)
            if total > current:
                rnd.current_bet = total
            rnd.last_aggressor = i
        elif kind is _FOLD:
            self._folded[i] = True
            self._open[i] = False
            self._live -= 1
            self._active -= 1
        self._acted[i] = rnd.raise_seq

        hand_over = self._live == 1
        nxt = -1 if hand_over else self._next_to_act(i)
        returned = None
        if nxt >= 0:
            self._to_act = nxt
            round_over = False
        else:
            round_over = True
            uncalled = self._uncalled
            before = len(uncalled)
            self._end_round()
            if len(uncalled) > before:
                returned = uncalled[-1]
        # ActionResult(...) without the frozen-dataclass overhead (histparse._records).
        r = _ActionResultParts()
        r.player = player
        r.kind = kind
        r.increment = increment
        r.total = total
        r.all_in = all_in
        r.full_raise = full
        r.capped = capped
        r.round_over = round_over
        r.hand_over = hand_over
        r.uncalled = returned
        r.__class__ = ActionResult
        result: ActionResult = r
        self._events.append(result)
        return result

    def fold(self, player: str, *, check: bool = True) -> ActionResult:
        """``player`` folds."""
        return self.act(player, _FOLD, check=check)

    def check(self, player: str, *, check: bool = True) -> ActionResult:
        """``player`` checks."""
        return self.act(player, _CHECK, check=check)

    def call(self, player: str, amount: int | None = None, *, check: bool = True) -> ActionResult:
        """``player`` calls (``amount``: the increment the history states, if any)."""
        return self.act(player, _CALL, amount=amount, check=check)

    def bet(self, player: str, to: int, *, check: bool = True) -> ActionResult:
        """``player`` bets ``to`` (their round total)."""
        return self.act(player, _BET, to, check=check)

    def raise_to(self, player: str, to: int, *, check: bool = True) -> ActionResult:
        """``player`` raises to ``to`` (their round total)."""
        return self.act(player, _RAISE, to, check=check)

    # -- draws ------------------------------------------------------------------------------------

    def would_reshuffle(self, count: int) -> bool:
        """Whether serving ``count`` cards now empties the stub first (R-DRAW-3), e.g. to
        print ``The deck is reshuffled`` before that player's draw."""
        return count > self._cards.stub_count

    def draw(
        self,
        player: str,
        count: int,
        discarded: CardsIn | None = None,
        received: CardsIn | None = None,
        *,
        check: bool = True,
    ) -> DrawResult:
        """``player`` discards ``count`` cards (0 = stand pat) and is served as many
        (R-DRAW-1..3). Known cards are checked for integrity; unknown ones are counted."""
        if self._phase is not _DRAWING:
            raise StateError(f"cannot draw now: the hand is in phase {self._phase.value}")
        i = self._index.get(player, -1)
        if i < 0:
            raise StateError(f"{player!r} is not dealt in this hand")
        if self._folded[i]:
            raise StateError(f"{player} has folded and cannot draw", "R-DRAW-1")
        pending = self._pending
        if i not in pending:
            raise StateError(f"{player} has already drawn in draw {self._draw_no}", "R-DRAW-2")
        if check and pending[0] != i:
            raise IllegalDraw(
                "R-DRAW-2", f"{player} draws out of turn: {self._names[pending[0]]} draws first"
            )
        if type(count) is not int and (type(count) is bool or not isinstance(count, int)):
            raise StateError(f"{player} draws {count!r} cards: the count must be an int")
        result = self._cards.draw(
            i,
            self._draw_no,
            count,
            None if discarded is None else _cards(discarded),
            None if received is None else _cards(received),
            check,
        )
        pending.remove(i)
        self._events.append(result)
        if pending:
            self._to_act = pending[0]
        else:
            config = self._config
            number = self._draw_no
            self._start_round(
                RoundState(number, config.bet_unit(number), config.big_blind), self._first
            )
        return result

    # -- showdown and settlement ------------------------------------------------------------------

    def showdown_order(self) -> tuple[str, ...]:
        """Live players in the order they show (R-SHOW-1): the last bettor or raiser of the
        final round first, else the first player left of the button, then clockwise."""
        n, first = self._n, self._first
        order = [(first + k) % n for k in range(n) if not self._folded[(first + k) % n]]
        aggressor = self._final_aggressor
        if aggressor in order:
            k = order.index(aggressor)
            order = order[k:] + order[:k]
        return tuple(self._names[i] for i in order)

    def _showdown_player(self, player: str, what: str) -> int:
        if self._phase is not _SHOWDOWN and self._phase is not _UNCONTESTED:
            raise StateError(f"cannot {what} now: the hand is in phase {self._phase.value}")
        i = self._idx(player)
        if self._folded[i]:
            raise StateError(f"{player} has folded and cannot {what}")
        if self._mucked[i]:
            raise StateError(f"{player} has already mucked")
        return i

    def show(self, player: str, cards: CardsIn, *, check: bool = True) -> tuple[Card, ...]:
        """``player`` shows five cards, which must agree with the known cards (R-RANK-1)."""
        i = self._showdown_player(player, "show")
        return self._cards.reveal(i, _cards(cards), check)

    def muck(self, player: str, cards: CardsIn | None = None, *, check: bool = True) -> None:
        """``player`` mucks and gives up their claim (R-SHOW-1); ``cards`` when the site
        reveals them anyway (PokerStars' summary ``mucked [...]``)."""
        i = self._showdown_player(player, "muck")
        if cards is not None:
            self._cards.reveal(i, _cards(cards), check)
        self._mucked[i] = True

    def pots(self) -> tuple[Pot, ...]:
        """Main pot first, then side pots, with the players eligible for each (R-SHOW-3)."""
        live = [not f for f in self._folded]
        return tuple(
            Pot(amount, tuple(self._names[i] for i in eligible))
            for amount, eligible in self._build_pots(live)
        )

    def _build_pots(self, live: list[bool]) -> list[tuple[int, list[int]]]:
        """``build_pots`` of the contributions; a site that keeps dead blinds in the pot
        (``returns_dead_money`` False) puts them in the main pot, not at their poster's level."""
        dead = self._dead
        if self._config.returns_dead_money or not any(dead):
            return build_pots(self._invested, live)
        pots = build_pots([c - d for c, d in zip(self._invested, dead, strict=True)], live)
        extra = sum(dead)
        if pots:
            amount, eligible = pots[0]
            pots[0] = (amount + extra, eligible)
        else:
            pots = [(extra, [i for i in range(self._n) if live[i]])]
        return pots

    def _known_ranks(self, live: list[bool]) -> dict[int, int]:
        """The ``hand_rank`` of each live, unmucked player whose five cards are known."""
        ranks: dict[int, int] = {}
        tracker = self._cards
        mucked = self._mucked
        for i in range(self._n):
            if live[i] and not mucked[i]:
                cards = tracker.known_hand(i)
                if cards is not None:
                    # The tracker holds each known card in one place: five distinct cards.
                    ranks[i] = rank_parsed(cards)
        return ranks

    def settle(self, rake: int = 0, second_run: Mapping[str, CardsIn] | None = None) -> Settlement:
        """Award the pots (R-SHOW-2..4) and end the hand.

        Each pot goes to the best ``hand_rank`` among its eligible players who have not mucked
        and whose five cards are known (shown, or dealt known); a lone claimant wins without
        showing. Ties split with odd chips from the first winner left of the button. ``rake``
        comes off the main pot first (PokerStars prints the main pot net of rake).

        ``second_run`` settles a hand run twice: the hands each player ends the second run
        with (a player not named keeps the first run's). Each contested pot is then cut in
        two halves (the odd chip to the first run), each going to its run's best hand.
        """
        if self._phase is not _SHOWDOWN and self._phase is not _UNCONTESTED:
            raise StateError(f"cannot settle now: the hand is in phase {self._phase.value}")
        if isinstance(rake, bool) or not isinstance(rake, int) or not 0 <= rake <= self._pot:
            raise SettlementError(f"rake {rake!r} must be an int from 0 to the pot {self._pot}")
        n, first = self._n, self._first
        names = self._names
        name_of = names.__getitem__
        mucked = self._mucked
        live = list(map(not_, self._folded))
        raw = self._build_pots(live)
        rakes = rake_by_pot([pot[0] for pot in raw], rake) if rake else [0] * len(raw)
        # Ranked only when a pot has two claimants: an uncontested hand ranks nobody.
        ranks: dict[int, int] | None = None
        ranks2: dict[int, int] | None = None
        collected = [0] * n
        results: list[PotResult] = []

        def best(
            k: int, eligible: list[int], claim: list[int], ranked: dict[int, int]
        ) -> list[int]:
            shown = [i for i in claim if i in ranked]
            if not shown:
                who = ", ".join(names[i] for i in eligible)
                raise SettlementError(
                    f"no eligible player ({who}) showed a hand for pot {k}", "R-SHOW-3"
                )
            top = min(ranked[i] for i in shown)
            winners = [i for i in shown if ranked[i] == top]
            if len(winners) > 1:
                winners.sort(key=lambda i: (i - first) % n)
            return winners

        # rakes has one entry per pot: indexed, without a zip(strict=True) per hand.
        for k, (amount, eligible) in enumerate(raw):
            pot_rake = rakes[k]
            net = amount - pot_rake
            if len(eligible) == 1:
                winners = list(eligible)
                shares = split_pot(net, winners)
            else:
                claim = [i for i in eligible if not mucked[i]]
                if len(claim) == 1:
                    winners = claim
                    shares = split_pot(net, winners)
                else:
                    if ranks is None:
                        ranks = self._known_ranks(live)
                    winners = best(k, eligible, claim, ranks)
                    shares = split_pot(net, winners)
                    if second_run is not None:
                        if ranks2 is None:
                            ranks2 = dict(ranks)
                            for who, cards in second_run.items():
                                ranks2[self._idx(who)] = rank_parsed(_cards(cards))
                        winners, shares = _two_runs(net, winners, best(k, eligible, claim, ranks2))
            for i, share in zip(winners, shares, strict=True):
                collected[i] += share
            pot = _PotResultParts()
            pot.winners = winners_named = tuple(map(name_of, winners))
            pot.shares = tuple(zip(winners_named, shares, strict=True))
            pot.index = k
            pot.amount = amount
            pot.rake = pot_rake
            pot.net = net
            pot.eligible = tuple(map(name_of, eligible))
            pot.__class__ = PotResult  # a frozen PotResult from here on (histparse._records)
            results.append(pot)
        players: list[PlayerResult] = []
        stacks, invested, seats = self._stack, self._invested, self._seats
        for i in range(n):
            stacks[i] += collected[i]
            player = _PlayerResultParts()
            player.player = names[i]
            player.seat = seats[i]
            player.invested = invested[i]
            player.collected = collected[i]
            player.net = collected[i] - invested[i]
            player.final_stack = stacks[i]
            player.__class__ = PlayerResult
            players.append(player)
        done = _SettlementParts()
        done.pots = tuple(results)
        done.players = tuple(players)
        done.rake = rake
        done.total_pot = self._pot
        done.__class__ = Settlement
        settlement: Settlement = done
        self._settlement = settlement
        self._phase = _COMPLETE
        return settlement


def _two_runs(net: int, first: list[int], second: list[int]) -> tuple[list[int], list[int]]:
    """A pot run twice: half to each run's winners (the odd chip to the first run), the
    winners of both runs in order with what each takes in all."""
    half = net // 2
    took: dict[int, int] = {}
    for runners, part in ((first, net - half), (second, half)):
        for i, share in zip(runners, split_pot(part, runners), strict=True):
            took[i] = took.get(i, 0) + share
    winners = list(took)
    return winners, [took[i] for i in winners]
