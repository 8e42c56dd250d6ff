"""Shared test set-up: helper modules import by their plain names from any test folder.

pytest runs with ``--import-mode=importlib`` (so test basenames may repeat across folders) and
so puts no test folder on ``sys.path``. The folders below hold the modules other tests import
by name: ``factories``, ``fresh_python`` and ``golden`` at the top, and the test modules whose
builders and fixtures are shared (``test_engine_properties``, ``test_export``,
``test_tables_builder``, ``test_stats_flags``, ``mutations/faults``,
``sites/test_fulltilt_audit``). A test module
imported that way is a second copy of the one pytest collects; only pytest's copy runs its
tests.
"""

from __future__ import annotations

import importlib
import re
import shutil
import sys
from pathlib import Path

import pytest

_TESTS = Path(__file__).resolve().parent

# A shell without the project's environment: one clear line, not a hundred collection errors.
# The package and what its tests import at the top (its dependencies and test tools).
_NEEDED = ("histparse", "lark", "numpy", "pandas", "pyarrow", "matplotlib", "hypothesis")
try:
    for _name in _NEEDED:
        importlib.import_module(_name)
except ImportError as exc:
    pytest.exit(
        f"{exc}: activate the venv first (. .venv/bin/activate), or install histparse with "
        "its test tools into this Python (pip install -e '.[dev]'; README, Quick start)",
        returncode=4,
    )

for _folder in (
    _TESTS,
    *(_TESTS / name for name in ("engine", "export", "frames", "stats", "mutations", "sites")),
):
    if str(_folder) not in sys.path:
        sys.path.insert(0, str(_folder))


# The generated sample files cut to their first hands (a few hundred in all, with every unit,
# limit, stake and player of the whole samples): tests that parse and replay the samples again
# for each of their commands read these, where the whole samples cost the suite a minute of CPU.
SAMPLE_HANDS = 70


@pytest.fixture(scope="session")
def samples(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The bundled samples: the real files whole, each generated file's first hands."""
    src = _TESTS.parent / "sample_histories"
    out = tmp_path_factory.mktemp("samples")
    for path in src.glob("*.txt"):
        shutil.copyfile(path, out / path.name)
    for path in (src / "generated").glob("*.txt"):
        hands = re.split(r"(?m)^(?=PokerStars Hand #)", path.read_text(encoding="utf-8"))[1:]
        assert len(hands) > SAMPLE_HANDS
        (out / path.name).write_text("".join(hands[:SAMPLE_HANDS]), encoding="utf-8")
    return str(out)
