"""Kings Club's rule profile: what it does where the rule book lets sites differ
(FORMATS-SITES §3 and §8; the readings taken where the real files leave a rule open are in
docs/findings.md)."""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from histparse.sites.profile import SiteProfile

__all__ = ["KINGS_CLUB"]

KINGS_CLUB: Final = SiteProfile(
    site="Kings Club",
    # Multiway a bet and three raises (Badeucey 3-way); heads-up not observed: the rule
    # book's cap is kept (reading taken).
    cap_lifted_heads_up=False,
    max_bets_per_round=4,
    # 22 at 44/88, 20 at 40/80, 25/50 and 125/250 in No Limit: half the big blind.
    small_blind_min=Fraction(1, 2),
    small_blind_max=Fraction(1, 2),
    # 1 on 799 heads-up, 5 on 1,199, 7 on 2,525; "Bobbys Room Mix" rakes nothing.
    max_rake=Fraction(5, 100),
    rake_in_tournaments=False,
    prints_cap_line=False,
    # Seven players are dealt Triple Draw (55 cards needed): the deck is reshuffled with no
    # line printed (the engine reshuffles the discards, R-DRAW-3).
    prints_reshuffle_line=False,
    max_players=7,
    returns_dead_money=True,
    marks_single_draw=True,  # "*** 1ST DRAW ***" in No Limit 2-7 Single Draw
    no_rake_before_draw=False,
    tags_button_heads_up=False,
    # No uncalled-bet line: the return is silent and "wins" excludes it.
    prints_uncalled_bets=False,
    # No "Total pot" line: the pot is what is won plus the "Rake" line.
    prints_total_pot=False,
    # Every player dealt in gets a 'Dealt to' line ('[X X X X X]' for the others): a seat
    # without one sat the hand out (sites.seating).
    deals_every_seat_a_line=True,
    # The summary is a ledger (stack after the hand, net result), one line a seat.
    summary_lists_every_seat=False,
    # Antes, blinds, the deal and the first betting round all sit under
    # "*** 1ST BETTING ROUND ***"; shows follow the last action with no marker.
    marks_deal=False,
    marks_showdown=False,
    # No Limit 2-7 Single Draw may be run twice: each run its own cards, half of each pot.
    runs_twice=True,
)
