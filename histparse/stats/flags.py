"""Per-hand statistic flags of every dealt-in player, from a hand's record (its line facts).

The exact definitions are in ``docs/stats.md``; the comments here say how the betting of round 0
is followed. The big blind is the first bet of round 0, so an open raise is the second bet and a
re-raise of it the third. A raise counts as a new bet only when it is a full raise: an all-in
raise short of a full bet (possible in Limit) raises the price but not the bet count, and the
next full raise is measured from the last full bet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal

from histparse.cards import Card
from histparse.engine import STEAL_POSITIONS, Position
from histparse.events import Seat
from histparse.game import LimitType
from histparse.replayer import Act, DrawRecord, Replay, Step
from histparse.stats.classes import ShowdownClass, showdown_class

__all__ = ["FLAGS", "SHOWDOWN_CLASSES", "hand_flags", "player_flags"]

Cards = tuple[Card, ...]

_ZERO = Decimal(0)

FLAGS: tuple[str, ...] = (
    "won",  # collected money from a pot
    "went_to_showdown",
    "vpip_opp",
    "vpip",
    "pfr",
    "three_bet_opp",
    "three_bet",
    "fold_to_three_bet_opp",
    "fold_to_three_bet",
    "steal_opp",
    "steal",
    "fold_bb_to_steal_opp",
    "fold_bb_to_steal",
    "break_opp",
    "break",
    "snow_opp",
    "snow",
    "aggressive",  # bets + raises in rounds 1-3
    "calls",  # calls in rounds 1-3
    "folds",  # folds in rounds 1-3
    "drawn_1",  # cards discarded at draw 1 (0 = pat); -1 = did not take part
    "drawn_2",
    "drawn_3",
    "showdown_class",  # the index in SHOWDOWN_CLASSES of the showdown hand's class; -1 = none
)
"""The per-hand primitives of one player, in the order of ``hand_flags``' lists (yes/no flags
are 0 or 1); the players table derives the remaining ``<stat>``/``<stat>_opp`` columns from
them (``histparse.frames.build._players_data``)."""

SHOWDOWN_CLASSES: tuple[ShowdownClass, ...] = tuple(ShowdownClass)

# The indices, by name (a list of ints per player rather than an object with 24 attributes:
# one list copy to make, and it becomes a row of a numpy array with no attribute fetched).
(
    _WON, _WENT, _VPIP_OPP, _VPIP, _PFR, _3B_OPP, _3B, _F3B_OPP, _F3B, _STEAL_OPP, _STEAL,
    _FBB_OPP, _FBB, _BREAK_OPP, _BREAK, _SNOW_OPP, _SNOW, _AGG, _CALLS, _FOLDS,
    _DRAWN_1, _DRAWN_2, _DRAWN_3, _CLASS,
) = range(len(FLAGS))  # fmt: skip
_DEFAULTS = [0] * len(FLAGS)
_DEFAULTS[_DRAWN_1] = _DEFAULTS[_DRAWN_2] = _DEFAULTS[_DRAWN_3] = _DEFAULTS[_CLASS] = -1
_CLASS_INDEX = {id(c): i for i, c in enumerate(SHOWDOWN_CLASSES)}

_POST_SB, _POST_BB, _POST_ANTE, _POST_DEAD = Act.POST_SB, Act.POST_BB, Act.POST_ANTE, Act.POST_DEAD
# Enum members bound once (a class attribute lookup goes through Enum's metaclass), compared by
# identity (a set lookup would call Enum's Python-level __hash__).
_FOLD, _CHECK, _CALL, _BET, _RAISE = Act.FOLD, Act.CHECK, Act.CALL, Act.BET, Act.RAISE
_CO, _BTN, _SB, _BB = Position.CO, Position.BTN, Position.SB, Position.BB
_FIXED = LimitType.FIXED
_PAIRED = SHOWDOWN_CLASSES.index(ShowdownClass.PAIRED)
assert {_CO, _BTN, _SB} == STEAL_POSITIONS  # the identity test in ``_steps`` below


def _steps(
    seats: Sequence[Seat],
    steps: Sequence[Step],
    limit: bool,
    full_inc: Decimal,
    flags: dict[str, list[int]],
    pos: Mapping[str, Position],
) -> None:
    """One walk over the steps: round 0 step by step, setting the pre-draw flags (up to the
    first step of a later round), and the counts of the actions in rounds 1-3."""
    level = 0  # bets so far; the big blind post is the first
    high = _ZERO  # the highest live total, what a call must reach
    full_to = _ZERO  # the total of the last full bet
    # ``full_inc``: the size of a full raise (the small bet in Limit, else the big blind).
    cur: dict[str, Decimal] = {}
    left = {s.player: s.stack for s in seats}
    out: set[str] = set()  # folded or all-in: cannot bet again
    acted: set[str] = set()
    second_bettor: str | None = None
    awaiting_fold_to_3b: str | None = None
    opened = False  # someone did something other than fold (the pot is no longer folded to)
    stealer: str | None = None
    steal_clean = False  # only folds since the steal
    players = flags.keys()
    in_round0 = True  # no step of a later round yet

    for step in steps:
        act = step.act
        if step.round != 0:
            in_round0 = False
            if act is _BET or act is _RAISE:
                flags[step.player][_AGG] += 1
            elif act is _CALL:
                flags[step.player][_CALLS] += 1
            elif act is _FOLD:
                flags[step.player][_FOLDS] += 1
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
            f[_VPIP_OPP] = 1
        if level == 2 and stack_before > to_call and any(q != p and q not in out for q in players):
            f[_3B_OPP] = 1
        if awaiting_fold_to_3b == p:
            awaiting_fold_to_3b = None
            if level == 3:
                f[_F3B_OPP] = 1
                f[_F3B] = act is _FOLD
        where = pos[p]
        steal_chance = (
            first and not opened and level == 1 and (where is _CO or where is _BTN or where is _SB)
        )
        if steal_chance:
            f[_STEAL_OPP] = 1
        if first and where is _BB and stealer is not None and steal_clean:
            f[_FBB_OPP] = 1
            f[_FBB] = act is _FOLD

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
        f[_VPIP] = 1
        opened = True
        if act is _CALL:
            if stealer is not None and p != stealer:
                steal_clean = False
            continue
        # A bet or a raise.
        f[_PFR] = 1
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
                f[_STEAL] = 1
                stealer = p
                steal_clean = True
        elif level == 3:
            f[_3B] = 1
            if second_bettor is not None and second_bettor != p:
                awaiting_fold_to_3b = second_bettor


def _draws(draw_records: Sequence[DrawRecord], three: bool, flags: dict[str, list[int]]) -> None:
    for d in draw_records:
        f = flags.get(d.player)
        if f is None:
            continue  # a draw line of a player not dealt in: a finding, not a statistic
        if d.draw == 1:
            f[_DRAWN_1] = d.discarded
        elif d.draw == 2:
            f[_DRAWN_2] = d.discarded
        else:
            f[_DRAWN_3] = d.discarded
    for f in flags.values():
        d1, d2, d3 = f[_DRAWN_1], f[_DRAWN_2], f[_DRAWN_3]
        if d1 < 0 and d2 < 0:
            continue  # no chance to break, nor a snow (the usual case: folded before a draw)
        # A pat followed by another draw is a chance to break; discarding then is a break.
        if d1 == 0 and d2 >= 0:
            f[_BREAK_OPP] += 1
            if d2 > 0:
                f[_BREAK] += 1
        if d2 == 0 and d3 >= 0:
            f[_BREAK_OPP] += 1
            if d3 > 0:
                f[_BREAK] += 1
        if three and d1 == 0 and d2 == 0 and d3 == 0 and f[_CLASS] >= 0:
            f[_SNOW_OPP] = 1
            f[_SNOW] = f[_CLASS] == _PAIRED


def hand_flags(record: Replay, steps: Sequence[Step] | None = None) -> dict[str, list[int]]:
    """The flags of every dealt-in player of one hand (``record.body.seats``), in ``FLAGS``
    order. ``steps`` are the record's steps (the caller's copy without the steps of players
    not dealt in, when there are such)."""
    body = record.body
    limit = record.hand.limit_type is _FIXED
    return player_flags(
        body.seats,
        body.steps if steps is None else steps,
        body.positions,
        limit,
        body.small_bet if limit else body.big_blind,
        body.collected_totals,
        body.folds,
        body.final_cards,
        body.has_showdown,
        body.draw_records,
        record.hand.game.draws >= 3,
    )


def player_flags(
    seats: Sequence[Seat],
    steps: Sequence[Step],
    pos: Mapping[str, Position],
    limit: bool,
    full_inc: Decimal,
    collected: Mapping[str, Decimal],
    folded: Mapping[str, object],
    final: Mapping[str, Cards],
    showdown: bool,
    draw_records: Sequence[DrawRecord],
    three: bool,
) -> dict[str, list[int]]:
    """``hand_flags`` from the record's facts fetched already (``LineFacts``' fields and
    properties of the same names; ``full_inc`` the smallest full raise before the first draw,
    ``three`` whether the game has three draws): what the tables call, which read those facts
    once for all of a hand's columns."""
    flags = {s.player: _DEFAULTS.copy() for s in seats}
    _steps(seats, steps, limit, full_inc, flags, pos)
    for p, f in flags.items():
        if collected.get(p, _ZERO) > 0:
            f[_WON] = 1
        if showdown and p not in folded:
            f[_WENT] = 1
            cards = final.get(p)
            if cards is not None:
                cls = showdown_class(cards)
                if cls is not None:
                    f[_CLASS] = _CLASS_INDEX[id(cls)]
    _draws(draw_records, three, flags)
    return flags
