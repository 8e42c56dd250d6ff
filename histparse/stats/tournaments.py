"""PokerStars and Full Tilt tournament summaries (``PokerStars Tournament #N, ...`` and
``Full Tilt Poker Tournament Summary ...`` files) read into tournament results: buy-in, fee,
entries, finish and prize per player, and ROI.

A PokerStars summary lists every finisher (``  5: name [2] (Country), $11,267.10 (7.77%)``;
``[2]`` marks a re-entry, so a player finishing twice has two entries); ``You finished in 1st
place`` names the hero's finish when the hero is not listed by name. A Full Tilt summary
(FORMATS-SITES §1.13) lists ``1: Player0, $19.20`` and ``2: Hero`` (no prize), with ``Buy-In:
$9.60 + $0.40`` and ``OrangeWater finished in 2nd place`` (the file's owner, by a name the
anonymiser may have left: read as the hero's place). Its rebuys and add-ons are counted per
tournament, not per player, so a player's cost is one buy-in and fee. Money is exact
(``Decimal``), in the buy-in's currency (``USD``) or ``play money`` for a buy-in without one.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_EVEN, Decimal

from histparse.stats.units import PLAY_MONEY
from histparse.textio import decoded_lines

__all__ = [
    "Finish",
    "SummaryError",
    "TournamentResult",
    "TournamentSummary",
    "read_summary",
    "tournament_results",
]

_HEADER = re.compile(r"PokerStars Tournament #(\d+), (.+?)\s*$")
_BUY_IN = re.compile(r"Buy-In: (\D*?)([\d.,]+)/(\D*?)([\d.,]+)(?: ([A-Z]{3}))?\s*$")
_PLAYERS = re.compile(r"(\d+) players\s*$")
_POOL = re.compile(r"Total Prize Pool: \D*?([\d.,]+)")
_PLACE = re.compile(
    r"\s*(\d+): (.+?)(?: \[(\d+)\])? \(([^()]*)\),\s*(?:\D*?([\d.,]+)(?: \(([\d.]+)%\))?)?\s*$"
)
_YOU = re.compile(r"You finished in (\d+)(?:st|nd|rd|th) place")
# Full Tilt (FORMATS-SITES §1.13): the game follows the id, in the reverse order of a hand's
# header ("2-7 Triple Draw Limit").
_FT_HEADER = re.compile(r"Full Tilt Poker Tournament Summary (.+?) \((\d{1,20})\) (.+?)\s*$")
_FT_BUY_IN = re.compile(r"Buy-In: (\$?)([\d.,]{1,40}) \+ \$?([\d.,]{1,40})\s*$")
_FT_ENTRIES = re.compile(r"(\d{1,7}) Entries\s*$")
_FT_PLACE = re.compile(r"(\d{1,7}): (.+?)(?:, \$?([\d.,]{1,40}))?\s*$")
_FT_FINISHED = re.compile(r"(.+?) finished in (\d{1,7})(?:st|nd|rd|th) place\s*$")
_DOLLAR = "USD"


class SummaryError(ValueError):
    """A file that is not a PokerStars tournament summary (names the file and line)."""


def _amount(text: str) -> Decimal:
    return Decimal(text.replace(",", ""))


@dataclass(frozen=True, slots=True)
class Finish:
    """One finisher: place, player, entry number (1, or the re-entry's ``[n]``), prize."""

    place: int
    player: str
    entry: int
    prize: Decimal


@dataclass(frozen=True, slots=True)
class TournamentSummary:
    """What a summary file says: id, game, buy-in (prize-pool part) and fee, unit, entries,
    prize pool, the finishers, and the hero's place (``You finished``) when printed."""

    tournament_id: str
    game: str
    buy_in: Decimal
    fee: Decimal
    unit: str
    entries: int
    prize_pool: Decimal
    finishes: tuple[Finish, ...]
    hero_place: int | None
    path: str


@dataclass(frozen=True, slots=True)
class TournamentResult:
    """One player's result in one tournament: entries (1 + re-entries), cost
    (``entries x (buy_in + fee)``), best place, prize (every entry's), profit and ROI
    (``profit / cost``, rounded to 0.0001)."""

    tournament_id: str
    game: str
    unit: str
    player: str
    buy_in: Decimal
    fee: Decimal
    entries: int
    place: int
    prize: Decimal
    cost: Decimal
    profit: Decimal
    roi: Decimal | None


def read_summary(path: str | os.PathLike[str]) -> TournamentSummary:
    """Read one summary file; ``SummaryError`` when it is not one."""
    name = os.fspath(path)
    # Decoded as hand files are: Full Tilt's summaries are UTF-16 or ASCII.
    lines = [line.rstrip("\r\n").lstrip("\ufeff") for line in decoded_lines(name)]
    if lines and lines[0].startswith("Full Tilt Poker Tournament Summary "):
        return _full_tilt(name, lines)
    if not lines or not (m := _HEADER.match(lines[0])):
        raise SummaryError(f"{name}:1: not a PokerStars or Full Tilt tournament summary")
    tid, game = m.group(1), m.group(2)
    got = _Fields()
    for n, line in enumerate(lines[1:], 2):
        if b := _BUY_IN.match(line):
            got.buy_in, got.fee = _amount(b.group(2)), _amount(b.group(4))
            got.unit = b.group(5) or PLAY_MONEY
        elif p := _PLAYERS.match(line):
            got.entries = int(p.group(1))
        elif q := _POOL.match(line):
            got.pool = _amount(q.group(1))
        elif y := _YOU.search(line):
            got.hero_place = int(y.group(1))
        elif line.startswith("  ") and (r := _PLACE.match(line)):
            prize = _amount(r.group(5)) if r.group(5) else Decimal(0)
            got.finishes.append(Finish(int(r.group(1)), r.group(2), int(r.group(3) or 1), prize))
        elif line.startswith("  ") and line.strip()[:1].isdigit():
            raise SummaryError(f"{name}:{n}: unreadable place line: {line.strip()!r}")
    return got.summary(tid, game, name)


@dataclass(slots=True)
class _Fields:
    """What a summary's lines say, filled in as they are read."""

    buy_in: Decimal = Decimal(0)
    fee: Decimal = Decimal(0)
    unit: str = PLAY_MONEY
    entries: int = 0
    pool: Decimal = Decimal(0)
    finishes: list[Finish] = field(default_factory=list)
    hero_place: int | None = None

    def summary(self, tid: str, game: str, name: str) -> TournamentSummary:
        return TournamentSummary(
            tid,
            game,
            self.buy_in,
            self.fee,
            self.unit,
            self.entries,
            self.pool,
            tuple(self.finishes),
            self.hero_place,
            name,
        )


def _full_tilt(name: str, lines: list[str]) -> TournamentSummary:
    """A Full Tilt summary (``read_summary``)."""
    m = _FT_HEADER.match(lines[0])
    if m is None:
        raise SummaryError(f"{name}:1: unreadable Full Tilt tournament summary header")
    tid, game = m.group(2), m.group(3)
    got = _Fields()
    for n, line in enumerate(lines[1:], 2):
        if line.startswith("Buy-In: "):
            if (b := _FT_BUY_IN.match(line)) is None:
                raise SummaryError(f"{name}:{n}: unreadable buy-in: {line.strip()!r}")
            got.buy_in, got.fee = _amount(b.group(2)), _amount(b.group(3))
            got.unit = _DOLLAR if b.group(1) else PLAY_MONEY
        elif e := _FT_ENTRIES.match(line):
            got.entries = int(e.group(1))
        elif q := _POOL.match(line):
            got.pool = _amount(q.group(1))
        elif line[:1].isdigit() and (r := _FT_PLACE.match(line)):
            prize = _amount(r.group(3)) if r.group(3) else Decimal(0)
            got.finishes.append(Finish(int(r.group(1)), r.group(2), 1, prize))
        elif y := _FT_FINISHED.match(line):
            got.hero_place = int(y.group(2))
    return got.summary(tid, game, name)


def tournament_results(
    summaries: Iterable[TournamentSummary], players: str | Sequence[str] | None = None
) -> list[TournamentResult]:
    """Each player's result in each tournament (all players, or ``players``), by tournament
    then place."""
    wanted = {players} if isinstance(players, str) else set(players or ())
    out: list[TournamentResult] = []
    for s in summaries:
        by_player: dict[str, list[Finish]] = {}
        for f in s.finishes:
            if not wanted or f.player in wanted:
                by_player.setdefault(f.player, []).append(f)
        for player, fs in by_player.items():
            entries = max(f.entry for f in fs)
            cost = (s.buy_in + s.fee) * entries
            prize = sum((f.prize for f in fs), Decimal(0))
            profit = prize - cost
            roi = (profit / cost).quantize(Decimal("0.0001"), ROUND_HALF_EVEN) if cost else None
            out.append(
                TournamentResult(
                    s.tournament_id,
                    s.game,
                    s.unit,
                    player,
                    s.buy_in,
                    s.fee,
                    entries,
                    min(f.place for f in fs),
                    prize,
                    cost,
                    profit,
                    roi,
                )
            )
    out.sort(key=lambda r: (r.tournament_id, r.place))
    return out
