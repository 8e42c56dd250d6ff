"""Situation statistics, read from the ``actions`` and ``draws`` tables: raise first in and limp,
cold call, fold the small blind to a steal, the continuation bet after the first draw and
folds to it, check-raise and fold to a bet per draw, and what a player does against an
opponent who stood pat.

``hand_situations`` walks one hand's steps and draws, in order, as ``histparse.tables`` builds the
players table (whose ``<stat>`` and ``<stat>_opp`` columns hold the counts, also in Parquet
datasets from schema version 3). ``situation_counts`` walks the ``actions`` and ``draws`` tables
instead, for tables without those columns (datasets of schema version 1 and 2). The definitions
are in ``docs/stats.md``.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any, Protocol, TypeGuard

import numpy as np
import pandas as pd

from histparse.engine import Position
from histparse.stats.definitions import SITUATION_STATS

__all__ = [
    "SituationCounts",
    "TablesWithActions",
    "hand_situations",
    "has_actions",
    "situation_counts",
]

_ZERO = Decimal(0)
# Actions are ``Act`` members (a StrEnum) on the tables' path and plain strings from an actions
# table: compared as strings, never hashed (an Enum's __hash__ is a Python-level call).
_POST_PREFIX = "post_"
_BB, _SB = Position.BB.value, Position.SB.value
_CO, _BTN = Position.CO.value, Position.BTN.value
_INDEX = {s.name: i for i, s in enumerate(SITUATION_STATS)}
_WIDTH = len(SITUATION_STATS)
_RFI, _LIMP, _COLD_CALL = _INDEX["rfi"], _INDEX["limp"], _INDEX["cold_call"]
_FOLD_SB_TO_STEAL, _CBET, _FOLD_TO_CBET = (
    _INDEX["fold_sb_to_steal"],
    _INDEX["cbet"],
    _INDEX["fold_to_cbet"],
)
_CHECK_RAISE = {k: _INDEX[f"check_raise_{k}"] for k in (1, 2, 3)}
_FOLD_TO_BET = {k: _INDEX[f"fold_to_bet_{k}"] for k in (1, 2, 3)}
_PAT_VS_PAT, _BREAK_VS_PAT = _INDEX["pat_vs_pat"], _INDEX["break_vs_pat"]
_FOLD_VS_PAT, _CALL_VS_PAT = _INDEX["fold_vs_pat"], _INDEX["call_vs_pat"]


class TablesWithActions(Protocol):
    """What the situation statistics read: the four tables."""

    @property
    def hands(self) -> pd.DataFrame: ...

    @property
    def players(self) -> pd.DataFrame: ...

    @property
    def actions(self) -> pd.DataFrame: ...

    @property
    def draws(self) -> pd.DataFrame: ...


def has_actions(tables: object) -> TypeGuard[TablesWithActions]:
    """Whether ``tables`` has actions to read (a dataset loaded with only hands and players, or
    any object with just those two, has none): without them the situation stats are zero."""
    actions = getattr(tables, "actions", None)
    draws = getattr(tables, "draws", None)
    return isinstance(actions, pd.DataFrame) and isinstance(draws, pd.DataFrame)


class _Counts:
    """The counts of one player in one hand: ``done[i]`` and ``opp[i]`` for each stat."""

    __slots__ = ("done", "opp")

    def __init__(self) -> None:
        self.done = [0] * _WIDTH
        self.opp = [0] * _WIDTH

    def mark(self, i: int, done: bool) -> None:
        """One more chance at stat ``i`` (its index in ``SITUATION_STATS``), taken if ``done``."""
        self.opp[i] += 1
        if done:
            self.done[i] += 1


# The shapes of ``histparse.stats.ledger``'s Step and DrawRecord: round, player, action,
# amount, to_amount, all_in, line; draw, player, cards discarded, and more fields not read.
Step = tuple[int, str, str, Any, Any, bool, int]
DrawRow = tuple[Any, ...]


def _round0(
    steps: Sequence[Step],
    pos: Mapping[str, str],
    limit: bool,
    full_inc: Decimal,
    counts: dict[str, _Counts],
) -> str | None:
    """Walk the betting before the first draw; return the pre-draw raiser (the player who made
    the last full raise), if any. Bets are counted as in ``flags`` (docs/stats.md)."""
    level = 0
    full_to = _ZERO
    acted: set[str] = set()
    opened = False  # someone called, bet, raised or checked: no longer folded to
    stealer: str | None = None
    clean = False  # only folds since the steal
    raiser: str | None = None
    for _, p, act, _, to, _, _ in steps:
        if act.startswith(_POST_PREFIX):
            if act == "post_bb" and to is not None:
                if level < 1:
                    level = 1
                if to > full_to:
                    full_to = to
            continue
        c = counts[p]
        first = p not in acted
        unopened = not opened and level == 1
        full = (
            (act == "raise" or act == "bet")
            and to is not None
            and (level == 0 or to - full_to >= full_inc)
        )
        if first:
            acted.add(p)
            where = pos[p]
            if unopened and where != _BB:
                c.mark(_RFI, full)
                c.mark(_LIMP, act == "call")
            if level >= 2:
                c.mark(_COLD_CALL, act == "call")
            if where == _SB and stealer is not None and clean:
                c.mark(_FOLD_SB_TO_STEAL, act == "fold")
        if act == "fold":
            continue
        opened = True
        if act == "check" or act == "call":
            if stealer is not None and p != stealer and act == "call":
                clean = False
            continue
        # A bet or a raise: a new bet only when it is a full one.
        clean = False
        if not full:
            continue
        if not limit:
            full_inc = to - full_to
        level += 1
        full_to = to
        if level >= 2:
            raiser = p
        if level == 2 and first and unopened and (pos[p] == _CO or pos[p] == _BTN):
            stealer, clean = p, True
    return raiser


def _draw(rows: Sequence[DrawRow], pat_before: set[str], counts: dict[str, _Counts]) -> set[str]:
    """Stand pat or break against an opponent who stood pat earlier at this draw; the players
    who stood pat at it."""
    pats: set[str] = set()
    for row in rows:
        p, discarded = row[1], row[2]
        if pats and (len(pats) > 1 or p not in pats):  # someone other than p stood pat
            c = counts[p]
            c.mark(_PAT_VS_PAT, discarded == 0)
            if p in pat_before:
                c.mark(_BREAK_VS_PAT, discarded > 0)
        if discarded == 0:
            pats.add(p)
    return pats


def _later_round(
    k: int,
    steps: Sequence[Step],
    pats: set[str],
    raiser: str | None,
    counts: dict[str, _Counts],
) -> None:
    """Continuation bets (round 1), check-raises, folds to a bet and answers to a pat bettor."""
    high = _ZERO
    live: dict[str, Decimal] = {}
    acted: set[str] = set()
    checked: set[str] = set()
    faced: set[str] = set()
    faced_pat: set[str] = set()
    check_raise_seen: set[str] = set()
    aggressor: str | None = None
    cbettor: str | None = None
    cbet_raised = False
    after_cbet: set[str] = set()
    xr, fb = _CHECK_RAISE[k], _FOLD_TO_BET[k]
    for _, p, act, _, to, _, _ in steps:
        c = counts[p]
        facing = high > live.get(p, _ZERO)
        if k == 1 and p == raiser and high == 0 and p not in acted:
            c.mark(_CBET, act == "bet")
        if cbettor is not None and p != cbettor and p not in after_cbet:
            after_cbet.add(p)
            if not cbet_raised:
                c.mark(_FOLD_TO_CBET, act == "fold")
        if facing:
            if p not in faced:
                faced.add(p)
                c.mark(fb, act == "fold")
            if p in checked and p not in check_raise_seen:
                check_raise_seen.add(p)
                c.mark(xr, act == "raise")
            if aggressor in pats and aggressor != p and p not in faced_pat:
                faced_pat.add(p)
                c.mark(_FOLD_VS_PAT, act == "fold")
                c.mark(_CALL_VS_PAT, act == "call")
        acted.add(p)
        if act == "check":
            checked.add(p)
        elif (act == "bet" or act == "raise" or act == "call") and to is not None:
            live[p] = to
            if act != "call":
                if act == "bet" and k == 1 and p == raiser and cbettor is None and high == 0:
                    cbettor = p
                elif cbettor is not None:
                    cbet_raised = True
                aggressor = p
                if to > high:
                    high = to


class SituationCounts(Protocol):
    """One player's counts in one hand, in ``SITUATION_STATS`` order."""

    @property
    def done(self) -> list[int]: ...

    @property
    def opp(self) -> list[int]: ...


def hand_situations(
    steps: Sequence[Step],
    draws: Sequence[DrawRow],
    pos: Mapping[str, str],
    limit: bool,
    full_inc: Decimal,
) -> dict[str, SituationCounts]:
    """The situation counts of each player of one hand (``pos``: player -> position), from its
    posts and actions (in order) and its draw records. ``full_inc`` is the smallest full raise
    before the first draw: the small bet in limit games, else the big blind."""
    return dict(_hand(steps, draws, pos, limit, full_inc))


def _hand(
    steps: Sequence[Step],
    draws: Sequence[DrawRow],
    pos: Mapping[str, str],
    limit: bool,
    full_inc: Decimal,
) -> dict[str, _Counts]:
    counts = {p: _Counts() for p in pos}
    by_round: list[list[Step]] = [[], [], [], []]
    for s in steps:
        if 0 <= s[0] <= 3:
            by_round[s[0]].append(s)
    by_draw: list[list[DrawRow]] = [[], [], [], []]
    for d in draws:
        if 1 <= d[0] <= 3:
            by_draw[d[0]].append(d)
    raiser = _round0(by_round[0], pos, limit, full_inc, counts)
    pat_before: set[str] = set()
    for k in (1, 2, 3):
        pats = _draw(by_draw[k], pat_before, counts)
        if by_round[k]:  # most hands end before the last betting round
            _later_round(k, by_round[k], pats, raiser, counts)
        pat_before = pats
    return counts


def _hand_numbers(keys: pd.DataFrame, rows: pd.DataFrame) -> np.ndarray[Any, np.dtype[np.int64]]:
    """For each row of ``rows``, the position of its hand in ``keys`` (site, hand_id)."""
    k = pd.DataFrame(
        {"site": keys["site"].astype(str).to_numpy(), "hand_id": keys["hand_id"].astype(str)}
    )
    k["_h"] = np.arange(len(k), dtype=np.int64)
    r = pd.DataFrame(
        {"site": rows["site"].astype(str).to_numpy(), "hand_id": rows["hand_id"].astype(str)}
    )
    merged = r.merge(k, on=["site", "hand_id"], how="left", validate="many_to_one")
    return merged["_h"].fillna(-1).to_numpy(dtype=np.int64)


def situation_counts(tables: TablesWithActions) -> pd.DataFrame:
    """One row per row of ``tables.players`` (same order): ``<stat>`` and ``<stat>_opp`` of
    every situation stat (``SITUATION_STATS``), as int64 counts."""
    players = tables.players
    hands = tables.hands[["site", "hand_id", "limit_type", "small_bet", "big_blind"]]
    n_hands = len(hands)
    ph = _hand_numbers(hands, players)
    a = tables.actions
    ah = _hand_numbers(hands, a)
    order = np.lexsort((a["seq"].to_numpy(), ah))
    d = tables.draws
    dh = _hand_numbers(hands, d)
    # Draw rows keep their order within a hand (the order the players drew in).
    dorder = np.lexsort((np.arange(len(d)), d["draw"].to_numpy(), dh))

    def runs(h: np.ndarray[Any, np.dtype[np.int64]]) -> np.ndarray[Any, np.dtype[np.int64]]:
        return np.searchsorted(h, np.arange(n_hands + 1), side="left")

    a_bounds = runs(ah[order])
    d_bounds = runs(dh[dorder])
    n_steps = len(a)
    steps: list[Step] = list(
        zip(
            a["round"].to_numpy()[order].tolist(),
            a["player"].astype(str).to_numpy()[order].tolist(),
            a["action"].astype(str).to_numpy()[order].tolist(),
            itertools.repeat(None, n_steps),  # the amount: not read
            [_dec(v) for v in a["to_amount"].to_numpy(dtype=object)[order].tolist()],
            a["all_in"].to_numpy()[order].tolist(),
            itertools.repeat(0, n_steps),  # the line: not read
            strict=True,
        )
    )
    draw_rows: list[DrawRow] = list(
        zip(
            d["draw"].to_numpy()[dorder].tolist(),
            d["player"].astype(str).to_numpy()[dorder].tolist(),
            d["discarded"].to_numpy()[dorder].tolist(),
            strict=True,
        )
    )
    limits = (hands["limit_type"].astype(str) == "Limit").tolist()
    small_bets = hands["small_bet"].tolist()
    big_blinds = hands["big_blind"].tolist()
    pos_of: list[dict[str, str]] = [{} for _ in range(n_hands)]
    names = players["player"].astype(str).tolist()
    positions = players["position"].astype(str).tolist()
    for h, name, position in zip(ph.tolist(), names, positions, strict=True):
        if h >= 0:
            pos_of[h][name] = position
    results: list[dict[str, _Counts]] = []
    for h in range(n_hands):
        pos = pos_of[h]
        if not pos:
            results.append({})
            continue
        limit = limits[h]
        inc = small_bets[h] if limit else big_blinds[h]
        results.append(
            _hand(
                steps[a_bounds[h] : a_bounds[h + 1]],
                draw_rows[d_bounds[h] : d_bounds[h + 1]],
                pos,
                limit,
                _dec(inc) or _ZERO,
            )
        )
    done = np.zeros((len(players), _WIDTH), dtype=np.int64)
    opp = np.zeros((len(players), _WIDTH), dtype=np.int64)
    for row, (h, name) in enumerate(zip(ph.tolist(), names, strict=True)):
        c = results[h].get(name) if h >= 0 else None
        if c is not None:
            done[row] = c.done
            opp[row] = c.opp
    data: dict[str, np.ndarray[Any, Any]] = {}
    for i, s in enumerate(SITUATION_STATS):
        data[s.name] = done[:, i]
        data[s.opp] = opp[:, i]
    return pd.DataFrame(data, index=players.index)


def _dec(value: object) -> Decimal | None:
    """A money cell as a Decimal (Arrow decimals come back as Decimal, nulls as None or NA)."""
    return value if isinstance(value, Decimal) else None
