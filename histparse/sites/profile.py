"""Site rule profiles: everything the rules leave to the site, in one place per site.

docs/rules.md leaves a few things to the site (R-BET-4 small-blind rounding, R-BET-5 heads-up cap,
R-SHOW-4 rake). The replayer and the checks read them from a ``SiteProfile`` and never test the
site name themselves; each site folder makes its own (``sites/<name>/profile.py``), and the
registry hands it out (``histparse.sites.profile_for``). ``docs/findings.md`` describes each
profile. Rake always comes off the main pot first (the engine's rule, and what PokerStars
prints: its main pot is net of rake).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import partial
from types import MappingProxyType
from typing import Final, TypeVar

from histparse.events import Draw, Hand, Position, SeatOutcome, Section, StatusKind
from histparse.ranking import describe_rank

E = TypeVar("E", bound=Enum)

__all__ = ["GENERIC", "NEUTRAL_WORDS", "SiteProfile", "Wording", "draws_unrecorded"]


@dataclass(frozen=True, slots=True)
class Wording:
    """A site's names for the neutral vocabulary of ``histparse.events``: ``sections`` as in
    its marker lines (``FIRST DRAW``), ``markers`` the whole marker line, ``outcomes`` and
    ``positions`` as in its summary, ``statuses`` as in its status lines; ``describe`` words a
    2-7 hand by its rank number (``histparse.ranking.hand_rank``), as its shows lines do."""

    sections: Mapping[Section, str]
    markers: Mapping[Section, str]
    outcomes: Mapping[SeatOutcome, str]
    positions: Mapping[Position, str]
    statuses: Mapping[StatusKind, str]
    describe: Callable[[int], str]


def _neutral(members: Iterable[E]) -> Mapping[E, str]:
    return MappingProxyType({m: str(m.value).replace("_", " ") for m in members})


NEUTRAL_WORDS: Final = Wording(
    sections=_neutral(Section),
    markers=MappingProxyType({s: f"[{s.value}]" for s in Section}),
    outcomes=_neutral(SeatOutcome),
    positions=_neutral(Position),
    statuses=_neutral(StatusKind),
    describe=partial(describe_rank, prefix=""),
)
"""The neutral ids as words: for sites that say nothing of their own."""


@dataclass(frozen=True, slots=True)
class SiteProfile:
    """What one site does where docs/rules.md lets sites differ.

    * ``cap_lifted_heads_up``: R-BET-5, no cap while only two players are left in the hand.
    * ``max_bets_per_round``: R-BET-5, the cap counted in bets (pre-draw the big blind is one).
    * ``small_blind_min``/``small_blind_max``: the posted small blind must lie in this range,
      as fractions of the big blind (R-BET-4, "sites round it").
    * ``max_rake``: ceiling on rake as a fraction of the total pot (the rake is then rounded
      up to the money unit); ``None`` for no ceiling.
    * ``rake_in_tournaments``: whether tournament and play-money hands may be raked.
    * ``prints_cap_line``/``prints_reshuffle_line``: the site announces the cap and the
      reshuffle, so a missing announcement is a finding.
    * ``returns_dead_money``: R-BET-7, dead money nobody can match (a dead small blind when
      everyone folds) goes back to its poster; False keeps it in the pot.
    * ``marks_single_draw``: single draw's one draw opens with a marker line (the
      ``FIRST_DRAW`` section); PokerStars prints none.
    * ``no_rake_before_draw``: R-SHOW-4, a hand that ends before the first draw is not raked.
    * ``tags_button_heads_up``: heads-up, the summary tags the button (the small blind) as
      ``(button)`` too; False when it tags it ``(small blind)`` alone.
    * ``prints_uncalled_bets``: an uncalled bet is returned with a line; False when the return
      is silent (the engine's return stands in for the line).
    * ``prints_total_pot``: the summary has a ``Total pot`` line; False when it prints only the
      rake (the pot is then what was collected plus the rake).
    * ``total_pot_net``: the ``Total pot`` is net of rake; ``collects_uncalled``: the total and
      the collection include the winner's own uncalled bet (Winamax).
    * ``itemises_pots``: with side pots, the ``Total pot`` line gives the main and side pots
      (PokerStars); False when it gives the total alone whatever the pots.
    * ``summary_lists_every_seat``: every player dealt in has a summary seat line.
    * ``marks_deal``/``marks_showdown``: the deal and the showdown open with a marker line.
    * ``max_players``: the most players a Triple Draw table deals in (R-TABLE-1).
    * ``pat_lines_suspect``: a hand whose every draw line is a stand-pat may not record its
      draws (Winamax real money): one warning, and the hero's draws are not judged.
    * ``runs_twice``: the draw may be run twice (each run its own cards and half the pot).
    * ``deals_every_seat_a_line``: a ``Dealt to`` line (face down for the others) is printed
      for each player dealt in, so a seat without one was not dealt in (``sites.seating``).
    """

    site: str
    cap_lifted_heads_up: bool = False
    max_bets_per_round: int = 4
    small_blind_min: Fraction = Fraction(1, 3)
    small_blind_max: Fraction = Fraction(1, 2)
    max_rake: Fraction | None = None
    rake_in_tournaments: bool = False
    prints_cap_line: bool = False
    prints_reshuffle_line: bool = False
    returns_dead_money: bool = True
    marks_single_draw: bool = False
    no_rake_before_draw: bool = False
    tags_button_heads_up: bool = True
    prints_uncalled_bets: bool = True
    prints_total_pot: bool = True
    total_pot_net: bool = False
    collects_uncalled: bool = False
    itemises_pots: bool = True
    summary_lists_every_seat: bool = True
    marks_deal: bool = True
    marks_showdown: bool = True
    max_players: int = 6
    pat_lines_suspect: bool = False
    runs_twice: bool = False
    deals_every_seat_a_line: bool = False


GENERIC: Final = SiteProfile(site="generic")
"""The profile of sites without one: docs/rules.md as written, nothing announced."""


def draws_unrecorded(hand: Hand, profile: SiteProfile) -> bool:
    """True for a hand of a site whose stand-pat lines are suspect (``pat_lines_suspect``) in
    which every draw line of every player is a stand-pat: its draws are taken as not recorded,
    and the hero's hand is not judged from them."""
    if not profile.pat_lines_suspect:
        return False
    draws = [e for e in hand.events if type(e) is Draw]
    return bool(draws) and all(d.pat for d in draws)
