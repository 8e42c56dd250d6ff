"""Structure checks: sections in order, seats and button coherent, blinds right (R-TABLE-1/2)."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from operator import attrgetter
from typing import TYPE_CHECKING

from histparse.engine import MAX_SEATS
from histparse.events import Hand, Post, Section, SectionMarker
from histparse.game import Game, LimitType, PostKind
from histparse.replayer.checks.common import LIVE_BIG_BLINDS, marker_text, money
from histparse.replayer.findings import Code, Finding, make_finding

if TYPE_CHECKING:
    from histparse.replayer.types import Replay
    from histparse.sites.profile import SiteProfile

__all__ = ["check_structure"]

# Enum members as module constants: Enum classes have a Python-level __getattr__ hook.
_DEALING_HANDS = Section.DEALING_HANDS
_SHOW_DOWN = Section.SHOW_DOWN
_SUMMARY = Section.SUMMARY
_TRIPLE_DRAW = Game.TRIPLE_DRAW_27
_SMALL_BLIND = PostKind.SMALL_BLIND
_ANTE = PostKind.ANTE
_FIXED = LimitType.FIXED
_BIG_BLIND = PostKind.BIG_BLIND
_SMALL_AND_BIG_BLIND = PostKind.SMALL_AND_BIG_BLIND

_ZERO = Decimal(0)  # Decimal against Decimal: no int conversion per comparison
_SEAT = attrgetter("seat")
_STACK = attrgetter("stack")
_SECTION = attrgetter("section")
_PLAYER = attrgetter("player")
# Games with three draws, by text (Game.draws would hash the member through Python).
_TRIPLE_DRAW_GAMES = frozenset(game.value for game in Game if game.draws == 3)
_TD_ORDER = (
    _DEALING_HANDS,
    Section.FIRST_DRAW,
    Section.SECOND_DRAW,
    Section.THIRD_DRAW,
    _SHOW_DOWN,
    _SUMMARY,
)
_SINGLE_ORDER = (_DEALING_HANDS, _SHOW_DOWN, _SUMMARY)
# A site that marks the one draw of single draw (Full Tilt's "*** DRAW ***").
_SINGLE_MARKED_ORDER = (_DEALING_HANDS, Section.FIRST_DRAW, _SHOW_DOWN, _SUMMARY)
_DRAW_MARKERS = (Section.FIRST_DRAW, Section.SECOND_DRAW, Section.THIRD_DRAW)


def check_structure(r: Replay) -> list[Finding]:
    """STRUCT-*, BLIND-* findings of one replayed hand."""
    out: list[Finding] = []
    _seats(r, out)
    _sections(r, out)
    _blinds(r, out)
    return out


def _seats(r: Replay, out: list[Finding]) -> None:
    hand = r.hand
    seats = hand.seats
    numbers = list(map(_SEAT, seats))
    names = list(map(_PLAYER, seats))
    if len(set(numbers)) != len(numbers):
        for seat, n in Counter(numbers).items():
            if n > 1:
                out.append(
                    make_finding(hand, Code.STRUCT_SEATS, f"seat {seat} is listed {n} times")
                )
    if len(set(names)) != len(names):
        for name, n in Counter(names).items():
            if n > 1:
                out.append(make_finding(hand, Code.STRUCT_SEATS, f"{name} sits in {n} seats"))
    size = hand.max_seats
    dealt = r.body.dealt_in
    numbers_ok = bool(numbers) and min(numbers) >= 1 and (size is None or max(numbers) <= size)
    if numbers_ok and min(map(_STACK, seats)) > _ZERO:
        seats = ()  # nothing to report seat by seat (the usual hand)
    for s in seats:
        if s.seat < 1 or (size is not None and s.seat > size):
            out.append(
                make_finding(
                    hand, Code.STRUCT_SEATS, f"seat {s.seat} on a {size}-max table", s.line or None
                )
            )
        if s.stack <= 0 and s.player in dealt:
            out.append(
                make_finding(
                    hand,
                    Code.STRUCT_SEATS,
                    f"{s.player} is dealt in with {money(hand, s.stack)}",
                    s.line or None,
                )
            )
    most = (
        max(MAX_SEATS, r.profile.max_players)
        if hand.game is _TRIPLE_DRAW
        else (size or len(hand.seats))
    )
    if not 2 <= len(dealt) <= max(most, 2):
        out.append(
            make_finding(
                hand,
                Code.STRUCT_SEATS,
                f"{len(dealt)} players dealt in; the game takes 2 to {most}",
            )
        )
    if hand.button_seat not in numbers:
        out.append(
            make_finding(
                hand, Code.STRUCT_BUTTON, f"the button is on empty seat {hand.button_seat}"
            )
        )


def _sections(r: Replay, out: list[Finding]) -> None:
    hand = r.hand
    body = r.body
    order: tuple[Section, ...]
    if hand.game._value_ in _TRIPLE_DRAW_GAMES:
        order = _TD_ORDER
    elif r.profile.marks_single_draw:
        order = _SINGLE_MARKED_ORDER
    else:
        order = _SINGLE_ORDER
    present: list[Section] = list(map(_SECTION, body.sections))
    try:
        ranks = list(map(order.index, present))
    except ValueError:  # a marker that does not belong to the game
        ranks = []
    if not ranks or ranks != sorted(set(ranks)):
        # Not every marker once and in order (the usual hand): say which ones are wrong.
        present = _section_order(hand, body.sections, order, out)
    for required in (_DEALING_HANDS, _SUMMARY) if r.profile.marks_deal else (_SUMMARY,):
        if required not in present:
            out.append(
                make_finding(
                    hand, Code.STRUCT_SECTIONS, f"no '{marker_text(hand, required)}' section"
                )
            )
    if body.summary_pot is None and not body.cancelled and r.profile.prints_total_pot:
        out.append(make_finding(hand, Code.STRUCT_SECTIONS, "no 'Total pot' summary line"))
    reached = body.reached_draw
    if order is _TD_ORDER and reached:
        for number, section in enumerate(_DRAW_MARKERS, start=1):
            if number <= reached and section not in present:
                out.append(
                    make_finding(
                        hand,
                        Code.STRUCT_SECTIONS,
                        f"draw {number} took place but '{marker_text(hand, section)}' is missing",
                    )
                )
    if (
        r.profile.marks_showdown
        and body.showdown is not None
        and (_SHOW_DOWN in present) is not body.showdown
    ):
        line = next((m.line for m in body.sections if m.section is _SHOW_DOWN), None)
        show_down = marker_text(hand, _SHOW_DOWN)
        what = (
            f"two or more players reach the showdown but '{show_down}' is missing"
            if body.showdown
            else f"'{show_down}' but only one player is left"
        )
        out.append(make_finding(hand, Code.STRUCT_SECTIONS, what, line))


def _section_order(
    hand: Hand, markers: tuple[SectionMarker, ...], order: tuple[Section, ...], out: list[Finding]
) -> list[Section]:
    """Markers of another game, repeated or out of order; returns the markers of the game."""
    last = -1
    present: list[Section] = []
    for marker in markers:
        section = marker.section
        if section not in order:
            out.append(
                make_finding(
                    hand,
                    Code.STRUCT_SECTIONS,
                    f"'{marker_text(hand, section)}' in a {hand.game.label} hand",
                    marker.line,
                )
            )
            continue
        k = order.index(section)
        if section in present:
            out.append(
                make_finding(
                    hand, Code.STRUCT_SECTIONS, f"'{marker_text(hand, section)}' twice", marker.line
                )
            )
        elif k < last:
            out.append(
                make_finding(
                    hand,
                    Code.STRUCT_SECTIONS,
                    f"'{marker_text(hand, section)}' out of order",
                    marker.line,
                )
            )
        present.append(section)
        if k > last:
            last = k
    return present


def _blinds(r: Replay, out: list[Finding]) -> None:
    hand = r.hand
    blinds = r.blinds
    bb = r.big_blind
    if blinds is None or bb is None or r.body.cancelled:
        return
    seat_of: dict[str, int] = {}
    for s in hand.seats:
        seat_of[s.player] = s.seat
    posts = r.body.posts
    profile = r.profile
    small: list[Post] = []
    antes: list[Decimal] = []
    for p in posts:
        if p.kind is _SMALL_BLIND:
            small.append(p)
        elif p.kind is _ANTE and not p.all_in:
            antes.append(p.amount)
    for p in small:
        if seat_of.get(p.player) != blinds.small_blind:
            out.append(
                make_finding(
                    hand,
                    Code.BLIND_SEAT,
                    f"{p.player} (seat {seat_of.get(p.player)}) posts the small blind; seat "
                    f"{blinds.small_blind} should",
                    p.line,
                )
            )
    if len(small) > 1:
        out.append(make_finding(hand, Code.BLIND_SEAT, "two small blinds posted", small[1].line))
    real = r.body.big_blind_player
    if real is not None:
        seat = seat_of.get(real)
        # The big blind's seat; with no small blind posted, the small blind's seat too.
        if seat != blinds.big_blind and (small or seat != blinds.small_blind):
            line = next(p.line for p in posts if p.player == real and p.kind in LIVE_BIG_BLINDS)
            out.append(
                make_finding(
                    hand,
                    Code.BLIND_SEAT,
                    f"{real} (seat {seat_of.get(real)}) posts the big blind; seat "
                    f"{blinds.big_blind} should",
                    line,
                )
            )
    else:
        owner = next((s.player for s in hand.seats if s.seat == blinds.big_blind), None)
        if owner is not None:
            owner_antes = sum(
                (p.amount for p in posts if p.player == owner and p.kind is _ANTE),
                Decimal(0),
            )
            stack_of = {s.player: s.stack for s in hand.seats}
            if stack_of[owner] - owner_antes > 0:
                out.append(
                    make_finding(
                        hand,
                        Code.BLIND_MISSING,
                        f"{owner} (seat {blinds.big_blind}) posts no big blind",
                    )
                )
    # Amounts: the big blind from the stakes, the small blind within the profile's rounding
    # (fixed limit) or the stakes' small blind (pot and no limit). All-in posts may be less.
    fixed = hand.limit_type is _FIXED
    lo, hi = profile.small_blind_min, profile.small_blind_max
    bounds = _bounds(profile)
    stake_sb = hand.stakes[0]
    top_ante = max(antes) if antes else None
    for p in posts:
        amount = p.amount
        kind = p.kind
        if kind is _BIG_BLIND:
            ok = amount == bb or (p.all_in and amount < bb)
        elif kind is _SMALL_BLIND:
            ok = _small_blind_ok(amount, bb, stake_sb, fixed, bounds, p.all_in)
        elif kind is _SMALL_AND_BIG_BLIND:
            ok = p.all_in or _small_blind_ok(amount - bb, bb, stake_sb, fixed, bounds, False)
        elif kind is _ANTE:
            ok = top_ante is None or amount == top_ante or (p.all_in and amount < top_ante)
        else:
            ok = 0 < amount <= bb
        if not ok:
            sb_text = (
                f"{lo} to {hi} of the big blind {money(hand, bb)}"
                if fixed
                else money(hand, stake_sb)
            )
            if kind is _BIG_BLIND:
                want = money(hand, bb)
            elif kind is _SMALL_BLIND:
                want = sb_text
            elif kind is _SMALL_AND_BIG_BLIND:
                want = f"the big blind {money(hand, bb)} plus a small blind of {sb_text}"
            elif kind is _ANTE:
                want = money(hand, top_ante) if top_ante is not None else "no ante"
            else:
                want = f"at most the big blind {money(hand, bb)}"
            out.append(
                make_finding(
                    hand,
                    Code.BLIND_AMOUNT,
                    f"{p.player} posts {p.kind.label} {money(hand, amount)}; expected {want}",
                    p.line,
                )
            )


# id(profile) -> (profile, its small-blind fractions as ints): Fraction's numerator and
# denominator are Python properties, read once per profile rather than once per hand.
_BOUNDS: dict[int, tuple[SiteProfile, tuple[int, int, int, int]]] = {}


def _bounds(profile: SiteProfile) -> tuple[int, int, int, int]:
    cached = _BOUNDS.get(id(profile))
    if cached is not None and cached[0] is profile:
        return cached[1]
    lo, hi = profile.small_blind_min, profile.small_blind_max
    bounds = (lo.numerator, lo.denominator, hi.numerator, hi.denominator)
    if len(_BOUNDS) < 64:  # a few profiles (the sites', what-if audits)
        _BOUNDS[id(profile)] = (profile, bounds)
    return bounds


def _small_blind_ok(
    amount: Decimal,
    bb: Decimal,
    stake_sb: Decimal,
    fixed: bool,
    bounds: tuple[int, int, int, int],
    all_in: bool,
) -> bool:
    """Fixed limit: between the fractions ``lo`` and ``hi`` of the big blind (``bounds`` is
    their numerators and denominators); else the stakes' small blind. An all-in post may be
    anything smaller."""
    if not fixed:
        return amount == stake_sb or (all_in and 0 < amount < stake_sb)
    lo_num, lo_den, hi_num, hi_den = bounds
    # amount / bb compared with the fractions, in exact Decimal products (no division).
    below_hi = amount * hi_den <= bb * hi_num
    return (below_hi and amount * lo_den >= bb * lo_num) or (all_in and amount > 0 and below_hi)
