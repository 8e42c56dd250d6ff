"""A toy site for tests: one folder, registered with one line in ``histparse/sites``.

Its hands look like this (one line per event, a blank line between hands)::

    Toy Hand #7: 2-7 Triple Draw 1/2 USD - 2020-01-01 12:00:00 UTC
    Seat 1: Alice 100 (button)
    Seat 2: Bob 100
    Alice posts 1
    Bob posts 2
    Alice folds
    Bob wins 3
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal

from histparse.events import (
    Action,
    Collected,
    Event,
    Hand,
    Post,
    Seat,
    Section,
    SectionMarker,
    SiteLayout,
    Source,
    SummaryPot,
)
from histparse.game import ActionKind, Game, LimitType, PostKind, Street
from histparse.reading import Chunk, ParseError, Unsupported
from histparse.sites.base import Continuation, NotWritable
from histparse.sites.profile import GENERIC, NEUTRAL_WORDS, SiteProfile, Wording

_HEADER = re.compile(
    r"Toy Hand #(\d+): 2-7 Triple Draw (\d+)/(\d+) ([A-Z]{3}) - "
    r"(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d) UTC"
)
_SEAT = re.compile(r"Seat (\d): (\w+) (\d+)( \(button\))?")
_POST = re.compile(r"(\w+) posts (\d+)")
_FOLD = re.compile(r"(\w+) folds")
_WINS = re.compile(r"(\w+) wins (\d+)")


@dataclass(frozen=True, slots=True)
class ToySite:
    name: str = "Toy"
    prefixes: tuple[str, ...] = ("Toy Hand #",)
    cuts: bool = True
    expected: str = "a Toy header line ('Toy Hand #<id>: ...')"
    profile: SiteProfile = GENERIC
    words: Wording = NEUTRAL_WORDS

    def first_line(self, line: str) -> bool:
        return _HEADER.fullmatch(line) is not None

    def cuts_at(self, line: str) -> bool:
        return self.first_line(line)

    def hand_id(self, first_line: str) -> str | None:
        m = _HEADER.fullmatch(first_line)
        return None if m is None else m.group(1)

    def separator(self, line: str) -> bool:
        return False

    def continuation(self, first: Chunk, chunk: Chunk) -> Continuation:
        return Continuation.NEW

    def parse(self, chunk: Chunk) -> Hand | Unsupported:
        m = _HEADER.fullmatch(chunk.contents[0])
        if m is None:
            raise ParseError(
                "not a Toy header", file=chunk.path, line=chunk.first_line, site=self.name
            )
        hand_id, small, big, currency = m.group(1, 2, 3, 4)
        when = datetime(*map(int, m.group(5, 6, 7, 8, 9, 10)), tzinfo=UTC)
        seats: list[Seat] = []
        button = 0
        events: list[Event] = []
        total = Decimal(0)
        n = chunk.first_line
        for i, text in enumerate(chunk.contents[1:], 1):
            line = n + i
            if s := _SEAT.fullmatch(text):
                seats.append(Seat(int(s.group(1)), s.group(2), Decimal(s.group(3)), line=line))
                if s.group(4):
                    button = int(s.group(1))
                continue
            if not events:
                events.append(SectionMarker(Section.DEALING_HANDS, line=line))
            if p := _POST.fullmatch(text):
                kind = PostKind.SMALL_BLIND if len(events) == 1 else PostKind.BIG_BLIND
                events.append(Post(p.group(1), kind, Decimal(p.group(2)), line=line))
                total += Decimal(p.group(2))
            elif f := _FOLD.fullmatch(text):
                events.append(Action(Street.PREDRAW, f.group(1), ActionKind.FOLD, line=line))
            elif w := _WINS.fullmatch(text):
                events.append(Collected(w.group(1), Decimal(w.group(2)), line=line))
            else:
                raise ParseError(
                    "not a Toy line",
                    file=chunk.path,
                    line=line,
                    text=text,
                    site=self.name,
                    hand_id=hand_id,
                    first_line=n,
                )
        last = chunk.last_line
        events.append(SectionMarker(Section.SUMMARY, line=last))
        events.append(SummaryPot(total, Decimal(0), line=last))
        return Hand(
            site=self.name,
            hand_id=hand_id,
            game=Game.TRIPLE_DRAW_27,
            limit_type=LimitType.FIXED,
            stakes=(Decimal(small), Decimal(big)),
            currency=currency,
            is_play_money=False,
            is_tournament=False,
            tournament_id=None,
            buy_in=None,
            buy_in_currency=None,
            level=None,
            match_round=None,
            mixed_game=None,
            is_home_game=False,
            club=None,
            started_at=when,
            table_name="toy",
            max_seats=len(seats),
            button_seat=button,
            seats=tuple(seats),
            hero=None,
            events=tuple(events),
            source=Source(chunk.path, n, last, "\n".join(chunk.contents)),
            layout=SiteLayout(money_symbol=""),
        )

    def write(self, hand: Hand) -> str:
        raise NotWritable(f"hand {hand.hand_id}: the toy site has no writer")

    def write_file(
        self, hands: Iterable[Hand], *, newline: str | None, bom: bool | None
    ) -> Iterator[str]:
        for hand in hands:
            self.write(hand)
        return iter(())


SITE = ToySite()
