"""Small HTML helpers shared by the views: escaping, card glyphs, rule links, severities.

Every piece of text that comes from a hand history (names, table names, chat, file paths) goes
through ``esc``; markup is only ever built around escaped text.
"""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path
from typing import Final

from histparse.replayer.findings import Severity

__all__ = ["cards_html", "esc", "rule_href", "rules_base", "severity_class"]

_SUITS: Final = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}
# A bracketed run of cards as the text renderer prints them: ``[8s Ts 8h 2s 3s]``.
_CARD_RUN: Final = re.compile(r"\[((?:[2-9TJQKA][cdhs])(?: [2-9TJQKA][cdhs])*)\]")


def esc(text: object) -> str:
    """``text`` as HTML text or attribute value (quotes escaped too)."""
    return html.escape(str(text), quote=True)


def _card(token: str) -> str:
    rank, suit = token[0], token[1]
    return f'<span class="hp-card hp-{suit}">{rank}{_SUITS[suit]}</span>'


def cards_html(text: str) -> str:
    """``text`` escaped, with each bracketed run of cards drawn as glyphs in suit colours."""
    out: list[str] = []
    last = 0
    for m in _CARD_RUN.finditer(text):
        out.append(esc(text[last : m.start()]))
        glyphs = "".join(_card(t) for t in m.group(1).split())
        out.append(f'<span class="hp-cards" title="{esc(m.group(1))}">{glyphs}</span>')
        last = m.end()
    out.append(esc(text[last:]))
    return "".join(out)


@cache
def rules_base() -> str | None:
    """Where the rule book is: ``docs/rules.md`` of a source checkout, as a file address, or
    None when the package is installed without it (codes are then not linked)."""
    path = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
    return path.as_uri() if path.is_file() else None


def rule_href(rule: str, base: str | None) -> str | None:
    """The address of ``rule``'s anchor in the rule book at ``base``."""
    return None if base is None else f"{base}#{rule}"


def severity_class(severity: Severity) -> str:
    """``hp-sev-error`` and so on."""
    return f"hp-sev-{severity.label}"
