"""Count the hard cases in hands (simulated or real), for reports, tests and tuning."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields

from histparse.events import (
    Action,
    ActionKind,
    CapReached,
    Chat,
    Collected,
    Hand,
    Mucks,
    PlayerStatus,
    Post,
    PostKind,
    Reshuffle,
    Section,
    SectionMarker,
    StatusKind,
    SummaryPot,
    TournamentFinish,
    UncalledBet,
)


@dataclass(slots=True)
class Census:
    """How many hands show each hard case (``*_lines``/``capped_rounds`` count occurrences).

    ``walks`` are hands where everyone folded to the big blind; ``split_pots`` pots shared by
    two or more players and ``odd_chip_splits`` those shared unequally (an odd chip).
    """

    hands: int = 0
    showdowns: int = 0
    capped_hands: int = 0
    capped_rounds: int = 0
    all_in_hands: int = 0
    side_pot_hands: int = 0
    multi_side_pot_hands: int = 0
    split_pots: int = 0
    odd_chip_splits: int = 0
    reshuffle_hands: int = 0
    uncalled_hands: int = 0
    walks: int = 0
    muck_hands: int = 0
    chat_lines: int = 0
    joins: int = 0
    leaves: int = 0
    extra_big_blind_hands: int = 0
    waiting_lines: int = 0
    timeouts: int = 0
    ante_hands: int = 0
    tournament_finishes: int = 0
    names: set[str] = field(default_factory=set)

    def add(self, hand: Hand) -> None:
        """Count one hand."""
        self.hands += 1
        self.names.update(hand.players)
        caps = showdown = all_in = reshuffle = uncalled = muck = ante = False
        drew = False
        only_folds = True
        big_blinds = 0
        collected: dict[str, list[tuple[str, object]]] = {}
        for e in hand.events:
            if isinstance(e, Action):
                if e.kind is not ActionKind.FOLD:
                    only_folds = False
                all_in = all_in or e.all_in
            elif isinstance(e, Post):
                all_in = all_in or e.all_in
                if e.kind is PostKind.BIG_BLIND:
                    big_blinds += 1
                elif e.kind is PostKind.ANTE:
                    ante = True
            elif isinstance(e, CapReached):
                caps = True
                self.capped_rounds += 1
            elif isinstance(e, SectionMarker):
                if e.section is Section.SHOW_DOWN:
                    showdown = True
                elif e.section is Section.FIRST_DRAW:
                    drew = True
            elif isinstance(e, Reshuffle):
                reshuffle = True
            elif isinstance(e, UncalledBet):
                uncalled = True
            elif isinstance(e, Mucks):
                muck = True
            elif isinstance(e, Chat):
                self.chat_lines += 1
            elif isinstance(e, Collected):
                collected.setdefault(e.pot, []).append((e.player, e.amount))
            elif isinstance(e, SummaryPot):
                if e.sides:
                    self.side_pot_hands += 1
                    if len(e.sides) > 1:
                        self.multi_side_pot_hands += 1
            elif isinstance(e, PlayerStatus):
                if e.kind is StatusKind.JOINS:
                    self.joins += 1
                elif e.kind is StatusKind.LEAVES:
                    self.leaves += 1
                elif e.kind is StatusKind.ALLOWED_AFTER_BUTTON:
                    self.waiting_lines += 1
                elif e.kind is StatusKind.TIMED_OUT:
                    self.timeouts += 1
            elif isinstance(e, TournamentFinish):
                self.tournament_finishes += 1
        for shares in collected.values():
            if len({player for player, _ in shares}) > 1:
                self.split_pots += 1
                if len({amount for _, amount in shares}) > 1:
                    self.odd_chip_splits += 1
        self.showdowns += showdown
        self.capped_hands += caps
        self.all_in_hands += all_in
        self.reshuffle_hands += reshuffle
        self.uncalled_hands += uncalled
        self.muck_hands += muck
        self.ante_hands += ante
        self.extra_big_blind_hands += big_blinds > 1
        self.walks += only_folds and not drew and not showdown and bool(hand.actions)

    def counts(self) -> dict[str, int]:
        """Every counter by name (``names``: how many distinct names, ``spaced_names`` and
        ``non_ascii_names`` among them)."""
        out = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "names"}
        out["names"] = len(self.names)
        out["spaced_names"] = sum(" " in n for n in self.names)
        out["non_ascii_names"] = sum(not n.isascii() for n in self.names)
        return out

    def report(self) -> str:
        """One line per counter with its share of the hands."""
        counts = self.counts()
        hands = max(self.hands, 1)
        width = max(len(k) for k in counts)
        lines = []
        for key, value in counts.items():
            share = "" if key in ("hands", "names") else f"  ({100 * value / hands:6.2f}%)"
            lines.append(f"{key:<{width}}  {value:>8}{share}")
        return "\n".join(lines)


def census(hands: Iterable[Hand]) -> Census:
    """Count the hard cases in ``hands``."""
    result = Census()
    for hand in hands:
        result.add(hand)
    return result
