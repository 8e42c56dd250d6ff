"""The header line of a Full Tilt hand (FORMATS-SITES §1.4), both dialects.

``Full Tilt Poker Game #<id>: [<tournament> (<id>), ]Table <name>[ (<attributes>)] - <stakes>
[ Ante <a>] - <Limit|No Limit|Pot Limit> <game> - <time> <TZ> - <date>[ [<time> ET - <date>]]
[ (partial)]``; the archive export writes ``FullTiltPoker Game #``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from functools import lru_cache
from typing import Final
from zoneinfo import ZoneInfo

from histparse.game import Game, LimitType

__all__ = ["ARCHIVE", "CLIENT", "Header", "HeaderError", "OtherGame", "parse_header"]

# The site as Hand.site, the tables and the export partitions name it (site=FullTilt).
SITE: Final = "FullTilt"
CLIENT: Final = "Full Tilt Poker Game #"
ARCHIVE: Final = "FullTiltPoker Game #"

# An amount as Full Tilt writes it: thousands separated by commas, no leading zero; at most
# 30 digits before and 30 after the point (histparse.parsing.reader.MAX_NUMBER_DIGITS): a
# longer number is no amount any site writes, and the reader rejects its line saying so.
AMOUNT: Final = r"(?:0|[1-9]\d{0,2}(?:,\d{3}){0,9})(?:\.\d{1,30})?"
MONEY: Final = r"(\$?)(" + AMOUNT + r")"

_HEADER: Final = re.compile(
    r"(Full Tilt Poker|FullTiltPoker) Game #(\d{1,20}): "
    r"(?:(.{1,120}?) \((\d{1,20})\), )?"
    r"Table (.{1,80}?)(?: \(([^()]{1,40})\))? - "
    + MONEY
    + "/"
    + MONEY
    + r"(?: Ante "
    + MONEY
    + r")? - (Limit|No Limit|Pot Limit) (.{1,40}?) - "
    r"(\d{1,2}):(\d{2}):(\d{2}) ([A-Z]{1,5}) - (\d{4})/(\d{2})/(\d{2})"
    r"(?: \[(\d{1,2}):(\d{2}):(\d{2}) ET - (\d{4})/(\d{2})/(\d{2})\])?( \(partial\))?"
)
_GAMES: Final = {"2-7 Triple Draw": Game.TRIPLE_DRAW_27, "2-7 Single Draw": Game.SINGLE_DRAW_27}
_LIMITS: Final = {
    "Limit": LimitType.FIXED,
    "No Limit": LimitType.NO_LIMIT,
    "Pot Limit": LimitType.POT,
}
_ZONES: Final = {
    "ET": "America/New_York",
    "CET": "Europe/Paris",
    "GMT": "UTC",
    "UTC": "UTC",
    "WET": "Europe/Lisbon",
    "EET": "Europe/Helsinki",
    "PT": "America/Los_Angeles",
    "MT": "America/Denver",
    "CT": "America/Chicago",
    "AT": "America/Halifax",
}
# Any game name, for counting the hands of games not parsed (a header we cannot read).
_ANY_GAME: Final = re.compile(
    r" - (?:\$?[\d,.]+/\$?[\d,.]+(?: Ante \$?[\d,.]+)? - )?"
    r"((?:Limit|No Limit|Pot Limit|FL|NL|PL) (?:2-7 |A-5 )?[^-]{1,40}?) - "
)


class HeaderError(Exception):
    """A header that cannot be read."""

    def __init__(self, message: str, column: int = 1) -> None:
        super().__init__(message)
        self.message = message
        self.column = column


# Amounts repeat from line to line and hand to hand (blinds, bets, stacks): each text is
# converted once. Bounded, since input is untrusted.
_AMOUNTS: dict[str, Decimal] = {}
_AMOUNTS_SIZE: Final = 4096


def amount(text: str) -> Decimal:
    """``1,500.50`` as a Decimal (written scale kept)."""
    value = _AMOUNTS.get(text)
    if value is None:
        value = Decimal(text.replace(",", ""))
        if len(_AMOUNTS) >= _AMOUNTS_SIZE:
            _AMOUNTS.clear()
        _AMOUNTS[text] = value
    return value


@dataclass(frozen=True, slots=True)
class Header:
    """What a Full Tilt header says."""

    hand_id: str
    archive: bool
    game: Game
    limit_type: LimitType
    stakes: tuple[Decimal, Decimal]
    ante: Decimal | None
    money_symbol: str
    tournament: str | None
    tournament_id: str | None
    table_name: str
    attributes: str | None
    started_at: datetime
    partial: bool

    @property
    def max_seats(self) -> int | None:
        """``6 max`` -> 6, ``heads up`` -> 2."""
        a = self.attributes
        if a is None:
            return None
        if a == "heads up":
            return 2
        m = re.fullmatch(r"(\d{1,2}) max", a)
        return int(m.group(1)) if m else None


@dataclass(frozen=True, slots=True)
class OtherGame:
    """The header of a game histparse does not parse."""

    hand_id: str | None
    game: str


@lru_cache(maxsize=16)
def _zone(name: str) -> ZoneInfo:
    return ZoneInfo(name)


def _when(groups: tuple[str, ...], zone: str) -> datetime:
    hour, minute, second, year, month, day = (int(g) for g in groups)
    try:
        return datetime(year, month, day, hour, minute, second, tzinfo=_zone(zone)).astimezone(UTC)
    except ValueError as exc:
        raise HeaderError(f"impossible date or time ({exc})") from None


def game_of_header(content: str) -> str:
    """The game a header names, for counting it (``unknown`` if it names none)."""
    m = _ANY_GAME.search(content)
    return m.group(1) if m else "unknown"


def parse_header(content: str) -> Header | OtherGame:
    """Read a header; ``OtherGame`` for games other than 2-7 Triple and Single Draw."""
    m = _HEADER.fullmatch(content)
    if m is None:
        named = game_of_header(content)
        if "2-7" in named:
            raise HeaderError("cannot read the Full Tilt header line")
        hid = re.match(r"\D*#(\d{1,30})", content)
        return OtherGame(hid.group(1) if hid else None, named)
    g = m.groups()
    limit_word, game_word = g[12], g[13]
    game = _GAMES.get(game_word)
    if game is None:
        return OtherGame(g[1], f"{limit_word} {game_word}")
    if g[6] != g[8] or (g[11] is not None and g[10] != g[6]):
        raise HeaderError("the stakes mix currencies", column=content.find(" - ") + 4)
    zone_name = g[17]
    if g[21] is not None:
        started = _when((*g[21:24], *g[24:27]), "America/New_York")
    else:
        zone = _ZONES.get(zone_name)
        if zone is None:
            raise HeaderError(f"unknown time zone {zone_name!r}")
        started = _when((*g[14:17], *g[18:21]), zone)
    return Header(
        hand_id=g[1],
        archive=g[0] == "FullTiltPoker",
        game=game,
        limit_type=_LIMITS[limit_word],
        stakes=(amount(g[7]), amount(g[9])),
        ante=None if g[11] is None else amount(g[11]),
        money_symbol=g[6],
        tournament=g[2],
        tournament_id=g[3],
        table_name=g[4],
        attributes=g[5],
        started_at=started,
        partial=g[27] is not None,
    )
