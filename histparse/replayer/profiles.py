"""Site rule profiles: everything the rules leave to the site, in one place per site.

docs/rules.md leaves a few things to the site (R-BET-4 small-blind rounding, R-BET-5 heads-up cap,
R-SHOW-4 rake). The replayer and the checks read them from a ``SiteProfile`` and never test the
site name themselves. ``docs/findings.md`` describes each profile. Rake always comes off the
main pot first (the engine's rule, and what PokerStars prints: its main pot is net of rake).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Final

__all__ = ["GENERIC", "POKERSTARS", "PROFILES", "SiteProfile", "profile_for"]


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
    * ``description_prefix``: how the site starts a 2-7 hand description (``Lo: ``).
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
    description_prefix: str = "Lo: "


POKERSTARS: Final = SiteProfile(
    site="PokerStars",
    # docs/formats.md §1.8: no Stars draw round in the real files has more than four bets, so the
    # cap is kept heads-up (the files cannot show otherwise).
    cap_lifted_heads_up=False,
    max_bets_per_round=4,
    # The small blind is whatever is posted, within a rounding of half the big blind: $0.10
    # for a $0.25 big blind (0.4), $1 for $3 and $10 for $15 in Stars' limit structures.
    small_blind_min=Fraction(1, 3),
    small_blind_max=Fraction(2, 3),
    # Every real Stars draw hand is raked at most 5% (rounded up to the cent).
    max_rake=Fraction(5, 100),
    rake_in_tournaments=False,
    prints_cap_line=True,
    prints_reshuffle_line=True,
    description_prefix="Lo: ",
)

GENERIC: Final = SiteProfile(site="generic")
"""The profile of sites without one: docs/rules.md as written, nothing announced."""

PROFILES: Final = MappingProxyType({POKERSTARS.site: POKERSTARS})


def profile_for(site: str) -> SiteProfile:
    """The profile of ``site`` (``GENERIC`` for a site without one)."""
    return PROFILES.get(site, GENERIC)
