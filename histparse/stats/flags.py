"""Per-hand statistic flags of every dealt-in player, from a hand's ledger.

The exact definitions are in ``docs/stats.md``; the comments here say how the betting of round 0
is followed. The big blind is the first bet of round 0, so an open raise is the second bet and a
re-raise of it the third. A raise counts as a new bet only when it is a full raise: an all-in
raise short of a full bet (possible in Limit) raises the price but not the bet count, and the
next full raise is measured from the last full bet.
"""

from __future__ import annotations

from decimal import Decimal

from histparse.game import LimitType
from histparse.stats.classes import ShowdownClass, showdown_class
from histparse.stats.ledger import Act, Ledger
from histparse.stats.positions import STEAL_POSITIONS, Position

__all__ = ["PlayerFlags", "hand_flags"]

_ZERO = Decimal(0)


class PlayerFlags:
    """The per-hand primitives of one player; the players table derives the remaining
    ``<stat>``/``<stat>_opp`` columns from them (``histparse.frames.build._players``).

    A plain class whose defaults are class attributes: making one costs an allocation, where a
    dataclass would assign all 24 fields, and most of them keep their default in most hands.
    """

    vpip_opp: bool = False
    vpip: bool = False
    pfr: bool = False
    three_bet_opp: bool = False
    three_bet: bool = False
    fold_to_three_bet_opp: bool = False
    fold_to_three_bet: bool = False
    steal_opp: bool = False
    steal: bool = False
    fold_bb_to_steal_opp: bool = False
    fold_bb_to_steal: bool = False
    aggressive: int = 0  # bets + raises in rounds 1-3
    calls: int = 0  # calls in rounds 1-3
    folds: int = 0  # folds in rounds 1-3
    drawn_1: int = -1  # cards discarded at draw 1 (0 = pat); -1 = did not take part
    drawn_2: int = -1
    drawn_3: int = -1
    went_to_showdown: bool = False
    won: bool = False  # collected money from a pot
    break_opp: int = 0
    break_: int = 0
    snow_opp: bool = False
    snow: bool = False
    showdown_class: ShowdownClass | None = None


_POST_SB, _POST_BB, _POST_ANTE, _POST_DEAD = Act.POST_SB, Act.POST_BB, Act.POST_ANTE, Act.POST_DEAD
# Enum members bound once (a class attribute lookup goes through Enum's metaclass), compared by
# identity (a set lookup would call Enum's Python-level __hash__).
_FOLD, _CHECK, _CALL, _BET, _RAISE = Act.FOLD, Act.CHECK, Act.CALL, Act.BET, Act.RAISE
_CO, _BTN, _SB, _BB = Position.CO, Position.BTN, Position.SB, Position.BB
_FIXED = LimitType.FIXED
_PAIRED = ShowdownClass.PAIRED
assert {_CO, _BTN, _SB} == STEAL_POSITIONS  # the identity test in ``_steps`` below


def _steps(ledger: Ledger, flags: dict[str, PlayerFlags], pos: dict[str, Position]) -> None:
    """One walk over the steps: round 0 step by step, setting the pre-draw flags (up to the
    first step of a later round), and the counts of the actions in rounds 1-3."""
    limit = ledger.hand.limit_type is _FIXED
    level = 0  # bets so far; the big blind post is the first
    high = _ZERO  # the highest live total, what a call must reach
    full_to = _ZERO  # the total of the last full bet
    full_inc = ledger.small_bet if limit else ledger.big_blind  # size of a full raise
    cur: dict[str, Decimal] = {}
    left = dict(ledger.stack)
    out: set[str] = set()  # folded or all-in: cannot bet again
    acted: set[str] = set()
    second_bettor: str | None = None
    awaiting_fold_to_3b: str | None = None
    opened = False  # someone did something other than fold (the pot is no longer folded to)
    stealer: str | None = None
    steal_clean = False  # only folds since the steal
    players = ledger.players
    in_round0 = True  # no step of a later round yet

    for step in ledger.steps:
        act = step.act
        if step.round != 0:
            in_round0 = False
            if act is _BET or act is _RAISE:
                flags[step.player].aggressive += 1
            elif act is _CALL:
                flags[step.player].calls += 1
            elif act is _FOLD:
                flags[step.player].folds += 1
            continue
        if not in_round0:
            continue
        p = step.player
        stack_before = left[p]
        left[p] = stack_before - step.amount
        if act is _POST_BB or act is _POST_SB or act is _POST_ANTE or act is _POST_DEAD:
            to = step.to_amount
            if to is not None:
                cur[p] = to
                if to > high:
                    high = to
                if act is _POST_BB:
                    if level < 1:
                        level = 1
                    if to > full_to:
                        full_to = to
            if step.all_in:
                out.add(p)
            continue

        f = flags[p]
        first = p not in acted
        acted.add(p)
        to_call = high - cur.get(p, _ZERO)
        if first:
            f.vpip_opp = True
        if level == 2 and stack_before > to_call and any(q != p and q not in out for q in players):
            f.three_bet_opp = True
        if awaiting_fold_to_3b == p:
            awaiting_fold_to_3b = None
            if level == 3:
                f.fold_to_three_bet_opp = True
                f.fold_to_three_bet = act is _FOLD
        where = pos[p]
        steal_chance = (
            first and not opened and level == 1 and (where is _CO or where is _BTN or where is _SB)
        )
        if steal_chance:
            f.steal_opp = True
        if first and where is _BB and stealer is not None and steal_clean:
            f.fold_bb_to_steal_opp = True
            f.fold_bb_to_steal = act is _FOLD

        if step.to_amount is not None:
            cur[p] = step.to_amount
        if act is _FOLD:
            out.add(p)
            continue
        if step.all_in:
            out.add(p)
        if act is _CHECK:
            opened = True
            continue
        f.vpip = True
        opened = True
        if act is _CALL:
            if stealer is not None and p != stealer:
                steal_clean = False
            continue
        # A bet or a raise.
        f.pfr = True
        new = step.to_amount if step.to_amount is not None else high
        full = level == 0 or new - full_to >= full_inc
        if new > high:
            high = new
        if stealer is not None:
            steal_clean = False
        if not full:
            continue
        if not limit:
            full_inc = new - full_to  # No/Pot Limit: the next raise must be at least this one
        level += 1
        full_to = new
        if level == 2:
            second_bettor = p
            if steal_chance:
                f.steal = True
                stealer = p
                steal_clean = True
        elif level == 3:
            f.three_bet = True
            if second_bettor is not None and second_bettor != p:
                awaiting_fold_to_3b = second_bettor


def _draws(ledger: Ledger, flags: dict[str, PlayerFlags]) -> None:
    for d in ledger.draws:
        f = flags[d.player]
        if d.draw == 1:
            f.drawn_1 = d.discarded
        elif d.draw == 2:
            f.drawn_2 = d.discarded
        else:
            f.drawn_3 = d.discarded
    three = ledger.hand.game.draws >= 3
    for f in flags.values():
        if f.drawn_1 < 0 and f.drawn_2 < 0:
            continue  # no chance to break, nor a snow (the usual case: folded before a draw)
        seq = (f.drawn_1, f.drawn_2, f.drawn_3)
        for k in range(2):
            # A pat followed by another draw is a chance to break; discarding then is a break.
            if seq[k] == 0 and seq[k + 1] >= 0:
                f.break_opp += 1
                if seq[k + 1] > 0:
                    f.break_ += 1
        if three and seq == (0, 0, 0) and f.showdown_class is not None:
            f.snow_opp = True
            f.snow = f.showdown_class is _PAIRED


def hand_flags(ledger: Ledger, pos: dict[str, Position]) -> dict[str, PlayerFlags]:
    """The flags of every dealt-in player of one hand; ``pos`` gives each player's position."""
    flags = {p: PlayerFlags() for p in ledger.players}
    _steps(ledger, flags, pos)
    collected, folded, final = ledger.collected, ledger.folded, ledger.final_cards
    showdown = ledger.has_showdown
    for p, f in flags.items():
        if collected[p] > 0:
            f.won = True
        if showdown and p not in folded:
            f.went_to_showdown = True
            cards = final.get(p)
            if cards is not None:
                f.showdown_class = showdown_class(cards)
    _draws(ledger, flags)
    return flags
