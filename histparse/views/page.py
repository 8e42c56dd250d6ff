"""Whole pages and notebook views: the styles and (on pages) the script inlined, nothing
fetched from anywhere."""

from __future__ import annotations

from histparse.events import Hand
from histparse.replayer import Replay
from histparse.replayer import replay as replay_hand
from histparse.views.assets import CSS, SCRIPT
from histparse.views.hand import hand_html
from histparse.views.markup import esc

__all__ = ["hand_page", "notebook_view", "page"]


def page(title: str, body: str) -> str:
    """A self-contained HTML document around ``body`` (styles and script inline)."""
    # No external resource may load: a content policy that allows only what is inline.
    policy = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'"
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{policy}">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(title)}</title><style>{CSS}</style></head>"
        f'<body class="hp-page hp-root"><div class="hp-root">{body}</div>'
        f"<script>{SCRIPT}</script></body></html>\n"
    )


def notebook_view(body: str) -> str:
    """``body`` with the styles, for a notebook's output (notebooks do not run the script)."""
    return f'<div class="hp-root"><style>{CSS}</style>{body}</div>'


def hand_page(hand: Hand, replay: Replay | None = None) -> str:
    """The replayer page of one hand: step through it with the buttons or the arrow keys."""
    if replay is None:
        replay = replay_hand(hand)
    title = f"{hand.site} hand #{hand.hand_id}"
    return page(title, hand_html(hand, replay, stepper=True))
