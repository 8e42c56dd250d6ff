"""The replay's second job on every event: feed the rules engine and report what it refuses.

How the engine is driven (readings documented in docs/findings.md):

* Every action is tried with ``check=True``; when the engine rejects it, the finding is
  recorded and the action is applied as written (``check=False``) so the replay goes on with
  the site's money. Impossible events (``StateError``: acting after folding, more chips than
  the stack) are reported and skipped or clamped (``_impossible_action``); when the engine
  cannot go on at all the replay stops feeding it (``state`` becomes None) and only the line
  checks continue.
* Known cards (the hero's, ``histparse.replayer.hero``) are given to the engine only when the
  lines are consistent.
* Single draw is replayed on the engine set for one draw (``GameConfig.draws``).
* Unmatched antes come back with the uncalled bet: the engine returns them (R-BET-7).

``Feed`` is a ``Facts`` (``histparse.replayer.facts``): each handler here records the line's
facts first, then feeds the engine, reading from them the section the event sits in and the
money of an action. Amounts are compared in engine units
(the conversions of repeated amounts kept by ``Money.units_or_none``), and messages are only
formatted for findings.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from operator import attrgetter
from typing import Any

from histparse._records import twin
from histparse.cards import Card, format_hand
from histparse.engine import (
    MAX_SEATS,
    ActionResult,
    BlindSeats,
    CardConflict,
    ConfigError,
    EngineError,
    GameConfig,
    HandState,
    IllegalAction,
    IllegalDraw,
    Phase,
    Seat,
    Settlement,
    SettlementError,
    StateError,
    expected_blinds,
)
from histparse.events import (
    Action,
    CapReached,
    Chat,
    Collected,
    DealtTo,
    DoesntShow,
    Draw,
    Hand,
    Mucks,
    PlayerStatus,
    Post,
    Reshuffle,
    Section,
    SectionMarker,
    Shows,
    SummarySeat,
)
from histparse.game import ActionKind, Game, LimitType, PostKind, Street
from histparse.money import Amounts, Money
from histparse.replayer.checks.betting import action_code
from histparse.replayer.checks.cards import is_hand
from histparse.replayer.facts import FACT_HANDLERS, Facts
from histparse.replayer.findings import Code, Finding
from histparse.replayer.hero import HeroCards
from histparse.replayer.types import StateAfter
from histparse.sites import SiteProfile, words_for

__all__ = ["HANDLERS", "Feed", "draws_of"]

_REPLAYABLE = (Game.TRIPLE_DRAW_27, Game.SINGLE_DRAW_27)
_QUIET = (Chat, PlayerStatus)
_PLAYER = attrgetter("player")
_SEAT = attrgetter("seat")
# Enum members as module constants: Enum classes have a Python-level __getattr__ hook, which
# makes every ``Phase.X`` lookup slow on the hot path.
_BETTING = Phase.BETTING
_DRAWING = Phase.DRAWING
_POSTING = Phase.POSTING
_SHOWDOWN = Phase.SHOWDOWN
_UNCONTESTED = Phase.UNCONTESTED
_CALL = ActionKind.CALL
_BET = ActionKind.BET
_RAISE = ActionKind.RAISE
_PREDRAW = Street.PREDRAW
_S_DEALING_HANDS = Section.DEALING_HANDS
_S_SHOW_DOWN = Section.SHOW_DOWN
_S_SUMMARY = Section.SUMMARY
_FIXED = LimitType.FIXED
_SMALL_BLIND = PostKind.SMALL_BLIND
_ANTE = PostKind.ANTE
# Game.draws by the game's text (an enum key would hash through Python); 3 for the others.
_DRAWS = {game.value: game.draws or 3 for game in Game}


def draws_of(hand: Hand) -> int:
    """How many draws the hand's game has."""
    return _DRAWS[hand.game._value_]


class Feed(Facts):
    """Records one hand's line facts and feeds its events to the engine (``state``; None once
    it cannot go on)."""

    __slots__ = (
        "amounts",
        "big_blind",
        "blinds",
        "cap_due",
        "cards",
        "events",
        "hero",
        "index",
        "money",
        "profile",
        "reached_draw",
        "reshuffle_announced",
        "reshuffle_unannounced",
        "second_run",
        "settlement",
        "showdown",
        "state",
        "states",
        "trace",
    )

    def __init__(
        self,
        hand: Hand,
        profile: SiteProfile,
        trace: bool,
        findings: list[Finding],
        cards: HeroCards,
    ) -> None:
        Facts.__init__(self, hand, findings, draws_of(hand), profile)
        self.trace = trace
        self.cards = cards
        self.state: HandState | None = None
        self.money = Money(0)
        self.amounts = Amounts(self.sym, self.money)
        self.big_blind: int | None = None
        self.blinds: BlindSeats | None = None
        self.index = 0  # the event being fed (set by the driver's loop)
        self.events = hand.events
        self.hero = hand.hero
        self.cap_due: int | None = None
        self.reshuffle_announced: int | None = None
        self.reshuffle_unannounced: int | None = None
        self.states: list[StateAfter] = []
        self.reached_draw = 0
        self.settlement: Settlement | None = None
        self.showdown = False
        # The hands shown for the second run of a hand run twice ("Run 2: X shows [..]").
        self.second_run: dict[str, tuple[Card, ...]] = {}
        # ``unrecorded`` (set by the facts): the draw lines are taken as not recorded
        # (DRAW-UNRECORDED), and the hero's are not judged.

    # -- reporting --------------------------------------------------------------------------

    def stop_engine(self, code: Code, message: str, line: int | None) -> None:
        """Report why the engine cannot follow the hand any further and stop feeding it."""
        self.add(code, f"{message}; the rules engine stops here", line)
        self.state = None

    def units(self, amount: Decimal, what: str, line: int) -> int | None:
        """``amount`` in engine units; None (and the engine stopped) if not representable."""
        units = self.money.units_or_none(amount)
        if units is None:
            self.unrepresentable(amount, what, line)
        return units

    def unrepresentable(self, amount: Decimal, what: str, line: int) -> None:
        """Report an amount that is not a whole number of units and stop the engine."""
        text = self.amounts
        self.stop_engine(
            Code.MONEY_UNREPRESENTABLE,
            f"{what} {text(amount)} is not a whole number of the money unit "
            f"{text(self.money.unit)}",
            line,
        )

    # -- set-up -----------------------------------------------------------------------------

    def _config(self, dealt: int) -> GameConfig | None:
        """The engine's game options from the stakes and the posted blinds."""
        hand = self.hand
        line = hand.source.first_line
        low = self.units(hand.stakes[0], "stake", line)
        high = self.units(hand.stakes[1], "stake", line)
        if low is None or high is None:
            return None
        fixed = hand.limit_type is _FIXED
        # Limit stakes are the small and big bet (the big blind is the small bet); pot and no
        # limit stakes are the blinds (docs/formats.md §1.1).
        bb = low if fixed else high
        sb = bb // 2 if fixed else low
        ante = 0
        units_or_none = self.money.units_or_none
        for p in self.events:
            if type(p) is Post:
                units = units_or_none(p.amount)
                if units is None:
                    continue  # reported when the post is replayed
                if p.kind is _SMALL_BLIND and not p.all_in and 0 < units <= bb:
                    sb = units
                elif p.kind is _ANTE:
                    ante = max(ante, units)
            elif not isinstance(p, _QUIET):
                break
        self.big_blind = bb
        # The live part of a "small & big blinds" post is capped at it (histparse.ledger).
        self.lines.big_blind = self.money.to_decimal(bb)
        profile = self.profile
        try:
            return _game_config(
                hand.limit_type,
                min(sb, bb),
                bb,
                low if fixed else 0,
                high if fixed else 0,
                ante,
                profile.max_bets_per_round,
                profile.cap_lifted_heads_up,
                max(MAX_SEATS, dealt),
                self.draws,
                profile.returns_dead_money,
            )
        except ConfigError as exc:
            self.add(Code.BLIND_AMOUNT, f"the stakes cannot be played: {exc.message}", line)
            return None

    def start(self) -> None:
        """Seat the hand in the engine (``state`` stays None when it cannot be replayed)."""
        hand = self.hand
        line = hand.source.first_line
        seats = self.seat()
        if len(seats) >= 2:
            self.blinds = _expected_blinds(hand.button_seat, tuple(map(_SEAT, seats)))
        if hand.game not in _REPLAYABLE:
            self.add(Code.REPLAY_UNSUPPORTED, f"{hand.game.label} is not replayed", line)
            return
        self.money = Money.for_hand(hand)
        self.amounts = Amounts(self.sym, self.money)
        stacks: list[Seat] = []
        exact_units = self.money.exact_units
        for s in seats:
            # Not through Money.units_or_none: stacks rarely repeat, and would crowd the
            # bounded cache of the bets, which do.
            stack = exact_units(s.stack)
            if stack is None:
                self.unrepresentable(s.stack, "stack", s.line or line)
                return
            if stack <= 0:
                return  # reported by the seat checks; the engine needs chips to deal a player in
            number = s.seat
            if type(number) is not int or number < 1 or type(s.player) is not str or not s.player:
                try:
                    stacks.append(Seat(number, s.player, stack))  # raises the usual ConfigError
                except ConfigError as exc:  # a seat 0 some site's line allows: not replayed
                    self.add(
                        Code.REPLAY_UNSUPPORTED, f"the engine cannot seat this hand: {exc}", line
                    )
                    return
                continue
            # Seat(...) without its checks, which the values above pass (histparse._records):
            # once per seat of every hand, where Seat.__init__ costs about 2% of the replay.
            seat = _SeatParts()
            seat.seat = number
            seat.name = s.player
            seat.stack = stack
            seat.dealt_in = True
            seat.__class__ = Seat
            stacks.append(seat)
        if len(stacks) < 2:
            return  # reported by the seat checks
        config = self._config(len(stacks))
        if config is None:
            return
        try:
            self.state = HandState(config, stacks, hand.button_seat, amount_text=self.amounts.units)
        except ConfigError as exc:
            self.add(Code.REPLAY_UNSUPPORTED, f"the engine cannot seat this hand: {exc}", line)

    # -- posts and deal ---------------------------------------------------------------------

    def on_post(self, e: Post) -> None:
        Facts.on_post(self, e)
        if self.section_street >= _PREDRAW:
            return  # a post after the deal: reported by the facts, not booked
        p = e.player
        kind = e.kind
        amount = e.amount
        state = self.state
        if state is None or state.phase is not _POSTING:
            return
        units = self.money.units_or_none(amount)
        if units is None:
            self.unrepresentable(amount, f"{p}'s {kind.label}", e.line)
            return
        try:
            # Amounts and seats of posts are judged by the structure checks, against the
            # site profile; the engine only books the money.
            result = state.post(p, kind, units, check=False)
        except StateError as exc:
            if p not in self.dealt_in:
                self.add(Code.STRUCT_PLAYER, f"{p} posts but is not dealt in", e.line)
                return
            stack = state.stack(p)
            if units > stack > 0:
                text = self.amounts.units
                self.add(
                    Code.BET_ALLIN, f"{p} posts {text(units)} with {text(stack)} behind", e.line
                )
                state.post(p, kind, stack, check=False)
            else:
                self.add(Code.BET_ALLIN, f"{p} cannot post: {exc.message}", e.line)
            return
        if result.all_in is not e.all_in:
            left = state.stack(p)
            self.add(
                Code.BET_ALLIN_FLAG,
                f"{p}'s post {'says' if e.all_in else 'does not say'} all-in, with "
                f"{self.amounts.units(left)} behind",
                e.line,
            )

    def _deal(self, state: HandState) -> None:
        """Deal (the engine is still posting): the hero's cards are the only known ones."""
        known = self.cards.deal(self.index, self.dealt_in)
        try:
            state.deal(known)
        except EngineError as exc:  # pragma: no cover - the hand was validated above
            self.stop_engine(Code.REPLAY_ABORTED, f"cannot deal: {exc}", None)

    def on_section(self, e: SectionMarker) -> None:
        Facts.on_section(self, e)
        section = e.section
        if self.reshuffle_unannounced is not None or self.reshuffle_announced is not None:
            self._reshuffle_missing()
        state = self.state
        if state is None:
            return
        if state.phase is _POSTING:
            self._deal(state)
            if section is _S_DEALING_HANDS:
                return
        if section is _S_SHOW_DOWN or section is _S_SUMMARY:
            # ``_value_``: ``value`` is a Python-level property of every Enum.
            self._to_the_end(e.line, "the {}", section._value_.lower)
            return
        number = self.section_street - _PREDRAW
        if number < 1:
            return
        phase = state.phase
        if phase is _BETTING:
            name = words_for(self.hand.site).sections[section].lower()
            self._unfinished_round(f"the {name} starts", e.line)
        elif phase is not _DRAWING or state.draw_number != number:
            self.add(
                Code.STRUCT_SECTIONS,
                f"'{words_for(self.hand.site).markers[section]}' but the rules have "
                + (f"draw {state.draw_number} next" if phase is _DRAWING else "no draw to make"),
                e.line,
            )

    def _unfinished_round(self, what: str, line: int) -> None:
        state = self.state
        assert state is not None
        self.stop_engine(
            Code.BET_ROUND,
            f"{what} while {state.to_act} still has to act in betting round "
            f"{state.round_number + 1}",
            line,
        )

    def _to_the_end(self, line: int, what: str, part: Callable[[], str] | str = "") -> None:
        """Close the engine's betting before a showdown, collection or summary line. The
        message names the line as ``what.format(part)`` (``part()`` if callable), built only
        for a finding."""
        state = self.state
        if state is None:
            return
        phase = state.phase
        if phase is not _BETTING and phase is not _DRAWING:
            return
        what = what.format(part() if callable(part) else part)
        if phase is _BETTING:
            self._unfinished_round(what + " comes", line)
        else:
            self.stop_engine(
                Code.DRAW_MISSING, f"{what} comes while {state.to_act} still has to draw", line
            )

    def on_dealt(self, e: DealtTo) -> None:
        Facts.on_dealt(self, e)
        state = self.state
        if state is not None and state.phase is _POSTING:
            self._deal(state)  # no DEALING HANDS marker before it: reported by the checks
        self.cards.on_dealt(e, self.index, state is None)

    # -- betting ----------------------------------------------------------------------------

    def on_action(self, e: Action) -> None:
        Facts.on_action(self, e)
        if self.reshuffle_unannounced is not None or self.reshuffle_announced is not None:
            self._reshuffle_missing()
        state = self.state
        if state is None:
            return
        if state.phase is not _BETTING and not self._ready_to_bet(state, e):
            return
        p = e.player
        kind = e.kind
        # The money of the action as the facts read it off the line, just before.
        increment = self.increment
        to_units: int | None = None
        call_units: int | None = None
        if kind is _BET or kind is _RAISE:
            total = self.before + increment
            to_units = self.money.units_or_none(total)
            if to_units is None:
                self.unrepresentable(total, f"{p}'s {kind.value}", e.line)
                return
        elif kind is _CALL:
            call_units = self.money.units_or_none(increment)
            if call_units is None:
                self.unrepresentable(increment, f"{p}'s call", e.line)
                return
        result: ActionResult | None = None
        try:
            result = state.act(p, kind, to_units, amount=call_units)
        except IllegalAction as exc:
            self.add(action_code(exc, kind), exc.message, e.line)
        except StateError as exc:
            result = self._impossible_action(e, exc, to_units, call_units)
            if result is None:
                return
        if result is None:
            try:
                result = state.act(p, kind, to_units, amount=call_units, check=False)
            except StateError as exc:
                result = self._impossible_action(e, exc, to_units, call_units)
                if result is None:
                    return
        if result.all_in is not e.all_in:
            left = self.amounts.units(state.stack(p))
            self.add(
                Code.BET_ALLIN_FLAG,
                f"{p}'s {kind.value} "
                + ("says all-in" if e.all_in else "does not say all-in")
                + f" with {left} behind",
                e.line,
            )
        if result.capped and self.profile.prints_cap_line:
            self.cap_due = e.line

    def wrong_bet_to_raise(self, raised: Decimal) -> Decimal | None:
        """As ``Facts.wrong_bet_to_raise``, by the engine while it is betting: it knows the bet
        to match (a short all-in big blind still makes the full big blind the bet). Compared in
        units, exactly (None, unrepresentable, is wrong too), so that no Decimal is built for a
        good line."""
        state = self.state
        if state is None or state.phase is not _BETTING:
            return Facts.wrong_bet_to_raise(self, raised)
        bet = state.current_bet
        return None if self.money.units_or_none(raised) == bet else self.money.to_decimal(bet)

    def _may_act(self, state: HandState, e: Action) -> bool:
        """Report an action by a player not dealt in or already folded; True if neither."""
        p = e.player
        if p not in state.players:
            self.add(Code.STRUCT_PLAYER, f"{p} acts but is not dealt in", e.line)
            return False
        if not state.is_live(p):
            self.add(Code.BET_AFTER_FOLD, f"{p} acts after folding", e.line)
            return False
        return True

    def _ready_to_bet(self, state: HandState, e: Action) -> bool:
        """An action outside the engine's betting phase: deal first, let players who did not
        draw stand pat, or report that the betting is over. True if the action can go on."""
        if not self._may_act(state, e):
            return False
        if state.phase is _POSTING:
            self._deal(state)
        if state.phase is _DRAWING:
            self._missing_draws(state, e.line)
        if state.phase is not _BETTING:
            self.add(Code.BET_ROUND, f"{e.player} acts after the betting is over", e.line)
            return False
        return True

    def _impossible_action(
        self, e: Action, exc: StateError, to_units: int | None, call_units: int | None
    ) -> ActionResult | None:
        """An action the engine cannot apply as written: report it, and apply the nearest
        possible one (all-in) when the player simply has fewer chips than the line says."""
        state = self.state
        assert state is not None
        if not self._may_act(state, e):
            return None
        p = e.player
        stack = state.stack(p)
        if stack == 0:
            self.add(Code.BET_ALLIN, f"{p} acts while all-in", e.line)
            return None
        bet = state.bet_of(p)
        text = self.amounts.units
        if e.kind is _CALL and call_units is not None and call_units > stack:
            self.add(
                Code.BET_ALLIN, f"{p} calls {text(call_units)} with {text(stack)} behind", e.line
            )
            return state.act(p, _CALL, amount=stack, check=False)
        if to_units is not None and to_units - bet > stack:
            self.add(
                Code.BET_ALLIN,
                f"{p} {e.kind.value}s to {text(to_units)} with {text(bet)} in and "
                f"{text(stack)} behind",
                e.line,
            )
            return state.act(p, e.kind, bet + stack, check=False)
        if to_units is not None and to_units <= bet:
            self.add(Code.BET_ILLEGAL, f"{p} {e.kind.value}s to no more than they have in", e.line)
            return None
        self.stop_engine(Code.REPLAY_ABORTED, f"{p}: {exc.message}", e.line)
        return None

    def cap_missing(self) -> None:
        """The line after a capping action is not 'Betting is capped': report it."""
        line = self.cap_due
        self.cap_due = None
        self.add(Code.BET_CAP_LINE, "the cap is reached but 'Betting is capped' is missing", line)

    def on_cap(self, e: CapReached) -> None:
        if self.cap_due is not None:
            self.cap_due = None
        elif self.state is not None:
            self.add(Code.BET_CAP_LINE, "'Betting is capped' but the cap is not reached", e.line)

    # -- draws ------------------------------------------------------------------------------

    def _missing_draws(self, state: HandState, line: int) -> None:
        """Players who should have drawn before this line: report and let them stand pat."""
        while state.phase is _DRAWING:
            who = state.to_act or ""
            self.add(Code.DRAW_MISSING, f"{who} has no line in draw {state.draw_number}", line)
            state.draw(who, 0, check=False)

    def on_draw(self, e: Draw) -> None:
        Facts.on_draw(self, e)
        p = e.player
        if self.reshuffle_unannounced is not None:
            self._reshuffle_missing()
        discarded: tuple[Card, ...] | None = None
        received: tuple[Card, ...] | None = None
        if p == self.hero and not self.unrecorded:
            discarded, received = self.cards.draw(e, self.index)
        elif e.discarded:
            discarded = e.discarded
        state = self.state
        if state is None:
            return
        phase = state.phase
        if phase is not _DRAWING:
            if phase is _POSTING:
                self._deal(state)
                phase = state.phase
            if phase is _BETTING:
                self._unfinished_round(f"{p}'s draw comes", e.line)
                return
            if phase is not _DRAWING:
                self.add(Code.DRAW_MISSING, f"{p} draws when there is no draw to make", e.line)
                return
        to_act = state.to_act
        if p != to_act:  # the player to draw is dealt in and live: check only the others
            if p not in state.players:
                self.add(Code.STRUCT_PLAYER, f"{p} draws but is not dealt in", e.line)
                return
            if not state.is_live(p):
                self.add(Code.BET_AFTER_FOLD, f"{p} draws after folding", e.line)
                return
        count = e.count
        if not 0 <= count <= 5:
            self.add(Code.CARD_COUNT, f"{p} discards {count} cards", e.line)
            count = max(0, min(count, 5))
            discarded = received = None
        # R-DRAW-3: the site announces the reshuffle before serving the player who needs it
        # (or, at the latest, right after).
        needs = state.would_reshuffle(count)
        if self.reshuffle_announced is not None:
            if not needs:
                self.add(
                    Code.CARD_RESHUFFLE,
                    f"the deck is reshuffled with {state.stub_size} cards left in the stub, "
                    f"before {p} draws {count}",
                    self.reshuffle_announced,
                )
            self.reshuffle_announced = None
        elif needs and self.profile.prints_reshuffle_line:
            self.reshuffle_unannounced = e.line
        check = to_act == p
        if not check:
            self.add(Code.DRAW_ORDER, f"{p} draws out of turn: {to_act} draws first", e.line)
        try:
            try:
                result = state.draw(p, count, discarded, received, check=check)
            except CardConflict as exc:
                code = Code.CARD_DUPLICATE if exc.rule_id == "R-RANK-1" else Code.CARD_RESHUFFLE
                self.add(code, exc.message, e.line)
                result = state.draw(p, count, discarded, received, check=False)
            except IllegalDraw as exc:
                self.add(Code.CARD_HERO_DRAW, exc.message, e.line)
                result = state.draw(p, count, discarded, received, check=False)
        except StateError as exc:
            self.stop_engine(Code.REPLAY_ABORTED, f"{p}'s draw: {exc.message}", e.line)
            return
        if result.draw > self.reached_draw:
            self.reached_draw = result.draw
        if p == self.hero:
            self.cards.learn(state)

    def on_reshuffle(self, e: Reshuffle) -> None:
        Facts.on_reshuffle(self, e)
        if self.reshuffle_unannounced is not None:
            self.reshuffle_unannounced = None  # announced just after the draw that needed it
        elif self.reshuffle_announced is None:
            self.reshuffle_announced = e.line
        else:
            self.add(Code.CARD_RESHUFFLE, "the deck is reshuffled twice in a row", e.line)

    def _reshuffle_missing(self) -> None:
        if self.reshuffle_unannounced is not None:
            line = self.reshuffle_unannounced
            self.reshuffle_unannounced = None
            self.add(Code.CARD_RESHUFFLE, "the stub ran out but no reshuffle is announced", line)
        if self.reshuffle_announced is not None:
            line = self.reshuffle_announced
            self.reshuffle_announced = None
            if self.state is not None:
                self.add(
                    Code.CARD_RESHUFFLE, "the deck is reshuffled but nobody draws after it", line
                )

    # -- showdown and collection ------------------------------------------------------------

    def on_shows(self, e: Shows) -> None:
        if e.run == 2 and self.profile.runs_twice:
            self._second_run(e)
            return
        Facts.on_shows(self, e)
        p = e.player
        cards = e.cards
        mismatch = self.cards.shows(e)
        if not is_hand(cards):
            code = Code.CARD_DUPLICATE if len(set(cards)) != len(cards) else Code.CARD_COUNT
            self.add(code, f"{p} shows {format_hand(cards)}", e.line)
            return
        self._reveal(p, cards, e.line, muck=False, reported=mismatch)

    def _second_run(self, e: Shows) -> None:
        """A show of a hand's second run: its own cards, kept for the settlement (the engine
        follows the first run; the second run's replacements are not checked against it)."""
        p = e.player
        if not is_hand(e.cards):
            code = Code.CARD_DUPLICATE if len(set(e.cards)) != len(e.cards) else Code.CARD_COUNT
            self.add(code, f"{p} shows {format_hand(e.cards)} in the second run", e.line)
        elif p in self.second_run:
            self.add(Code.SUMMARY_SHOWDOWN, f"{p} shows twice in the second run", e.line)
        else:
            self.second_run[p] = e.cards

    def _reveal(
        self, p: str, cards: tuple[Card, ...] | None, line: int, *, muck: bool, reported: bool
    ) -> None:
        if cards is not None:
            reported = self.cards.reveal(p, cards, line, reported)
        state = self.state
        if state is None:
            return
        self._to_the_end(line, "{}'s muck" if muck else "{}'s show", p)
        state = self.state
        if state is None:
            return
        if p not in state.players:
            self.add(
                Code.STRUCT_PLAYER, f"{p} {'mucks' if muck else 'shows'} but is not dealt in", line
            )
            return
        if not state.is_live(p):
            self.add(Code.BET_AFTER_FOLD, f"{p} {'mucks' if muck else 'shows'} after folding", line)
            return
        try:
            if muck:
                state.muck(p, cards)
            else:
                state.show(p, cards or ())
        except CardConflict as exc:
            if not reported:  # already reported as CARD-HERO-SHOW or CARD-DUPLICATE above
                self.add(Code.CARD_DUPLICATE, exc.message, line)
            try:
                if muck:
                    state.muck(p, cards, check=False)
                else:
                    state.show(p, cards or (), check=False)
            except StateError as inner:
                self.add(Code.REPLAY_ABORTED, f"{p}: {inner.message}", line)
        except StateError as exc:
            self.add(Code.SUMMARY_SHOWDOWN, f"{p}: {exc.message}", line)

    def on_mucks(self, e: Mucks) -> None:
        Facts.on_mucks(self, e)
        p = e.player
        cards = self._summary_cards(p)
        if cards is not None and not is_hand(cards):
            cards = None
        mismatch = self.cards.mucks(e, cards)
        self._reveal(p, cards, e.line, muck=True, reported=mismatch)

    def _summary_cards(self, player: str) -> tuple[Card, ...] | None:
        """The cards the summary reveals for a player who mucked (looked up ahead)."""
        events = self.events
        for k in range(self.index + 1, len(events)):
            s = events[k]
            if type(s) is SummarySeat and s.player == player:
                return s.cards
        return None

    def on_doesnt_show(self, e: DoesntShow) -> None:
        self._to_the_end(e.line, "{}'s 'doesn't show'", e.player)

    def on_collected(self, e: Collected) -> None:
        Facts.on_collected(self, e)
        self._to_the_end(e.line, "{}'s collection", e.player)

    # -- the end ----------------------------------------------------------------------------

    def finish(self) -> None:
        """After the last event: close the engine's hand and settle it when it reached the end."""
        state = self.state
        if state is None:
            return
        if state.phase is _POSTING:
            self._deal(state)
        self._to_the_end(self.events[-1].line if self.events else 0, "the end of the hand")
        state = self.state
        if state is None or (state.phase is not _SHOWDOWN and state.phase is not _UNCONTESTED):
            return
        rake = 0
        pot = self.summary_pot
        if pot is not None:
            units = self.money.units_or_none(pot.rake)
            if units is not None and 0 <= units <= state.pot:
                rake = units  # otherwise reported by the pot checks
        try:
            # Two or more live players: the betting ended in a showdown (nobody folds later).
            self.showdown = state.phase is _SHOWDOWN
            second = self.second_run if self.showdown and self.second_run else None
            self.settlement = state.settle(rake, second)
        except SettlementError as exc:
            self.add(Code.POT_WINNER, f"the pots cannot be awarded: {exc.message}", None)


_SeatParts = twin(Seat)

HANDLERS: dict[type, Callable[[Feed, Any], None]] = {
    **FACT_HANDLERS,
    Post: Feed.on_post,
    SectionMarker: Feed.on_section,
    DealtTo: Feed.on_dealt,
    Action: Feed.on_action,
    CapReached: Feed.on_cap,
    Draw: Feed.on_draw,
    Reshuffle: Feed.on_reshuffle,
    Collected: Feed.on_collected,
    Shows: Feed.on_shows,
    Mucks: Feed.on_mucks,
    DoesntShow: Feed.on_doesnt_show,
}
"""The pass's handler of each event class: the feed's, which records the facts first, or the
facts' alone for a line that does not move the engine (the other classes have neither)."""

# The blinds of a table repeat from hand to hand: (button, *dealt-in seats) -> BlindSeats
# (frozen, so hands share them).
_BLINDS: dict[tuple[int, ...], BlindSeats] = {}


def _expected_blinds(button: int, seats: tuple[int, ...]) -> BlindSeats:
    """``expected_blinds``, kept per button and seats."""
    key = (button, *seats)
    blinds = _BLINDS.get(key)
    if blinds is None:
        blinds = expected_blinds(button, seats)
        if len(_BLINDS) < 4096:  # bounded: seats are few, but input is untrusted
            _BLINDS[key] = blinds
    return blinds


# GameConfig validates on creation; hands at one table share their config, so keep them.
_CONFIGS: dict[tuple[object, ...], GameConfig] = {}


def _game_config(
    limit: LimitType,
    small_blind: int,
    big_blind: int,
    small_bet: int,
    big_bet: int,
    ante: int,
    max_bets: int,
    cap_lifted: bool,
    max_players: int,
    draws: int,
    returns_dead_money: bool = True,
) -> GameConfig:
    key = (
        limit._value_,  # the member's hash would be a Python-level call
        small_blind,
        big_blind,
        small_bet,
        big_bet,
        ante,
        max_bets,
        cap_lifted,
        max_players,
        draws,
        returns_dead_money,
    )
    config = _CONFIGS.get(key)
    if config is None:
        config = GameConfig(
            limit,
            small_blind=small_blind,
            big_blind=big_blind,
            small_bet=small_bet,
            big_bet=big_bet,
            ante=ante,
            max_bets_per_round=max_bets,
            cap_lifted_heads_up=cap_lifted,
            max_players=max_players,
            draws=draws,
            returns_dead_money=returns_dead_money,
        )
        if len(_CONFIGS) < 4096:  # bounded: stakes are few, but input is untrusted
            _CONFIGS[key] = config
    return config
