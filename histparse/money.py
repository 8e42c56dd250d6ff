"""Money, once: a hand's unit, exact conversion between written amounts and int minor units,
and amounts as text.

A hand's amounts are ``Decimal`` as written; rules engines, PHH and the simulator count int
minor units. Real-money cash hands count in cents; tournament and play-money chips count in
whole chips unless the hand writes finer amounts, in which case the finest scale written (by
the stakes, the stacks and the forced bets) is the unit. An amount that is not a whole number of
units is ``Unrepresentable``. Nothing here rounds, and nothing is ever a float.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from histparse.events import Chat, Hand, PlayerStatus, Post

__all__ = [
    "CENT_PLACES",
    "AmountError",
    "Amounts",
    "Money",
    "MoneyText",
    "Unrepresentable",
    "format_amount",
    "hand_places",
    "money_text",
    "percent_text",
    "places_of",
]

CENT_PLACES = 2
"""Decimal places of a cent: the unit of every real-money cash hand."""


class Unrepresentable(ValueError):
    """An amount that is not a whole number of the hand's money unit."""

    def __init__(self, amount: Decimal, unit: Decimal, what: str) -> None:
        super().__init__(f"{what} {amount} is not a whole number of the money unit {unit}")
        self.amount = amount
        self.unit = unit
        self.what = what


class AmountError(ValueError):
    """An amount no site writes: not a ``Decimal``, or negative or not finite in a form that
    needs more than ``str``."""


def places_of(amount: Decimal) -> int:
    """The decimal places ``amount`` needs: 2 for ``0.05``, 0 for ``1500`` and ``1500.00``."""
    if amount == amount.to_integral_value():
        return 0  # the common case (chips), without building the digit tuples below
    exponent = amount.as_tuple().exponent
    if not isinstance(exponent, int) or exponent >= 0:
        return 0
    # "1500.50" normalizes to 1500.5: one place, whatever the zeros written.
    exponent = amount.normalize().as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0


def _written_amounts(hand: Hand) -> Iterable[Decimal]:
    """The amounts that set a chip hand's scale: stakes, stacks and forced bets. (Bets follow
    the stakes; one written finer than these is unrepresentable.)"""
    yield from hand.stakes
    for seat in hand.seats:
        yield seat.stack
    for e in hand.events:
        if type(e) is Post:
            yield e.amount
        elif type(e) is not PlayerStatus and type(e) is not Chat:
            return


def hand_places(hand: Hand) -> int:
    """The decimal places of ``hand``'s money unit: cents for real-money cash, else (chips)
    the finest scale its stakes, stacks and forced bets are written with."""
    chips = hand.is_tournament or hand.is_play_money or not hand.layout.money_symbol
    if not chips:
        return CENT_PLACES
    return max(map(places_of, _written_amounts(hand)), default=0)


class Money:
    """A money unit (``10**-places``): ``to_units`` and ``to_decimal`` convert exactly.

    Instances are shared (``of``, ``for_hand``) and keep bounded caches of the amounts they
    converted: hands repeat the same few amounts, and ``Decimal`` arithmetic is not free.
    """

    __slots__ = ("_decimals", "_units", "places", "scale", "unit")

    def __init__(self, places: int) -> None:
        self.places = places
        self.scale = 10**places
        self.unit = Decimal(1).scaleb(-places)
        self._decimals: dict[int, Decimal] = {}
        self._units: dict[Decimal, int] = {}

    @classmethod
    def of(cls, places: int) -> Money:
        """The shared ``Money`` of ``places`` decimal places."""
        money = _BY_PLACES.get(places)
        if money is None:
            money = cls(places)
            if len(_BY_PLACES) < 64:  # a Money is never changed, so hands share them
                _BY_PLACES[places] = money
        return money

    @classmethod
    def for_hand(cls, hand: Hand) -> Money:
        """Cents for real-money cash, else (chips) the finest scale written."""
        return cls.of(hand_places(hand))

    def to_units(self, amount: Decimal, what: str = "amount") -> int:
        """``amount`` in minor units; ``Unrepresentable`` if it is not a whole number of them."""
        units = self.exact_units(amount)
        if units is None:
            raise Unrepresentable(amount, self.unit, what)
        return units

    def exact_units(self, amount: Decimal) -> int | None:
        """``amount`` in minor units, or None when it is not a whole number of them (not kept:
        for amounts that rarely repeat, such as stacks)."""
        scaled = amount * self.scale
        units = int(scaled)
        return units if units == scaled else None

    def units_or_none(self, amount: Decimal) -> int | None:
        """``amount`` in minor units, or None when it is not a whole number of them."""
        # A multiplication, an int() and a comparison of Decimals cost several times a dict
        # lookup, and hands repeat the same few amounts (stakes, stacks, bets): keep them.
        units = self._units.get(amount)
        if units is None:
            units = self.exact_units(amount)
            if units is not None and len(self._units) < 4096:
                self._units[amount] = units  # bounded: amounts repeat, but input is untrusted
        return units

    def to_decimal(self, units: int) -> Decimal:
        """``units`` minor units as a ``Decimal`` with all the unit's places (``4.00``)."""
        amount = self._decimals.get(units)
        if amount is None:
            amount = Decimal(units).scaleb(-self.places) if self.places else Decimal(units)
            # Hands repeat the same few amounts (stakes, pots); Decimals are immutable.
            if len(self._decimals) < 4096:
                self._decimals[units] = amount
        return amount

    def printed(self, units: int) -> Decimal:
        """``units`` minor units as sites print them: a whole number of the major unit without
        places (``4``), anything else with all of them (``4.50``, ``0.05``). Not kept."""
        whole, part = divmod(units, self.scale)
        if part == 0:
            return Decimal(whole)
        return Decimal(units).scaleb(-self.places)


_BY_PLACES: dict[int, Money] = {}


def format_amount(amount: Decimal, symbol: str = "") -> str:
    """``amount`` with its own scale behind ``symbol``, as a writer puts it back in a hand:
    ``$0.10``, ``$1``, ``1500``, never in exponent notation; ``AmountError`` for what no site
    writes. (For a reader, a finding or a report: ``money_text``.)"""
    if not isinstance(amount, Decimal):
        raise AmountError(f"amount {amount!r} is not a Decimal")
    text = str(amount)
    if "E" in text or not text[0].isdigit():
        if amount.is_signed() or not amount.is_finite():
            raise AmountError(f"amount {amount} cannot be written (negative or not finite)")
        text = _plain(amount)
    return symbol + text


def _plain(amount: Decimal) -> str:
    # str() switches to exponent notation for e.g. Decimal("1E+3"); sites never do.
    return format(amount, "f")


def money_text(amount: Decimal, symbol: str = "", places: int = 0, *, signed: bool = False) -> str:
    """``amount`` for a reader (every finding message, the one format): ``symbol`` first,
    thousands grouped, a whole amount without places and any other with at least ``places``:
    ``$0.10``, ``€1.50``, ``$4``, ``$3,316``, ``1,500`` (chips), ``-$0.25``; ``+`` before a
    gain when ``signed``. Never rounded, never in exponent notation, never raises (an amount
    no site writes is shown as it is)."""
    if not isinstance(amount, Decimal) or not amount.is_finite():
        return f"{symbol}{amount}"
    sign = "-" if amount < 0 else ("+" if signed and amount > 0 else "")
    size = abs(amount)
    if size == size.to_integral_value():
        whole, frac = _plain(size.to_integral_value()), ""
    else:
        shown = size.normalize()
        if places and places_of(shown) < places:
            shown = shown.quantize(Decimal(1).scaleb(-places))  # exact: fewer places written
        whole, _, frac = _plain(shown).partition(".")
    grouped = f"{int(whole):,}" if len(whole) > 3 else whole
    return f"{sign}{symbol}{grouped}{'.' + frac if frac else ''}"


def percent_text(share: Fraction | Decimal) -> str:
    """A share of the pot as a reader writes it: ``5%``, ``2.5%``, ``33.33%`` (a share that
    is not a whole hundredth of a percent is rounded to one: for a message only)."""
    percent = Fraction(share) * 100
    exact = Decimal(percent.numerator) / Decimal(percent.denominator)
    shown = exact.quantize(Decimal("0.01")).normalize()
    if shown == shown.to_integral_value():
        shown = shown.to_integral_value()
    return f"{_plain(shown)}%"


class Amounts:
    """One hand's money for a reader: ``money_text`` at the hand's symbol and unit, of a
    ``Decimal`` (``amounts(d)``) or of the rules engine's int minor units
    (``amounts.units(n)``). Cheap to make; picklable (the engine keeps one)."""

    __slots__ = ("money", "symbol")

    def __init__(self, symbol: str, money: Money) -> None:
        self.symbol = symbol
        self.money = money

    def __call__(self, amount: Decimal, *, signed: bool = False) -> str:
        return money_text(amount, self.symbol, self.money.places, signed=signed)

    def units(self, units: int) -> str:
        """``units`` minor units (an engine amount) as ``money_text``."""
        return money_text(self.money.to_decimal(units), self.symbol, self.money.places)

    def __reduce__(self) -> tuple[object, ...]:
        # A Money keeps caches: rebuild the shared one of the same places instead.
        return (_amounts, (self.symbol, self.money.places))


def _amounts(symbol: str, places: int) -> Amounts:
    return Amounts(symbol, Money.of(places))


class MoneyText:
    """Formats amounts behind a currency symbol at a money unit (``$0.10``, ``-$4.00``)."""

    __slots__ = ("symbol", "unit")

    def __init__(self, symbol: str, unit: Decimal) -> None:
        self.symbol = symbol
        self.unit = unit

    @classmethod
    def for_hand(cls, hand: Hand) -> MoneyText:
        """The hand's currency symbol at the hand's money unit."""
        return cls(hand.layout.money_symbol, Money.for_hand(hand).unit)

    def __call__(self, amount: Decimal, *, signed: bool = False) -> str:
        """``amount`` at the unit (``+`` before a gain when ``signed``); one finer than the
        unit is printed as written, never rounded."""
        try:
            shown = amount.quantize(self.unit)
        except InvalidOperation:
            shown = amount
        if shown != amount:
            shown = amount
        sign = "-" if shown < 0 else ("+" if signed and shown > 0 else "")
        return f"{sign}{self.symbol}{abs(shown)}"
