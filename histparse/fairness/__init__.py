"""Deal fairness: do the cards a player received look like a fair shuffle's?

``fairness_report(hands)`` tests, from what the histories reveal without bias, the player's
five dealt cards (ranks, suits, each card, starting-hand classes), the replacement cards at
each draw (against a uniform draw from the cards the player had not seen) and what the draws
made (against the exact conditional probability), the player's all-in showdowns with draws
left (pots won against the equity, ``fairness.allin``), and corrects the family of tests with
Holm's method. Opponents' shown hands are never used: who shows is chosen by the play.
docs/fairness.md says what each test can and cannot show.
"""

from histparse.fairness.allin import AllInSeen, fairness_record, hero_allin
from histparse.fairness.observe import DrawSeen, HeroView, hero_view
from histparse.fairness.probability import CLASS_COUNTS, CLASS_PROBABILITY, CLASSES, hand_class
from histparse.fairness.report import (
    BY_KEYS,
    DEFAULT_ALPHA,
    MIN_SAMPLE,
    FairnessCounts,
    FairnessReport,
    FairnessTest,
    GroupReport,
    fairness_report,
)

__all__ = [
    "BY_KEYS",
    "CLASSES",
    "CLASS_COUNTS",
    "CLASS_PROBABILITY",
    "DEFAULT_ALPHA",
    "MIN_SAMPLE",
    "AllInSeen",
    "DrawSeen",
    "FairnessCounts",
    "FairnessReport",
    "FairnessTest",
    "GroupReport",
    "HeroView",
    "fairness_record",
    "fairness_report",
    "hand_class",
    "hero_allin",
    "hero_view",
]
