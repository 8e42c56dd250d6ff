"""The top-level package: every public name resolves to the object of its home module, and
importing the parser alone does not drag in the table and plotting libraries (workers that only
parse start faster)."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import histparse


@pytest.mark.parametrize("name", sorted(set(histparse.__all__) - {"__version__"}))
def test_public_names_come_from_their_home_module(name: str) -> None:
    home = importlib.import_module(histparse._HOMES[name])
    assert getattr(histparse, name) is getattr(home, name)


def test_every_public_name_has_a_home_and_an_unknown_name_raises() -> None:
    assert set(histparse._HOMES) == set(histparse.__all__) - {"__version__"}
    assert set(histparse.__all__) <= set(dir(histparse))
    with pytest.raises(AttributeError, match="no_such_name"):
        _ = histparse.no_such_name  # type: ignore[attr-defined]


def test_the_parser_alone_imports_no_pandas_pyarrow_or_matplotlib() -> None:
    code = (
        "import sys, histparse.parsing, histparse.parallel.counts\n"
        "print(sorted(m for m in ('pandas', 'pyarrow', 'matplotlib') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
