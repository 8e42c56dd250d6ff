"""Simulated hands as Winamax hands (``histparse generate --site winamax``): the simulator, like
PokerStars' folder, is allowed to make a site's hands; the conversion itself lives in the
site's folder (``sites/winamax/convert.py``)."""

from __future__ import annotations

from histparse.sites.winamax.convert import as_winamax

__all__ = ["as_winamax"]
