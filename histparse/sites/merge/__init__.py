"""Merge/Carbon network (2011) XML games: 2-7 Triple Draw, Limit and Pot Limit
(FORMATS-SITES §4). The registry lists ``SITE``."""

from __future__ import annotations

from typing import Final

from histparse.sites.merge.site import SITE_OBJECT, MergeSite

__all__ = ["SITE", "MergeSite"]

SITE: Final = SITE_OBJECT
