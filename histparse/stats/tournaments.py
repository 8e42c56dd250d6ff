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

``read_tournaments(paths)`` reads every summary under the paths into one row per player and
tournament; ``tournament_stats`` sums those rows per player and tournament type (site, game,
buy-in and fee, unit): entries, cost, prizes, net, ROI, ITM and average finish, never adding
two units (docs/stats.md, "Tournaments").
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from typing import Final

import pandas as pd

from histparse import sites
from histparse.parsing import expand_paths
from histparse.stats.units import PLAY_MONEY
from histparse.textio import PathArg, decoded_lines

__all__ = [
    "RESULT_COLUMNS",
    "STATS_COLUMNS",
    "Finish",
    "SummaryError",
    "TournamentResult",
    "TournamentSummary",
    "distinct",
    "is_summary_start",
    "read_summaries",
    "read_summary",
    "read_tournaments",
    "results_frame",
    "tournament_results",
    "tournament_stats",
    "who_played",
]

# The sites' names (``Hand.site``; generic code reaches a site only through the registry, so
# they are written here: a test keeps them equal).
PS_SITE: Final = "PokerStars"
FT_SITE: Final = "FullTilt"
_PS_START: Final = "PokerStars Tournament #"
_FT_START: Final = "Full Tilt Poker Tournament Summary "
_RATIO: Final = Decimal("0.0001")
_CENT: Final = Decimal("0.01")

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
    site: str = PS_SITE
    line: int = 1  # the file's line the summary starts on
    owner: str | None = None  # Full Tilt's "NAME finished in Nth place"

    def hero(self) -> str | None:
        """The file owner's name among the finishers: Full Tilt's ``NAME finished`` when NAME
        is listed, else the one finisher at the hero's place (``You finished in 1st place``);
        None when the summary does not say, or two finishers share that place."""
        names = {f.player for f in self.finishes}
        if self.owner is not None and self.owner in names:
            return self.owner
        at = {f.player for f in self.finishes if f.place == self.hero_place}
        return next(iter(at)) if len(at) == 1 else None


@dataclass(frozen=True, slots=True)
class TournamentResult:
    """One player's result in one tournament: entries (1 + re-entries), cost
    (``entries x (buy_in + fee)``), best place, prize (every entry's), cashes (entries with a
    prize), profit and ROI (``profit / cost``, rounded to 0.0001)."""

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
    site: str = PS_SITE
    cashes: int = 0


def read_summary(path: str | os.PathLike[str]) -> TournamentSummary:
    """Read one summary file; ``SummaryError`` when it is not one."""
    name = os.fspath(path)
    for first, block in _blocks(name):
        if first != 1:
            break
        return _block(name, block, first)
    raise SummaryError(f"{name}:1: not a PokerStars or Full Tilt tournament summary")


def read_summaries(
    path: str | os.PathLike[str], errors: list[SummaryError] | None = None
) -> list[TournamentSummary]:
    """Every summary in a file, in order: none for a file of hands; a file may hold several
    summaries, or hands and summaries (a summary ends where the next summary or hand starts).
    ``SummaryError`` for a summary that cannot be read, or, given ``errors``, appended to it
    and the summary left out (the others are read)."""
    name = os.fspath(path)
    out: list[TournamentSummary] = []
    for first, block in _blocks(name):
        try:
            out.append(_block(name, block, first))
        except SummaryError as exc:
            if errors is None:
                raise
            errors.append(exc)
    return out


def is_summary_start(line: str) -> bool:
    """Whether ``line`` is the first line of a PokerStars or Full Tilt tournament summary."""
    return line.lstrip("\ufeff").startswith((_PS_START, _FT_START))


def _blocks(name: str) -> Iterator[tuple[int, list[str]]]:
    """Each summary's first line number and lines. A summary ends at the next line that
    starts a hand or a summary of any site (the registry's first lines). The file is read a
    line at a time (decoded as hand files are: Full Tilt's summaries are UTF-16 or ASCII), and
    only a summary's lines are kept."""
    block: list[str] | None = None
    first = 0
    for n, raw in enumerate(decoded_lines(name), 1):
        line = raw.rstrip("\r\n").lstrip("\ufeff")
        if line.startswith((_PS_START, _FT_START)):
            if block is not None:
                yield first, block
            block, first = [line], n
        elif block is not None:
            if sites.site_for(line.rstrip()) is not None:
                yield first, block
                block = None
            else:
                block.append(line)
    if block is not None:
        yield first, block


def _block(name: str, lines: list[str], first: int) -> TournamentSummary:
    """The summary in ``lines`` (the file's line ``first`` onwards)."""
    if lines[0].startswith(_FT_START):
        return _full_tilt(name, lines, first)
    if not (m := _HEADER.match(lines[0])):
        raise SummaryError(f"{name}:{first}: unreadable PokerStars tournament summary header")
    tid, game = m.group(1), m.group(2)
    got = _Fields()
    for n, line in enumerate(lines[1:], first + 1):
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
    return got.summary(PS_SITE, tid, game, name, first)


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
    owner: str | None = None

    def summary(self, site: str, tid: str, game: str, name: str, line: int) -> TournamentSummary:
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
            site=site,
            line=line,
            owner=self.owner,
        )


def _full_tilt(name: str, lines: list[str], first: int) -> TournamentSummary:
    """A Full Tilt summary (``read_summary``)."""
    m = _FT_HEADER.match(lines[0])
    if m is None:
        raise SummaryError(f"{name}:{first}: unreadable Full Tilt tournament summary header")
    tid, game = m.group(2), m.group(3)
    got = _Fields()
    for n, line in enumerate(lines[1:], first + 1):
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
            got.owner, got.hero_place = y.group(1), int(y.group(2))
    return got.summary(FT_SITE, tid, game, name, first)


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
            # Zero as the cost writes it (0.00 beside 1050.00), not a bare 0.
            prize = sum((f.prize for f in fs), cost * 0)
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
                    s.site,
                    sum(1 for f in fs if f.prize > 0),
                )
            )
    out.sort(key=lambda r: (r.site, r.tournament_id, r.place))
    return out


def distinct(summaries: Sequence[TournamentSummary]) -> tuple[list[TournamentSummary], int]:
    """The summaries with each tournament once (site and id: the first read is kept), and how
    many repeats were left out (the same summary given twice would count its entries twice)."""
    seen: set[tuple[str, str]] = set()
    kept: list[TournamentSummary] = []
    for s in summaries:
        key = (s.site, s.tournament_id)
        if key not in seen:
            seen.add(key)
            kept.append(s)
    return kept, len(summaries) - len(kept)


def who_played(
    summaries: Iterable[TournamentSummary], players: Sequence[str] | None = None
) -> list[TournamentResult]:
    """The results a report shows: ``players``' (exact names) when given; else each
    summary's hero (``TournamentSummary.hero``), or every finisher of a summary that names
    no hero."""
    if players:
        return tournament_results(summaries, players)
    out: list[TournamentResult] = []
    for s in summaries:
        hero = s.hero()
        out.extend(tournament_results([s], hero) if hero is not None else tournament_results([s]))
    return out


# One row per player and tournament (``results_frame``).
RESULT_COLUMNS: Final = (
    "player", "site", "tournament_id", "game", "unit", "buy_in", "fee", "entries", "place",
    "prize", "cashes", "cost", "net", "roi",
)  # fmt: skip
# One row per player and tournament type (``tournament_stats``).
STATS_COLUMNS: Final = (
    "player", "site", "game", "unit", "buy_in", "fee", "tournaments", "entries", "cost",
    "prizes", "net", "roi", "cashes", "itm", "average_finish",
)  # fmt: skip


def results_frame(results: Iterable[TournamentResult]) -> pd.DataFrame:
    """``TournamentResult`` rows as a DataFrame (``RESULT_COLUMNS``; money, ``roi`` as exact
    ``Decimal`` objects, ``roi`` None without a cost), by player, site, tournament."""
    rows: list[dict[str, object]] = [
        {
            "player": r.player,
            "site": r.site,
            "tournament_id": r.tournament_id,
            "game": r.game,
            "unit": r.unit,
            "buy_in": r.buy_in,
            "fee": r.fee,
            "entries": r.entries,
            "place": r.place,
            "prize": r.prize,
            "cashes": r.cashes,
            "cost": r.cost,
            "net": r.profit,
            "roi": r.roi,
        }
        for r in sorted(results, key=lambda r: (r.player, r.site, r.tournament_id))
    ]
    return _frame(rows, RESULT_COLUMNS)


def _frame(rows: list[dict[str, object]], columns: Sequence[str]) -> pd.DataFrame:
    frame = pd.DataFrame(rows, columns=list(columns))
    for c in ("entries", "place", "cashes", "tournaments"):
        if c in frame:
            frame[c] = frame[c].astype("int64")
    return frame


def tournament_stats(results: pd.DataFrame) -> pd.DataFrame:
    """A ``results_frame`` summed per player and tournament type (site, game, unit, buy-in,
    fee): ``tournaments``, ``entries`` (re-entries counted), ``cost`` (``buy_in + fee`` per
    entry), ``prizes``, ``net``, ``roi`` (``net / cost``), ``cashes`` (entries paid a prize),
    ``itm`` (``cashes / entries``) and ``average_finish`` (the mean of each tournament's place).
    Money is exact, in the row's ``unit``: two units are never in one row. The ratios are
    ``Decimal`` rounded half-even to 0.0001, ``average_finish`` to 0.01; ``roi`` is None
    without a cost (a freeroll)."""
    keys = ("player", "site", "game", "unit", "buy_in", "fee")
    groups: dict[tuple[object, ...], list[dict[str, object]]] = {}
    for rec in results.to_dict("records"):
        named = {str(k): v for k, v in rec.items()}
        groups.setdefault(tuple(named[k] for k in keys), []).append(named)
    rows: list[dict[str, object]] = []
    for key, recs in groups.items():
        cost = sum((_dec(r["cost"]) for r in recs), Decimal(0))
        prizes = sum((_dec(r["prize"]) for r in recs), cost * 0)
        entries = sum(_int(r["entries"]) for r in recs)
        cashes = sum(_int(r["cashes"]) for r in recs)
        places = Fraction(sum(_int(r["place"]) for r in recs), len(recs))
        net = prizes - cost
        row: dict[str, object] = dict(zip(keys, key, strict=True))
        row |= {
            "tournaments": len(recs),
            "entries": entries,
            "cost": cost,
            "prizes": prizes,
            "net": net,
            "roi": (net / cost).quantize(_RATIO, ROUND_HALF_EVEN) if cost else None,
            "cashes": cashes,
            "itm": (Decimal(cashes) / Decimal(entries)).quantize(_RATIO, ROUND_HALF_EVEN),
            "average_finish": (Decimal(places.numerator) / Decimal(places.denominator)).quantize(
                _CENT, ROUND_HALF_EVEN
            ),
        }
        rows.append(row)
    rows.sort(
        key=lambda r: (
            str(r["player"]),
            str(r["unit"]),
            str(r["site"]),
            _dec(r["buy_in"]) + _dec(r["fee"]),
            str(r["game"]),
        )
    )
    return _frame(rows, STATS_COLUMNS)


def _dec(value: object) -> Decimal:
    assert isinstance(value, Decimal)
    return value


def _int(value: object) -> int:
    assert isinstance(value, int)
    return value


def read_tournaments(*paths: PathArg, players: str | Sequence[str] | None = None) -> pd.DataFrame:
    """Every tournament summary under ``paths`` (files, folders, globs; files of hands hold
    none and are passed over) as ``results_frame`` rows: ``players``' results when given,
    else each summary's hero (every finisher where the summary names none). A tournament
    given twice is counted once. ``tournament_stats`` sums the rows per tournament type."""
    found: list[TournamentSummary] = []
    for name in expand_paths(paths):
        found.extend(read_summaries(name))
    kept, _ = distinct(found)
    wanted = [players] if isinstance(players, str) else list(players or ())
    return results_frame(who_played(kept, wanted))
