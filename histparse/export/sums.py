"""Exact sums of count and money columns by group keys, over many Arrow batches, with numpy.

A dataset report sums millions of players rows into a few hundred thousand groups (player,
unit, the ``by`` keys, big blind and big bet). Per batch, each key's values get global ids (one
Python lookup per distinct value of the batch, not per row), the ids are packed into one int64
key per row, and each group found among the running totals by its key in a hash index
(``pandas.Index``); every count column is added into the totals with one ``np.bincount``.
Counts stay integers; money (decimal128
of one scale) is summed as its unscaled integers, exactly, in int64 when no sum can pass it and
in Python integers from the batch that could pass it. Memory is one batch plus the totals.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any, Final

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

__all__ = ["GroupSums"]

IntArray = np.ndarray[Any, np.dtype[np.int64]]

# The packed key: the player's id above, the id of the other keys' combination below.
_SHIFT: Final = 31
_LIMIT: Final = 1 << _SHIFT
_INT64_ROOM: Final = 1 << 62
_FLOAT_EXACT: Final = 1 << 53
_COUNT_CEILING: Final = 1 << 16  # a count column's largest value (int16, bool) and more


class GroupSums:
    """Running sums of ``counts`` (integer or boolean columns; nulls 0) and ``money`` (decimal128
    columns; nulls 0) by ``player`` and the ``keys`` columns."""

    def __init__(self, keys: Sequence[str], counts: Sequence[str], money: Sequence[str]) -> None:
        self.keys = list(keys)
        self.counts = list(counts)
        self.money = list(money)
        self._players: dict[object, int] = {}
        self._combos: dict[tuple[object, ...], int] = {}
        self._index: pd.Index[Any] = pd.Index([], dtype="int64")
        # Counts are totalled in float64, exact for integers below 2**53 (no dataset has that many
        # rows), one row of the matrix per column: cheaper to add into than int64 per batch.
        # Allocated ahead (doubling), so that a batch adds whole rows, never scattered cells.
        self._count_sums = np.zeros((len(self.counts), 1024), dtype=np.float64)
        # Unscaled integers: int64 while no total can pass it, else Python integers (object).
        self._money_sums: list[np.ndarray[Any, Any]] = [
            np.zeros(1024, dtype=np.int64) for _ in self.money
        ]
        self._money_bounds = [0 for _ in self.money]  # the sum of |value| added so far
        self._scales: dict[str, int] = {}

    def add(self, batch: pa.Table) -> None:
        """Add the rows of ``batch`` (``player``, the keys, the counts and the money)."""
        if not batch.num_rows:
            return
        packed = (self._player_ids(batch.column("player")) << _SHIFT) | self._combo_ids(batch)
        keys, inverse = np.unique(packed, return_inverse=True)
        inverse = inverse.reshape(-1)
        slot = self._slots(keys)[inverse]  # each row's group among the totals
        if self.counts:
            if len(inverse) * _COUNT_CEILING >= _FLOAT_EXACT:
                raise OverflowError("a batch too large to sum its counts exactly")
            # bincount adds the batch's counts straight into the totals, in float64, exact
            # here (a batch's counts are integers far below 2**53, each at most 32,767 a row).
            size = len(self._index)
            totals = self._count_sums
            for j, c in enumerate(self.counts):
                weights = _integers(batch.column(c))
                totals[j, :size] += np.bincount(slot, weights=weights, minlength=size)
        for i, name in enumerate(self.money):
            self._add_money(i, name, batch.column(name), slot)

    def _player_ids(self, column: pa.ChunkedArray) -> IntArray:
        codes, values = _encoded(column)
        ids = self._players
        local = np.array([ids.setdefault(v, len(ids)) for v in values], dtype=np.int64)
        if len(ids) > _LIMIT:
            raise OverflowError(f"more than {_LIMIT:,} players to sum apart")
        return local[codes]

    def _combo_ids(self, batch: pa.Table) -> IntArray:
        """Each row's id of its combination of the other keys' values."""
        if not self.keys:
            return np.zeros(batch.num_rows, dtype=np.int64)
        encoded = [_encoded(batch.column(name)) for name in self.keys]
        sizes = [len(values) for _, values in encoded]
        if np.prod(np.array(sizes, dtype=np.float64)) < _INT64_ROOM:
            local = np.zeros(batch.num_rows, dtype=np.int64)
            for (codes, _), size in zip(encoded, sizes, strict=True):
                local = local * size + codes
            combos, inverse = np.unique(local, return_inverse=True)
            tuples = [_digits(int(c), sizes) for c in combos.tolist()]
        else:  # too many values to pack: unique rows of the codes instead
            stacked = np.stack([codes for codes, _ in encoded], axis=1)
            rows, inverse = np.unique(stacked, axis=0, return_inverse=True)
            tuples = [tuple(r) for r in rows.tolist()]
        combos_ids = self._combos
        ids = np.array(
            [
                combos_ids.setdefault(
                    tuple(v[c] for (_, v), c in zip(encoded, t, strict=True)), len(combos_ids)
                )
                for t in tuples
            ],
            dtype=np.int64,
        )
        if len(combos_ids) > _LIMIT:
            raise OverflowError(f"more than {_LIMIT:,} key combinations to sum apart")
        return ids[inverse.reshape(-1)]

    def _slots(self, keys: IntArray) -> IntArray:
        """The rows of the totals for these packed keys, new groups appended."""
        at = np.asarray(self._index.get_indexer(pd.Index(keys)), dtype=np.int64)
        new = at < 0
        if new.any():
            start = len(self._index)
            self._index = self._index.append(pd.Index(keys[new]))
            added = len(self._index) - start
            at[new] = np.arange(start, start + added)
            if len(self._index) > self._count_sums.shape[1]:
                wider = np.zeros((len(self.counts), 2 * len(self._index)), dtype=np.float64)
                wider[:, :start] = self._count_sums[:, :start]
                self._count_sums = wider
            for i, column in enumerate(self._money_sums):
                if len(self._index) > len(column):
                    wider = np.zeros(2 * len(self._index), dtype=column.dtype)
                    wider[:start] = column[:start]
                    self._money_sums[i] = wider
        return at

    def _add_money(self, i: int, name: str, column: pa.ChunkedArray, slot: IntArray) -> None:
        """Add the money column's rows (unscaled integers, nulls 0) into their groups' totals,
        exactly: int64 while the totals cannot pass it, Python integers from then on."""
        type_ = column.type
        if not pa.types.is_decimal(type_):
            raise TypeError(f"{name} is {type_}, not a decimal column")
        scale = self._scales.setdefault(name, type_.scale)
        if type_.scale != scale:
            raise ValueError(f"{name}: decimals of scale {type_.scale} and {scale} mixed")
        array = column.combine_chunks().fill_null(pa.scalar(Decimal(0), type_))
        words = np.frombuffer(array.buffers()[1], dtype=np.int64).reshape(-1, 2)
        words = words[array.offset : array.offset + len(array)]
        low, high = words[:, 0], words[:, 1]
        totals = self._money_sums[i]
        if np.array_equal(high, low >> 63):  # every value fits int64 (sign-extended)
            units: np.ndarray[Any, Any] = low
            self._money_bounds[i] += int(np.abs(low.astype(np.float64)).sum()) + len(low)
        else:
            units = np.array([int(v.scaleb(scale)) for v in array.to_pylist()], dtype=object)
            self._money_bounds[i] = _INT64_ROOM  # past int64 from now on
        if totals.dtype != object and self._money_bounds[i] >= _INT64_ROOM:
            totals = self._money_sums[i] = totals.astype(object)
            totals[:] = [int(v) for v in totals]
        if totals.dtype == object:
            units = units.astype(object)
            units[:] = [int(v) for v in units]
        np.add.at(totals, slot, units)

    def totals(self) -> dict[str, list[Any] | np.ndarray[Any, Any]]:
        """The totals by column: ``player``, the keys (their values), the counts (int64) and
        the money (Decimals of each column's scale), one entry per group as first met."""
        packed = self._index.to_numpy().tolist()
        players: list[object] = [None] * len(self._players)
        for value, i in self._players.items():
            players[i] = value
        combos: list[tuple[object, ...]] = [()] * len(self._combos)
        for combo, i in self._combos.items():
            combos[i] = combo
        out: dict[str, list[Any] | np.ndarray[Any, Any]] = {
            "player": [players[k >> _SHIFT] for k in packed]
        }
        rest = [combos[k & (_LIMIT - 1)] for k in packed] if self.keys else []
        for j, name in enumerate(self.keys):
            out[name] = [r[j] for r in rest]
        used = self._count_sums[:, : len(self._index)]
        if used.size and used.max() >= _FLOAT_EXACT:
            raise OverflowError("counts past 2**53 cannot be totalled exactly")
        counts = np.rint(used).astype(np.int64)
        for j, name in enumerate(self.counts):
            out[name] = counts[j]
        for name, sums in zip(self.money, self._money_sums, strict=True):
            scale = self._scales.get(name, 0)
            out[name] = [Decimal(int(v)).scaleb(-scale) for v in sums[: len(packed)].tolist()]
        return out


def _encoded(column: pa.ChunkedArray) -> tuple[IntArray, list[object]]:
    """Each row's code and the values the codes stand for (null last, a value of its own)."""
    if pa.types.is_dictionary(column.type):
        column = column.cast(column.type.value_type)
    encoded = pc.dictionary_encode(column).combine_chunks()
    values: list[object] = [*encoded.dictionary.to_pylist(), None]
    codes = encoded.indices.fill_null(len(values) - 1).to_numpy().astype(np.int64)
    return codes, values


def _digits(number: int, sizes: list[int]) -> tuple[int, ...]:
    """``number`` in the mixed radix ``sizes`` (most significant first)."""
    digits: list[int] = []
    for size in reversed(sizes):
        number, digit = divmod(number, size)
        digits.append(digit)
    return tuple(reversed(digits))


def _integers(column: pa.ChunkedArray) -> np.ndarray[Any, Any]:
    """A count or flag column as numpy integers (nulls 0)."""
    array = column.combine_chunks()
    if array.null_count:
        array = array.fill_null(False if pa.types.is_boolean(array.type) else 0)
    values: np.ndarray[Any, Any] = array.to_numpy(zero_copy_only=False)
    return values.view(np.uint8) if values.dtype == np.bool_ else values
