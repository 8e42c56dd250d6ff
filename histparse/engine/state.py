"""The state machine of one hand of 2-7 triple draw: posts, deal, four betting rounds, three
draws, showdown and settlement.

Every event method validates first and mutates only when nothing is wrong, so a raised error
leaves the hand as it was. ``check=True`` (the default) enforces RULES.md; ``check=False``
applies a site's event that breaks a rule so a replayer can record the finding and carry on
(physically impossible events still raise ``StateError``). See ``betting``, ``draws`` and
``pots`` for the readings taken where RULES.md is silent.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

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
from histparse.ranking import hand_rank

CardsIn = str | Iterable[str | Card]
Event = PostResult | ActionResult | DrawResult

_LIVE_BIG_BLINDS = (PostKind.BIG_BLIND, PostKind.SMALL_AND_BIG_BLIND)


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
        "_bet",
        "_button",
        "_cards",
        "_config",
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
    ) -> None:
        if len({s.seat for s in seats}) != len(seats):
            raise ConfigError("two players share a seat number")
        if len({s.name for s in seats}) != len(seats):
            raise ConfigError("two seats share a player name")
        dealt = sorted((s for s in seats if s.dealt_in), key=lambda s: s.seat)
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
        self._names = tuple(s.name for s in dealt)
        self._seats = tuple(s.seat for s in dealt)
        self._index = {name: i for i, name in enumerate(self._names)}
        self._n = n
        self._button = button
        self._first = first_left_of(self._seats, button)
        self._start = tuple(s.stack for s in dealt)
        self._stack = list(self._start)
        self._bet = [0] * n
        self._invested = [0] * n
        self._folded = [False] * n
        self._all_in = [False] * n
        self._mucked = [False] * n
        # raise_seq of the round when the player last acted; -1: not acted this round.
        self._acted = [-1] * n
        self._pot = 0
        self._live = n
        self._active = n
        self._phase = Phase.POSTING
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
        if phase is Phase.POSTING:
            return Street.PREDEAL
        if phase is Phase.DRAWING:
            return Street(self._draw_no)
        if phase is Phase.SHOWDOWN:
            return Street.SHOWDOWN
        if phase is Phase.COMPLETE:
            return Street.SUMMARY
        return Street(self._round.number)

    @property
    def round_number(self) -> int:
        """Betting round 0-3 (R-BET-1); the last one once betting is over."""
        return self._round.number

    @property
    def draw_number(self) -> int:
        """Draw 1-3 during or after it; 0 before the first draw."""
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
        return self._round.current_bet if self._phase is Phase.BETTING else 0

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
        return self._stack[self._idx(player)]

    def is_live(self, player: str) -> bool:
        """Whether ``player`` has not folded."""
        return not self._folded[self._idx(player)]

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
            PlayerView(
                name=self._names[i],
                seat=self._seats[i],
                stack=self._stack[i],
                bet=self._bet[i],
                invested=self._invested[i],
                folded=self._folded[i],
                all_in=self._all_in[i],
                cards=tuple(hands[i]),
            )
            for i in range(self._n)
        )
        return Snapshot(
            phase=self._phase,
            street=self.street,
            to_act=self.to_act,
            pot=self._pot,
            current_bet=self.current_bet,
            bet_count=self._round.bet_count,
            stub=self._cards.stub_count,
            button=self._button,
            players=players,
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
            self._active -= 1

    def _needs_to_act(self, i: int) -> bool:
        if self._folded[i] or self._all_in[i]:
            return False
        if self._bet[i] < self._round.current_bet:
            return True
        # With nobody left to bet against, a player who has matched has nothing to decide.
        return self._acted[i] < 0 and self._active > 1

    def _next_to_act(self, after: int) -> int:
        n = self._n
        for k in range(1, n + 1):
            j = (after + k) % n
            if self._needs_to_act(j):
                return j
        return -1

    def _start_round(self, rnd: RoundState, start: int) -> None:
        self._legal_for = -1
        self._round = rnd
        self._phase = Phase.BETTING
        self._acted = [-1] * self._n
        self._to_act = self._next_to_act(start - 1)
        if self._to_act < 0:
            self._end_round()

    def _end_round(self) -> None:
        """Return any uncalled bet (R-BET-7), then move to the next draw, the showdown or the
        end of an uncontested hand (R-DRAW-1)."""
        bets = self._bet
        n = self._n
        top = max(bets)
        holders = [i for i in range(n) if bets[i] == top]
        if top > 0 and len(holders) == 1:
            i = holders[0]
            second = max(bets[j] for j in range(n) if j != i)
            excess = top - second
            self._stack[i] += excess
            self._invested[i] -= excess
            self._pot -= excess
            if self._all_in[i]:
                self._all_in[i] = False
                if not self._folded[i]:
                    self._active += 1
            self._uncalled.append(UncalledBet(self._names[i], excess, Street(self._round.number)))
        self._bet = [0] * n
        self._to_act = -1
        number = self._round.number
        if self._live == 1:
            self._phase = Phase.UNCONTESTED
        elif number < 3:
            self._phase = Phase.DRAWING
            self._draw_no = number + 1
            first = self._first
            order = [(first + k) % n for k in range(n)]
            self._pending = [i for i in order if not self._folded[i]]
            self._to_act = self._pending[0]
        else:
            self._final_aggressor = self._round.last_aggressor
            self._phase = Phase.SHOWDOWN

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
        self._require(Phase.POSTING, "post")
        i = self._idx(player)
        if self._all_in[i]:
            raise StateError(f"{player} is already all-in and cannot post")
        if check and any(
            isinstance(e, PostResult) and e.player == player and e.kind is kind
            for e in self._events
        ):
            raise IllegalPost("R-TABLE-2", f"{player} posts the {kind.value} twice")
        total, live, dead = split_post(self._config, player, kind, amount, self._stack[i], check)
        self._put_in(i, total, live)
        result = PostResult(player, kind, total, live, dead, self._all_in[i])
        self._events.append(result)
        return result

    def deal(self, hands: Mapping[str, CardsIn] | None = None, *, check: bool = True) -> None:
        """Deal five cards each (R-TABLE-3) and open the pre-draw betting round.

        ``hands`` gives the known hands (e.g. the hero's); the others stay unknown. With a
        dealer, leave it out: the dealer deals every card.
        """
        self._require(Phase.POSTING, "deal")
        known = {self._idx(name): parse_cards(cards) for name, cards in (hands or {}).items()}
        n, first = self._n, self._first
        order = [(first + k) % n for k in range(n)]
        self._cards.deal(order, known, check)
        config = self._config
        rnd = RoundState(0, config.bet_unit(0), config.big_blind)
        rnd.current_bet = max(self._bet)
        big_blind_at = -1
        posted_big = {
            self._index[e.player]
            for e in self._events
            if isinstance(e, PostResult) and e.kind in _LIVE_BIG_BLINDS
        }
        if posted_big:
            # The big blind counts as the first bet even when posted all-in for less.
            rnd.level = config.big_blind
            rnd.bet_count = 1
            rnd.current_bet = max(rnd.current_bet, config.big_blind)
            # Seat order, not wording, tells the real big blind from a new player's extra one.
            big_blind_at = next(i for i in order if i in posted_big)
        else:
            seat = self.expected_blinds().big_blind
            big_blind_at = self._seats.index(seat)
        self._start_round(rnd, (big_blind_at + 1) % n)

    # -- betting ----------------------------------------------------------------------------------

    def legal_actions(self, player: str | None = None) -> LegalActions:
        """What ``player`` (default: the player to act) may do now (R-BET-3..7)."""
        self._require(Phase.BETTING, "bet")
        i = self._to_act if player is None else self._idx(player)
        return self._legal(i)

    def _reject(
        self, i: int, kind: ActionKind, to: int | None, legal: LegalActions
    ) -> IllegalAction | None:
        """Why ``kind`` breaks a rule, or None when it is legal."""
        name = self._names[i]
        rnd = self._round
        if i != self._to_act:
            expected = self._names[self._to_act]
            return IllegalAction(
                "R-BET-2",
                f"{name} acts out of turn: {expected} is to act",
                self._legal(self._to_act),
            )
        if kind is ActionKind.FOLD:
            return None
        if kind is ActionKind.CHECK:
            if legal.can_check:
                return None
            return IllegalAction(
                "R-BET-3", f"{name} checks facing a bet of {rnd.current_bet}", legal
            )
        if kind is ActionKind.CALL:
            if legal.can_call:
                return None
            return IllegalAction("R-BET-3", f"{name} calls with nothing to call", legal)
        fixed = self._config.limit is LimitType.FIXED
        if kind is ActionKind.BET and rnd.current_bet > 0:
            return IllegalAction(
                "R-BET-3", f"{name} bets into a bet of {rnd.current_bet} (raise instead)", legal
            )
        if kind is ActionKind.RAISE and rnd.current_bet == 0:
            return IllegalAction("R-BET-3", f"{name} raises with no bet to raise (bet)", legal)
        if not (legal.can_bet or legal.can_raise):
            if is_capped(self._config, rnd, self._live):
                return IllegalAction(
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
            return IllegalAction("R-BET-7", f"{name} cannot raise: {why}", legal)
        assert to is not None
        if legal.min_to <= to <= legal.max_to:
            return None
        rule = "R-BET-4" if fixed else "R-BET-6"
        if to < legal.min_to:
            what = f"below the minimum of {legal.min_to}"
        else:
            what = f"above the maximum of {legal.max_to}"
        return IllegalAction(rule, f"{name} {kind.value}s to {to}, {what}", legal)

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
        self._require(Phase.BETTING, "bet")
        if not isinstance(kind, ActionKind):
            raise StateError(f"{player}: {kind!r} is not an ActionKind")
        i = self._idx(player)
        if self._folded[i]:
            raise StateError(f"{player} has folded and cannot act")
        if self._all_in[i]:
            raise StateError(f"{player} is all-in and cannot act", "R-BET-7")
        rnd = self._round
        bet, stack = self._bet[i], self._stack[i]
        aggressive = kind is ActionKind.BET or kind is ActionKind.RAISE
        if aggressive:
            if isinstance(to, bool) or not isinstance(to, int):
                raise StateError(f"{player} {kind.value}s without an int 'to' amount")
            increment = to - bet
            if increment <= 0 or increment > stack:
                raise StateError(f"{player} {kind.value}s to {to}: has {bet} in and {stack} behind")
        elif kind is ActionKind.CALL:
            owed = max(rnd.current_bet - bet, 0)
            increment = min(owed, stack) if amount is None else amount
            if (
                isinstance(increment, bool)
                or not isinstance(increment, int)
                or not (0 <= increment <= stack)
            ):
                raise StateError(f"{player} calls {increment!r} with {stack} behind")
        else:
            increment = 0
        if check:
            legal = self._legal(i)
            error = self._reject(i, kind, to, legal)
            if error is None and kind is ActionKind.CALL and increment != legal.call_amount:
                error = IllegalAction(
                    "R-BET-7" if stack < rnd.current_bet - bet else "R-BET-3",
                    f"{player} calls {increment}; the call is {legal.call_amount}",
                    legal,
                )
            if error is not None:
                raise error

        # Validated: mutate from here on.
        self._legal_for = -1
        full = capped = False
        if increment:
            self._put_in(i, increment, increment)
        if aggressive:
            total = self._bet[i]
            current = rnd.current_bet
            if self._config.limit is LimitType.FIXED:
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
                capped = self._config.limit is LimitType.FIXED and is_capped(
                    self._config, rnd, self._live
                )
            if total > current:
                rnd.current_bet = total
            rnd.last_aggressor = i
        elif kind is ActionKind.FOLD:
            self._folded[i] = True
            self._live -= 1
            self._active -= 1
        self._acted[i] = rnd.raise_seq
        result_all_in = self._all_in[i]
        total = self._bet[i]

        uncalled_before = len(self._uncalled)
        nxt = -1 if self._live == 1 else self._next_to_act(i)
        if nxt >= 0:
            self._to_act = nxt
            round_over = False
        else:
            round_over = True
            self._end_round()
        result = ActionResult(
            player=player,
            kind=kind,
            increment=increment,
            total=total,
            all_in=result_all_in,
            full_raise=full,
            capped=capped,
            round_over=round_over,
            hand_over=self._live == 1,
            uncalled=self._uncalled[-1] if len(self._uncalled) > uncalled_before else None,
        )
        self._events.append(result)
        return result

    def fold(self, player: str, *, check: bool = True) -> ActionResult:
        """``player`` folds."""
        return self.act(player, ActionKind.FOLD, check=check)

    def check(self, player: str, *, check: bool = True) -> ActionResult:
        """``player`` checks."""
        return self.act(player, ActionKind.CHECK, check=check)

    def call(self, player: str, amount: int | None = None, *, check: bool = True) -> ActionResult:
        """``player`` calls (``amount``: the increment the history states, if any)."""
        return self.act(player, ActionKind.CALL, amount=amount, check=check)

    def bet(self, player: str, to: int, *, check: bool = True) -> ActionResult:
        """``player`` bets ``to`` (their round total)."""
        return self.act(player, ActionKind.BET, to, check=check)

    def raise_to(self, player: str, to: int, *, check: bool = True) -> ActionResult:
        """``player`` raises to ``to`` (their round total)."""
        return self.act(player, ActionKind.RAISE, to, check=check)

    # -- draws ------------------------------------------------------------------------------------

    def would_reshuffle(self, count: int) -> bool:
        """Whether serving ``count`` cards now empties the stub first (R-DRAW-3), e.g. to
        print ``The deck is reshuffled`` before that player's draw."""
        return self._cards.would_reshuffle(count)

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
        self._require(Phase.DRAWING, "draw")
        i = self._idx(player)
        if self._folded[i]:
            raise StateError(f"{player} has folded and cannot draw", "R-DRAW-1")
        pending = self._pending
        if i not in pending:
            raise StateError(f"{player} has already drawn in draw {self._draw_no}", "R-DRAW-2")
        if check and pending[0] != i:
            raise IllegalDraw(
                "R-DRAW-2", f"{player} draws out of turn: {self._names[pending[0]]} draws first"
            )
        if isinstance(count, bool) or not isinstance(count, int):
            raise StateError(f"{player} draws {count!r} cards: the count must be an int")
        result = self._cards.draw(
            i,
            self._draw_no,
            count,
            None if discarded is None else parse_cards(discarded),
            None if received is None else parse_cards(received),
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
        if self._phase is not Phase.SHOWDOWN and self._phase is not Phase.UNCONTESTED:
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
        return self._cards.reveal(i, parse_cards(cards), check)

    def muck(self, player: str, cards: CardsIn | None = None, *, check: bool = True) -> None:
        """``player`` mucks and gives up their claim (R-SHOW-1); ``cards`` when the site
        reveals them anyway (PokerStars' summary ``mucked [...]``)."""
        i = self._showdown_player(player, "muck")
        if cards is not None:
            self._cards.reveal(i, parse_cards(cards), check)
        self._mucked[i] = True

    def pots(self) -> tuple[Pot, ...]:
        """Main pot first, then side pots, with the players eligible for each (R-SHOW-3)."""
        live = [not f for f in self._folded]
        return tuple(
            Pot(amount, tuple(self._names[i] for i in eligible))
            for amount, eligible in build_pots(self._invested, live)
        )

    def settle(self, rake: int = 0) -> Settlement:
        """Award the pots (R-SHOW-2..4) and end the hand.

        Each pot goes to the best ``hand_rank`` among its eligible players who have not mucked
        and whose five cards are known (shown, or dealt known); a lone claimant wins without
        showing. Ties split with odd chips from the first winner left of the button. ``rake``
        comes off the main pot first (PokerStars prints the main pot net of rake).
        """
        if self._phase is not Phase.SHOWDOWN and self._phase is not Phase.UNCONTESTED:
            raise StateError(f"cannot settle now: the hand is in phase {self._phase.value}")
        if isinstance(rake, bool) or not isinstance(rake, int) or not 0 <= rake <= self._pot:
            raise SettlementError(f"rake {rake!r} must be an int from 0 to the pot {self._pot}")
        n, first = self._n, self._first
        live = [not f for f in self._folded]
        raw = build_pots(self._invested, live)
        rakes = rake_by_pot([amount for amount, _ in raw], rake)
        ranks: dict[int, int] = {}
        for i in range(n):
            if live[i] and not self._mucked[i]:
                cards = self._cards.known_hand(i)
                if cards is not None:
                    ranks[i] = hand_rank(cards)
        collected = [0] * n
        results: list[PotResult] = []
        for k, ((amount, eligible), pot_rake) in enumerate(zip(raw, rakes, strict=True)):
            claim = [i for i in eligible if not self._mucked[i]]
            if len(eligible) == 1:
                winners = list(eligible)
            elif len(claim) == 1:
                winners = claim
            else:
                shown = [i for i in claim if i in ranks]
                if not shown:
                    names = ", ".join(self._names[i] for i in eligible)
                    raise SettlementError(
                        f"no eligible player ({names}) showed a hand for pot {k}", "R-SHOW-3"
                    )
                best = min(ranks[i] for i in shown)
                winners = [i for i in shown if ranks[i] == best]
            winners.sort(key=lambda i: (i - first) % n)
            net = amount - pot_rake
            shares = split_pot(net, winners)
            for i, share in zip(winners, shares, strict=True):
                collected[i] += share
            results.append(
                PotResult(
                    index=k,
                    amount=amount,
                    rake=pot_rake,
                    net=net,
                    eligible=tuple(self._names[i] for i in eligible),
                    winners=tuple(self._names[i] for i in winners),
                    shares=tuple((self._names[i], s) for i, s in zip(winners, shares, strict=True)),
                )
            )
        players = []
        for i in range(n):
            self._stack[i] += collected[i]
            players.append(
                PlayerResult(
                    player=self._names[i],
                    seat=self._seats[i],
                    invested=self._invested[i],
                    collected=collected[i],
                    net=collected[i] - self._invested[i],
                    final_stack=self._stack[i],
                )
            )
        settlement = Settlement(tuple(results), tuple(players), rake, self._pot)
        self._settlement = settlement
        self._phase = Phase.COMPLETE
        return settlement
