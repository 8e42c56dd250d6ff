"""What ``replay`` returns: the rules' view of one hand next to what the hand's lines say."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import TypeVar

from histparse import _display
from histparse.cards import Card
from histparse.engine import BlindSeats, Position, Settlement, Snapshot
from histparse.events import (
    Collected,
    DealtTo,
    Draw,
    Hand,
    Mucks,
    Post,
    Seat,
    SectionMarker,
    Shows,
    SummaryPot,
    SummarySeat,
    UncalledBet,
)
from histparse.game import Street
from histparse.replayer import derived
from histparse.replayer.findings import Code, Finding, Severity
from histparse.replayer.steps import DrawRecord, Move, Step
from histparse.sites.profile import SiteProfile

Cards = tuple[Card, ...]
_T = TypeVar("_T")
_MISSING = object()

__all__ = ["Body", "LineFacts", "PlayerMoney", "PotOutcome", "Replay", "Returned", "StateAfter"]


@dataclass(frozen=True, slots=True)
class PotOutcome:
    """One pot as the rules settle it (R-SHOW-2..4).

    ``amount`` is every chip in the pot, ``rake`` what the site took from it, ``shares`` what
    each rightful winner gets after rake, ``odd_chips`` the winners who got one more unit than
    the others (R-SHOW-2), ``collected`` what the site says each player collected from it.
    """

    index: int
    amount: Decimal
    rake: Decimal
    eligible: tuple[str, ...]
    winners: tuple[str, ...]
    shares: tuple[tuple[str, Decimal], ...]
    odd_chips: tuple[str, ...]
    collected: tuple[tuple[str, Decimal], ...]

    @property
    def name(self) -> str:
        """``main pot`` or ``side pot-N`` (PokerStars numbering)."""
        return "main pot" if self.index == 0 else f"side pot-{self.index}"

    @property
    def net(self) -> Decimal:
        """The pot after rake: what its winners share."""
        return self.amount - self.rake


@dataclass(frozen=True, slots=True)
class PlayerMoney:
    """One seated player's money over the hand.

    ``invested`` and ``collected`` are what the hand's lines say (posts and bets minus uncalled
    bets; the ``collected`` lines), ``net = collected - invested``; ``rightful`` is what the
    rules award the player (None when the replay did not reach the settlement).
    """

    player: str
    seat: int
    dealt_in: bool
    starting_stack: Decimal
    invested: Decimal
    collected: Decimal
    net: Decimal
    rightful: Decimal | None


@dataclass(frozen=True, slots=True)
class Returned:
    """An uncalled bet (or unmatched dead money) the rules return to ``player``."""

    player: str
    amount: Decimal


@dataclass(frozen=True, slots=True)
class StateAfter:
    """The engine's public state right after ``hand.events[index]`` (``replay(trace=True)``)."""

    index: int
    line: int
    state: Snapshot


@dataclass(frozen=True, slots=True)
class LineFacts:
    """Facts read off the hand's lines in the replay pass, for the checks (``Replay.body``).

    ``cancelled`` says the hand holds ``Hand cancelled``; ``folds`` maps a player to the
    street and line of their fold; ``contributed`` is the money
    each player put in as the lines say it (before uncalled bets come back);
    ``uncalled`` the ``Uncalled bet`` lines; ``reached_draw`` the last draw
    the hand reached and ``showdown`` whether it reached a showdown (both from the engine when it
    ran to the end, else from the lines); ``collected_totals`` sums the ``collected`` lines
    per player; ``big_blind_player`` is who posted the table's big blind (the first big-blind
    poster clockwise from the button; a new player's extra big blind comes later).

    What the tables, stats, views, all-in EV, fairness and PHH read (docs/tables.md), from the
    same lines in the same pass: ``seats`` the seats dealt in (``sites.dealt_in_seats``) in
    seat order and ``positions`` their positions (from those seats, the button and the blinds
    actually posted); ``steps`` every post and action as the actions table's rows;
    ``draw_records`` every draw line as the draws table's rows; ``all_in`` who went all in;
    ``invested`` what each player put in net of the uncalled bets (the printed ones, and on a
    site that returns them silently the excess of the top contributor, R-BET-7);
    ``dealt_cards`` the first five of each player whose deal is printed; ``final_cards`` each
    player's last known five (shown, in the summary, or the hero's own); ``reshuffles`` how
    many draw lines came before each ``deck is reshuffled`` (R-DRAW-3); ``draw_lines`` and
    ``dealt_to`` the draw lines and the ``Dealt to`` lines that show cards, as read (their
    ``line`` orders them), for the readers that follow the cards (all-in EV, fairness); the
    blinds and bets of the stake as posted (``small_blind`` None when a limit hand posted none
    in full); ``has_showdown`` a showdown marker with two players or more left. ``moves`` holds
    each post and action with what it put in and the live total after it; ``steps`` are made
    from it. Those made from other facts (``steps``, ``all_in``, ``seats``, ``positions``,
    ``draw_records``, ``invested``, the cards, the stakes, ``has_showdown``) are properties,
    derived on first use (``histparse.replayer.derived``): an audit that never reads them does
    not pay for them.
    """

    cancelled: bool
    dealt_in: tuple[str, ...]
    posts: tuple[Post, ...]
    folds: Mapping[str, tuple[Street, int]]
    shows: Mapping[str, Shows]
    mucks: Mapping[str, Mucks]
    collected: tuple[Collected, ...]
    uncalled: tuple[UncalledBet, ...]
    voluntary: frozenset[str]
    contributed: Mapping[str, Decimal]
    sections: tuple[SectionMarker, ...]
    summary_pot: SummaryPot | None
    summary_seats: tuple[SummarySeat, ...]
    reached_draw: int | None
    showdown: bool | None
    collected_totals: Mapping[str, Decimal]
    big_blind_player: str | None
    hand: Hand = field(repr=False, compare=False)
    profile: SiteProfile = field(repr=False, compare=False)
    moves: tuple[Move, ...] = ()
    reshuffles: tuple[int, ...] = ()
    draw_lines: tuple[Draw, ...] = ()
    dealt_to: tuple[DealtTo, ...] = ()
    unrecorded: bool = False  # the hand's draw lines are taken as not recorded
    # What the properties below derived, on first use (histparse.replayer.derived).
    derived: dict[str, object] = field(default_factory=dict, repr=False, compare=False)

    def _derive(self, name: str, make: Callable[[LineFacts], _T]) -> _T:
        made = self.derived.get(name, _MISSING)
        if made is _MISSING:
            made = self.derived[name] = make(self)
        return made  # type: ignore[return-value]

    @property
    def steps(self) -> tuple[Step, ...]:
        """Every post and action as the actions table's row, in order."""
        return self._derive("steps", derived.steps)

    @property
    def all_in(self) -> frozenset[str]:
        """The players a post or an action put all in."""
        return self._derive("all_in", derived.all_in)

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats dealt in (``sites.dealt_in_seats``), by seat number."""
        return self._derive("seats", derived.seats)

    @property
    def positions(self) -> Mapping[str, Position]:
        """Each dealt-in player's position (``engine.Position``)."""
        return self._derive("positions", derived.positions)

    @property
    def draw_records(self) -> tuple[DrawRecord, ...]:
        """Every draw line as the draws table's row, with the cards the hand shows for it."""
        return self._derive("draw_records", derived.draw_records)

    @property
    def invested(self) -> Mapping[str, Decimal]:
        """What each player put in, net of uncalled bets (printed, or silent: R-BET-7)."""
        return self._derive("invested", derived.invested)

    @property
    def dealt_cards(self) -> Mapping[str, Cards]:
        """The first five of each player whose deal is printed."""
        return self._derive("dealt_cards", derived.dealt_cards)

    @property
    def final_cards(self) -> Mapping[str, Cards]:
        """Each player's last known five (shown, in the summary, or the hero's own)."""
        return self._derive("final_cards", derived.final_cards)

    @property
    def has_showdown(self) -> bool:
        """Two or more dealt-in players left, with the site's showdown marker if it prints one."""
        return self._derive("has_showdown", derived.has_showdown)

    @property
    def small_bet(self) -> Decimal:
        """The stake's small bet (the big blind in pot and no limit)."""
        return self._derive("stakes", derived.stakes)[0]

    @property
    def big_bet(self) -> Decimal:
        """The stake's big bet (twice the big blind in pot and no limit)."""
        return self._derive("stakes", derived.stakes)[1]

    @property
    def small_blind(self) -> Decimal | None:
        """The small blind as posted (None in a limit hand that posted none in full)."""
        return self._derive("stakes", derived.stakes)[2]

    @property
    def big_blind(self) -> Decimal:
        """The big blind as posted in full, else the header's."""
        return self._derive("stakes", derived.stakes)[3]

    def collected_by(self, player: str) -> Decimal:
        """Everything ``player`` collected according to the ``collected`` lines."""
        return self.collected_totals.get(player, Decimal(0))

    def invested_by(self, player: str) -> Decimal:
        """What ``player`` put in, net of the ``Uncalled bet`` lines."""
        back = sum((u.amount for u in self.uncalled if u.player == player), Decimal(0))
        return self.contributed.get(player, Decimal(0)) - back


# The old name, which ``histparse.replayer`` exported: kept so that imports of it still work.
Body = LineFacts


@dataclass(frozen=True, slots=True)
class Replay:
    """The result of replaying one hand through the rules engine.

    ``complete`` is True when the engine reached the settlement; ``pots``, ``returned`` and the
    ``rightful`` amounts are the rules' answer (empty or None otherwise). ``blinds`` are the
    seats the rules expect to post. ``states`` holds one snapshot per event only with
    ``replay(hand, trace=True)``. ``settlement`` is the engine's own record, in minor units of
    ``unit``. ``audited`` is False for the facts alone (``read_facts``): the engine did not run,
    so there are no verdicts (``complete`` False, no pots) and no findings.
    """

    hand: Hand
    profile: SiteProfile
    unit: Decimal
    complete: bool
    blinds: BlindSeats | None
    big_blind: Decimal | None
    pots: tuple[PotOutcome, ...]
    returned: tuple[Returned, ...]
    total_pot: Decimal | None
    players: tuple[PlayerMoney, ...]
    body: LineFacts
    findings: tuple[Finding, ...]
    states: tuple[StateAfter, ...] = ()
    settlement: Settlement | None = None
    audited: bool = True

    def __repr__(self) -> str:
        # The dataclass repr would print the whole hand and every state: one line instead.
        h = self.hand
        codes = ", ".join(sorted(self.codes))
        found = f"{len(self.findings)} findings" + (f" ({codes})" if codes else "")
        state = "complete" if self.complete else "not settled"
        return f"<Replay {h.site} #{h.hand_id}: {state}, {len(self.pots)} pots, {found}>"

    def _repr_html_(self) -> str | None:
        # Jupyter's rich display, through the registration hook of histparse._display (the
        # views are a later layer, so no import of them here, not even a lazy one).
        return _display.html_of(self)

    def player(self, name: str) -> PlayerMoney:
        """The money of ``name``; ``KeyError`` if not seated."""
        for p in self.players:
            if p.player == name:
                return p
        raise KeyError(name)

    def with_findings(self, findings: tuple[Finding, ...]) -> Replay:
        """A copy with ``findings`` instead of this replay's."""
        return replace(self, findings=findings)

    @property
    def worst(self) -> Severity | None:
        """The highest severity among the findings (None when there are none)."""
        return max((f.severity for f in self.findings), default=None)

    @property
    def codes(self) -> frozenset[Code]:
        """The finding codes, for quick tests."""
        return frozenset(f.code for f in self.findings)
