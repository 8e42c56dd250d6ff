"""Shared test set-up: the helper modules beside the tests (``factories``, ``golden``) import
by their plain names from any test folder, whatever pytest's import mode."""

from __future__ import annotations

import sys
from pathlib import Path

_TESTS = str(Path(__file__).resolve().parent)
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)
