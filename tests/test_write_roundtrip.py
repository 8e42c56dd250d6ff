"""Real PokerStars files, parsed and written back, must come out byte for byte: every 2-7 Triple
Draw hand (and the 2-7 Single Draw ones), and whole files where the file holds nothing else."""

from __future__ import annotations

from pathlib import Path

import pytest

from histparse.events import Hand
from histparse.game import Game
from histparse.parsing import read_histories
from histparse.writing import write_file, write_hand, write_hands

DATA = Path(__file__).resolve().parent / "data" / "pokerstars"

# File name -> (game, number of hands of that game in the file).
HAND_FILES = {
    "3-Draw-Limit-USD-0.10-0.20-200911.txt": (Game.TRIPLE_DRAW_27, 17),
    "8-Game-2max-STT-play-100-201306.homeGame.shootout.txt": (Game.TRIPLE_DRAW_27, 18),
    "Triple Draw 2-7 Lowball-FL-USD-0.10-0.20-201106.sample.txt": (Game.TRIPLE_DRAW_27, 1),
    "Triple Draw 2-7 Lowball-FL-USD-1.00-2.00-201206.duplicate.holecards.txt": (
        Game.TRIPLE_DRAW_27,
        1,
    ),
    "3-Draw-Limit-USD-1-2-200809.Hand.cancelled.txt": (Game.TRIPLE_DRAW_27, 1),
    "2-7 Single Draw-NL-USD-0.25-0.50-201106.allin.txt": (Game.SINGLE_DRAW_27, 1),
    "2-7 Single Draw-NL-USD-0.25-0.50-201106.standspat.txt": (Game.SINGLE_DRAW_27, 1),
    "2-7 Single Draw-NL-USD-2max-STT-1.40-201212.ante.all.in.txt": (Game.SINGLE_DRAW_27, 1),
    "NLSDraw-USD-0.25-0.50-201009.Mucked.cards.txt": (Game.SINGLE_DRAW_27, 1),
}

# Files holding only supported hands, each followed by PokerStars' separator (the others are
# mixed-game files or single hands that fpdb trimmed at the end).
WHOLE_FILES = [
    "3-Draw-Limit-USD-0.10-0.20-200911.txt",  # LF, no BOM, 17 hands
    "3-Draw-Limit-USD-1-2-200809.Hand.cancelled.txt",  # LF, 2008 single-space header
    "Triple Draw 2-7 Lowball-FL-USD-0.10-0.20-201106.sample.txt",  # BOM + CRLF
    "2-7 Single Draw-NL-USD-0.25-0.50-201106.allin.txt",  # BOM + CRLF
    "2-7 Single Draw-NL-USD-0.25-0.50-201106.standspat.txt",  # BOM + CRLF
    "NLSDraw-USD-0.25-0.50-201009.Mucked.cards.txt",  # BOM + LF
]


def data_file(name: str) -> Path:
    path = DATA / name
    if not path.is_file():
        pytest.fail(f"missing test data: copy the real file {name!r} into {DATA}")
    return path


@pytest.mark.parametrize("name", HAND_FILES)
def test_every_hand_is_written_back_byte_for_byte(name: str) -> None:
    game, count = HAND_FILES[name]
    hands = [h for h in read_histories(data_file(name)) if h.game is game]
    assert len(hands) == count
    for hand in hands:
        assert write_hand(hand) == hand.source.text, f"hand {hand.hand_id}"


def test_all_38_triple_draw_hands_are_covered() -> None:
    td = sum(count for game, count in HAND_FILES.values() if game is Game.TRIPLE_DRAW_27)
    assert td == 38


@pytest.mark.parametrize("name", WHOLE_FILES)
def test_whole_file_is_written_back_byte_for_byte(name: str, tmp_path: Path) -> None:
    path = data_file(name)
    hands: list[Hand] = list(read_histories(path))
    assert hands
    original = path.read_bytes()
    assert write_hands(hands) == original.decode("utf-8")
    out = tmp_path / "copy.txt"
    assert write_file(out, hands) == len(hands)
    assert out.read_bytes() == original
