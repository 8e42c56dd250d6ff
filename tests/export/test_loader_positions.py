"""Version 3 datasets named the first of seven or more players EP and the second UTG; ``load``
reads them with the trackers' names of version 4 (UTG, then UTG+1)."""

from __future__ import annotations

import pyarrow as pa

from histparse.export.loader import _trackers_positions
from histparse.export.schema import CATEGORY_TYPE


def _players(rows: list[tuple[str, str, str]]) -> pa.Table:
    site, hand, position = zip(*rows, strict=True)
    return pa.table(
        {
            "site": pa.array(site, pa.string()),
            "hand_id": pa.array(hand, pa.string()),
            "position": pa.array(position, pa.string()).cast(CATEGORY_TYPE),
        }
    )


def test_a_seven_handed_hand_of_version_3_gets_the_trackers_names() -> None:
    table = _players(
        [
            ("Kings Club", "7", "EP"),
            ("Kings Club", "7", "UTG"),
            ("Kings Club", "7", "MP"),
            # A six-handed hand: its UTG stays UTG.
            ("Kings Club", "6", "UTG"),
            ("Kings Club", "6", "MP"),
            # The same id on another site is another hand.
            ("PokerStars", "7", "UTG"),
        ]
    )
    got = _trackers_positions(table).column("position").cast(pa.string()).to_pylist()
    assert got == ["UTG", "UTG+1", "MP", "UTG", "MP", "UTG"]
    assert _trackers_positions(table).schema.field("position").type == CATEGORY_TYPE


def test_a_table_without_ep_is_returned_as_it_is() -> None:
    table = _players([("PokerStars", "1", "UTG"), ("PokerStars", "1", "BB")])
    assert _trackers_positions(table) is table
