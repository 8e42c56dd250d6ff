"""Player names, table names and chat texts for simulated tables.

Names mimic what PokerStars allows and the real files show: plain handles with digits, names
with spaces (``francois 712``, ``X USN-USMC``), non-ASCII letters, punctuation (``@sker86``) and
names that are prefixes of other names (``Player1`` / ``Player10``), so that a parser anchored
on the roster is exercised. No name contains ``: ``, brackets, parentheses or quotes, or starts
like a fixed PokerStars line, because PokerStars does not allow them either.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from typing import Final

_PLAIN: Final = (
    "rumble", "bakter", "cypis", "tom", "lippo", "vega", "dantho", "postman", "gemma",
    "mamega", "lumbita", "eisenherz", "labman", "kowal", "drawmaster", "lowball", "deuce",
    "sevenfive", "ninja", "grinder", "fish", "shark", "bluffy", "snowman", "patman",
    "wheel", "nutlow", "kingpin", "tilt", "donk", "rounder", "maverick", "zeus", "orca",
)  # fmt: skip
_SPACED: Final = (
    "francois {n}", "X USN-USMC", "nl pokerr", "big al {n}", "James UK{n}", "el gato {n}",
    "mr pat", "the snowman", "Seven Five", "lucky {n}", "jack o {n}", "la Reina",
)  # fmt: skip
_ACCENTED: Final = (
    "Jörg{n}", "Zoë", "Ñandú{n}", "Łukasz P", "Ørjan", "Ştefan{n}", "Çağrı", "Ana Lúcia",
    "Müller {n}", "Sébastien", "Håkon{n}", "Dvořák", "Gómez_{n}", "Škoda{n}", "Þór",
)  # fmt: skip
_PUNCT: Final = (
    "@sker{n}", "o'neil{n}", "dr.drawz", "-=Snow=-", "Mr_Pat{n}", "x_Dz_x", "ace-{n}",
    "deuce.seven", "$hark{n}", "!lowball!",
)  # fmt: skip
_CATEGORIES: Final = (
    (0.55, "plain"),
    (0.15, "spaced"),
    (0.15, "accented"),
    (0.10, "punct"),
    (0.05, "player"),
)

_TABLES: Final = (
    "Theodora", "Pulova", "Sabauda", "Aletheia", "Ekard", "Hiltner", "Kassandra", "Nausikaa",
    "Okyrhoe", "Philagoria", "Rhodia", "Tyche", "Zelinda", "Ampella", "Berenike", "Cremona",
    "Dembowska", "Eukrate", "Flammario", "Gyptis", "Hypatia", "Iduna", "Julia", "Klotho",
)  # fmt: skip
_ROMAN: Final = tuple(
    tens + units
    for tens in ("", "X", "XX")
    for units in ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX")
    if tens + units
)

CHAT_TEXTS: Final = (
    "nh", "ty", "gg", "lol", "vnh", "wp", "ugh", "gl all", "sry", "brb", "nice pat",
    "snowman :)", "3 draws and nothing", "why do i even draw", 'he said "nh"',
    "Hero: bets $5", "raises $0.10 to $0.20", "¡olé!", "ça va?", "zzzzzzzzzz", "",
    "a chip and a chair?", "*** SUMMARY ***", "Seat 1: lol", "i have blockers!", "ñ",
)  # fmt: skip


def _fill(template: str, rng: random.Random) -> str:
    return template.replace("{n}", str(rng.randint(1, 999)))


def player_name(rng: random.Random, taken: Collection[str]) -> str:
    """A fresh player name not in ``taken``."""
    for _ in range(1000):
        r = rng.random()
        kind = "plain"
        for weight, name in _CATEGORIES:
            if r < weight:
                kind = name
                break
            r -= weight
        if kind == "plain":
            base = rng.choice(_PLAIN)
            name = base + str(rng.randint(1, 9999)) if rng.random() < 0.8 else base.capitalize()
        elif kind == "spaced":
            name = _fill(rng.choice(_SPACED), rng)
        elif kind == "accented":
            name = _fill(rng.choice(_ACCENTED), rng)
        elif kind == "punct":
            name = _fill(rng.choice(_PUNCT), rng)
        else:
            # Small numbers on purpose: "Player1" and "Player12" at one table test the parser's
            # longest-name-first matching.
            name = f"Player{rng.randint(0, 30)}"
        if name not in taken:
            return name
    raise RuntimeError("could not find a free player name")  # pragma: no cover


def table_name(rng: random.Random, used: Collection[str] = ()) -> str:
    """A PokerStars-like cash table name such as ``Theodora VI``, not in ``used`` while
    there are fresh ones (so that a session's tables can be told apart by name)."""
    name = ""
    for _ in range(100):
        base = rng.choice(_TABLES)
        name = f"{base} {rng.choice(_ROMAN)}" if rng.random() < 0.9 else base
        if name not in used:
            break
    return name
