"""PHH text: ``dumps`` writes one hand (a ``.phh`` file), ``dumps_all`` and ``PhhsWriter``
write several hands as one ``.phhs`` file.

PHH is TOML. A ``.phhs`` file holds one TOML table per hand, named by its 1-based number
(``[1]``, ``[2]``...), which is how pokerkit's ``HandHistory.load_all`` reads it. Strings are
TOML basic strings (double quotes, backslash escapes), so any player name can be written.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import time as LocalTime
from typing import TextIO

from histparse.phh.record import PhhHand

__all__ = ["PhhsWriter", "dumps", "dumps_all", "toml_string"]

_ESCAPES = {
    '"': '\\"',
    "\\": "\\\\",
    "\b": "\\b",
    "\t": "\\t",
    "\n": "\\n",
    "\f": "\\f",
    "\r": "\\r",
}
_NEEDS_ESCAPE = re.compile(r'["\\\x00-\x1f\x7f]')


def _escape(match: re.Match[str]) -> str:
    ch = match.group()
    return _ESCAPES.get(ch) or f"\\u{ord(ch):04X}"


def toml_string(text: str) -> str:
    """``text`` as a TOML basic string: quotes, backslashes and control characters escaped."""
    # Actions and most names need no escape; the regex pass is for the rest.
    return '"' + _NEEDS_ESCAPE.sub(_escape, text) + '"'


def _ints(values: Iterable[int]) -> str:
    return "[" + ", ".join(map(str, values)) + "]"


def _strings(values: Iterable[str]) -> str:
    return "[" + ", ".join(map(toml_string, values)) + "]"


def _value(value: str | int) -> str:
    return toml_string(value) if isinstance(value, str) else str(value)


def _time(value: LocalTime) -> str:
    return value.strftime("%H:%M:%S")


def dumps(hand: PhhHand) -> str:
    """The hand as PHH text (fields in the order of the PHH specification, user-defined
    fields last), ending with a newline."""
    lines = [
        f"variant = {toml_string(hand.variant)}",
        f"ante_trimming_status = {'true' if hand.ante_trimming_status else 'false'}",
        f"antes = {_ints(hand.antes)}",
        f"blinds_or_straddles = {_ints(hand.blinds_or_straddles)}",
        f"small_bet = {hand.small_bet}",
        f"big_bet = {hand.big_bet}",
        f"starting_stacks = {_ints(hand.starting_stacks)}",
        f"actions = {_strings(hand.actions)}",
    ]
    optional: tuple[tuple[str, str | int | None], ...] = (
        ("venue", hand.venue),
        ("event", hand.event),
        ("currency", hand.currency),
        ("time_zone", hand.time_zone),
        ("day", hand.day),
        ("month", hand.month),
        ("year", hand.year),
        ("hand", hand.hand),
        ("level", hand.level),
        ("seat_count", hand.seat_count),
        ("table", hand.table),
    )
    for name, value in optional:
        if value is not None:
            lines.append(f"{name} = {_value(value)}")
    if hand.time is not None:
        lines.append(f"time = {_time(hand.time)}")
    if hand.seats is not None:
        lines.append(f"seats = {_ints(hand.seats)}")
    lines.append(f"players = {_strings(hand.players)}")
    if hand.finishing_stacks is not None:
        lines.append(f"finishing_stacks = {_ints(hand.finishing_stacks)}")
    for name, value in hand.user_fields:
        lines.append(f"{name} = {_value(value)}")
    lines.append("")
    return "\n".join(lines)


def dumps_all(hands: Iterable[PhhHand]) -> str:
    """Several hands as the text of a ``.phhs`` file: sections ``[1]``, ``[2]``..."""
    return "\n".join(f"[{k}]\n{dumps(h)}" for k, h in enumerate(hands, 1))


class PhhsWriter:
    """Writes hands one by one to an open text file as a ``.phhs`` file; ``count`` is how many
    were written."""

    __slots__ = ("count", "out")

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.count = 0

    def write(self, hand: PhhHand) -> None:
        """Append ``hand`` as the next section."""
        self.count += 1
        if self.count > 1:
            self.out.write("\n")
        self.out.write(f"[{self.count}]\n")
        self.out.write(dumps(hand))
