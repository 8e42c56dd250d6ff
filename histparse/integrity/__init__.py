"""Integrity screening from pooled histories: superusers and colluding players.

Several players' files of the same hands are pooled into one view per hand (``Pool``; copies
that disagree are ``Disagreement``s); each copy is read once from its replay's record
(``observe``), and each hand counted once into the pool's counters (``tally``). ``screen``
scores every player (all-in luck, decisions after the last draw against what the player could
see) and every pair (less aggression against each other, more pots together);
``victim_ledger`` follows the money of named players. Screens, not proofs: see
docs/integrity.md.
"""

from histparse.integrity.ledger import LedgerLine, victim_ledger
from histparse.integrity.observe import Copy, Decision, observe, transfers
from histparse.integrity.pool import Disagreement, Pool
from histparse.integrity.screens import (
    ALARM,
    PairScore,
    PlayerScore,
    Score,
    Screens,
    hand_class,
    screen,
)

__all__ = [
    "ALARM",
    "Copy",
    "Decision",
    "Disagreement",
    "LedgerLine",
    "PairScore",
    "PlayerScore",
    "Pool",
    "Score",
    "Screens",
    "hand_class",
    "observe",
    "screen",
    "transfers",
    "victim_ledger",
]
