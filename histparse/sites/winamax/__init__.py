"""Winamax (2016): 2-7 Triple Draw hands, in the client's real-money dialect and the history
viewer's export (FORMATS-SITES §2). The registry lists ``SITE``."""

from __future__ import annotations

from typing import Final

from histparse.sites.winamax.site import SITE_OBJECT

__all__ = ["SITE"]

SITE: Final = SITE_OBJECT
"""Winamax as a ``Site``: the one object the registry lists for it."""
