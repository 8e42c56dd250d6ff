"""The format details of a PokerStars hand: what the writer needs beyond the events."""

from __future__ import annotations

from dataclasses import dataclass

from histparse.events import SiteLayout

__all__ = ["PokerStarsLayout"]


@dataclass(frozen=True, slots=True)
class PokerStarsLayout(SiteLayout):
    """What a PokerStars hand prints that varies between hands and carries no meaning, kept so
    that the hand is written back byte for byte (``money_symbol`` and ``buy_in_symbol`` come
    from ``SiteLayout``)."""

    header_word: str = "Game"  # "Game" (until 2011) or "Hand"
    colon_gap: str = "  "  # one or two spaces after "#<id>:"
    local_time: str = ""  # "2011/06/26 18:34:02" as written (hours without a leading zero)
    time_zone: str = "ET"
    et_time: str | None = None  # the bracketed "[... ET]" copy, as written
    table_money: str | None = None  # "Play Money" / "Real Money" tag of the table line
    newline: str = "\n"  # "\r\n" or "\n"
    bom: bool = False  # the hand was at the start of a file that had a UTF-8 BOM
    header_trailing: str = ""
    table_trailing: str = ""
