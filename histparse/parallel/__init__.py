"""Process hand histories on all cores (or a Dask cluster) in pieces of raw text.

The input is cut into pieces of about a thousand hands of one file (``iter_pieces``); worker
processes parse them (and replay, audit, tabulate) and send back small results, which are
consumed in input order with a bounded number in flight (``ordered_map``): the output equals a
sequential run's and memory does not grow with the input. ``jobs=1`` runs the same code in
this process. On a Dask cluster the pieces carry no text: workers find the cuts and read their
own pieces from a path they all see (``pieces_for``, ``plan_pieces``).
"""

from histparse.parallel.audit import ParallelAudit, audit_paths, audit_piece
from histparse.parallel.counts import PieceCounts, count_piece, merge_counts
from histparse.parallel.pieces import (
    DEFAULT_PIECE_HANDS,
    Piece,
    iter_pieces,
    parse_piece,
    pieces_for,
    plan_pieces,
)
from histparse.parallel.pool import START_METHOD, DaskClient, cpu_count, ordered_map
from histparse.parallel.progress import Progress

__all__ = [
    "DEFAULT_PIECE_HANDS",
    "START_METHOD",
    "DaskClient",
    "ParallelAudit",
    "Piece",
    "PieceCounts",
    "Progress",
    "audit_paths",
    "audit_piece",
    "count_piece",
    "cpu_count",
    "iter_pieces",
    "merge_counts",
    "ordered_map",
    "parse_piece",
    "pieces_for",
    "plan_pieces",
]
