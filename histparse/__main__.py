"""``python -m histparse`` runs the command-line interface."""

from histparse.cli import main

# The guard keeps forkserver workers (``--jobs``) from re-running the CLI when they import this.
if __name__ == "__main__":
    raise SystemExit(main())
