"""Winamax's rule profile: what it does where the rule book lets sites differ
(FORMATS-SITES §2 and §8; the readings taken where the two real hands leave a rule open are in
docs/findings.md)."""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from histparse.sites.profile import SiteProfile

__all__ = ["WINAMAX"]

WINAMAX: Final = SiteProfile(
    site="Winamax",
    # No round of the two hands reaches the cap: the rule book's bet and three raises is
    # kept, heads-up included (reading taken, docs/findings.md).
    cap_lifted_heads_up=False,
    max_bets_per_round=4,
    # 12.50€ at 25€/50€, 0.25 at 0.50/1: half the small bet; the usual range is kept.
    small_blind_min=Fraction(1, 3),
    small_blind_max=Fraction(1, 2),
    # 2€ of a 300€ pot, 0.85 of 13.00 in play money (6.5%): a ceiling of 7%.
    max_rake=Fraction(7, 100),
    rake_in_tournaments=True,  # play money is raked
    # The real-money form prints a 'Dealt to' line for each player dealt in ('[X X X X X]'
    # for the others); the export form prints none, and goes by the seats (sites.seating).
    deals_every_seat_a_line=True,
    prints_cap_line=False,
    prints_reshuffle_line=False,
    # There is no uncalled-bet line: the engine works the return out.
    prints_uncalled_bets=False,
    # "Total pot 298€ | Rake 2€": the total is net of rake, and it and "collected" include the
    # winner's own uncalled bet (300 put in, 50 of it uncalled).
    total_pot_net=True,
    collects_uncalled=True,
    # No real hand has a side pot: its total line is read as the total alone (reading taken).
    itemises_pots=False,
    # The summary lists only the winners and the players who showed.
    summary_lists_every_seat=False,
    # Heads-up the button is tagged "(small blind) (button)".
    tags_button_heads_up=True,
    # Real-money draws print "stands pat" for everyone on every draw (FORMATS-SITES §2.3).
    pat_lines_suspect=True,
)
