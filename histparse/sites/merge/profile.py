"""Merge/Carbon's rule profile: what it does where the rule book lets sites differ
(FORMATS-SITES §4, §8; the readings taken where the real files leave a rule open are in
docs/findings.md)."""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from histparse.sites.profile import SiteProfile

__all__ = ["MERGE"]

MERGE: Final = SiteProfile(
    site="Merge",
    # Heads-up there is no cap: a $5/$10 round saw a bet and five raises, then a call.
    # Multiway no file shows a full round: the cap of a bet and three raises is kept.
    cap_lifted_heads_up=True,
    max_bets_per_round=4,
    # $1/$2 posts 0.50 of a 1.00 big blind, $5/$10 posts 2.00 of 5.00 (0.4), PL 0.05 of 0.10.
    small_blind_min=Fraction(1, 3),
    small_blind_max=Fraction(1, 2),
    # No rake is printed: it is what the winners did not get. Observed: 5% of the matched pot
    # rounded down, $0.50 at most heads-up (14.00 -> 0.50, 9.50 -> 0.47, 4.00 -> 0.20). The
    # ceiling checked is 5% (the $0.50 cap is not a fraction: not checked).
    max_rake=Fraction(5, 100),
    rake_in_tournaments=False,
    prints_cap_line=False,
    prints_reshuffle_line=False,
    returns_dead_money=True,
    marks_single_draw=True,
    # Every game that ends before the first draw pays no rake (pots up to $3.00).
    no_rake_before_draw=True,
    tags_button_heads_up=True,
    # No summary: the <winner> elements alone, read as the pot and the collections.
    summary_lists_every_seat=False,
)
