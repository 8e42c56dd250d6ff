"""Card checks: the hero's draws against the hand held, and the site's hand descriptions.

``hero_draw`` is called by the replayer at each of the hero's draw lines; it says what is
wrong and which cards the engine may be told (only consistent ones, so that one bad line does
not spread into findings about every later card). ``check_descriptions`` runs after the
replay. Unknown cards (opponents' hands and discards) are never a finding.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import filterfalse
from typing import TYPE_CHECKING

from histparse._records import twin
from histparse.cards import Card, format_cards
from histparse.events import DealtTo, Draw
from histparse.ranking import HandError, hand_rank, rank_parsed
from histparse.replayer.findings import Code, Finding, make_finding
from histparse.sites import draws_unrecorded, words_for

if TYPE_CHECKING:
    from histparse.replayer.types import Replay

__all__ = ["HeroDraw", "check_descriptions", "description_problem", "hero_draw", "is_hand"]

Cards = tuple[Card, ...]
HAND_SIZE = 5
_WORDING: dict[tuple[int, Callable[[int], str]], str] = {}
_CARD_TYPE = frozenset({Card})


def is_hand(cards: Sequence[Card]) -> bool:
    """Five distinct cards."""
    return len(cards) == HAND_SIZE and len(set(cards)) == HAND_SIZE


def _fmt(cards: Sequence[Card]) -> str:
    return "[" + format_cards(cards) + "]"


@dataclass(frozen=True, slots=True)
class HeroDraw:
    """What ``hero_draw`` found.

    ``problems`` are (code, message, whether it is about the ``Dealt to`` line); ``discarded``
    and ``received`` are for the engine (None where the lines cannot be trusted); ``hand`` is
    the hero's hand after the draw when the lines give five distinct cards; ``listed`` the
    cards the lines say the hero holds, right or wrong (to check the next discard against).
    """

    problems: tuple[tuple[Code, str, bool], ...]
    discarded: Cards | None
    received: Cards | None
    hand: Cards | None
    listed: Cards | None


_HeroDrawParts = twin(HeroDraw)


def hero_draw(
    player: str, held: Cards | None, listed: Cards | None, draw: Draw, dealt: DealtTo | None
) -> HeroDraw:
    """Check one hero draw line and the ``Dealt to`` line after it (R-DRAW-2).

    ``held`` is the hero's hand before the draw when known to be five good cards, ``listed``
    whatever the last ``Dealt to`` line listed. ``[kept]`` must be ``held`` minus the discards
    in the same order and ``[new]`` as many cards as were discarded (PokerStars prints one
    bracket when all five are replaced).
    """
    problems: list[tuple[Code, str, bool]] = []

    def problem(code: Code, message: str, on_dealt: bool = False) -> None:
        problems.append((code, message, on_dealt))

    count = draw.count
    if draw.pat or count == 0:
        pat = draw.pat_cards
        if pat is not None and held is not None and pat != held and sorted(pat) != sorted(held):
            problem(
                Code.CARD_HERO_SHOW, f"{player} stands pat on {_fmt(pat)} but holds {_fmt(held)}"
            )
        if dealt is not None:
            problem(Code.CARD_HERO_DRAW, f"{player} stands pat but is dealt new cards", True)
        hand = held if held is not None else (pat if pat is not None and is_hand(pat) else None)
        return _verdict(problems, (), (), hand, listed if pat is None else pat)

    disc = draw.discarded
    disc_ok = disc is not None
    if disc is not None:
        if len(disc) != count:
            problem(
                Code.CARD_HERO_DRAW,
                f"{player} discards {count} card(s) but the line lists {len(disc)}: {_fmt(disc)}",
            )
            disc_ok = False
        elif len(set(disc)) != len(disc):
            problem(Code.CARD_DUPLICATE, f"{player} discards {_fmt(disc)}: a card twice")
            disc_ok = False
        else:
            pool = held if held is not None else listed
            if pool is not None:
                missing = [c for c in disc if c not in pool]
                if missing:
                    problem(
                        Code.CARD_HERO_DRAW,
                        f"{player} discards {_fmt(missing)}, not in the hand held {_fmt(pool)}",
                    )
                    disc_ok = False

    if dealt is None:
        problem(Code.CARD_HERO_DRAW, f"{player} discards {count} card(s) but no 'Dealt to' follows")
        return _verdict(problems, disc if disc_ok else None, None, None, None)

    kept: Cards = dealt.kept
    new = dealt.new
    if new is None:
        if count == HAND_SIZE:
            kept, new = (), dealt.kept
        else:
            problem(
                Code.CARD_HERO_DRAW,
                f"'Dealt to {player}' gives no new cards after a discard of {count}",
                True,
            )
    cards = kept + (new or ())
    good = new is not None
    if new is not None and len(new) != count:
        problem(
            Code.CARD_HERO_DRAW,
            f"{player} is dealt {len(new)} new card(s) {_fmt(new)} for {count} discarded",
            True,
        )
        good = False
    if held is not None and disc_ok and disc is not None:
        expected = tuple(filterfalse(disc.__contains__, held))
        if kept != expected:
            problem(
                Code.CARD_HERO_DRAW,
                f"{player} keeps {_fmt(kept)} but {_fmt(held)} minus the discards {_fmt(disc)} "
                f"is {_fmt(expected)}",
                True,
            )
            good = False
    if len(set(cards)) != len(cards):
        problem(Code.CARD_DUPLICATE, f"'Dealt to {player}' repeats a card: {_fmt(cards)}", True)
        good = False
    elif len(cards) != HAND_SIZE:
        problem(Code.CARD_COUNT, f"{player} holds {len(cards)} cards: {_fmt(cards)}", True)
        good = False
    hand = cards if good else None
    received = new if hand is not None and disc_ok else None
    return _verdict(problems, disc if disc_ok else None, received, hand, cards)


def _verdict(
    problems: list[tuple[Code, str, bool]],
    discarded: Cards | None,
    received: Cards | None,
    hand: Cards | None,
    listed: Cards | None,
) -> HeroDraw:
    """``HeroDraw(...)`` without the frozen-dataclass ``__init__`` (histparse._records):
    the replayer asks for one at every hero draw."""
    verdict = _HeroDrawParts()
    verdict.problems = tuple(problems)
    verdict.discarded = discarded
    verdict.received = received
    verdict.hand = hand
    verdict.listed = listed
    verdict.__class__ = HeroDraw
    result: HeroDraw = verdict
    return result


def description_problem(
    cards: Sequence[Card], description: str | None, describe: Callable[[int], str]
) -> str | None:
    """Why ``description`` is not the site's wording of ``cards`` (None when it is, or when
    there is nothing to compare); ``describe`` is the site's wording of a rank number."""
    if description is None:
        return None
    if (
        type(cards) is tuple
        and len(cards) == HAND_SIZE
        and _CARD_TYPE.issuperset(map(type, cards))
        and len(set(cards)) == HAND_SIZE
        and min(cards) >= 0
        and max(cards) < 52
    ):
        rank = rank_parsed(cards)  # five distinct good cards: hand_rank without its checks
    else:
        try:
            rank = hand_rank(cards)
        except HandError:
            return None  # not five good cards: reported as a card finding elsewhere
    # describe(cards), with the wording of each rank kept: ranks repeat across hands.
    expected = _WORDING.get((rank, describe))
    if expected is None:
        expected = describe(rank)
        if len(_WORDING) < 1 << 16:  # bounded: describers come from the registered sites
            _WORDING[rank, describe] = expected
    if description == expected:
        return None
    return f"{_fmt(cards)} is described as {description!r}; the hand is {expected!r}"


def check_descriptions(r: Replay) -> list[Finding]:
    """CARD-DESCRIPTION: every ``shows`` line and every summary ``showed`` line (R-RANK-3)."""
    out: list[Finding] = []
    hand = r.hand
    describe = words_for(hand.site).describe
    # A shown hand is described twice (showdown and summary): judge each pair once.
    judged: dict[tuple[tuple[Card, ...], str | None], str | None] = {}
    for player, cards, description, line, summary in _descriptions(r):
        key = (cards, description)
        if key not in judged:
            judged[key] = description_problem(cards, description, describe)
        why = judged[key]
        if why is not None:
            text = f"summary: {player} {why}" if summary else f"{player} shows {why}"
            out.append(make_finding(hand, Code.CARD_DESCRIPTION, text, line))
    return out


def _descriptions(
    r: Replay,
) -> list[tuple[str, tuple[Card, ...], str | None, int, bool]]:
    """(player, cards, description, line, from the summary) of every described hand."""
    items = [(s.player, s.cards, s.description, s.line, False) for s in r.body.shows.values()]
    for seat in r.body.summary_seats:
        if seat.cards is not None and seat.description is not None:
            items.append((seat.player, seat.cards, seat.description, seat.line, True))
    return items


def check_unrecorded_draws(r: Replay) -> list[Finding]:
    """DRAW-UNRECORDED: one warning for a hand whose every draw line is a suspect stand-pat
    (``SiteProfile.pat_lines_suspect``; FORMATS-SITES §2.3)."""
    hand = r.hand
    if not draws_unrecorded(hand, r.profile):
        return []
    first = next(e.line for e in hand.events if type(e) is Draw)
    return [
        make_finding(
            hand,
            Code.DRAW_UNRECORDED,
            "every player stands pat on every draw: the site's real-money history does not "
            "record the draws, so the hero's hand is not judged from them",
            first,
        )
    ]
