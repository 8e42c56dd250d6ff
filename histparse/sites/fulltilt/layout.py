"""The format details of a Full Tilt hand: what the writer needs beyond the events."""

from __future__ import annotations

from dataclasses import dataclass

from histparse.events import SiteLayout

__all__ = ["FullTiltLayout"]


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
