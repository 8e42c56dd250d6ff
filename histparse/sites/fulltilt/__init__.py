"""Full Tilt Poker (2008-2013): 2-7 Triple Draw and 2-7 Single Draw hands, in the client's
dialect and the archive export's (FORMATS-SITES §1). The registry lists ``SITE``."""

from __future__ import annotations

from typing import Final

from histparse.sites.fulltilt.site import SITE_OBJECT, FullTiltSite

__all__ = ["SITE", "FullTiltSite"]

SITE: Final = SITE_OBJECT
