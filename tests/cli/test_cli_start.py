"""The command line imports only the command it runs: every command's module imports what it
runs (pandas, pyarrow, the sites' grammars), and importing all seventeen took most of a
second before any command started."""

from __future__ import annotations

from pathlib import Path

import pytest
from fresh_python import run_fresh

import histparse.cli as cli
from histparse.cli.status import EXIT_IO, EXIT_USAGE
from histparse.export.errors import DatasetError
from histparse.parallel.ranges import FileChanged


def _choices(parser: object) -> list[str]:
    actions = parser._subparsers._group_actions  # type: ignore[attr-defined]
    return list(actions[0].choices)


def test_the_parser_of_one_command_registers_that_command_alone() -> None:
    every = [name.removesuffix("_cmd") for name in cli.COMMAND_MODULES]
    assert _choices(cli.build_parser()) == every and len(every) == 17
    assert _choices(cli.build_parser("show")) == ["show"]
    # Not a command (a typo, an option): every command, so that argparse lists them.
    assert _choices(cli.build_parser("shwo")) == every
    assert cli._command_in(["-q", "parse", "x"]) == "parse"
    assert cli._command_in(["--version"]) is None


@pytest.mark.parametrize("command", ["parse", "equity"])
def test_a_light_command_starts_without_pandas_or_pyarrow(command: str) -> None:
    """In a fresh interpreter, the parser of ``parse`` or ``equity`` imports none of pandas,
    pyarrow, matplotlib or the export package (``histparse parse`` started in 1.3-1.4 s with
    them, 0.8 s without)."""
    heavy = ("pandas", "pyarrow", "matplotlib", "histparse.export")
    code = (
        "import sys\n"
        "from histparse.cli import build_parser\n"
        f"build_parser({command!r})\n"
        f"print([m for m in {heavy!r} if m in sys.modules])\n"
    )
    assert run_fresh(code).strip() == "[]"


def test_the_failures_raised_on_purpose_keep_their_status() -> None:
    """Looked up, not imported: a dataset that is not one is a usage error, a file rewritten
    while read an I/O error, anything else not known here."""
    assert cli._known_failure(DatasetError("ds: not a histparse dataset")) == (
        EXIT_USAGE,
        "ds: not a histparse dataset",
    )
    assert cli._known_failure(FileChanged("h.txt:40: changed")) == (EXIT_IO, "h.txt:40: changed")
    assert cli._known_failure(ValueError("no")) is None


def test_show_runs_without_pandas_or_pyarrow() -> None:
    """``histparse show ID FILE`` replays and prints one hand: in a fresh interpreter it
    imports none of pandas, pyarrow or matplotlib (the audit view's stakes helper lives in
    the stats package, which imports pandas: 1.39 -> 0.90 s once it was imported only when an
    audit counts a hand)."""
    path = Path(__file__).resolve().parents[1] / "data" / "pokerstars"
    path = path / "3-Draw-Limit-USD-0.10-0.20-200911.txt"
    code = (
        "import contextlib, io, sys\n"
        "from histparse.cli import main\n"
        "out = io.StringIO()\n"
        "with contextlib.redirect_stdout(out):\n"
        "    status = main(['show', '35839001292', sys.argv[1]])\n"
        "print(status, '35839001292' in out.getvalue())\n"
        "print([m for m in ('pandas', 'pyarrow', 'matplotlib') if m in sys.modules])\n"
    )
    assert run_fresh(code, str(path)).split("\n")[:2] == ["0 True", "[]"]
