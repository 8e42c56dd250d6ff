"""Cheating seats for the integrity benchmark: a superuser and colluding pairs.

A ``Cheats`` set on ``HandSetup.cheats`` changes the decisions of the seats it names, and
nobody else's (without it the simulator deals and decides exactly as before):

* a **superuser** sees every live player's cards. Before the first draw it plays a hand that
  starts ahead of every other live hand as a premium hand and one that starts behind as
  rubbish; with draws to come it plays as strong when its hand is the best of the table's by
  the bots' own measure and as weak otherwise; after the last draw it knows whether it wins,
  so it bets and calls with winners and folds losers.
* a **colluding pair** shares its cards: neither ever bets or raises into the other, and when
  only the partner is left the one with the worse hand folds to the partner's bet; with a third
  player in the pot, the pair "squeezes" (both raise whenever their better hand is good),
  which keeps both in pots with a third player.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from histparse.cards import Card
from histparse.engine import LegalActions
from histparse.game import ActionKind
from histparse.ranking import rank_parsed
from histparse.simulation.bots import BotProfile, plan_draw
from histparse.simulation.ranges import start_share

__all__ = ["Cheats"]

Cards = tuple[Card, ...]

_SQUEEZE = 0.5  # the pair's better hand at least this strong: both raise a third player


@dataclass(frozen=True, slots=True)
class Cheats:
    """Who cheats: ``superusers`` by name and ``partners`` mapping each colluder to its
    partner (both directions)."""

    superusers: frozenset[str] = frozenset()
    partners: Mapping[str, str] = field(default_factory=dict)

    @property
    def seats(self) -> frozenset[str]:
        """Every cheating player."""
        return self.superusers | frozenset(self.partners)

    def share(self, name: str, own: float, live: Mapping[str, Cards]) -> float:
        """The starting-hand share (``ranges.start_share``) ``name`` plays before the first
        draw; ``live`` holds every live player's cards."""
        if name not in self.superusers:
            return own
        best_other = min(start_share(c) for n, c in live.items() if n != name)
        return min(own, 0.02) if own <= best_other else max(own, 0.95)

    def strength(
        self, name: str, bot: BotProfile, round_number: int, own: float, live: Mapping[str, Cards]
    ) -> float:
        """The hand strength ``name`` bets on in betting round ``round_number`` (1-3)."""
        if name in self.superusers:
            if round_number == 3:
                mine = rank_parsed(live[name])
                wins = all(mine < rank_parsed(c) for n, c in live.items() if n != name)
                return 0.99 if wins else 0.0
            draws_left = 3 - round_number
            others = [
                plan_draw(c, draws_left, bot.draw, False, bot.keep)[1]
                for n, c in live.items()
                if n != name
            ]
            return max(own, 0.9) if own >= max(others) else min(own, 0.3)
        partner = self.partners.get(name)
        if partner is None or partner not in live:
            return own
        if round_number == 3:
            return own
        # The pair bets on its better hand: the partner's cards are known.
        theirs = plan_draw(live[partner], 3 - round_number, bot.draw, False, bot.keep)[1]
        return max(own, theirs) if len(live) > 2 else own

    def adjust(
        self,
        name: str,
        kind: ActionKind,
        to: int | None,
        legal: LegalActions,
        live: Mapping[str, Cards],
        strength: float,
    ) -> tuple[ActionKind, int | None]:
        """A colluder's decision after the bot's: no bet or raise into the partner alone, the
        worse hand folds to the partner, a squeeze when a third player is in."""
        partner = self.partners.get(name)
        if partner is None or partner not in live:
            return kind, to
        alone = len(live) == 2
        if alone:
            if kind is ActionKind.BET or kind is ActionKind.RAISE:
                return (ActionKind.CHECK, None) if legal.can_check else (ActionKind.CALL, None)
            if not legal.can_check and rank_parsed(live[partner]) < rank_parsed(live[name]):
                return ActionKind.FOLD, None
            return kind, to
        aggressive = legal.can_bet or legal.can_raise
        if aggressive and strength >= _SQUEEZE and kind is not ActionKind.FOLD:
            return (ActionKind.BET if legal.can_bet else ActionKind.RAISE), legal.min_to
        return kind, to
