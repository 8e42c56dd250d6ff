"""All-in EV: what each player's share of the pots was worth when the last chip went in.

``allin_ev(replay)`` gives, for a hand where money went in all-in and the hand went to a
showdown with every contender's cards shown, each contender's equity at the end of the betting
round in which the last chip went in and its EV net; ``AllInSkipped`` (with the reason) for
an all-in showdown that cannot be valued. See docs/equity.md.
"""

from __future__ import annotations

from histparse.allin.ev import AllInEV, AllInPlayer, AllInSkipped, allin_ev, snapshot

__all__ = ["AllInEV", "AllInPlayer", "AllInSkipped", "allin_ev", "snapshot"]
