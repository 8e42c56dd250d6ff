"""The verb lines of a PokerStars hand: what ``<verb> <args>`` after ``<name>: `` says.

Independent of the player and of the hand, so each distinct line is read once and kept
(``parse_verb``); the line reader (``lines.py``) anchors the name and checks the fields against
the hand. Every regular expression is anchored and free of nested quantifiers.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal
from typing import Any, Final, NoReturn

from histparse.cards import Card
from histparse.game import ActionKind
from histparse.sites.lines import LineError, read_cards
from histparse.sites.pokerstars.common import MONEY, money
from histparse.sites.pokerstars.wording import POST_OF

Cards = tuple[Card, ...]


_FOLD: Final = ActionKind.FOLD
_CHECK: Final = ActionKind.CHECK
_BET_KIND: Final = ActionKind.BET
_CALL: Final = ActionKind.CALL
_RAISE_KIND: Final = ActionKind.RAISE

_BET: Final = re.compile(MONEY + r"((?: and is all-in)?)")
_RAISE: Final = re.compile(MONEY + " to " + MONEY + r"((?: and is all-in)?)")
_POST: Final = re.compile(
    "(" + "|".join(map(re.escape, POST_OF)) + ") " + MONEY + r"((?: and is all-in)?)"
)
_POST_KIND: Final = POST_OF
# "1 card" / "2 cards": the wording is part of the format, so a mismatch is an error rather
# than something the writer could not reproduce.
_DISCARD: Final = re.compile(r"(?:(1) card|(0|[2-9]|[1-9]\d{1,2}) cards)(?: \[([^\[\]]*)\])?")
_PAT: Final = re.compile(r"pat(?: on \[([^\[\]]*)\])?")
_SHOWS: Final = re.compile(r"\[([^\[\]]*)\](?: \((.*)\))?")


# ------------------------------------------------------------------------------ verb lines

# What "<verb> <args>" after "<name>: " says, independent of the player and of the hand:
# (terminal, currency symbol of its amounts or None, then up to four fields by terminal:
#  ACTION: kind, amount, to_amount, all_in / POST: kind, amount, all_in / DRAW: count,
#  discarded, pat, pat_cards / SHOWS: cards, description). Hands repeat the same few hundred
# of these ("folds", "calls $0.10", "discards 2 cards"), so they are read once and kept.
Parsed = tuple[str, str | None, Any, Any, Any, Any]
_MIXED_SYMBOLS: Final = "mixed"  # never a hand's symbol, so such a line always fails the check

_FOLDED: Final[Parsed] = ("ACTION", None, _FOLD, None, None, False)
_CHECKED: Final[Parsed] = ("ACTION", None, _CHECK, None, None, False)
_MUCKED_HAND: Final[Parsed] = ("MUCKS", None, None, None, None, None)
_DOESNT_SHOW: Final[Parsed] = ("DOESNT_SHOW", None, None, None, None, None)


def _p_folds(args: str) -> Parsed | None:
    return None if args else _FOLDED


def _p_checks(args: str) -> Parsed | None:
    return None if args else _CHECKED


def _p_bets(args: str) -> Parsed | None:
    m = _BET.fullmatch(args)
    if m is None:
        return None
    sym, digits, all_in = m.groups()
    amount = Decimal(digits)
    return ("ACTION", sym, _BET_KIND, amount, amount, bool(all_in))


def _p_calls(args: str) -> Parsed | None:
    m = _BET.fullmatch(args)
    if m is None:
        return None
    sym, digits, all_in = m.groups()
    return ("ACTION", sym, _CALL, Decimal(digits), None, bool(all_in))


def _p_raises(args: str) -> Parsed | None:
    m = _RAISE.fullmatch(args)
    if m is None:
        return None
    sym1, by, sym2, to, all_in = m.groups()
    sym = sym1 if sym1 == sym2 else _MIXED_SYMBOLS
    return ("ACTION", sym, _RAISE_KIND, Decimal(by), Decimal(to), bool(all_in))


def _p_posts(args: str) -> Parsed | None:
    m = _POST.fullmatch(args)
    if m is None:
        return None
    kind, sym, digits, all_in = m.groups()
    return ("POST", sym, _POST_KIND[kind], Decimal(digits), bool(all_in), None)


# Card errors carry the column relative to the arguments; the caller shifts it.
def _p_discards(args: str) -> Parsed | None:
    m = _DISCARD.fullmatch(args)
    if m is None:
        return None
    count = int(m.group(1) or m.group(2))
    cards = None if m.group(3) is None else read_cards(m.group(3), m.start(3))
    return ("DRAW", None, count, cards, False, None)


def _p_stands(args: str) -> Parsed | None:
    m = _PAT.fullmatch(args)
    if m is None:
        return None
    cards = None if m.group(1) is None else read_cards(m.group(1), m.start(1))
    return ("DRAW", None, 0, None, True, cards)


def _p_shows(args: str) -> Parsed | None:
    m = _SHOWS.fullmatch(args)
    if m is None:
        return None
    return ("SHOWS", None, read_cards(m.group(1), m.start(1)), m.group(2), None, None)


def _p_mucks(args: str) -> Parsed | None:
    return _MUCKED_HAND if args == "hand" else None


def _p_doesnt(args: str) -> Parsed | None:
    return _DOESNT_SHOW if args == "show hand" else None


VERBS: Final[dict[str, Callable[[str], Parsed | None]]] = {
    "folds": _p_folds,
    "checks": _p_checks,
    "bets": _p_bets,
    "calls": _p_calls,
    "raises": _p_raises,
    "posts": _p_posts,
    "discards": _p_discards,
    "stands": _p_stands,
    "shows": _p_shows,
    "mucks": _p_mucks,
    "doesn't": _p_doesnt,
}
VERB_EXPECTED: Final = {
    "folds": "nothing after 'folds'",
    "checks": "nothing after 'checks'",
    "bets": "'bets $x [and is all-in]'",
    "calls": "'calls $x [and is all-in]'",
    "raises": "'raises $x to $y [and is all-in]'",
    "posts": "'posts small blind|big blind|the ante|small & big blinds $x [and is all-in]'",
    "discards": "'discards 1 card|N cards [[..]]'",
    "stands": "'stands pat [on [..]]'",
    "shows": "'shows [..] (description)'",
    "mucks": "'mucks hand'",
    "doesn't": "'doesn't show hand'",
}

# The cache of verb lines read. A value is a pure function of its key (symbols are checked
# against each hand, streets and players come from the hand), so nothing passes between hands
# but the reading itself. Bounded in entries and key length, so hostile input cannot grow it.
KNOWN: dict[str, Parsed] = {}
KNOWN_SIZE: Final = 4096
KNOWN_KEY: Final = 80


def clear_caches() -> None:
    """Forget every line read so far (for tests and measurements; never needed)."""
    KNOWN.clear()


def parse_verb(rest: str, column: int) -> Parsed | None:
    """What ``rest`` (``"<verb> <args>"``, starting at 1-based ``column``) says; None if it is
    not a verb line. Raises ``LineError`` for unreadable cards."""
    parsed = KNOWN.get(rest)
    if parsed is not None:
        return parsed
    verb, _, args = rest.partition(" ")
    parse = VERBS.get(verb)
    if parse is None:
        return None
    try:
        parsed = parse(args)
    except LineError as exc:
        exc.column += column + len(verb) + 1
        raise
    if parsed is not None and len(rest) <= KNOWN_KEY:
        if len(KNOWN) >= KNOWN_SIZE:
            KNOWN.clear()
        KNOWN[rest] = parsed
    return parsed


def symbol_error(rest: str, column: int, symbol: str) -> NoReturn:
    """Raise the error for a verb line whose amounts have the wrong currency symbol."""
    verb, _, args = rest.partition(" ")
    col = column + len(verb) + 1
    pattern = _POST if verb == "posts" else _RAISE if verb == "raises" else _BET
    m = pattern.fullmatch(args)
    if m is not None:
        if verb == "posts":
            money(m.group(2), m.group(3), symbol, col + m.start(2))
        else:
            money(m.group(1), m.group(2), symbol, col)
            if verb == "raises":
                money(m.group(3), m.group(4), symbol, col + m.start(3))
    raise AssertionError(f"no currency symbol error in {rest!r}")  # pragma: no cover
