"""The rich-display hook: how a ``Hand`` or a ``Replay`` finds its HTML view in Jupyter.

The views (``histparse.views``) sit above every model they draw, so a model cannot import them,
not even lazily inside ``_repr_html_`` (``tests/test_layers.py`` reads imports at any depth).
Instead the views register a renderer per type here when they are imported, and the package's
own ``__init__`` (which sits above every layer) sets ``loader`` to import them on the first
display. A model's ``_repr_html_`` calls ``html_of(self)``.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["html_of", "loader", "register"]

_renderers: dict[type, Callable[[object], str]] = {}

# Imports the views (which register themselves); set by ``histparse/__init__``.
loader: Callable[[], object] | None = None


def register(kind: type, render: Callable[[object], str]) -> None:
    """Use ``render`` for the HTML view of ``kind`` (and its subclasses)."""
    _renderers[kind] = render


def html_of(obj: object) -> str | None:
    """The HTML view of ``obj``, or None when no view is registered (plain repr then)."""
    global loader
    if loader is not None and not _renderers:
        load, loader = loader, None  # once, even when the import fails
        load()
    for kind in type(obj).__mro__:
        render = _renderers.get(kind)
        if render is not None:
            return render(obj)
    return None
