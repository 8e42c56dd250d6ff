"""Pooling: several players' copies of the same hands merged into one view per hand.

Copies are matched by site and hand id. The first copy (then the one written from the lowest
seat) stands for the hand's public facts; every copy adds the final cards its hero held and
those shown. Two copies whose public facts (seats and stacks, actions, draws, collected
amounts) differ are a ``Disagreement``, naming both files and lines and the parts that differ.

Copies of one hand come from different files, in any order, so the pool cannot finish a hand
before the end; it keeps it small instead. The public facts are counted into the screens'
counters (``tally.Tally``) and the victim ledger's when the first copy arrives, and a hand
keeps one packed record (the parts' digests, the standing copy's seat, file and line, which
seats' copies were read, how many): ~150 bytes a hand, not the copy. Besides it, only what
depends on which copy stands (an all-in's luck, valued from the standing hero's cards) and the
decisions still waiting for a card are kept.
"""

from __future__ import annotations

import hashlib
import struct
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from histparse.integrity.ledger import LedgerTally
from histparse.integrity.observe import PARTS, Copy
from histparse.integrity.tally import Tally

__all__ = ["Disagreement", "Pool"]

_DIGEST: Final = 8  # bytes a part's digest
# digests, standing seat, seats read (a bit each), copies, standing file, standing hero, line
_RECORD: Final = struct.Struct(f"<{_DIGEST * len(PARTS)}sBQIIIq")
_SEATS: Final = 64  # seats with a bit of their own (a draw table has at most ten)
_NO_HERO: Final = 0xFFFFFFFF
_INT64_MAX: Final = (1 << 63) - 1

AllIn = tuple[tuple[tuple[str, float, float], ...], str | None]


@dataclass(frozen=True, slots=True)
class Disagreement:
    """Two copies of hand ``hand_id`` that do not agree on ``parts`` (``observe.PARTS``)."""

    hand_id: str
    parts: tuple[str, ...]
    first: tuple[str, int, str | None]  # path, line, hero
    other: tuple[str, int, str | None]

    def __str__(self) -> str:
        a, b = self.first, self.other
        return (
            f"hand #{self.hand_id}: the copies at {a[0]}:{a[1]} (seen by {a[2]}) and "
            f"{b[0]}:{b[1]} (seen by {b[2]}) disagree on {', '.join(self.parts)}"
        )


def _packed(digests: tuple[str, ...]) -> bytes:
    """The parts' digests as bytes (``observe`` writes 16 hex digits; anything else hashed)."""
    out = []
    for d in digests:
        try:
            raw = bytes.fromhex(d)
        except ValueError:
            raw = b""
        if len(raw) != _DIGEST:
            raw = hashlib.blake2b(d.encode(), digest_size=_DIGEST).digest()
        out.append(raw)
    return b"".join(out)


def _id_key(hand_id: str) -> int | str:
    """A numeric id as an int (a smaller dict key than its text), else the text."""
    if hand_id.isascii() and hand_id.isdigit() and (hand_id[0] != "0" or hand_id == "0"):
        n = int(hand_id)
        if n <= _INT64_MAX:
            return n
    return hand_id


def _seat_of(copy: Copy) -> int:
    """The hero's place in seat order (copies written from lower seats stand for the hand)."""
    try:
        return copy.players.index(copy.hero or "")
    except ValueError:
        return len(copy.players)


class Pool:
    """Copies merged per hand (``add``), with the disagreements found on the way. ``names``:
    the players whose victim ledger is kept (``ledger.victim_ledger``)."""

    def __init__(self, names: Iterable[str] = ()) -> None:
        self.disagreements: list[Disagreement] = []
        self.tally = Tally()
        self.ledger = LedgerTally(frozenset(names))
        self._hands: dict[str, dict[int | str, bytes]] = {}  # site -> hand id -> record
        # What depends on the standing copy, for the hands where it is not empty.
        self._allin: dict[str, AllIn] = {}
        # Heroes of copies that disagree on the seats (their seat numbers mean other players).
        self._seen_apart: dict[str, set[str]] = {}
        self._paths: dict[str, int] = {}
        self._path_list: list[str] = []
        self._names: dict[str, int] = {}
        self._name_list: list[str] = []

    def __len__(self) -> int:
        return sum(len(ids) for ids in self._hands.values())

    def _path(self, path: str) -> int:
        n = self._paths.get(path)
        if n is None:
            n = self._paths[path] = len(self._path_list)
            self._path_list.append(path)
        return n

    def _name(self, name: str | None) -> int:
        if name is None:
            return _NO_HERO
        n = self._names.get(name)
        if n is None:
            n = self._names[name] = len(self._name_list)
            self._name_list.append(name)
        return n

    def _place(self, path: int, line: int, hero: int) -> tuple[str, int, str | None]:
        return self._path_list[path], line, None if hero == _NO_HERO else self._name_list[hero]

    def add(self, copy: Copy) -> None:
        """Merge one copy."""
        site = copy.key[: len(copy.key) - len(copy.hand_id) - 1]
        ids = self._hands.get(site)
        if ids is None:
            ids = self._hands[site] = {}
        hid = _id_key(copy.hand_id)
        digests = _packed(copy.digests)
        seat = min(_seat_of(copy), 255)
        mine = 1 << seat if seat < min(len(copy.players), _SEATS) else 0
        found = ids.get(hid)
        if found is None:
            ids[hid] = _RECORD.pack(
                digests, seat, mine, 1, self._path(copy.path), self._name(copy.hero), copy.line
            )
            if copy.allin or copy.allin_skipped:
                self._allin[copy.key] = (copy.allin, copy.allin_skipped)
            self.tally.add_hand(copy)
            self.ledger.add_hand(copy)
            return
        base, stand, seen, copies, path, hero, line = _RECORD.unpack(found)
        if base != digests:
            parts = tuple(
                name
                for i, name in enumerate(PARTS)
                if base[i * _DIGEST : (i + 1) * _DIGEST] != digests[i * _DIGEST : (i + 1) * _DIGEST]
            )
            self.disagreements.append(
                Disagreement(
                    copy.hand_id,
                    parts,
                    self._place(path, line, hero),
                    (copy.path, copy.line, copy.hero),
                )
            )
            if "seats" in parts:
                if mine:
                    assert copy.hero is not None
                    self._seen_apart.setdefault(copy.key, set()).add(copy.hero)
                mine = 0
        elif seat < stand:
            stand, path, hero, line = seat, self._path(copy.path), self._name(copy.hero), copy.line
            if copy.allin or copy.allin_skipped:
                self._allin[copy.key] = (copy.allin, copy.allin_skipped)
            else:
                self._allin.pop(copy.key, None)
        ids[hid] = _RECORD.pack(base, stand, seen | mine, copies + 1, path, hero, line)
        self.tally.add_cards(copy.key, copy.cards)

    def extend(self, copies: Iterable[Copy]) -> None:
        """Merge many copies."""
        for c in copies:
            self.add(c)

    def copies(self, site: str, hand_id: str) -> int:
        """How many copies of the hand were merged (0: none)."""
        found = self._hands.get(site, {}).get(_id_key(hand_id))
        return 0 if found is None else int(_RECORD.unpack(found)[3])

    def allins(self) -> Iterator[AllIn]:
        """The standing copies' all-in values (luck) and reasons not valued, one a hand."""
        return iter(self._allin.values())

    def seen_counts(self) -> dict[int, int]:
        """How many hands were seen from 1, 2 ... N seats (by distinct heroes)."""
        counts: Counter[int] = Counter()
        for site, ids in self._hands.items():
            for hid, record in ids.items():
                seen = _RECORD.unpack(record)[2].bit_count()
                if self._seen_apart:
                    # Heroes of copies that disagreed on the seats: the pool keeps no names
                    # of the seats' bits, so a hero who also wrote an agreeing copy of the
                    # hand counts twice here (one person with two different copies).
                    seen += len(self._seen_apart.get(f"{site}:{hid}", ()))
                counts[seen] += 1
        return dict(sorted(counts.items()))
