"""Who is dealt in: decided once per hand, from every sign the sites give.

The replay's facts pass asks this once (``replayer.facts.Facts.seat``); the engine, the tables,
``show``, the views, the all-in EV, fairness and PHH all read its answer off the record. The
signs, by site (documented per site in its profile and in docs/findings.md):

* a seat ``out of hand`` is never dealt in;
* a seat marked sitting out (PokerStars' ``, is sitting out``, Full Tilt's summary ``is sitting
  out`` and a hero missing from the seats, Merge's ``dealtin="false"``: the parsers turn them
  into ``Seat.sitting_out``) is dealt in only when a line shows the player in the hand (a post,
  an action, a draw, a show or a muck); tournaments deal sitting-out players in (docs/formats.md
  §1.3);
* on a site that prints a ``Dealt to`` line for each dealt-in player
  (``SiteProfile.deals_every_seat_a_line``, Kings Club), a hand that has such lines deals in
  only the seats with one, or whose player posts or acts; a hand with no such line at all goes
  by the seats alone.
"""

from __future__ import annotations

from histparse.events import Action, DealtHidden, DealtTo, Draw, Hand, Mucks, Post, Seat, Shows
from histparse.sites.profile import SiteProfile

__all__ = ["dealt_in_seats"]

_PLAYS = (Post, Action, Draw, Shows, Mucks)
_DEALT = (DealtTo, DealtHidden)


def dealt_in_seats(hand: Hand, profile: SiteProfile) -> list[Seat]:
    """The seats of ``hand`` that are dealt in, in the order the hand lists them."""
    every_line = profile.deals_every_seat_a_line
    cash = not hand.is_tournament
    seated: list[Seat] = []
    sitting_out = False
    for s in hand.seats:
        if s.out_of_hand is None:
            seated.append(s)
            sitting_out = sitting_out or s.sitting_out
    if not every_line and not (cash and sitting_out):
        return seated  # the common case: no sign to weigh, no scan of the events
    playing: set[str] = set()
    with_line: set[str] = set()
    for e in hand.events:
        if isinstance(e, _PLAYS):
            playing.add(e.player)
        elif isinstance(e, _DEALT):
            with_line.add(e.player)
    lines_decide = every_line and bool(with_line)
    out: list[Seat] = []
    for s in hand.seats:
        if s.out_of_hand is not None:
            continue
        p = s.player
        if p in playing:
            out.append(s)
        elif lines_decide:
            if p in with_line:
                out.append(s)
        elif not (cash and s.sitting_out):
            out.append(s)
    return out
