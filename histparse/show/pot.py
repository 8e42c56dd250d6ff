"""The pot as a hand's lines say it, after every post, betting action and uncalled bet.

This is the site's money, line by line (``histparse.ledger``), so a replayer can print it next
to each line. The rules engine's pot (``replay(hand, trace=True).states``) differs in one place
only: the engine returns an uncalled bet as soon as the betting round ends, while the lines keep
it in the pot until the ``Uncalled bet (..) returned`` line. Following the lines keeps every
printed pot consistent with the line it is printed next to, and works for hands the engine
cannot replay.
"""

from __future__ import annotations

from decimal import Decimal

from histparse.events import Hand
from histparse.ledger import header_big_blind, pot_after

__all__ = ["big_blind_of", "running_pot"]

big_blind_of = header_big_blind


def running_pot(hand: Hand) -> dict[int, Decimal]:
    """The pot after each post, action and uncalled-bet line, keyed by index in ``hand.events``.

    A raise ``to B`` puts in ``B`` minus what the player already had in the round; a
    ``small & big blinds`` post counts only its header big blind towards the player's bet (the
    small-blind part is dead money) and antes count towards nothing.
    """
    return pot_after(hand)
