"""Drive the rules engine with one hand's events: ``replay(hand) -> Replay``.

One pass over the events does three jobs at once: it feeds the engine (checking each betting
action, draw and showdown line against RULES.md), it records what the lines themselves say
(money put in, folds, shows, collections, the summary) and it checks the hero's cards line by
line. The checks that need the whole hand (pots, summary, structure) then run on the result.

How the engine is driven (readings documented in docs/findings.md):

* Every action is tried with ``check=True``; when the engine rejects it, the finding is
  recorded and the action is applied as written (``check=False``) so the replay goes on with
  the site's money. Impossible events (``StateError``: acting after folding, more chips than
  the stack) are reported and skipped or clamped; when the engine cannot go on at all the
  replay stops feeding it and only the line checks continue.
* Known cards (the hero's) are given to the engine only when the lines are consistent; a bad
  hero line makes the hero's cards unknown to the engine rather than reporting every later
  card again.
* Single draw is replayed on the engine set for one draw (``GameConfig.draws``).
* Unmatched antes come back with the uncalled bet: the engine returns them (R-BET-7).

This is the hot path of ``audit``: one dispatch per event, no copies of the state unless
``trace=True``, messages only formatted for findings, amounts compared in engine units (the
conversions of repeated amounts kept by ``Money.units_or_none``), no scan ahead for
``Hand cancelled`` (the pass stops there instead), and the result objects built through
mutable twins (``histparse._records``).
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
    HandCancelled,
    Mucks,
    PlayerStatus,
    Post,
    Reshuffle,
    Section,
    SectionMarker,
    Shows,
    SummaryPot,
    SummarySeat,
    UncalledBet,
)
from histparse.game import ActionKind, Game, LimitType, PostKind, Street
from histparse.replayer.checks import run_hand_checks
from histparse.replayer.checks.betting import action_code
from histparse.replayer.checks.cards import hero_draw, is_hand
from histparse.replayer.checks.common import real_big_blind
from histparse.replayer.findings import Code, Finding, make_finding
from histparse.replayer.money import Money, Unrepresentable
from histparse.replayer.profiles import SiteProfile, profile_for
from histparse.replayer.types import Body, PlayerMoney, PotOutcome, Replay, Returned, StateAfter

__all__ = ["replay"]

_ZERO = Decimal(0)
_REPLAYABLE = (Game.TRIPLE_DRAW_27, Game.SINGLE_DRAW_27)
_BLIND_POSTS = (PostKind.SMALL_BLIND, PostKind.BIG_BLIND, PostKind.SMALL_AND_BIG_BLIND)
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
_FOLD = ActionKind.FOLD
_PREDEAL = Street.PREDEAL
_PREDRAW = Street.PREDRAW
_DRAW1 = Street.DRAW1
_DRAW2 = Street.DRAW2
_DRAW3 = Street.DRAW3
_ST_SHOWDOWN = Street.SHOWDOWN
_SUMMARY = Street.SUMMARY
_S_DEALING_HANDS = Section.DEALING_HANDS
_S_FIRST_DRAW = Section.FIRST_DRAW
_S_SECOND_DRAW = Section.SECOND_DRAW
_S_THIRD_DRAW = Section.THIRD_DRAW
_S_SHOW_DOWN = Section.SHOW_DOWN
_S_SUMMARY = Section.SUMMARY
_FIXED = LimitType.FIXED
_SMALL_BLIND = PostKind.SMALL_BLIND
_ANTE = PostKind.ANTE
_SMALL_AND_BIG_BLIND = PostKind.SMALL_AND_BIG_BLIND
# Game.draws by the game's text (an enum key would hash through Python); 3 for the others.
_DRAWS = {game.value: game.draws or 3 for game in Game}


def replay(hand: Hand, *, profile: SiteProfile | None = None, trace: bool = False) -> Replay:
    """Replay ``hand`` through the rules engine and check it (see ``Replay``).

    ``profile`` defaults to the hand's site profile. With ``trace=True`` the result holds a
    snapshot of the engine state after every event.
    """
    return _Replayer(hand, profile or profile_for(hand.site), trace).run()


# The street of each section marker, keyed by the marker's text (``_value_``): string keys
# hash in C, enum members through a Python-level __hash__. Any other marker is the summary.
_SECTION_STREETS: dict[str, Street] = {
    _S_DEALING_HANDS.value: _PREDRAW,
    _S_FIRST_DRAW.value: _DRAW1,
    _S_SECOND_DRAW.value: _DRAW2,
    _S_THIRD_DRAW.value: _DRAW3,
    _S_SHOW_DOWN.value: _ST_SHOWDOWN,
}


class _Replayer:
    """One replay. ``_HANDLERS`` maps event classes to handlers; each records the line facts
    and, while ``state`` is not None, feeds the engine."""

    __slots__ = (
        "big_blind",
        "blinds",
        "cancelled",
        "cap_due",
        "collected",
        "consumed_dealt",
        "contributed",
        "dealt_in",
        "draws",
        "events",
        "findings",
        "first_show",
        "folds",
        "hand",
        "hero",
        "hero_hand",
        "hero_listed",
        "index",
        "money",
        "mucks",
        "posts",
        "profile",
        "reached_draw",
        "reshuffle_announced",
        "reshuffle_unannounced",
        "revealed",
        "section_street",
        "sections",
        "settlement",
        "showdown",
        "shows",
        "state",
        "states",
        "street_totals",
        "summary_pot",
        "summary_seats",
        "sym",
        "totals_street",
        "trace",
        "uncalled",
        "voluntary",
    )

    def __init__(self, hand: Hand, profile: SiteProfile, trace: bool) -> None:
        self.hand = hand
        self.profile = profile
        self.trace = trace
        self.sym = hand.layout.money_symbol
        self.findings: list[Finding] = []
        self.state: HandState | None = None
        self.money = Money(0)
        self.big_blind: int | None = None
        self.blinds: BlindSeats | None = None
        self.index = 0
        self.events = hand.events
        self.hero = hand.hero
        self.draws = _DRAWS[hand.game._value_]
        self.cancelled = False
        # line facts
        self.dealt_in: tuple[str, ...] = ()
        self.posts: list[Post] = []
        self.folds: dict[str, tuple[Street, int]] = {}
        self.shows: dict[str, Shows] = {}
        self.mucks: dict[str, Mucks] = {}
        self.collected: list[Collected] = []
        self.uncalled: list[UncalledBet] = []
        self.voluntary: set[str] = set()
        self.contributed: dict[str, Decimal] = {}
        self.street_totals: dict[str, Decimal] = {}
        self.totals_street = _PREDRAW
        self.sections: list[SectionMarker] = []
        self.summary_pot: SummaryPot | None = None
        self.summary_seats: list[SummarySeat] = []
        self.section_street = _PREDEAL
        self.first_show: int | None = None
        # cards and announcements
        self.hero_hand: tuple[Card, ...] | None = None
        self.hero_listed: tuple[Card, ...] | None = None
        self.consumed_dealt: set[int] = set()
        self.revealed: dict[Card, str] = {}
        self.cap_due: int | None = None
        self.reshuffle_announced: int | None = None
        self.reshuffle_unannounced: int | None = None
        self.states: list[StateAfter] = []
        self.reached_draw = 0
        self.settlement: Settlement | None = None
        self.showdown = False

    # -- reporting --------------------------------------------------------------------------

    def add(self, code: Code, message: str, line: int | None = None) -> None:
        self.findings.append(make_finding(self.hand, code, message, line))

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
        exc = Unrepresentable(amount, self.money.unit, what)
        self.stop_engine(Code.MONEY_UNREPRESENTABLE, str(exc), line)

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
        # limit stakes are the blinds (FORMATS.md §1.1).
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
            )
        except ConfigError as exc:
            self.add(Code.BLIND_AMOUNT, f"the stakes cannot be played: {exc.message}", line)
            return None

    def _start(self) -> None:
        hand = self.hand
        line = hand.source.first_line
        seats = self.hand.dealt_in()
        self.dealt_in = tuple(map(_PLAYER, seats))
        if len(seats) >= 2:
            self.blinds = _expected_blinds(hand.button_seat, tuple(map(_SEAT, seats)))
        if hand.game not in _REPLAYABLE:
            self.add(Code.REPLAY_UNSUPPORTED, f"{hand.game.value} is not replayed", line)
            return
        self.money = Money.for_hand(hand)
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
                stacks.append(Seat(number, s.player, stack))  # raises the usual ConfigError
                continue
            # Seat(...) without its checks, which the values above pass (histparse._records).
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
            self.state = HandState(config, stacks, hand.button_seat)
        except ConfigError as exc:
            self.add(Code.REPLAY_UNSUPPORTED, f"the engine cannot seat this hand: {exc}", line)

    # -- the pass ---------------------------------------------------------------------------

    def run(self) -> Replay:
        # A cancelled hand is not replayed at all. Rather than scan every hand's events for
        # 'Hand cancelled' first, the pass stops when it meets one (``_Cancelled``) and a fresh
        # replayer builds the cancelled result: the same result, since nothing of the pass is
        # kept. An error on the way to such a line would not have happened without the pass.
        try:
            return self._replay()
        except _Cancelled:
            pass
        except Exception:
            if HandCancelled not in map(type, self.events):
                raise
        return _Replayer(self.hand, self.profile, self.trace)._cancelled()

    def _cancelled(self) -> Replay:
        self.cancelled = True
        self.add(Code.HAND_CANCELLED, "the site cancelled this hand; it is not replayed")
        return self._result(check=False)

    def _replay(self) -> Replay:
        events = self.events
        self._start()
        handlers = _HANDLERS
        if self.trace:
            for index, event in enumerate(events):
                self.index = index
                if self.cap_due is not None and not isinstance(event, _CAP_NEUTRAL):
                    self._cap_missing()
                handlers.get(type(event), _skip)(self, event)
                if self.state is not None:
                    self.states.append(StateAfter(index, event.line, self.state.snapshot()))
        else:  # the same loop without the snapshots: this is the hot one
            for index, event in enumerate(events):
                self.index = index
                if self.cap_due is not None and not isinstance(event, _CAP_NEUTRAL):
                    self._cap_missing()
                handlers.get(type(event), _skip)(self, event)
        if self.cap_due is not None:
            self._cap_missing()
        self._finish()
        return self._result(check=True)

    # -- posts and deal ---------------------------------------------------------------------

    def on_post(self, e: Post) -> None:
        self.posts.append(e)
        p = e.player
        kind = e.kind
        amount = e.amount
        contributed = self.contributed
        contributed[p] = contributed.get(p, _ZERO) + amount
        if kind in _BLIND_POSTS:
            live = amount
            if kind is _SMALL_AND_BIG_BLIND and self.big_blind is not None:
                live = min(live, self.money.to_decimal(self.big_blind))
            totals = self.street_totals
            totals[p] = totals.get(p, _ZERO) + live
        if self.section_street >= _PREDRAW:
            self.add(Code.STRUCT_SECTIONS, f"{p} posts a {kind.value} after the deal", e.line)
            return
        state = self.state
        if state is None or state.phase is not _POSTING:
            return
        units = self.money.units_or_none(amount)
        if units is None:
            self.unrepresentable(amount, f"{p}'s {kind.value}", e.line)
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
                self.add(Code.BET_ALLIN, f"{p} posts {units} units with {stack} behind", e.line)
                state.post(p, kind, stack, check=False)
            else:
                self.add(Code.BET_ALLIN, f"{p} cannot post: {exc.message}", e.line)
            return
        if result.all_in is not e.all_in:
            left = state.stack(p)
            self.add(
                Code.BET_ALLIN_FLAG,
                f"{p}'s post {'says' if e.all_in else 'does not say'} all-in, with "
                f"{self.sym}{self.money.to_decimal(left)} behind",
                e.line,
            )

    def _initial_hand(self) -> tuple[Card, ...] | None:
        """The hero's first ``Dealt to`` cards (looked up ahead of the current event)."""
        events = self.events
        for k in range(self.index, len(events)):
            e = events[k]
            if type(e) is DealtTo:
                if e.new is None and e.street <= _PREDRAW:
                    self.consumed_dealt.add(k)
                    return e.kept
                return None
            if type(e) is Action or type(e) is Draw:
                return None
        return None

    def _deal(self, state: HandState) -> None:
        """Deal (the engine is still posting): the hero's cards are the only known ones."""
        cards = self._initial_hand()
        known: dict[str, tuple[Card, ...]] = {}
        hero = self.hero
        if cards is not None and hero is not None:
            self.hero_listed = cards
            if not is_hand(cards):
                code = Code.CARD_DUPLICATE if len(set(cards)) != len(cards) else Code.CARD_COUNT
                line = self.events[min(self.consumed_dealt)].line
                self.add(code, f"{hero} is dealt {format_hand(cards)}", line)
            elif hero in self.dealt_in:
                known[hero] = cards
                self.hero_hand = cards
        try:
            state.deal(known)
        except EngineError as exc:  # pragma: no cover - the hand was validated above
            self.stop_engine(Code.REPLAY_ABORTED, f"cannot deal: {exc}", None)

    def on_section(self, e: SectionMarker) -> None:
        self.sections.append(e)
        section = e.section
        self.section_street = _SECTION_STREETS.get(section._value_, _SUMMARY)
        if self.reshuffle_unannounced is not None or self.reshuffle_announced is not None:
            self._reshuffle_missing()
        if section is _S_SHOW_DOWN and self.first_show is not None:
            self.add(Code.STRUCT_SECTIONS, "a 'shows' line before the showdown", self.first_show)
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
            self._unfinished_round(f"the {section.value.lower()} starts", e.line)
        elif phase is not _DRAWING or state.draw_number != number:
            self.add(
                Code.STRUCT_SECTIONS,
                f"'*** {section.value} ***' but the rules have "
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
        state = self.state
        if state is not None and state.phase is _POSTING:
            self._deal(state)  # no DEALING HANDS marker before it: reported by the checks
        if self.index in self.consumed_dealt:
            return
        if e.new is None and e.street <= _PREDRAW and state is None:
            self.hero_listed = e.kept
            if is_hand(e.kept):
                self.hero_hand = e.kept
            return
        self.add(Code.CARD_HERO_DRAW, f"'Dealt to {e.player}' does not follow a draw", e.line)

    # -- betting ----------------------------------------------------------------------------

    def on_action(self, e: Action) -> None:
        p = e.player
        kind = e.kind
        street = e.street
        if self.reshuffle_unannounced is not None or self.reshuffle_announced is not None:
            self._reshuffle_missing()
        # Streets are enum members: identity first, the ordering test only for a mismatch.
        if street is not self.section_street and self.section_street >= _PREDRAW:
            self.add(
                Code.STRUCT_STREET,
                f"{p}'s action is labelled {street.name} in the {self.section_street.name} section",
                e.line,
            )
        # The lines' own money: increments, with 'raises A to B' totals per betting round.
        if street is not self.totals_street:
            self.totals_street = street
            self.street_totals = {}
        totals = self.street_totals
        increment = _ZERO
        before = _ZERO
        if kind is _CALL:
            increment = e.amount or _ZERO
        elif kind is _BET or kind is _RAISE:
            before = totals.get(p, _ZERO)
            to = e.to_amount if e.to_amount is not None else (e.amount or _ZERO)
            increment = to - before
            if e.amount is not None:
                if kind is _RAISE:
                    state = self.state
                    if state is not None and state.phase is _BETTING:
                        # The engine knows the bet to match (a short all-in big blind still
                        # makes the full big blind the bet: the engine's reading). Compared
                        # in units, exactly (None, unrepresentable, is wrong too), so that
                        # no Decimal is built for a good line.
                        engine_bet: int | None = state.current_bet
                        wrong = self.money.units_or_none(to - e.amount) != engine_bet
                    else:
                        engine_bet = None
                        wrong = to - e.amount != max(totals.values(), default=_ZERO)
                    if wrong:
                        current = (
                            max(totals.values(), default=_ZERO)
                            if engine_bet is None
                            else self.money.to_decimal(engine_bet)
                        )
                        self.add(
                            Code.BET_RAISE_ARITHMETIC,
                            f"{p} raises {self.sym}{e.amount} to {self.sym}{to} but the bet "
                            f"to raise is {self.sym}{current}",
                            e.line,
                        )
                elif e.amount != to:
                    self.add(
                        Code.BET_RAISE_ARITHMETIC,
                        f"{p} bets {self.sym}{e.amount} to {self.sym}{to}",
                        e.line,
                    )
        elif kind is _FOLD and p not in self.folds:
            self.folds[p] = (street, e.line)
        if increment:
            totals[p] = totals.get(p, _ZERO) + increment
            self.contributed[p] = self.contributed.get(p, _ZERO) + increment
            self.voluntary.add(p)

        state = self.state
        if state is None:
            return
        if state.phase is not _BETTING and not self._ready_to_bet(state, e):
            return
        to_units: int | None = None
        call_units: int | None = None
        if kind is _BET or kind is _RAISE:
            total = before + increment
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
            left = self.money.to_decimal(state.stack(p))
            self.add(
                Code.BET_ALLIN_FLAG,
                f"{p}'s {kind.value} "
                + ("says all-in" if e.all_in else "does not say all-in")
                + f" with {self.sym}{left} behind",
                e.line,
            )
        if result.capped and self.profile.prints_cap_line:
            self.cap_due = e.line

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
        if e.kind is _CALL and call_units is not None and call_units > stack:
            self.add(Code.BET_ALLIN, f"{p} calls {call_units} units with {stack} behind", e.line)
            return state.act(p, _CALL, amount=stack, check=False)
        if to_units is not None and to_units - bet > stack:
            self.add(
                Code.BET_ALLIN,
                f"{p} {e.kind.value}s to {to_units} units with {bet} in and {stack} behind",
                e.line,
            )
            return state.act(p, e.kind, bet + stack, check=False)
        if to_units is not None and to_units <= bet:
            self.add(Code.BET_ILLEGAL, f"{p} {e.kind.value}s to no more than they have in", e.line)
            return None
        self.stop_engine(Code.REPLAY_ABORTED, f"{p}: {exc.message}", e.line)
        return None

    def _cap_missing(self) -> None:
        line = self.cap_due
        self.cap_due = None
        self.add(Code.BET_CAP_LINE, "the cap is reached but 'Betting is capped' is missing", line)

    def on_cap(self, e: CapReached) -> None:
        if self.cap_due is not None:
            self.cap_due = None
        elif self.state is not None:
            self.add(Code.BET_CAP_LINE, "'Betting is capped' but the cap is not reached", e.line)

    def on_uncalled(self, e: UncalledBet) -> None:
        self.uncalled.append(e)

    # -- draws ------------------------------------------------------------------------------

    def _missing_draws(self, state: HandState, line: int) -> None:
        """Players who should have drawn before this line: report and let them stand pat."""
        while state.phase is _DRAWING:
            who = state.to_act or ""
            self.add(Code.DRAW_MISSING, f"{who} has no line in draw {state.draw_number}", line)
            state.draw(who, 0, check=False)

    def _dealt_after(self, player: str) -> DealtTo | None:
        """The ``Dealt to`` line that answers the draw at the current index."""
        events = self.events
        for k in range(self.index + 1, len(events)):
            e = events[k]
            if type(e) is DealtTo:
                if e.player != player:
                    return None
                self.consumed_dealt.add(k)
                return e
            if not isinstance(e, Chat | PlayerStatus | Reshuffle):
                return None
        return None

    def on_draw(self, e: Draw) -> None:
        p = e.player
        if self.reshuffle_unannounced is not None:
            self._reshuffle_missing()
        if self.draws == 1 and self.section_street < _DRAW1:
            self.section_street = _DRAW1  # single draw: the draw lines open the round
        if e.street is not self.section_street:
            self.add(
                Code.STRUCT_STREET,
                f"{p}'s draw is labelled {e.street.name} in the {self.section_street.name} section",
                e.line,
            )
        discarded: tuple[Card, ...] | None = None
        received: tuple[Card, ...] | None = None
        if p == self.hero:
            dealt = self._dealt_after(p)
            verdict = hero_draw(p, self.hero_hand, self.hero_listed, e, dealt)
            for code, message, on_dealt in verdict.problems:
                self.add(code, message, dealt.line if on_dealt and dealt is not None else e.line)
            discarded, received = verdict.discarded, verdict.received
            self.hero_hand = verdict.hand
            self.hero_listed = verdict.listed
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
        if p == self.hero and self.hero_hand is None:
            known = state.hand_of(p)
            if len(known) == 5 and None not in known:
                self.hero_hand = tuple(c for c in known if c is not None)

    def on_reshuffle(self, e: Reshuffle) -> None:
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
        p = e.player
        self.shows[p] = e
        if self.first_show is None:
            self.first_show = e.line
        cards = e.cards
        held = self.hero_hand if p == self.hero else None
        mismatch = held is not None and cards != held and sorted(cards) != sorted(held)
        if held is not None and mismatch:
            self.add(
                Code.CARD_HERO_SHOW,
                f"{p} shows {format_hand(cards)} but holds {format_hand(held)}",
                e.line,
            )
        if not is_hand(cards):
            code = Code.CARD_DUPLICATE if len(set(cards)) != len(cards) else Code.CARD_COUNT
            self.add(code, f"{p} shows {format_hand(cards)}", e.line)
            return
        self._reveal(p, cards, e.line, muck=False, reported=mismatch)

    def _reveal(
        self, p: str, cards: tuple[Card, ...] | None, line: int, *, muck: bool, reported: bool
    ) -> None:
        if cards is not None:
            # A card another player revealed (or the hero holds) cannot be in this hand too.
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
        p = e.player
        self.mucks[p] = e
        cards = self._summary_cards(p)
        if cards is not None and not is_hand(cards):
            cards = None
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
        self.collected.append(e)
        self._to_the_end(e.line, "{}'s collection", e.player)

    def _summary_line(self, line: int) -> None:
        if self.section_street is not _SUMMARY:
            self.add(Code.STRUCT_SECTIONS, "a summary line before '*** SUMMARY ***'", line)

    def on_summary_pot(self, e: SummaryPot) -> None:
        self._summary_line(e.line)
        self.summary_pot = e

    def on_summary_seat(self, e: SummarySeat) -> None:
        if not self.summary_seats:
            self._summary_line(e.line)
        self.summary_seats.append(e)

    # -- the end ----------------------------------------------------------------------------

    def _finish(self) -> None:
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
            self.settlement = state.settle(rake)
        except SettlementError as exc:
            self.add(Code.POT_WINNER, f"the pots cannot be awarded: {exc.message}", None)

    def _rules(
        self, settlement: Settlement, state: HandState
    ) -> tuple[list[PotOutcome], list[Returned], dict[str, Decimal], Decimal]:
        """The settlement and the returned money in ``Decimal``."""
        to_dec = self.money.to_decimal
        returned = [Returned(u.player, to_dec(u.amount)) for u in state.uncalled_bets]
        by_pot: dict[int, list[tuple[str, Decimal]]] = {}
        for c in self.collected:
            by_pot.setdefault(c.pot_index, []).append((c.player, c.amount))
        pots: list[PotOutcome] = []
        for result in settlement.pots:
            shares = result.shares
            if len(shares) == 1:
                ((winner, share),) = shares
                dec_shares: tuple[tuple[str, Decimal], ...] = ((winner, to_dec(share)),)
                odd: tuple[str, ...] = ()
            else:
                low = min([s for _, s in shares]) if shares else 0
                dec_shares = tuple([(p, to_dec(s)) for p, s in shares])
                odd = tuple([p for p, s in shares if s > low])
            pot = _PotOutcomeParts()
            pot.index = result.index
            pot.amount = to_dec(result.amount)
            pot.rake = to_dec(result.rake)
            pot.eligible = result.eligible
            pot.winners = result.winners
            pot.shares = dec_shares
            pot.odd_chips = odd
            pot.collected = tuple(by_pot.get(result.index, ()))
            pot.__class__ = PotOutcome
            pots.append(pot)
        rightful = {pr.player: to_dec(pr.collected) for pr in settlement.players}
        return pots, returned, rightful, to_dec(settlement.total_pot)

    def _result(self, *, check: bool) -> Replay:
        hand = self.hand
        settlement = self.settlement
        state = self.state
        pots: list[PotOutcome] = []
        returned: list[Returned] = []
        rightful: dict[str, Decimal] | None = None
        total: Decimal | None = None
        showdown: bool | None = None
        if settlement is not None and state is not None:
            pots, returned, rightful, total = self._rules(settlement, state)
            showdown = self.showdown
        got: dict[str, Decimal] = {}
        for c in self.collected:
            got[c.player] = got.get(c.player, _ZERO) + c.amount
        back: dict[str, Decimal] = {}
        for u in self.uncalled:
            back[u.player] = back.get(u.player, _ZERO) + u.amount
        posts = tuple(self.posts)
        # The frozen results are built through their mutable twins (histparse._records):
        # this runs once per hand and per seat.
        body = _BodyParts()
        body.cancelled = self.cancelled
        body.dealt_in = self.dealt_in
        body.posts = posts
        body.folds = self.folds
        body.shows = self.shows
        body.mucks = self.mucks
        body.collected = tuple(self.collected)
        body.uncalled = tuple(self.uncalled)
        body.voluntary = frozenset(self.voluntary)
        body.contributed = self.contributed
        body.sections = tuple(self.sections)
        body.summary_pot = self.summary_pot
        body.summary_seats = tuple(self.summary_seats)
        body.reached_draw = self.reached_draw if settlement is not None else None
        body.showdown = showdown
        body.collected_totals = got
        body.big_blind_player = real_big_blind(hand, posts) if posts else None
        body.__class__ = Body
        dealt = self.dealt_in
        contributed = self.contributed
        players: list[PlayerMoney] = []
        for s in hand.seats:
            name = s.player
            invested = contributed.get(name, _ZERO)
            if name in back:
                invested -= back[name]
            collected = got.get(name, _ZERO)
            player = _PlayerMoneyParts()
            player.player = name
            player.seat = s.seat
            player.dealt_in = name in dealt
            player.starting_stack = s.stack
            player.invested = invested
            player.collected = collected
            player.net = collected - invested
            player.rightful = None if rightful is None else rightful.get(name, _ZERO)
            player.__class__ = PlayerMoney
            players.append(player)
        big_blind = self.big_blind
        replayed = _ReplayParts()
        replayed.hand = hand
        replayed.profile = self.profile
        replayed.unit = self.money.unit
        replayed.complete = settlement is not None
        replayed.blinds = self.blinds
        replayed.big_blind = None if big_blind is None else self.money.to_decimal(big_blind)
        replayed.pots = tuple(pots)
        replayed.returned = tuple(returned)
        replayed.total_pot = total
        replayed.players = tuple(players)
        replayed.body = body
        replayed.findings = ()
        replayed.states = tuple(self.states)
        replayed.settlement = settlement
        replayed.__class__ = Replay
        result: Replay = replayed
        findings = self.findings
        if check:
            findings.extend(run_hand_checks(result))
        if not findings:
            return result
        findings.sort(key=_line_of)
        # The replay is still being built (the checks only read it and keep nothing): set its
        # findings in place rather than copy every field through with_findings.
        object.__setattr__(result, "findings", tuple(findings))
        return result


_BodyParts = twin(Body)
_SeatParts = twin(Seat)
_PotOutcomeParts = twin(PotOutcome)
_PlayerMoneyParts = twin(PlayerMoney)
_ReplayParts = twin(Replay)


def _line_of(f: Finding) -> int:
    return f.line


def _skip(replayer: _Replayer, event: Any) -> None:
    """The handler of events the replay does not look at (chat, player status...)."""


class _Cancelled(Exception):
    """Raised at a 'Hand cancelled' line: the hand is not replayed (``_Replayer.run``)."""


def _cancel(replayer: _Replayer, event: HandCancelled) -> None:
    raise _Cancelled


# Lines that may stand between a capping action and 'Betting is capped'.
_CAP_NEUTRAL = (CapReached, Chat, PlayerStatus)


_HANDLERS: dict[type, Callable[[_Replayer, Any], None]] = {
    Post: _Replayer.on_post,
    SectionMarker: _Replayer.on_section,
    DealtTo: _Replayer.on_dealt,
    Action: _Replayer.on_action,
    CapReached: _Replayer.on_cap,
    Draw: _Replayer.on_draw,
    Reshuffle: _Replayer.on_reshuffle,
    UncalledBet: _Replayer.on_uncalled,
    Collected: _Replayer.on_collected,
    Shows: _Replayer.on_shows,
    Mucks: _Replayer.on_mucks,
    DoesntShow: _Replayer.on_doesnt_show,
    SummaryPot: _Replayer.on_summary_pot,
    SummarySeat: _Replayer.on_summary_seat,
    HandCancelled: _cancel,
}

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
        )
        if len(_CONFIGS) < 4096:  # bounded: stakes are few, but input is untrusted
            _CONFIGS[key] = config
    return config
