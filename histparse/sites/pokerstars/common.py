"""Small pieces shared by the PokerStars line readers: amounts and currencies."""

from __future__ import annotations

from decimal import Decimal
from typing import Final

# The one error of every site's line readers; named here too, where the readers import it.
from histparse.sites.lines import LineError as LineError

# A written amount: optional currency symbol, digits, optional decimals. No thousands separator
# (PokerStars draw files have none) and no leading zero (so that the Decimal prints back as
# written); no nested quantifiers, so matching stays linear. At most 30 digits before and 30
# after the point (histparse.parsing.reader.MAX_NUMBER_DIGITS): a longer number is no amount
# any site writes, and the reader rejects its line saying so.
DIGITS: Final = r"(?:0|[1-9]\d{0,29})(?:\.\d{1,30})?"
MONEY: Final = r"([$€£]?)(" + DIGITS + r")"

SYMBOL_CURRENCY: Final[dict[str, str]] = {"$": "USD", "€": "EUR", "£": "GBP"}
CURRENCY_SYMBOL: Final[dict[str, str]] = {v: k for k, v in SYMBOL_CURRENCY.items()}


def money(symbol: str, digits: str, expected_symbol: str, column: int = 1) -> Decimal:
    """The amount ``digits`` (scale kept), checking that its currency symbol is the hand's."""
    if symbol != expected_symbol:
        shown = expected_symbol or "no currency symbol"
        raise LineError(
            f"amount {symbol}{digits} has the wrong currency symbol",
            column=column,
            expected=f"an amount with {shown}",
        )
    return Decimal(digits)
