"""Whole pages and notebook views: the styles and (on pages) the scripts inlined, nothing
fetched from anywhere."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from histparse.events import Hand
from histparse.replayer import Replay
from histparse.replayer import replay as replay_hand
from histparse.views.assets import CSS, SCRIPT
from histparse.views.hand import hand_html
from histparse.views.markup import esc
from histparse.views.table import model_json, table_model
from histparse.views.table_assets import TABLE_CSS, TABLE_SCRIPT

if TYPE_CHECKING:
    from histparse.review import DrawReview

__all__ = ["frame", "hand_page", "notebook_view", "page", "table_html"]


def page(title: str, body: str, *, scripts: tuple[str, ...] = (SCRIPT,), css: str = "") -> str:
    """A self-contained HTML document around ``body`` (styles and scripts inline)."""
    # No external resource may load: a content policy that allows only what is inline.
    policy = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'"
    code = "".join(f"<script>{s}</script>" for s in scripts)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{policy}">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(title)}</title><style>{CSS}{css}</style></head>"
        f'<body class="hp-page hp-root"><div class="hp-root">{body}</div>'
        f"{code}</body></html>\n"
    )


def notebook_view(body: str) -> str:
    """``body`` with the styles, for a notebook's output (notebooks do not run the script)."""
    return f'<div class="hp-root"><style>{CSS}</style>{body}</div>'


def frame(document: str, height: int = 760) -> str:
    """``document`` (a whole page) in an ``iframe`` of its own: a notebook runs the page's
    script there, sandboxed, whatever it does with scripts in its outputs."""
    return (
        f'<iframe sandbox="allow-scripts" srcdoc="{esc(document)}" '
        f'style="width:100%;height:{height}px;border:1px solid #d0d4d8" '
        'title="histparse replayer"></iframe>'
    )


def table_html(replay: Replay, reviews: Iterable[DrawReview] = ()) -> str:
    """The hand's table replayer: an element the page's table script draws (the SVG table);
    ``reviews`` (the draw review of the replay) are marked on the draws they value."""
    model = model_json(table_model(replay, reviews))
    return (
        f'<div class="hp-tblroot" data-hand="{esc(replay.hand.hand_id)}">'
        f'<script type="application/json" class="hp-model">{model}</script></div>'
    )


def hand_page(hand: Hand, replay: Replay | None = None, reviews: Iterable[DrawReview] = ()) -> str:
    """The replayer page of one hand: the table, stepped with the buttons or the arrow keys,
    above the hand's lines, result and findings; ``reviews`` marks the draws they value."""
    if replay is None:
        replay = replay_hand(hand)
    title = f"{hand.site} hand #{hand.hand_id}"
    body = table_html(replay, reviews) + hand_html(hand, replay)
    return page(title, body, scripts=(TABLE_SCRIPT,), css=TABLE_CSS)
