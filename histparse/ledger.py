"""What each line of a hand puts into the pot, as the lines say it: the rule, once.

* A post puts in its amount. Its *live* part, which counts towards the player's bet in the
  betting round, is all of a small or big blind, the big-blind part of ``small & big blinds``
  (the small-blind part is dead money), and nothing of an ante or a dead blind.
* A call puts in its amount.
* A bet or a raise names the player's total in the round: ``raises A to B`` puts in ``B`` less
  what the player already had in the round; a bet's total is its amount.
* An uncalled bet comes back out of the pot.

This is the site's money, never a rules engine's: a wrong line is read as written, and judging
it is left to the reader. ``LineLedger`` applies the rule one event at a time, cheaply enough
for a replayer's hot loop; ``contributions`` and ``pot_after`` are the whole-hand views.
"""

from __future__ import annotations

from decimal import Decimal

from histparse.events import Action, Hand, Post, UncalledBet
from histparse.game import ActionKind, LimitType, PostKind, Street

__all__ = ["LineLedger", "contributions", "header_big_blind", "pot_after"]

_ZERO = Decimal(0)
# Enum members bound once: the class attribute lookups go through Enum's metaclass.
_CALL = ActionKind.CALL
_BET = ActionKind.BET
_RAISE = ActionKind.RAISE
_SMALL_BLIND = PostKind.SMALL_BLIND
_BIG_BLIND = PostKind.BIG_BLIND
_SMALL_AND_BIG_BLIND = PostKind.SMALL_AND_BIG_BLIND
_PREDRAW = Street.PREDRAW


def header_big_blind(hand: Hand) -> Decimal:
    """The big blind from the header: the small bet in limit games (R-BET-4), else the second
    stake."""
    low, high = hand.stakes
    return low if hand.limit_type is LimitType.FIXED else high


class LineLedger:
    """Each player's live money in the current betting round, and what each line puts in.

    ``big_blind`` caps the live part of a ``small & big blinds`` post (None: no cap); a reader
    that learns the big blind from the posts may set it as it goes. A new street's first action
    starts a new betting round (``enter``); posts count in the round they are read in.
    """

    __slots__ = ("big_blind", "live", "street")

    def __init__(self, big_blind: Decimal | None = None) -> None:
        self.big_blind = big_blind
        self.street = _PREDRAW
        self.live: dict[str, Decimal] = {}

    def enter(self, street: Street) -> None:
        """Start a new betting round if ``street`` is not the current one."""
        if street is not self.street:
            self.street = street
            self.live = {}

    def have(self, player: str) -> Decimal:
        """``player``'s live money in the current round."""
        return self.live.get(player, _ZERO)

    def top(self) -> Decimal:
        """The most live money any player has in the current round (the bet to match)."""
        return max(self.live.values(), default=_ZERO)

    def live_part(self, e: Post) -> Decimal:
        """What of ``e`` counts towards the player's bet (its amount goes into the pot)."""
        kind = e.kind
        if kind is _SMALL_BLIND or kind is _BIG_BLIND:
            return e.amount
        if kind is _SMALL_AND_BIG_BLIND:
            big_blind = self.big_blind
            return e.amount if big_blind is None else min(e.amount, big_blind)
        return _ZERO

    def post(self, e: Post) -> Decimal:
        """Book ``e``'s live part and return it."""
        # ``live_part`` inlined: this and ``action`` run once per line on the hot paths.
        kind = e.kind
        if kind is _SMALL_BLIND or kind is _BIG_BLIND:
            part = e.amount
        elif kind is _SMALL_AND_BIG_BLIND:
            big_blind = self.big_blind
            part = e.amount if big_blind is None else min(e.amount, big_blind)
        else:
            return _ZERO
        if part:
            live = self.live
            live[e.player] = live.get(e.player, _ZERO) + part
        return part

    def puts(self, e: Action) -> Decimal:
        """What ``e`` puts into the pot, in the current round, without booking it (call
        ``enter(e.street)`` first). Negative for a raise to less than the player had."""
        kind = e.kind
        if kind is _CALL:
            return e.amount or _ZERO
        if kind is _BET or kind is _RAISE:
            to = e.to_amount if e.to_amount is not None else (e.amount or _ZERO)
            return to - self.live.get(e.player, _ZERO)
        return _ZERO

    def book(self, player: str, put: Decimal) -> None:
        """Add ``put`` to ``player``'s live money in the round."""
        if put:
            self.live[player] = self.live.get(player, _ZERO) + put

    def action(self, e: Action) -> Decimal:
        """Enter ``e``'s round, book what ``e`` puts in and return it."""
        live = self.live
        if e.street is not self.street:
            self.street = e.street
            live = self.live = {}
        # ``puts`` inlined (see ``post``).
        kind = e.kind
        if kind is _CALL:
            put = e.amount or _ZERO
        elif kind is _BET or kind is _RAISE:
            to = e.to_amount if e.to_amount is not None else (e.amount or _ZERO)
            put = to - live.get(e.player, _ZERO)
        else:
            return _ZERO
        if put:
            live[e.player] = live.get(e.player, _ZERO) + put
        return put


def contributions(hand: Hand, big_blind: Decimal | None = None) -> dict[str, Decimal]:
    """What each player put into the pot by the lines: posts, calls, bets and raises, less the
    uncalled bets returned. ``big_blind`` defaults to the header's."""
    ledger = LineLedger(header_big_blind(hand) if big_blind is None else big_blind)
    out: dict[str, Decimal] = {}
    for e in hand.events:
        if isinstance(e, Post):
            ledger.post(e)
            out[e.player] = out.get(e.player, _ZERO) + e.amount
        elif isinstance(e, Action):
            put = ledger.action(e)
            if put:
                out[e.player] = out.get(e.player, _ZERO) + put
        elif isinstance(e, UncalledBet):
            out[e.player] = out.get(e.player, _ZERO) - e.amount
    return out


def pot_after(hand: Hand, big_blind: Decimal | None = None) -> dict[int, Decimal]:
    """The pot after each post, action and uncalled-bet line, keyed by index in
    ``hand.events``. ``big_blind`` defaults to the header's."""
    ledger = LineLedger(header_big_blind(hand) if big_blind is None else big_blind)
    pot = _ZERO
    after: dict[int, Decimal] = {}
    for index, e in enumerate(hand.events):
        if isinstance(e, Post):
            ledger.post(e)
            pot += e.amount
        elif isinstance(e, Action):
            pot += ledger.action(e)
        elif isinstance(e, UncalledBet):
            pot -= e.amount
        else:
            continue
        after[index] = pot
    return after
