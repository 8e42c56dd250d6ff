"""PokerStars' rule profile: what it does where the rule book lets sites differ."""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from histparse.sites.profile import SiteProfile

__all__ = ["POKERSTARS"]

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
)
