"""Findings: what the auditor reports, with a stable code, a severity and the rule it checks.

``CODES`` is the one catalogue of finding codes; ``docs/findings.md`` documents the same list
(a test keeps the two in step). A code never changes meaning once released: add a new one
instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from types import MappingProxyType
from typing import Final

from histparse.events import Hand

__all__ = [
    "CODES",
    "Code",
    "CodeInfo",
    "Finding",
    "Severity",
    "code_info",
    "make_finding",
]


class Code(StrEnum):
    """A finding code. Its value is the code as reported: ``Code.BET_ALLIN == "BET-ALLIN"``, and
    ``str()``, ``format()`` and JSON give the value, so outputs read the same as plain strings."""

    PARSE_REJECTED = "PARSE-REJECTED"
    AUDIT_FAILED = "AUDIT-FAILED"
    MONEY_UNREPRESENTABLE = "MONEY-UNREPRESENTABLE"
    REPLAY_ABORTED = "REPLAY-ABORTED"
    REPLAY_UNSUPPORTED = "REPLAY-UNSUPPORTED"
    HAND_CANCELLED = "HAND-CANCELLED"
    HAND_PARTIAL = "HAND-PARTIAL"
    STRUCT_SECTIONS = "STRUCT-SECTIONS"
    STRUCT_STREET = "STRUCT-STREET"
    STRUCT_SEATS = "STRUCT-SEATS"
    STRUCT_BUTTON = "STRUCT-BUTTON"
    STRUCT_PLAYER = "STRUCT-PLAYER"
    BLIND_SEAT = "BLIND-SEAT"
    BLIND_AMOUNT = "BLIND-AMOUNT"
    BLIND_MISSING = "BLIND-MISSING"
    BET_ORDER = "BET-ORDER"
    BET_ILLEGAL = "BET-ILLEGAL"
    BET_SIZE = "BET-SIZE"
    BET_CAP = "BET-CAP"
    BET_CAP_LINE = "BET-CAP-LINE"
    BET_BOUNDS = "BET-BOUNDS"
    BET_CALL = "BET-CALL"
    BET_ALLIN = "BET-ALLIN"
    BET_ALLIN_FLAG = "BET-ALLIN-FLAG"
    BET_RAISE_ARITHMETIC = "BET-RAISE-ARITHMETIC"
    BET_AFTER_FOLD = "BET-AFTER-FOLD"
    BET_ROUND = "BET-ROUND"
    BET_UNCALLED = "BET-UNCALLED"
    DRAW_ORDER = "DRAW-ORDER"
    DRAW_MISSING = "DRAW-MISSING"
    DRAW_REPLACED = "DRAW-REPLACED"
    CARD_DUPLICATE = "CARD-DUPLICATE"
    CARD_COUNT = "CARD-COUNT"
    CARD_HERO_DRAW = "CARD-HERO-DRAW"
    CARD_HERO_SHOW = "CARD-HERO-SHOW"
    CARD_RESHUFFLE = "CARD-RESHUFFLE"
    DRAW_UNRECORDED = "DRAW-UNRECORDED"
    CARD_DESCRIPTION = "CARD-DESCRIPTION"
    POT_TOTAL = "POT-TOTAL"
    POT_MARKER = "POT-MARKER"
    POT_SIDE_POTS = "POT-SIDE-POTS"
    POT_RAKE = "POT-RAKE"
    POT_RAKE_PROFILE = "POT-RAKE-PROFILE"
    POT_OVERCOLLECTED = "POT-OVERCOLLECTED"
    POT_WINNER = "POT-WINNER"
    POT_NOT_ELIGIBLE = "POT-NOT-ELIGIBLE"
    POT_SPLIT = "POT-SPLIT"
    SUMMARY_SEAT = "SUMMARY-SEAT"
    SUMMARY_POSITION = "SUMMARY-POSITION"
    SUMMARY_FOLD = "SUMMARY-FOLD"
    SUMMARY_SHOWDOWN = "SUMMARY-SHOWDOWN"
    SUMMARY_AMOUNT = "SUMMARY-AMOUNT"
    SUMMARY_DIDNT_BET = "SUMMARY-DIDNT-BET"
    STACK_TOPUP = "STACK-TOPUP"
    STACK_MISMATCH = "STACK-MISMATCH"


class Severity(IntEnum):
    """How bad a finding is; ordered ``INFO < WARNING < ERROR``."""

    INFO = 0
    WARNING = 1
    ERROR = 2

    @property
    def label(self) -> str:
        """``info``, ``warning`` or ``error``."""
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Severity:
        """The severity named ``text`` (case-insensitive); ``ValueError`` otherwise."""
        try:
            return cls[text.strip().upper()]
        except KeyError:
            names = ", ".join(s.label for s in cls)
            raise ValueError(f"unknown severity {text!r} (expected one of {names})") from None


@dataclass(frozen=True, slots=True)
class CodeInfo:
    """A finding code: its severity, the docs/rules.md rule it checks (if any) and its meaning."""

    code: Code
    severity: Severity
    rule: str | None
    meaning: str
    group: str


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem (or noteworthy fact) in one hand.

    ``file``/``line`` point at the line that shows it (the hand's first line for whole-hand
    findings); ``hand_id`` is None for text that could not be read as a hand.
    """

    site: str
    hand_id: str | None
    code: Code
    severity: Severity
    message: str
    file: str
    line: int
    rule: str | None = None

    def as_record(self) -> dict[str, str | int | None]:
        """Plain JSON-ready dict (severity as its label)."""
        return {
            "site": self.site,
            "hand_id": self.hand_id,
            "code": self.code,
            "severity": self.severity.label,
            "message": self.message,
            "file": self.file,
            "line": self.line,
            "rule": self.rule,
        }


_E, _W, _I = Severity.ERROR, Severity.WARNING, Severity.INFO

# (code, severity, rule id, meaning, group). Groups follow the order of the checks.
_TABLE: Final[tuple[tuple[Code, Severity, str | None, str, str], ...]] = (
    # -- reading and replaying
    (Code.PARSE_REJECTED, _E, None, "The text could not be parsed as a hand.", "reading"),
    (
        Code.AUDIT_FAILED,
        _E,
        None,
        "The auditor raised an unexpected error on the hand (a bug to report); the message "
        "names it, and the run went on with the other hands.",
        "reading",
    ),
    (
        Code.MONEY_UNREPRESENTABLE,
        _E,
        None,
        "An amount is not a whole number of the hand's money unit (cents for cash, "
        "chips for tournaments and play money).",
        "reading",
    ),
    (
        Code.REPLAY_ABORTED,
        _E,
        None,
        "The rules engine could not go on with the hand (an event that cannot happen at all at "
        "that point); checks that need the engine stop there, the others still run.",
        "reading",
    ),
    (
        Code.REPLAY_UNSUPPORTED,
        _I,
        None,
        "The hand's game or seating cannot be replayed by the rules engine; only the checks "
        "that do not need it ran.",
        "reading",
    ),
    (Code.HAND_CANCELLED, _I, None, "The site cancelled the hand; it is not replayed.", "reading"),
    (
        Code.HAND_PARTIAL,
        _I,
        None,
        "The site printed only part of the hand (Full Tilt's '(partial)': the summary alone); "
        "it is read and shown, never replayed as if complete.",
        "reading",
    ),
    # -- structure
    (
        Code.STRUCT_SECTIONS,
        _E,
        "R-BET-1",
        "Section markers missing, repeated or out of order, or not matching how far the hand "
        "went (a draw marker after the hand ended, no summary...).",
        "structure",
    ),
    (
        Code.STRUCT_STREET,
        _E,
        "R-BET-1",
        "An event is labelled with a street other than the section it sits in.",
        "structure",
    ),
    (
        Code.STRUCT_SEATS,
        _E,
        "R-TABLE-1",
        "Seats incoherent: a seat number or name used twice, a seat beyond the table size, too "
        "few or too many players dealt in, a dealt-in player without chips.",
        "structure",
    ),
    (
        Code.STRUCT_BUTTON,
        _W,
        "R-TABLE-1",
        "The button is on a seat nobody is dealt in on.",
        "structure",
    ),
    (
        Code.STRUCT_PLAYER,
        _E,
        None,
        "An event names a player who is not dealt in this hand.",
        "structure",
    ),
    (
        Code.BLIND_SEAT,
        _E,
        "R-TABLE-2",
        "A blind is posted by the wrong seat (the small blind is the first seat left of the "
        "button, the big blind the next; heads-up the button posts the small blind).",
        "structure",
    ),
    (
        Code.BLIND_AMOUNT,
        _E,
        "R-TABLE-2",
        "A blind or ante of the wrong amount for the stakes (the site profile gives the allowed "
        "small-blind rounding); all-in posts for less are allowed.",
        "structure",
    ),
    (
        Code.BLIND_MISSING,
        _E,
        "R-TABLE-2",
        "No big blind was posted although the big-blind player had chips.",
        "structure",
    ),
    # -- betting
    (
        Code.BET_ORDER,
        _E,
        "R-BET-2",
        "A player acts out of turn.",
        "betting",
    ),
    (
        Code.BET_ILLEGAL,
        _E,
        "R-BET-3",
        "An action that is not among the player's options (check facing a bet, bet into a bet, "
        "call with nothing to call, raise without a bet).",
        "betting",
    ),
    (
        Code.BET_SIZE,
        _E,
        "R-BET-4",
        "A fixed-limit bet or raise that is not exactly one bet (small bet in rounds 1-2, big "
        "bet in rounds 3-4), unless all-in for less.",
        "betting",
    ),
    (
        Code.BET_CAP,
        _E,
        "R-BET-5",
        "A raise after the fixed-limit cap (the site profile says whether heads-up lifts it).",
        "betting",
    ),
    (
        Code.BET_CAP_LINE,
        _W,
        "R-BET-5",
        "'Betting is capped' printed when the cap was not reached, or missing when it was.",
        "betting",
    ),
    (
        Code.BET_BOUNDS,
        _E,
        "R-BET-6",
        "A pot-limit or no-limit bet or raise below the minimum or above the maximum.",
        "betting",
    ),
    (
        Code.BET_CALL,
        _E,
        "R-BET-3",
        "A call of the wrong amount (the call is the amount to match, or the whole stack when "
        "it is smaller).",
        "betting",
    ),
    (
        Code.BET_ALLIN,
        _E,
        "R-BET-7",
        "More chips than the player has, or a raise the all-in rules do not allow (an "
        "incomplete all-in raise does not reopen the betting).",
        "betting",
    ),
    (
        Code.BET_ALLIN_FLAG,
        _W,
        "R-BET-7",
        "'and is all-in' printed when chips remain behind, or missing when the stack ran out.",
        "betting",
    ),
    (
        Code.BET_RAISE_ARITHMETIC,
        _E,
        None,
        "In 'raises A to B', B minus A is not the bet being raised.",
        "betting",
    ),
    (
        Code.BET_AFTER_FOLD,
        _E,
        "R-BET-3",
        "A player acts or draws after folding.",
        "betting",
    ),
    (
        Code.BET_ROUND,
        _E,
        "R-BET-3",
        "Betting out of place: an action after the round closed, or the round left unfinished "
        "(a draw, showdown or summary while players still had to act).",
        "betting",
    ),
    (
        Code.BET_UNCALLED,
        _E,
        "R-BET-7",
        "An uncalled bet returned in the wrong amount, to the wrong player, or not at all.",
        "betting",
    ),
    # -- draws and cards
    (
        Code.DRAW_ORDER,
        _E,
        "R-DRAW-2",
        "A player draws out of turn (draws go clockwise from the first live player left of the "
        "button).",
        "cards",
    ),
    (
        Code.DRAW_MISSING,
        _E,
        "R-DRAW-1",
        "A live player has no draw line in a draw, or draws when there is no draw to make.",
        "cards",
    ),
    (
        Code.DRAW_REPLACED,
        _E,
        "R-DRAW-2",
        "A player is dealt a different number of cards than they discarded ('X discards 2 "
        "cards' then 'X is dealt 3 cards'), is dealt cards without a discard, or twice in a "
        "draw.",
        "cards",
    ),
    (
        Code.CARD_DUPLICATE,
        _E,
        "R-RANK-1",
        "A known card in two places at once (two hands, a hand and the muck, twice in a hand).",
        "cards",
    ),
    (
        Code.CARD_COUNT,
        _E,
        "R-RANK-1",
        "A hand shown or revealed with other than five cards, or a discard of more cards than "
        "the player holds.",
        "cards",
    ),
    (
        Code.CARD_HERO_DRAW,
        _E,
        "R-DRAW-2",
        "The hero's discards or 'Dealt to [kept] [new]' line disagree with the hand held "
        "(a discard not held, wrong counts, kept cards not the hand minus the discards).",
        "cards",
    ),
    (
        Code.CARD_HERO_SHOW,
        _E,
        "R-RANK-1",
        "The hero shows, mucks or stands pat on cards other than the hand the hero holds.",
        "cards",
    ),
    (
        Code.CARD_RESHUFFLE,
        _E,
        "R-DRAW-3",
        "A reshuffle that breaks R-DRAW-3: announced when the stub still had the cards, missing "
        "when it ran out, or a discarded card coming back before the reshuffle or to the player "
        "who threw it in the same draw.",
        "cards",
    ),
    (
        Code.DRAW_UNRECORDED,
        _W,
        "R-DRAW-1",
        "Every draw line of the hand is a stand-pat, on a site whose stand-pat lines are suspect "
        "(Winamax real money): the draws are taken as not recorded and the hero's hand is not "
        "judged from them.",
        "cards",
    ),
    (
        Code.CARD_DESCRIPTION,
        _E,
        "R-RANK-3",
        "The site's hand description (e.g. 'Lo: 8,7,5,4,3') does not match the cards.",
        "cards",
    ),
    # -- pots
    (
        Code.POT_TOTAL,
        _E,
        "R-SHOW-4",
        "The contributions (posts, bets, calls, raises, minus uncalled bets) do not add up to "
        "the summary's total pot.",
        "pots",
    ),
    (
        Code.POT_MARKER,
        _E,
        None,
        "A draw marker's printed pot (Full Tilt's '(Pot: $0.45)' after the first draw's "
        "marker) differs from the pot the lines put in so far (posts, bets, calls, raises, "
        "minus uncalled bets), or cannot be read.",
        "pots",
    ),
    (
        Code.POT_SIDE_POTS,
        _E,
        "R-SHOW-3",
        "The summary's main and side pots, or the amounts collected from each pot, differ "
        "from the pots the rules build (or a collection names a pot the rules do not build).",
        "pots",
    ),
    (
        Code.POT_RAKE,
        _E,
        "R-SHOW-4",
        "Total pot minus rake does not equal what was collected.",
        "pots",
    ),
    (
        Code.POT_RAKE_PROFILE,
        _W,
        "R-SHOW-4",
        "Rake outside what the site profile allows (rake in a tournament or play-money hand, "
        "or above the profile's ceiling).",
        "pots",
    ),
    (
        Code.POT_OVERCOLLECTED,
        _E,
        "R-SHOW-4",
        "More collected from a pot than the pot holds.",
        "pots",
    ),
    (
        Code.POT_WINNER,
        _E,
        "R-SHOW-2",
        "A pot collected by someone other than its rightful winner under the 2-7 ranking, or a "
        "rightful winner who collected nothing.",
        "pots",
    ),
    (
        Code.POT_NOT_ELIGIBLE,
        _E,
        "R-SHOW-3",
        "A player collects from a pot they are not eligible for (folded, or did not cover it).",
        "pots",
    ),
    (
        Code.POT_SPLIT,
        _E,
        "R-SHOW-2",
        "A split pot shared unequally, or odd chips given to the wrong winner (they go one at a "
        "time from the first winner left of the button).",
        "pots",
    ),
    # -- summary
    (
        Code.SUMMARY_SEAT,
        _E,
        None,
        "A summary seat line missing, repeated, or naming a seat or player not in the seat list.",
        "summary",
    ),
    (
        Code.SUMMARY_POSITION,
        _W,
        "R-TABLE-2",
        "A summary position tag ((button), (small blind), (big blind)) on the wrong seat.",
        "summary",
    ),
    (
        Code.SUMMARY_FOLD,
        _E,
        None,
        "The summary says a player folded (and when) differently from the body.",
        "summary",
    ),
    (
        Code.SUMMARY_SHOWDOWN,
        _E,
        None,
        "The summary's showed / mucked / won / lost / collected disagrees with the body, or its "
        "cards differ from the ones shown.",
        "summary",
    ),
    (
        Code.SUMMARY_AMOUNT,
        _E,
        None,
        "The amount a summary line says a player won or collected differs from the body.",
        "summary",
    ),
    (
        Code.SUMMARY_DIDNT_BET,
        _W,
        None,
        "'(didn't bet)' on a player who posted or put money in, or missing on one who did not.",
        "summary",
    ),
    # -- across hands
    (
        Code.STACK_TOPUP,
        _I,
        None,
        "A player starts the next hand at the same table with more than the previous start "
        "plus net: a rebuy or top-up.",
        "across hands",
    ),
    (
        Code.STACK_MISMATCH,
        _W,
        None,
        "A player starts the next hand at the same table with less than the previous start "
        "plus net.",
        "across hands",
    ),
)

CODES: Final[Mapping[Code, CodeInfo]] = MappingProxyType(
    {code: CodeInfo(code, sev, rule, meaning, group) for code, sev, rule, meaning, group in _TABLE}
)
"""Every finding code, in documentation order (a test keeps it and ``Code`` in step)."""


def code_info(code: str) -> CodeInfo:
    """The catalogue entry of ``code`` (a ``Code`` or its text); ``KeyError`` naming it if
    unknown."""
    try:
        return CODES[Code(code)]
    except ValueError:
        raise KeyError(f"unknown finding code {code!r}") from None


def make_finding(hand: Hand, code: Code, message: str, line: int | None = None) -> Finding:
    """A finding of ``code`` about ``hand`` at ``line`` (default: the hand's first line), with
    the severity and rule of the catalogue."""
    info = CODES[code]
    return Finding(
        site=hand.site,
        hand_id=hand.hand_id,
        code=code,
        severity=info.severity,
        message=message,
        file=hand.source.path,
        line=hand.source.first_line if line is None else line,
        rule=info.rule,
    )
