"""The first lines of a PokerStars hand: the header, the table line and the seat lines."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from functools import lru_cache
from typing import Final
from zoneinfo import ZoneInfo

from histparse._records import builder
from histparse.events import Seat
from histparse.game import Game, LimitType
from histparse.sites.pokerstars.common import (
    DIGITS,
    MONEY,
    SYMBOL_CURRENCY,
    LineError,
    money,
)
from histparse.sites.pokerstars.wording import GAME_OF, LIMITS, from_roman

SITE: Final = "PokerStars"

# Longest first: " Pot Limit" and " No Limit" end with " Limit".
_LIMITS: Final = tuple(
    sorted(((" " + text, limit) for limit, text in LIMITS.items()), key=lambda p: -len(p[0]))
)

# Zones PokerStars prints; only used when a header has no bracketed ET copy.
_ZONES: Final = {
    "ET": "America/New_York",
    "UTC": "UTC",
    "GMT": "UTC",
    "WET": "Europe/Lisbon",
    "CET": "Europe/Paris",
    "EET": "Europe/Helsinki",
    "MSK": "Europe/Moscow",
    "PT": "America/Los_Angeles",
    "MT": "America/Denver",
    "CT": "America/Chicago",
    "AT": "America/Halifax",
    "NT": "America/St_Johns",
    "AKT": "America/Anchorage",
    "HT": "Pacific/Honolulu",
    "BRT": "America/Sao_Paulo",
    "ART": "America/Argentina/Buenos_Aires",
    "IST": "Asia/Kolkata",
    "CCT": "Asia/Shanghai",
    "JST": "Asia/Tokyo",
    "AWST": "Australia/Perth",
    "ACST": "Australia/Adelaide",
    "AEST": "Australia/Sydney",
    "NZT": "Pacific/Auckland",
}

HEADER_START: Final = re.compile(
    r"PokerStars (Home Game )?((?:Zoom )?(?:Game|Hand)) #(\d+):( {1,2})"
)
_MAX_ID: Final = 30  # digits of a hand number (histparse.parsing.reader.MAX_NUMBER_DIGITS)
_CLUB: Final = re.compile(r"\{([^{}]*)\} ")
_BUY_IN_AMOUNT: Final = r"[$€£]?" + DIGITS
_TOURNAMENT: Final = re.compile(
    r"Tournament #(\d{1,30}), ("
    + _BUY_IN_AMOUNT
    + r"(?:\+"
    + _BUY_IN_AMOUNT
    + r"){1,2})(?: ([A-Z]{3}))? "
)
_DATE: Final = r"(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2})"
_WHEN: Final = re.compile(r" - (" + _DATE + r") ([A-Za-z]{1,5})(?: \[(" + _DATE + r") ET\])?$")
_LEVEL: Final = re.compile(r"(?:Match Round ([IVXLCDM]+), )?Level ([IVXLCDM]+) \(([^()]*)\)")
_MIXED: Final = re.compile(r"([^()]+) \(([^()]+)\)")
_STAKES: Final = re.compile(MONEY + "/" + MONEY + r"(?: ([A-Z]{3}))?")
_BUY_IN_PART: Final = re.compile(MONEY)
_AMOUNT: Final = _BUY_IN_PART
_TABLE: Final = re.compile(
    r"Table '(.*)' (?:(\d{1,3})-max )?(?:\((Play Money|Real Money)\) )?"
    r"Seat #(\d{1,3}) is the button"
)
_SEAT: Final = re.compile(
    r"Seat (\d{1,3}): (.+) \("
    + MONEY
    + r" in chips(?:, "
    + MONEY
    + r" bounty)?\)(?:( is sitting out)| out of hand \(([^()]*)\))?"
)


@dataclass(slots=True)
class Header:
    """Everything the header line says (short-lived: copied into the ``Hand``)."""

    hand_id: str
    game: Game
    limit_type: LimitType
    stakes: tuple[Decimal, Decimal]
    currency: str | None
    is_play_money: bool
    is_tournament: bool
    tournament_id: str | None
    buy_in: tuple[Decimal, ...] | None
    buy_in_currency: str | None
    buy_in_symbol: str
    level: int | None
    match_round: int | None
    mixed_game: str | None
    is_home_game: bool
    club: str | None
    started_at: datetime
    header_word: str
    colon_gap: str
    local_time: str
    time_zone: str
    et_time: str | None
    money_symbol: str


@dataclass(frozen=True, slots=True)
class OtherGame:
    """A PokerStars header of a game this package does not parse."""

    hand_id: str
    game: str


@dataclass(frozen=True, slots=True)
class TableLine:
    """``Table 'Name' 6-max (Play Money) Seat #5 is the button``."""

    name: str
    max_seats: int | None
    money_tag: str | None
    button: int


def is_header(content: str) -> bool:
    """True if the line starts like a PokerStars header (cheap: used to split files)."""
    return content.startswith("PokerStars ") and HEADER_START.match(content) is not None


def _game_of(description: str) -> tuple[str, LimitType | None]:
    for suffix, limit in _LIMITS:
        if description.endswith(suffix):
            return description[: -len(suffix)], limit
    return description, None


@lru_cache(maxsize=64)
def _zone(name: str) -> ZoneInfo:
    return ZoneInfo(name)


def _timestamp(groups: Sequence[str | None], zone: str) -> datetime:
    year, month, day, hour, minute, second = [int(g or 0) for g in groups]
    try:
        return datetime(year, month, day, hour, minute, second, tzinfo=_zone(zone)).astimezone(UTC)
    except (ValueError, OverflowError) as exc:
        raise LineError(f"impossible date or time ({exc})", expected="a real date") from None


@dataclass(frozen=True, slots=True)
class _Middle:
    """What a header says between the hand number and the date: the same for every hand of a
    table or tournament, so it is read once (``_MIDDLES``)."""

    club: str | None
    tournament_id: str | None
    buy_in: tuple[Decimal, ...] | None
    buy_in_currency: str | None
    buy_in_symbol: str
    level: int | None
    match_round: int | None
    mixed_game: str | None
    game: Game
    limit: LimitType
    stakes: tuple[Decimal, Decimal]
    code: str | None
    symbol: str


# Bounded in entries and key length, so that hostile headers cannot grow it; a value (the
# reading of its key, or the name of an unsupported game) depends on nothing else.
_MIDDLES: dict[str, _Middle | str] = {}
_MIDDLES_SIZE: Final = 1024
_MIDDLE_KEY: Final = 300


def clear_header_cache() -> None:
    """Forget the header middles read so far (for tests and measurements)."""
    _MIDDLES.clear()


def parse_header(content: str) -> Header | OtherGame:
    """Read a header line (trailing whitespace already removed).

    Returns ``OtherGame`` for the games that are only counted; raises ``LineError`` when the
    line is not a header this parser understands.
    """
    start = HEADER_START.match(content)
    if start is None:
        raise LineError("not a PokerStars header line", expected="'PokerStars Game #<id>: ...'")
    home, word, hand_id, gap = start.groups()
    pos = start.end()
    if len(hand_id) > _MAX_ID:  # the reader says why (histparse.parsing.reader)
        raise LineError("hand number too long", column=start.start(3) + 1)
    if content[pos : pos + 1] == " ":
        raise LineError("too many spaces after the hand number", column=pos + 1)

    when = _WHEN.search(content, pos)
    if when is None:
        raise LineError(
            "header has no date",
            column=len(content) + 1,
            expected="' - YYYY/MM/DD H:MM:SS <zone>' at the end of the header",
        )
    middle_end = when.start()
    key = content[pos:middle_end]
    middle = _MIDDLES.get(key)
    if middle is None:
        middle = _parse_middle(content, pos, middle_end)
        if len(key) <= _MIDDLE_KEY:
            if len(_MIDDLES) >= _MIDDLES_SIZE:
                _MIDDLES.clear()
            _MIDDLES[key] = middle
    if isinstance(middle, str):
        return OtherGame(hand_id, middle)

    local_text, *local_fields = when.group(1, 2, 3, 4, 5, 6, 7)
    zone_name, et_text, *et_fields = when.group(8, 9, 10, 11, 12, 13, 14, 15)
    if et_text is not None:
        started_at = _timestamp(et_fields, _ZONES["ET"])
    else:
        zone = _ZONES.get(zone_name)
        if zone is None:
            raise LineError(
                f"unknown time zone {zone_name!r}",
                column=when.start(8) + 1,
                expected="a known zone or a bracketed ET time",
            )
        started_at = _timestamp(local_fields, zone)

    is_tournament = middle.tournament_id is not None
    return Header(
        hand_id=hand_id,
        game=middle.game,
        limit_type=middle.limit,
        stakes=middle.stakes,
        currency=middle.code,
        is_play_money=(
            (middle.code is None) if not is_tournament else middle.buy_in_currency is None
        ),
        is_tournament=is_tournament,
        tournament_id=middle.tournament_id,
        buy_in=middle.buy_in,
        buy_in_currency=middle.buy_in_currency,
        buy_in_symbol=middle.buy_in_symbol,
        level=middle.level,
        match_round=middle.match_round,
        mixed_game=middle.mixed_game,
        is_home_game=home is not None,
        club=middle.club,
        started_at=started_at,
        header_word=word,
        colon_gap=gap,
        local_time=local_text,
        time_zone=zone_name,
        et_time=et_text,
        money_symbol="" if is_tournament else middle.symbol,
    )


def _parse_middle(content: str, pos: int, middle_end: int) -> _Middle | str:
    """Read ``content[pos:middle_end]``, the header between the hand number and the date
    (columns count from the start of ``content``); a str names an unsupported game."""
    club = None
    m = _CLUB.match(content, pos, middle_end)
    if m is not None:
        club = m.group(1)
        pos = m.end()

    tournament_id = None
    buy_in: tuple[Decimal, ...] | None = None
    buy_in_currency = None
    buy_in_symbol = ""
    m = _TOURNAMENT.match(content, pos, middle_end)
    if m is not None:
        tournament_id = m.group(1)
        parts = m.group(2).split("+")
        symbols = set()
        amounts = []
        for part in parts:
            pm = _BUY_IN_PART.fullmatch(part)
            if pm is None:  # pragma: no cover - the tournament regex already checked the shape
                raise LineError("bad buy-in", column=m.start(2) + 1)
            symbols.add(pm.group(1))
            amounts.append(Decimal(pm.group(2)))
        if len(symbols) != 1:
            raise LineError("buy-in parts have different currency symbols", column=m.start(2) + 1)
        buy_in_symbol = symbols.pop()
        buy_in = tuple(amounts)
        buy_in_currency = m.group(3)
        if (buy_in_symbol == "") != (buy_in_currency is None) or (
            buy_in_currency is not None and SYMBOL_CURRENCY[buy_in_symbol] != buy_in_currency
        ):
            raise LineError(
                "buy-in currency symbol and code disagree",
                column=m.start(2) + 1,
                expected="'$1.40+$0.10 USD' or play chips '100+9'",
            )
        pos = m.end()

    middle = content[pos:middle_end]
    level = match_round = None
    if tournament_id is not None:
        description, sep, level_text = middle.rpartition(" - ")
        lm = _LEVEL.fullmatch(level_text) if sep else None
        if lm is None:
            if not looks_supported(middle):
                return middle
            raise LineError(
                "tournament header without a level",
                column=pos + 1,
                expected="'<game> - [Match Round R, ]Level L (a/b)'",
            )
        try:
            match_round = from_roman(lm.group(1)) if lm.group(1) else None
            level = from_roman(lm.group(2))
        except ValueError as exc:
            raise LineError(str(exc), column=pos + len(description) + 4) from None
        stakes_text = lm.group(3)
        stakes_col = pos + len(description) + 3 + lm.start(3) + 1
        mixed = _MIXED.fullmatch(description)
        mixed_game = None
        if mixed is not None:
            mixed_game, description = mixed.groups()
    else:
        mixed = _MIXED.fullmatch(middle)
        if mixed is None:
            if not looks_supported(middle):
                return middle
            raise LineError(
                "cash header without stakes",
                column=pos + 1,
                expected="'<game> <limit> ($x/$y USD)'",
            )
        description, stakes_text = mixed.groups()
        stakes_col = pos + mixed.start(2) + 1
        mixed_game = None
        game_part, comma, rest = stakes_text.partition(", ")
        if comma:
            mixed_game, description, stakes_text = description, game_part, rest
            stakes_col += len(game_part) + 2

    game_name, limit = _game_of(description)
    game = GAME_OF.get(game_name)
    if game is None or limit is None:
        near = _near_supported(description)
        if near is not None:
            raise LineError(
                f"unknown game {description[:80]!r}, {near[0]} {near[1]!r}",
                column=pos + 1,
                expected="a game name exactly as PokerStars writes it",
            )
        return description if mixed_game is None else f"{mixed_game} ({description})"

    sm = _STAKES.fullmatch(stakes_text)
    if sm is None:
        raise LineError("bad stakes", column=stakes_col, expected="'$0.10/$0.20 USD' or '20/40'")
    sym1, small, sym2, big, code = sm.groups()
    if sym1 != sym2:
        raise LineError("stakes have different currency symbols", column=stakes_col)
    if (sym1 == "") != (code is None) or (code is not None and SYMBOL_CURRENCY[sym1] != code):
        raise LineError(
            "stakes currency symbol and code disagree",
            column=stakes_col,
            expected="'$0.10/$0.20 USD' or chips '20/40'",
        )
    if tournament_id is not None and code is not None:
        raise LineError("tournament stakes are chips", column=stakes_col, expected="'20/40'")
    return _Middle(
        club,
        tournament_id,
        buy_in,
        buy_in_currency,
        buy_in_symbol,
        level,
        match_round,
        mixed_game,
        game,
        limit,
        (Decimal(small), Decimal(big)),
        code,
        sym1,
    )


# Every supported game as a header names it ("Triple Draw 2-7 Lowball Limit").
_SUPPORTED_NAMES: Final = tuple(f"{name}{suffix}" for name in GAME_OF for suffix, _ in _LIMITS)


def _near_supported(description: str) -> tuple[str, str] | None:
    """How a game name that is not supported is close to one that is (one typo away, or
    holding it), or None: such a header is a damaged hand, not another game."""
    for name in _SUPPORTED_NAMES:
        if name in description:
            return "which holds", name
    for name in _SUPPORTED_NAMES:
        if _one_edit(description, name):
            return "one typo from", name
    return None


def _one_edit(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` differ by exactly one inserted, deleted, replaced or swapped
    character."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    if len(a) == len(b):
        if a[i + 1 :] == b[i + 1 :]:
            return True
        return a[i : i + 2] == b[i : i + 2][::-1] and a[i + 2 :] == b[i + 2 :]
    if len(a) > len(b):
        return a[i + 1 :] == b[i:]
    return a[i:] == b[i + 1 :]


def looks_supported(text: str) -> bool:
    """Whether ``text`` names a supported game, or one typo from one (a damaged header)."""
    if any(name in text for name in GAME_OF):
        return True
    text = text[:200]
    for name in GAME_OF:
        n = len(name)
        for i in range(len(text) - n + 2):
            if any(_one_edit(text[i : i + n + d], name) for d in (-1, 0, 1)):
                return True
    return False


_GAME_LABEL: Final = 60


# Words that every game name PokerStars prints holds one of (a betting structure or a game).
_GAME_WORDS: Final = ("Limit", "Hold'em", "Omaha", "Stud", "Razz", "Badugi", "Draw", "HORSE")


def names_another_game(content: str) -> bool:
    """Whether a header that could not be read is still another game's: it ends with a date,
    as every real header does, or names a game; ``PokerStars Hand #1: AAAA`` is a damaged
    hand, not a game to count as unsupported."""
    if _WHEN.search(content) is not None:
        return True
    start = HEADER_START.match(content)
    rest = content[start.end() :] if start else content
    return any(word in rest for word in _GAME_WORDS)


def game_of_header(content: str) -> str:
    """A best-effort game name for a header that could not be parsed (for counting)."""
    start = HEADER_START.match(content)
    rest = content[start.end() :] if start else content
    when = _WHEN.search(rest)
    game = (rest[: when.start()] if when else rest).strip() or "unknown"
    # Real game names are short; a garbage header must not make a huge label.
    return game if len(game) <= _GAME_LABEL else game[: _GAME_LABEL - 1] + "…"


def parse_table(content: str) -> TableLine:
    """Read the table line."""
    m = _TABLE.fullmatch(content)
    if m is None:
        raise LineError(
            "not a table line", expected="\"Table '<name>' <n>-max Seat #<n> is the button\""
        )
    name, max_seats, tag, button = m.groups()
    return TableLine(name, int(max_seats) if max_seats else None, tag, int(button))


_new_seat: Final = builder(
    Seat, "seat", "player", "stack", "sitting_out", "out_of_hand", "bounty", "line", "trailing"
)


def parse_seat(
    content: str, symbol: str, bounty_symbol: str, line: int, trailing: str
) -> Seat | None:
    """Read a seat line (chip amounts with ``symbol``, a bounty with ``bounty_symbol``); None
    if the line is not a seat line."""
    if content.endswith(" in chips)") and content.startswith("Seat "):
        # The usual "Seat N: <name> ($x in chips)", read without the general expression: the
        # name runs to the last " (", as the expression's greedy name would.
        head, paren, amount = content[:-10].rpartition(" (")
        number, colon, player = head[5:].partition(": ")
        m = _AMOUNT.fullmatch(amount) if paren and colon and player else None
        if m is not None and 0 < len(number) <= 3 and number.isdecimal():
            chips = money(m.group(1), m.group(2), symbol, len(head) + 3)
            return _new_seat(int(number), player, chips, False, None, None, line, trailing)
    return parse_seat_fully(content, symbol, bounty_symbol, line, trailing)


def parse_seat_fully(
    content: str, symbol: str, bounty_symbol: str, line: int, trailing: str
) -> Seat | None:
    """``parse_seat`` through the general expression only (every form of seat line)."""
    m = _SEAT.fullmatch(content)
    if m is None:
        return None
    seat, player, sym, stack, bsym, bounty, sitting, out_of_hand = m.groups()
    return _new_seat(
        int(seat),
        player,
        money(sym, stack, symbol, m.start(3) + 1),
        sitting is not None,
        out_of_hand,
        None if bounty is None else money(bsym, bounty, bounty_symbol, m.start(5) + 1),
        line,
        trailing,
    )
