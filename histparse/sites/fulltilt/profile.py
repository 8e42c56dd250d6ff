"""Full Tilt's rule profile: what it does where the rule book lets sites differ
(FORMATS-SITES §8; the readings taken where the real files leave a rule open are in
docs/findings.md)."""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from histparse.sites.profile import SiteProfile

__all__ = ["FULL_TILT"]

FULL_TILT: Final = SiteProfile(
    site="FullTilt",
    # Multiway rounds cap at a bet and three raises (1500-3000 archive hand, 10-Game file).
    # Heads-up the files cannot tell: three heads-up SNG rounds reached exactly four bets and
    # each ended in a call. Reading taken: no cap heads-up, so a fifth bet heads-up is not an
    # error (R-BET-5); multiway a fifth bet is.
    cap_lifted_heads_up=True,
    max_bets_per_round=4,
    # Every posted small blind is half the big blind in the 2-7 files (A-5 $0.05/$0.10 posts
    # $0.02, 0.4): the PokerStars range is kept.
    small_blind_min=Fraction(1, 3),
    small_blind_max=Fraction(2, 3),
    # Observed rake: none before the first draw; $1 per full $20 up to $3 at $2.50/$5,
    # $3 on $2,925, $2 on $42,750, about 5% in NL Single Draw (3.65 -> 0.18, 9.75 -> 0.45).
    # The ceiling checked is 5% of the pot (rounded up to the cent).
    max_rake=Fraction(5, 100),
    rake_in_tournaments=False,
    # Full Tilt prints no "Betting is capped" line and never a reshuffle line.
    prints_cap_line=False,
    prints_reshuffle_line=False,
    # A dead small blind nobody matches stays in the pot: "posts a dead small blind of $2.50",
    # "posts $5", "raises to $10", everyone folds: $5 is returned and the pot is $15.
    returns_dead_money=False,
    # 2-7 Single Draw's draw has its own marker: "*** DRAW *** (Pot: $2.05)".
    marks_single_draw=True,
    # "No draw, no drop": every hand of the files that ends before the first draw has
    # "Rake $0" (up to a $625 pot).
    no_rake_before_draw=True,
    # Heads-up the button posts the small blind and the summary tags it "(small blind)" only.
    tags_button_heads_up=False,
)
