"""Are two versions' tables the same, value for value? (issue 32: a speed change of the tables
must leave every output as it was.)

``dump`` writes, for each history file listed, the four tables as the export makes them
(``frames.table_data`` -> ``export.arrow_tables``, all-in EV on) from the facts alone and from
an audit's records, the refusals, and the ``tables()`` DataFrames of ``hands`` and
``players``, into a folder. ``compare`` reads two such folders and names every file, column
or frame that differs; exit status 1 if any does.

Run each version from its own tree, then compare::

    PYTHONPATH=/old python bench/check_tables_same.py dump OLD_DIR --files LIST
    PYTHONPATH=/new python bench/check_tables_same.py dump NEW_DIR --files LIST
    python bench/check_tables_same.py compare OLD_DIR NEW_DIR

``LIST`` holds one path a line (real, sample and generated histories of every site).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq

from histparse.events import Hand
from histparse.export.arrow_tables import arrow_tables
from histparse.frames.build import table_data, tables
from histparse.parsing import read_results
from histparse.replayer import Replay, replay
from histparse.stats.errors import TableError


def records_of(records: dict[int, Replay]) -> Callable[[Hand], Replay | None]:
    """The audit's record of a hand, by the hand's identity."""
    return lambda hand: records.get(id(hand))


def dump(out: Path, files: list[str]) -> None:
    """The tables of each of ``files`` into ``out`` (``<n>-<path>-<table>.parquet``...)."""
    out.mkdir(parents=True, exist_ok=True)
    for i, f in enumerate(files):
        hands = [r for r in read_results(f) if isinstance(r, Hand)]
        for mode in ("facts", "audit"):
            errors: list[str] = []

            def refused(hand: Hand, error: TableError, errors: list[str] = errors) -> None:
                errors.append(f"{hand.hand_id}: {error}")

            records: dict[int, Replay] = {}
            if mode == "audit":
                records = {id(h): replay(h) for h in hands}
            data = list(
                table_data(
                    hands,
                    on_error=refused,
                    replays=records_of(records) if records else None,
                )
            )
            for name, table in arrow_tables(data).items():
                pq.write_table(table, out / f"{i}-{mode}-{name}.parquet")
            (out / f"{i}-{mode}-errors.txt").write_text(f + "\n" + "\n".join(errors))
        frames = tables(hands, on_error=lambda h, e: None)
        frames.players.to_pickle(out / f"{i}-pandas-players.pkl")
        frames.hands.to_pickle(out / f"{i}-pandas-hands.pkl")
    print(f"{len(files)} files dumped into {out}")


def compare(old: Path, new: Path) -> int:
    """The number of dumped files of ``old`` that ``new`` does not hold equal (printed)."""
    bad = 0
    paths = sorted(old.iterdir())
    for path in paths:
        other = new / path.name
        if not other.exists():
            bad += 1
            print(f"MISSING {other}")
        elif path.suffix == ".parquet":
            a, b = pq.read_table(path), pq.read_table(other)
            if not a.equals(b):
                bad += 1
                cols = [
                    c
                    for c in a.column_names
                    if c not in b.column_names or not a.column(c).equals(b.column(c))
                ]
                print(f"DIFF {path.name}: {', '.join(cols) or 'schema or row count'}")
        elif path.suffix == ".pkl":
            try:
                pd.testing.assert_frame_equal(
                    pd.read_pickle(path), pd.read_pickle(other), check_exact=True
                )
            except AssertionError as exc:
                bad += 1
                print(f"DIFF {path.name}: {str(exc).splitlines()[0]}")
        elif path.read_text() != other.read_text():
            bad += 1
            print(f"DIFF {path.name}")
    print(f"{bad} of {len(paths)} differ")
    return bad


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True)
    d = sub.add_parser("dump")
    d.add_argument("out", type=Path)
    d.add_argument("--files", type=Path, required=True, help="a file listing one path a line")
    c = sub.add_parser("compare")
    c.add_argument("old", type=Path)
    c.add_argument("new", type=Path)
    args = p.parse_args()
    if args.command == "dump":
        dump(args.out, [line for line in args.files.read_text().splitlines() if line])
        return 0
    return 1 if compare(args.old, args.new) else 0


if __name__ == "__main__":
    sys.exit(main())
