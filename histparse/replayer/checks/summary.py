"""Summary checks: every seat's summary line against the body of the hand."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from histparse.events import Hand, Position, Seat, SeatOutcome, Section, SummarySeat
from histparse.game import PostKind, Street
from histparse.replayer.checks.common import BLIND_KINDS, money
from histparse.replayer.findings import Code, Finding, make_finding
from histparse.sites import words_for

if TYPE_CHECKING:
    from histparse.replayer.types import Replay

__all__ = ["check_summary"]

_ZERO = Decimal(0)
_SHOWED = (SeatOutcome.SHOWED_WON, SeatOutcome.SHOWED_LOST)
# Keyed by the outcome's id: string keys hash in C, enum members in Python. Looked up
# with ``_value_``: the ``value`` property is a Python-level call.
_FOLD_STREET = {o.value: o.fold_street for o in SeatOutcome}
# Enum members as module constants: Enum classes have a Python-level __getattr__ hook.
_SUMMARY = Section.SUMMARY
_SHOWED_WON = SeatOutcome.SHOWED_WON
_MUCKED = SeatOutcome.MUCKED
_COLLECTED = SeatOutcome.COLLECTED
_SMALL_BLIND = PostKind.SMALL_BLIND
_P_BUTTON = Position.BUTTON
_P_SMALL_BLIND = Position.SMALL_BLIND
_P_BIG_BLIND = Position.BIG_BLIND


def check_summary(r: Replay) -> list[Finding]:
    """SUMMARY-* findings of one replayed hand."""
    out: list[Finding] = []
    hand = r.hand
    body = r.body
    if body.cancelled:
        return out
    for marker in reversed(body.sections):  # the summary marker is the last one
        if marker.section is _SUMMARY:
            break
    else:
        return out
    seats: dict[str, Seat] = {}
    for s in hand.seats:
        seats[s.player] = s
    seen: set[str] = set()
    # Who posted, and who posted a blind: for '(didn't bet)', once per hand.
    posters: set[str] = set()
    blinds: set[str] = set()
    for x in body.posts:
        posters.add(x.player)
        if x.kind in BLIND_KINDS:
            blinds.add(x.player)
    for line in body.summary_seats:
        seat = seats.get(line.player)
        if seat is None:
            out.append(
                make_finding(
                    hand,
                    Code.SUMMARY_SEAT,
                    f"summary seat {line.seat}: {line.player} is not seated",
                    line.line,
                )
            )
            continue
        if line.player in seen:
            out.append(
                make_finding(
                    hand, Code.SUMMARY_SEAT, f"{line.player} has two summary lines", line.line
                )
            )
            continue
        seen.add(line.player)
        if seat.seat != line.seat:
            out.append(
                make_finding(
                    hand,
                    Code.SUMMARY_SEAT,
                    f"the summary puts {line.player} in seat {line.seat}; the seat list says "
                    f"seat {seat.seat}",
                    line.line,
                )
            )
        _outcome(r, line, out, posters, blinds)
    for player in body.dealt_in if r.profile.summary_lists_every_seat else ():
        if player not in seen:
            out.append(make_finding(hand, Code.SUMMARY_SEAT, f"no summary line for {player}"))
    _positions(r, out)
    return out


def _outcome(
    r: Replay, line: SummarySeat, out: list[Finding], posters: set[str], blinds: set[str]
) -> None:
    hand = r.hand
    body = r.body
    p = line.player
    outcome = line.outcome
    fold = body.folds.get(p)
    where = line.line

    fold_street = _FOLD_STREET[outcome._value_]
    if fold_street is not None:
        if fold is None:
            _add(
                out,
                hand,
                where,
                Code.SUMMARY_FOLD,
                f"{p} {words_for(hand.site).outcomes[outcome]}, but {p} does not fold in the hand",
            )
        elif fold[0] != fold_street:
            _add(
                out,
                hand,
                where,
                Code.SUMMARY_FOLD,
                f"{p} {words_for(hand.site).outcomes[outcome]}, but {p} folds in the "
                f"{_street(fold[0])} (line {fold[1]})",
            )
        _didnt_bet(r, line, out, posters, blinds)
        return
    if fold is not None:
        _add(
            out,
            hand,
            where,
            Code.SUMMARY_FOLD,
            f"{p} {words_for(hand.site).outcomes[outcome]}, but {p} folds at line {fold[1]}",
        )
        return
    collected = body.collected_by(p)
    shown = body.shows.get(p)
    if outcome in _SHOWED:
        if shown is None:
            _add(
                out, hand, where, Code.SUMMARY_SHOWDOWN, f"{p} showed, but {p} has no 'shows' line"
            )
        elif (
            line.cards is not None
            and line.cards != shown.cards  # the same order: no need to sort
            and sorted(line.cards) != sorted(shown.cards)
        ):
            _add(
                out,
                hand,
                where,
                Code.SUMMARY_SHOWDOWN,
                f"{p} showed [{' '.join(map(str, line.cards))}], but the showdown line shows "
                f"[{' '.join(map(str, shown.cards))}]",
            )
        if outcome is _SHOWED_WON:
            if collected == _ZERO:
                _add(out, hand, where, Code.SUMMARY_SHOWDOWN, f"{p} won, but {p} collects nothing")
            elif line.amount is not None and line.amount != collected:
                _add(
                    out,
                    hand,
                    where,
                    Code.SUMMARY_AMOUNT,
                    f"{p} won {money(hand, line.amount)}, but {p} collects "
                    f"{money(hand, collected)}",
                )
        elif collected > _ZERO:
            _add(
                out,
                hand,
                where,
                Code.SUMMARY_SHOWDOWN,
                f"{p} lost, but {p} collects {money(hand, collected)}",
            )
    elif outcome is _MUCKED:
        if p not in body.mucks:
            _add(
                out,
                hand,
                where,
                Code.SUMMARY_SHOWDOWN,
                f"{p} mucked, but {p} has no 'mucks hand' line",
            )
        if collected > _ZERO:
            _add(
                out,
                hand,
                where,
                Code.SUMMARY_SHOWDOWN,
                f"{p} mucked, but {p} collects {money(hand, collected)}",
            )
    elif outcome is _COLLECTED:
        if shown is not None:
            _add(
                out,
                hand,
                where,
                Code.SUMMARY_SHOWDOWN,
                f"{p} collected without showing, but {p} shows",
            )
        if line.amount is not None and line.amount != collected:
            _add(
                out,
                hand,
                where,
                Code.SUMMARY_AMOUNT,
                f"{p} collected {money(hand, line.amount)}, but {p} collects "
                f"{money(hand, collected)}",
            )


def _add(out: list[Finding], hand: Hand, line: int, code: Code, message: str) -> None:
    out.append(make_finding(hand, code, f"summary: {message}", line))


def _didnt_bet(
    r: Replay, line: SummarySeat, out: list[Finding], posters: set[str], blinds: set[str]
) -> None:
    """``(didn't bet)``: no blind posted and no money put in voluntarily (antes aside)."""
    body = r.body
    p = line.player
    blind = p in blinds
    if not blind and p in posters:
        return  # ante only: the site's reading is not known, so either is accepted
    expected = not blind and p not in body.voluntary
    if line.didnt_bet is not expected:
        text = "says" if line.didnt_bet else "does not say"
        why = "puts money in" if not expected else "puts nothing in"
        out.append(
            make_finding(
                r.hand,
                Code.SUMMARY_DIDNT_BET,
                f"summary: {p}'s line {text} (didn't bet), but {p} {why}",
                line.line,
            )
        )


def _positions(r: Replay, out: list[Finding]) -> None:
    hand = r.hand
    body = r.body
    blinds = r.blinds
    sb_posters = [x.player for x in body.posts if x.kind is _SMALL_BLIND]
    bb = body.big_blind_player
    button = hand.button_seat
    heads_up_sb_only = not r.profile.tags_button_heads_up and len(body.dealt_in) == 2
    for line in body.summary_seats:
        tags = line.positions
        p = line.player
        # Untagged and neither the button nor a blind poster: nothing to check (most seats).
        if (
            not tags
            and bb is not None
            and sb_posters
            and line.seat != button
            and p != bb
            and p not in sb_posters
        ):
            continue
        wrong: list[tuple[Position, bool]] = []
        has = _P_BUTTON in tags
        on_button = line.seat == button
        if on_button and heads_up_sb_only and (p in sb_posters or _P_SMALL_BLIND in tags):
            on_button = False  # heads-up the site tags the button "(small blind)" alone
        if has is not on_button:
            wrong.append((_P_BUTTON, has))
        has = _P_SMALL_BLIND in tags
        if sb_posters:
            if has is not (p in sb_posters):
                wrong.append((_P_SMALL_BLIND, has))
        elif has and (blinds is None or line.seat != blinds.small_blind):
            wrong.append((_P_SMALL_BLIND, has))
        has = _P_BIG_BLIND in tags
        if bb is not None:
            if has is not (p == bb):
                wrong.append((_P_BIG_BLIND, has))
        elif has and (blinds is None or line.seat != blinds.big_blind):
            wrong.append((_P_BIG_BLIND, has))
        for tag, tagged in wrong:
            what = "is tagged" if tagged else "is not tagged"
            name = words_for(hand.site).positions[tag]
            out.append(
                make_finding(
                    hand,
                    Code.SUMMARY_POSITION,
                    f"summary: {p} (seat {line.seat}) {what} ({name})",
                    line.line,
                )
            )


def _street(street: Street) -> str:
    return {
        Street.PREDRAW: "pre-draw round",
        Street.DRAW1: "round after the 1st draw",
        Street.DRAW2: "round after the 2nd draw",
        Street.DRAW3: "round after the 3rd draw",
    }.get(street, street.name)
