"""The format details of a Full Tilt hand: what the writer needs beyond the events."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from histparse.events import SiteLayout
from histparse.sites.fulltilt.header import AMOUNT, amount

__all__ = ["DEAD_HAND", "FullTiltLayout"]

# A draw marker's pot: "(Pot: $0.45)", "(Total Pot: 180, 2 Players)",
# "(Total Pot: 130, 2 Players, 1 All-In)", "(Total Pot: $0.45, 2 Players)".
_MARKER_POT: Final = re.compile(r" \((?:Total )?Pot: (\$?)(" + AMOUNT + r")(?:, [^()]{1,40})?\)")
_READABLE: Final = re.compile(r" \((?:Total )?Pot: ")

DEAD_HAND: Final = (
    'Full Tilt\'s "dead hand": a blind posted, then no button line, no hole cards and a total '
    "pot of 0; see docs/findings.md"
)


@dataclass(frozen=True, slots=True)
class FullTiltLayout(SiteLayout):
    """What a Full Tilt hand prints that varies between hands and carries no meaning, kept so
    that the hand is written back byte for byte.

    ``details`` maps an event's index in ``Hand.events`` to the text the line adds to what its
    event says: a draw marker's pot (`` (Pot: $0.45)``), a win line's `` with 7,6,4,3,2``,
    ``bare`` for a live big blind written ``posts $5``, ``glued:<text>`` for a summary line
    printed after another's start (``Seat 3: Player4 Seat 4: ...``)."""

    archive: bool = False  # "FullTiltPoker Game #" export dialect
    header_text: str = ""  # the header line as written
    blank_after_header: bool = False  # the archive's blank line after the header
    button_at: int = -1  # index in Hand.events the button line stands before (-1: none)
    duration: str | None = None  # "Duration 24s" (archive dialect), as written
    unmarked_out: tuple[int, ...] = ()  # seats sitting out by the summary, not the seat line
    details: tuple[tuple[int, str], ...] = ()
    newline: str = "\r\n"
    bom: bool = False
    dead_hand: bool = False  # no button line and no hole cards (the site's "dead hand")

    def marker_pots(self) -> tuple[tuple[int, Decimal | None, str], ...]:
        """The draw markers' printed pots; None for one whose amount cannot be read (or is
        in the wrong currency)."""
        out: list[tuple[int, Decimal | None, str]] = []
        for index, text in self.details:
            if not text.startswith(" (") or _READABLE.match(text) is None:
                continue
            m = _MARKER_POT.fullmatch(text)
            ok = m is not None and m.group(1) == self.money_symbol
            out.append((index, amount(m.group(2)) if m is not None and ok else None, text[1:]))
        return tuple(out)

    def known_anomaly(self) -> str | None:
        """The dead hand's, the one anomaly of the real files the findings name."""
        return DEAD_HAND if self.dead_hand else None
