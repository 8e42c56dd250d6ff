"""The notebooks in ``notebooks/`` run top to bottom on ``sample_histories/`` with no edits, in
a kernel of this interpreter, from ``notebooks/`` and from the repository root; and they are
committed with their outputs stripped."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from nbformat import NotebookNode

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
NAMES = ("post_session_review.ipynb", "audit_site_results.ipynb", "parquet_dataset.ipynb")
# The corrupt hand the audit notebook drills into (duplicate hole cards after each draw).
FLAGGED_HAND = "81631597149"


def _read(name: str) -> NotebookNode:
    nb: NotebookNode = nbformat.read(NOTEBOOKS / name, as_version=4)  # type: ignore[no-untyped-call]
    return nb


def _run(nb: NotebookNode, cwd: Path) -> tuple[NotebookNode, str]:
    """Execute ``nb`` with ``cwd`` as the working directory (as Jupyter does, from the
    notebook's folder); return it and what an extra last cell says ``sys.prefix`` is in the
    kernel. A failing cell raises ``CellExecutionError`` naming the cell and the error."""
    probe_cell = nbformat.v4.new_code_cell("import sys\nprint(sys.prefix)")  # type: ignore[no-untyped-call]
    nb.cells.append(probe_cell)
    client = NotebookClient(
        nb, kernel_name="python3", timeout=300, resources={"metadata": {"path": str(cwd)}}
    )
    client.execute()
    probe = nb.cells.pop()
    prefix = "".join(o.get("text", "") for o in probe.outputs).strip()
    return nb, prefix


def _outputs(nb: NotebookNode) -> list[NotebookNode]:
    return [o for cell in nb.cells if cell.cell_type == "code" for o in cell.outputs]


def _text(nb: NotebookNode) -> str:
    """Everything the cells printed or displayed as text."""
    parts = []
    for o in _outputs(nb):
        if o.output_type == "stream":
            parts.append(o.text)
        elif "data" in o:
            parts.append(o.data.get("text/plain", ""))
    return "\n".join(parts)


def _has_png(nb: NotebookNode) -> bool:
    return any("image/png" in o.get("data", {}) for o in _outputs(nb))


def _check_post_session(nb: NotebookNode) -> None:
    text = _text(nb)
    assert _has_png(nb), "the graphs were not displayed"
    # Two replayed hands, each down to its result.
    assert text.count("PokerStars hand #") >= 2
    assert "Result" in text and "Findings" in text
    assert "VPIP" in text and "drew 1" in text
    # The situation stats, the all-in luck, the starting and kept hands, wins and losses.
    assert "CBet" in text and "PatVsPat" in text and "ev_net" in text and "luck" in text
    assert "start_class" in text and "draw 3" in text and "2-card smooth" in text
    assert "Biggest wins" in text and "Biggest losses" in text
    assert "The biggest win: " in text and "The biggest loss: -" in text
    # The biggest pot shown as the HTML replayer (the Hand's _repr_html_).
    views = [o.data["text/html"] for o in _outputs(nb) if "text/html" in o.get("data", {})]
    assert any('class="hp-hand"' in v and "hp-card" in v for v in views)


def _check_audit(nb: NotebookNode) -> None:
    text = _text(nb)
    assert FLAGGED_HAND in text, "the corrupt hand was not audited"
    assert "CARD-HERO-DRAW" in text
    # The source listing marks the lines that show a finding.
    assert re.search(r"Dealt to Hero \[2s 7s 5h 3c Qh\] \[2s 7s 5h 3c Qh\]\s+<-- ", text)


def _check_parquet(nb: NotebookNode) -> None:
    text = _text(nb)
    assert _has_png(nb), "the showdown graph was not displayed"
    again = re.search(r"new: (\d+), already present: (\d+)", text)
    assert again is not None and again.group(1) == "0" and int(again.group(2)) > 0
    removed = re.search(r"removed (\S+)", text)
    assert removed is not None
    lake = Path(removed.group(1))
    assert not lake.is_relative_to(ROOT), "the dataset was written into the repository"
    assert not lake.exists(), "the temporary dataset was not removed"


CHECKS: dict[str, Callable[[NotebookNode], None]] = {
    "post_session_review.ipynb": _check_post_session,
    "audit_site_results.ipynb": _check_audit,
    "parquet_dataset.ipynb": _check_parquet,
}


def test_the_notebooks_are_the_three_expected() -> None:
    assert sorted(p.name for p in NOTEBOOKS.glob("*.ipynb")) == sorted(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_committed_notebook_is_stripped_and_valid(name: str) -> None:
    nb = _read(name)
    nbformat.validate(nb)
    assert nb.metadata["kernelspec"]["name"] == "python3"
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert code, "no code cells"
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code":
            assert cell.outputs == [], f"cell {i} has outputs"
            assert cell.execution_count is None, f"cell {i} has an execution count"


@pytest.mark.parametrize(
    ("name", "where"),
    [(name, "notebooks") for name in NAMES] + [("audit_site_results.ipynb", "root")],
)
def test_notebook_runs(name: str, where: str) -> None:
    cwd = NOTEBOOKS if where == "notebooks" else ROOT
    before = sorted(p.name for p in NOTEBOOKS.iterdir())
    nb, prefix = _run(_read(name), cwd)
    assert Path(prefix) == Path(sys.prefix), "the kernel is not this interpreter"
    assert not any(o.output_type == "error" for o in _outputs(nb))
    CHECKS[name](nb)
    assert sorted(p.name for p in NOTEBOOKS.iterdir()) == before, "files written in notebooks/"


def test_review_says_when_no_opponent_qualifies() -> None:
    """The opponents' cells of the review, with a hand minimum nobody reaches: they say so."""
    nb = _read("post_session_review.ipynb")
    code = [c for c in nb.cells if c.cell_type == "code"]
    keep = [c for c in code if "MIN_HANDS" in c.source or "regulars" in c.source]
    needed = ("def find_root", "SESSION =", "hero = hp.player_stats", "def readable")
    setup = [c for c in code if any(n in c.source for n in needed)]
    for c in keep:
        c.source = c.source.replace("MIN_HANDS = 30", "MIN_HANDS = 10**6")
    nb.cells = [*setup, *keep]
    nb, _ = _run(nb, NOTEBOOKS)
    assert not any(o.output_type == "error" for o in _outputs(nb))
    text = _text(nb)
    assert "No opponent played 1000000 hands or more with Hero" in text
    assert "No regular opponent" in text
