"""A population of players at many tables, with cheating seats: the integrity benchmark's data.

``play_population(hands, seed, config)`` plays ``hands`` hands of fixed-limit 2-7 Triple Draw
among ``config.players`` players at 6-max tables: a table is seated, plays
``hands_per_table`` hands (stacks topped up to a buy-in when short), and breaks up. The
superusers sit at every table; each colluding pair sits together at every table it is at
(``pair_share``: the share of tables a pair is at). Each hand comes with its ``FullDeal``; the
hand is written from the seat with the lowest number. ``write_histories`` writes each player's
own history (``seatview.as_seen_by``) and a ``labels.json`` naming the cheats.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Final

from histparse.engine import GameConfig
from histparse.events import Hand
from histparse.game import LimitType
from histparse.simulation.bots import DEFAULT_MIX, TAG, BotProfile
from histparse.simulation.cheats import Cheats
from histparse.simulation.deal import FullDeal
from histparse.simulation.hand import HandSetup, SimPlayer, TableFacts, play_hand
from histparse.simulation.money import Units
from histparse.simulation.names import player_name, table_name
from histparse.simulation.seatview import as_seen_by
from histparse.sites.pokerstars import default_layout, format_et_time
from histparse.writing import write_file

__all__ = ["Labels", "PopulationConfig", "labels_of", "play_population", "write_histories"]

_START: Final = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
_ID_BASE: Final = 90_000_000_000


@dataclass(frozen=True, slots=True)
class PopulationConfig:
    """A population: ``players`` in all (cheats included), ``superusers`` and colluding
    ``pairs`` among them, ``table_size`` seats a table, ``hands_per_table`` hands a sitting,
    ``stakes`` of the fixed-limit game (small and big bet, dollars), 5% rake capped at $1."""

    players: int = 100
    superusers: int = 0
    pairs: int = 0
    table_size: int = 6
    hands_per_table: int = 60
    pair_share: float = 1.0
    stakes: tuple[Decimal, Decimal] = (Decimal("1"), Decimal("2"))
    bots: tuple[BotProfile, ...] = DEFAULT_MIX

    def __post_init__(self) -> None:
        cheats = self.superusers + 2 * self.pairs
        if not 2 <= self.table_size <= 6:
            raise ValueError("table_size must be 2 to 6")
        if cheats > self.table_size or self.players < self.table_size + cheats:
            raise ValueError("too many cheats for the tables, or too few players")


@dataclass(frozen=True, slots=True)
class Labels:
    """Who cheats in a population: the superusers and the colluding pairs (sorted names)."""

    superusers: tuple[str, ...]
    pairs: tuple[tuple[str, str], ...]

    def to_json(self) -> str:
        """The labels file's text."""
        return json.dumps(
            {"superusers": list(self.superusers), "pairs": [list(p) for p in self.pairs]},
            indent=2,
        )


@dataclass(frozen=True, slots=True)
class _Roster:
    names: tuple[str, ...]
    bots: dict[str, BotProfile]
    labels: Labels
    honest: tuple[str, ...]


def _roster(rng: random.Random, config: PopulationConfig) -> _Roster:
    taken: set[str] = set()
    names = []
    for _ in range(config.players):
        name = player_name(rng, taken)
        taken.add(name)
        names.append(name)
    supers = tuple(names[: config.superusers])
    k = config.superusers
    pairs = tuple(
        tuple(sorted((names[k + 2 * i], names[k + 2 * i + 1]))) for i in range(config.pairs)
    )
    cheats = set(names[: k + 2 * config.pairs])
    bots = {n: (TAG if n in cheats else rng.choice(config.bots)) for n in names}
    labels = Labels(tuple(sorted(supers)), tuple(sorted((a, b) for a, b in pairs)))
    return _Roster(tuple(names), bots, labels, tuple(n for n in names if n not in cheats))


def labels_of(seed: int, config: PopulationConfig) -> Labels:
    """The labels of ``play_population(..., seed, config)``'s population."""
    return _roster(random.Random(seed), config).labels


def play_population(
    hands: int, seed: int = 0, config: PopulationConfig | None = None
) -> Iterator[tuple[Hand, FullDeal]]:
    """Play ``hands`` hands of the population (deterministic for ``seed`` and ``config``)."""
    config = config or PopulationConfig()
    rng = random.Random(seed)
    roster = _roster(rng, config)
    labels = roster.labels
    cheats = Cheats(
        frozenset(labels.superusers),
        {a: b for a, b in labels.pairs} | {b: a for a, b in labels.pairs},
    )
    units = Units(2)
    low, high = (units.minor(a) for a in config.stakes)
    game = GameConfig.fixed_limit(low, high, small_blind=low // 2, big_blind=low)
    layout = default_layout(is_tournament=False, money_symbol="$", newline="\n")
    clock = _START
    played = 0
    used: set[str] = set()
    while played < hands:
        seated = list(labels.superusers)
        for pair in labels.pairs:
            if rng.random() < config.pair_share:
                seated.extend(pair)
        seated.extend(rng.sample(roster.honest, config.table_size - len(seated)))
        rng.shuffle(seated)
        name = table_name(rng, used)
        used.add(name)
        facts = TableFacts(
            LimitType.FIXED, "USD", False, None, None, None, name, config.table_size, layout
        )
        players = [
            SimPlayer(n, seat, rng.randint(20 * low, 60 * low), roster.bots[n])
            for seat, n in enumerate(seated, 1)
        ]
        button = rng.randint(1, config.table_size)
        for _ in range(min(config.hands_per_table, hands - played)):
            button = button % config.table_size + 1
            for p in players:
                if p.stack < 10 * low:
                    p.stack = rng.randint(20 * low, 60 * low)
            setup = HandSetup(
                facts=facts,
                hand_id=str(_ID_BASE + seed * 10_000_000 + played),
                started_at=clock,
                local_time=format_et_time(clock),
                stakes=config.stakes,
                level=None,
                config=game,
                button=button,
                players=players,
                hero=players[0].name,
                first_line=1,
                path="<population>",
                rake_percent=(1, 20),
                rake_cap=units.minor(Decimal(1)),
                chat_rate=0.0,
                record_cards=True,
                cheats=cheats,
            )
            result = play_hand(setup, units, rng)
            assert result.deal is not None
            for p in players:
                p.stack = result.stacks[p.name]
            played += 1
            clock += timedelta(seconds=40)
            yield result.hand, result.deal


def write_histories(
    played: Iterator[tuple[Hand, FullDeal]], directory: str | Path, labels: Labels
) -> list[Path]:
    """Write each player's own history (``<name>.txt``) and ``labels.json`` under
    ``directory``; returns the history files."""
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    copies: dict[str, list[Hand]] = {}
    for hand, deal in played:
        for name, _ in deal.dealt:
            copies.setdefault(name, []).append(as_seen_by(hand, deal, name))
    paths = []
    for i, (_name, hands) in enumerate(sorted(copies.items())):
        path = out / f"player{i:03d}.txt"
        write_file(path, hands)
        paths.append(path)
    (out / "labels.json").write_text(labels.to_json() + "\n", encoding="utf-8")
    return paths
