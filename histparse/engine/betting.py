"""Betting rules: the state of one betting round and the legal actions in it (R-BET-1..7).

Readings where docs/rules.md is silent:

* **Incomplete all-in raises.** A bet or raise that puts a player all-in for less than a full
  bet or raise (fixed limit: less than the previous full bet level plus one bet; pot and no
  limit: a raise smaller than the last full bet or raise) does not count as a bet for the cap
  and does not reopen the betting: players who have already acted since the last full bet or
  raise may only call or fold. Players who have not acted yet may raise. In fixed limit the
  next raise goes *to* the last full level plus one bet, so after an all-in for 550 at 300/600
  the next player "completes" with ``raises 50 to 600`` (as PokerStars writes it), which counts
  as the first bet. In pot and no limit the minimum raise after a short all-in is the current
  bet plus the last full raise size.
* **Short big blind.** When a big blind is posted, the pre-draw amount to call is at least the
  full big blind even if the poster was all-in for less (the usual table rule).
* **Folding** is always allowed when it is a player's turn, even when they could check (sites
  let players do it); a fold never breaks a rule.
* **Heads-up cap lift** (``cap_lifted_heads_up``) applies while exactly two players are still in
  the hand (folded players excluded, all-in players included).
* **Unmatched dead money** (R-BET-7, "money beyond what any opponent can match is
  returned"): at the end of a betting round, once no opponent can add a chip (each has folded
  or is all-in, or the betting is over), the chips of the player who put in the most above
  what the next one put in (antes, dead blinds) come back in the same ``UncalledBet`` as the
  round's unmatched bet. PokerStars #71348201941 returns ``Uncalled bet (124)``: the big blind
  100 and 24 of an ante of 25, the opponent being all-in for an ante of 1.
* Pot limit: the maximum raise is *to* the current bet plus the pot after calling
  (``current_bet + pot + to_call``, where ``pot`` holds every chip in the middle, this round's
  bets, antes and dead blinds included). The minimum bet is the big blind.
"""

from __future__ import annotations

from dataclasses import dataclass

from histparse._records import twin
from histparse.engine.config import GameConfig

# Re-exported: the legal actions were defined here, and are still imported from here.
from histparse.engine.legal import LegalActions as LegalActions
from histparse.game import ActionKind, LimitType, PostKind, Street


@dataclass(frozen=True, slots=True)
class UncalledBet:
    """Chips returned at the end of a round because nobody matched them (R-BET-7)."""

    player: str
    amount: int
    street: Street


@dataclass(frozen=True, slots=True)
class PostResult:
    """One forced bet as applied: ``live`` counts towards the round bet, ``dead`` does not."""

    player: str
    kind: PostKind
    amount: int
    live: int
    dead: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class ActionResult:
    """One betting action as applied.

    ``increment`` is what the player put in now, ``total`` their round total after it.
    ``full_raise`` says whether a bet/raise counted as a full bet (for the cap and reopening);
    ``capped`` that this action reached the fixed-limit cap (PokerStars: ``Betting is capped``).
    ``round_over``/``hand_over`` say what the action ended; ``uncalled`` is the bet returned
    when the round ended with one player's bet unmatched.
    """

    player: str
    kind: ActionKind
    increment: int
    total: int
    all_in: bool
    full_raise: bool = False
    capped: bool = False
    round_over: bool = False
    hand_over: bool = False
    uncalled: UncalledBet | None = None


# A mutable twin of LegalActions, to build it cheaply (histparse._records).
_LegalActionsParts = twin(LegalActions)
_FIXED = LimitType.FIXED  # module constants: Enum classes have a slow __getattr__ hook
_POT = LimitType.POT


class RoundState:
    """Mutable bookkeeping of the current betting round (not exposed directly).

    ``level`` is the round total of the last *full* bet or raise (fixed limit raises go to
    ``level + unit``), ``raise_size`` the last full raise size (pot/no limit minimum),
    ``bet_count`` counts full bets for the cap and ``raise_seq`` numbers full bets so that a
    player who acted at the current ``raise_seq`` cannot re-raise an incomplete all-in.
    """

    __slots__ = (
        "bet_count",
        "current_bet",
        "last_aggressor",
        "level",
        "number",
        "raise_seq",
        "raise_size",
        "unit",
    )

    def __init__(self, number: int, unit: int, min_raise: int) -> None:
        self.number = number
        self.unit = unit
        self.current_bet = 0
        self.level = 0
        self.raise_size = min_raise
        self.bet_count = 0
        self.raise_seq = 0
        self.last_aggressor = -1


def is_capped(config: GameConfig, rnd: RoundState, live_count: int) -> bool:
    """Whether the fixed-limit cap stops further raising (R-BET-5), heads-up lift included."""
    if config.limit is not _FIXED or rnd.bet_count < config.max_bets_per_round:
        return False
    return not (config.cap_lifted_heads_up and live_count == 2)


def compute_legal(
    config: GameConfig,
    rnd: RoundState,
    player: str,
    bet: int,
    stack: int,
    reopened: bool,
    pot: int,
    live_count: int,
) -> LegalActions:
    """Legal actions of a player with round total ``bet`` and ``stack`` behind.

    ``reopened`` is False when the player has acted since the last full bet or raise (only an
    incomplete all-in raise happened since), ``pot`` every chip in the middle.
    """
    current = rnd.current_bet
    to_call = current - bet if current > bet else 0
    all_in_to = bet + stack
    can_aggress = all_in_to > current and reopened and not is_capped(config, rnd, live_count)
    min_to = max_to = 0
    if can_aggress:
        if config.limit is _FIXED:
            target = rnd.level + rnd.unit
            if target <= current:  # only after forced off-rule raises
                target = current + rnd.unit
            min_to = max_to = min(target, all_in_to)
        else:
            min_to = min(current + rnd.raise_size, all_in_to)
            max_to = min(current + pot + to_call, all_in_to) if config.limit is _POT else all_in_to
            max_to = max(max_to, min_to)
    # LegalActions(...) without the frozen-dataclass overhead (see histparse._records).
    legal = _LegalActionsParts()
    legal.player = player
    legal.can_fold = True
    legal.can_check = to_call == 0
    legal.can_call = to_call > 0
    legal.call_amount = to_call if to_call < stack else stack
    legal.can_bet = can_aggress and current == 0
    legal.can_raise = can_aggress and current > 0
    legal.min_to = min_to
    legal.max_to = max_to
    legal.current_bet = current
    legal.player_bet = bet
    legal.stack = stack
    legal.__class__ = LegalActions
    result: LegalActions = legal
    return result
