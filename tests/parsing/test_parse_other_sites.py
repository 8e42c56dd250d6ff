"""Other sites' files (real ones, in tests/data/other_sites) are counted as unsupported hands,
by site and game where the first line says it; none of their text is rejected as garbage, and
a piece of a parallel run reads them as the whole file does."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from histparse.events import Hand
from histparse.parallel import iter_pieces, parse_piece
from histparse.parsing import ParseError, Unsupported, read_results
from histparse.parsing.reader import iter_results

OTHERS = Path(__file__).resolve().parents[1] / "data" / "other_sites"


def _sites(results: list[object]) -> Counter[tuple[str, str]]:
    return Counter((r.site, r.game) for r in results if isinstance(r, Unsupported))


def test_other_sites_are_unsupported_not_rejected() -> None:
    results = list(read_results(OTHERS))
    assert not [r for r in results if isinstance(r, ParseError)]
    assert _sites(results) == {
        ("Boss Media", "unknown"): 1,
        ("FullTilt", "tournament summary"): 1,  # its placings after a blank line too
    }
    # The Full Tilt archive hand is parsed (its separator passed over, its blank line joined),
    # the Kings Club Triple Draw hand and Merge's 15 games (sites/merge).
    hands = [r for r in results if isinstance(r, Hand)]
    assert sorted((h.site, h.hand_id) for h in hands if h.site != "Merge") == [
        ("FullTilt", "27088270000"),
        ("Kings Club", "39969256"),
    ]
    assert sum(h.site == "Merge" for h in hands) == 15


def test_pieces_read_other_sites_as_the_reader_does() -> None:
    whole = list(read_results(OTHERS))
    pieced = [r for piece in iter_pieces([OTHERS], 1) for r in parse_piece(piece)]
    assert pieced == whole


@pytest.mark.parametrize(
    "head",
    [
        "#1: Limit 2-7 Triple Draw",  # no stakes
        "#x: Limit 2-7 Triple Draw - 40/80",  # no number
        "# 1: Limit 2-7 Triple Draw - 40/80",
    ],
)
def test_only_a_real_kings_club_header_is_taken_for_one(head: str) -> None:
    (result,) = iter_results([head + "\n", "Seat 1: A (100)\n"], "x.txt")
    assert isinstance(result, ParseError) and result.line == 1
