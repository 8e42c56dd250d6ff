"""Writers: hands back to site text (PokerStars), byte for byte."""

from histparse.writing.pokerstars import (
    HAND_SEPARATOR_BLANK_LINES,
    WriteError,
    default_layout,
    default_trailing,
    format_amount,
    format_et_time,
    write_file,
    write_hand,
    write_hands,
)

__all__ = [
    "HAND_SEPARATOR_BLANK_LINES",
    "WriteError",
    "default_layout",
    "default_trailing",
    "format_amount",
    "format_et_time",
    "write_file",
    "write_hand",
    "write_hands",
]
