"""The ``histparse`` command line: one module per subcommand, each with ``register``."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from histparse import __version__
from histparse.cli.paths import EXIT_FAILED
from histparse.parallel.ranges import FileChanged
from histparse.textio import one_line

# Each module named here defines ``register(subparsers) -> None``; the subparser it adds sets
# ``func`` (a callable taking the parsed ``argparse.Namespace`` and returning an exit status).
COMMAND_MODULES: tuple[str, ...] = (
    "parse_cmd",
    "stats_cmd",
    "graph_cmd",
    "export_cmd",
    "audit_cmd",
    "generate_cmd",
    "convert_cmd",
    "show_cmd",
    "fairness_cmd",
    "equity_cmd",
    "sessions_cmd",
    "tournaments_cmd",
    "integrity_cmd",
)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="histparse", description="2-7 Triple Draw hand histories: parse, audit, report."
    )
    parser.add_argument("--version", action="version", version=f"histparse {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        module = importlib.import_module(f"histparse.cli.{name}")
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the process exit status (2: could not run)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        parser.print_help(sys.stderr)
        return 2
    try:
        status: int = func(args)
    except FileChanged as exc:
        # A file rewritten while it was being read in pieces: the results would be wrong.
        print(f"histparse {args.command}: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (``histparse parse ... | head``): stop quietly, and keep Python
        # from failing again when it flushes stdout at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except OSError as exc:
        # A disk full, a file gone: the file named, one line, "could not run".
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"histparse {args.command}: {where}{exc.strerror or exc}", file=sys.stderr)
        return 2
    except Exception as exc:
        # A killed worker (BrokenProcessPool), a RecursionError, a bug: never the status of
        # "some hands were rejected".
        print(f"histparse {args.command}: internal error: {one_line(exc)}", file=sys.stderr)
        return EXIT_FAILED
    return status
