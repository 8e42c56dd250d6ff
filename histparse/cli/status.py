"""The exit statuses of every command, one value per outcome (README, "Exit status").

A script tells the outcomes apart by value: the hands a run rejected (1) are not the findings
of an audit (5), and a command used wrongly (2) is not a disk that failed under it (6).
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "EXIT_FAILED",
    "EXIT_FINDINGS",
    "EXIT_INTERRUPTED",
    "EXIT_IO",
    "EXIT_OK",
    "EXIT_REJECTED",
    "EXIT_UNREADABLE",
    "EXIT_USAGE",
]

EXIT_OK: Final = 0
# Some hands were rejected (or ``show``'s hand was not found or not parsed).
EXIT_REJECTED: Final = 1
# Could not run: a bad option or value, a path that matches nothing, no history files, a
# dataset that cannot be used (``DatasetError``: not a dataset, damaged, being written).
EXIT_USAGE: Final = 2
# Done with the readable files; some paths could not be read (each named). Outranks 1 and 5.
EXIT_UNREADABLE: Final = 3
# A bug or a killed worker: one line on stderr.
EXIT_FAILED: Final = 4
# Done; some findings are errors (``audit``) or the deck looks rigged (``fairness``).
EXIT_FINDINGS: Final = 5
# An operating-system error mid-run: a file that could not be written or read (disk full,
# permission), or that changed while it was read.
EXIT_IO: Final = 6
# Ctrl-C or SIGTERM (128 + SIGINT, as shells report it): every committed batch is kept.
EXIT_INTERRUPTED: Final = 130
