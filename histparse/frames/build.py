"""``tables(hands)``: the hands, players, actions and draws DataFrames.

Each hand is read once, by the replay's pass (``histparse.replayer``: ``replay`` with an audit,
``read_facts`` without): its record is the only thing read here, never the events. Its rows are
gathered in Python lists, and each
DataFrame is made once at the end: the hand keys of the other tables are expanded with numpy, and
the stat columns that are plain functions of other columns are derived with numpy, so 100,000
hands take seconds.
"""

from __future__ import annotations

import gc
import hashlib
import itertools
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence, Sized
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from operator import attrgetter
from typing import Any, Protocol, TypeAlias, runtime_checkable

import numpy as np
import pandas as pd
import pyarrow as pa
from pandas.api.types import union_categoricals

from histparse.allin import SECOND_POLICY, SECOND_POLICY_NAME, AllInEV, AllInPlayer, allin_ev
from histparse.cards import Card, format_cards
from histparse.events import Cards, Hand, Seat, Source, SummaryPot
from histparse.frames.schema import (
    ACTIONS,
    DRAWS,
    HANDS,
    MONEY_SCALE,
    PLAYERS,
    Column,
    Kind,
    frame,
)
from histparse.game import LimitType
from histparse.money import Money
from histparse.ranking import rank_or_none
from histparse.replayer import DrawRecord, Replay, Step, read_facts, replay
from histparse.replayer.derived import top_excess
from histparse.sites.profile import SiteProfile
from histparse.stats.classes import class_of_rank
from histparse.stats.definitions import SITUATION_STATS
from histparse.stats.errors import TableError
from histparse.stats.flags import FLAGS, SHOWDOWN_CLASSES, player_flags
from histparse.stats.situations import hand_situations
from histparse.stats.stakes import stakes_label
from histparse.stats.units import unit_of
from histparse.textio import one_line

__all__ = [
    "CHUNK_HANDS",
    "FindingLike",
    "Findings",
    "HandErrorHandler",
    "ReplayOf",
    "TableData",
    "Tables",
    "collector_paused",
    "concat_tables",
    "table_data",
    "tables",
]


@runtime_checkable
class FindingLike(Protocol):
    """Anything with the hand it is about: the auditor's findings, duck-typed."""

    @property
    def site(self) -> str: ...

    @property
    def hand_id(self) -> object: ...


# Either findings themselves, or a mapping from (site, hand_id) (or a bare hand_id) to a count or
# a collection of findings.
Findings: TypeAlias = Mapping[tuple[str, str] | str, int | Sized] | Iterable[FindingLike]


@dataclass(frozen=True, slots=True)
class Tables:
    """The four tables; ``docs/tables.md`` documents every column."""

    hands: pd.DataFrame
    players: pd.DataFrame
    actions: pd.DataFrame
    draws: pd.DataFrame


def _finding_counts(findings: Findings | None) -> tuple[dict[tuple[str, str], int], dict[str, int]]:
    """Counts keyed by (site, hand_id), and by bare hand_id for mappings keyed that way."""
    by_key: dict[tuple[str, str], int] = {}
    by_id: dict[str, int] = {}
    if findings is None:
        return by_key, by_id
    if isinstance(findings, Mapping):
        for key, value in findings.items():
            n = value if isinstance(value, int) else len(value)
            if isinstance(key, tuple):
                site, hand_id = key
                by_key[(str(site), str(hand_id))] = by_key.get((str(site), str(hand_id)), 0) + n
            else:
                by_id[str(key)] = by_id.get(str(key), 0) + n
        return by_key, by_id
    for f in findings:
        try:
            k = (str(f.site), str(f.hand_id))
        except AttributeError:
            raise TypeError(
                f"a finding needs 'site' and 'hand_id' attributes, got {type(f).__name__}"
            ) from None
        by_key[k] = by_key.get(k, 0) + 1
    return by_key, by_id


_CENT = Decimal(1).scaleb(-MONEY_SCALE)


_CENTS = Money.of(MONEY_SCALE)


def _minor(amount: Decimal, hand: Hand) -> int:
    units = _CENTS.units_or_none(amount)  # the same amounts come back hand after hand: kept
    if units is None:
        raise TableError(f"{hand.site} hand {hand.hand_id}: amount {amount} is finer than {_CENT}")
    return units


# What the tables can hold: decimal128(18, MONEY_SCALE) amounts and datetime64[ns] times.
_MONEY_DIGITS = 18 - MONEY_SCALE
_INT8_MIN, _INT8_MAX, _INT16_MAX = -128, 127, 32767
_ZERO = Decimal(0)
_FIRST_TIME = datetime(1677, 9, 22, tzinfo=UTC)
_LAST_TIME = datetime(2262, 4, 11, tzinfo=UTC)
_FIXED = LimitType.FIXED
_STEP_AMOUNT = attrgetter("amount")
_STEP_TO = attrgetter("to_amount")
_SEAT_NUMBER = attrgetter("seat")
_DISCARDED = attrgetter("discarded")
_DONE = attrgetter("done")
_VALUE = attrgetter("_value_")
_OPP = attrgetter("opp")
_chain = itertools.chain.from_iterable


def where(hand: Hand, line: int) -> str:
    """Where a table error is: the hand and its file and line, as every ``TableError`` says."""
    return f"{hand.site} hand {hand.hand_id} ({hand.source.path}:{line})"


def _check_fits(
    hand: Hand,
    seats: Sequence[Seat],
    draw_records: Sequence[DrawRecord],
    steps: Sequence[Step],
    stakes: Sequence[Decimal | None],
    players: Sequence[str],
    money: Sequence[Iterable[Decimal | None]],
) -> None:
    """Raise ``TableError`` (for this hand alone) if a value of the hand does not fit its
    column: an amount decimal128(18, 2) cannot hold exactly, a start time datetime64[ns] cannot
    hold, a seat or card count past int8, more actions than int16 numbers. Checked per hand so
    that one such hand is refused instead of failing the whole table. ``seats`` ... ``stakes``
    are the record's (``LineFacts``), fetched once by the caller."""
    if not _FIRST_TIME <= hand.started_at <= _LAST_TIME:
        raise _refused(
            hand,
            f"start time {hand.started_at:%Y-%m-%d} is outside what the tables hold "
            f"({_FIRST_TIME:%Y-%m-%d} to {_LAST_TIME:%Y-%m-%d})",
        )
    small = [hand.button_seat, hand.max_seats or 0, len(players)]
    small.extend(map(_SEAT_NUMBER, seats))
    small.extend(map(_DISCARDED, draw_records))
    if min(small) < _INT8_MIN or max(small) > _INT8_MAX:
        raise _refused(hand, "a seat number or card count does not fit int8")
    if len(steps) > _INT16_MAX:
        raise _refused(hand, f"{len(steps)} posts and actions do not fit int16")

    def values() -> Iterator[Decimal]:
        return filter(  # None and 0 fit
            None,
            itertools.chain(
                stakes,
                *money,
                map(_STEP_AMOUNT, steps),
                map(_STEP_TO, steps),
            ),
        )

    # One sum for the usual case: below the limit, its largest term is too, and an exact sum
    # has the finest exponent of its terms.
    total = sum(map(abs, values()), _ZERO)
    if total.is_finite() and total.adjusted() < _MONEY_DIGITS:
        exponent = total.as_tuple().exponent
        if isinstance(exponent, int) and exponent >= -MONEY_SCALE:
            return
    for amount in values():
        if not _fits(amount):
            raise _refused(hand, f"amount {amount} does not fit decimal128(18, {MONEY_SCALE})")


def _refused(hand: Hand, why: str) -> TableError:
    return TableError(f"{where(hand, hand.source.first_line)}: {why}")


def _fits(amount: Decimal) -> bool:
    return (
        amount.is_finite()
        and amount.adjusted() < _MONEY_DIGITS
        and amount == amount.quantize(_CENT)
    )


def _rake_shares(
    hand: Hand, rake: Decimal | None, players: Sequence[str], invested: Sequence[Decimal]
) -> list[Decimal]:
    """The rake split in proportion to what each player put in, in whole cents (largest
    remainder, ties to the earlier seat), so the shares add up to the rake exactly."""
    if not rake:  # most hands of a home game, every hand the site did not rake
        return [_ZERO] * len(players)
    weights = [max(_minor(amount, hand), 0) for amount in invested]
    total = sum(weights)
    if total == 0:
        return [_ZERO] * len(players)
    r = _minor(rake, hand)
    base = [r * w // total for w in weights]
    left = r - sum(base)
    if left:
        order = sorted(range(len(weights)), key=lambda i: (-(r * weights[i] % total), i))
        for i in order[:left]:
            base[i] += 1
    return [_CENTS.to_decimal(c) for c in base]


def hand_digest(record: Replay) -> str:
    """A fingerprint of the hand's content, cheap to make (no event is formatted): what tells
    two different hands given the same id apart (docs/tables.md, ``digest``). It reads the
    summary's written total, not the ``total_pot`` column, so that datasets written before
    that column's meaning was settled keep matching their hands."""
    body = record.body
    return _digest(record.hand, body.dealt_cards, body.summary_pot)


def _digest(hand: Hand, dealt_cards: Mapping[str, Cards], summary_pot: SummaryPot | None) -> str:
    # ``!s``: a Decimal's str() is its format() with no spec, at half the cost.
    seats = ";".join([f"{s.seat}:{s.player}:{s.stack!s}" for s in hand.seats])
    hero = dealt_cards.get(hand.hero or "")
    written = None if summary_pot is None else summary_pot.total
    text = (
        f"{hand.started_at.isoformat()}|{hand.table_name}|{hand.button_seat}|{seats}|"
        f"{len(hand.events)}|{_cards(hero)}|{written!s}|{hand.stakes}"
    )
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()


def total_pot(record: Replay) -> Decimal:
    """What the players put in after the uncalled bets came back, before rake: the
    ``total_pot`` column on every site (docs/tables.md). Read off the lines: the summary's own
    total is gross on some sites and net of rake, with the uncalled bet in, on others
    (Winamax). On a site that prints no uncalled-bet line, the top contributor's unmatched
    excess went back (``invested`` takes it off where the site collects without it, Kings
    Club and Merge; Winamax collects it, so it stays in ``invested`` and comes off here)."""
    return _total_pot(record.profile, record.body.invested)


def _total_pot(profile: SiteProfile, invested: Mapping[str, Decimal]) -> Decimal:
    pot = sum(invested.values(), _ZERO)
    top = None if profile.prints_uncalled_bets else top_excess(invested)
    return pot if top is None else pot - top[1]


def _unit(hand: Hand) -> str:
    return unit_of(
        hand.currency,
        is_tournament=hand.is_tournament,
        is_play_money=hand.is_play_money,
        money_symbol=hand.layout.money_symbol,
    )


def _stakes_label(hand: Hand) -> str:
    # From the amounts' values, not the site's text: ``1/2`` and ``1.00/2.00`` are one stake.
    low, high = hand.stakes
    return stakes_label(low, high, _unit(hand), hand.limit_type.label)


HandErrorHandler: TypeAlias = Callable[[Hand, TableError], object]

# The flags that are players columns as they are (the others are counts the stat columns are
# derived from, in ``_players_data``).
_FLAG_COLUMNS = FLAGS[: FLAGS.index("snow") + 1]
# A flags row's showdown class code (-1: none) -> its name; index -1 is the None.
_CLASS_NAMES = np.array([*(c.value for c in SHOWDOWN_CLASSES), None], dtype=object)


@dataclass(slots=True)
class _Acc:
    """Everything gathered from the hands, column-friendly: a tuple per hand, and for the other
    tables the row objects of all hands in order with the number of rows of each hand (so the
    hand keys are expanded once, with numpy, at the end)."""

    hands: list[tuple[object, ...]] = field(default_factory=list)
    n_players: list[int] = field(default_factory=list)
    n_steps: list[int] = field(default_factory=list)
    n_draws: list[int] = field(default_factory=list)
    player: list[str] = field(default_factory=list)
    seat: list[int] = field(default_factory=list)
    position: list[str] = field(default_factory=list)
    is_hero: list[bool] = field(default_factory=list)
    stack: list[Decimal] = field(default_factory=list)
    invested: list[Decimal] = field(default_factory=list)
    collected: list[Decimal] = field(default_factory=list)
    net: list[Decimal] = field(default_factory=list)
    rake_share: list[Decimal] = field(default_factory=list)
    # A row of ``FLAGS`` per player, and of the situation counts (done, chances), flat: one
    # C-level copy into numpy at the end instead of a conversion of a list per player.
    flags: array[int] = field(default_factory=lambda: array("h"))
    situations_done: array[int] = field(default_factory=lambda: array("h"))
    situations_opp: array[int] = field(default_factory=lambda: array("h"))
    allin_ev: bool = True  # whether the all-in columns are computed (``tables(allin_ev=)``)
    allin: list[AllInPlayer | None] = field(default_factory=list)
    allin_draws: list[int | None] = field(default_factory=list)
    allin_method: list[str | None] = field(default_factory=list)
    dealt_cards: list[str | None] = field(default_factory=list)
    final_cards: list[Cards | None] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    draws: list[DrawRecord] = field(default_factory=list)


def _add_hand(
    record: Replay,
    n_findings: int,
    acc: _Acc,
    allin_ev: bool,
) -> None:
    """Gather one hand's rows from its record; everything that can fail runs before the first
    append. Each of the record's derived facts is fetched once here and handed on."""
    hand = record.hand
    body = record.body
    # A partial hand's record is marked cancelled (nothing to replay): a hands row alone,
    # whose ``cancelled`` says what the site wrote.
    no_rows = body.cancelled
    cancelled = no_rows and not hand.partial
    seats = body.seats
    players = [s.player for s in seats]
    stakes = (body.small_bet, body.big_bet, body.small_blind, body.big_blind)
    showdown = body.has_showdown
    dealt_cards = body.dealt_cards
    summary_pot = body.summary_pot
    invested_of = body.invested
    # A cancelled hand's money went back, a partial one's lines are missing: no pot to tell.
    pot = None if no_rows else _total_pot(record.profile, invested_of)
    rake = None if summary_pot is None else summary_pot.rake
    hand_row = [
        hand.site, str(hand.hand_id), hand.game.label, hand.limit_type.label, hand.currency,
        _unit(hand), _stakes_label(hand), *stakes, hand.started_at, hand.table_name,
        hand.max_seats, hand.button_seat, len(players), hand.is_tournament, hand.is_play_money,
        hand.tournament_id,
        pot, rake, hand.hero, showdown, cancelled, n_findings,
        hand.source.path, hand.source.first_line, _digest(hand, dealt_cards, summary_pot), None,
    ]  # fmt: skip
    steps = body.steps
    draw_records = body.draw_records
    if no_rows:
        _check_fits(hand, seats, draw_records, steps, stakes, (), [(pot, rake)])
        acc.hands.append(tuple(hand_row))
        acc.n_players.append(0)
        acc.n_steps.append(0)
        acc.n_draws.append(0)
        return
    pos = body.positions
    named = {s.player for s in steps}
    dealt = set(players)
    # Steps of players not dealt in (a finding of the audit) stay in the actions table but
    # count in nobody's statistics.
    counted = steps if named <= dealt else tuple(s for s in steps if s.player in dealt)
    draws = draw_records
    if any(d.player not in dealt for d in draws):
        draws = tuple(d for d in draws if d.player in dealt)
    limit = hand.limit_type is _FIXED
    full_inc = stakes[0] if limit else stakes[3]
    final_cards = body.final_cards
    flags = player_flags(
        seats, counted, pos, limit, full_inc, body.collected_totals, body.folds, final_cards,
        showdown, draw_records, hand.game.draws >= 3,
    )  # fmt: skip
    situations = hand_situations(counted, draws, pos, limit, full_inc)
    collected_of = body.collected_totals
    invested = [invested_of.get(p, _ZERO) for p in players]
    collected = [collected_of.get(p, _ZERO) for p in players]
    nets = [c - i for c, i in zip(collected, invested, strict=True)]
    stacks = [s.stack for s in seats]
    _check_fits(
        hand, seats, draw_records, steps, stakes, players,
        [(pot, rake), stacks, invested, collected, nets],
    )  # fmt: skip
    shares = _rake_shares(hand, rake, players, invested)
    allin: _AllIn | None = None
    if allin_ev and showdown and body.all_in:
        allin, hand_row[-1] = _allin(record)
    acc.hands.append(tuple(hand_row))
    acc.n_players.append(len(players))
    acc.n_steps.append(len(steps))
    acc.n_draws.append(len(draw_records))
    # A column at a time (C-level loops), not a row at a time: a dozen appends per player.
    acc.player.extend(players)
    acc.seat.extend([s.seat for s in seats])
    acc.position.extend([pos[p]._value_ for p in players])
    hero = hand.hero
    acc.is_hero.extend([p == hero for p in players])
    acc.stack.extend(stacks)
    acc.invested.extend(invested)
    acc.collected.extend(collected)
    acc.net.extend(nets)
    acc.rake_share.extend(shares)
    acc.flags.extend(_chain(map(flags.__getitem__, players)))
    mine = list(map(situations.__getitem__, players))
    acc.situations_done.extend(_chain(map(_DONE, mine)))
    acc.situations_opp.extend(_chain(map(_OPP, mine)))
    n = len(players)
    _add_allin(acc, allin, players)
    if dealt_cards:  # usually the hero's alone
        acc.dealt_cards.extend([_cards(dealt_cards.get(p)) for p in players])
    else:
        acc.dealt_cards.extend(itertools.repeat(None, n))
    acc.final_cards.extend(map(final_cards.get, players))
    acc.steps.extend(steps)
    acc.draws.extend(draw_records)


def _add_allin(acc: _Acc, allin: _AllIn | None, players: Sequence[str]) -> None:
    """The all-in columns' values of one hand's players (kept apart: one place to change
    what the all-in columns gather)."""
    n = len(players)
    if allin is None:
        acc.allin.extend(itertools.repeat(None, n))
        acc.allin_draws.extend(itertools.repeat(None, n))
        acc.allin_method.extend(itertools.repeat(None, n))
        return
    by_player = allin.by_player
    for p in players:
        if p in by_player:
            acc.allin.append(by_player[p])
            acc.allin_draws.append(allin.ev.draws_left)
            acc.allin_method.append(allin.ev.method)
        else:
            acc.allin.append(None)
            acc.allin_draws.append(None)
            acc.allin_method.append(None)


@dataclass(frozen=True, slots=True)
class _AllIn:
    ev: AllInEV
    by_player: dict[str, AllInPlayer]


ReplayOf: TypeAlias = Callable[[Hand], Replay | None]
"""A hand's record made already (an audit's ``histparse.replayer.replay``), or None to read
its facts here."""


def _allin(record: Replay) -> tuple[_AllIn | None, str | None]:
    """The all-in EV of a hand with an all-in and a showdown, or the reason it has none (the
    ``allin_ev_note`` column). The EV needs the rules' pots: a record of the facts alone is
    replayed through the engine for it (the same record an audit makes)."""
    if not record.audited:
        record = replay(record.hand)
    ev = allin_ev(record, alt_policy=SECOND_POLICY)
    if ev is None:
        return None, None
    if not isinstance(ev, AllInEV):
        return None, ev.reason
    return _AllIn(ev, {p.player: p for p in ev.players}), None


def tables(
    hands: Iterable[Hand],
    findings: Findings | None = None,
    *,
    on_error: HandErrorHandler | None = None,
    allin_ev: bool = True,
    replays: ReplayOf | None = None,
) -> Tables:
    """The hands, players, actions and draws tables of ``hands``.

    The players table's all-in columns (``allin_equity``, ``ev_net``, ``luck``...) are
    computed (``histparse.allin``: an equity computation per all-in hand, about 15% of an
    export's time on simulated play); ``allin_ev=False`` skips them, leaving them null.

    ``findings`` (optional) are the auditor's findings: objects with ``site`` and ``hand_id``,
    or a mapping from ``(site, hand_id)`` (or a bare ``hand_id``) to a count or a collection;
    the ``findings`` column of ``hands`` counts them. Cancelled hands get a ``hands`` row only.

    A hand whose events cannot be accounted for, or a second hand with the same site and hand
    id, raises ``TableError``; with ``on_error``, the handler receives ``(hand, error)`` instead
    and the hand is left out of every table.

    ``replays`` (optional) gives a hand's record already made (``histparse.replayer.replay``'s,
    by an audit), or None; without one, the hand's facts are read here (``read_facts``). The
    record is the one reading of the hand: nothing here walks its events.
    """
    parts = [_frames(acc) for acc in _gathered(hands, findings, on_error, allin_ev, replays)]
    return parts[0] if len(parts) == 1 else _concat(parts)


@dataclass(frozen=True, slots=True)
class TableData:
    """The four tables of some hands as plain columns (lists and numpy arrays, by the schema's
    column names), before any DataFrame is made: what an export turns into Arrow directly.
    ``hands`` has every column; the other tables have no ``site`` nor ``hand_id``: their rows
    belong, in order, to the hands ``hand_rows[name]`` counts (rows per hand)."""

    hands: dict[str, Any]
    players: dict[str, Any]
    actions: dict[str, Any]
    draws: dict[str, Any]
    hand_rows: dict[str, list[int]]


def table_data(
    hands: Iterable[Hand],
    findings: Findings | None = None,
    *,
    on_error: HandErrorHandler | None = None,
    allin_ev: bool = True,
    replays: ReplayOf | None = None,
) -> Iterator[TableData]:
    """The tables of ``hands`` as ``TableData``, ``CHUNK_HANDS`` hands at a time (arguments as
    for ``tables``). The same values as ``tables``, with no pandas object made."""
    for acc in _gathered(hands, findings, on_error, allin_ev, replays):
        yield TableData(
            hands=_transpose([c.name for c in HANDS], acc.hands),
            players=_players_data(acc),
            actions=_actions_data(acc),
            draws=_draws_data(acc),
            hand_rows={"players": acc.n_players, "actions": acc.n_steps, "draws": acc.n_draws},
        )


def _gathered(
    hands: Iterable[Hand],
    findings: Findings | None,
    on_error: HandErrorHandler | None,
    allin_ev: bool,
    replays: ReplayOf | None = None,
) -> Iterator[_Acc]:
    """The hands gathered, ``CHUNK_HANDS`` at a time (at least one, maybe empty, batch)."""
    by_key, by_id = _finding_counts(findings)
    acc = _Acc(allin_ev=allin_ev)
    # Where each hand was read (its source, formatted only for a message).
    seen: dict[tuple[str, str], Source] = {}
    made = 0
    with collector_paused():
        for hand in hands:
            hid = str(hand.hand_id)
            n_findings = by_key.get((hand.site, hid), 0) + by_id.get(hid, 0)
            source = hand.source
            try:
                first = seen.get((hand.site, hid))
                if first is not None:
                    # The same file read twice, or overlapping exports: one hand, one row.
                    raise TableError(
                        f"{hand.site} hand {hid} ({_place(source)}) was already read at "
                        f"{_place(first)}"
                    )
                record = None if replays is None else replays(hand)
                _add_hand(read_facts(hand) if record is None else record, n_findings, acc, allin_ev)
                seen[(hand.site, hid)] = source
            except TableError as exc:
                if on_error is None:
                    raise
                on_error(hand, exc)
            except Exception as exc:
                if on_error is None:
                    raise
                # One odd hand must not stop the run: it is left out and reported.
                why = f"{hand.site} hand {hid} ({_place(source)}): {one_line(exc)}"
                on_error(hand, TableError(why))
            if len(acc.hands) >= CHUNK_HANDS:
                yield acc
                made += 1
                acc = _Acc(allin_ev=allin_ev)
        if acc.hands or not made:
            yield acc


def _place(source: Source) -> str:
    return f"{source.path}:{source.first_line}"


# Hands gathered as Python objects before they become DataFrames: the Python objects take
# several times the memory of the frames, so batches keep the peak near the size of the result.
CHUNK_HANDS = 20_000


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while the tables are built (or, in an export, a
    piece is parsed, replayed and tabulated).

    Building allocates millions of small acyclic objects while every ``Hand`` is alive; each
    full collection walks all of them, which doubled the time of 100,000 hands. Reference
    counting frees what is made here all the same; anything cyclic waits for the next
    collection after the build. Nested uses leave the collector as the outermost found it.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _frames(acc: _Acc) -> Tables:
    hands_df = frame(HANDS, _transpose([c.name for c in HANDS], acc.hands))
    keys = _Keys(hands_df)
    return Tables(
        hands=hands_df,
        players=frame(PLAYERS, {**keys.expand(acc.n_players), **_players_data(acc)}),
        actions=frame(ACTIONS, {**keys.expand(acc.n_steps), **_actions_data(acc)}),
        draws=frame(DRAWS, {**keys.expand(acc.n_draws), **_draws_data(acc)}),
    )


def _union(pieces: list[pd.Series[Any]]) -> pd.Categorical:
    """Categoricals joined, categories sorted as ``pd.Categorical`` sorts them (an all-null
    batch has empty text categories, ``frames.schema``, so every batch joins)."""
    return union_categoricals(pieces, sort_categories=True)


def concat_tables(parts: Sequence[Tables]) -> Tables:
    """The tables of several batches (or datasets) as one; categoricals get the union of the
    batches' categories."""
    return _concat(list(parts))


def _concat(parts: list[Tables]) -> Tables:
    """One table from batches; categoricals get the union of the batches' categories."""

    def one(name: str, columns: Sequence[Column]) -> pd.DataFrame:
        frames: list[pd.DataFrame] = [getattr(t, name) for t in parts]
        data: dict[str, object] = {}
        for c in columns:
            pieces = [f[c.name] for f in frames]
            if c.kind is Kind.CATEGORY and c.categories is None:
                data[c.name] = pd.Series(_union(pieces))
            else:
                data[c.name] = pd.concat(pieces, ignore_index=True)
        return pd.DataFrame(data)

    return Tables(
        hands=one("hands", HANDS),
        players=one("players", PLAYERS),
        actions=one("actions", ACTIONS),
        draws=one("draws", DRAWS),
    )


def _transpose(names: Sequence[str], rows: list[tuple[object, ...]]) -> dict[str, list[object]]:
    if not rows:
        return {n: [] for n in names}
    cols = list(zip(*rows, strict=True))
    return {n: list(c) for n, c in zip(names, cols, strict=True)}


class _Keys:
    """Expands the hands' ``site`` and ``hand_id`` to the rows of another table."""

    def __init__(self, hands: pd.DataFrame) -> None:
        site = hands["site"].cat
        self._codes = site.codes.to_numpy()
        self._categories = site.categories
        self._ids = pa.array(hands["hand_id"].to_numpy(dtype=object), type=pa.string())
        self._n = len(hands)

    def expand(self, counts: list[int]) -> dict[str, Any]:
        idx = np.repeat(np.arange(self._n), np.asarray(counts, dtype=np.int64))
        site = pd.Categorical.from_codes(self._codes[idx], categories=self._categories)
        ids = pd.arrays.ArrowStringArray(self._ids.take(pa.array(idx)))
        return {"site": pd.Series(site), "hand_id": pd.Series(ids, dtype="string[pyarrow]")}


def _actions_data(acc: _Acc) -> dict[str, Any]:
    steps = acc.steps
    counts = np.asarray(acc.n_steps, dtype=np.int64)
    starts = np.cumsum(counts) - counts
    seq = np.arange(len(steps)) - np.repeat(starts, counts) + 1
    data: dict[str, Any] = {"seq": seq}
    # One transposition of the rows (tuples) into columns, in C, instead of a Python loop
    # per column.
    rounds, players, acts, amounts, tos, all_ins, _ = _columns(steps, len(Step._fields))
    data["round"] = rounds
    data["player"] = players
    data["action"] = list(map(_VALUE, acts))
    data["amount"] = amounts
    data["to_amount"] = tos
    data["all_in"] = all_ins
    return data


def _columns(rows: list[Any], width: int) -> list[list[Any]]:
    """The columns of ``rows`` (tuples of ``width`` values each)."""
    if not rows:
        return [[] for _ in range(width)]
    return [list(c) for c in zip(*rows, strict=True)]


def _cards(cards: tuple[Card, ...] | None) -> str | None:
    return None if cards is None else format_cards(cards)


def _final_columns(finals: list[Cards | None], codes: list[int]) -> dict[str, list[Any]]:
    """``final_cards``, ``final_rank`` and ``final_class`` of each player's final known hand;
    ``codes`` are the showdown class codes of the flags (the class of the same cards, when the
    player went to a showdown: not worked out twice)."""
    texts: list[str | None] = []
    ranks: list[int | None] = []
    classes: list[str | None] = []
    for cards, code in zip(finals, codes, strict=True):
        if cards is None:
            texts.append(None)
            ranks.append(None)
            classes.append(None)
            continue
        texts.append(format_cards(cards))
        rank = rank_or_none(cards)
        ranks.append(rank)
        if code >= 0:
            classes.append(SHOWDOWN_CLASSES[code]._value_)
        else:
            classes.append(None if rank is None else class_of_rank(rank, cards)._value_)
    return {"final_cards": texts, "final_rank": ranks, "final_class": classes}


def _draws_data(acc: _Acc) -> dict[str, Any]:
    draw, player, discarded, pat, thrown, received, kept = _columns(
        acc.draws, len(DrawRecord._fields)
    )
    data: dict[str, Any] = {}
    data["draw"] = draw
    data["player"] = player
    data["discarded"] = discarded
    data["pat"] = pat
    data["kept_cards"] = list(map(_cards, kept))
    data["discarded_cards"] = list(map(_cards, thrown))
    data["received_cards"] = list(map(_cards, received))
    return data


def _allin_columns(acc: _Acc, data: dict[str, Any]) -> None:
    rows = acc.allin
    data["allin_draws_left"] = acc.allin_draws
    data["allin_method"] = acc.allin_method
    for column, attr in (
        ("allin_equity", "equity"),
        ("allin_equity_se", "equity_se"),
        ("allin_equity_min", "equity_min"),
        ("allin_equity_max", "equity_max"),
        ("allin_equity_alt", "equity_alt"),
    ):
        data[column] = [None if r is None else getattr(r, attr) for r in rows]
    data["allin_policy_alt"] = [None if r is None else SECOND_POLICY_NAME for r in rows]
    data["allin_equity_diff"] = [
        None if r is None or r.equity_alt is None else r.equity_alt - r.equity for r in rows
    ]
    if not acc.allin_ev:  # not computed: unknown, not "equal to the net"
        data["ev_net"] = data["luck"] = [None] * len(rows)
        return
    ev = [net if r is None else r.ev_net for r, net in zip(rows, acc.net, strict=True)]
    data["ev_net"] = ev
    data["luck"] = [net - e for net, e in zip(acc.net, ev, strict=True)]


def _players_data(acc: _Acc) -> dict[str, Any]:
    # One conversion of the flags rows to a 2-D array, then columns are slices of it.
    matrix = np.array(acc.flags, dtype=np.int16).reshape(-1, len(FLAGS))
    column_of = {name: matrix[:, i] for i, name in enumerate(FLAGS)}
    codes = column_of["showdown_class"]
    data: dict[str, Any] = {}
    data.update(
        player=acc.player,
        seat=acc.seat,
        position=acc.position,
        is_hero=acc.is_hero,
        starting_stack=acc.stack,
        invested=acc.invested,
        collected=acc.collected,
        net=acc.net,
        rake_share=acc.rake_share,
        showdown_class=_CLASS_NAMES[codes].tolist(),
        dealt_cards=acc.dealt_cards,
        **_final_columns(acc.final_cards, codes.tolist()),
    )
    _allin_columns(acc, data)
    for column in _FLAG_COLUMNS:
        data[column] = column_of[column]

    won = np.asarray(data["won"], dtype=bool)
    went = np.asarray(data["went_to_showdown"], dtype=bool)
    agg, calls, folds = column_of["aggressive"], column_of["calls"], column_of["folds"]
    drawn = {k: column_of[f"drawn_{k}"] for k in (1, 2, 3)}
    took = {k: drawn[k] >= 0 for k in (1, 2, 3)}
    for k in (1, 2, 3):
        data[f"drawn_{k}"] = pd.arrays.IntegerArray(drawn[k].astype(np.int8), ~took[k])
        data[f"pat_{k}"] = drawn[k] == 0
        data[f"pat_{k}_opp"] = took[k]
        data[f"cards_drawn_{k}"] = np.where(took[k], drawn[k], 0).astype("int16")
        data[f"cards_drawn_{k}_opp"] = took[k].astype("int16")
        for c in range(6):
            data[f"d{k}_drew{c}"] = drawn[k] == c
            data[f"d{k}_drew{c}_opp"] = took[k]
    data["pfr_opp"] = data["vpip_opp"]
    data["af"] = agg
    data["af_opp"] = calls
    data["afq"] = agg
    data["afq_opp"] = agg + calls + folds
    data["wtsd"] = went & took[1]
    data["wtsd_opp"] = took[1]
    data["wsd"] = went & won
    data["wsd_opp"] = went
    data["wwsf"] = won & took[1]
    data["wwsf_opp"] = took[1]
    _situation_columns(acc, data)
    return data


def _situation_columns(acc: _Acc, data: dict[str, Any]) -> None:
    """The situation statistics' ``<stat>`` and ``<stat>_opp`` columns (bool where a player
    has at most one chance a hand, int16 counts otherwise, as the schema types them)."""
    width = len(SITUATION_STATS)
    done = np.array(acc.situations_done, dtype=np.int16).reshape(-1, width)
    opp = np.array(acc.situations_opp, dtype=np.int16).reshape(-1, width)
    for i, s in enumerate(SITUATION_STATS):
        data[s.name] = done[:, i] if s.counts else done[:, i].astype(bool)
        data[s.opp] = opp[:, i] if s.counts else opp[:, i].astype(bool)
