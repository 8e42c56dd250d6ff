"""``python -m histparse`` runs the command-line interface."""

from histparse.cli import main

raise SystemExit(main())
