"""Write hands back as PokerStars text, byte for byte (docs/formats.md §1).

The writer prints exactly what a ``Hand`` says: every line comes from one field or event, with
the trailing whitespace recorded on it and the currency symbol of ``hand.layout.money_symbol``.
It never derives facts from the money (that is the engine's job), so a parsed hand is written
back to its source text, and a hand built by code is written the way PokerStars would print it
provided its events carry PokerStars' trailing spaces (see ``default_trailing``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from datetime import datetime
from decimal import Decimal
from typing import Final
from zoneinfo import ZoneInfo

from histparse.cards import Card, format_hand
from histparse.events import (
    Action,
    ActionKind,
    CapReached,
    Chat,
    Collected,
    DealtTo,
    DoesntShow,
    Draw,
    Event,
    Hand,
    HandCancelled,
    Mucks,
    PlayerStatus,
    Post,
    Reshuffle,
    Seat,
    SeatOutcome,
    SectionMarker,
    Shows,
    SiteLayout,
    StatusKind,
    SummaryPot,
    SummarySeat,
    TournamentFinish,
    TournamentWin,
    UncalledBet,
)
from histparse.game import Game
from histparse.money import AmountError
from histparse.money import format_amount as money_text
from histparse.sites.base import NotWritable, WriteError
from histparse.sites.pokerstars.common import CURRENCY_SYMBOL
from histparse.sites.pokerstars.header import SITE
from histparse.sites.pokerstars.layout import PokerStarsLayout
from histparse.sites.pokerstars.wording import (
    GAMES,
    LIMITS,
    MARKERS,
    OUTCOMES,
    POSITIONS,
    POSTS,
    STATUSES,
    ordinal,
    to_roman,
)

__all__ = [
    "HAND_SEPARATOR_BLANK_LINES",
    "WriteError",
    "default_layout",
    "default_trailing",
    "format_amount",
    "format_et_time",
    "write_file",
    "write_hand",
    "write_hands",
]

# Every multi-hand PokerStars file puts three empty lines after each hand, the last one included.
HAND_SEPARATOR_BLANK_LINES: Final = 3

_ET: Final = ZoneInfo("America/New_York")
_BOM: Final = "\ufeff"
_NEWLINES: Final = ("\n", "\r\n")

# Buy-ins and bounties are real money even when the chips are not, so their symbol is not the
# hand's chip symbol; this maps the buy-in's ISO code to it when the layout does not say.


Cards = tuple[Card, ...]


# ------------------------------------------------------------------------------------ helpers


def format_amount(amount: Decimal, symbol: str = "") -> str:
    """``amount`` with its own scale behind ``symbol``: ``$0.10``, ``$1``, ``1500``
    (``histparse.money.format_amount``, its errors as ``WriteError``)."""
    try:
        return money_text(amount, symbol)
    except AmountError as exc:
        raise WriteError(str(exc)) from None


def format_et_time(started_at: datetime) -> str:
    """``started_at`` in Eastern Time as PokerStars writes it: ``2013/06/06 0:20:15`` (hours
    without a leading zero). Use it to fill ``Layout.local_time`` of a generated ET hand."""
    if started_at.tzinfo is None:
        raise WriteError(f"started_at {started_at} has no time zone")
    et = started_at.astimezone(_ET)
    return f"{et.year:04d}/{et.month:02d}/{et.day:02d} {et.hour}:{et.minute:02d}:{et.second:02d}"


def default_layout(
    *,
    is_tournament: bool,
    money_symbol: str,
    buy_in_symbol: str = "",
    newline: str = "\r\n",
    local_time: str = "",
) -> PokerStarsLayout:
    """The layout of a modern (2012+) PokerStars hand written in ET: ``Hand #``, two spaces after
    the colon for cash games and one for tournaments, no trailing space on the first lines.
    ``money_symbol`` is ``""`` for tournament chips; ``buy_in_symbol`` that of a real-money
    buy-in (``"$"`` for ``$1.40+$0.10 USD``)."""
    return PokerStarsLayout(
        header_word="Hand",
        colon_gap=" " if is_tournament else "  ",
        local_time=local_time,
        time_zone="ET",
        et_time=None,
        money_symbol=money_symbol,
        buy_in_symbol=buy_in_symbol,
        newline=newline,
    )


# The statuses PokerStars prints with a trailing space (docs/formats.md §1.0 and §1.11).
_STATUS_TRAILING: Final = frozenset(
    {StatusKind.SITS_OUT, StatusKind.CONNECTED, StatusKind.DISCONNECTED, StatusKind.JOINS}
)


def default_trailing(item: Event | Seat) -> str:
    """The whitespace PokerStars prints after this line (docs/formats.md §1.0), for building events
    in code: ``" "`` after plain seat lines, ``folds``, ``checks``, ``stands pat`` (without
    cards), ``mucks hand``, ``doesn't show hand``, ``sits out``, ``is connected``,
    ``is disconnected``, ``joins the table at seat #N``, the ``Total pot`` line and ``collected
    ... from side pot-N``; ``""`` everywhere else."""
    if isinstance(item, Seat):
        return " " if not item.sitting_out and item.out_of_hand is None else ""
    if isinstance(item, Action):
        return " " if item.kind in (ActionKind.FOLD, ActionKind.CHECK) else ""
    if isinstance(item, Draw):
        return " " if item.pat and item.pat_cards is None else ""
    if isinstance(item, (Mucks, DoesntShow, SummaryPot)):
        return " "
    if isinstance(item, PlayerStatus):
        return " " if item.kind in _STATUS_TRAILING else ""
    if isinstance(item, Collected):
        return " " if item.pot.startswith("side pot-") else ""
    return ""


def _roman(number: int) -> str:
    """Levels and match rounds are printed in Roman numerals (``Level XVII``)."""
    try:
        return to_roman(number)
    except ValueError as exc:
        raise WriteError(str(exc)) from None


# --------------------------------------------------------------------------------- first lines


def _header(hand: Hand, layout: PokerStarsLayout) -> str:
    parts = ["PokerStars "]
    if hand.is_home_game:
        parts.append("Home Game ")
    parts += [layout.header_word, " #", str(hand.hand_id), ":", layout.colon_gap]
    if hand.club is not None:
        parts += ["{", hand.club, "} "]
    if hand.is_tournament:
        parts += ["Tournament #", hand.tournament_id or "", ", ", _buy_in(hand), " "]
    if hand.game is Game.OTHER:
        raise WriteError(f"hand {hand.hand_id}: game {hand.game.label!r} cannot be written")
    game = f"{GAMES.get(hand.game, hand.game.label)} {LIMITS[hand.limit_type]}"
    low, high = hand.stakes
    sym = layout.money_symbol
    stakes = f"{format_amount(low, sym)}/{format_amount(high, sym)}"
    if hand.currency is not None:
        stakes += " " + hand.currency
    if hand.is_tournament:
        parts.append(f"{hand.mixed_game} ({game})" if hand.mixed_game else game)
        if hand.match_round is not None:
            parts.append(f" - Match Round {_roman(hand.match_round)},")
            if hand.level is not None:
                parts.append(f" Level {_roman(hand.level)}")
        elif hand.level is not None:
            parts.append(f" - Level {_roman(hand.level)}")
        parts.append(f" ({stakes})")
    elif hand.mixed_game:
        # Mixed cash games put the stakes inside the game's parentheses (docs/formats.md §1.1).
        parts.append(f"{hand.mixed_game} ({game}, {stakes})")
    else:
        parts.append(f"{game} ({stakes})")
    parts.append(" - ")
    if layout.local_time:
        parts += [layout.local_time, " ", layout.time_zone]
        if layout.et_time is not None:
            parts += [" [", layout.et_time, " ET]"]
    else:
        # A hand built in code with no local time is written in ET, like a US client would.
        parts += [format_et_time(hand.started_at), " ET"]
    parts.append(layout.header_trailing)
    return "".join(parts)


def _buy_in_symbol(hand: Hand) -> str:
    """The symbol of buy-ins and bounties: recorded in the layout, else that of the ISO code (a
    code without its symbol, ``1.40+0.10 USD``, is not something PokerStars prints)."""
    code = hand.buy_in_currency
    if hand.layout.buy_in_symbol or code is None:
        return hand.layout.buy_in_symbol
    return CURRENCY_SYMBOL.get(code, "")


def _buy_in(hand: Hand) -> str:
    if hand.buy_in is None:
        return "Freeroll"
    sym = _buy_in_symbol(hand)
    text = "+".join(format_amount(part, sym) for part in hand.buy_in)
    code = hand.buy_in_currency
    return text if code is None else f"{text} {code}"


def _table(hand: Hand, layout: PokerStarsLayout) -> str:
    parts = ["Table '", hand.table_name, "' "]
    if hand.max_seats is not None:
        parts.append(f"{hand.max_seats}-max ")
    if layout.table_money is not None:
        parts += ["(", layout.table_money, ") "]
    parts += [f"Seat #{hand.button_seat} is the button", layout.table_trailing]
    return "".join(parts)


def _seat(seat: Seat, sym: str, bounty_sym: str) -> str:
    parts = [f"Seat {seat.seat}: ", seat.player, " (", format_amount(seat.stack, sym), " in chips"]
    if seat.bounty is not None:
        parts += [", ", format_amount(seat.bounty, bounty_sym), " bounty"]
    parts.append(")")
    if seat.sitting_out:
        parts.append(" is sitting out")
    if seat.out_of_hand is not None:
        parts += [" out of hand (", seat.out_of_hand, ")"]
    parts.append(seat.trailing)
    return "".join(parts)


# -------------------------------------------------------------------------------------- events

_Writer = Callable[[Event, str], str]

_POST_TEXT: Final = {kind: f"posts {text} " for kind, text in POSTS.items()}

_ALL_IN: Final = " and is all-in"


def _post(e: Event, sym: str) -> str:
    assert isinstance(e, Post)
    text = _POST_TEXT.get(e.kind)
    if text is None:
        raise WriteError(f"PokerStars has no wording for a {e.kind.label!r} post")
    line = f"{e.player}: {text}{format_amount(e.amount, sym)}"
    return line + _ALL_IN if e.all_in else line


def _action(e: Event, sym: str) -> str:
    assert isinstance(e, Action)
    kind = e.kind
    if kind is ActionKind.FOLD:
        line = f"{e.player}: folds"
    elif kind is ActionKind.CHECK:
        line = f"{e.player}: checks"
    else:
        if e.amount is None:
            raise WriteError(f"{kind.value} by {e.player} has no amount")
        amount = format_amount(e.amount, sym)
        if kind is ActionKind.CALL:
            line = f"{e.player}: calls {amount}"
        elif kind is ActionKind.BET:
            line = f"{e.player}: bets {amount}"
        else:
            if e.to_amount is None:
                raise WriteError(f"raise by {e.player} has no 'to' amount")
            line = f"{e.player}: raises {amount} to {format_amount(e.to_amount, sym)}"
    return line + _ALL_IN if e.all_in else line


def _cap(e: Event, sym: str) -> str:
    return "Betting is capped"


def _section(e: Event, sym: str) -> str:
    assert isinstance(e, SectionMarker)
    return MARKERS[e.section]


def _dealt(e: Event, sym: str) -> str:
    assert isinstance(e, DealtTo)
    line = f"Dealt to {e.player} {format_hand(e.kept)}"
    return line if e.new is None else f"{line} {format_hand(e.new)}"


def _draw(e: Event, sym: str) -> str:
    assert isinstance(e, Draw)
    if e.pat:
        if e.pat_cards is None:
            return f"{e.player}: stands pat"
        return f"{e.player}: stands pat on {format_hand(e.pat_cards)}"
    plural = "" if e.count == 1 else "s"
    line = f"{e.player}: discards {e.count} card{plural}"
    return line if e.discarded is None else f"{line} {format_hand(e.discarded)}"


def _reshuffle(e: Event, sym: str) -> str:
    return "The deck is reshuffled"


def _uncalled(e: Event, sym: str) -> str:
    assert isinstance(e, UncalledBet)
    return f"Uncalled bet ({format_amount(e.amount, sym)}) returned to {e.player}"


def _collected(e: Event, sym: str) -> str:
    assert isinstance(e, Collected)
    return f"{e.player} collected {format_amount(e.amount, sym)} from {e.pot}"


def _shows(e: Event, sym: str) -> str:
    assert isinstance(e, Shows)
    line = f"{e.player}: shows {format_hand(e.cards)}"
    return line if e.description is None else f"{line} ({e.description})"


def _mucks(e: Event, sym: str) -> str:
    assert isinstance(e, Mucks)
    return f"{e.player}: mucks hand"


def _doesnt_show(e: Event, sym: str) -> str:
    assert isinstance(e, DoesntShow)
    return f"{e.player}: doesn't show hand"


def _chat(e: Event, sym: str) -> str:
    assert isinstance(e, Chat)
    return f'{e.player} said, "{e.text}"'


def _status(e: Event, sym: str) -> str:
    assert isinstance(e, PlayerStatus)
    if e.kind is StatusKind.JOINS:
        if e.seat is None:
            raise WriteError(f"{e.player} joins the table with no seat number")
        text = STATUSES[e.kind].format(seat=e.seat)
    else:
        text = STATUSES[e.kind]
    return f"{e.player}: {text}" if e.colon else f"{e.player} {text}"


def _cancelled(e: Event, sym: str) -> str:
    return "Hand cancelled"


def _finish(e: Event, sym: str) -> str:
    assert isinstance(e, TournamentFinish)
    line = f"{e.player} finished the tournament in {ordinal(e.place)} place"
    if e.prize is None:
        return line
    return f"{line} and received {format_amount(e.prize, e.currency_symbol)}."


def _win(e: Event, sym: str) -> str:
    assert isinstance(e, TournamentWin)
    prize = format_amount(e.prize, e.currency_symbol)
    return f"{e.player} wins the tournament and receives {prize} - congratulations!"


def _summary_pot(e: Event, sym: str) -> str:
    assert isinstance(e, SummaryPot)
    parts = ["Total pot ", format_amount(e.total, sym)]
    if e.main is not None:
        parts += [" Main pot ", format_amount(e.main, sym), "."]
        for i, side in enumerate(e.sides, 1):
            name = f"Side pot-{i}" if e.sides_numbered else "Side pot"
            parts += [" ", name, " ", format_amount(side, sym), "."]
    elif e.sides:
        raise WriteError("side pots without a main pot cannot be written")
    parts += [" | Rake ", format_amount(e.rake, sym)]
    return "".join(parts)


def _summary_seat(e: Event, sym: str) -> str:
    assert isinstance(e, SummarySeat)
    parts = [f"Seat {e.seat}: ", e.player]
    for position in e.positions:
        parts += [" (", POSITIONS[position], ")"]
    outcome = e.outcome
    parts.append(" ")
    if outcome.folded:
        parts.append(OUTCOMES[outcome])
        if e.didnt_bet:
            parts.append(" (didn't bet)")
        return "".join(parts)
    if e.didnt_bet:
        raise WriteError(f"seat {e.seat}: '(didn't bet)' only follows a fold")
    if outcome is SeatOutcome.COLLECTED:
        parts += ["collected (", _seat_amount(e, sym), ")"]
    elif outcome is SeatOutcome.MUCKED:
        parts += ["mucked ", format_hand(_seat_cards(e))]
    else:
        parts += ["showed ", format_hand(_seat_cards(e))]
        if outcome is SeatOutcome.SHOWED_WON:
            parts += [" and won (", _seat_amount(e, sym), ")"]
        else:
            parts.append(" and lost")
        if e.description is not None:
            parts += [" with ", e.description]
    return "".join(parts)


def _seat_amount(e: SummarySeat, sym: str) -> str:
    if e.amount is None:
        raise WriteError(f"seat {e.seat}: '{OUTCOMES[e.outcome]}' needs an amount")
    return format_amount(e.amount, sym)


def _seat_cards(e: SummarySeat) -> Cards:
    if e.cards is None:
        raise WriteError(f"seat {e.seat}: '{OUTCOMES[e.outcome]}' needs cards")
    return e.cards


_WRITERS: Final[dict[type[Event], _Writer]] = {
    Post: _post,
    Action: _action,
    CapReached: _cap,
    SectionMarker: _section,
    DealtTo: _dealt,
    Draw: _draw,
    Reshuffle: _reshuffle,
    UncalledBet: _uncalled,
    Collected: _collected,
    Shows: _shows,
    Mucks: _mucks,
    DoesntShow: _doesnt_show,
    Chat: _chat,
    PlayerStatus: _status,
    HandCancelled: _cancelled,
    TournamentFinish: _finish,
    TournamentWin: _win,
    SummaryPot: _summary_pot,
    SummarySeat: _summary_seat,
}


# ----------------------------------------------------------------------------------------- api


def layout_of(hand: Hand) -> PokerStarsLayout:
    """The hand's PokerStars layout: its own, or the defaults for a hand built by code with no
    layout; ``NotWritable`` for a hand of another site (never printed as PokerStars text)."""
    layout = hand.layout
    if isinstance(layout, PokerStarsLayout) and hand.site == SITE:
        return layout
    if type(layout) is SiteLayout and hand.site == SITE:
        return PokerStarsLayout(
            money_symbol=layout.money_symbol, buy_in_symbol=layout.buy_in_symbol
        )
    raise NotWritable(f"hand {hand.hand_id} is a {hand.site} hand, not a PokerStars one")


def _lines(hand: Hand, layout: PokerStarsLayout) -> list[str]:
    """Every line of ``hand`` with its trailing whitespace, without line endings."""
    sym = layout.money_symbol
    bounty_sym = _buy_in_symbol(hand)
    lines = [_header(hand, layout), _table(hand, layout)]
    lines += [_seat(seat, sym, bounty_sym) for seat in hand.seats]
    writers = _WRITERS
    for event in hand.events:
        writer = writers.get(type(event))
        if writer is None:
            raise WriteError(
                f"hand {hand.hand_id}, line {event.line}: no PokerStars wording for "
                f"{type(event).__name__}"
            )
        try:
            text = writer(event, sym)
        except WriteError as error:
            raise WriteError(f"hand {hand.hand_id}, line {event.line}: {error}") from None
        lines.append(text + event.trailing)
    return lines


def _check_newline(newline: str) -> None:
    if newline not in _NEWLINES:
        raise WriteError(f"line ending must be LF or CRLF, not {newline!r}")


def write_hand(hand: Hand) -> str:
    """The hand as PokerStars text with the hand's own line endings (``hand.layout.newline``),
    from the header to the end of the last line, with no final newline and no BOM: for a parsed
    hand, exactly ``hand.source.text``. Raises ``WriteError`` for a hand PokerStars could not
    have printed (e.g. a post kind or game it has no wording for)."""
    layout = layout_of(hand)
    newline = layout.newline
    _check_newline(newline)
    return newline.join(_lines(hand, layout))


def file_pieces(hands: Iterable[Hand], newline: str | None, bom: bool | None) -> Iterator[str]:
    """The pieces of a file, one hand at a time, so that writing a file streams."""
    if newline is not None:
        _check_newline(newline)
    first = True
    for hand in hands:
        layout = layout_of(hand)
        if first:
            first = False
            if bom if bom is not None else layout.bom:
                yield _BOM
        nl = layout.newline if newline is None else newline
        _check_newline(nl)
        yield nl.join(_lines(hand, layout)) + nl * (HAND_SEPARATOR_BLANK_LINES + 1)
    if first and bom:
        yield _BOM


def write_hands(
    hands: Iterable[Hand], *, newline: str | None = None, bom: bool | None = None
) -> str:
    """A whole PokerStars file: each hand followed by its line ending and three empty lines.

    ``newline`` (``"\\n"`` or ``"\\r\\n"``) forces one line ending on every line; None keeps
    each hand's own. ``bom`` puts a UTF-8 BOM (as ``"\\ufeff"``) at the start of the text; None
    takes it from the first hand's layout (the BOM only ever appears once, before the first hand).
    """
    return "".join(file_pieces(hands, newline, bom))


def write_file(
    path: str | os.PathLike[str],
    hands: Iterable[Hand],
    *,
    newline: str | None = None,
    bom: bool | None = None,
) -> int:
    """Write ``hands`` to ``path`` laid out as ``write_hands`` does, in UTF-8 (a BOM is written as
    its three UTF-8 bytes), one hand at a time; returns the number of hands written."""
    count = 0
    with open(path, "w", encoding="utf-8", newline="") as handle:
        for chunk in file_pieces(hands, newline, bom):
            handle.write(chunk)
            if chunk != _BOM:
                count += 1
    return count
