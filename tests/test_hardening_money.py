"""Findings write money in the hand's own format (issue 22): ``$0.10``, ``€1.50``, ``1,500``
chips, never the engine's minor units beside dollars; rake ceilings as percentages. Every
finding code a fault injection reaches is checked on a cash USD, a cash EUR and a tournament
chip corpus (docs/findings.md, "Money in messages")."""

from __future__ import annotations

import importlib.util
import pickle
import re
from collections.abc import Iterable
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

from histparse.auditor import audit
from histparse.engine import GameConfig, HandState, IllegalAction
from histparse.engine import Seat as EngineSeat
from histparse.events import Action, Hand, Seat
from histparse.game import ActionKind, PostKind
from histparse.money import Amounts, Money, format_amount, money_text, percent_text
from histparse.replayer import replay
from histparse.replayer.findings import Finding
from histparse.simulation import HardCase, SimConfig, TournamentStructure, simulate

HARD = frozenset(HardCase)


def _faults() -> ModuleType:
    path = Path(__file__).resolve().parent / "mutations" / "faults.py"
    spec = importlib.util.spec_from_file_location("hardening_faults", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _eur(hand: Hand) -> Hand:
    return replace(hand, currency="EUR", layout=replace(hand.layout, money_symbol="€"))


@cache
def _corpus(kind: str) -> tuple[Hand, ...]:
    if kind == "usd":  # high stakes: thousands to group, cents in the pots
        config = SimConfig(stakes=(Decimal("250"), Decimal("500")), focus=HARD)
        return tuple(simulate(60, seed=3, config=config))
    if kind == "eur":
        config = SimConfig(stakes=(Decimal("0.10"), Decimal("0.20")), focus=HARD)
        return tuple(_eur(h) for h in simulate(60, seed=4, config=config))
    config = SimConfig(tournament=TournamentStructure(), focus=HARD)
    return tuple(simulate(120, seed=5, config=config))


@cache
def _findings(kind: str) -> tuple[tuple[Hand, Finding], ...]:
    out: list[tuple[Hand, Finding]] = []
    for _, inject in _faults().FAULTS.values():
        for hand in _corpus(kind):
            mutated = inject(hand)
            if mutated is not None:
                out.extend((mutated, f) for f in replay(mutated).findings)
    return tuple(out)


_GROUPED = re.compile(r"\d{1,3}(?:,\d{3})*")


def shape_errors(symbol: str, message: str) -> list[str]:
    """What in ``message`` is not money as a hand of ``symbol`` writes it."""
    errors = []
    if re.search(r"\d units?\b", message):
        errors.append("minor units")
    for other in "$€£":
        if other != symbol and re.search(re.escape(other) + r"\d", message):
            errors.append(f"a {other} in a {symbol or 'chip'} hand")
    if symbol:
        sym = re.escape(symbol)
        for m in re.finditer(sym + r"(-?)(\d+(?:,\d+)*)(\.\d+)?", message):
            if m[1] or not _GROUPED.fullmatch(m[2]):
                errors.append(f"{m[0]!r}: thousands not grouped")
            if m[3] is not None and len(m[3]) < 3:
                errors.append(f"{m[0]!r}: fewer places than a cent")
        # A decimal amount without its currency symbol.
        bare = re.sub(sym + r"-?\d+(?:,\d+)*(?:\.\d+)?", "", message)
        if re.search(r"(?<![\w.])\d+\.\d+", bare):
            errors.append("an amount without its symbol")
    # An ungrouped number of four digits or more, but for line numbers and names.
    for m in re.finditer(r"(?<![\w#.,'])\d{4,}(?![\d,])", message):
        if not message[: m.start()].endswith("line "):
            errors.append(f"{m[0]!r}: thousands not grouped")
    return errors


# The codes whose messages write money, each reached by a fault injection in every corpus
# (the others name players, cards, seats and lines only; their messages are checked too).
MONEY_CODES = {
    "BET-ALLIN", "BET-ALLIN-FLAG", "BET-CALL", "BET-RAISE-ARITHMETIC", "BET-SIZE",
    "BET-UNCALLED", "BLIND-AMOUNT", "POT-OVERCOLLECTED", "POT-RAKE", "POT-SIDE-POTS",
    "POT-SPLIT", "POT-TOTAL", "SUMMARY-AMOUNT", "SUMMARY-SHOWDOWN",
}  # fmt: skip


@pytest.mark.parametrize("kind", ["usd", "eur", "chips"])
def test_every_finding_writes_money_in_the_hands_own_format(kind: str) -> None:
    found = _findings(kind)
    assert {f.code for _, f in found} >= MONEY_CODES
    bad = [
        (f.code, f.message, err)
        for hand, f in found
        for err in shape_errors(hand.layout.money_symbol, f.message)
    ]
    assert bad == [], bad[:10]


def _message_of(found: Iterable[tuple[Hand, Finding]], code: str, pattern: str) -> str:
    messages = [f.message for _, f in found if f.code == code]
    assert any(re.search(pattern, m) for m in messages), messages[:5]
    return next(m for m in messages if re.search(pattern, m))


def test_amounts_read_as_the_hand_writes_them() -> None:
    usd, eur, chips = _findings("usd"), _findings("eur"), _findings("chips")
    # Dollars with their cents, thousands grouped; never the engine's minor units.
    _message_of(usd, "BET-CALL", r"calls \$[\d,]+(\.\d\d)?; the call is \$\d{1,3}(,\d{3})*")
    _message_of(usd, "POT-TOTAL", r"put in \$\d,\d{3}\.\d\d .*total pot is \$\d,\d{3}\.\d\d$")
    _message_of(eur, "BET-CALL", r"calls €0\.\d0; the call is €0\.\d0; legal: .*call €0\.\d0")
    _message_of(eur, "BLIND-AMOUNT", r"posts big blind €0\.11; expected €0\.10$")
    _message_of(chips, "BLIND-AMOUNT", r"posts big blind \d+; expected \d+$")
    _message_of(chips, "SUMMARY-AMOUNT", r"collects \d,\d{3}$")


def test_a_rake_ceiling_is_a_percentage() -> None:
    message = _message_of(_findings("eur"), "POT-RAKE-PROFILE", "ceiling")
    assert re.search(r"ceiling of 5% of the pot \(€\d+\.\d\d\)$", message), message


def _first_call(hand: Hand) -> int:
    return next(
        k for k, e in enumerate(hand.events) if isinstance(e, Action) and e.kind is ActionKind.CALL
    )


@pytest.mark.parametrize(("kind", "symbol"), [("eur", "€"), ("usd", "$")])
def test_an_unrepresentable_amount_is_written_with_its_symbol(kind: str, symbol: str) -> None:
    hand = _corpus(kind)[0]
    k = _first_call(hand)
    call = hand.events[k]
    assert isinstance(call, Action) and call.amount is not None
    odd = replace(call, amount=call.amount + Decimal("0.005"))
    text = f"{symbol}{odd.amount:,}"  # e.g. €0.105, $250.005: as it is, never rounded
    mutated = replace(hand, events=(*hand.events[:k], odd, *hand.events[k + 1 :]))
    (finding,) = [f for f in replay(mutated).findings if f.code == "MONEY-UNREPRESENTABLE"]
    unit = text[0] + "0.01"
    assert f"call {text} is not a whole number of the money unit {unit};" in finding.message
    assert not shape_errors(hand.layout.money_symbol, finding.message.replace(text, ""))


@pytest.mark.parametrize("kind", ["usd", "eur", "chips"])
def test_stack_findings_across_hands_write_the_hands_money(kind: str) -> None:
    first, second = _corpus(kind)[:2]
    shared = {s.player for s in first.seats} & {s.player for s in second.seats}
    # The deepest shared stack: a short one (two cents) would have nothing to take away.
    k, seat = max(
        ((k, s) for k, s in enumerate(second.seats) if s.player in shared),
        key=lambda ks: ks[1].stack,
    )
    less = Decimal("1000.50") if kind != "chips" else Decimal(1000)
    moved: Seat = replace(seat, stack=seat.stack - min(less, seat.stack / 2).quantize(Decimal(1)))
    seats = (*second.seats[:k], moved, *second.seats[k + 1 :])
    findings = [
        f for f in audit([first, replace(second, seats=seats)]) if f.code.startswith("STACK")
    ]
    assert findings, "no stack finding"
    for f in findings:
        assert not shape_errors(second.layout.money_symbol, f.message), f.message


def test_money_text() -> None:
    cases = [
        ("0.1", "$", 2, "$0.10"),
        ("1.5", "€", 2, "€1.50"),
        ("4.00", "$", 2, "$4"),
        ("3316", "$", 2, "$3,316"),
        ("1500", "", 0, "1,500"),
        ("1234567.5", "", 0, "1,234,567.5"),
        ("-0.25", "$", 2, "-$0.25"),
        ("0.005", "$", 2, "$0.005"),  # finer than the unit: as written, never rounded
        ("1E+3", "", 0, "1,000"),  # never exponent notation
        ("999", "", 0, "999"),
    ]
    for amount, symbol, places, text in cases:
        assert money_text(Decimal(amount), symbol, places) == text
    assert money_text(Decimal("0.5"), "$", 2, signed=True) == "+$0.50"
    assert money_text(Decimal("NaN"), "$") == "$NaN"  # shown, never raised
    # The writer's format is another thing: the hand's bytes back.
    assert format_amount(Decimal("1500"), "") == "1500"


def test_percent_text() -> None:
    assert percent_text(Fraction(5, 100)) == "5%"
    assert percent_text(Fraction(1, 40)) == "2.5%"
    assert percent_text(Fraction(1, 3)) == "33.33%"
    assert percent_text(Decimal("0.05")) == "5%"


@pytest.mark.parametrize(
    ("told", "expected"),
    [
        (False, "Btn calls 50; the call is 100; legal: Btn: fold, call 100, raise to 200"),
        (True, "Btn calls $0.50; the call is $1; legal: Btn: fold, call $1, raise to $2"),
    ],
)
def test_the_engine_writes_units_unless_told_the_money(told: bool, expected: str) -> None:
    cfg = GameConfig.fixed_limit(100)
    seats = [EngineSeat(n, name, 10_000) for n, name in ((1, "Btn"), (2, "Sb"), (3, "Bb"))]
    text = Amounts("$", Money.of(2)).units if told else str
    state = HandState(cfg, seats, 1, amount_text=text)
    state.post("Sb", PostKind.SMALL_BLIND)
    state.post("Bb", PostKind.BIG_BLIND)
    state.deal({})
    with pytest.raises(IllegalAction) as caught:
        state.act("Btn", ActionKind.CALL, amount=50)
    assert caught.value.message == expected


def test_amounts_pickle_and_write_engine_units() -> None:
    amounts = Amounts("$", Money.of(2))
    assert amounts.units(150) == "$1.50" and amounts.units(150_000) == "$1,500"
    again = pickle.loads(pickle.dumps(amounts))
    assert again.units(5) == "$0.05" and again.money is Money.of(2)
