"""Shared test set-up: helper modules import by their plain names from any test folder.

pytest runs with ``--import-mode=importlib`` (so test basenames may repeat across folders) and
so puts no test folder on ``sys.path``. The folders below hold the modules other tests import
by name: ``factories`` and ``golden`` at the top, and the test modules whose builders and
fixtures are shared (``test_engine_properties``, ``test_export``, ``test_tables_builder``,
``test_stats_flags``, ``mutations/faults``, ``sites/test_fulltilt_audit``). A test module
imported that way is a second copy of the one pytest collects; only pytest's copy runs its
tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

_TESTS = Path(__file__).resolve().parent
for _folder in (
    _TESTS,
    *(_TESTS / name for name in ("engine", "export", "frames", "stats", "mutations", "sites")),
):
    if str(_folder) not in sys.path:
        sys.path.insert(0, str(_folder))
