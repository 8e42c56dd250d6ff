"""The pot as a hand's lines say it, after every post, betting action and uncalled bet.

This is the site's money, line by line, so a replayer can print it next to each line. The rules
engine's pot (``replay(hand, trace=True).states``) differs in one place only: the engine returns
an uncalled bet as soon as the betting round ends, while the lines keep it in the pot until the
``Uncalled bet (..) returned`` line. Following the lines keeps every printed pot consistent with
the line it is printed next to, and works for hands the engine cannot replay.
"""

from __future__ import annotations

from decimal import Decimal

from histparse.events import Action, Hand, Post, UncalledBet
from histparse.game import ActionKind, LimitType, PostKind, Street

__all__ = ["big_blind_of", "running_pot"]

_ZERO = Decimal(0)


def big_blind_of(hand: Hand) -> Decimal:
    """The big blind from the header: the small bet in limit games (R-BET-4), else the second
    stake."""
    low, high = hand.stakes
    return low if hand.limit_type is LimitType.FIXED else high


def running_pot(hand: Hand) -> dict[int, Decimal]:
    """The pot after each post, action and uncalled-bet line, keyed by index in ``hand.events``.

    A raise ``to B`` puts in ``B`` minus what the player already had in the round; a
    ``small & big blinds`` post counts only its big-blind part towards the player's bet (the
    small-blind part is dead money) and antes count towards nothing.
    """
    big_blind = big_blind_of(hand)
    pot = _ZERO
    street = Street.PREDRAW
    in_round: dict[str, Decimal] = {}  # each player's live bet in the current betting round
    after: dict[int, Decimal] = {}
    for index, e in enumerate(hand.events):
        if isinstance(e, Post):
            pot += e.amount
            if e.kind is PostKind.SMALL_AND_BIG_BLIND:
                live = min(e.amount, big_blind)
            elif e.kind is PostKind.SMALL_BLIND or e.kind is PostKind.BIG_BLIND:
                live = e.amount
            else:
                live = _ZERO
            in_round[e.player] = in_round.get(e.player, _ZERO) + live
        elif isinstance(e, Action):
            if e.street != street:
                street = e.street
                in_round = {}
            have = in_round.get(e.player, _ZERO)
            put = _ZERO
            if e.kind is ActionKind.RAISE:
                to = e.to_amount if e.to_amount is not None else have + (e.amount or _ZERO)
                put = to - have
            elif e.kind is ActionKind.CALL or e.kind is ActionKind.BET:
                put = e.amount or _ZERO
            pot += put
            in_round[e.player] = have + put
        elif isinstance(e, UncalledBet):
            pot -= e.amount
        else:
            continue
        after[index] = pot
    return after
