"""Kings Club (private mixed-game app, 2020-2021): Limit 2-7 Triple Draw and No Limit 2-7
Single Draw hands, run twice included (FORMATS-SITES §3). The registry lists ``SITE``."""

from __future__ import annotations

from typing import Final

from histparse.sites.kingsclub.site import SITE_OBJECT

__all__ = ["SITE"]

SITE: Final = SITE_OBJECT
"""Kings Club as a ``Site``: the one object the registry lists for it."""
