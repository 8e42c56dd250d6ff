"""Stakes labels: one string per stake, whatever way the site wrote its amounts.

A label is ``LOW/HIGH UNIT LIMIT`` (``0.10/0.20 USD Limit``, ``1/2 USD Limit``,
``20/40 tournament chips Limit``): the header's two amounts (small and big bet in fixed limit,
the blinds in pot and no limit), the money unit (``histparse.stats.units.unit_of``) and the
limit type's label. The amounts are written from their values, not from the site's text: when
both are whole they are integers (``1/2``, never ``1.00/2.00``); otherwise both show at least
two decimal places, more only where the amount has them (``0.50/1.00``, ``2.50/5.00``,
``0.02/0.05``, ``0.005/0.01``). The same rule holds for every unit, so that ``1/2`` and
``1.00/2.00`` from two files of one site are one stake.

``--stakes`` values match a label when equal to it, or to its amounts part alone, the amounts
compared as numbers (``.1/.2``, ``0.1/0.2`` and ``0.10/0.20`` all match
``0.10/0.20 USD Limit``), the unit and limit words case-insensitively.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from decimal import Decimal, InvalidOperation
from typing import Final

from histparse.game import LimitType

__all__ = [
    "UnknownStakesError",
    "canonical_stakes",
    "match_stakes",
    "resolve_stakes",
    "stakes_amounts",
    "stakes_key",
    "stakes_label",
]

_FIXED: Final = LimitType.FIXED.label
# Longest first: ``Pot Limit`` and ``No Limit`` end with ``Limit`` too.
_LIMITS: Final = sorted((t.label for t in LimitType), key=len, reverse=True)
_LABEL: Final = re.compile(r"\s*([^\s/]+)\s*/\s*([^\s/]+)(?:\s+(.*?))?\s*")
_WHOLE: Final = Decimal(1)


class UnknownStakesError(ValueError):
    """A ``--stakes`` value that matches none of the stakes present."""


def _text(amount: Decimal, places: int) -> str:
    if not amount.is_finite():
        return str(amount)
    if places == 0:
        return str(int(amount))
    # The places the amount needs once trailing zeros go, never fewer than ``places``.
    needed = max(places, -int(amount.normalize().as_tuple().exponent))
    return f"{amount.quantize(_WHOLE.scaleb(-needed)):f}"


def stakes_amounts(low: Decimal, high: Decimal) -> tuple[str, str]:
    """The two amounts as a label writes them: integers when both are whole, else each with
    at least two decimal places (``(Decimal("0.5"), Decimal("1"))`` -> ``("0.50", "1.00")``)."""
    whole = all(a.is_finite() and a == a.to_integral_value() for a in (low, high))
    places = 0 if whole else 2
    return _text(low, places), _text(high, places)


# Bounded, as the input is untrusted; stakes are few. Equal amounts hash alike whatever their
# places (``Decimal("1") == Decimal("1.00")``), and the label depends on the values only.
@functools.lru_cache(maxsize=4096)
def stakes_label(low: Decimal, high: Decimal, unit: str, limit_label: str) -> str:
    """The hands table's ``stakes``: ``LOW/HIGH UNIT LIMIT``, the amounts as ``stakes_amounts``
    writes them, so that equal stakes have one label (``1/2 USD Limit``)."""
    a, b = stakes_amounts(low, high)
    return f"{a}/{b} {unit} {limit_label}"


def _decimal(text: str) -> Decimal | None:
    try:
        value = Decimal(text)
    except InvalidOperation:
        return None
    return value if value.is_finite() and value >= 0 else None


def _parse(text: str) -> tuple[Decimal, Decimal, str] | None:
    """A label's (or a ``--stakes`` value's) two amounts and the words after them (``""``
    when none); None when it does not start with two amounts."""
    m = _LABEL.fullmatch(text)
    if m is None:
        return None
    low, high = _decimal(m.group(1)), _decimal(m.group(2))
    if low is None or high is None:
        return None
    return low, high, " ".join((m.group(3) or "").split())


def canonical_stakes(label: str) -> str:
    """``label`` rewritten as ``stakes_label`` writes it (``0.50/1 USD No Limit`` ->
    ``0.50/1.00 USD No Limit``): for labels stored by earlier versions. A label that does not
    start with two amounts comes back as it is."""
    parsed = _parse(label)
    if parsed is None or not parsed[2]:
        return label
    low, high, rest = parsed
    a, b = stakes_amounts(low, high)
    return f"{a}/{b} {rest}"


def stakes_key(label: str) -> tuple[int, Decimal, Decimal, str]:
    """A sort key putting labels in order of big blind (the low amount in fixed limit, the
    high one in pot and no limit), then of the other amount, then as text; a label that is not
    ``LOW/HIGH ...`` after all those."""
    parsed = _parse(label)
    if parsed is None:
        return (1, Decimal(0), Decimal(0), label)
    low, high, rest = parsed
    limit = next((t for t in _LIMITS if rest == t or rest.endswith(f" {t}")), None)
    big_blind, other = (low, high) if limit == _FIXED else (high, low)
    return (0, big_blind, other, label)


def _matches(value: str, label: str) -> bool:
    want = _parse(value)
    have = _parse(label)
    if want is None or have is None:
        return value.strip().casefold() == label.strip().casefold()
    if (want[0], want[1]) != (have[0], have[1]):  # Decimal equality: 0.1 == 0.10
        return False
    return not want[2] or want[2].casefold() == have[2].casefold()


def match_stakes(wanted: Sequence[str], labels: Iterable[str]) -> tuple[list[str], list[str]]:
    """The ``labels`` that any of the ``wanted`` values matches (a whole label, or its amounts
    alone, the amounts as numbers, words in any letter case), and the ``wanted`` values that
    match none."""
    known = list(dict.fromkeys(labels))
    found: dict[str, None] = {}
    unknown: list[str] = []
    for value in wanted:
        hits = [label for label in known if _matches(value, label)]
        found.update(dict.fromkeys(hits))
        if not hits:
            unknown.append(value)
    return list(found), unknown


def resolve_stakes(wanted: Sequence[str], labels: Iterable[str]) -> list[str]:
    """The ``labels`` the ``wanted`` values match (``match_stakes``); ``UnknownStakesError``
    naming each value that matches none and listing the known labels, by big blind."""
    known = list(dict.fromkeys(labels))
    found, unknown = match_stakes(wanted, known)
    if unknown:
        values = ", ".join(repr(v) for v in unknown)
        listed = "; ".join(sorted(known, key=stakes_key)) or "none"
        raise UnknownStakesError(
            f"unknown stakes {values}: the hands' stakes are {listed} "
            "(give a label, or its amounts alone: --stakes 0.10/0.20)"
        )
    return found
