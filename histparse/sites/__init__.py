"""The site registry: the one list of the sites histparse reads, and the questions the generic
layers ask of it.

A site is a folder (``sites/<name>/``: its grammar, reading, writing, wording, layout and
profile) plus one line in ``SITES``. Nothing outside the site's folder names its wording; the
reader, the parallel pieces, ``show``, the auditor and the writer ask the functions below.
Sites are tried in order: the first whose prefix and ``first_line`` accept a line owns it.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from types import MappingProxyType
from typing import cast

from histparse.sites.base import Continuation, FileReading, NotWritable, Site, WriteError
from histparse.sites.profile import (
    GENERIC,
    NEUTRAL_WORDS,
    SiteProfile,
    Wording,
    draws_unrecorded,
)
from histparse.sites.recognised import RECOGNISED
from histparse.sites.seating import dealt_in_seats

__all__ = [
    "SITES",
    "Continuation",
    "FileReading",
    "NotWritable",
    "Site",
    "SiteProfile",
    "Wording",
    "WriteError",
    "cuts_at",
    "dealt_in_seats",
    "draws_unrecorded",
    "expected_first_lines",
    "file_reader_for",
    "folder",
    "hand_start_prefixes",
    "is_separator",
    "profile_for",
    "site_for",
    "site_named",
    "words_for",
]


def folder(name: str) -> Site:
    """The ``SITE`` that the folder ``histparse/sites/<name>/`` defines."""
    return cast(Site, import_module(f"histparse.sites.{name}").SITE)


# The registry: one line a site. A site folder is listed by ``folder("<name>")``; the sites
# histparse only recognises follow.
SITES: tuple[Site, ...] = (
    folder("pokerstars"),
    folder("fulltilt"),
    folder("winamax"),
    folder("kingsclub"),
    folder("merge"),
    *RECOGNISED,
)
"""Every site, in the order their first lines are tried."""


class _Index:
    """What the hot paths read, worked out once from ``SITES`` (again after ``reload``)."""

    def __init__(self, sites: tuple[Site, ...]) -> None:
        self.sites = sites
        self.prefixes = tuple(p for site in sites for p in site.prefixes)
        self.cut_sites = tuple(site for site in sites if site.cuts)
        self.cut_prefixes = tuple(p for site in self.cut_sites for p in site.prefixes)
        self.cutters = tuple((site.prefixes, site.cuts_at) for site in self.cut_sites)
        # First characters of the cut prefixes: most lines are rejected on one set lookup.
        self.cut_initials = frozenset(p[0] for p in self.cut_prefixes)
        self.by_name: Mapping[str, Site] = MappingProxyType({s.name: s for s in sites})
        # Each site's first line by name only (its example form stays in its own errors): a
        # line no site reads is named in a message a terminal line can hold.
        self.expected = " or ".join(s.expected.split(" (")[0] for s in sites if s.expected)
        self.file_readers = tuple(s for s in sites if isinstance(s, FileReading))
        self.file_prefixes = tuple(p for s in self.file_readers for p in s.prefixes)


_INDEX = _Index(SITES)


def reload() -> None:
    """Rebuild the registry's index after ``SITES`` was changed (tests register toy sites)."""
    global _INDEX
    _INDEX = _Index(SITES)


def site_for(first_line: str) -> Site | None:
    """The site whose hands (or texts) start with ``first_line`` (without trailing
    whitespace), or None."""
    index = _INDEX
    if not first_line.startswith(index.prefixes):
        return None
    for site in index.sites:
        if first_line.startswith(site.prefixes) and site.first_line(first_line):
            return site
    return None


def site_named(name: str) -> Site | None:
    """The site called ``name`` (``Hand.site``), or None."""
    return _INDEX.by_name.get(name)


def profile_for(name: str) -> SiteProfile:
    """The rule profile of the site called ``name`` (``GENERIC`` for a site without one)."""
    site = _INDEX.by_name.get(name)
    return GENERIC if site is None else site.profile


def words_for(name: str) -> Wording:
    """How the site called ``name`` words its lines (neutral words for a site not registered):
    for messages and views that quote them."""
    site = _INDEX.by_name.get(name)
    return NEUTRAL_WORDS if site is None else site.words


def hand_start_prefixes() -> tuple[str, ...]:
    """The prefixes of the lines that may start a chunk with no blank line before them: where
    files are cut into pieces for parallel reading (``cuts_at`` then decides)."""
    return _INDEX.cut_prefixes


def cut_initials() -> frozenset[str]:
    """The first characters of ``hand_start_prefixes``."""
    return _INDEX.cut_initials


def cuts_at(line: str) -> bool:
    """True if ``line`` (without trailing whitespace) starts a chunk even right after another
    line: a first line of a site that cuts."""
    # A loop, not any(...): a generator per line costs on the reader's hot path.
    for prefixes, cuts in _INDEX.cutters:  # noqa: SIM110
        if line.startswith(prefixes) and cuts(line):
            return True
    return False


def file_reader_for(line: str) -> FileReading | None:
    """The site that reads whole the file whose first line (not blank, stripped) is
    ``line``, or None (the file is read as text, in chunks)."""
    index = _INDEX
    if not line.startswith(index.file_prefixes):
        return None
    for site in index.file_readers:
        if line.startswith(site.prefixes):
            return site
    return None


def is_separator(line: str) -> bool:
    """True for a line some site prints alone between hands (passed over)."""
    return any(site.separator(line) for site in _INDEX.sites)


def expected_first_lines() -> str:
    """How an error names the first lines histparse can read."""
    return _INDEX.expected
