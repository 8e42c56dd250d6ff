"""Simulated hands as Full Tilt hands (``histparse generate --site fulltilt``): the simulator,
like PokerStars' folder, is allowed to make a site's hands; the conversion itself lives in the
site's folder (``sites/fulltilt/convert.py``)."""

from __future__ import annotations

from histparse.sites.fulltilt.convert import as_full_tilt

__all__ = ["as_full_tilt"]
