"""Simulated hands as Merge games (``histparse generate --site merge``): the conversion
itself lives in the site's folder (``sites/merge/convert.py``)."""

from __future__ import annotations

from histparse.sites.merge.convert import as_merge

__all__ = ["as_merge"]
