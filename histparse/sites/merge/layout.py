"""The format details of a Merge game: what the writer needs beyond the events."""

from __future__ import annotations

from dataclasses import dataclass

from histparse.events import SiteLayout

__all__ = ["Description", "MergeLayout"]


@dataclass(frozen=True, slots=True)
class Description:
    """The file's ``<description type=".." stakes=".."/>``, attributes as written."""

    type: str
    stakes: str


@dataclass(frozen=True, slots=True)
class MergeLayout(SiteLayout):
    """What a ``<game>`` element says that carries no meaning for the events.

    ``description`` is the one the game was read under (None: the file had none before it);
    ``initial_blinds`` the indices in ``Hand.events`` of big blinds posted as ``INITIAL_BLIND``
    (a new player's live entry blind)."""

    description: Description | None = None
    gametype: str = "67"
    numholecards: str = "5"
    realmoney: str = "true"
    data: str = ""
    starttime: str = ""
    initial_blinds: tuple[int, ...] = ()
    newline: str = "\r\n"
