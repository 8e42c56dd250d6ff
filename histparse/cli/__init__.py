"""The ``histparse`` command line: one module per subcommand, each with ``register``."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from types import FrameType

from histparse import __version__
from histparse.cli.status import EXIT_FAILED, EXIT_INTERRUPTED, EXIT_IO, EXIT_REJECTED, EXIT_USAGE
from histparse.textio import one_line, shown

# Each module named here defines ``register(subparsers) -> None``; the subparser it adds sets
# ``func`` (a callable taking the parsed ``argparse.Namespace`` and returning an exit status).
COMMAND_MODULES: tuple[str, ...] = (
    "parse_cmd",
    "stats_cmd",
    "graph_cmd",
    "export_cmd",
    "watch_cmd",
    "compact_cmd",
    "audit_cmd",
    "generate_cmd",
    "convert_cmd",
    "show_cmd",
    "browse_cmd",
    "fairness_cmd",
    "equity_cmd",
    "review_cmd",
    "sessions_cmd",
    "tournaments_cmd",
    "integrity_cmd",
)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every subcommand, or with ``command``'s alone when it names
    one: each command's module imports what it runs (pandas, pyarrow, the sites' grammars),
    and importing all of them took most of a second before any command started."""
    parser = argparse.ArgumentParser(
        prog="histparse", description="2-7 Triple Draw hand histories: parse, audit, report."
    )
    parser.add_argument("--version", action="version", version=f"histparse {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    names = COMMAND_MODULES
    if command is not None and f"{command}_cmd" in COMMAND_MODULES:
        names = (f"{command}_cmd",)
    for name in names:
        module = importlib.import_module(f"histparse.cli.{name}")
        module.register(subparsers)
    return parser


def _command_in(argv: Sequence[str]) -> str | None:
    """The subcommand ``argv`` names (its first word that is not an option), if any."""
    return next((arg for arg in argv if not arg.startswith("-")), None)


def _known_failure(exc: Exception) -> tuple[int, str] | None:
    """The exit status and message of a failure the commands raise on purpose, else None.

    The modules that define them are looked up rather than imported: an exception of their
    class exists only once its module was imported, and importing the export package for its
    error class alone would cost every command most of a second."""
    export_errors = sys.modules.get("histparse.export.errors")
    if export_errors is not None and isinstance(exc, export_errors.DatasetError):
        # A dataset that is not one, damaged or doctored (``export.check``): the file named.
        return EXIT_USAGE, shown(str(exc))
    ranges = sys.modules.get("histparse.parallel.ranges")
    if ranges is not None and isinstance(exc, ranges.FileChanged):
        # A file rewritten while it was being read in pieces: the results would be wrong.
        return EXIT_IO, shown(str(exc))
    return None


class Terminated(BaseException):
    """SIGTERM, raised where the process was (as Ctrl-C raises ``KeyboardInterrupt``)."""


def _terminate(signum: int, frame: FrameType | None) -> None:
    raise Terminated


@contextlib.contextmanager
def _sigterm_raises() -> Iterator[None]:
    # Only the main thread may set a handler (a test may call ``main`` from another).
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def interrupted_message(command: str) -> str:
    """The one line printed when a run is interrupted: what is safe."""
    if command in ("export", "watch"):
        # Batches commit atomically (docs/parquet.md): a stopped export loses only its last.
        return f"histparse {command}: interrupted; the dataset holds every committed batch"
    return f"histparse {command}: interrupted"


def _never_unencodable() -> None:
    # A file name that is not UTF-8 reaches messages as lone surrogates; what the commands do
    # not escape themselves (``textio.shown``) is written escaped, never an encoding error.
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and stream.errors == "strict":
            reconfigure(errors="backslashreplace")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the process exit status (``histparse.cli.status``)."""
    _never_unencodable()
    words = sys.argv[1:] if argv is None else argv
    parser = build_parser(_command_in(words))
    args = parser.parse_args(words)
    func = getattr(args, "func", None)
    if func is None:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    try:
        with _sigterm_raises():
            status: int = func(args)
    except (KeyboardInterrupt, Terminated):
        # Ctrl-C or a kill: one line, no traceback (the committed data is safe).
        print(interrupted_message(args.command), file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (``histparse parse ... | head``): stop quietly, and keep Python
        # from failing again when it flushes stdout at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_REJECTED
    except OSError as exc:
        # A disk full, a file gone: the file named, one line.
        where = f"{shown(exc.filename)}: " if exc.filename else ""
        print(f"histparse {args.command}: {where}{exc.strerror or exc}", file=sys.stderr)
        return EXIT_IO
    except Exception as exc:
        known = _known_failure(exc)
        if known is not None:
            print(f"histparse {args.command}: {known[1]}", file=sys.stderr)
            return known[0]
        # A killed worker (BrokenProcessPool), a RecursionError, a bug: never the status of
        # "some hands were rejected".
        print(f"histparse {args.command}: internal error: {one_line(exc)}", file=sys.stderr)
        return EXIT_FAILED
    return status
