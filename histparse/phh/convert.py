"""One ``Hand`` (with its ``FullDeal`` when simulated) to one ``PhhHand``, or ``Skipped``.

The rules applied (see ``histparse.phh`` for the whole list):

* Players in position order: first the first player left of the button, last the button.
* Cards: every card must be known unless ``allow_unknown``; then an unknown card is ``??``.
* Money in int minor units (``histparse.money``); ``finishing_stacks`` are the stacks after the
  hand as its lines say (rake taken), ``_rake`` the rake.
* Hands PHH (or pokerkit 0.7.7, the reader it is checked against) would play differently are
  skipped with the reason, never written wrong.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC
from decimal import Decimal
from operator import attrgetter
from typing import Final

from histparse.engine.positions import clockwise_from, expected_blinds
from histparse.events import (
    Action,
    Collected,
    Draw,
    Event,
    Hand,
    Mucks,
    Section,
    SectionMarker,
    Shows,
    UncalledBet,
)
from histparse.events import Seat as HandSeat
from histparse.game import ActionKind, Game, LimitType, PostKind, Street
from histparse.ledger import LineLedger
from histparse.money import Money
from histparse.phh.knowledge import CardKnowledge, Slots, from_deal, from_record
from histparse.phh.record import PhhHand, UserValue
from histparse.phh.skips import Skipped, SkipReason
from histparse.replayer import LineFacts, Replay, read_facts
from histparse.simulation.deal import FullDeal

__all__ = ["MAX_BETS_PER_ROUND", "convert"]

# pokerkit's fixed-limit games allow four completions, bets and raises per round, blinds not
# counted (FixedLimitPokerMixin.max_completion_betting_or_raising_count).
MAX_BETS_PER_ROUND: Final = 4
_VARIANT: Final = "F2L3D"
_LINE: Final = attrgetter("line")
_SMALL_BET_STREETS: Final = (Street.PREDRAW, Street.DRAW1)


class _Skip(Exception):
    def __init__(self, reason: SkipReason, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


def _cards(slots: Slots) -> str:
    return "".join("??" if c is None else str(c) for c in slots)


def _hand_number(hand_id: str) -> int | str:
    """The hand number as a TOML integer when it is one (TOML integers are 64-bit)."""
    if hand_id.isascii() and hand_id.isdigit() and int(hand_id) < 2**63:
        return int(hand_id)
    return hand_id


@dataclass(slots=True)
class _Round:
    """One betting round as pokerkit counts it."""

    street: Street
    unit: int
    current: int
    count: int = 0
    short_all_in: str | None = None


class _Converter:
    __slots__ = (
        "actions",
        "allow_unknown",
        "big_bet",
        "body",
        "collected",
        "deal",
        "hand",
        "index",
        "invested",
        "known",
        "lines",
        "money",
        "pending_deals",
        "players",
        "returned",
        "round",
        "showed",
        "small_bet",
    )

    def __init__(self, record: Replay, deal: FullDeal | None, allow_unknown: bool) -> None:
        hand = record.hand
        self.hand = hand
        self.body: LineFacts = record.body
        self.deal = deal
        self.allow_unknown = allow_unknown
        self.money = Money.for_hand(hand)
        self.actions: list[str] = []
        self.pending_deals: list[str] = []
        self.invested: dict[str, int] = defaultdict(int)
        self.returned: dict[str, int] = defaultdict(int)
        self.collected: dict[str, int] = defaultdict(int)
        self.players: list[str] = []
        self.index: dict[str, str] = {}
        self.small_bet = 0
        self.big_bet = 0
        self.known: CardKnowledge | None = None
        self.round: _Round | None = None
        self.lines = LineLedger()  # each player's live money in the round, by the lines
        self.showed: set[str] = set()

    def units(self, amount: Decimal, what: str) -> int:
        units = self.money.exact_units(amount)
        if units is None:
            unit = self.money.unit
            raise _Skip(SkipReason.MONEY, f"{what} {amount} is not a whole number of {unit}")
        return units

    # -- the hand as a whole ----------------------------------------------------------------

    def run(self) -> PhhHand:
        hand = self.hand
        body = self.body
        if body.cancelled and not hand.partial:
            raise _Skip(SkipReason.CANCELLED, "the hand was cancelled: it was never played out")
        if hand.game is not Game.TRIPLE_DRAW_27:
            raise _Skip(SkipReason.GAME, f"{hand.game.label}: PHH {_VARIANT} is 2-7 Triple Draw")
        if hand.limit_type is not LimitType.FIXED:
            raise _Skip(
                SkipReason.LIMIT,
                f"{hand.limit_type.label} 2-7 Triple Draw: PHH (pokerkit 0.7.7) only has the "
                f"fixed-limit variant {_VARIANT}",
            )
        seats = body.seats
        if len(seats) < 2:
            raise _Skip(SkipReason.PLAYERS, f"{len(seats)} player(s) dealt in")
        by_seat = {s.seat: s for s in seats}
        order = clockwise_from(sorted(by_seat), hand.button_seat)
        players = [by_seat[k].player for k in order]
        self.players = players
        self.index = {name: f"p{k}" for k, name in enumerate(players, 1)}
        self.small_bet = self.units(hand.stakes[0], "small bet")
        self.big_bet = self.units(hand.stakes[1], "big bet")
        starting = [self.units(by_seat[k].stack, f"stack of {by_seat[k].player}") for k in order]

        deal = self.deal
        if deal is not None:
            if deal.hand_id != hand.hand_id or {n for n, _ in deal.dealt} != set(players):
                raise ValueError(f"the deal of hand #{deal.hand_id} is not hand #{hand.hand_id}'s")
            known = from_deal(deal)
        else:
            known = from_record(body, hand.hero, players)
        self.known = known
        if not self.allow_unknown:
            missing = known.unknown(players)
            if missing:
                shown = "; ".join(missing[:4]) + ("; ..." if len(missing) > 4 else "")
                raise _Skip(SkipReason.UNKNOWN_CARDS, f"{len(missing)} unknown: {shown}")

        antes, blinds = self._posts(order, by_seat)
        for name in players:
            self.actions.append(f"d dh {self.index[name]} {_cards(known.initial[name])}")
        showdown = self._events()
        finishing = self._finishing(players, starting)
        if deal is not None:
            for name, stack in deal.final_stacks:
                if finishing[players.index(name)] != self.units(stack, "final stack"):
                    raise ValueError(f"hand #{hand.hand_id}: the deal's final stacks disagree")
        self._odd_chips()
        pot = body.summary_pot
        rake = 0 if pot is None else self.units(pot.rake, "rake")
        put_in = sum(self.invested.values()) - sum(self.returned.values())
        paid = sum(self.collected.values())
        if (paid or rake) and put_in != paid + rake:
            # The site's own numbers do not add up: no replay can end with its stacks. (A hand
            # that records no payout at all is left to the checks of its parts.)
            raise _Skip(
                SkipReason.MALFORMED,
                f"{put_in} units go into the pot but {paid} are collected and {rake} raked",
            )
        if showdown:
            self._unshown(players)

        started = hand.started_at.astimezone(UTC)
        user: list[tuple[str, UserValue]] = [("_money_unit", str(self.money.unit))]
        if rake:
            user.append(("_rake", rake))
        return PhhHand(
            variant=_VARIANT,
            ante_trimming_status=True,
            antes=tuple(antes),
            blinds_or_straddles=tuple(blinds),
            small_bet=self.small_bet,
            big_bet=self.big_bet,
            starting_stacks=tuple(starting),
            actions=tuple(self.actions),
            players=tuple(players),
            finishing_stacks=tuple(finishing),
            seats=tuple(order),
            seat_count=hand.max_seats,
            table=hand.table_name,
            hand=_hand_number(hand.hand_id),
            venue=hand.site,
            event=f"{hand.site} Tournament #{hand.tournament_id}" if hand.is_tournament else None,
            level=hand.level,
            currency=hand.currency,
            time=started.time().replace(microsecond=0),
            time_zone="UTC",
            day=started.day,
            month=started.month,
            year=started.year,
            user_fields=tuple(user),
        )

    # -- forced bets ------------------------------------------------------------------------

    def _posts(
        self, order: Sequence[int], by_seat: dict[int, HandSeat]
    ) -> tuple[list[int], list[int]]:
        """``antes`` (one per position, all equal) and ``blinds_or_straddles``; skips forced
        bets PHH cannot say."""
        hand = self.hand
        blind_seats = expected_blinds(hand.button_seat, order)
        sb_player = by_seat[blind_seats.small_blind].player
        bb_player = by_seat[blind_seats.big_blind].player
        players = [by_seat[k].player for k in order]
        antes: dict[str, tuple[int, bool]] = {}
        small: int | None = None
        big: int | None = None
        for p in self.body.posts:
            if p.player not in players:
                raise _Skip(SkipReason.MALFORMED, f"{p.player} posts but is not dealt in")
            amount = self.units(p.amount, f"{p.kind.label} of {p.player}")
            if p.kind is PostKind.ANTE:
                # Antes count for side pots (the engine puts them in each player's
                # contribution): ante_trimming_status = true says the same to pokerkit.
                if p.player in antes:
                    raise _Skip(SkipReason.BLINDS, f"{p.player} posts two antes")
                antes[p.player] = (amount, p.all_in)
                self.invested[p.player] += amount
                self.lines.post(p)
                continue
            if p.kind is PostKind.DEAD_BLIND:
                raise _Skip(
                    SkipReason.BLINDS,
                    f"{p.player} posts a dead blind: PHH has no dead money but antes, and "
                    "pokerkit 0.7.7 misplays one player's ante when the others have none",
                )
            if p.kind is PostKind.SMALL_AND_BIG_BLIND:
                raise _Skip(
                    SkipReason.BLINDS,
                    f"{p.player} posts small & big blinds: a live big blind out of the big "
                    "blind's seat is a straddle in PHH, which changes the order of play",
                )
            if p.kind is PostKind.SMALL_BLIND:
                if p.player != sb_player or small is not None:
                    raise _Skip(
                        SkipReason.BLINDS,
                        f"{p.player} posts a small blind out of the small blind's seat",
                    )
                small = amount
            else:
                if p.player != bb_player or big is not None:
                    raise _Skip(
                        SkipReason.BLINDS,
                        f"{p.player} posts an extra big blind (a new player's): PHH reads a "
                        "big blind out of the big blind's seat as a straddle, which changes "
                        "the order of play",
                    )
                big = amount
            self.invested[p.player] += amount
            self.lines.post(p)
        if big is None or big < self.small_bet:
            what = "no big blind" if big is None else f"a big blind of {big} units"
            raise _Skip(
                SkipReason.BLINDS,
                f"{what} (small bet {self.small_bet}): the engine still counts a full big "
                "blind as the first bet, pokerkit plays the round from what was posted",
            )
        self.round = _Round(Street.PREDRAW, self.small_bet, max(big, small or 0))
        blinds = [0] * len(order)
        blinds[0] = small or 0
        blinds[1] = big
        return [self._ante(antes, players)] * len(order), blinds

    def _ante(self, antes: dict[str, tuple[int, bool]], players: Sequence[str]) -> int:
        """The one ante every player posts (PHH's uniform antes). Uneven antes are skipped:
        pokerkit 0.7.7 misplays them (see ``_posts``); a player all-in for less than the ante
        is fine, pokerkit takes what the stack holds as the engine does."""
        if not antes:
            return 0
        ante = max(amount for amount, _ in antes.values())
        for name in players:
            amount, all_in = antes.get(name, (0, False))
            if amount != ante and not all_in:
                raise _Skip(
                    SkipReason.BLINDS,
                    f"{name} posts an ante of {amount}, not {ante}: PHH antes are per "
                    "position and pokerkit 0.7.7 misplays uneven ones",
                )
        return ante

    # -- the lines ----------------------------------------------------------------------------

    def _lines(self) -> list[Event]:
        """The record's lines that move money or cards, or open the showdown, in their order."""
        body = self.body
        lines: list[Event] = [m[0] for m in body.moves if isinstance(m[0], Action)]
        lines.extend(body.draw_lines)
        lines.extend(body.uncalled)
        lines.extend(body.collected)
        lines.extend(body.sections)
        lines.extend(body.shows.values())
        lines.extend(body.mucks.values())
        lines.sort(key=_LINE)
        return lines

    def _events(self) -> bool:
        """Actions, draws and the showdown into ``actions``; money into the ledgers. Returns
        whether the hand reached the showdown."""
        showdown = False
        for e in self._lines():
            if isinstance(e, Draw):
                self._draw(e)
                continue
            if self.pending_deals:
                # PHH deals a draw's replacements once every player in it has discarded.
                self.actions.extend(self.pending_deals)
                self.pending_deals.clear()
            if isinstance(e, Action):
                self._action(e)
            elif isinstance(e, UncalledBet):
                self.returned[e.player] += self.units(e.amount, "uncalled bet")
            elif isinstance(e, Collected):
                self.collected[e.player] += self.units(e.amount, f"{e.player}'s collection")
            elif isinstance(e, SectionMarker):
                if e.section is Section.SHOW_DOWN:
                    showdown = True
            elif isinstance(e, Shows):
                if showdown:
                    self.actions.append(f"{self._p(e.player)} sm {_cards(tuple(e.cards))}")
                    self.showed.add(e.player)
            elif isinstance(e, Mucks) and showdown:
                self.actions.append(f"{self._p(e.player)} sm")
                self.showed.add(e.player)
        self.actions.extend(self.pending_deals)
        self.pending_deals.clear()
        return showdown

    def _p(self, player: str) -> str:
        p = self.index.get(player)
        if p is None:
            raise _Skip(SkipReason.MALFORMED, f"{player} acts but is not dealt in")
        return p

    def _action(self, e: Action) -> None:
        p = self._p(e.player)
        rnd = self.round
        assert rnd is not None  # set by _posts
        if e.street is not rnd.street:
            unit = self.small_bet if e.street in _SMALL_BET_STREETS else self.big_bet
            rnd = self.round = _Round(e.street, unit, 0)
        lines = self.lines
        lines.enter(e.street)
        kind = e.kind
        if kind is ActionKind.FOLD:
            self.actions.append(f"{p} f")
        elif kind is ActionKind.CHECK:
            self.actions.append(f"{p} cc")
        elif kind is ActionKind.CALL:
            paid = 0 if e.amount is None else self.units(e.amount, "call")
            lines.action(e)
            self.invested[e.player] += paid
            self.actions.append(f"{p} cc")
        else:
            written = e.to_amount if e.to_amount is not None else e.amount
            if written is None:
                raise _Skip(SkipReason.MALFORMED, f"{e.player}'s {kind.value} has no amount")
            to = self.units(written, kind.value)
            # The live money is whole units: the posts and the amounts before were converted.
            bet = self.money.to_units(lines.have(e.player))
            if to <= bet:
                raise _Skip(SkipReason.MALFORMED, f"{e.player} {kind.value}s to {to}, not more")
            if rnd.short_all_in is not None:
                raise _Skip(
                    SkipReason.RULES,
                    f"{e.player} {kind.value}s after {rnd.short_all_in}'s incomplete all-in "
                    "raise: pokerkit sizes the next raise from the all-in amount and counts "
                    "it towards the cap",
                )
            rnd.count += 1
            if rnd.count > MAX_BETS_PER_ROUND:
                raise _Skip(
                    SkipReason.RULES,
                    f"{rnd.count} bets and raises in one round (cap lifted): pokerkit allows "
                    f"{MAX_BETS_PER_ROUND}",
                )
            if e.all_in and to - rnd.current < rnd.unit:
                rnd.short_all_in = e.player
            rnd.current = max(rnd.current, to)
            self.invested[e.player] += self.money.to_units(lines.action(e))
            self.actions.append(f"{p} cbr {to}")

    def _draw(self, e: Draw) -> None:
        p = self._p(e.player)
        number = int(e.street)
        if e.count > 5:
            raise _Skip(SkipReason.MALFORMED, f"{e.player} discards {e.count} cards of five")
        known = self.known
        assert known is not None
        d = known.draws.get((e.player, number))
        if d is None or len(d.discarded) != e.count or len(d.received) != e.count:
            if self.deal is None:
                # The cards come from the hand's own lines, which contradict its draw line.
                raise _Skip(
                    SkipReason.MALFORMED, f"{e.player}'s draw does not match the cards shown"
                )
            raise ValueError(
                f"hand #{self.hand.hand_id}: the deal does not match {e.player}'s draw"
            )
        if e.count:
            self.actions.append(f"{p} sd {_cards(d.discarded)}")
            self.pending_deals.append(f"d dh {p} {_cards(d.received)}")
        else:
            self.actions.append(f"{p} sd")

    # -- the end ----------------------------------------------------------------------------

    def _finishing(self, players: Sequence[str], starting: Sequence[int]) -> list[int]:
        out = []
        for name, start in zip(players, starting, strict=True):
            stack = start - self.invested[name] + self.returned[name] + self.collected[name]
            if stack < 0:
                raise _Skip(SkipReason.MALFORMED, f"{name} ends with {stack} units")
            out.append(stack)
        return out

    def _odd_chips(self) -> None:
        """docs/rules.md R-SHOW-2 gives odd chips one at a time from the first winner left of the
        button; pokerkit gives them all to that first winner. They differ only when a pot is
        split three or more ways with two or more odd chips."""
        by_pot: dict[int, list[Decimal]] = defaultdict(list)
        for c in self.body.collected:
            by_pot[c.pot_index].append(c.amount)
        for pot, amounts in by_pot.items():
            if len(amounts) >= 3:
                low = min(amounts)
                if sum(1 for a in amounts if a > low) >= 2:
                    raise _Skip(
                        SkipReason.RULES,
                        f"pot {pot} is split {len(amounts)} ways with several odd chips: pokerkit "
                        "gives every odd chip to the first winner (R-SHOW-2: one each)",
                    )

    def _unshown(self, players: Sequence[str]) -> None:
        """Players still in at the showdown with no show or muck line show their cards when
        they are known (pokerkit needs every showdown player to show or muck)."""
        folded = self.body.folds.keys()
        known = self.known
        assert known is not None
        for name in players:
            if name in folded or name in self.showed:
                continue
            try:
                cards = known.final_hand(name)
            except ValueError as exc:
                raise _Skip(SkipReason.MALFORMED, str(exc)) from None
            if len(cards) == 5 and None not in cards:
                self.actions.append(f"{self.index[name]} sm {_cards(cards)}")


def convert(
    hand: Hand | Replay, deal: FullDeal | None = None, *, allow_unknown: bool = False
) -> PhhHand | Skipped:
    """``hand`` as a PHH hand, or why not (``Skipped``). ``hand`` is the hand's record (a
    ``Replay``, e.g. the audit's), or a ``Hand``, whose record is then read here
    (``histparse.replayer.read_facts``): the conversion reads the record, never the events.

    ``deal`` is the full deal of a simulated hand (``simulate_with_cards``); without it the
    cards are what the hand's lines show. Unless ``allow_unknown``, a hand with any unknown
    card is skipped; with it unknown cards are written ``??`` (pokerkit 0.7.7 replays them:
    only shown hands decide a showdown). ``ValueError`` when ``deal`` is not this hand's.
    """
    record = hand if isinstance(hand, Replay) else read_facts(hand)
    try:
        return _Converter(record, deal, allow_unknown).run()
    except _Skip as skip:
        src = record.hand.source
        return Skipped(src.path, src.first_line, record.hand.hand_id, skip.reason, skip.detail)
