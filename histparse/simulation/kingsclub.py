"""Simulated hands as Kings Club hands (``histparse generate --site kingsclub``): the
simulator, like PokerStars' folder, is allowed to make a site's hands; the conversion itself
lives in the site's folder (``sites/kingsclub/convert.py``)."""

from __future__ import annotations

from histparse.sites.kingsclub.convert import as_kings_club

__all__ = ["as_kings_club"]
